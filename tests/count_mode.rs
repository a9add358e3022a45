//! Count mode in the TUI: `App::update` on count actions, and snapshots of
//! every walkthrough step (9x9 and 19x19, Unicode and ascii()).

mod common;
use common::{ascii, screen, unicode};

use kifu::app::count::View;
use kifu::app::{Action, App, Mode};
use kifu::game::record::GameRecord;
use kifu::game::rules::Rules;
use kifu::game::{Board, Color, Point};
use kifu::ui::Look;

/// The final position of samples/9x9-seki.sgf; lowercase stones are the
/// dead ones (marked through the UI in the tests).
const SEKI: &str = include_str!("positions/seki9.txt");

/// The final position of a KGS game (RULES.md J1).
const J1: &str = "
. . . O X X X O . . . O O X . . . . .
. . O . O X O O O . O . O X X . X . .
. . x O O X X O X O O O X X . o o X .
. . O O X X . X X X O X o X o o X X .
. . O . O X X X X X X X o o X X X X X
. O O O O X X . . . . o . o o o X X .
. x O X X X X X o . X X X X X X X . .
. . x O X X O O X X X O O O O X O O O
. O x O O O . . O X O O X X O O O X X
O . O x . O O O O O O . X O O . X . X
O O . O O X O X X X X X X O X X X X .
O X O O X X X X . X X O X X O O O X X
O X O X X X O X X X X O O X X . . X .
X X X X O O O . O O O O O O O O O X O
X . X X X O . O . . . O X O X X O O O
. X O O X O . . . . O . X X . X X X O
. X X O O . O x . O O X X o o X O O O
. X O O O . O . . . O X X . X . X O O
. X X X O O . . . . O O X . . . X X O
";

/// A record whose root sets up the diagram's stones, in count mode with
/// the lowercase stones marked dead by Space.
fn counting(diagram: &str, rules: Rules) -> App {
    let board = Board::from_diagram(diagram).unwrap();
    let mut rec = GameRecord::new(usize::from(board.size()), rules).unwrap();
    for p in board.points() {
        if let Some(c) = board.get(p) {
            rec.add_setup(p, Some(c));
        }
    }
    let mut a = App::new(rec, None);
    a.update(Action::Count);
    assert_eq!(a.mode, Mode::Count);
    // Start from no marks: clear kifu's own proposal.
    while let Some(&p) = a.count.as_ref().unwrap().marks.dead_points().first() {
        a.update(Action::PlayAt(p));
    }
    a.count.as_mut().unwrap().unsure.clear();
    let rows = diagram.lines().map(str::trim).filter(|l| !l.is_empty());
    for (y, row) in rows.enumerate() {
        for (x, ch) in row.chars().filter(|c| !c.is_whitespace()).enumerate() {
            if ch == 'x' || ch == 'o' {
                let p = Point::new(x as u8, y as u8);
                if !a.count.as_ref().unwrap().marks.is_dead(p) {
                    a.update(Action::PlayAt(p));
                }
            }
        }
    }
    a
}

#[test]
fn marking_the_dead_stones_gives_the_recorded_result() {
    let a = counting(SEKI, Rules::chinese());
    let cs = a.count.as_ref().unwrap();
    assert_eq!(cs.marks.dead_points().len(), 6);
    assert_eq!(cs.result().to_string(), "B+16.5");
    assert_eq!(cs.count.area.black, 52.5);
}

#[test]
fn toggling_a_chain_twice_brings_it_back() {
    let mut a = counting(SEKI, Rules::chinese());
    // H8 and H7 are one chain: one toggle brings both back.
    let h8 = Point::new(7, 1);
    a.update(Action::PlayAt(h8));
    assert_eq!(a.count.as_ref().unwrap().marks.dead_points().len(), 4);
    assert_eq!(a.count.as_ref().unwrap().result().to_string(), "W+11.5");
    a.update(Action::PlayAt(h8));
    assert_eq!(a.count.as_ref().unwrap().marks.dead_points().len(), 6);
    a.update(Action::PlayAt(Point::new(2, 0)));
    assert_eq!(
        a.message.as_deref(),
        Some("no stone there: move to a stone to mark it")
    );
}

