//! Where each game tree of a clean collection starts and ends, found
//! without parsing it: the cut that hands games to other threads, so a
//! collection's text is parsed once, by the thread that reads the game
//! (issue: the cut was a whole parse of its own, an eighth of `convert`).
//!
//! Only text the parser would read without a note is cut here: game trees
//! of nodes (`;`), uppercase identifiers each with at least one value,
//! values closed before the end and under the parser's size limit,
//! whitespace between the parts, nothing between games. Anything
//! else (a stray parenthesis, text between games, FF[3] identifiers, a
//! file cut short) returns None and the parser, with its repairs and
//! notes, does the cut as before.

use super::parse::MAX_VALUE_BYTES;

/// The (start, end) of every game tree, from its `(` to past its `)`, when
/// the whole text is clean (see the module); None otherwise.
pub(super) fn clean_spans(text: &str) -> Option<Vec<(usize, usize)>> {
    let b = text.as_bytes();
    let mut spans = Vec::new();
    let mut pos = skip_ws(b, 0);
    while pos < b.len() {
        let end = tree_end(b, pos)?;
        spans.push((pos, end));
        pos = skip_ws(b, end);
    }
    Some(spans)
}

fn skip_ws(b: &[u8], mut pos: usize) -> usize {
    while b.get(pos).is_some_and(u8::is_ascii_whitespace) {
        pos += 1;
    }
    pos
}

/// Past the `)` that closes the game tree opening at `start`.
fn tree_end(b: &[u8], start: usize) -> Option<usize> {
    let mut pos = start;
    let mut depth = 0usize;
    // Whether properties may come: inside a node, not after a `)`.
    let mut in_node = false;
    loop {
        pos = skip_ws(b, pos);
        match *b.get(pos)? {
            b'(' => {
                depth += 1;
                pos = skip_ws(b, pos + 1);
                if b.get(pos) != Some(&b';') {
                    return None;
                }
            }
            b')' if depth > 0 => {
                depth -= 1;
                pos += 1;
                if depth == 0 {
                    return Some(pos);
                }
                in_node = false;
            }
            b';' if depth > 0 => {
                in_node = true;
                pos += 1;
            }
            b'A'..=b'Z' if in_node => pos = property_end(b, pos)?,
            _ => return None,
        }
    }
}

/// Past the last value of the property whose identifier starts at `pos`.
fn property_end(b: &[u8], mut pos: usize) -> Option<usize> {
    while b.get(pos).is_some_and(u8::is_ascii_uppercase) {
        pos += 1;
    }
    // Whitespace may stand before each value, as the parser reads it.
    pos = skip_ws(b, pos);
    if b.get(pos) != Some(&b'[') {
        return None;
    }
    while b.get(pos) == Some(&b'[') {
        let start = pos + 1;
        let end = value_end(b, start)?;
        if end - start > MAX_VALUE_BYTES {
            return None;
        }
        pos = skip_ws(b, end + 1);
    }
    Some(pos)
}

/// The offset of the `]` closing a value that starts at `pos` (a `\`
/// escapes the next byte), as the parser finds it. A loop over bytes, not
/// memchr: most values are two letters, shorter than a search's start.
fn value_end(b: &[u8], mut pos: usize) -> Option<usize> {
    loop {
        match *b.get(pos)? {
            b']' => return Some(pos),
            b'\\' => pos += 2,
            _ => pos += 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sgf::parse;

    /// The spans the parser hands over, game by game.
    fn parser_spans(text: &str) -> (Vec<(usize, usize)>, usize) {
        let mut spans = Vec::new();
        let raw = parse::parse_each(text, crate::i18n::Lang::En, &mut |raw| spans.push(raw.span));
        (spans, raw.notes.len())
    }

    #[test]
    fn clean_collections_are_cut_where_the_parser_cuts_them() {
        for text in [
            "(;GM[1]SZ[19];B[pd];W[dp])",
            "(;GM[1]C[a ) ( ; \\] [ bracket]\n;B[pd]\n(;W[dd])\n(;W[dp];B[qp]))\n\n(;SZ[9])  \n",
            "  \r\n(;AB[aa][bb]AW[cc] ; B[dd] )(;)",
            "(;AB[dd]\n[pp] [qq]\nAW [cc];B\n[dd])",
            "(;C[ends with a backslash \\\\])(;C[日本語の碁]PB[李昌鎬])",
        ] {
            let (want, notes) = parser_spans(text);
            assert_eq!(notes, 0, "{text:?} is clean");
            assert_eq!(clean_spans(text), Some(want), "{text:?}");
        }
    }

    #[test]
    fn anything_the_parser_would_repair_or_note_is_left_to_it() {
        for text in [
            "(;B[pd]",                // cut short
            "(;C[never closed",       // value cut short
            "(;B[pd]))",              // an extra ')'
            "junk before (;B[pd])",   // text before the first game
            "(;B[pd]) junk (;W[dd])", // text between games
            "(;AddBlack[pd])",        // FF[3] identifiers
            "(B[pd])",                // properties before the first ';'
            "(;B ;W[dd])",            // a property without a value
            "(;B[pd])(",              // a stray '('
            "(;B[pd]];W[dd])",        // an unescaped ']'
            "(;B[pd](W[dd]))",        // a variation without a node
        ] {
            assert_eq!(clean_spans(text), None, "{text:?}");
        }
    }

    #[test]
    fn an_empty_text_has_no_games() {
        assert_eq!(clean_spans(""), Some(vec![]));
        assert_eq!(clean_spans(" \n "), Some(vec![]));
    }
}
