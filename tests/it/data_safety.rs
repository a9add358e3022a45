//! What kifu will not do to your files: refuse what is not a game, never
//! overwrite what it repaired or could not read, never lose a session, and
//! never let a file's text drive the terminal. The binary is run as a user
//! would; the TUI's decisions are driven through `App::update` and the
//! event loop's `Keeper`.

use crate::common;
use crate::common::Drive;

use assert_cmd::Command;
use kifu::app::{Action, App, Effect, Mode, Outside, Question, Source};
use kifu::game::record::GameRecord;
use kifu::game::rules::Rules;
use kifu::game::{Color, Point};
use kifu::keeper::Flow;
use kifu::sgf;

fn kifu() -> Command {
    crate::common::kifu()
}

/// Bytes that look like an executable: a header, NULs and control bytes,
/// and a `(;` by chance in the middle.
fn binary_bytes() -> Vec<u8> {
    let mut b = b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0".to_vec();
    let mut x: u32 = 12345;
    for i in 0..20_000 {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
        b.push((x >> 16) as u8);
        if i == 10_000 {
            b.extend_from_slice(b"(;B[aa]");
        }
    }
    b
}

fn stdout_of(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr_of(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn a_binary_file_is_refused_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let bin = dir.path().join("x.bin");
    std::fs::write(&bin, binary_bytes()).unwrap();
    for args in [vec!["score"], vec!["show"], vec!["convert"], vec![]] {
        let out = kifu().args(&args).arg(&bin).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = stderr_of(&out);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.contains("x.bin: not an SGF game record (binary data"),
            "{err}"
        );
        // The TUI's text view (no terminal here) does not offer a new game.
        assert!(!stdout_of(&out).contains("Move 0"), "{args:?}");
    }
    assert_eq!(std::fs::read(&bin).unwrap(), binary_bytes());
    if std::path::Path::new("/bin/ls").exists() {
        let out = kifu().args(["score", "/bin/ls"]).output().unwrap();
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(stderr_of(&out).lines().count(), 1, "{}", stderr_of(&out));
    }
}

#[test]
fn text_without_a_game_tree_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("notes.txt");
    std::fs::write(&f, "a note (with brackets) but no game").unwrap();
    let out = kifu().arg("score").arg(&f).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr_of(&out).contains("not an SGF game record (no game tree found)"));
}

#[test]
fn convert_will_not_overwrite_a_comment_cut_by_an_unescaped_bracket() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("g.sgf");
    let text = "(;GM[1]SZ[9];B[ee]C[he said [hi] and more text];W[cc])";
    std::fs::write(&f, text).unwrap();
    let out = kifu()
        .arg("convert")
        .arg(&f)
        .arg("-o")
        .arg(&f)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr_of(&out).contains("will not overwrite it"));
    assert_eq!(std::fs::read_to_string(&f).unwrap(), text);
    // Onto another file it is written, saying what was dropped.
    let other = dir.path().join("copy.sgf");
    let out = kifu()
        .arg("convert")
        .arg(&f)
        .arg("-o")
        .arg(&other)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(stderr_of(&out).contains("unescaped ']'"));
}

#[test]
fn floods_of_notes_are_summarised() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("flood.sgf");
    let text = format!("(;GM[1]SZ[19]{})", "AB[aa:ZZ]".repeat(800));
    std::fs::write(&f, text).unwrap();
    let out = kifu().arg("score").arg(&f).output().unwrap();
    assert!(out.status.success());
    let err = stderr_of(&out);
    let notes: Vec<&str> = err.lines().filter(|l| l.contains("flood.sgf:")).collect();
    assert!(notes.len() <= 22, "{err}");
    assert!(err.contains("(and 779 more of the same kind)"), "{err}");
    // The rectangle was clipped to the board: all 361 points are black.
    assert!(stdout_of(&out).contains("361"), "{}", stdout_of(&out));
}

/// A flood of notes is summarised with a note as it was written: its
/// points stay points (`D16`, not `DN`).
#[test]
fn a_summarised_note_keeps_its_coordinates() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("taken.sgf");
    let text = format!("(;GM[1]SZ[19];B[dc]{})", ";W[dc];B[dc]".repeat(15));
    std::fs::write(&f, text).unwrap();
    let err = stderr_of(&kifu().arg("score").arg(&f).output().unwrap());
    let last = err.lines().rfind(|l| l.contains("taken.sgf")).unwrap_or("");
    assert!(last.contains("D17 is already occupied"), "{err}");
    assert!(last.contains("(and 4 more of the same kind)"), "{err}");
    assert!(!err.contains("DN"), "{err}");
}