/// Two separate white stones inside Black's area.
const TWO_INVADERS: &str = "
. . . . .
. O . O .
. . . . .
X X X X X
O O O O O";

#[test]
fn the_group_key_marks_related_chains() {
    let mut a = counting(TWO_INVADERS, Rules::chinese());
    a.cursor = Point::new(1, 1);
    a.update(Action::Play);
    assert_eq!(
        a.count.as_ref().unwrap().marks.dead_points(),
        vec![Point::new(1, 1)]
    );
    a.update(Action::Play);
    a.update(Action::ToggleGroup);
    assert_eq!(
        a.count.as_ref().unwrap().marks.dead_points(),
        vec![Point::new(1, 1), Point::new(3, 1)]
    );
    assert_eq!(a.count.as_ref().unwrap().count.black.area, 20);
}

#[test]
fn the_seki_override_changes_the_territory_count() {
    let mut a = counting(SEKI, Rules::japanese());
    let before = a.count.as_ref().unwrap().count.territory.margin;
    // Mark Black's two walls as seki: the area between them becomes seki
    // eyes, not territory.
    a.cursor = Point::new(0, 6);
    a.update(Action::ToggleSeki);
    a.cursor = Point::new(6, 0);
    a.update(Action::ToggleSeki);
    assert_eq!(a.message.as_deref(), Some("the group is marked in seki"));
    let cs = a.count.as_ref().unwrap();
    assert!(cs.count.territory.margin < before);
    assert_eq!(cs.count.black.territory, 0);
}

#[test]
fn views_and_steps() {
    let mut a = counting(SEKI, Rules::chinese());
    assert_eq!(a.count.as_ref().unwrap().view, View::Area);
    a.update(Action::StepBack);
    assert_eq!(a.count.as_ref().unwrap().step, 0);
    for _ in 0..7 {
        a.update(Action::StepNext);
    }
    let cs = a.count.as_ref().unwrap();
    assert_eq!(cs.step, 5);
    assert!(cs.caption().unwrap_or_default().starts_with("Step 5:"));
    a.update(Action::StepBack);
    assert_eq!(a.count.as_ref().unwrap().step, 4);
    a.update(Action::SwitchView);
    let cs = a.count.as_ref().unwrap();
    assert_eq!((cs.view, cs.step), (View::Territory, 0));
    a.update(Action::SwitchSide);
    assert_eq!(a.count.as_ref().unwrap().chinese.side, Color::White);
    // Esc goes back to recording, and c comes back with the marks kept.
    a.update(Action::Cancel);
    assert_eq!(a.mode, Mode::Record);
    a.update(Action::Count);
    assert_eq!(a.count.as_ref().unwrap().marks.dead_points().len(), 6);
}

#[test]
fn writing_the_result_sets_re_and_the_marks_and_asks_before_replacing() {
    let mut a = counting(SEKI, Rules::chinese());
    a.update(Action::WriteResult);
    assert_eq!(
        a.record
            .info
            .result
            .as_ref()
            .map(|r| r.to_string())
            .as_deref(),
        Some("B+16.5")
    );
    let node = a.record.node(a.record.current());
    let tb = node.prop("TB").map(|p| p.values.len());
    let tw = node.prop("TW").map(|p| p.values.len());
    assert_eq!((tb, tw), (Some(27), Some(10)));
    // The marks come back from the file: a new count of the saved game
    // finds the same dead stones.
    let text = kifu::sgf::to_sgf(&a.record);
    let file = kifu::sgf::read_text(&text);
    let mut rec = file.game(1).unwrap().record.clone();
    rec.to_end();
    let mut b = App::new(rec, None);
    b.update(Action::Count);
    assert_eq!(b.count.as_ref().unwrap().marks.dead_points().len(), 6);
    // A different result asks first.
    a.update(Action::PlayAt(Point::new(7, 1)));
    a.update(Action::WriteResult);
    assert_eq!(a.mode, Mode::ConfirmResult);
    a.update(Action::Input('n'));
    assert_eq!(
        a.record
            .info
            .result
            .as_ref()
            .map(|r| r.to_string())
            .as_deref(),
        Some("B+16.5")
    );
    a.update(Action::WriteResult);
    a.update(Action::Input('y'));
    assert_ne!(
        a.record
            .info
            .result
            .as_ref()
            .map(|r| r.to_string())
            .as_deref(),
        Some("B+16.5")
    );
}

