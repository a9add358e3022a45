//! The TUI without a terminal: `App::update` on actions, and what the
//! screen shows (ratatui's TestBackend, insta snapshots).

use crate::common;
use crate::common::Drive;
use common::{ascii, screen, unicode};

use kifu::app::{Action, App, Effect, Mode, Outside, Question};
use kifu::game::record::GameRecord;
use kifu::game::rules::Rules;
use kifu::game::{Color, Point};
use kifu::ui::{self, Look};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn app(size: usize) -> App {
    let rec = GameRecord::new(size, Rules::chinese()).unwrap();
    App::new(rec, Some("game.sgf".into()))
}

#[test]
fn the_cursor_starts_in_the_centre_and_stays_on_the_board() {
    let mut a = app(9);
    assert_eq!(a.cursor(), Point::new(4, 4));
    for _ in 0..12 {
        a.update(Action::Left);
        a.update(Action::Up);
    }
    assert_eq!(a.cursor(), Point::new(0, 0));
    for _ in 0..12 {
        a.update(Action::Right);
    }
    assert_eq!(a.cursor(), Point::new(8, 0));
}

#[test]
fn playing_passing_and_taking_back() {
    let mut a = app(9);
    a.update(Action::Play);
    assert_eq!(a.record().board().get(Point::new(4, 4)), Some(Color::Black));
    assert!(a.dirty());
    assert_eq!(*a.message(), None, "the panel shows the move");
    a.update(Action::Play);
    assert_eq!(a.message().as_deref(), Some("That point is taken"));
    a.update(Action::Pass);
    assert_eq!(a.record().move_number(), 2);
    a.update(Action::Undo);
    a.update(Action::Undo);
    assert_eq!(a.record().move_number(), 0);
    assert_eq!(a.record().board().get(Point::new(4, 4)), None);
}

#[test]
fn a_typed_coordinate_plays_there() {
    let mut a = app(19);
    for c in "Q16".chars() {
        a.update(Action::Input(c));
    }
    assert_eq!(*a.mode(), Mode::Coordinate("Q16".into()));
    a.update(Action::Submit);
    assert_eq!(
        a.record().board().get(Point::new(15, 3)),
        Some(Color::Black)
    );
    assert_eq!(a.cursor(), Point::new(15, 3));
}

#[test]
fn the_command_line_plays_saves_and_quits() {
    let mut a = app(19);
    let cmd = |a: &mut App, text: &str| {
        a.update(Action::Command);
        for c in text.chars() {
            a.update(Action::Input(c));
        }
        a.act(Action::Submit)
    };
    cmd(&mut a, "play pd");
    assert_eq!(
        a.record().board().get(Point::new(15, 3)),
        Some(Color::Black)
    );
    cmd(&mut a, "play Z99");
    assert!(
        a.message().as_deref().unwrap_or("").starts_with("Z99"),
        "{:?}",
        a.message()
    );
    assert_eq!(cmd(&mut a, "w"), Effect::Save("game.sgf".into()));
    assert_eq!(cmd(&mut a, "w other.sgf"), Effect::Save("other.sgf".into()));
    // Unsaved: :q asks, :q! does not.
    assert_eq!(cmd(&mut a, "q"), Effect::None);
    assert_eq!(*a.mode(), Mode::Ask(Question::Quit));
    assert_eq!(a.act(Action::Input('n')), Effect::None);
    assert_eq!(cmd(&mut a, "q!"), Effect::Quit);
    a.update(Action::Outside(Outside::Saved {
        path: "game.sgf".into(),
        failed: None,
        elsewhere: false,
    }));
    assert!(!a.dirty());
    assert_eq!(a.act(Action::Quit), Effect::Quit);
    assert_eq!(cmd(&mut a, "frobnicate"), Effect::None);
    assert!(
        a.message()
            .as_deref()
            .unwrap_or("")
            .contains("unknown command")
    );
}