/// The komi of a file and of kifu's copy of it are the same, whatever the
/// file says (Fox's hundredths, stones under Chinese rules, nonsense).
#[test]
fn komi_is_read_one_way() {
    let komi_of = |text: &str| {
        let f = sgf::read_text(text);
        let g = f.game(1).unwrap();
        (g.record.komi(), sgf::to_sgf(&g.record))
    };
    for (text, want) in [
        ("(;GM[1]SZ[19]KM[750];B[pd])", 7.5),
        ("(;GM[1]SZ[19]RU[Chinese]KM[375];B[pd])", 7.5),
        ("(;GM[1]SZ[19]RU[Chinese]KM[3.75];B[pd])", 7.5),
        ("(;GM[1]SZ[19]AP[foxwq]KM[650];B[pd])", 6.5),
        ("(;GM[1]SZ[19]KM[6.5];B[pd])", 6.5),
        ("(;GM[1]SZ[19]KM[0];B[pd])", 0.0),
        // Out of range, or not a komi: the rules' (7.5), the text kept.
        ("(;GM[1]SZ[19]KM[15000];B[pd])", 7.5),
        ("(;GM[1]SZ[19]KM[1e300];B[pd])", 7.5),
        ("(;GM[1]SZ[19]KM[seven];B[pd])", 7.5),
    ] {
        let (k, copy) = komi_of(text);
        assert_eq!(k, want, "{text}");
        let (k2, copy2) = komi_of(&copy);
        assert_eq!(k2, k, "{text} -> {copy}");
        assert_eq!(copy2, copy, "converting twice changes nothing");
    }
    // A komi given in points under Chinese rules stays what it is.
    let mut rec = GameRecord::new(19, Rules::chinese()).unwrap();
    rec.set_komi(3.75);
    let (k, _) = komi_of(&sgf::to_sgf(&rec));
    assert_eq!(k, 3.75);
    // The value the file gave is kept, so nothing is lost.
    assert!(komi_of("(;GM[1]SZ[19]KM[15000])").1.contains("KM[15000]"));
}

#[test]
fn the_command_line_refuses_a_huge_komi_and_odd_points_without_panic() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("g.sgf");
    std::fs::write(&f, "(;GM[1]SZ[9];B[ee])").unwrap();
    for bad in ["é", "中", "ö4", "Ｑ", "\u{1b}[2J"] {
        let out = kifu()
            .args(["score", "--dead-at", bad])
            .arg(&f)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{bad:?}: {}", stderr_of(&out));
        assert!(!stderr_of(&out).contains('\u{1b}'), "{bad:?}");
    }
    let out = kifu()
        .args(["score", "--komi", "15000"])
        .arg(&f)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
}

fn app9() -> App {
    App::new(
        GameRecord::new(9, Rules::chinese()).unwrap(),
        Some("game.sgf".into()),
    )
}

use common::command;

#[test]
fn any_coordinate_text_is_an_answer_not_a_panic() {
    let mut a = app9();
    command(&mut a, "play Ｅ５");
    assert_eq!(a.record().board().get(Point::new(4, 4)), Some(Color::Black));
    for bad in ["play ö4", "fix 1 é", "dead 中", "play é", "goto ö", "fix é"] {
        command(&mut a, bad);
        assert!(a.message().is_some(), "{bad}");
    }
    assert_eq!(a.record().move_number(), 1);
}

/// A collection of three games, the second open, as `kifu FILE --game 2`
/// loads it.
fn collection_app() -> (App, String) {
    collection_app_read(false)
}

