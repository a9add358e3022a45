//! Every point of a 19x19 typed as a person types it (each of the 19
//! column letters, lower and upper case, with each row): on a finished
//! game it is played or refused as taken, at every step of the
//! walkthrough and presenting it moves the cursor there, and in line
//! mode's count mode it says what is there. Never a command: no quit, no
//! count mode opened, no step chosen, no mark changed.

use crate::common::{self, Drive};
use kifu::app::key::{KeyCode, KeyEvent, KeyModifiers};
use kifu::app::{Action, App, Effect, Mode};
use kifu::game::record::GameRecord;
use kifu::game::rules::Rules;
use kifu::game::{Board, Move, Point};

/// The final position of a KGS game (docs/rules.md J1).
const J1: &str = include_str!("../../crates/kifu-go/tests/positions/j1.txt");

const COLUMNS: &str = "abcdefghjklmnopqrst";

/// Every point as typed: `a1` .. `t19`, and `A1` .. `T19`.
fn every_point() -> Vec<(String, Point)> {
    let mut out = Vec::new();
    for (x, c) in COLUMNS.chars().enumerate() {
        for row in 1..=19u8 {
            let p = Point::new(x as u8, 19 - row);
            out.push((format!("{c}{row}"), p));
            out.push((format!("{}{row}", c.to_ascii_uppercase()), p));
        }
    }
    out
}

/// J1 played to its end: the stones set up, then two passes.
fn finished() -> GameRecord {
    let board = Board::from_diagram(J1).unwrap();
    let mut rec = GameRecord::new(19, Rules::chinese()).unwrap();
    for p in board.points() {
        if let Some(c) = board.get(p) {
            rec.add_setup(p, Some(c));
        }
    }
    rec.play(Move::Pass).unwrap();
    rec.play(Move::Pass).unwrap();
    rec
}

/// Types the text key by key (`\n` Enter); every effect asked for.
fn typed(a: &mut App, text: &str) -> Vec<Effect> {
    text.chars()
        .map(|c| {
            let code = match c {
                '\n' => KeyCode::Enter,
                c => KeyCode::Char(c),
            };
            a.key(KeyEvent::new(code, KeyModifiers::NONE))
        })
        .collect()
}

#[test]
fn every_point_typed_on_a_finished_game_is_a_move() {
    let mut rec = finished();
    rec.info.result = Some(kifu::game::GameResult::parse("W+8.5"));
    let end = rec.current();
    for (text, p) in every_point() {
        let mut r = rec.clone();
        r.go_to(end);
        let mut a = App::new(r, None);
        let effects = typed(&mut a, &format!("{text}\n"));
        assert!(
            effects.iter().all(|e| *e == Effect::None),
            "{text}: {effects:?}"
        );
        assert_eq!(
            *a.mode(),
            Mode::Record,
            "{text}: no count mode, no question"
        );
        assert_eq!(a.cursor(), p, "{text}");
        let mut at_end = rec.clone();
        at_end.go_to(end);
        if let Err(e) = at_end.check(Move::Play(p)) {
            // Refused as the rules refuse it (taken, suicide): still a point.
            assert_eq!(a.record().current(), end, "{text}: refused, not played");
            let said = a.message().clone().unwrap_or_default();
            assert!(
                said == "That point is taken" || said.starts_with("Suicide"),
                "{text}: {e:?}: {said}"
            );
        } else {
            let node = a.record().node(a.record().current());
            assert_eq!(node.mv.map(|(_, m)| m), Some(Move::Play(p)), "{text}");
            assert_eq!(node.parent, Some(end), "{text}");
        }
    }
}

/// J1 in count mode, its dead stones as kifu proposes them.
fn counting() -> App {
    let mut a = App::new(finished(), None);
    a.update(Action::Count);
    assert_eq!(*a.mode(), Mode::Count);
    a
}

fn state(a: &App) -> (Vec<Point>, String, usize, bool) {
    let cs = a.count().as_ref().unwrap();
    (
        cs.session.marks.dead_points(),
        kifu::sgf::to_sgf(a.record()),
        cs.step_number(),
        a.presentation(),
    )
}

#[test]
fn every_point_typed_at_each_step_and_presenting_moves_the_cursor() {
    let mut a = counting();
    let steps = a.count().as_ref().unwrap().view.steps();
    // The map, each step, then presenting at the map and at each step.
    for present in [false, true] {
        if present {
            a.update(Action::Present);
        }
        for step in 0..=steps {
            a.update(Action::GoStep(step as u8));
            let before = state(&a);
            for (text, p) in every_point() {
                let effects = typed(&mut a, &format!("{text}\n"));
                assert!(
                    effects.iter().all(|e| *e == Effect::None),
                    "{text} at step {step}: {effects:?}"
                );
                assert_eq!(*a.mode(), Mode::Count, "{text} at step {step}");
                assert_eq!(a.cursor(), p, "{text} at step {step}");
                assert_eq!(state(&a), before, "{text} at step {step}");
                let said = a.message().clone().unwrap_or_default();
                assert!(
                    said.starts_with(&format!("cursor {}: ", p.to_gtp(19))),
                    "{text} at step {step}: {said}"
                );
                // Presenting, the cursor shows there until the next key.
                assert!(a.pointed(), "{text} at step {step}");
            }
        }
    }
}

/// Presenting, the terminal's cursor marks a typed point (a teacher
/// pointing at it) and goes with the next key.
#[test]
fn presenting_a_typed_point_shows_the_cursor_until_the_next_key() {
    let mut a = counting();
    a.update(Action::Present);
    let mut term = ratatui::Terminal::new(ratatui::backend::TestBackend::new(160, 50)).unwrap();
    // Whether the frame shows the terminal's cursor.
    let cursor = |a: &App, term: &mut ratatui::Terminal<ratatui::backend::TestBackend>| {
        term.draw(|f| kifu::ui::draw(f, a, common::unicode()))
            .unwrap();
        term.backend().cursor_visible()
    };
    assert!(!cursor(&a, &mut term), "no cursor while presenting");
    typed(&mut a, "q16\n");
    assert!(cursor(&a, &mut term), "the cursor marks Q16");
    typed(&mut a, "3");
    assert!(!cursor(&a, &mut term), "gone with the next key");
}

#[test]
fn every_point_typed_in_line_mode_s_count_mode_says_what_is_there() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("j1.sgf");
    std::fs::write(&file, kifu::sgf::to_sgf(&finished())).unwrap();
    let mut input = String::from("count\n");
    let points = every_point();
    for (text, _) in &points {
        input.push_str(text);
        input.push('\n');
    }
    input.push_str("q!\n");
    let out = common::kifu()
        .env("KIFU_DATA_DIR", dir.path().join("data"))
        .env("KIFU_CONFIG_DIR", dir.path().join("config"))
        .args(["--plain"])
        .arg(&file)
        .write_stdin(input)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    let cursor_lines = text.lines().filter(|l| l.starts_with("cursor ")).count();
    assert_eq!(cursor_lines, points.len(), "{text}");
    for (t, p) in &points {
        assert!(
            text.contains(&format!("cursor {}: ", p.to_gtp(19))),
            "{t}: {text}"
        );
    }
    assert!(!text.contains("marked dead"), "{text}");
    assert!(!text.contains("marked alive"), "{text}");
}
