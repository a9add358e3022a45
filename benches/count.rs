//! One full count of a 19x19 final position: classification, both views
//! and the data of both walkthroughs. Goal: under 50 microseconds.
//!
//! The position is the final board of a KGS game (RULES.md example J1),
//! lowercase x/o marking the stones its players marked dead.

use criterion::{Criterion, criterion_group, criterion_main};
use kifu::count::steps::{Chinese, Japanese};
use kifu::count::{Marks, Setup, count};
use kifu::game::rules::Rules;
use kifu::game::{Board, Color};

const J1: &str = "
. . . O X X X O . . . O O X . . . . .
. . O . O X O O O . O . O X X . X . .
. . x O O X X O X O O O X X . o o X .
. . O O X X . X X X O X o X o o X X .
. . O . O X X X X X X X o o X X X X X
. O O O O X X . . . . o . o o o X X .
. x O X X X X X o . X X X X X X X . .
. . x O X X O O X X X O O O O X O O O
. O x O O O . . O X O O X X O O O X X
O . O x . O O O O O O . X O O . X . X
O O . O O X O X X X X X X O X X X X .
O X O O X X X X . X X O X X O O O X X
O X O X X X O X X X X O O X X . . X .
X X X X O O O . O O O O O O O O O X O
X . X X X O . O . . . O X O X X O O O
. X O O X O . . . . O . X X . X X X O
. X X O O . O x . O O X X o o X O O O
. X O O O . O . . . O X X . X . X O O
. X X X O O . . . . O O X . . . X X O
";

fn full_count(c: &mut Criterion) {
    let board = match Board::from_diagram(J1) {
        Ok(b) => b,
        Err(e) => panic!("bench position: {e}"),
    };
    let marks = Marks::from_diagram(&board, J1);
    let setup = Setup {
        rules: Rules::japanese(),
        komi: 6.5,
        handicap: 0,
    };
    c.bench_function("count19_classify", |bench| {
        bench.iter(|| kifu::count::Classification::classify(&board, &marks))
    });
    let (class, cnt) = count(&board, &marks, &setup);
    c.bench_function("count19_chinese_steps", |bench| {
        bench.iter(|| Chinese::new(&class, &cnt, Color::Black))
    });
    c.bench_function("count19_japanese_steps", |bench| {
        bench.iter(|| Japanese::new(&class, &cnt))
    });
    c.bench_function("count19_full", |bench| {
        bench.iter(|| {
            let (class, count) = count(&board, &marks, &setup);
            let chinese = Chinese::new(&class, &count, Color::Black);
            let japanese = Japanese::new(&class, &count);
            (count.margin(), chinese.count, japanese.margin)
        })
    });
}

/// The dead-stone estimate of the same final position (issue 6 goal:
/// median under 20 ms).
fn estimate(c: &mut Criterion) {
    let board = match Board::from_diagram(J1) {
        Ok(b) => b,
        Err(e) => panic!("bench position: {e}"),
    };
    let mut group = c.benchmark_group("estimate19");
    group.sample_size(20);
    group.bench_function("estimate", |bench| {
        bench.iter(|| kifu::count::estimate::estimate(&board, None))
    });
    group.finish();
}

criterion_group!(benches, full_count, estimate);
criterion_main!(benches);
