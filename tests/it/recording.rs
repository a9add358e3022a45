//! Recording a whole game: results that are not counts, comments, clocks,
//! the komi of a handicap game, and a count written only for the end of
//! the game. Driven through `App::update`, checked on the screen and in the
//! SGF kifu writes.

use crate::common;

use kifu::app::{Action, App, Mode, Question};
use kifu::game::record::GameRecord;
use kifu::game::rules::Rules;
use kifu::sgf;

fn app9() -> App {
    App::new(
        GameRecord::new(9, Rules::japanese()).unwrap(),
        Some("game.sgf".into()),
    )
}

use common::command;

/// Plays `moves` (GTP points) by typing them.
fn play(a: &mut App, moves: &[&str]) {
    for m in moves {
        command(a, &format!("play {m}"));
    }
}

/// The game as kifu writes it, read back.
fn reread(a: &App) -> GameRecord {
    let f = sgf::read_text(&sgf::to_sgf(a.record()));
    f.game(1).unwrap().record.clone()
}

#[test]
fn results_without_a_count() {
    let mut a = app9();
    play(&mut a, &["E5", "C3"]);
    for (typed, re) in [
        ("W+R", "W+R"),
        ("B+T", "B+T"),
        ("w+forfeit", "W+F"),
        ("0", "0"),
        ("jigo", "0"),
        ("void", "Void"),
        ("?", "?"),
        ("B+3.5", "B+3.5"),
    ] {
        command(&mut a, &format!("result {typed}"));
        assert_eq!(
            a.record()
                .info
                .result
                .as_ref()
                .map(ToString::to_string)
                .as_deref(),
            Some(re),
            "{typed}"
        );
        assert!(sgf::to_sgf(a.record()).contains(&format!("RE[{re}]")));
    }
    // Nonsense is refused and the result kept.
    command(&mut a, "result maybe");
    assert!(
        a.message()
            .as_deref()
            .unwrap_or("")
            .contains("not a result")
    );
    assert_eq!(
        a.record().info.result.as_ref().unwrap().to_string(),
        "B+3.5"
    );
    // The side to move resigns: Black to move, so White wins.
    command(&mut a, "resign");
    assert_eq!(a.record().info.result.as_ref().unwrap().to_string(), "W+R");
    assert!(
        a.message()
            .as_deref()
            .unwrap_or("")
            .contains("Black resigns")
    );
    let s = common::screen(&a, common::ascii(), 80, 24);
    assert!(s.contains("Result: W+R"), "{s}");
    assert!(a.dirty());
}

#[test]
fn the_info_form_takes_the_result_and_the_time_setting() {
    let mut a = app9();
    a.update(Action::Info);
    let Mode::Info(form) = &a.mode() else {
        panic!("no form")
    };
    let fields: Vec<_> = form
        .fields
        .iter()
        .map(|(f, _)| f.label(kifu::i18n::Lang::En))
        .collect();
    for want in ["Result", "Main time", "Overtime"] {
        assert!(fields.iter().any(|f| f == want), "{fields:?}");
    }
    let select = |a: &mut App, label: &str| {
        for _ in 0..20 {
            if let Mode::Info(f) = &a.mode()
                && f.fields[f.selected].0.label(kifu::i18n::Lang::En) == label
            {
                return;
            }
            a.update(Action::Down);
        }
    };
    for (label, text) in [
        ("Result", "B+R"),
        ("Main time", "1:00:00"),
        ("Overtime", "5x30 byo-yomi"),
    ] {
        select(&mut a, label);
        for c in text.chars() {
            a.update(Action::Input(c));
        }
    }
    a.update(Action::Submit);
    assert_eq!(*a.mode(), Mode::Record, "{:?}", a.message());
    let text = sgf::to_sgf(a.record());
    for want in ["RE[B+R]", "TM[3600]", "OT[5x30 byo-yomi]"] {
        assert!(text.contains(want), "{want} in {text}");
    }
    let back = reread(&a);
    assert_eq!(back.info.main_time, Some(3600.0));
    // A bad result names the field.
    a.update(Action::Info);
    select(&mut a, "Result");
    for _ in 0..5 {
        a.update(Action::Backspace);
    }
    for c in "soon".chars() {
        a.update(Action::Input(c));
    }
    a.update(Action::Submit);
    assert!(matches!(a.mode(), Mode::Info(_)));
    assert!(a.message().as_deref().unwrap_or("").starts_with("Result:"));
}

