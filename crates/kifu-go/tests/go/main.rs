//! kifu-go's own tests, one binary: the rules of the board and the
//! record, SGF read from real-world mess, the judges of dead stones, both
//! counts and their blocks of ten. Positions are diagrams in
//! `tests/positions`. The reports over `../shared/data` (KGS games, GNU Go)
//! are ignored tests: `cargo test -p kifu-go --test go -- --ignored`.

mod blocks;
mod board_props;
mod count_rules;
mod estimate;
mod fix_move;
mod reading;
mod rules_text;
mod sgf_mess;

use std::path::PathBuf;

/// The shared data beside the repository (`../shared`), which the
/// ignored reports read.
pub fn shared() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared")
}

/// Says on stderr that a report could not run, and why: never a silent
/// pass.
pub fn skipped(why: &str) {
    use std::io::Write;
    // One write, so the line does not interleave with libtest's own.
    let line = format!("skipped: {why}\n");
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
}