#[test]
fn the_panel_says_why_the_views_differ() {
    let a = counting(J1, Rules::japanese());
    let cs = a.count.as_ref().unwrap();
    // Setup stones: the same number of each colour here, so whatever gap
    // there is comes from seki or points to fill.
    let _ = cs.differences();
    let s = screen(&a, ascii(), 80, 24);
    assert!(s.contains("COUNT: territory view"), "{s}");
    assert!(s.contains("Area: B"), "{s}");
}

fn steps_snapshots(name: &str, diagram: &str, look: Look, w: u16, h: u16) {
    let mut a = counting(diagram, Rules::chinese());
    for view in ["area", "territory"] {
        for step in 0..=5 {
            let s = screen(&a, look, w, h);
            if look == ascii() {
                assert!(s.is_ascii(), "{s}");
            }
            insta::assert_snapshot!(format!("{name}_{view}_{step}"), s);
            a.update(Action::StepNext);
        }
        a.update(Action::SwitchView);
    }
}

#[test]
fn walkthrough_9x9_ascii() {
    steps_snapshots("seki9_ascii", SEKI, ascii(), 80, 24);
}

#[test]
fn walkthrough_9x9_unicode() {
    steps_snapshots("seki9_unicode", SEKI, unicode(), 80, 24);
}

#[test]
fn walkthrough_19x19_ascii() {
    steps_snapshots("j1_ascii", J1, ascii(), 80, 24);
}

#[test]
fn walkthrough_19x19_unicode() {
    steps_snapshots("j1_unicode", J1, unicode(), 80, 24);
}

#[test]
fn two_passes_end_the_game_and_open_count_mode() {
    let mut a = App::new(GameRecord::new(9, Rules::chinese()).unwrap(), None);
    a.update(Action::Play);
    a.update(Action::Pass);
    assert_eq!(a.mode, Mode::Record);
    a.update(Action::Pass);
    assert_eq!(a.mode, Mode::Count);
    let s = screen(&a, ascii(), 80, 24);
    assert!(s.contains("COUNT: area view"), "{s}");
}

#[test]
fn without_marks_in_the_file_kifu_proposes_the_dead_stones() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/samples/9x9-finished.sgf"
    ))
    .unwrap();
    let file = kifu::sgf::read_text(&text);
    let mut rec = file.game(1).unwrap().record.clone();
    rec.to_end();
    let mut a = App::new(rec, None);
    a.update(Action::Count);
    let cs = a.count.as_ref().unwrap();
    assert_eq!(cs.marks.dead_points(), vec![Point::new(4, 1)], "White's E8");
    assert!(cs.source.contains("proposed by kifu"), "{}", cs.source);
    assert_eq!(cs.result().to_string(), "B+1.5");
}

#[test]
fn plain_mode_says_the_count_in_words() {
    let mut a = counting(SEKI, Rules::chinese());
    a.plain = true;
    let h8 = Point::new(7, 1);
    a.update(Action::PlayAt(h8));
    a.update(Action::PlayAt(h8));
    assert_eq!(
        a.message.as_deref(),
        Some("count: Black 52.5 stones, Black wins by 8 1/4 stones, B+16.5")
    );
}
