//! Count mode in front of a class: real key events through `App::key`.
//! No sequence of the keys a presenter presses (Space, Enter, steps,
//! digits, views, side, F5, legend, Esc) may change the marks or the
//! record; marking happens on the map and says what changed, with undo.

use crate::common::Drive;
use kifu::app::key::{KeyCode, KeyEvent, KeyModifiers};
use kifu::app::{Action, App, Mode};
use kifu::game::record::GameRecord;
use kifu::game::rules::Rules;
use kifu::game::{Board, Move, Point};
use proptest::prelude::*;

/// The final position of a KGS game (docs/rules.md J1); lowercase stones
/// are dead.
const J1: &str = include_str!("../../crates/kifu-go/tests/positions/j1.txt");

/// The diagram as a game that ended with two passes, in count mode with
/// the lowercase stones marked dead (as the file's TB/TW would).
fn counted_game(diagram: &str) -> App {
    let board = Board::from_diagram(diagram).unwrap();
    let mut rec = GameRecord::new(usize::from(board.size()), Rules::chinese()).unwrap();
    for p in board.points() {
        if let Some(c) = board.get(p) {
            rec.add_setup(p, Some(c));
        }
    }
    rec.play(Move::Pass).unwrap();
    rec.play(Move::Pass).unwrap();
    let mut a = App::new(rec, None);
    // `c`, then a key that is no digit: `c3` would be the point C3.
    type_keys(&mut a, "c\x1b");
    assert_eq!(*a.mode(), Mode::Count);
    // Marked as the players mark them (a click on each chain), then the
    // cursor and the message line as they were before.
    let (cursor, message) = (a.cursor(), a.message().clone());
    let kifus = a.count().as_ref().unwrap().session.marks.dead_points();
    for p in kifus {
        a.update(Action::PlayAt(p));
    }
    for p in lowercase(diagram) {
        if !a.count().as_ref().unwrap().session.marks.is_dead(p) {
            a.update(Action::PlayAt(p));
        }
    }
    a.update(Action::CursorTo(cursor));
    a.update(match message {
        Some(m) => Action::Notice(m),
        None => Action::Said,
    });
    a
}

fn lowercase(diagram: &str) -> Vec<Point> {
    let rows = diagram.lines().map(str::trim).filter(|l| !l.is_empty());
    let mut out = Vec::new();
    for (y, row) in rows.enumerate() {
        for (x, ch) in row.chars().filter(|c| !c.is_whitespace()).enumerate() {
            if ch == 'x' || ch == 'o' {
                out.push(Point::new(x as u8, y as u8));
            }
        }
    }
    out
}

fn key(a: &mut App, code: KeyCode) {
    a.key(KeyEvent::new(code, KeyModifiers::NONE));
}

/// Keys as a person types them: `\n` Enter, `\x1b` Esc, `\u{1}` F5.
fn type_keys(a: &mut App, keys: &str) {
    for c in keys.chars() {
        match c {
            '\n' => key(a, KeyCode::Enter),
            '\x1b' => key(a, KeyCode::Esc),
            '\u{1}' => key(a, KeyCode::F(5)),
            c => key(a, KeyCode::Char(c)),
        }
    }
}

/// What may not change: the marks, the record as written, the moves.
fn state(a: &App) -> (Vec<Point>, String) {
    (
        a.count().as_ref().unwrap().session.marks.dead_points(),
        kifu::sgf::to_sgf(a.record()),
    )
}

#[test]
fn space_and_enter_in_a_step_go_on_and_never_mark() {
    let mut a = counting_at_k10();
    let before = state(&a);
    let result = a.count().as_ref().unwrap().result();
    // Step 3 with the cursor on a big living group, then Space, Enter.
    type_keys(&mut a, "3 \n");
    assert_eq!(state(&a), before);
    assert_eq!(a.count().as_ref().unwrap().step_number(), 5);
    assert_eq!(a.count().as_ref().unwrap().result(), result);
    // From the map too Space goes to step 1, presenting or not: marking
    // has keys of its own (x X =, a click).
    type_keys(&mut a, "0 ");
    assert_eq!(a.count().as_ref().unwrap().step_number(), 1);
    type_keys(&mut a, "0\u{1}\n");
    assert_eq!(a.count().as_ref().unwrap().step_number(), 1);
    assert_eq!(state(&a), before);
}

/// J1 in count mode with the cursor on a living white stone.
fn counting_at_k10() -> App {
    let mut a = counted_game(J1);
    let board = a.count().as_ref().unwrap().session.board.clone();
    let white = board
        .points()
        .find(|&p| board.get(p) == Some(kifu::game::Color::White) && board.chain(p).len() > 10)
        .expect("a large white chain");
    a.update(kifu::app::Action::CursorTo(white));
    a
}