#[test]
fn comments_on_moves_and_on_the_game() {
    let mut a = app9();
    play(&mut a, &["E5", "C3", "G7"]);
    command(&mut a, "goto 2");
    command(&mut a, "comment clock: 5 min left]");
    assert_eq!(a.message().as_deref(), Some("comment on move 2"));
    // `#` opens the command line on the comment, to edit it.
    a.update(Action::Comment);
    assert_eq!(
        *a.mode(),
        Mode::Command("comment clock: 5 min left]".into())
    );
    a.update(Action::Cancel);
    command(&mut a, "comment+ referee: the move stands");
    a.update(Action::Comment);
    assert_eq!(
        *a.mode(),
        Mode::Command("comment+ ".into()),
        "a long one gets a line"
    );
    a.update(Action::Cancel);
    let s = common::screen(&a, common::ascii(), 80, 24);
    assert!(s.contains("Comment: clock: 5 min left]"), "{s}");
    assert!(s.contains("referee: the move stands"), "{s}");
    command(&mut a, "gc Club championship, round 3");
    // Written, escaped, on move 2, and read back.
    let text = sgf::to_sgf(a.record());
    assert!(
        text.contains("C[clock: 5 min left\\]\nreferee: the move stands]"),
        "{text}"
    );
    assert!(text.contains("GC[Club championship, round 3]"));
    let mut back = reread(&a);
    back.goto_move(2);
    assert_eq!(
        back.node(back.current()).comment.as_deref(),
        Some("clock: 5 min left]\nreferee: the move stands")
    );
    assert_eq!(
        back.info.game_comment.as_deref(),
        Some("Club championship, round 3")
    );
    // Empty text removes the comment.
    command(&mut a, "comment");
    assert_eq!(a.record().node(a.record().current()).comment, None);
}

#[test]
fn clocks_are_noted_on_the_move() {
    let mut a = app9();
    play(&mut a, &["E5", "C3"]);
    command(&mut a, "clock 5:00 3:20");
    assert_eq!(
        a.message().as_deref(),
        Some("clock noted: Black 5:00, White 3:20")
    );
    play(&mut a, &["G7"]);
    // One time: the player who just moved (Black).
    command(&mut a, "clock 4:31");
    let text = sgf::to_sgf(a.record());
    assert!(text.contains(";W[cg]BL[300]WL[200]"), "{text}");
    assert!(text.contains(";B[gc]BL[271]"), "{text}");
    let s = common::screen(&a, common::ascii(), 80, 24);
    assert!(s.contains("Clock: B 4:31  W 3:20"), "{s}");
    command(&mut a, "clock soon");
    assert!(
        a.message()
            .as_deref()
            .unwrap_or("")
            .starts_with(":clock \"soon\": the main time is not a duration")
    );
}

/// The sample 9x9 game with its RE, at its end and at move 10.
fn finished_sample() -> App {
    let text = std::fs::read_to_string(format!(
        "{}/samples/9x9-finished.sgf",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let f = sgf::read_text(&text);
    let mut rec = f.game(1).unwrap().record.clone();
    rec.to_end();
    App::new(rec, Some("9x9.sgf".into()))
}

#[test]
fn a_count_is_written_as_the_result_only_at_the_end_of_the_game() {
    let mut a = finished_sample();
    command(&mut a, "result W+R");
    command(&mut a, "goto 10");
    let node = a.record().current();
    let before = a.record().node(node).clone();
    a.update(Action::Count);
    a.update(Action::WriteResult);
    assert_eq!(*a.mode(), Mode::Ask(Question::GoEnd));
    let msg = a.message().clone().unwrap_or_default();
    assert!(msg.contains("this is move 10 of 26"), "{msg}");
    assert!(msg.contains(":result"), "{msg}");
    // n: nothing is written.
    a.update(Action::Input('n'));
    assert_eq!(*a.mode(), Mode::Count);
    assert_eq!(a.record().info.result.as_ref().unwrap().to_string(), "W+R");
    assert_eq!(*a.record().node(node), before, "no TB/TW on move 10");
    // R again, then y: to the end, counted there; R writes it (asking,
    // since the file says otherwise).
    a.update(Action::WriteResult);
    a.update(Action::Input('y'));
    assert_eq!(*a.mode(), Mode::Count);
    assert_eq!(a.record().move_number(), 26);
    a.update(Action::WriteResult);
    assert_eq!(*a.mode(), Mode::Ask(Question::Result));
    a.update(Action::Input('y'));
    let re = a.record().info.result.as_ref().unwrap().to_string();
    assert_ne!(re, "W+R");
    let end = a.record().current();
    assert!(a.record().node(end).prop("TB").is_some() || a.record().node(end).prop("TW").is_some());
}

#[test]
fn a_handicap_game_gets_half_a_point_of_komi() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("new.sgf");
    for (args, komi) in [
        (vec!["--handicap", "4", "--rules", "japanese"], "komi 0.5"),
        (vec!["--handicap", "4", "--rules", "chinese"], "komi 0.5"),
        (vec!["--handicap", "4", "--komi", "6.5"], "komi 6.5"),
        (vec!["--rules", "japanese"], "komi 6.5"),
    ] {
        let out = crate::common::kifu()
            .env("KIFU_CONFIG_DIR", dir.path())
            .args(&args)
            .arg(&f)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains(komi), "{args:?}: {text}");
    }
    // The form: the komi follows the handicap until one is typed, and
    // says where it comes from.
    let mut a = App::new(GameRecord::new(19, Rules::japanese()).unwrap(), None);
    a.update(Action::Info);
    for _ in 0..20 {
        if let Mode::Info(f) = &a.mode()
            && f.fields[f.selected].0.label(kifu::i18n::Lang::En) == "Handicap"
        {
            break;
        }
        a.update(Action::Down);
    }
    a.update(Action::Backspace);
    a.update(Action::Input('3'));
    let Mode::Info(form) = &a.mode() else {
        panic!("no form")
    };
    assert_eq!(form.value(kifu::app::info::Field::Komi), "0.5");
    assert_eq!(form.komi_source, "form.komi.handicap");
    let s = common::screen(&a, common::ascii(), 80, 24);
    assert!(s.contains("0.5  (half a point: a handicap game)"), "{s}");
}