/// The same, its file repaired on reading (two notes) when `repaired`.
fn collection_app_read(repaired: bool) -> (App, String) {
    let text = "(;GM[1]SZ[9]GN[one];B[aa])(;GM[1]SZ[9]GN[two];B[bb])(;GM[1]SZ[9]GN[three];B[cc])";
    let f = sgf::read_text(text);
    let games: Vec<GameRecord> = f
        .games
        .into_iter()
        .map(|g| g.map(|l| l.record))
        .collect::<Result<_, _>>()
        .unwrap();
    let mut rec = games[1].clone();
    let games = games
        .into_iter()
        .map(|g| kifu::app::Kept::Record(Box::new(g)))
        .collect();
    rec.to_end();
    let source = Source {
        repaired,
        notes: if repaired { 2 } else { 0 },
        games,
        index: 1,
        overwrite_ok: false,
        format: None,
        ..Source::default()
    };
    let options = kifu::app::Options {
        path: Some("games.sgf".into()),
        source: Some(source),
        ..kifu::app::Options::default()
    };
    (App::with(rec, options), text.to_string())
}

#[test]
fn a_save_writes_every_game_of_a_collection_back() {
    let (mut a, _) = collection_app();
    a.update(Action::Play);
    let written = sgf::read_text(&a.file_text());
    assert_eq!(written.games.len(), 3);
    let names: Vec<_> = written
        .games
        .iter()
        .map(|g| g.as_ref().unwrap().record.info.game_name.clone().unwrap())
        .collect();
    assert_eq!(names, ["one", "two", "three"]);
    let mut two = written.games[1].as_ref().unwrap().record.clone();
    two.to_end();
    assert_eq!(two.move_number(), 2, "the open game as it is now");
}

#[test]
fn saving_an_unchanged_game_writes_nothing() {
    let (mut a, _) = collection_app();
    assert_eq!(a.act(Action::Save), Effect::None);
    assert!(
        a.message()
            .as_deref()
            .unwrap_or("")
            .contains("no changes to save")
    );
    // A save under another name still writes.
    assert!(matches!(command(&mut a, "w other.sgf"), Effect::Save(_)));
}

#[test]
fn a_repaired_file_is_not_overwritten_without_a_question() {
    let (mut a, _) = collection_app_read(true);
    a.update(Action::Play);
    // The keeper found the save goes to the file it came from: asked.
    let over = |a: &mut App| {
        a.act(Action::Outside(Outside::SavingOverSource(
            "games.sgf".into(),
            false,
        )))
    };
    assert_eq!(over(&mut a), Effect::None);
    assert!(matches!(a.mode(), Mode::Ask(Question::Overwrite(..))));
    let msg = a.message().clone().unwrap_or_default();
    assert!(
        msg.contains("repaired") && msg.contains("a: save as"),
        "{msg}"
    );
    // Any other key cancels; `a` saves as a new file; `o` overwrites.
    assert_eq!(a.act(Action::Input('x')), Effect::None);
    assert_eq!(*a.mode(), Mode::Record);
    over(&mut a);
    assert_eq!(
        a.act(Action::Input('a')),
        Effect::SaveNew("games.sgf".into(), false)
    );
    over(&mut a);
    assert_eq!(a.act(Action::Input('o')), Effect::Save("games.sgf".into()));
    // Asked once: the next save over it goes on.
    assert_eq!(over(&mut a), Effect::Checked("games.sgf".into(), false));
}

#[test]
fn the_panel_says_the_file_was_repaired_and_holds_several_games() {
    let (a, _) = collection_app_read(true);
    let s = common::screen(&a, common::ascii(), 80, 24);
    assert!(s.contains("Game 2 of 3"), "{s}");
    assert!(s.contains("Repaired on reading"), "{s}");
}