#[test]
fn an_illegal_move_is_explained() {
    let mut a = app(9);
    // Black B9 and A8 close the corner; White A9 would be suicide.
    for mv in ["B9", "J1", "A8"] {
        for c in mv.chars() {
            a.update(Action::Input(c));
        }
        a.update(Action::Submit);
    }
    a.update(Action::PlayAt(Point::new(0, 0)));
    assert_eq!(
        a.message().as_deref(),
        Some("Suicide is not allowed under Chinese rules")
    );
    assert_eq!(a.record().to_move(), Color::White, "nothing was played");
}

#[test]
fn playing_earlier_in_the_game_makes_a_variation_and_says_so() {
    let mut a = app(9);
    a.update(Action::Play);
    a.update(Action::Right);
    a.update(Action::Play);
    a.update(Action::Back);
    a.update(Action::Down);
    a.update(Action::Play);
    assert!(
        a.message().as_deref().unwrap_or("").contains("variation"),
        "{:?}",
        a.message()
    );
    a.update(Action::NextVariation);
    assert_eq!(a.message().as_deref(), Some("no other variation here"));
    a.update(Action::PreviousVariation);
    assert_eq!(a.message().as_deref(), Some("variation 1 of 2"));
    assert_eq!(a.record().board().get(Point::new(5, 4)), Some(Color::White));
}

#[test]
fn screen_9x9_ascii() {
    let mut a = app(9);
    a.update(Action::Play);
    a.update(Action::Right);
    a.update(Action::Play);
    a.update(Action::Up);
    insta::assert_snapshot!(screen(&a, ascii(), 80, 24));
}

#[test]
fn screen_19x19_unicode_at_80x24() {
    let mut a = app(19);
    a.update(Action::Play);
    a.update(Action::Left);
    a.update(Action::Play);
    let s = screen(&a, unicode(), 80, 24);
    assert!(s.contains("●"), "{s}");
    insta::assert_snapshot!(s);
    // With colour the terminal's cursor stands on the cursor point.
    let mut term = Terminal::new(TestBackend::new(80, 24)).unwrap();
    term.draw(|f| ui::draw(f, &a, unicode())).unwrap();
    let lay = kifu::ui::layout::Layout::new(ratatui::layout::Rect::new(0, 0, 80, 24), 19).unwrap();
    let (x, y) = lay.cell_of(a.cursor());
    use ratatui::backend::Backend;
    let pos = term.backend_mut().get_cursor_position().unwrap();
    assert_eq!((pos.x, pos.y), (x, y));
}

#[test]
fn ascii_screens_hold_only_7_bit_characters() {
    let mut a = app(19);
    a.update(Action::Play);
    a.update(Action::Help);
    let s = screen(&a, ascii(), 80, 24);
    assert!(s.contains("move the cursor"));
    assert!(s.is_ascii(), "{s}");
    a.update(Action::Cancel);
    assert!(screen(&a, ascii(), 80, 24).is_ascii());
}

#[test]
fn a_small_terminal_gets_a_message_not_a_panic() {
    let a = app(19);
    let s = screen(&a, ascii(), 40, 10);
    assert!(s.contains("Terminal too small"), "{s}");
    for (w, h) in [(1, 1), (0, 0), (2, 30), (200, 3)] {
        let _ = screen(&a, unicode(), w, h);
    }
}

#[test]
fn look_follows_locale_term_and_no_color() {
    let env = |pairs: &'static [(&'static str, &'static str)]| {
        move |k: &str| {
            pairs
                .iter()
                .find(|(n, _)| *n == k)
                .map(|(_, v)| v.to_string())
        }
    };
    let l = Look::from_env(env(&[("LANG", "en_US.UTF-8"), ("TERM", "xterm-256color")]));
    assert_eq!(l, Look::basic(true, true));
    let l = Look::from_env(env(&[("LANG", "C"), ("TERM", "xterm")]));
    assert!(!l.unicode);
    let l = Look::from_env(env(&[("LANG", "en_US.UTF-8"), ("TERM", "vt100")]));
    assert_eq!(l, Look::basic(false, false));
    let l = Look::from_env(env(&[
        ("LC_ALL", "de_DE.utf8"),
        ("TERM", "xterm"),
        ("NO_COLOR", "1"),
    ]));
    assert_eq!(l, Look::basic(true, false));
}