/// Three kos at once under Japanese rules: the cycle repeats the whole
/// board; kifu says so with the move numbers and `:result void` ends the
/// game without result (art. 12).
#[test]
fn a_triple_ko_is_reported_and_void_written() {
    let start = include_str!("../../crates/kifu-go/tests/positions/triple_ko9.txt");
    let board = kifu::game::Board::from_diagram(start).unwrap();
    let mut rec = GameRecord::new(9, Rules::japanese()).unwrap();
    for p in board.points() {
        if let Some(c) = board.get(p) {
            rec.add_setup(p, Some(c));
        }
    }
    let mut a = App::new(rec, Some("ko.sgf".into()));
    for m in ["C8", "G8", "C4", "B8", "H8"] {
        command(&mut a, &format!("play {m}"));
        assert!(
            !a.message().as_deref().unwrap_or("").contains("repeats"),
            "{m}"
        );
    }
    command(&mut a, "play B4");
    let msg = a.message().clone().unwrap_or_default();
    assert!(
        msg.contains("the position after move 6 repeats the one after move 0"),
        "{msg}"
    );
    assert!(msg.contains(":result void"), "{msg}");
    command(&mut a, "result void");
    assert!(sgf::to_sgf(a.record()).contains("RE[Void]"));
}

#[test]
fn a_move_taken_back_comes_back_with_forward_as_redo_does() {
    let mut a = app9();
    play(&mut a, &["E5", "C3", "G7"]);
    command(&mut a, "comment a fine move");
    let before = sgf::to_sgf(a.record());
    a.update(Action::Undo);
    a.update(Action::Undo);
    assert_eq!(a.record().move_number(), 1);
    assert!(
        a.message()
            .as_deref()
            .unwrap_or("")
            .contains("] puts it back")
    );
    a.update(Action::Forward);
    a.update(Action::Forward);
    assert_eq!(sgf::to_sgf(a.record()), before, "the moves and the comment");
    assert_eq!(
        a.message().as_deref(),
        Some("put back: G7, with its comment")
    );
    // Nothing more to put back.
    a.update(Action::Forward);
    assert_eq!(a.message().as_deref(), Some("no later move here"));
    // A new move where one was taken back: `]` follows the lines as they
    // are (the move taken back stays for `U`).
    a.update(Action::Undo);
    play(&mut a, &["D4"]);
    a.update(Action::Undo);
    a.update(Action::Forward);
    assert_eq!(a.record().move_number(), 3);
    assert_eq!(a.message().as_deref(), Some("put back: D4"), "not G7");
}

#[test]
fn the_info_form_stops_at_its_first_and_last_fields() {
    let mut a = app9();
    a.update(Action::Info);
    let selected = |a: &App| match &a.mode() {
        Mode::Info(f) => (f.selected, f.fields.len()),
        _ => panic!("no form"),
    };
    a.update(Action::Up);
    assert_eq!(selected(&a).0, 0, "Up on the first field stays");
    for _ in 0..40 {
        a.update(Action::Down);
    }
    let (i, n) = selected(&a);
    assert_eq!(i, n - 1, "Down on the last field stays");
}
