//! Counts Go records as `kifu score --dead auto` counts them: each game
//! at the end of its main line, under the file's rules and komi, the dead
//! stones judged by kifu. One line per game: file, game number, result,
//! and the dead stones in GTP coordinates.
//!
//! ```text
//! cargo run -p kifu-go --example count_files -- game.sgf more/*.sgf
//! ```

use std::path::Path;
use std::process::ExitCode;

use kifu_go::{Counting, Dead, Session, read_bytes};

fn main() -> ExitCode {
    let mut failed = false;
    for arg in std::env::args_os().skip(1) {
        if let Err(why) = count_file(Path::new(&arg)) {
            eprintln!("{}: {why}", Path::new(&arg).display());
            failed = true;
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Counts every game of one file, a line each.
fn count_file(path: &Path) -> Result<(), String> {
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    let file = read_bytes(&bytes);
    if let Some(why) = &file.not_sgf {
        return Err(why.clone());
    }
    for (i, game) in file.games.iter().enumerate() {
        let game = game.as_ref().map_err(|e| e.to_string())?;
        let mut record = game.record.clone();
        record.to_end();
        let how = Counting {
            dead: Dead::Judge,
            ..Counting::default()
        };
        let session = Session::of_record(&record, how);
        let size = record.size();
        let dead: Vec<String> = session
            .marks
            .dead_points()
            .iter()
            .map(|p| p.to_gtp(size))
            .collect();
        println!(
            "{}\t{}\t{}\t{}",
            path.display(),
            i + 1,
            session.count.result(),
            dead.join(" ")
        );
    }
    Ok(())
}