#[test]
fn an_autosaved_session_is_recovered_or_discarded() {
    let mut saved = app(9);
    saved.update(Action::Play);
    saved.update(Action::Right);
    saved.update(Action::Play);
    let earlier = saved.record().clone();

    let mut a = app(9);
    a.update(offered(earlier.clone(), 2));
    assert_eq!(*a.mode(), Mode::Ask(Question::Recover));
    // Other keys do not dismiss the question.
    a.update(Action::Play);
    assert_eq!(*a.mode(), Mode::Ask(Question::Recover));
    assert_eq!(a.record().move_number(), 0);
    a.update(Action::Input('r'));
    assert_eq!(*a.mode(), Mode::Record);
    assert_eq!(a.record().move_number(), 2);
    assert!(a.dirty(), "recovered moves are not in the file yet");
    let rev = a.revision();
    assert!(rev > 0, "a change the event loop autosaves");

    let mut b = app(9);
    b.update(offered(earlier, 2));
    // d asks first; n returns to the question, y discards.
    assert_eq!(b.act(Action::Input('d')), Effect::None);
    assert_eq!(*b.mode(), Mode::Ask(Question::Discard));
    assert!(
        b.message()
            .as_deref()
            .unwrap_or("")
            .contains("discard the unsaved session of 2 moves?")
    );
    assert_eq!(b.act(Action::Input('n')), Effect::None);
    assert_eq!(*b.mode(), Mode::Ask(Question::Recover));
    b.update(Action::Input('d'));
    assert_eq!(b.act(Action::Input('y')), Effect::DiscardAutosave);
    assert_eq!(b.record().move_number(), 0);
}

#[test]
fn every_change_moves_the_revision_and_navigation_does_not() {
    let mut a = app(9);
    let r0 = a.revision();
    a.update(Action::Play);
    let r1 = a.revision();
    assert!(r1 > r0);
    a.update(Action::Back);
    a.update(Action::Forward);
    a.update(Action::Left);
    assert_eq!(a.revision(), r1);
    a.update(Action::Undo);
    assert!(a.revision() > r1);
}

#[test]
fn fix_changes_a_recorded_move_from_the_command_line() {
    let mut a = app(9);
    for mv in ["E5", "C3", "G7"] {
        for c in mv.chars() {
            a.update(Action::Input(c));
        }
        a.update(Action::Submit);
    }
    a.update(Action::Command);
    for c in "fix 1 D4".chars() {
        a.update(Action::Input(c));
    }
    a.update(Action::Submit);
    let msg = a.message().clone().unwrap_or_default();
    assert!(
        msg.starts_with("move 1 is now D4; 2 later moves replayed"),
        "{msg}"
    );
    assert_eq!(a.record().board().get(Point::new(3, 5)), Some(Color::Black));
    assert_eq!(a.record().board().get(Point::new(4, 4)), None);
    assert_eq!(a.record().move_number(), 3);
    a.update(Action::Command);
    for c in "fix 7 D4".chars() {
        a.update(Action::Input(c));
    }
    a.update(Action::Submit);
    assert!(
        a.message()
            .as_deref()
            .unwrap_or("")
            .contains("there is no move 7")
    );
}

fn type_text(a: &mut App, text: &str) {
    for c in text.chars() {
        a.update(Action::Input(c));
    }
}

fn clear_field(a: &mut App) {
    for _ in 0..20 {
        a.update(Action::Backspace);
    }
}

use crate::common::select;

