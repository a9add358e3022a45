//! One full count of a 19x19 final position: classification, both views
//! and the data of both walkthroughs. Goal: 30 microseconds (docs/benchmarks.md).
//!
//! The position is the final board of a KGS game (docs/rules.md, example J1),
//! lowercase x/o marking the stones its players marked dead.

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use kifu::count::steps::{Chinese, Japanese, walkthroughs};
use kifu::count::{Marks, Terms, count_position};
use kifu::game::rules::{Rules, Scoring};
use kifu::game::{Board, Color};

/// The final position of a KGS game (docs/rules.md J1), as the tests use it.
const J1: &str = include_str!("../crates/kifu-go/tests/positions/j1.txt");

fn full_count(c: &mut Criterion) {
    let board = match Board::from_diagram(J1) {
        Ok(b) => b,
        Err(e) => panic!("bench position: {e}"),
    };
    let marks = Marks::from_diagram(&board, J1);
    let terms = Terms {
        rules: Rules::japanese(),
        komi: 6.5,
        handicap: 0,
        dame: kifu::count::score::Dame::InTurn(kifu::game::Color::Black),
    };
    c.bench_function("count19_classify", |bench| {
        bench.iter(|| kifu::count::Classification::classify(&board, &marks))
    });
    let (class, cnt) = count_position(&board, &marks, &terms);
    c.bench_function("count19_chinese_steps", |bench| {
        bench.iter(|| Chinese::new(&class, &cnt, Color::Black))
    });
    c.bench_function("count19_japanese_steps", |bench| {
        bench.iter(|| Japanese::new(&class, &cnt))
    });
    c.bench_function("count19_full", |bench| {
        bench.iter(|| {
            let (class, count) = count_position(&board, &marks, &terms);
            let (chinese, japanese) = walkthroughs(&class, &count, Color::Black);
            (count.margin(), chinese.count, japanese.margin)
        })
    });
}

/// A 25x25 board: Black's half above a row of dame, White's below, each
/// half one wall with 24 two-point eyes; with `dead`, each eye holds a
/// stone of the other colour marked dead (48 in all). Issue: each such
/// stone once ran the whole classification again (13 times slower).
fn eyes25(dead: bool) -> String {
    let mut rows = Vec::new();
    for y in 0..25 {
        let (own, other) = match y {
            0..12 => ('X', 'o'),
            12 => ('.', '.'),
            _ => ('O', 'x'),
        };
        let eye_row = matches!(y, 1 | 4 | 7 | 10 | 14 | 17 | 20 | 23);
        let row: Vec<String> = (0..25)
            .map(|x| {
                let eye = eye_row && x % 4 != 0 && x % 4 != 3 && x < 24;
                let c = match (eye, x % 4 == 1 && dead) {
                    (true, true) => other,
                    (true, false) => '.',
                    _ => own,
                };
                c.to_string()
            })
            .collect();
        rows.push(row.join(" "));
    }
    rows.join("\n")
}

/// Counting with 48 dead stones in two-point eyes against the same board
/// without them (issue goal: at most 1.3 times the time).
fn dead_in_eyes(c: &mut Criterion) {
    for (name, dead) in [
        ("count25_without_dead", false),
        ("count25_48_dead_in_eyes", true),
    ] {
        let text = eyes25(dead);
        let Ok(board) = Board::from_diagram(&text) else {
            panic!("bench position {name}");
        };
        let marks = Marks::from_diagram(&board, &text);
        c.bench_function(name, |bench| {
            bench.iter(|| kifu::count::Classification::classify(black_box(&board), &marks))
        });
    }
}

