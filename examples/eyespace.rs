//! The groups `--dead auto` keeps alive short of two eyes (flagged by the
//! count), game by game: `cargo run --release --example eyespace LIST`,
//! LIST a file of SGF paths, one a line. Prints each path, how many chains
//! are flagged so and where, then the number of games with any.

fn main() {
    let Some(list) = std::env::args().nth(1) else {
        eprintln!("usage: eyespace LIST");
        std::process::exit(2);
    };
    let Ok(text) = std::fs::read_to_string(&list) else {
        eprintln!("cannot read {list}");
        std::process::exit(1);
    };
    let (mut games, mut flagged) = (0, 0);
    for path in text.lines() {
        let Ok(file) = kifu::storage::read_sgf(std::path::Path::new(path)) else {
            continue;
        };
        let Ok(game) = file.game(1) else {
            continue;
        };
        let mut rec = game.record.clone();
        rec.to_end();
        let board = rec.board().clone();
        let (est, _) =
            kifu::count::judge::learned::judge_position(&board, rec.to_move(), rec.rules.scoring);
        let short = kifu::count::judge::eyespace::short_of_eyes(&board, &est.marks);
        let at: Vec<String> = short.iter().map(|p| p.to_gtp(board.size())).collect();
        println!("{path}\t{}\t{}", short.len(), at.join(" "));
        games += 1;
        flagged += usize::from(!short.is_empty());
    }
    println!("games with a group kept alive short of two eyes: {flagged} of {games}");
}
