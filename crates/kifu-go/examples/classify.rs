//! Prints kifu's classification of a diagram read from stdin (lowercase
//! x/o: dead stones). For exploring positions: `cargo run -p kifu-go --example
//! classify < position.txt`.

use std::io::Read;

use kifu_go::count::{Classification, Marks};
use kifu_go::game::Board;

fn main() {
    let mut text = String::new();
    if std::io::stdin().read_to_string(&mut text).is_err() {
        eprintln!("could not read standard input");
        std::process::exit(2);
    }
    match Board::from_diagram(&text) {
        Ok(board) => {
            let marks = Marks::from_diagram(&board, &text);
            print!("{}", Classification::classify(&board, &marks).to_map());
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    }
}