#[test]
fn the_game_information_form_sets_players_rules_and_komi() {
    let mut a = app(19);
    a.update(Action::Info);
    assert!(matches!(a.mode(), Mode::Info(_)));
    type_text(&mut a, "Honinbo Shusaku");
    select(&mut a, "Rules");
    clear_field(&mut a);
    type_text(&mut a, "japanese");
    // Komi followed the rules.
    if let Mode::Info(f) = &a.mode() {
        assert_eq!(f.value(kifu::app::info::Field::Komi), "6.5");
    }
    a.update(Action::Submit);
    assert_eq!(*a.mode(), Mode::Record);
    assert_eq!(a.record().info.black.as_deref(), Some("Honinbo Shusaku"));
    assert_eq!(a.record().rules.name(), "Japanese");
    assert_eq!(a.record().komi(), 6.5);
    assert!(a.dirty());
}

#[test]
fn a_bad_field_is_named_and_the_form_stays() {
    let mut a = app(19);
    a.update(Action::Info);
    select(&mut a, "Komi");
    clear_field(&mut a);
    type_text(&mut a, "lots");
    a.update(Action::Submit);
    assert!(matches!(a.mode(), Mode::Info(_)));
    assert_eq!(
        a.message().as_deref(),
        Some("Komi: type a number of points, like 6.5 or 7.5")
    );
    a.update(Action::Cancel);
    assert_eq!(*a.mode(), Mode::Record);
    assert_eq!(a.record().komi(), 7.5);
}

#[test]
fn size_and_fixed_handicap_before_the_first_move() {
    let mut a = app(19);
    a.update(Action::Info);
    select(&mut a, "Board size");
    clear_field(&mut a);
    type_text(&mut a, "13");
    select(&mut a, "Handicap");
    clear_field(&mut a);
    type_text(&mut a, "4");
    a.update(Action::Submit);
    assert_eq!(a.record().size(), 13);
    assert_eq!(a.record().info.handicap, 4);
    assert_eq!(a.record().board().count_stones(Color::Black), 4);
    assert_eq!(a.record().to_move(), Color::White);
    assert_eq!(a.cursor(), Point::new(6, 6));
    // Once a move is played, size and handicap are no longer offered.
    a.update(Action::Play);
    a.update(Action::Info);
    if let Mode::Info(f) = &a.mode() {
        assert!(!f.board_editable);
        assert!(
            f.fields
                .iter()
                .all(|(k, _)| k.label(kifu::i18n::Lang::En) != "Board size")
        );
    }
}

#[test]
fn free_handicap_stones_are_placed_by_hand() {
    let mut a = app(9);
    a.update(Action::Info);
    select(&mut a, "Handicap");
    clear_field(&mut a);
    type_text(&mut a, "2");
    select(&mut a, "Placement");
    clear_field(&mut a);
    type_text(&mut a, "free");
    a.update(Action::Submit);
    assert!(matches!(a.mode(), Mode::PlaceHandicap(2, _)));
    a.update(Action::Play);
    a.update(Action::Right);
    a.update(Action::Play);
    assert_eq!(*a.mode(), Mode::Record);
    assert_eq!(a.record().board().count_stones(Color::Black), 2);
    assert_eq!(a.record().info.handicap, 2);
    assert_eq!(a.record().to_move(), Color::White);
}

#[test]
fn screen_of_the_form_in_ascii() {
    let mut a = app(9);
    a.update(Action::Info);
    let s = screen(&a, ascii(), 80, 24);
    assert!(s.is_ascii(), "{s}");
    assert!(s.contains("> Black"), "{s}");
    assert!(s.contains("Board size"), "{s}");
}

