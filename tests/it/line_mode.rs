//! Line mode (`kifu --plain`), run as a script would: commands on stdin,
//! one line per event on stdout, no escape sequence anywhere.

fn plain(dir: &std::path::Path, file: &str, input: &str) -> (String, std::process::Output) {
    let out = crate::common::kifu()
        .env("KIFU_DATA_DIR", dir.join("data"))
        .env("KIFU_CONFIG_DIR", dir.join("config"))
        .current_dir(dir)
        .args(["--plain", file])
        .write_stdin(input)
        .output()
        .unwrap();
    (String::from_utf8_lossy(&out.stdout).into_owned(), out)
}

#[test]
fn a_scripted_recording_says_one_line_per_event() {
    let dir = tempfile::tempdir().unwrap();
    let (text, out) = plain(dir.path(), "new.sgf", "d4\nq16\npass\nw\nq\n");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!text.contains('\u{1b}'), "no escape sequence: {text:?}");
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("kifu line mode: new.sgf"), "{text}");
    assert_eq!(
        &lines[1..],
        ["Black D4", "White Q16", "Black passes", "saved new.sgf"],
        "{text}"
    );
    let sgf = std::fs::read_to_string(dir.path().join("new.sgf")).unwrap();
    assert!(sgf.contains(";B[dp];W[pd];B[]"), "{sgf}");
}

#[test]
fn the_board_read_aloud_and_count_mode() {
    let dir = tempfile::tempdir().unwrap();
    let input = "e5\nwhere\ncursor d5\nrow 5\ncolumn E\nc3\ncount\ne5\nx\nv\nn\nboard\nq!\n";
    let (text, _) = plain(dir.path(), "g.sgf", input);
    assert!(!text.contains('\u{1b}'));
    for want in [
        "Black E5",
        "Last move: Black E5, move 1. Move 1, main line. Cursor E5: Black. White to play.",
        "cursor D5: empty, next to Black E5",
        "row 5: Black E5; 18 empty",
        "column E: Black E5; 18 empty",
        "White C3",
        // A typed point in count mode says what is there; `x` marks.
        "cursor E5: Black",
        "count: Black 0 stones",
        "view: territory with prisoners",
        "Step 1: the dead stones join the prisoners",
        " 5 . . . . X . . . . . . . . . . . . . . 5",
    ] {
        assert!(text.contains(want), "{want:?} in\n{text}");
    }
}

#[test]
fn questions_are_answered_by_a_line_and_the_end_of_input_keeps_the_work() {
    let dir = tempfile::tempdir().unwrap();
    let (text, _) = plain(dir.path(), "g.sgf", "d4\nquit\nn\nzz9\n");
    assert!(
        text.contains("unsaved changes: quit anyway? (y/n)"),
        "{text}"
    );
    assert!(text.contains("not quitting"), "{text}");
    assert!(text.contains("zz9:"), "a bad point is refused: {text}");
    assert!(
        text.contains("the unsaved changes are in the autosave"),
        "{text}"
    );
    // The next session offers them back.
    let (text, _) = plain(dir.path(), "g.sgf", "r\nboard\nq!\n");
    assert!(text.contains("Unsaved session found (1 move)"), "{text}");
    assert!(text.contains("recovered"), "{text}");
}

/// F7: `:w OTHER` does not replace another file that exists; `:w!` does.
/// The game's own file, written before, is saved over as usual.
#[test]
fn saving_over_another_existing_file_asks_for_w_bang() {
    let dir = tempfile::tempdir().unwrap();
    let other = dir.path().join("other.sgf");
    let theirs = "(;FF[4]GM[1]SZ[9]C[another game];B[aa])";
    std::fs::write(&other, theirs).unwrap();
    let (text, _) = plain(dir.path(), "game.sgf", "d4\nw other.sgf\nq!\n");
    assert!(
        text.contains(
            "other.sgf exists and is another file: not replaced; :w! other.sgf replaces it"
        ),
        "{text}"
    );
    assert_eq!(std::fs::read_to_string(&other).unwrap(), theirs);
    let (text, _) = plain(dir.path(), "game2.sgf", "d4\nw! other.sgf\nq!\n");
    assert!(text.contains("saved other.sgf"), "{text}");
    assert!(std::fs::read_to_string(&other).unwrap().contains("B[dp]"));
    // Its own file: saved twice without a question.
    let (text, _) = plain(dir.path(), "mine.sgf", "d4\nw\nq16\nw\nq!\n");
    assert_eq!(text.matches("saved mine.sgf").count(), 2, "{text}");
}

/// F15: a line that is not UTF-8 is replaced and said; the rest of the
/// input still runs.
#[test]
fn a_byte_that_is_not_utf8_is_said_and_the_input_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let out = crate::common::kifu()
        .env("KIFU_DATA_DIR", dir.path().join("data"))
        .env("KIFU_CONFIG_DIR", dir.path().join("config"))
        .current_dir(dir.path())
        .args(["--plain", "g.sgf"])
        .write_stdin(&b"d4\n\xff\xfe q4\nq16\nw\n"[..])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("line 2: bytes that are not UTF-8 were replaced"),
        "{text}"
    );
    assert!(
        text.contains("White Q16") && text.contains("saved g.sgf"),
        "{text}"
    );
    assert!(out.status.success());
}

