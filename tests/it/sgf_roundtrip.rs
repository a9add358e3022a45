//! Every sample: load, save, load gives the same tree; saving twice gives
//! the same bytes; an independent reader (sgf-parse) sees the same moves.

use std::path::PathBuf;

use kifu::game::record::GameRecord;
use kifu::sgf;

fn samples() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/samples"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    v.sort();
    assert!(v.len() >= 4, "samples/ should hold at least four games");
    v
}

fn load(text: &str) -> Vec<GameRecord> {
    let file = sgf::read_text(text);
    file.games
        .into_iter()
        .map(|g| g.expect("sample game reads").record)
        .collect()
}

/// The tree as comparable data: per node (move, setup, comment, kept
/// properties, children count), in arena-independent preorder.
fn shape(rec: &GameRecord) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![rec.root()];
    while let Some(id) = stack.pop() {
        let n = rec.node(id);
        out.push(format!(
            "{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{}",
            n.mv,
            n.add_black,
            n.add_white,
            n.add_empty,
            n.to_play,
            n.comment,
            n.props,
            n.children.len()
        ));
        stack.extend(n.children.iter().rev());
    }
    out
}

#[test]
fn samples_round_trip_exactly() {
    for path in samples() {
        let text = std::fs::read_to_string(&path).unwrap();
        let file = sgf::read_text(&text);
        assert!(
            file.all_notes().is_empty(),
            "{}: a sample should read without repairs: {:?}",
            path.display(),
            file.all_notes()
        );
        let first = load(&text);
        let saved = sgf::collection_to_sgf(first.iter());
        let second = load(&saved);
        assert_eq!(first.len(), second.len());
        for (a, b) in first.iter().zip(&second) {
            assert_eq!(shape(a), shape(b), "{}: tree changed", path.display());
            assert_eq!(a.info, b.info, "{}: game info changed", path.display());
            assert_eq!(a.size(), b.size());
        }
        let again = sgf::collection_to_sgf(second.iter());
        assert_eq!(saved, again, "{}: saving twice differs", path.display());
    }
}

/// Moves along the main line as sgf-parse reads them, compared with ours.
#[test]
fn sgf_parse_agrees_on_the_main_line() {
    use sgf_parse::go::{Move as SMove, Prop};
    for path in samples() {
        let text = std::fs::read_to_string(&path).unwrap();
        let theirs = sgf_parse::go::parse(&text).unwrap();
        let ours = load(&text);
        for (node, rec) in theirs.iter().zip(&ours) {
            let their_moves: Vec<String> = node
                .main_variation()
                .filter_map(|n| match n.get_move() {
                    Some(Prop::B(SMove::Move(p))) | Some(Prop::W(SMove::Move(p))) => {
                        Some(format!("{}{}", (b'a' + p.x) as char, (b'a' + p.y) as char))
                    }
                    Some(Prop::B(SMove::Pass)) | Some(Prop::W(SMove::Pass)) => Some("pass".into()),
                    _ => None,
                })
                .collect();
            let our_moves: Vec<String> = rec
                .main_line()
                .iter()
                .filter_map(|&id| rec.node(id).mv)
                .map(|(_, m)| match m {
                    kifu::game::Move::Play(p) => p.to_sgf(),
                    kifu::game::Move::Pass => "pass".into(),
                })
                .collect();
            assert_eq!(our_moves, their_moves, "{}", path.display());
        }
    }
}

#[test]
fn unknown_properties_are_kept_in_order_and_verbatim() {
    let text = "(;FF[4]SZ[9]XX[first]AP[Other:1.0]ZZ[a\\]b];B[ee]LB[ee:1][dd:x\\:y]TR[cc]MN[5])";
    let rec = &load(text)[0];
    let root = rec.node(rec.root());
    let ids: Vec<&str> = root.props.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, ["XX", "AP", "ZZ"]);
    assert_eq!(root.props[2].values, ["a\\]b"]);
    let out = sgf::to_sgf(rec);
    assert!(out.contains("XX[first]AP[Other:1.0]ZZ[a\\]b]"), "{out}");
    assert!(out.contains(";B[ee]LB[ee:1][dd:x\\:y]TR[cc]MN[5]"), "{out}");
}

#[test]
fn writer_output_is_canonical() {
    let text = "(;FF[3]GM[1]SZ[19]KM[7.50]RE[W+Resign];B[pd];W[tt];B[dd])";
    let rec = &load(text)[0];
    let out = sgf::to_sgf(rec);
    assert!(
        out.starts_with("(;FF[4]GM[1]CA[UTF-8]SZ[19]KM[7.5]RE[W+R]\n"),
        "{out}"
    );
    assert!(
        out.contains(";W[]"),
        "tt pass written as an empty move: {out}"
    );
}

#[test]
fn comments_with_special_characters_round_trip() {
    let text = "(;SZ[9]C[closing \\] and back\\\\slash: 中文];B[ee])";
    let rec = &load(text)[0];
    assert_eq!(
        rec.node(rec.root()).comment.as_deref(),
        Some("closing ] and back\\slash: 中文")
    );
    let again = &load(&sgf::to_sgf(rec))[0];
    assert_eq!(again.node(0).comment, rec.node(0).comment);
}
