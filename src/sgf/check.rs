//! The round-trip property every read must keep, in one place for the
//! property tests, the mutation report and the fuzz target.

use super::*;

/// Reads `bytes`; for every game read, the end of the game remembered
/// while loading equals a replay, kifu's own output reads back to the same
/// output, and that output is never what kifu would refuse as binary.
/// Says what broke.
pub fn round_trips(bytes: &[u8]) -> Result<(), String> {
    let file = read_bytes(bytes);
    for g in file.games.iter().flatten() {
        let mut fast = g.record.clone();
        fast.to_end();
        let mut slow = g.record.clone();
        // Changing a node forgets the remembered end: a real replay.
        let _ = slow.node_mut(0);
        slow.to_start();
        slow.to_end();
        if (fast.board() != slow.board())
            || fast.move_number() != slow.move_number()
            || fast.to_move() != slow.to_move()
            || fast.current() != slow.current()
        {
            return Err("the remembered end of the game differs from a replay".into());
        }
        let once = to_sgf(&g.record);
        if let Some(why) = binary_reason(&once) {
            return Err(format!("kifu's own output looks like {why}"));
        }
        let again = read_text(&once);
        let g2 = again
            .games
            .first()
            .and_then(|g| g.as_ref().ok())
            .ok_or_else(|| format!("kifu's own output does not read back: {once}"))?;
        let twice = to_sgf(&g2.record);
        if once != twice {
            return Err(format!("{once}\n!=\n{twice}"));
        }
    }
    Ok(())
}
