//! Counting an archive, as a club or a researcher does: the KGS 2003
//! archive of ../shared/data as one collection, counted by the `kifu`
//! binary with `--dead none`, `marked` and `auto` on every core, its load
//! speed, its peak memory (GNU time), and sgfmill on the same file in the
//! same run when Python has it (../shared/peers/sgfmill_collection.py).
//! Prints the figures; skips cleanly without the data.
//!
//! cargo bench --bench archive

use std::io::Read;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

const ARCHIVE: &str = "../shared/data/kgs-archive/KGS-2003-19-7582-.tar.gz";
const PEER: &str = "../shared/peers/sgfmill_collection.py";

/// The archive's games concatenated into one collection.
fn collection() -> Option<Vec<u8>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(ARCHIVE);
    let file = std::fs::File::open(path).ok()?;
    let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(file));
    let mut entries: Vec<(String, Vec<u8>)> = Vec::new();
    for e in archive.entries().ok()? {
        let mut e = e.ok()?;
        let name = e.path().ok()?.display().to_string();
        if name.ends_with(".sgf") {
            let mut buf = Vec::new();
            e.read_to_end(&mut buf).ok()?;
            entries.push((name, buf));
        }
    }
    entries.sort();
    Some(entries.into_iter().flat_map(|(_, b)| b).collect())
}

/// Runs a command under GNU time when it is there: (seconds, peak KB).
fn timed(cmd: &mut Command) -> Option<(f64, Option<u64>)> {
    let start = Instant::now();
    let out = cmd.output().ok()?;
    let secs = start.elapsed().as_secs_f64();
    if !out.status.success() {
        eprintln!("{}", String::from_utf8_lossy(&out.stderr));
        return None;
    }
    let err = String::from_utf8_lossy(&out.stderr);
    let peak = err
        .lines()
        .find_map(|l| {
            l.trim()
                .strip_prefix("Maximum resident set size (kbytes): ")
        })
        .and_then(|v| v.trim().parse().ok());
    Some((secs, peak))
}

fn kifu(args: &[&str], file: &Path) -> Command {
    let gnu_time = Path::new("/usr/bin/time").exists();
    let mut c = if gnu_time {
        let mut c = Command::new("/usr/bin/time");
        c.arg("-v").arg(env!("CARGO_BIN_EXE_kifu"));
        c
    } else {
        Command::new(env!("CARGO_BIN_EXE_kifu"))
    };
    c.args(args).arg(file);
    c
}

fn main() {
    // criterion-style arguments (`--bench`) are ignored.
    let Some(bytes) = collection() else {
        eprintln!("archive: {ARCHIVE} not found, skipping");
        return;
    };
    let dir = std::env::temp_dir().join(format!("kifu-archive-bench-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let file = dir.join("kgs2003.sgf");
    if std::fs::write(&file, &bytes).is_err() {
        eprintln!("archive: cannot write {}", file.display());
        return;
    }
    let mb = bytes.len() as f64 / 1e6;
    let games = 7582.0;
    println!(
        "KGS 2003 archive as one collection: {:.1} MB, 7,582 games",
        mb
    );
    // Load and replay, one core: --dead none spends nearly all its time
    // reading (the count of a position takes microseconds).
    if let Some((s, peak)) = timed(&mut kifu(
        &["convert", "-o", &dir.join("out.sgf").display().to_string()],
        &file,
    )) {
        println!(
            "  kifu convert (read + replay + write, all cores): {s:.2} s, {:.1} MB/s, peak {}",
            mb / s,
            peak.map_or("?".into(), |k| format!("{:.1} MB", k as f64 / 1024.0))
        );
    }
    // Each on every core, then none and auto on one: the ratio is how
    // the work spreads over the cores.
    for (dead, jobs) in [
        ("none", None),
        ("marked", None),
        ("auto", None),
        ("none", Some("1")),
        ("auto", Some("1")),
    ] {
        let mut args = vec![
            "score", "--quiet", "--json", "--game", "all", "--dead", dead,
        ];
        if let Some(j) = jobs {
            args.extend(["-j", j]);
        }
        if let Some((s, peak)) = timed(&mut kifu(&args, &file)) {
            println!(
                "  kifu score --dead {dead:<6} ({}): {s:6.2} s, {:6.0} games/s, peak {}",
                jobs.map_or("all cores".to_string(), |j| format!("-j{j}")),
                games / s,
                peak.map_or("?".into(), |k| format!("{:.1} MB", k as f64 / 1024.0))
            );
        }
    }
    let peer = Path::new(env!("CARGO_MANIFEST_DIR")).join(PEER);
    for mode in ["parse", "replay"] {
        let out = Command::new("python3")
            .arg(&peer)
            .arg(&file)
            .args(["--mode", mode])
            .output();
        match out {
            Ok(o) if o.status.success() => {
                println!(
                    "  sgfmill {mode}: {}",
                    String::from_utf8_lossy(&o.stdout).trim()
                );
            }
            _ => println!("  sgfmill {mode}: not run (python3 with sgfmill 1.1.1 needed)"),
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
