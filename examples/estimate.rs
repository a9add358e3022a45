//! Prints the estimator's proposal for the end of a game: `cargo run
//! --release --example estimate FILE`. Dead stones as x/o, uncertain
//! chains marked with ?.

use kifu::count::judge::estimate::estimate;
use kifu::game::{Color, Point};

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: estimate FILE");
        std::process::exit(2);
    };
    let file = match kifu::storage::read_sgf(std::path::Path::new(&path)) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("{e:#}");
            std::process::exit(1);
        }
    };
    let Ok(game) = file.game(1) else {
        eprintln!("no game");
        std::process::exit(1);
    };
    let mut rec = game.record.clone();
    rec.to_end();
    let board = rec.board().clone();
    let players = kifu::sgf::territory::territory_marks(&rec)
        .map(|(tb, tw)| kifu::count::Marks::from_territory(&board, &tb, &tw));
    let est = estimate(&board, None, rec.rules.scoring);
    let size = board.size();
    for y in 0..size {
        let mut line = String::new();
        for x in 0..size {
            let p = Point::new(x, y);
            let theirs = players.as_ref().is_some_and(|m| m.is_dead(p));
            let ours = est.marks.is_dead(p);
            let ch = match (board.get(p), ours) {
                (Some(Color::Black), true) => 'x',
                (Some(Color::White), true) => 'o',
                (Some(Color::Black), false) => 'X',
                (Some(Color::White), false) => 'O',
                (None, _) => '.',
            };
            line.push(ch);
            line.push(if theirs != ours { '!' } else { ' ' });
        }
        println!("{line}");
    }
    println!(
        "uncertain: {:?}",
        est.uncertain
            .iter()
            .map(|p| p.at.to_gtp(size))
            .collect::<Vec<_>>()
    );
    if let Some(w) = est.warning() {
        println!("{w}");
    }
}
