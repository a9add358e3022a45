//! Times kifu's judge (`--dead auto`) on each counted 19x19 final
//! position of the SGF files given, one core: the median of five runs each, then the spread
//! and the slowest positions. `cargo run --release --example judge_times
//! -- FILE...`
use kifu::game::rules::Scoring;

fn main() {
    let mut times: Vec<(f64, String)> = Vec::new();
    for path in std::env::args().skip(1) {
        let Ok(file) = kifu::storage::read_sgf(std::path::Path::new(&path)) else {
            continue;
        };
        let Ok(game) = file.game(1) else { continue };
        let mut rec = game.record.clone();
        rec.to_end();
        // Final positions: games the players counted (TB/TW marks).
        let counted = kifu::sgf::territory::territory_marks(&rec)
            .is_some_and(|(tb, tw)| !tb.is_empty() || !tw.is_empty());
        if !counted || rec.board().size() != 19 {
            continue;
        }
        let board = rec.board().clone();
        let to_move = rec.to_move();
        let mut runs: Vec<f64> = (0..5)
            .map(|_| {
                let t = std::time::Instant::now();
                std::hint::black_box(kifu::count::judge::learned::judge_position(
                    &board,
                    to_move,
                    Scoring::Territory,
                ));
                t.elapsed().as_secs_f64() * 1000.0
            })
            .collect();
        runs.sort_by(f64::total_cmp);
        times.push((runs[2], path));
    }
    times.sort_by(|a, b| a.0.total_cmp(&b.0));
    let at = |q: f64| {
        let k = ((times.len() as f64 - 1.0) * q).round() as usize;
        times.get(k).map_or(0.0, |t| t.0)
    };
    println!(
        "{} positions: median {:.1} ms, 99th percentile {:.1} ms, max {:.1} ms",
        times.len(),
        at(0.5),
        at(0.99),
        at(1.0)
    );
    for (t, p) in times.iter().rev().take(8) {
        println!("  {t:.1} ms {p}");
    }
}
