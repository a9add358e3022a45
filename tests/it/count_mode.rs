//! Count mode in the TUI: `App::update` on count actions, and snapshots of
//! every walkthrough step (9x9 and 19x19, Unicode and ascii()).

use crate::common;
use common::{ascii, screen, unicode};

use kifu::app::count_state::View;
use kifu::app::{Action, App, Mode, Question};
use kifu::game::record::GameRecord;
use kifu::game::rules::Rules;
use kifu::game::{Board, Color, Point};
use kifu::ui::Look;

/// The final position of samples/9x9-seki.sgf; lowercase stones are the
/// dead ones (marked through the UI in the tests).
const SEKI: &str = include_str!("../../crates/kifu-go/tests/positions/seki9.txt");

/// The final position of a KGS game (docs/rules.md J1).
const J1: &str = include_str!("../../crates/kifu-go/tests/positions/j1.txt");

/// A record whose root sets up the diagram's stones, in count mode with
/// the lowercase stones marked dead by Space.
pub(crate) fn counting(diagram: &str, rules: Rules) -> App {
    let board = Board::from_diagram(diagram).unwrap();
    let mut rec = GameRecord::new(usize::from(board.size()), rules).unwrap();
    for p in board.points() {
        if let Some(c) = board.get(p) {
            rec.add_setup(p, Some(c));
        }
    }
    let mut a = App::new(rec, None);
    a.update(Action::Count);
    assert_eq!(*a.mode(), Mode::Count);
    // Start from no marks: clear kifu's own proposal.
    while let Some(&p) = a
        .count()
        .as_ref()
        .unwrap()
        .session
        .marks
        .dead_points()
        .first()
    {
        a.update(Action::PlayAt(p));
    }
    // The players look at every chain kifu was unsure of (marked and
    // unmarked again): it is theirs now, no longer flagged.
    while let Some(p) = a.count().as_ref().unwrap().unsure().first().copied() {
        a.update(Action::PlayAt(p));
        a.update(Action::PlayAt(p));
    }
    let rows = diagram.lines().map(str::trim).filter(|l| !l.is_empty());
    for (y, row) in rows.enumerate() {
        for (x, ch) in row.chars().filter(|c| !c.is_whitespace()).enumerate() {
            if ch == 'x' || ch == 'o' {
                let p = Point::new(x as u8, y as u8);
                if !a.count().as_ref().unwrap().session.marks.is_dead(p) {
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
    let cs = a.count().as_ref().unwrap();
    assert_eq!(cs.session.marks.dead_points().len(), 6);
    assert_eq!(cs.result().to_string(), "B+16.5");
    assert_eq!(cs.session.count.area.black, 52.5);
}

#[test]
fn toggling_a_chain_twice_brings_it_back() {
    let mut a = counting(SEKI, Rules::chinese());
    // H8 and H7 are one chain: one toggle brings both back.
    let h8 = Point::new(7, 1);
    a.update(Action::PlayAt(h8));
    assert_eq!(
        a.count()
            .as_ref()
            .unwrap()
            .session
            .marks
            .dead_points()
            .len(),
        4
    );
    assert_eq!(a.count().as_ref().unwrap().result().to_string(), "W+7.5");
    a.update(Action::PlayAt(h8));
    assert_eq!(
        a.count()
            .as_ref()
            .unwrap()
            .session
            .marks
            .dead_points()
            .len(),
        6
    );
    a.update(Action::PlayAt(Point::new(2, 0)));
    assert_eq!(
        a.message().as_deref(),
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
    a.update(kifu::app::Action::CursorTo(Point::new(1, 1)));
    a.update(Action::Play);
    assert_eq!(
        a.count().as_ref().unwrap().session.marks.dead_points(),
        vec![Point::new(1, 1)]
    );
    a.update(Action::Play);
    a.update(Action::ToggleGroup);
    assert_eq!(
        a.count().as_ref().unwrap().session.marks.dead_points(),
        vec![Point::new(1, 1), Point::new(3, 1)]
    );
    assert_eq!(a.count().as_ref().unwrap().session.count.black.area, 20);
}

#[test]
fn the_seki_override_changes_the_territory_count() {
    let mut a = counting(SEKI, Rules::japanese());
    let before = a.count().as_ref().unwrap().session.count.territory.margin;
    // Mark Black's two walls as seki: the area between them becomes seki
    // eyes, not territory.
    a.update(kifu::app::Action::CursorTo(Point::new(0, 6)));
    a.update(Action::ToggleSeki);
    a.update(kifu::app::Action::CursorTo(Point::new(6, 0)));
    a.update(Action::ToggleSeki);
    let said = a.message().as_deref().unwrap_or("");
    assert!(
        said.starts_with("the group at G9 marked in seki: "),
        "{said}"
    );
    let cs = a.count().as_ref().unwrap();
    assert!(cs.session.count.territory.margin < before);
    assert_eq!(cs.session.count.black.territory, 0);
}

#[test]
fn views_and_steps() {
    let mut a = counting(SEKI, Rules::chinese());
    assert_eq!(a.count().as_ref().unwrap().view, View::Area);
    a.update(Action::StepBack);
    assert_eq!(a.count().as_ref().unwrap().step_number(), 0);
    for _ in 0..8 {
        a.update(Action::StepNext);
    }
    let cs = a.count().as_ref().unwrap();
    assert_eq!(cs.step_number(), 6, "the area walkthrough has a check step");
    assert!(
        cs.caption(kifu::i18n::Lang::En)
            .unwrap_or_default()
            .starts_with("Step 6: check")
    );
    a.update(Action::StepBack);
    assert_eq!(a.count().as_ref().unwrap().step_number(), 5);
    // Digits jump to a step, 0 to the map.
    a.update(Action::GoStep(2));
    assert_eq!(a.count().as_ref().unwrap().step_number(), 2);
    a.update(Action::GoStep(0));
    assert_eq!(a.count().as_ref().unwrap().step_number(), 0);
    // b counts the other side from its first step.
    a.update(Action::SwitchSide);
    let cs = a.count().as_ref().unwrap();
    assert_eq!((cs.chinese.side, cs.step_number()), (Color::White, 1));
    a.update(Action::SwitchView);
    let cs = a.count().as_ref().unwrap();
    assert_eq!((cs.view, cs.step_number()), (View::Territory, 0));
    a.update(Action::GoStep(6));
    assert_eq!(
        a.count().as_ref().unwrap().step_number(),
        0,
        "territory has 5 steps"
    );
    assert!(a.message().as_deref().unwrap_or("").contains("has 5 steps"));
    // Esc never leaves count mode; c goes back to recording, and c comes
    // back with the marks kept.
    a.update(Action::Cancel);
    assert_eq!(*a.mode(), Mode::Count);
    a.update(Action::Record);
    assert_eq!(*a.mode(), Mode::Record);
    a.update(Action::Count);
    assert_eq!(
        a.count()
            .as_ref()
            .unwrap()
            .session
            .marks
            .dead_points()
            .len(),
        6
    );
}

#[test]
fn writing_the_result_sets_re_and_the_marks_and_asks_before_replacing() {
    let mut a = counting(SEKI, Rules::chinese());
    a.update(Action::WriteResult);
    assert_eq!(
        a.record()
            .info
            .result
            .as_ref()
            .map(|r| r.to_string())
            .as_deref(),
        Some("B+16.5")
    );
    let node = a.record().node(a.record().current());
    let tb = node.prop("TB").map(|p| p.values.len());
    let tw = node.prop("TW").map(|p| p.values.len());
    assert_eq!((tb, tw), (Some(27), Some(10)));
    // The marks come back from the file: a new count of the saved game
    // finds the same dead stones.
    let text = kifu::sgf::to_sgf(a.record());
    let file = kifu::sgf::read_text(&text);
    let mut rec = file.game(1).unwrap().record.clone();
    rec.to_end();
    let mut b = App::new(rec, None);
    b.update(Action::Count);
    assert_eq!(
        b.count()
            .as_ref()
            .unwrap()
            .session
            .marks
            .dead_points()
            .len(),
        6
    );
    // A different result asks first.
    a.update(Action::PlayAt(Point::new(7, 1)));
    a.update(Action::WriteResult);
    assert_eq!(*a.mode(), Mode::Ask(Question::Result));
    a.update(Action::Input('n'));
    assert_eq!(
        a.record()
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
        a.record()
            .info
            .result
            .as_ref()
            .map(|r| r.to_string())
            .as_deref(),
        Some("B+16.5")
    );
}

#[test]
fn the_two_views_differ_on_the_board_and_in_the_panel() {
    // The seki sample has seki eyes, a dame and dead stones.
    let mut a = counting(SEKI, Rules::japanese());
    let territory = screen(&a, ascii(), 80, 24);
    a.update(Action::SwitchView);
    let area = screen(&a, ascii(), 80, 24);
    // The game's own rules first, named; the other view a comparison.
    assert!(
        territory.contains("Result under Japanese rules: B+"),
        "{territory}"
    );
    assert!(
        territory.contains("Territory: points + prisoners"),
        "{territory}"
    );
    assert!(territory.contains("Area (comparison): B+"), "{territory}");
    assert!(area.contains("Result under Japanese rules: B+"), "{area}");
    assert!(
        area.contains("Area: stones + territory + half shared"),
        "{area}"
    );
    assert!(area.contains("Territory (comparison): B+"), "{area}");
    // The board: the seki eyes A9 and E9 are area (b) in the area view,
    // seki eyes (s) that count nothing in the territory view.
    let board = |s: &str| {
        s.lines()
            .take(20)
            .map(|l| l.get(..40).unwrap_or(l).trim_end().to_string())
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_ne!(board(&territory), board(&area));
    assert!(
        board(&territory).starts_with("   A   B   C   D   E   F   G   H   J\n 9 s   X   *   O   s")
    );
    assert!(board(&area).starts_with("   A   B   C   D   E   F   G   H   J\n 9 b   X   *   O   w"));
    // Dame advice only where dame count: the area view.
    let mut j = counting(J1, Rules::japanese());
    let dame = j.count().as_ref().unwrap().session.count.dame;
    assert!(dame > 0);
    let t = screen(&j, ascii(), 120, 45);
    j.update(Action::SwitchView);
    let a = screen(&j, ascii(), 120, 45);
    assert!(
        a.contains(&format!("{dame} dame (!): Black fills first")),
        "{a}"
    );
    assert!(!t.contains("dame (!)") && !t.contains('!'), "{t}");
}

#[test]
fn the_panel_says_why_the_views_differ() {
    // White's group in seki has eye points: area, not territory.
    let a = counting(SEKI, Rules::japanese());
    let cs = a.count().as_ref().unwrap();
    let reasons = cs.differences(kifu::i18n::Lang::En);
    assert!(
        reasons
            .iter()
            .any(|r| r.starts_with("seki: ") && r.contains("eye points count under area")),
        "{reasons:?}"
    );
    // A wide panel, so no reason wraps.
    let s = screen(&a, ascii(), 160, 30);
    for r in &reasons {
        assert!(s.contains(r.as_str()), "{r} in\n{s}");
    }
}

#[test]
fn dead_stones_of_each_colour_read_apart_without_colour() {
    // J1 has dead stones of both colours.
    let mut a = counting(J1, Rules::japanese());
    for look in [ascii(), Look::basic(true, false)] {
        let s = screen(&a, look, 80, 24);
        let board: String = s.lines().take(21).collect::<Vec<_>>().join("\n");
        assert!(board.contains('x') && board.contains('o'), "{s}");
        // The legend names them, in the panel when it has room, else one
        // key away.
        assert!(
            s.contains("x dead black stone") || s.contains("L: the legend"),
            "{s}"
        );
    }
    a.update(Action::Legend);
    let s = screen(&a, ascii(), 80, 24);
    assert!(s.contains("x dead black stone (White's prisoner)"), "{s}");
    assert!(s.contains("o dead white stone (Black's prisoner)"), "{s}");
    assert!(s.contains("w White's territory"), "{s}");
    // Any key closes it, back to count mode.
    a.update(Action::Play);
    assert_eq!(*a.mode(), Mode::Count);
    // A larger terminal has the legend in the panel.
    let s = screen(&a, ascii(), 120, 45);
    assert!(
        s.contains("Legend:") && s.contains("x dead black stone"),
        "{s}"
    );
}

#[test]
fn a_room_gets_large_cells_and_a_presentation() {
    let mut a = counting(SEKI, Rules::chinese());
    let s = screen(&a, unicode(), 160, 50);
    // 8 columns from one point to the next: A and B eight apart.
    assert!(s.contains("A       B       C"), "{s}");
    insta::assert_snapshot!("seki9_at_160x50", s);
    let mut b = counting(J1, Rules::chinese());
    let s = screen(&b, unicode(), 200, 60);
    assert!(s.contains("A     B     C"), "{s}");
    insta::assert_snapshot!("j1_at_200x60", s);
    // Presentation: no panel, the caption under the board.
    b.update(Action::Present);
    b.update(Action::StepNext);
    let s = screen(&b, unicode(), 200, 60);
    assert!(!s.contains("COUNT:"), "{s}");
    assert!(s.contains("Step 1: take the dead stones off"), "{s}");
    a.update(Action::Present);
    let s = screen(&a, unicode(), 80, 24);
    assert!(!s.contains("COUNT:"), "{s}");
}

fn steps_snapshots(name: &str, diagram: &str, look: Look, w: u16, h: u16) {
    let mut a = counting(diagram, Rules::chinese());
    for (view, steps) in [("area", 6), ("territory", 5)] {
        for step in 0..=steps {
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
    assert_eq!(*a.mode(), Mode::Record);
    a.update(Action::Pass);
    assert_eq!(*a.mode(), Mode::Count);
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
    let cs = a.count().as_ref().unwrap();
    assert_eq!(
        cs.session.marks.dead_points(),
        vec![Point::new(4, 1)],
        "White's E8"
    );
    assert!(
        cs.source(kifu::i18n::Lang::En).contains("proposed by kifu"),
        "{}",
        cs.source(kifu::i18n::Lang::En)
    );
    assert_eq!(cs.result().to_string(), "B+1.5");
}

#[test]
fn plain_mode_says_the_count_in_words() {
    let mut a = counting(SEKI, Rules::chinese());
    a.set_plain(true);
    let h8 = Point::new(7, 1);
    a.update(Action::PlayAt(h8));
    a.update(Action::PlayAt(h8));
    assert_eq!(
        a.message().as_deref(),
        Some(
            "White's 2 stones at H8 marked dead; count: Black 52.5 stones, Black wins by 8 1/4 stones, W+7.5 -> B+16.5"
        )
    );
}

/// A handicap game under Japanese rules where Black's prisoners outnumber
/// White's territory: White's corner holds 1 point, Black took 4 stones.
const OVERFLOW: &str = "
. O . O X . .
O O O O X . .
X X X X X . o
. . . . . o .
. o . . . . .
. . . . o . .
. . . . . . .";

#[test]
fn prisoners_beyond_a_territory_count_for_their_taker_never_negative() {
    let mut a = counting(OVERFLOW, Rules::japanese());
    let cs = a.count().as_ref().unwrap();
    assert_eq!(cs.session.count.black.prisoners, 4);
    assert_eq!(cs.session.count.white.territory, 2);
    let mut captions = Vec::new();
    a.update(Action::SwitchView);
    a.update(Action::SwitchView);
    for _ in 0..5 {
        a.update(Action::StepNext);
        captions.push(
            a.count()
                .as_ref()
                .unwrap()
                .caption(kifu::i18n::Lang::En)
                .unwrap_or_default(),
        );
    }
    let all = captions.join("\n");
    assert!(
        !all.contains(" -") && !all.contains("(-"),
        "no negative number: {all}"
    );
    assert!(
        all.contains("White's territory holds only 2: the 2 white prisoners left over count for Black (art. 10-2)."),
        "{all}"
    );
    // The walkthrough's verdict is the count's.
    let cs = a.count().as_ref().unwrap();
    let want = kifu::game::GameResult::from_margin(cs.session.count.territory.margin).to_string();
    assert!(
        captions[4].ends_with(&format!("{want}.")),
        "{} vs {want}",
        captions[4]
    );
    assert_eq!(cs.japanese.totals[1], 0, "White's territory is all filled");
}

/// kifu's proposal flags the two stones of a mutual atari (White D5,
/// Black F5, both in atari at E5) as unsure: without colour each shows a
/// question mark after it, and the legend says what that means.
#[test]
fn unsure_groups_carry_a_question_mark_without_colour() {
    let board = Board::from_diagram(include_str!(
        "../../crates/kifu-go/tests/positions/mutual_atari9.txt"
    ))
    .unwrap();
    let mut rec = GameRecord::new(9, Rules::japanese()).unwrap();
    for p in board.points() {
        if let Some(c) = board.get(p) {
            rec.add_setup(p, Some(c));
        }
    }
    let mut a = App::new(rec, None);
    a.update(Action::Count);
    let cs = a.count().as_ref().unwrap();
    let d5 = Point::from_gtp("D5", 9).unwrap();
    let f5 = Point::from_gtp("F5", 9).unwrap();
    assert!(cs.unsure().contains(&d5) && cs.unsure().contains(&f5));
    let s = screen(&a, ascii(), 80, 24);
    // The board's rows: the question marks stand after D5 and F5 only.
    let board_rows: Vec<&str> = s
        .lines()
        .filter(|l| l.get(..3).is_some_and(|n| n.trim().parse::<u8>().is_ok()))
        .map(|l| &l[..l.len().min(38)])
        .collect();
    assert_eq!(board_rows.len(), 9, "{s}");
    let marks: Vec<(usize, &str)> = board_rows
        .iter()
        .enumerate()
        .flat_map(|(y, l)| l.match_indices('?').map(move |(x, _)| (y, &l[x - 1..=x])))
        .collect();
    assert_eq!(marks, vec![(4, "O?"), (4, "X?")], "{s}");
    a.update(Action::Legend);
    let s = screen(&a, ascii(), 80, 24);
    assert!(
        s.contains("? after a stone: kifu is unsure of its group, check it"),
        "{s}"
    );
}

#[test]
fn a_change_of_rules_or_komi_in_the_form_recounts_and_r_writes_the_new_count() {
    let mut a = counting(SEKI, Rules::chinese());
    assert_eq!(a.count().as_ref().unwrap().result().to_string(), "B+16.5");
    let set = |a: &mut App, label: &str, text: &str| {
        a.update(Action::Info);
        for _ in 0..20 {
            if let Mode::Info(f) = &a.mode()
                && f.fields[f.selected].0.label(kifu::i18n::Lang::En) == label
            {
                break;
            }
            a.update(Action::Down);
        }
        for _ in 0..20 {
            a.update(Action::Backspace);
        }
        for c in text.chars() {
            a.update(Action::Input(c));
        }
        a.update(Action::Submit);
    };
    a.update(Action::Record);
    set(&mut a, "Rules", "japanese");
    let said = a.message().clone().unwrap_or_default();
    assert!(said.starts_with("recounted under Japanese rules"), "{said}");
    a.update(Action::Count);
    let cs = a.count().as_ref().unwrap();
    assert_eq!(cs.view, View::Territory, "the view follows the rules");
    assert_eq!(
        cs.session.marks.dead_points().len(),
        6,
        "the marks are kept"
    );
    let japanese = cs.result().to_string();
    assert_eq!(
        japanese,
        kifu::game::GameResult::from_margin(cs.session.count.territory.margin).to_string()
    );
    // The komi too; and R writes the count under the record's terms.
    a.update(Action::Record);
    set(&mut a, "Komi", "0.5");
    a.update(Action::Count);
    a.update(Action::WriteResult);
    let re = a.record().info.result.as_ref().map(|r| r.to_string());
    let text = kifu::sgf::to_sgf(a.record());
    assert!(
        text.contains("KM[0.5]") && text.contains("RU[Japanese]"),
        "{text}"
    );
    assert_eq!(re, Some(a.count().as_ref().unwrap().result().to_string()));
    assert_ne!(re.as_deref(), Some(japanese.as_str()));
}

/// Every step's legend: no line twice, and every symbol it names drawn on
/// the board of that screen (in ASCII and in Unicode).
#[test]
fn the_legend_names_what_is_drawn_once_each() {
    for diagram in [SEKI, J1] {
        let mut a = counting(diagram, Rules::japanese());
        for look in [ascii(), unicode()] {
            for view in [View::Area, View::Territory] {
                if a.count().as_ref().unwrap().view != view {
                    a.update(Action::SwitchView);
                }
                for step in 0..=view.steps() {
                    a.update(Action::GoStep(step as u8));
                    let cs = a.count().as_ref().unwrap();
                    let reach = kifu::ui::layout::Layout::new(
                        ratatui::layout::Rect::new(0, 0, 80, 24),
                        cs.session.board.size(),
                    )
                    .map_or(0, |l| l.stone_reach());
                    let reach = if look.unicode { reach } else { 0 };
                    let lines = kifu::ui::legend_lines(cs, look, reach, kifu::i18n::Lang::En);
                    let mut seen = std::collections::HashSet::new();
                    for l in &lines {
                        assert!(seen.insert(l.clone()), "{view:?} step {step}: {l} twice");
                    }
                    let s = screen(&a, look, 80, 24);
                    // The board: the rows that start with a row number.
                    let board: String = s
                        .lines()
                        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
                        .map(|l| l.chars().take(45).collect::<String>())
                        .collect();
                    for l in &lines {
                        let key = l.split(' ').next().unwrap_or("");
                        if key.chars().count() == 1 && !l.starts_with("? ") {
                            let c = key.chars().next().unwrap();
                            // The grid's crossing stands for every grid
                            // piece (edges and corners draw their own).
                            let drawn = if c == '┼' {
                                board.contains(|g| "┼┬┴├┤┌┐└┘".contains(g))
                            } else {
                                board.contains(c)
                            };
                            assert!(drawn, "{view:?} step {step}: {l} not drawn:\n{s}");
                        }
                    }
                }
            }
        }
    }
}

fn projector() -> Look {
    let theme = kifu::ui::theme::Theme::builtin("projector").unwrap();
    Look {
        unicode: true,
        color: true,
        theme,
    }
}

/// On a projector's screen the stones fill their cells (black filled,
/// white filled with a black edge, dead ones dashed round their letter,
/// blocks of ten as tiles); presenting keeps the result and a legend
/// beside the board, in the board's own colours, and no key hints.
#[test]
fn a_projector_shows_stones_that_fill_their_cells_and_the_result() {
    let mut a = counting(SEKI, Rules::chinese());
    let s = screen(&a, projector(), 160, 50);
    assert!(
        s.contains("▄█████▄") && s.contains("███████"),
        "black stones filled:\n{s}"
    );
    assert!(
        s.contains("╭─────╮") && s.contains("│     │"),
        "white stones edged:\n{s}"
    );
    assert!(
        s.contains("┆  o  ┆"),
        "a dead stone dashed round its letter:\n{s}"
    );
    // At 4x2 (a 9x9 at 80x24) three columns on one row; in the compact
    // board (a 19x19 at 80x24) one glyph.
    let medium = screen(&a, projector(), 80, 24);
    assert!(
        medium.contains("▐█▌") && !medium.contains("▕○▏") && !medium.contains('▄'),
        "{medium}"
    );
    // White stones are filled as solidly as black ones, with an edge; the
    // same at 6x3: the fill behind the outline.
    for (w, h) in [(80, 24), (160, 50)] {
        let buf = common::buffer(&a, projector(), w, h);
        let area = ratatui::layout::Rect::new(0, 0, w, h);
        let lay = kifu::ui::layout::Layout::shown(area, 9, false, false).unwrap();
        let board = &a.count().as_ref().unwrap().session.board;
        let white = board
            .points()
            .find(|&p| {
                board.get(p) == Some(Color::White)
                    && !a.count().as_ref().unwrap().session.marks.is_dead(p)
            })
            .unwrap();
        let black = board
            .points()
            .find(|&p| {
                board.get(p) == Some(Color::Black)
                    && !a.count().as_ref().unwrap().session.marks.is_dead(p)
            })
            .unwrap();
        let (c, r) = lay.cell_of(white);
        let fill = ratatui::style::Color::Rgb(255, 255, 255);
        let (wc, bc) = (&buf[(c, r)], &buf[lay.cell_of(black)]);
        assert!(
            wc.fg == fill || wc.bg == fill,
            "{w}x{h}: the white stone at {white:?} is filled: {wc:?}"
        );
        assert_eq!(bc.fg, ratatui::style::Color::Black, "{w}x{h}: black stone");
        // Its edge: dark ends at 4x2, a dark outline at 6x3.
        let edge = &buf[(c - lay.stone_reach(), r)];
        assert!(
            edge.bg == ratatui::style::Color::Black || edge.fg == ratatui::style::Color::Black,
            "{w}x{h}: the edge {edge:?}"
        );
    }
    let j = counting(J1, Rules::chinese());
    let small = screen(&j, projector(), 80, 24);
    assert!(!small.contains('▐') && small.contains('●'), "{small}");
    // Presenting, at the map and at a step.
    a.update(Action::Notice(
        "count mode: d marks dead, v switches view, Space steps".into(),
    ));
    a.update(Action::Present);
    let s = screen(&a, projector(), 160, 50);
    assert!(
        s.contains("The game's result, under Chinese rules: B+16.5"),
        "{s}"
    );
    assert!(
        s.contains("(area against half the board) is the game's"),
        "{s}"
    );
    assert!(
        s.contains("╳  dead white stone"),
        "a one-line legend, each key a tile as the room's board draws it:\n{s}"
    );
    assert!(
        !s.contains("d marks dead") && !s.contains("? help"),
        "no key hints:\n{s}"
    );
    a.update(Action::GoStep(2));
    let s = screen(&a, projector(), 160, 50);
    assert!(s.contains("Step 2: count Black's territory"), "{s}");
    assert!(
        s.contains("The game's result, under Chinese rules: B+16.5"),
        "{s}"
    );
    // The caption black on the white stones' paper (21:1).
    let st = common::styles(&a, projector(), 160, 50);
    let styles: Vec<&str> = st.lines().filter(|l| l.contains(": fg")).collect();
    let (_, last_rows) = st.split_at(st.find('\n').unwrap_or(0));
    let caption_row = s.lines().position(|l| l.contains("Step 2: count")).unwrap();
    let row = last_rows.lines().nth(caption_row).unwrap_or("");
    let at = s
        .lines()
        .nth(caption_row)
        .and_then(|l| l.split("Step 2").next())
        .map_or(0, |b| b.chars().count());
    let letter = row.chars().nth(at + 2).unwrap_or('?');
    let style = styles
        .iter()
        .find(|l| l.starts_with(&format!("{letter}:")))
        .unwrap_or(&"");
    assert!(
        style.contains("fg Black") && style.contains("bg Rgb(255, 255, 255)"),
        "{style}"
    );
    // The other view's walkthrough is said to be a comparison, with its
    // own result, so that no one reads it as the game's.
    a.update(Action::SwitchView);
    a.update(Action::GoStep(5));
    let shown = screen(&a, projector(), 160, 50);
    // The caption's column beside the board, read as one text.
    let area = ratatui::layout::Rect::new(0, 0, 160, 50);
    let lay = kifu::ui::layout::Layout::shown(area, 9, true, true).unwrap();
    let column: Vec<String> = shown
        .lines()
        .map(|l| l.chars().skip(usize::from(lay.status.x)).collect())
        .collect();
    let joined: String = column
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        joined.contains("(territory with prisoners) is a comparison:"),
        "{shown}"
    );
    assert!(joined.contains("not the game's result"), "{shown}");
    // The game's result in large digits for the back of the room: B+16.5
    // in five rows of blocks (the 1 is a column of blocks).
    let big = column
        .iter()
        .filter(|l| l.contains("█ █") || l.contains("███"))
        .count();
    assert!(big >= 5, "{shown}");
}

/// Step 3 of the area view shows every point step 2 counted as counted
/// (`-`): the points of the dead stones taken off too, which it drew as
/// "counts nothing here".
#[test]
fn step_3_shows_what_step_2_counted_dead_stones_points_included() {
    use kifu::count::glyph::{Glyph, Step};
    let a = counting(J1, Rules::chinese());
    let cs = a.count().as_ref().unwrap();
    let steps = cs.steps();
    let counted: Vec<Point> = steps
        .blocks(Step::AreaTerritory)
        .iter()
        .flat_map(|(_, blocks)| blocks.iter().flat_map(|b| b.points.clone()))
        .collect();
    let dead = counted
        .iter()
        .filter(|&&p| cs.session.class.dead_at(p).is_some())
        .count();
    assert!(dead > 0, "J1 has dead stones in the counted territory");
    for p in counted {
        assert_eq!(
            steps.glyph(View::Area, Step::AreaStones, p),
            Glyph::Aside,
            "{p:?}"
        );
    }
}

/// The panel's legend draws each key as the board draws it: the black
/// stone black on the wood (it was the terminal's own foreground, light on
/// a dark terminal, which reads as a white stone).
#[test]
fn the_legend_keys_have_the_boards_colours() {
    let a = counting(SEKI, Rules::chinese());
    let look = unicode();
    let buf = common::buffer(&a, look, 120, 45);
    let wood = look.theme.board.expect("a board colour");
    let mut seen = 0;
    for y in 0..45 {
        let row: String = (0..120).map(|x| buf[(x, y)].symbol().to_string()).collect();
        for (name, colour) in [
            ("black stone", look.theme.black),
            ("white stone", look.theme.white),
        ] {
            if let Some(at) = row
                .find(&format!(" {name}"))
                .filter(|_| row.contains("▐█▌") || row.contains('○'))
            {
                let x = row[..at].chars().count() as u16 - 2;
                let cell = &buf[(x, y)];
                assert_eq!(Some(cell.fg), colour, "{name}: {cell:?}");
                assert!(
                    cell.bg == wood || look.theme.white_fill == Some(cell.bg),
                    "{name}: {cell:?}"
                );
                seen += 1;
            }
        }
    }
    assert_eq!(seen, 2, "both stones in the legend");
}

/// Move 44 of a KGS game (2017-01-01-1 of the shared 2017 set): open
/// areas everywhere.
const OPENING: &str = include_str!("../../crates/kifu-go/tests/positions/opening44.txt");

/// `X` on a board that does not look finished marks the group a player
/// could mean (chains joined by a shared empty point), never every chain
/// of the colour across the open board.
#[test]
fn the_group_key_on_an_unfinished_board_marks_one_group() {
    let mut a = counting(OPENING, Rules::japanese());
    let cs = a.count().as_ref().unwrap();
    assert!(!cs.session.finished, "move 44 does not look finished");
    let before = cs.result();
    let at = |s: &str| Point::from_gtp(s, 19).unwrap();
    a.update(kifu::app::Action::CursorTo(at("C7")));
    a.update(Action::ToggleGroup);
    let dead = a.count().as_ref().unwrap().session.marks.dead_points();
    // D10 E10 are cut off: both points between them and C9 are White's.
    let mut want: Vec<Point> = ["C6", "C7", "B8", "C8", "D8", "C9"]
        .iter()
        .map(|s| at(s))
        .collect();
    want.sort_by_key(|p| (p.y, p.x));
    let mut got = dead.clone();
    got.sort_by_key(|p| (p.y, p.x));
    assert_eq!(got, want, "the group of C7, not the board's black chains");
    // And X again brings exactly them back.
    a.update(Action::ToggleGroup);
    assert!(
        a.count()
            .as_ref()
            .unwrap()
            .session
            .marks
            .dead_points()
            .is_empty()
    );
    assert_eq!(a.count().as_ref().unwrap().result(), before);
}
