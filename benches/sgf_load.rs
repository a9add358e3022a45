//! SGF load + replay throughput on the KGS archive in ../shared/data:
//! decode, parse, build the game tree, flag illegal moves (a full replay of
//! every node) and go to the end of the main line. Skips when the data is
//! absent.

use std::io::Read;
use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const ARCHIVE: &str = "../shared/data/kgs-archive/KGS-2003-19-7582-.tar.gz";

fn corpus() -> Option<Vec<Vec<u8>>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(ARCHIVE);
    let file = std::fs::File::open(&path).ok()?;
    let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(file));
    let mut out = Vec::new();
    for entry in archive.entries().ok()? {
        let mut entry = entry.ok()?;
        if entry.path().ok()?.extension().is_some_and(|e| e == "sgf") {
            let mut buf = Vec::new();
            entry.read_to_end(&mut buf).ok()?;
            out.push(buf);
        }
    }
    Some(out)
}

fn load_all(files: &[Vec<u8>]) -> usize {
    let mut moves = 0;
    for bytes in files {
        let file = kifu::sgf::read_bytes(bytes);
        for g in file.games.into_iter().flatten() {
            let mut rec = g.record;
            rec.to_end();
            moves += rec.move_number();
        }
    }
    moves
}

/// A hostile tree: every move has a one-move sibling variation (`n`
/// moves deep). Reading it must stay linear: 10x the moves, about 10x the
/// time.
fn sibling_tree(n: usize) -> String {
    let mut s = String::from("(;GM[1]SZ[19]");
    for i in 0..n {
        let c = if i % 2 == 0 { 'B' } else { 'W' };
        let p = |k: usize| {
            let k = k % 361;
            format!(
                "{}{}",
                (b'a' + (k % 19) as u8) as char,
                (b'a' + (k / 19) as u8) as char
            )
        };
        s.push_str(&format!("(;{c}[{}])(;{c}[{}]", p(i * 11 + 5), p(i * 7)));
    }
    for _ in 0..n {
        s.push(')');
    }
    s.push(')');
    s
}

fn hostile(c: &mut Criterion) {
    let mut group = c.benchmark_group("sgf_hostile");
    group.sample_size(10);
    for n in [2_000, 20_000] {
        let text = sibling_tree(n);
        group.throughput(Throughput::Elements(n as u64));
        group.bench_function(format!("sibling_tree_{n}"), |b| {
            b.iter(|| kifu::sgf::read_text(&text).games.len())
        });
    }
    group.finish();
}

fn bench(c: &mut Criterion) {
    let Some(files) = corpus() else {
        eprintln!("sgf_load: {ARCHIVE} not found, skipping");
        return;
    };
    let bytes: usize = files.iter().map(Vec::len).sum();
    let mut group = c.benchmark_group("sgf_load");
    group.sample_size(10);
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("kgs_2003_bytes", |b| b.iter(|| load_all(&files)));
    group.throughput(Throughput::Elements(files.len() as u64));
    group.bench_function("kgs_2003_games", |b| b.iter(|| load_all(&files)));
    group.finish();
    println!(
        "corpus: {} files, {:.2} MB, {} moves",
        files.len(),
        bytes as f64 / 1e6,
        load_all(&files)
    );
}

criterion_group!(benches, bench, hostile);
criterion_main!(benches);
