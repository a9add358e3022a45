//! The parser's unit tests: trees, variations, and the damage it reports.

use super::*;

#[test]
fn simple_game_with_variation() {
    let c = parse("(;SZ[9];B[ee](;W[cc])(;W[gg];B[cg]))");
    assert!(c.notes.is_empty(), "{:?}", c.notes);
    assert_eq!(c.games.len(), 1);
    let root = &c.nodes[c.games[0]];
    assert_eq!(c.props(c.games[0])[0].id, "SZ");
    let b1 = &c.nodes[root.children[0] as usize];
    assert_eq!(b1.children.len(), 2);
}

#[test]
fn escaped_brackets_stay_raw() {
    let c = parse(r"(;C[a \] b \\])");
    assert_eq!(c.values(&c.props(0)[0]), [r"a \] b \\"]);
}

#[test]
fn collections_and_multiple_values() {
    let c = parse("(;GM[1];B[aa])\n(;GM[1]AB[aa][bb]:x)");
    assert_eq!(c.games.len(), 2);
    let p = &c.props(c.games[1])[1];
    assert_eq!(c.values(p), ["aa", "bb"]);
}

#[test]
fn truncated_file_is_reported_with_offset() {
    let c = parse("(;SZ[19];B[pd];W[dd];B[p");
    assert!(c.lossy);
    assert!(
        c.notes.iter().any(|n| n.contains("not closed")),
        "{:?}",
        c.notes
    );
    assert!(c.notes.iter().any(|n| n.contains("truncated")));
    assert_eq!(c.nodes.len(), 4);
}

#[test]
fn mixed_case_identifiers() {
    let c = parse("(;GaMe[1]AddBlack[aa];Black[bb])");
    assert_eq!(c.props(0)[0].id, "GM");
    assert_eq!(c.props(0)[1].id, "AB");
    assert_eq!(c.props(1)[0].id, "B");
    assert_eq!(c.notes.len(), 1);
}

#[test]
fn garbage_and_headers_are_skipped() {
    let c = parse("From: someone\n\n(;SZ[9] ;B[aa] junk ;W[bb])");
    assert_eq!(c.nodes.len(), 3);
    // The junk inside the game is noted; the headers are kept by the
    // reader (`read_text_each`), and both counted as skipped.
    assert_eq!(c.notes.len(), 1, "{:?}", c.notes);
    assert_eq!(c.skipped, "junk ".len(), "a header is not counted");
}

#[test]
fn deep_tree_does_not_recurse() {
    let mut s = String::from("(;SZ[19]");
    for _ in 0..100_000 {
        s.push_str("(;B[aa]");
    }
    for _ in 0..100_000 {
        s.push(')');
    }
    s.push(')');
    let c = parse(&s);
    assert_eq!(c.nodes.len(), 100_001);
    assert!(c.notes.is_empty());
}

#[test]
fn not_sgf() {
    let c = parse("hello world");
    assert!(c.games.is_empty());
    assert!(c.lossy);
}