/// The autosave path as the event loop drives it: every change written,
/// then a new session of the same file (the first was killed) offers it,
/// and every move comes back.
#[test]
fn a_killed_recording_is_recovered_move_for_move() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let file = dir.path().join("club.sgf");
    let mut a = App::new(
        GameRecord::new(19, Rules::japanese()).unwrap(),
        Some(file.clone()),
    );
    let mut keeper = common::keeper(&mut a, Some(data.clone()));
    let moves = ["Q16", "D4", "C16", "Q4", "E17", "R6"];
    for mv in moves {
        type_text(&mut a, mv);
        common::through(&mut keeper, &mut a, Action::Submit);
    }
    common::through(&mut keeper, &mut a, Action::Pass);
    let before = kifu::sgf::to_sgf(a.record());
    // Killed: nothing else was saved, and the lock goes with the process.
    drop(keeper);
    drop(a);

    let mut b = App::new(GameRecord::new(19, Rules::japanese()).unwrap(), Some(file));
    let mut keeper = common::keeper(&mut b, Some(data));
    assert_eq!(*b.mode(), Mode::Ask(Question::Recover));
    assert!(
        b.message().as_deref().unwrap_or("").contains("(7 moves)"),
        "{:?}",
        b.message()
    );
    common::through(&mut keeper, &mut b, Action::Input('r'));
    assert_eq!(kifu::sgf::to_sgf(b.record()), before);
    assert_eq!(b.record().move_number(), 7);
    assert!(keeper.autosave_path().is_some_and(|p| p.exists()));
}

fn a_few_moves(size: usize) -> App {
    let mut a = app(size);
    a.update(Action::Play);
    a.update(Action::Right);
    a.update(Action::Play);
    a.update(Action::Up);
    a
}

#[test]
fn screen_9x9_unicode_at_120x40() {
    insta::assert_snapshot!(screen(&a_few_moves(9), unicode(), 120, 40));
}

#[test]
fn screen_19x19_ascii_at_120x40() {
    let s = screen(&a_few_moves(19), ascii(), 120, 40);
    assert!(s.is_ascii());
    insta::assert_snapshot!(s);
}

#[test]
fn screen_19x19_ascii_at_80x24() {
    insta::assert_snapshot!(screen(&a_few_moves(19), ascii(), 80, 24));
}

#[test]
fn screen_help_overlay() {
    let mut a = a_few_moves(19);
    a.update(Action::Help);
    insta::assert_snapshot!(screen(&a, ascii(), 80, 24));
}

#[test]
fn tiny_areas_do_not_panic() {
    let a = a_few_moves(19);
    for (w, h) in [(0, 0), (20, 10), (1, 40), (80, 1)] {
        let s = screen(&a, unicode(), w, h);
        if w >= 20 && h >= 10 {
            assert!(s.contains("Terminal too small"), "{s}");
        }
    }
}

#[test]
fn last_move_and_board_colours_on_cells() {
    let a = a_few_moves(9);
    let mut term = Terminal::new(TestBackend::new(80, 24)).unwrap();
    term.draw(|f| ui::draw(f, &a, unicode())).unwrap();
    let lay = kifu::ui::layout::Layout::new(ratatui::layout::Rect::new(0, 0, 80, 24), 9).unwrap();
    let buf = term.backend().buffer().clone();
    // White's last move F5: filled white between two dark half cells (its
    // edge) on the wood, framed by ( ).
    let (x, y) = lay.cell_of(Point::new(5, 4));
    let stone = &buf[(x, y)];
    let white = ratatui::style::Color::Rgb(255, 255, 255);
    assert_eq!(stone.symbol(), "█");
    assert_eq!(stone.fg, white);
    // At 4x2 a stone takes three columns (▐█▌): the marks stand outside.
    assert_eq!(lay.stone_reach(), 1);
    assert_eq!(buf[(x - 1, y)].symbol(), "▐");
    assert_eq!(buf[(x - 1, y)].fg, white);
    assert_eq!(buf[(x - 1, y)].bg, ratatui::style::Color::Black);
    assert_eq!(
        buf[(x - 3, y)].bg,
        ratatui::style::Color::Rgb(0xa0, 0x70, 0x2c),
        "the wood"
    );
    assert_eq!(buf[(x - 2, y)].symbol(), "(");
    assert_eq!(buf[(x + 2, y)].symbol(), ")");
    // Black's stone E5 in black.
    let (bx, by) = lay.cell_of(Point::new(4, 4));
    assert_eq!(buf[(bx, by)].fg, ratatui::style::Color::Black);
    // The cursor (F6) is the terminal's cursor in colour; without colour it
    // is bracketed and no cell carries a colour.
    let (cx, cy) = lay.cell_of(a.cursor());
    use ratatui::backend::Backend;
    let pos = term.backend_mut().get_cursor_position().unwrap();
    assert_eq!((pos.x, pos.y), (cx, cy));
    let mut plain = Terminal::new(TestBackend::new(80, 24)).unwrap();
    plain.draw(|f| ui::draw(f, &a, ascii())).unwrap();
    let pbuf = plain.backend().buffer().clone();
    assert_eq!(pbuf[(cx - 1, cy)].symbol(), "[");
    assert_eq!(pbuf[(cx + 1, cy)].symbol(), "]");
    for yy in 0..24 {
        for xx in 0..80 {
            let c = &pbuf[(xx, yy)];
            assert_eq!(
                (c.fg, c.bg),
                (ratatui::style::Color::Reset, ratatui::style::Color::Reset)
            );
        }
    }
}