/// The event loop's save, end to end on disk: the repaired file asks,
/// `a` writes a new file beside it and leaves the original alone.
#[test]
fn save_as_a_new_file_leaves_the_repaired_original_alone() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("cut.sgf");
    let original = "(;GM[1]SZ[9];B[ee];W[cc];B[g";
    std::fs::write(&file, original).unwrap();
    let f = kifu::storage::read_sgf(&file).unwrap();
    assert!(f.lossy());
    let mut rec = f.game(1).unwrap().record.clone();
    rec.to_end();
    let source = Source {
        repaired: true,
        notes: 2,
        games: vec![kifu::app::Kept::Record(Box::new(rec.clone()))],
        index: 0,
        overwrite_ok: false,
        format: None,
        ..Source::default()
    };
    let options = kifu::app::Options {
        path: Some(file.clone()),
        source: Some(source),
        ..kifu::app::Options::default()
    };
    let mut a = App::with(rec, options);
    let mut keeper = common::keeper(&mut a, Some(dir.path().join("data")));
    // Even a save with no change asks nothing and writes nothing.
    assert_eq!(
        common::through(&mut keeper, &mut a, Action::Save),
        Flow::Continue
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), original);
    // After a move, Ctrl-S asks; `a` saves beside it.
    a.update(Action::Down);
    common::through(&mut keeper, &mut a, Action::Play);
    common::through(&mut keeper, &mut a, Action::Save);
    assert!(
        matches!(a.mode(), Mode::Ask(Question::Overwrite(..))),
        "{:?}",
        a.message()
    );
    common::through(&mut keeper, &mut a, Action::Input('a'));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), original);
    let copy = dir.path().join("cut-kifu.sgf");
    assert!(copy.exists(), "{:?}", a.message());
    assert_eq!(a.path().as_deref(), Some(copy.as_path()));
    // The new file holds all kifu read: its saves ask nothing more.
    assert_eq!(
        a.act(Action::Outside(Outside::SavingOverSource(
            copy.clone(),
            false
        ))),
        Effect::Checked(copy.clone(), false)
    );
    let s = common::screen(&a, common::ascii(), 80, 24);
    assert!(!s.contains("Repaired"), "{s}");
    // Later changes are autosaved under the new name.
    a.update(Action::Right);
    common::through(&mut keeper, &mut a, Action::Play);
    let auto = keeper.autosave_path().unwrap().to_path_buf();
    let name = auto.file_name().unwrap().to_string_lossy().into_owned();
    assert!(name.starts_with("cut-kifu-"), "{name}");
    assert!(auto.exists());
}

#[test]
fn a_second_session_on_the_same_file_is_told() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let file = dir.path().join("club.sgf");
    let mut a = App::new(
        GameRecord::new(9, Rules::chinese()).unwrap(),
        Some(file.clone()),
    );
    let _first = common::keeper(&mut a, Some(data.clone()));
    let mut b = App::new(GameRecord::new(9, Rules::chinese()).unwrap(), Some(file));
    let _second = common::keeper(&mut b, Some(data));
    let msg = b.message().clone().unwrap_or_default();
    assert!(msg.contains("also open in another kifu"), "{msg}");
    assert_eq!(*b.mode(), Mode::Record, "a live session is not offered");
}

#[test]
fn recovering_a_smaller_board_brings_the_cursor_onto_it() {
    let mut a = App::new(GameRecord::new(19, Rules::chinese()).unwrap(), None);
    a.update(kifu::app::Action::CursorTo(Point::new(15, 15)));
    let mut small = GameRecord::new(9, Rules::chinese()).unwrap();
    small
        .play(kifu::game::Move::Play(Point::new(2, 2)))
        .unwrap();
    a.update(Action::Outside(Outside::Offered(Box::new(
        kifu::app::Offer {
            record: small,
            moves: 1,
            put_away: 0,
        },
    ))));
    a.update(Action::Input('r'));
    assert!(a.cursor().is_on(9), "{:?}", a.cursor());
    let s = common::screen(&a, common::unicode(), 80, 24);
    assert!(s.contains("Cursor: E5"), "{s}");
}

#[test]
fn a_paste_is_text_never_keys() {
    let mut a = app9();
    // In record mode a paste is refused: it would run as commands.
    a.update(Action::Paste("pq".into()));
    assert_eq!(a.record().move_number(), 0);
    assert_eq!(*a.mode(), Mode::Record);
    assert!(
        a.message()
            .as_deref()
            .unwrap_or("")
            .contains("paste ignored")
    );
    // Into the command line it goes as text, one line, without pressing Enter.
    a.update(Action::Command);
    a.update(Action::Paste("play e5\rq!\r".into()));
    assert_eq!(*a.mode(), Mode::Command("play e5".into()));
    a.update(Action::Submit);
    assert_eq!(a.record().move_number(), 1);
    // A huge paste is refused whole.
    a.update(Action::Command);
    a.update(Action::Paste("x".repeat(10_000)));
    assert_eq!(*a.mode(), Mode::Record);
    assert!(
        a.message()
            .as_deref()
            .unwrap_or("")
            .contains("paste refused")
    );
}

const HOSTILE: &str = "(;GM[1]SZ[9]PB[\u{1b}[2Jevil\u{7}]PW[\u{9b}31m]C[\u{1b}[31mred];B[ee]\
                       FOO[\u{1b}]0;title\u{7}])";

