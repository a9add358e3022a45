//! The round-trip property every read must keep, in one place for the
//! property tests, the mutation report and the fuzz target.

use super::*;

/// Reads `bytes`; for every game read, the end of the game remembered
/// while loading equals a replay, kifu's own output reads back to the same
/// output, and that output is never what kifu would refuse as binary; and
/// the file written as a save writes it (`outside_round_trips`) keeps its
/// games and the text outside them. Says what broke.
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
        if let Some(why) = binary_reason(&once, Lang::En) {
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
    outside_round_trips(bytes)
}

/// The file as `kifu convert F -o F` writes it (the text outside the game
/// trees in its place, each game as kifu writes it), then written again:
/// the first writing reads back to the same games and the same text
/// outside them, and the second gives the same bytes.
fn outside_round_trips(bytes: &[u8]) -> Result<(), String> {
    let Some((games, outside)) = as_saved(bytes.to_vec()) else {
        return Ok(());
    };
    let Some((games2, outside2)) = as_saved(games.clone().into_bytes()) else {
        return Err(format!("kifu's own save is refused on reading:\n{games}"));
    };
    let trimmed = |o: &[String]| o.iter().map(|t| t.trim().to_string()).collect::<Vec<_>>();
    if trimmed(&outside) != trimmed(&outside2) {
        return Err(format!(
            "the text outside the games changed: {outside:?} != {outside2:?}"
        ));
    }
    if games != games2 {
        return Err(format!("a second save differs:\n{games}\n!=\n{games2}"));
    }
    Ok(())
}

/// What a save of the file writes (its games as read, the text outside
/// them in place) and the text outside the games; None when the file is
/// refused or a game could not be read (a save asks first there).
fn as_saved(bytes: Vec<u8>) -> Option<(String, Vec<String>)> {
    let mut out = String::new();
    let mut outside = Vec::new();
    let mut unread = false;
    let facts = split_each(bytes, Lang::En, &mut |i, t, _| {
        outside.push(t.before().to_string());
        out.push_str(t.before());
        match t.read(i, Lang::En) {
            Ok(g) => out.push_str(&to_sgf(&g.record)),
            Err(_) => unread = true,
        }
    });
    if facts.not_sgf.is_some() || unread {
        return None;
    }
    out.push_str(&facts.after);
    outside.push(facts.after);
    Some((out, outside))
}