#[test]
fn the_ko_point_is_shown_on_the_board() {
    // White's A9 takes Black's B9 in the corner, a ko: Black may not
    // retake at B9 at once.
    let mut a = app(9);
    for mv in ["B9", "C9", "A8", "B8", "J1", "A9"] {
        type_text(&mut a, mv);
        a.update(Action::Submit);
    }
    let b9 = Point::new(1, 0);
    assert_eq!(a.record().board().ko_point().map(|(p, _)| p), Some(b9));
    let s = screen(&a, ascii(), 80, 24);
    let lay = kifu::ui::layout::Layout::new(ratatui::layout::Rect::new(0, 0, 80, 24), 9).unwrap();
    let (x, y) = lay.cell_of(b9);
    let line = s.lines().nth(usize::from(y)).unwrap_or("");
    assert_eq!(line.chars().nth(usize::from(x)), Some('#'), "{s}");
    assert!(s.contains("Ko at B9"), "{s}");
    a.update(Action::PlayAt(b9));
    assert_eq!(
        a.message().as_deref(),
        Some("Ko: wait one move (play elsewhere first)")
    );
}

#[test]
fn keys_map_to_actions_and_free_letters_start_a_coordinate() {
    use kifu::app::key::{KeyCode, KeyEvent, KeyModifiers};
    let a = app(19);
    let key = |c| a.action_for(&KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
    assert_eq!(key('q'), Some(Action::Quit));
    assert_eq!(key('h'), Some(Action::Left));
    assert_eq!(key('d'), Some(Action::Input('d')));
    assert_eq!(key('Q'), Some(Action::Input('Q')));
    assert_eq!(
        a.action_for(&KeyEvent::new(KeyCode::Char('s'), KeyModifiers::CONTROL)),
        Some(Action::Save)
    );
    let mut a = app(19);
    type_text(&mut a, "d4");
    a.update(Action::Submit);
    assert_eq!(
        a.record().board().get(Point::new(3, 15)),
        Some(Color::Black)
    );
}

#[test]
fn fix_move_57_of_a_long_game() {
    // Stones two apart never touch: 60 moves, no captures.
    let mut a = app(19);
    let points: Vec<Point> = (0..10u8)
        .flat_map(|y| (0..10u8).map(move |x| Point::new(2 * x, 2 * y)))
        .take(60)
        .collect();
    for &p in &points {
        a.update(Action::PlayAt(p));
    }
    assert_eq!(a.record().move_number(), 60);
    a.update(Action::Command);
    type_text(&mut a, "fix 57 B18");
    a.update(Action::Submit);
    let msg = a.message().clone().unwrap_or_default();
    assert!(
        msg.starts_with("move 57 is now B18; 3 later moves replayed"),
        "{msg}"
    );
    assert_eq!(a.record().move_number(), 60);
    assert_eq!(a.record().board().get(Point::new(1, 1)), Some(Color::Black));
    assert_eq!(a.record().board().get(points[56]), None);
    a.update(Action::Undo);
    assert_eq!(a.record().move_number(), 59);
}

/// Every built-in theme renders the same position; `ascii` is 7-bit and
/// `mono` and `ascii` carry no colour in any cell.
#[test]
fn every_builtin_theme_renders() {
    use kifu::ui::theme::Theme;
    let a = a_few_moves(19);
    let env = |k: &str| match k {
        "LANG" => Some("en_US.UTF-8".to_string()),
        "TERM" => Some("xterm-256color".to_string()),
        _ => None,
    };
    for name in Theme::names() {
        let theme = Theme::builtin(name).unwrap();
        let look = Look::with_theme(theme, env);
        let mut term = Terminal::new(TestBackend::new(80, 24)).unwrap();
        term.draw(|f| ui::draw(f, &a, look)).unwrap();
        let s = screen(&a, look, 80, 24);
        if name == "ascii" {
            assert!(s.is_ascii(), "{s}");
        }
        if name == "ascii" || name == "mono" {
            let buf = term.backend().buffer().clone();
            for y in 0..24 {
                for x in 0..80 {
                    let c = &buf[(x, y)];
                    assert_eq!(
                        (c.fg, c.bg),
                        (ratatui::style::Color::Reset, ratatui::style::Color::Reset),
                        "{name}"
                    );
                }
            }
        }
        insta::assert_snapshot!(format!("theme_{name}"), s);
        // The colours too: changing one in a theme file fails here.
        let styles = common::styles(&a, look, 80, 24);
        insta::assert_snapshot!(format!("theme_{name}_styles"), styles);
    }
}

#[test]
fn a_remapped_key_works_and_shows_in_the_help() {
    use kifu::app::action::Keymap;
    use kifu::app::key::{KeyCode, KeyEvent, KeyModifiers};
    let table: std::collections::BTreeMap<String, String> = [("pass".to_string(), "P".to_string())]
        .into_iter()
        .collect();
    let mut a = app(19);
    a.set_keymap(Keymap::from_table(&table).unwrap());
    let key = |c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE);
    assert_eq!(a.action_for(&key('P')), Some(Action::Pass));
    assert_eq!(
        a.action_for(&key('p')),
        Some(Action::Pass),
        "kifu's key still works"
    );
    a.update(Action::Help);
    let s = screen(&a, ascii(), 80, 24);
    assert!(s.contains("|P p "), "{s}");
}