/// `:play` and `:theme` without an argument say how they are used; `:play`
/// alone does not play at the cursor.
#[test]
fn play_and_theme_without_an_argument_say_how() {
    let dir = tempfile::tempdir().unwrap();
    let (text, _) = plain(dir.path(), "g.sgf", "play\ntheme\nq!\n");
    assert!(text.contains(":play Q16 plays at Q16"), "{text}");
    assert!(!text.contains("Black K10"), "{text}");
    assert!(
        text.contains(":theme NAME: the board's look (default light projector ascii mono)"),
        "{text}"
    );
}

/// What a screen reader hears of a count: both sides' totals, the margin
/// in words and the result, for the game's view on `count` and for the
/// view `v` switches to (here they differ: Black placed one stone more,
/// which costs a point of territory and nothing in area).
#[test]
fn count_and_v_say_the_totals_and_the_result_of_their_view() {
    let dir = tempfile::tempdir().unwrap();
    let cols = "abcdefghi";
    let wall = |c: char| -> String { cols.chars().map(|r| format!("[{c}{r}]")).collect() };
    let sgf = format!(
        "(;GM[1]FF[4]SZ[9]KM[7.5]RU[Japanese]AB{}[bh]AW{})",
        wall('e'),
        wall('f')
    );
    std::fs::write(dir.path().join("walls.sgf"), sgf).unwrap();
    let (text, _) = plain(dir.path(), "walls.sgf", "pass\npass\nv\nv\nq!\n");
    // Both passes are said, then count mode and its count.
    assert!(
        text.contains("Black passes\nWhite passes\ncount mode:"),
        "{text}"
    );
    for want in [
        "count: Black 35 points, White 34.5 with komi: Black wins by 0.5 points, B+0.5",
        "view: area against half the board; Black 45 stones, White 36: Black wins by 3/4 stone, B+1.5",
        "view: territory with prisoners; Black 35 points, White 34.5 with komi: Black wins by 0.5 points, B+0.5",
    ] {
        assert!(text.contains(want), "{want:?} in\n{text}");
    }
}

/// `kifu --plain` without a file opens the sample, and says so: its
/// points are taken, which "a new game" would not explain.
#[test]
fn the_sample_is_called_the_sample() {
    let dir = tempfile::tempdir().unwrap();
    let out = crate::common::kifu()
        .env("KIFU_DATA_DIR", dir.path().join("data"))
        .env("KIFU_CONFIG_DIR", dir.path().join("config"))
        .current_dir(dir.path())
        .arg("--plain")
        .write_stdin("count\nq!\n")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let first = text.lines().next().unwrap_or_default();
    assert!(
        first.starts_with("kifu line mode: the sample game Aiko-Bruno, 26 moves"),
        "{text}"
    );
    assert!(first.contains("--size 19 starts an empty board"), "{text}");
    assert!(
        text.contains("count: Black 45 stones, White 36: Black wins by 3/4 stone, B+1.5"),
        "{text}"
    );
}

/// The club player's repro, as typed: a variation F5 with a comment, the
/// game's own E5 taken back and put back with `]`. Both lines are saved,
/// the comment with F5, and `]` said what it put back.
#[test]
fn forward_after_a_take_back_puts_back_that_move_with_a_variation_beside() {
    let dir = tempfile::tempdir().unwrap();
    let (text, out) = {
        let out = crate::common::kifu()
            .env("KIFU_DATA_DIR", dir.path().join("data"))
            .env("KIFU_CONFIG_DIR", dir.path().join("config"))
            .current_dir(dir.path())
            .args(["--plain", "--size", "9", "redo.sgf"])
            .write_stdin("d4\ne5\n[\nf5\ncomment what-if F5\n[\ne5\nu\n]\nw\nq\n")
            .output()
            .unwrap();
        (String::from_utf8_lossy(&out.stdout).into_owned(), out)
    };
    assert!(out.status.success(), "{text}");
    assert!(text.contains("put back: E5"), "{text}");
    let sgf = std::fs::read_to_string(dir.path().join("redo.sgf")).unwrap();
    assert!(
        sgf.contains(";B[df]\n(;W[ee])\n(;W[fe]C[what-if F5])"),
        "{sgf}"
    );
}

/// A session that ends unsaved on a variation's move: the next start
/// recovers the game at that move, not at the main line's end.
#[test]
fn a_recovered_game_opens_where_play_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let (text, _) = plain(dir.path(), "g.sgf", "d4\ne5\nf6\n[\n[\ng7\ncomment tried\n");
    assert!(
        text.contains("the unsaved changes are in the autosave"),
        "{text}"
    );
    let (text, _) = plain(dir.path(), "g.sgf", "r\nwhere\nq!\n");
    assert!(text.contains("recovered"), "{text}");
    assert!(
        text.contains("Last move: White G7, move 2. Move 2, variation 2 of 2 from move 2."),
        "{text}"
    );
    // No lock file is left beside the autosaves once this start has seen
    // the earlier session's.
    let autosaves = dir.path().join("data/autosave");
    let locks: Vec<_> = std::fs::read_dir(&autosaves)
        .unwrap()
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "lock"))
        .collect();
    assert!(locks.is_empty(), "{locks:?}");
}
