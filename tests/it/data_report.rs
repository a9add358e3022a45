//! Reads every SGF under ../shared/data and reports how many were read
//! cleanly, repaired or refused, and that none panicked. Ignored by
//! default (it needs the shared data); skips cleanly when it is absent.
//!
//! cargo test --release --test data_report -- --ignored --nocapture

use std::io::Read;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

fn data_dir() -> Option<PathBuf> {
    let d = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    d.is_dir().then_some(d)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out);
        } else {
            out.push(p);
        }
    }
}

#[derive(Default)]
struct Tally {
    files: usize,
    clean: usize,
    repaired: usize,
    refused: usize,
    panics: usize,
    games: usize,
    games_failed: usize,
    refused_examples: Vec<String>,
    repaired_examples: Vec<String>,
}

impl Tally {
    fn read(&mut self, name: &str, bytes: &[u8]) {
        self.files += 1;
        let result = catch_unwind(AssertUnwindSafe(|| {
            let file = kifu::sgf::read_bytes(bytes);
            let mut moves = 0;
            for g in file.games.iter().flatten() {
                let mut r = g.record.clone();
                r.to_end();
                moves += r.move_number();
                let _ = kifu::sgf::to_sgf(&r);
            }
            let _ = moves;
            file
        }));
        match result {
            Err(_) => {
                self.panics += 1;
                self.refused_examples.push(format!("PANIC {name}"));
            }
            Ok(file) => {
                let ok = file.games.iter().filter(|g| g.is_ok()).count();
                self.games += file.games.len();
                self.games_failed += file.games.len() - ok;
                let notes = file.all_notes();
                if ok == 0 {
                    self.refused += 1;
                    if self.refused_examples.len() < 40 {
                        self.refused_examples.push(format!(
                            "{name}: {}",
                            notes.first().cloned().unwrap_or_else(|| "no game".into())
                        ));
                    }
                } else if notes.is_empty() {
                    self.clean += 1;
                } else {
                    self.repaired += 1;
                    if self.repaired_examples.len() < 25 {
                        self.repaired_examples.push(format!("{name}: {}", notes[0]));
                    }
                }
            }
        }
    }
}

#[test]
#[ignore = "needs ../shared/data; run with --ignored"]
fn data_report() {
    let Some(dir) = data_dir() else {
        crate::common::skipped("data_report: ../shared/data not found");
        return;
    };
    let mut files = Vec::new();
    walk(&dir, &mut files);
    files.sort();
    let mut t = Tally::default();
    for p in &files {
        let name = p.strip_prefix(&dir).unwrap_or(p).display().to_string();
        let lower = name.to_ascii_lowercase();
        if lower.ends_with(".sgf") {
            if let Ok(bytes) = std::fs::read(p) {
                t.read(&name, &bytes);
            }
        } else if lower.ends_with(".tar.gz") {
            let Ok(f) = std::fs::File::open(p) else {
                continue;
            };
            let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(f));
            let Ok(entries) = archive.entries() else {
                continue;
            };
            for mut e in entries.flatten() {
                let inner = e
                    .path()
                    .map(|x| x.display().to_string())
                    .unwrap_or_default();
                if !inner.to_ascii_lowercase().ends_with(".sgf") {
                    continue;
                }
                let mut buf = Vec::new();
                if e.read_to_end(&mut buf).is_ok() {
                    t.read(&format!("{name}/{inner}"), &buf);
                }
            }
        }
    }
    println!("SGF files under ../shared/data: {}", t.files);
    println!("  read cleanly:          {}", t.clean);
    println!("  read with repairs:     {}", t.repaired);
    println!("  refused (no game):     {}", t.refused);
    println!("  panics:                {}", t.panics);
    println!(
        "  games: {} ({} could not be read)",
        t.games, t.games_failed
    );
    println!("refused:");
    for e in &t.refused_examples {
        println!("  {e}");
    }
    println!("repaired (first note of the first files):");
    for e in &t.repaired_examples {
        println!("  {e}");
    }
    assert_eq!(t.panics, 0, "kifu must never panic on input");
    // The figures of docs/benchmarks.md, as floors (on the data set it was measured on).
    if t.files == 9744 {
        assert!(t.clean >= 9704, "read cleanly: {} < 9704", t.clean);
        assert!(t.refused <= 4, "refused: {} > 4", t.refused);
    }
}