#[test]
fn plain_mode_says_every_change_in_words() {
    let mut a = app(9);
    a.set_plain(true);
    a.update(Action::Play);
    assert_eq!(a.message().as_deref(), Some("Black E5"));
    a.update(Action::Pass);
    assert_eq!(a.message().as_deref(), Some("White passes"));
    // Capturing: Black surrounds a white stone in the corner.
    let mut b = app(9);
    b.set_plain(true);
    for mv in ["B9", "A9", "A8"] {
        type_text(&mut b, mv);
        b.update(Action::Submit);
    }
    assert_eq!(b.message().as_deref(), Some("Black A8, captures 1"));
    let s = screen(&b, ascii(), 80, 24);
    assert!(s.contains("Black A8, captures 1"), "{s}");
}

#[test]
fn sgf_coordinates_when_the_user_prefers_them() {
    let mut a = app(19);
    a.set_sgf_coords(true);
    a.set_plain(true);
    type_text(&mut a, "Q16");
    a.update(Action::Submit);
    assert_eq!(a.message().as_deref(), Some("Black pd"));
    let s = screen(&a, ascii(), 80, 24);
    assert!(s.contains("Last: Black pd"), "{s}");
}

/// An earlier session's game offered for recovery, as the keeper offers it.
fn offered(record: kifu::game::record::GameRecord, moves: usize) -> Action {
    Action::Outside(Outside::Offered(Box::new(kifu::app::Offer {
        record,
        moves,
        put_away: 0,
    })))
}