#[test]
fn text_from_a_file_never_reaches_the_terminal_as_control_characters() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("evil\u{1b}[2J.sgf");
    std::fs::write(&f, HOSTILE).unwrap();
    for args in [vec!["show"], vec!["score"], vec!["convert"], vec![]] {
        let out = kifu().args(&args).arg(&f).output().unwrap();
        let text = format!("{}{}", stdout_of(&out), stderr_of(&out));
        let controls: Vec<char> = text
            .chars()
            .filter(|c| c.is_control() && *c != '\n')
            .collect();
        // `convert` writes SGF to stdout: that is the file's own text.
        if args != ["convert"] {
            assert!(controls.is_empty(), "{args:?}: {controls:?} in {text}");
        }
        assert!(!stderr_of(&out).contains('\u{1b}'), "{args:?}");
    }
    // Control characters in values are not kept (a note says so): the
    // name is what is left of it.
    let out = kifu().arg("show").arg(&f).output().unwrap();
    assert!(stdout_of(&out).contains("[2Jevil"), "{}", stdout_of(&out));
    assert!(
        stderr_of(&out).contains("does not write them back"),
        "{}",
        stderr_of(&out)
    );
    // In the TUI: no cell holds a control character.
    let file = sgf::read_text(HOSTILE);
    let mut rec = file.game(1).unwrap().record.clone();
    rec.to_end();
    let a = App::new(rec, Some(f));
    let s = common::screen(&a, common::unicode(), 80, 24);
    assert!(!s.chars().any(|c| c.is_control() && c != '\n'), "{s:?}");
    assert!(s.contains("[2Jevil"), "{s}");
}

use sgf::round_trips;

/// Pieces of SGF to build hostile inputs from.
const PIECES: &[&str] = &[
    "(",
    ")",
    ";",
    "[",
    "]",
    "\\",
    "B",
    "W",
    "AB",
    "AW",
    "AE",
    "KM",
    "SZ",
    "RU",
    "C",
    "PL",
    "HA",
    "GM",
    "TB",
    "[aa]",
    "[ss]",
    "[tt]",
    "[aa:ZZ]",
    "[]",
    "[19]",
    "[9]",
    "[750]",
    "[375]",
    "[3.75]",
    "[Chinese]",
    "[Japanese]",
    "[1e9]",
    "[-0]",
    "[\u{1b}]",
    "é",
    "\n",
    " ",
    "[1]",
];

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

    #[test]
    fn arbitrary_bytes_never_panic_and_round_trip(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..400)) {
        proptest::prop_assert!(round_trips(&bytes).is_ok(), "{:?}", round_trips(&bytes));
    }

    #[test]
    fn sgf_shaped_text_never_panics_and_round_trips(parts in proptest::collection::vec(0..PIECES.len(), 0..80)) {
        let text: String = std::iter::once("(;").chain(parts.iter().map(|&i| PIECES[i])).collect();
        proptest::prop_assert!(round_trips(text.as_bytes()).is_ok(), "{text:?}: {:?}", round_trips(text.as_bytes()));
    }
}

