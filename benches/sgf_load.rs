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

criterion_group!(benches, bench);
criterion_main!(benches);