#[test]
fn a_column_letter_then_a_digit_is_a_point_at_every_step_and_presenting() {
    let a = counting_at_k10();
    let before = state(&a);
    // At a step of the walkthrough (here from step 1) and while
    // presenting, a key that is a column letter followed by a digit is a
    // point (a teacher pointing at N3 or Q16), never the key and a step.
    for start in ["1", "\u{1}", "\u{1}4"] {
        for (keys, at) in [
            ("n3", "N3"),
            ("b2", "B2"),
            ("c9", "C9"),
            ("e4", "E4"),
            ("q16", "Q16"),
            ("N6", "N6"),
        ] {
            let mut b = counting_at_k10();
            type_keys(&mut b, start);
            let step = b.count().as_ref().unwrap().step_number();
            type_keys(&mut b, keys);
            assert!(
                matches!(b.mode(), Mode::Coordinate(_)),
                "{start:?} {keys:?}: {:?}",
                b.mode()
            );
            type_keys(&mut b, "\n");
            assert_eq!(*b.mode(), Mode::Count, "{start:?} {keys:?}");
            assert_eq!(b.cursor().to_gtp(19), at, "{start:?} {keys:?}");
            assert_eq!(
                state(&b),
                before,
                "{keys:?} changed the count or the record"
            );
            assert_eq!(b.count().as_ref().unwrap().step_number(), step, "{keys:?}");
        }
    }
    // A step key alone, then a digit after another key, is a step.
    let mut b = counting_at_k10();
    type_keys(&mut b, "1n\x1b3");
    assert_eq!(b.count().as_ref().unwrap().step_number(), 3);
}

/// A teacher types a point to show it (`d15` Enter, `n3` Enter on the
/// map): the cursor goes there, the message says what is there, and the
/// marks, the step and the record stay as they were.
#[test]
fn a_typed_point_in_count_mode_shows_it_and_never_marks() {
    let a = counting_at_k10();
    let before = state(&a);
    let board = a.count().as_ref().unwrap().session.board.clone();
    // A point under a stone in every column, so that each letter is tried
    // on a chain it could have marked.
    for x in 0..19u8 {
        let Some(p) = (0..19u8)
            .map(|y| Point::new(x, y))
            .find(|&p| board.get(p).is_some())
        else {
            continue;
        };
        let typed = p.to_gtp(19).to_ascii_lowercase();
        let mut b = counting_at_k10();
        type_keys(&mut b, &format!("{typed}\n"));
        assert_eq!(state(&b), before, "{typed} changed the count");
        assert_eq!(*b.mode(), Mode::Count, "{typed}");
        assert_eq!(b.cursor(), p, "{typed} moved the cursor there");
        assert_eq!(b.count().as_ref().unwrap().step_number(), 0, "{typed}");
        let said = b.message().clone().unwrap_or_default();
        assert!(
            said.starts_with(&format!("cursor {}", p.to_gtp(19))),
            "{typed}: {said}"
        );
    }
    // The status line says what Enter will do while the point is typed.
    let mut b = counting_at_k10();
    type_keys(&mut b, "d15");
    let s = crate::common::screen(&b, crate::common::unicode(), 80, 24);
    assert!(
        s.contains("show: d15_ (Enter moves the cursor there"),
        "{s}"
    );
    // Uppercase as a point is read too (D15), and Esc leaves the typing.
    let mut b = counting_at_k10();
    type_keys(&mut b, "D15\x1b");
    assert_eq!(*b.mode(), Mode::Count);
    assert_eq!(state(&b), before);
}

#[test]
fn marking_on_the_map_says_what_changed_and_u_takes_it_back() {
    let mut a = counting_at_k10();
    let before = state(&a);
    let result = a.count().as_ref().unwrap().result().to_string();
    let at = a.cursor().to_gtp(19);
    let n = a
        .count()
        .as_ref()
        .unwrap()
        .session
        .board
        .chain(a.cursor())
        .len();
    // In a step `x` only says where marking is.
    type_keys(&mut a, "2x");
    assert_eq!(state(&a), before);
    assert!(
        a.message()
            .as_deref()
            .unwrap_or("")
            .contains("marking is on the map")
    );
    type_keys(&mut a, "0x");
    let after = a.count().as_ref().unwrap().result().to_string();
    assert_ne!(after, result);
    assert_eq!(
        a.message().as_deref(),
        Some(
            format!("White's {n} stones at {at} marked dead: {result} -> {after} (u undoes)")
                .as_str()
        )
    );
    type_keys(&mut a, "u");
    assert_eq!(state(&a), before);
    assert_eq!(
        a.message().as_deref(),
        Some(format!("the last change of the marks taken back: {after} -> {result}").as_str())
    );
    // A point on the command line shows it, as typed on the board; `:dead`
    // marks, from anywhere (it is deliberate).
    type_keys(&mut a, &format!("3:{at}\n"));
    assert_eq!(state(&a), before);
    assert_eq!(a.count().as_ref().unwrap().step_number(), 3);
    type_keys(&mut a, &format!(":dead {at}\n"));
    assert_eq!(a.count().as_ref().unwrap().result().to_string(), after);
    assert_eq!(
        a.count().as_ref().unwrap().step_number(),
        0,
        "the change shows on the map"
    );
}

