//! Random playouts on 19x19 from the empty board: moves per second, every
//! move checked for legality (and for filling an own eye).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kifu::count::judge::estimate::playout::{Rng, random_playout};
use kifu::game::{Board, Color};

fn playouts(c: &mut Criterion) {
    // Measure the average playout length first, so criterion can report
    // moves per second.
    let mut rng = Rng::new(42);
    let sample = 200;
    let mut total = 0;
    for _ in 0..sample {
        let mut b = Board::new(19).unwrap();
        total += random_playout(&mut b, Color::Black, &mut rng, 1000);
    }
    let per_game = (total / sample) as u64;
    let mut group = c.benchmark_group("playout19");
    group.throughput(Throughput::Elements(per_game));
    let empty = Board::new(19).unwrap();
    let mut rng = Rng::new(7);
    group.bench_function("random_playout_moves", |bench| {
        bench.iter(|| {
            let mut b = empty.clone();
            random_playout(&mut b, Color::Black, &mut rng, 1000)
        })
    });
    group.finish();
    println!("average playout length: {per_game} moves");
}

criterion_group!(benches, playouts);
criterion_main!(benches);