/// Every SGF under ../shared/data, mutated (bytes flipped, cut, pieces of
/// SGF inserted): no panic, a round trip that holds, and no file takes
/// over a second. Ignored: it needs the shared data (skips without it).
///
/// cargo test --release --test data_safety mutation -- --ignored --nocapture
#[test]
#[ignore]
fn mutation_over_the_shared_data() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    if !root.is_dir() {
        crate::common::skipped("../shared/data is not there");
        return;
    }
    let files = common::sgf_files_under(&root, true);
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = |n: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n.max(1) as u64) as usize
    };
    let (mut runs, mut slowest) = (0usize, (std::time::Duration::ZERO, String::new()));
    let mut failures = Vec::new();
    // Every other file, 8 mutants each.
    for f in files.iter().step_by(2) {
        let Ok(orig) = std::fs::read(f) else { continue };
        for _ in 0..8 {
            let mut b = orig.clone();
            for _ in 0..1 + next(6) {
                let at = next(b.len() + 1);
                match next(4) {
                    0 if !b.is_empty() => {
                        let i = at.min(b.len() - 1);
                        b[i] = next(256) as u8;
                    }
                    1 => b.truncate(at),
                    2 if at < b.len() => {
                        let end = (at + next(40)).min(b.len());
                        b.drain(at..end);
                    }
                    _ => {
                        let p = PIECES[next(PIECES.len())].as_bytes();
                        b.splice(at..at, p.iter().copied());
                    }
                }
            }
            let t = std::time::Instant::now();
            let r = std::panic::catch_unwind(|| round_trips(&b));
            let took = t.elapsed();
            runs += 1;
            if took > slowest.0 {
                slowest = (took, f.display().to_string());
            }
            match r {
                Err(_) => failures.push(format!("PANIC {}", f.display())),
                Ok(Err(e)) => failures.push(format!("{}: {e}", f.display())),
                Ok(Ok(())) if took > std::time::Duration::from_secs(1) => {
                    failures.push(format!("{}: {took:?}", f.display()))
                }
                _ => {}
            }
        }
    }
    println!(
        "mutants read: {runs}, failures: {}, slowest {:?} ({})",
        failures.len(),
        slowest.0,
        slowest.1
    );
    for f in failures.iter().take(10) {
        println!("  {f}");
    }
    assert!(failures.is_empty());
}

/// N1: a game recovered over its file asks before its first save there:
/// the file may hold a later save than the one the crashed session read
/// (another session's, a sync), which a plain save would overwrite.
#[test]
fn recovering_over_a_newer_file_asks_before_the_first_save() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let file = dir.path().join("f.sgf");
    std::fs::write(&file, "(;GM[1]SZ[9];B[ee])").unwrap();
    let read = |p: &std::path::Path| {
        let mut rec = kifu::storage::read_sgf(p)
            .unwrap()
            .game(1)
            .unwrap()
            .record
            .clone();
        rec.to_end();
        rec
    };
    // Session A reads the file, plays two moves, and ends without saving
    // (its keeper dropped: the autosave stays, as after a kill).
    let mut a = App::new(read(&file), Some(file.clone()));
    let ka = common::keeper(&mut a, Some(data.clone()));
    let mut ka = ka;
    a.update(Action::Right);
    a.update(Action::Play);
    a.update(Action::Down);
    common::through(&mut ka, &mut a, Action::Play);
    drop(ka);
    // Meanwhile session B saved three moves of its own.
    let newer = "(;GM[1]SZ[9];B[ee];W[cc];B[gg];W[gc])";
    std::fs::write(&file, newer).unwrap();
    // The next start offers A's session; `r` takes it; Ctrl-S asks.
    let mut c = App::new(read(&file), Some(file.clone()));
    let mut kc = common::keeper(&mut c, Some(data.clone()));
    assert_eq!(*c.mode(), Mode::Ask(Question::Recover), "{:?}", c.message());
    common::through(&mut kc, &mut c, Action::Input('r'));
    common::through(&mut kc, &mut c, Action::Save);
    assert!(
        matches!(c.mode(), Mode::Ask(Question::Changed(..))),
        "{:?}",
        c.message()
    );
    // It says what differs: the file's size then and now.
    let said = c.message().as_deref().unwrap_or("");
    assert!(
        said.contains("changed since the recovered session")
            && said.contains(&format!("(19 bytes then, {} now)", newer.len())),
        "{said}"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), newer);
    // `a`: the recovered game beside it, B's save untouched; later saves
    // of the new file ask nothing.
    common::through(&mut kc, &mut c, Action::Input('a'));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), newer);
    let beside = dir.path().join("f-kifu.sgf");
    assert!(std::fs::read_to_string(&beside).unwrap().contains("B[ee]"));
    c.update(Action::Left);
    c.update(Action::Play);
    common::through(&mut kc, &mut c, Action::Save);
    assert_eq!(*c.mode(), Mode::Record, "{:?}", c.message());
}