#[test]
fn c_then_a_digit_on_a_finished_game_is_a_point() {
    let mut a = counting_at_k10();
    type_keys(&mut a, "c");
    assert_eq!(*a.mode(), Mode::Record);
    let empty = a
        .record()
        .board()
        .points()
        .find(|p| p.x == 2 && a.record().board().get(*p).is_none())
        .expect("an empty point in column C");
    let at = empty.to_gtp(19);
    let moves = a.record().move_number();
    type_keys(&mut a, &format!("{}\n", at.to_ascii_lowercase()));
    assert_eq!(*a.mode(), Mode::Record, "c{} is no step", &at[1..]);
    assert_eq!(a.record().move_number(), moves + 1, "{at} was played");
    assert!(a.record().board().get(empty).is_some());
}

#[test]
fn a_letter_that_is_neither_a_key_nor_a_column_says_how_to_mark() {
    let mut a = counting_at_k10();
    let before = state(&a);
    type_keys(&mut a, "w");
    assert_eq!(*a.mode(), Mode::Count);
    assert_eq!(state(&a), before);
    let said = a.message().clone().unwrap_or_default();
    assert!(said.contains("x marks the chain at the cursor"), "{said}");
    assert!(said.contains(":dead Q16"), "{said}");
}

#[test]
fn esc_backs_out_to_the_map_and_never_leaves_count_mode() {
    let mut a = counting_at_k10();
    type_keys(&mut a, "\u{1}4\x1b");
    assert_eq!(a.count().as_ref().unwrap().step_number(), 0);
    assert!(a.presentation());
    type_keys(&mut a, "\x1b");
    assert!(!a.presentation());
    type_keys(&mut a, "\x1b\x1b");
    assert_eq!(*a.mode(), Mode::Count);
    // c goes back to recording, on purpose.
    type_keys(&mut a, "c");
    assert_eq!(*a.mode(), Mode::Record);
}

/// The keys a presenter presses.
fn presenter_key() -> impl Strategy<Value = KeyCode> {
    prop_oneof![
        Just(KeyCode::Char(' ')),
        Just(KeyCode::Enter),
        Just(KeyCode::Char('n')),
        Just(KeyCode::Char('N')),
        Just(KeyCode::Char('b')),
        Just(KeyCode::Char('v')),
        Just(KeyCode::Char('L')),
        Just(KeyCode::Esc),
        Just(KeyCode::F(5)),
        Just(KeyCode::Char('+')),
        Just(KeyCode::Right),
        Just(KeyCode::Left),
        (0u8..10).prop_map(|d| KeyCode::Char(char::from(b'0' + d))),
    ]
}

#[test]
fn presenting_is_left_with_esc_before_c_goes_back_to_recording() {
    let mut a = counting_at_k10();
    let before = state(&a);
    type_keys(&mut a, "\u{1}2c\x1b9\n c\x1b0\n ");
    assert_eq!(*a.mode(), Mode::Count);
    assert_eq!(state(&a), before);
    type_keys(&mut a, "\x1b\x1bc");
    assert_eq!(*a.mode(), Mode::Record);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any sequence of a presenter's keys, from any step, changes neither
    /// the marks nor the record, and never leaves count mode.
    #[test]
    fn no_presenter_sequence_changes_the_count(
        start in 1u8..7,
        keys in proptest::collection::vec(presenter_key(), 1..40),
    ) {
        let mut a = counting_at_k10();
        let before = state(&a);
        // Presenting or not (F5 is among the keys).
        type_keys(&mut a, &format!("\u{1}{start}"));
        for k in keys {
            key(&mut a, k);
            // A typed point (`n` then a digit on the map) is an overlay
            // of count mode, which it never leaves.
            prop_assert!(
                matches!(a.mode(), Mode::Count | Mode::Legend | Mode::Coordinate(_)),
                "{:?}",
                a.mode()
            );
            prop_assert_eq!(a.base(), &Mode::Count);
        }
        prop_assert_eq!(state(&a), before);
    }
}
