//! The Chinese count of a record's end, step by step, as a referee does
//! it: the dead stones taken off, one side's territory gathered in tens,
//! then its stones, against half the board and the compensation.
//!
//! ```text
//! cargo run -p kifu-go --example chinese_count -- game.sgf [black|white]
//! ```

use std::process::ExitCode;

use kifu_go::{Chinese, Color, Counting, Session, read_bytes};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: chinese_count FILE [black|white]");
        return ExitCode::from(2);
    };
    let side = match args.get(1).map(String::as_str) {
        Some("white" | "w") => Color::White,
        _ => Color::Black,
    };
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let file = read_bytes(&bytes);
    let game = match file.game(1) {
        Ok(g) => g,
        Err(why) => {
            eprintln!("{path}: {why}");
            return ExitCode::FAILURE;
        }
    };
    let mut record = game.record.clone();
    record.to_end();
    // The file's dead-stone marks, else kifu's judge.
    let session = Session::of_record(&record, Counting::default());
    let steps = Chinese::new(&session.class, &session.count, side);
    let size = record.size();
    let dead: Vec<String> = steps.removed.iter().map(|(p, _)| p.to_gtp(size)).collect();
    println!("1. dead stones taken off: {}", dead.join(" "));
    let tens = |blocks: &[kifu_go::Block]| -> Vec<String> {
        blocks.iter().map(|b| b.total.to_string()).collect()
    };
    println!(
        "2. {side}'s territory in tens: {} = {}",
        tens(&steps.territory_blocks).join(", "),
        steps.territory
    );
    println!(
        "3. its stones in tens: {} = {} ({} in all)",
        tens(&steps.stone_blocks).join(", "),
        steps.stones,
        steps.territory + steps.stones
    );
    println!(
        "4. {side} has {} against {} (half of {} points, {} the compensation {})",
        steps.count,
        steps.target,
        steps.points,
        if side == Color::Black {
            "plus"
        } else {
            "minus"
        },
        steps.compensation
    );
    println!("   result: {}", steps.result);
    ExitCode::SUCCESS
}