/// Up to a dozen real final positions: the first counted 19x19 games of
/// ../shared/data/kgs-2017q1-markup in name order, or J1 alone when that
/// data is not there.
fn final_positions(limit: usize) -> Vec<(String, Board)> {
    let dir =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/kgs-2017q1-markup");
    let mut files = Vec::new();
    let mut stack = vec![dir];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "sgf") {
                files.push(p);
            }
        }
    }
    files.sort();
    let mut out = Vec::new();
    for f in files {
        if out.len() == limit {
            break;
        }
        let Ok(file) = kifu::storage::read_sgf(&f) else {
            continue;
        };
        let Ok(game) = file.game(1) else { continue };
        let mut rec = game.record.clone();
        rec.to_end();
        // Final positions: games the players counted (TB/TW marks).
        let counted = kifu::sgf::territory::territory_marks(&rec)
            .is_some_and(|(tb, tw)| !tb.is_empty() || !tw.is_empty());
        if rec.board().size() == 19 && counted {
            let name = f.file_stem().map(|s| s.to_string_lossy().into_owned());
            if limit <= 12 {
                println!("estimate19 position: {}", f.display());
            }
            out.push((name.unwrap_or_default(), rec.board().clone()));
        }
    }
    if out.is_empty() {
        eprintln!("../shared/data/kgs-2017q1-markup is absent: estimating J1 only");
        if let Ok(b) = Board::from_diagram(J1) {
            out.push(("J1".to_string(), b));
        }
    }
    out
}

/// The dead-stone estimate of real final positions, one benchmark each
/// (issue 6 goal: median under 20 ms, and 10 times faster than
/// deadstones' guess()).
fn estimate(c: &mut Criterion) {
    let mut group = c.benchmark_group("estimate19");
    group.sample_size(10);
    for (name, board) in final_positions(12) {
        group.bench_function(name, |bench| {
            bench.iter(|| kifu::count::judge::estimate::estimate(&board, None, Scoring::Territory))
        });
    }
    group.finish();
}

/// The spread over many final positions (issue 20: median at most 10 ms
/// and 99th percentile at most 50 ms per 19x19 position on one core for
/// the rules estimator; issue 33: at most 8 ms and 30 ms for the learned
/// judge; issue 68: at most 5 ms, 20 ms and 50 ms at the slowest): each
/// counted 19x19 game of the set judged five times, its median kept; the
/// figures are printed, then the first 60 are one benchmark.
fn estimate_spread(c: &mut Criterion) {
    spread(c, "estimate19", |board| {
        black_box(kifu::count::judge::estimate::estimate(
            board,
            None,
            Scoring::Territory,
        ));
    });
    spread(c, "learned19", |board| {
        black_box(kifu::count::judge::learned::estimate(
            board,
            Color::Black,
            Scoring::Territory,
        ));
    });
}

fn spread(c: &mut Criterion, name: &str, judge: impl Fn(&Board)) {
    let mut positions = final_positions(usize::MAX);
    let mut per_position: Vec<(f64, &str)> = positions
        .iter()
        .map(|(game, board)| {
            let mut runs: Vec<f64> = (0..5)
                .map(|_| {
                    let t = std::time::Instant::now();
                    judge(board);
                    t.elapsed().as_secs_f64() * 1000.0
                })
                .collect();
            runs.sort_by(f64::total_cmp);
            (runs[2], game.as_str())
        })
        .collect();
    per_position.sort_by(|a, b| a.0.total_cmp(&b.0));
    let at = |q: f64| {
        let k = ((per_position.len() as f64 - 1.0) * q).round() as usize;
        per_position.get(k).copied().unwrap_or((0.0, ""))
    };
    let (median, p99, max) = (at(0.5), at(0.99), at(1.0));
    println!(
        "{name} over {} positions, one core: median {:.1} ms, 99th percentile {:.1} ms ({}), max {:.1} ms ({})",
        per_position.len(),
        median.0,
        p99.0,
        p99.1,
        max.0,
        max.1
    );
    positions.truncate(60);
    let mut group = c.benchmark_group(format!("{name}_set"));
    group.sample_size(10);
    group.bench_function(format!("{}_positions", positions.len()), |bench| {
        bench.iter(|| {
            for (_, board) in &positions {
                judge(board);
            }
        })
    });
    group.finish();
}

criterion_group!(benches, full_count, dead_in_eyes, estimate, estimate_spread);
criterion_main!(benches);
