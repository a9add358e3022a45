//! Loads the KGS archive once (for profiling the SGF reader).
use std::io::Read;
fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "../shared/data/kgs-archive/KGS-2003-19-7582-.tar.gz".into());
    let Ok(file) = std::fs::File::open(&path) else {
        eprintln!("cannot open {path}");
        return;
    };
    let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(file));
    let mut files = Vec::new();
    for e in archive.entries().into_iter().flatten().flatten() {
        let mut e = e;
        let mut buf = Vec::new();
        if e.read_to_end(&mut buf).is_ok() {
            files.push(buf);
        }
    }
    let mut moves = 0;
    for _ in 0..3 {
        for b in &files {
            for g in kifu::sgf::read_bytes(b).games.into_iter().flatten() {
                let mut r = g.record;
                r.to_end();
                moves += r.move_number();
            }
        }
    }
    println!("{moves}");
}
