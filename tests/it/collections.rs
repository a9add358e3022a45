//! Collections in the TUI: only the game opened is read; a save writes the
//! others back byte for byte (or, where their text is not the file's bytes,
//! as kifu writes a game), and never loses one it could not read.

use crate::common;
use std::path::Path;

use kifu::app::{Action, App, Kept, Mode};
use kifu::keeper::Keeper;

/// `kifu FILE --game N`: the file split into the text of its games, game
/// `n` read, with its keeper.
fn opened(file: &Path, data: &Path, n: usize) -> (App, Keeper, Vec<String>) {
    let (facts, texts) = kifu::storage::split_sgf(file, kifu::i18n::Lang::En).expect("split");
    let (mut rec, source, notes) =
        kifu::app::Source::from_texts(facts, texts, n, kifu::i18n::Lang::En).expect("read");
    rec.to_end();
    let (a, k) = common::opened_from(rec, source, file, data);
    (a, k, notes)
}

fn save(a: &mut App, k: &mut Keeper) {
    common::through(k, a, Action::Save);
    assert!(!matches!(a.mode(), Mode::Ask(_)), "{:?}", a.message());
}

const ONE: &str = "(;GM[1]FF[4]SZ[9]PB[Müller]PW[李昌镐]C[a comment\nover two lines]\n  ;B[ee] ;W[cc]C[odd   spacing])";
const TWO: &str = "(;GM[1]SZ[9]GN[two];B[aa];W[bb])";
const THREE: &str = "(;SZ[9]GM[1]GN[three]\n(;B[ab])(;B[ba];W[cc]))";

#[test]
fn untouched_games_are_written_back_byte_for_byte() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let file = dir.path().join("games.sgf");
    std::fs::write(&file, format!("{ONE}\n{TWO}\r\n\n{THREE}\n")).expect("written");
    let (mut a, mut k, _) = opened(&file, &dir.path().join("data"), 2);
    let src = a.source().as_ref().expect("a source");
    assert!(src.games.iter().all(|g| matches!(g, Kept::Text(_))));
    assert_eq!(a.record().info.game_name.as_deref(), Some("two"));
    a.update(Action::Pass);
    save(&mut a, &mut k);
    let saved = std::fs::read_to_string(&file).expect("read back");
    assert!(saved.contains(ONE), "{saved}");
    assert!(saved.contains(THREE), "{saved}");
    assert!(
        !saved.contains(TWO),
        "the open game is written anew: {saved}"
    );
    let back = kifu::sgf::read_text(&saved);
    assert_eq!(back.games.len(), 3);
    let two = &back.games[1].as_ref().expect("game 2").record;
    assert_eq!(two.main_line().len(), 4, "root, B, W and the pass");
    assert_eq!(
        back.games[0]
            .as_ref()
            .expect("game 1")
            .record
            .info
            .white
            .as_deref(),
        Some("李昌镐")
    );
}

#[test]
fn a_collection_in_another_encoding_is_read_whole_and_written_as_utf8() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let file = dir.path().join("latin1.sgf");
    let text = "(;GM[1]CA[ISO-8859-1]SZ[9]PB[M\u{fc}ller];B[ee])(;GM[1]CA[ISO-8859-1]SZ[9]PB[G\u{f6}tz];B[cc])";
    let (bytes, _, _) = encoding_rs::WINDOWS_1252.encode(text);
    std::fs::write(&file, &bytes).expect("written");
    let (mut a, mut k, _) = opened(&file, &dir.path().join("data"), 1);
    let src = a.source().as_ref().expect("a source");
    assert!(src.games.iter().all(|g| matches!(g, Kept::Record(_))));
    a.update(Action::Pass);
    save(&mut a, &mut k);
    let saved = std::fs::read(&file).expect("read back");
    let saved = String::from_utf8(saved).expect("UTF-8 now");
    let back = kifu::sgf::read_text(&saved);
    let names: Vec<Option<String>> = back
        .games
        .iter()
        .map(|g| g.as_ref().ok().and_then(|l| l.record.info.black.clone()))
        .collect();
    assert_eq!(names, [Some("Müller".into()), Some("Götz".into())]);
}

#[test]
fn a_game_kifu_cannot_read_is_kept_as_the_file_holds_it() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let file = dir.path().join("mixed.sgf");
    let bad = "(;GM[1]SZ[99]C[a board kifu cannot play on];B[aa])";
    std::fs::write(&file, format!("{TWO}\n{bad}\n")).expect("written");
    let (mut a, mut k, _) = opened(&file, &dir.path().join("data"), 1);
    // Nothing will be lost, so nothing is asked.
    assert_eq!(
        a.source()
            .as_ref()
            .and_then(|s| s.why_ask(kifu::i18n::Lang::En)),
        None
    );
    a.update(Action::Pass);
    save(&mut a, &mut k);
    let saved = std::fs::read_to_string(&file).expect("read back");
    assert!(saved.contains(bad), "{saved}");
    // Opened itself, it is refused with the reader's words.
    let (facts, texts) = kifu::storage::split_sgf(&file, kifu::i18n::Lang::En).expect("split");
    let err = kifu::app::Source::from_texts(facts, texts, 2, kifu::i18n::Lang::En)
        .expect_err("unreadable");
    assert!(err.contains("game 2"), "{err}");
}