/// A game recovered over its file that nobody changed since the crashed
/// session read it saves without a question: a question asked every time
/// teaches `o`, the answer that loses data the one time it matters.
#[test]
fn recovering_over_an_unchanged_file_saves_without_a_question() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let file = dir.path().join("f.sgf");
    let text = "(;GM[1]SZ[9];B[ee])";
    std::fs::write(&file, text).unwrap();
    let read = |p: &std::path::Path| {
        let mut rec = kifu::storage::read_sgf(p)
            .unwrap()
            .game(1)
            .unwrap()
            .record
            .clone();
        rec.to_end();
        rec
    };
    let mut a = App::new(read(&file), Some(file.clone()));
    let mut ka = common::keeper(&mut a, Some(data.clone()));
    a.update(Action::Right);
    a.update(Action::Play);
    a.update(Action::Down);
    common::through(&mut ka, &mut a, Action::Play);
    drop(ka);
    // The file is as the crashed session read it.
    let mut c = App::new(read(&file), Some(file.clone()));
    let mut kc = common::keeper(&mut c, Some(data.clone()));
    assert_eq!(*c.mode(), Mode::Ask(Question::Recover), "{:?}", c.message());
    common::through(&mut kc, &mut c, Action::Input('r'));
    common::through(&mut kc, &mut c, Action::Save);
    assert_eq!(*c.mode(), Mode::Record, "no question: {:?}", c.message());
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(
        saved.contains("B[ee]") && saved.matches(";B[").count() + saved.matches(";W[").count() == 3,
        "{saved}"
    );
    // The autosave's own properties never reach the file.
    assert!(!saved.contains("KF[") && !saved.contains("KN["), "{saved}");
}

/// Found by the fuzz target: a `CA[` in the text before the first game
/// decided how the file read, and differently once a save had written the
/// games in UTF-8 (the text outside the games changed). A charset is taken
/// from the games only.
#[test]
fn a_charset_in_the_text_before_the_games_is_not_theirs() {
    let bytes =
        b"n;P\xcc\xbc\xbc\xbd\xb9]CA[EUC-KR]P\xa9zF$[ iIs fun(;GM[1]HA[2])\n(;GM[1];B[aa])\n";
    assert_eq!(kifu::sgf::round_trips(bytes), Ok(()));
    let crash = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/kifu-go/tests/positions/fuzz-charset-before-the-games.sgf"
    ))
    .unwrap();
    assert_eq!(kifu::sgf::round_trips(&crash), Ok(()));
}

/// Found by the fuzz target: control characters in the text before the
/// first game were kept on save, and made kifu's own file look like
/// binary data. Text outside the games loses its control characters, as
/// values do.
#[test]
fn control_characters_outside_the_games_are_not_written() {
    let mut bytes = vec![0x12u8; 95];
    bytes.extend_from_slice(b"(;GM[1]SZ[9];B[ee])\n\x07notes\x01 after\n");
    assert_eq!(kifu::sgf::round_trips(&bytes), Ok(()));
    for crash in [
        "fuzz-controls-before-the-games.sgf",
        // `(` NUL `;` is not a game tree: with the NULs dropped it was one.
        "fuzz-controls-in-a-tree-start.sgf",
    ] {
        let path = format!(
            "{}/crates/kifu-go/tests/positions/{crash}",
            env!("CARGO_MANIFEST_DIR")
        );
        let bytes = std::fs::read(path).unwrap();
        assert_eq!(kifu::sgf::round_trips(&bytes), Ok(()), "{crash}");
    }
}

/// Found by the fuzz target: a rule set's name that began with control
/// characters then a line break read back otherwise once written (the
/// controls dropped on writing left the line break for the next trim).
#[test]
fn a_rules_value_with_controls_round_trips() {
    let bytes = b"(;GM[1]SZ[19]RU[\x07\x00\x00\nAP[GNU Go:3.8]KM[3.25];B[pd])";
    assert_eq!(kifu::sgf::round_trips(bytes), Ok(()));
    let crash = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/kifu-go/tests/positions/fuzz-controls-in-rules.sgf"
    );
    assert_eq!(
        kifu::sgf::round_trips(&std::fs::read(crash).unwrap()),
        Ok(())
    );
}

/// Found by the fuzz target: notes between games counted against the file
/// as text that is not SGF, and a save, which writes the games smaller
/// (junk in them dropped) and keeps the notes, left a file kifu refused as
/// mostly text. Text between games no longer counts.
#[test]
fn a_save_never_leaves_a_file_kifu_refuses() {
    let crash = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/kifu-go/tests/positions/fuzz-games-shrink-between-notes.sgf"
    );
    assert_eq!(
        kifu::sgf::round_trips(&std::fs::read(crash).unwrap()),
        Ok(())
    );
}