/// Text outside the game trees (a mail's headers, notes between games, a
/// README appended) is written back in its place by a TUI save, of one
/// game or of a collection, in UTF-8 or another encoding.
#[test]
fn text_outside_the_game_trees_is_kept_on_save() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let head = "From: a club member\nSubject: Tuesday's games\n\n";
    let between = "Game two was played after dinner.\n";
    let tail = format!("\n# Notes\n\n{}", "A long README appended. ".repeat(800));
    let cases = [
        ("one.sgf", format!("{TWO}\n{tail}"), 1),
        (
            "three.sgf",
            format!("{head}{ONE}\n{between}{TWO}\n{THREE}\n{tail}"),
            2,
        ),
    ];
    for (name, text, open) in cases {
        let file = dir.path().join(name);
        std::fs::write(&file, &text).expect("written");
        let (mut a, mut k, notes) = opened(&file, &dir.path().join("data"), open);
        assert!(
            notes.iter().any(|n| n.contains("kept as it is when saved")),
            "{notes:?}"
        );
        a.update(Action::Pass);
        save(&mut a, &mut k);
        let saved = std::fs::read_to_string(&file).expect("read back");
        assert!(saved.ends_with(&tail), "{name}: the README went");
        if open == 2 {
            assert!(saved.starts_with(head), "{name}: the headers went");
            let one = saved.find(ONE).expect("game one");
            let note = saved.find(between).expect("the note between games");
            let two = saved.find("GN[two]").expect("game two");
            assert!(one < note && note < two, "{saved}");
        }
        // Saved again, unchanged but for the new pass: the same text
        // outside the trees, no line added.
        a.update(Action::Pass);
        save(&mut a, &mut k);
        let again = std::fs::read_to_string(&file).expect("read back");
        assert_eq!(
            again.matches(between).count(),
            saved.matches(between).count()
        );
        assert!(again.ends_with(&tail) && again.len() == saved.len() + "W[]".len() + 1);
    }
}

/// Two sessions on one collection, each on its own game: the second save
/// merges the first's edit instead of asking (and `o` dropping it).
#[test]
fn two_sessions_on_different_games_of_a_collection_merge() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let file = dir.path().join("club.sgf");
    let three =
        "(;GM[1]SZ[9]GN[one];B[ee])\n(;GM[1]SZ[9]GN[two];B[cc])\n(;GM[1]SZ[9]GN[three];B[gg])\n";
    std::fs::write(&file, three).unwrap();
    let (mut a, mut ka, _) = opened(&file, &data, 2);
    let (mut b, mut kb, _) = opened(&file, &data.join("b"), 3);
    // B plays in game 3 and saves.
    b.update(Action::Pass);
    save(&mut b, &mut kb);
    // A plays in game 2 and saves: merged, no question.
    a.update(Action::Pass);
    common::through(&mut ka, &mut a, Action::Save);
    assert!(!matches!(a.mode(), Mode::Ask(_)), "{:?}", a.message());
    let said = a.message().clone().unwrap_or_default();
    assert!(said.contains("merged") && said.contains("game 3"), "{said}");
    let games: Vec<String> = kifu::storage::split_sgf(&file, kifu::i18n::Lang::En)
        .unwrap()
        .1
        .iter()
        .map(|t| t.text().to_string())
        .collect();
    assert_eq!(games.len(), 3, "{games:?}");
    assert!(
        games[0].contains("GN[one]") && !games[0].contains("B[]"),
        "{games:?}"
    );
    assert!(
        games[1].contains("GN[two]") && games[1].contains("B[cc]") && games[1].contains("W[]"),
        "A's pass: {games:?}"
    );
    assert!(
        games[2].contains("GN[three]") && games[2].contains("W[]"),
        "B's pass: {games:?}"
    );
    // A again, after its merge: B saves game 3 once more; A's next save
    // merges again (its own game is as it wrote it).
    b.update(Action::Pass);
    save(&mut b, &mut kb);
    a.update(Action::Pass);
    common::through(&mut ka, &mut a, Action::Save);
    assert!(!matches!(a.mode(), Mode::Ask(_)), "{:?}", a.message());
}

/// Both sessions on the same game: the question, which says which games
/// differ and that `o` would drop their changes.
#[test]
fn two_sessions_on_the_same_game_are_asked_what_o_would_drop() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let file = dir.path().join("club.sgf");
    let two = "(;GM[1]SZ[9]GN[one];B[ee])\n(;GM[1]SZ[9]GN[two];B[cc])\n";
    std::fs::write(&file, two).unwrap();
    let (mut a, mut ka, _) = opened(&file, &data, 2);
    let (mut b, mut kb, _) = opened(&file, &data.join("b"), 2);
    b.update(Action::Pass);
    save(&mut b, &mut kb);
    let theirs = std::fs::read_to_string(&file).unwrap();
    a.update(Action::Pass);
    a.update(Action::Pass);
    common::through(&mut ka, &mut a, Action::Save);
    assert!(matches!(a.mode(), Mode::Ask(_)), "{:?}", a.message());
    let said = a.message().clone().unwrap_or_default();
    assert!(
        said.contains("differ from what this session read: 2") && said.contains("o drops"),
        "{said}"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), theirs);
}
