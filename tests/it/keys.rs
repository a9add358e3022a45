//! Real key events through `App::key`: one table of actions, modes that
//! come back, and typed coordinates without traps.

use crate::common;
use crate::common::Drive;

use kifu::app::action::{self, Action, COMMANDS, Keymap, Scope, TABLE};
use kifu::app::key::{KeyCode, KeyEvent, KeyModifiers};
use kifu::app::{App, Effect, Mode, Question};
use kifu::game::record::GameRecord;
use kifu::game::rules::Rules;
use kifu::game::{Color, Point};

fn app19() -> App {
    App::new(
        GameRecord::new(19, Rules::chinese()).unwrap(),
        Some("game.sgf".into()),
    )
}

fn press(a: &mut App, code: KeyCode) -> Effect {
    a.key(KeyEvent::new(code, KeyModifiers::NONE))
}

/// Types text key by key (`\n` is Enter).
fn typed(a: &mut App, text: &str) -> Effect {
    let mut last = Effect::None;
    for c in text.chars() {
        last = match c {
            '\n' => press(a, KeyCode::Enter),
            c => press(a, KeyCode::Char(c)),
        };
    }
    last
}

fn at(a: &App, gtp: &str) -> Option<Color> {
    a.record()
        .board()
        .get(Point::from_gtp(gtp, a.record().size()).unwrap())
}

#[test]
fn lower_case_coordinates_play_where_letters_are_keys() {
    let mut a = app19();
    // p (pass), q (quit), c (count), h (cursor) are keys and columns.
    typed(&mut a, "p16\n");
    assert_eq!(at(&a, "P16"), Some(Color::Black));
    assert!(kifu::sgf::to_sgf(a.record()).contains(";B[od]"));
    assert_eq!(a.record().move_number(), 1, "no pass was recorded");
    typed(&mut a, "q16\n");
    assert_eq!(at(&a, "Q16"), Some(Color::White));
    typed(&mut a, "c4\n");
    assert_eq!(at(&a, "C4"), Some(Color::Black));
    assert_eq!(*a.mode(), Mode::Record, "not count mode");
    typed(&mut a, "h3\n");
    assert_eq!(at(&a, "H3"), Some(Color::White));
    typed(&mut a, "d4\n");
    assert_eq!(at(&a, "D4"), Some(Color::Black));
    assert_eq!(a.record().move_number(), 5);
    // The keys alone still act at once.
    typed(&mut a, "p");
    assert_eq!(a.record().move_number(), 6, "p passes");
    press(&mut a, KeyCode::Right);
    typed(&mut a, "c");
    assert_eq!(*a.mode(), Mode::Count);
}

#[test]
fn q_asks_before_quitting_and_a_digit_makes_it_a_point() {
    let mut a = app19();
    assert_eq!(typed(&mut a, "q"), Effect::None);
    assert_eq!(*a.mode(), Mode::Ask(Question::Quit));
    assert_eq!(typed(&mut a, "n"), Effect::None);
    assert_eq!(*a.mode(), Mode::Record);
    typed(&mut a, "q");
    assert_eq!(typed(&mut a, "y"), Effect::Quit);
    // On a 9x9 board there is no column Q: q asks only when unsaved.
    let mut small = App::new(GameRecord::new(9, Rules::chinese()).unwrap(), None);
    assert_eq!(typed(&mut small, "q"), Effect::Quit);
    // Ctrl-C quits a saved game at once.
    let mut b = app19();
    assert_eq!(
        b.key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)),
        Effect::Quit
    );
}

#[test]
fn modes_come_back_after_every_overlay() {
    let mut a = app19();
    typed(&mut a, "d4\n");
    typed(&mut a, "c");
    assert_eq!(*a.mode(), Mode::Count);
    // Unsaved: q asks, n stays in count mode.
    typed(&mut a, "q");
    assert_eq!(*a.mode(), Mode::Ask(Question::Quit));
    typed(&mut a, "n");
    assert_eq!(*a.mode(), Mode::Count);
    // :w and :theme keep count mode.
    assert!(matches!(typed(&mut a, ":w\n"), Effect::Save(_)));
    assert_eq!(*a.mode(), Mode::Count);
    assert_eq!(
        typed(&mut a, ":theme light\n"),
        Effect::Theme("light".into())
    );
    assert_eq!(*a.mode(), Mode::Count);
    // The help, and a command by its name.
    typed(&mut a, "?");
    assert_eq!(*a.mode(), Mode::Help);
    press(&mut a, KeyCode::Down);
    assert_eq!(*a.mode(), Mode::Help, "Down scrolls");
    press(&mut a, KeyCode::Esc);
    assert_eq!(*a.mode(), Mode::Count);
    typed(&mut a, ":view\n");
    assert_eq!(*a.mode(), Mode::Count);
    typed(&mut a, ":nonsense\n");
    assert_eq!(*a.mode(), Mode::Count);
    assert!(
        a.message()
            .as_deref()
            .unwrap_or("")
            .contains("unknown command")
    );
    // A typed point in count mode shows it, `:d4` too; `:dead d4` marks.
    let d4 = Point::from_gtp("D4", 19).unwrap();
    let dead = |a: &App| a.count().as_ref().unwrap().session.marks.is_dead(d4);
    let before = dead(&a);
    typed(&mut a, ":d4\n");
    assert_eq!(dead(&a), before, "shown, not marked");
    assert_eq!(a.cursor(), d4);
    typed(&mut a, ":dead d4\n");
    assert_eq!(dead(&a), !before, "{:?}", a.message());
    assert_eq!(*a.mode(), Mode::Count);
    press(&mut a, KeyCode::Esc);
    assert_eq!(*a.mode(), Mode::Count, "Esc never leaves count mode");
    typed(&mut a, "c");
    assert_eq!(*a.mode(), Mode::Record);
    // The form from the record mode returns there.
    typed(&mut a, "i");
    assert!(matches!(a.mode(), Mode::Info(_)));
    press(&mut a, KeyCode::Esc);
    assert_eq!(*a.mode(), Mode::Record);
}

#[test]
fn remapped_keys_of_any_kind_per_mode() {
    let mut a = app19();
    let mut km = Keymap::default();
    let rec: std::collections::BTreeMap<String, String> = [
        ("pass".into(), "ctrl-p".into()),
        ("undo".into(), "f5".into()),
    ]
    .into();
    let count: std::collections::BTreeMap<String, String> = [("view".into(), "t".into())].into();
    km.add(Scope::Record, &rec).unwrap();
    km.add(Scope::Count, &count).unwrap();
    a.set_keymap(km);
    a.key(KeyEvent::new(KeyCode::Char('p'), KeyModifiers::CONTROL));
    assert_eq!(a.record().move_number(), 1, "ctrl-p passes");
    a.key(KeyEvent::new(KeyCode::F(5), KeyModifiers::NONE));
    assert_eq!(a.record().move_number(), 0, "f5 undoes");
    typed(&mut a, "c");
    let before = a.count().as_ref().unwrap().view;
    typed(&mut a, "t");
    assert_ne!(
        a.count().as_ref().unwrap().view,
        before,
        "t switches the view"
    );
    // The help shows the user's keys.
    typed(&mut a, "?");
    let s = common::screen(&a, common::ascii(), 80, 40);
    assert!(s.contains("t v "), "{s}");
}

/// Every action: in the table with a help line, or handled as typing.
/// The match is exhaustive, so a new action fails to compile here until
/// it is placed.
#[test]
fn every_action_has_a_key_or_a_command_and_a_help_line() {
    fn typing(a: &Action) -> bool {
        match a {
            // Typing, and what the effects runner reports back.
            Action::Input(_)
            | Action::Paste(_)
            | Action::Backspace
            | Action::Submit
            | Action::PlayAt(_)
            | Action::Notice(_)
            | Action::Key(_)
            | Action::Run(_)
            | Action::Said
            | Action::OverlayShown
            | Action::CursorTo(_)
            | Action::Outside(_) => true,
            Action::Left
            | Action::Right
            | Action::Up
            | Action::Down
            | Action::Play
            | Action::Pass
            | Action::Undo
            | Action::Back
            | Action::Forward
            | Action::Start
            | Action::End
            | Action::NextVariation
            | Action::PreviousVariation
            | Action::Promote
            | Action::VariationUp
            | Action::VariationDown
            | Action::DeleteVariation
            | Action::DeleteRest
            | Action::Undelete
            | Action::Save
            | Action::Quit
            | Action::Help
            | Action::Info
            | Action::Count
            | Action::ToggleGroup
            | Action::ToggleSeki
            | Action::SwitchView
            | Action::StepNext
            | Action::StepBack
            | Action::SwitchSide
            | Action::WriteResult
            | Action::Accept
            | Action::Command
            | Action::Comment
            | Action::Suspend
            | Action::GoStep(_)
            | Action::Legend
            | Action::Confirm
            | Action::Present
            | Action::PauseClock
            | Action::Record
            | Action::Cancel => false,
        }
    }
    let all = [
        Action::PauseClock,
        Action::Left,
        Action::Right,
        Action::Up,
        Action::Down,
        Action::Play,
        Action::Pass,
        Action::Undo,
        Action::Back,
        Action::Forward,
        Action::Start,
        Action::End,
        Action::NextVariation,
        Action::PreviousVariation,
        Action::Promote,
        Action::VariationUp,
        Action::VariationDown,
        Action::DeleteVariation,
        Action::DeleteRest,
        Action::Undelete,
        Action::Save,
        Action::Quit,
        Action::Help,
        Action::Info,
        Action::Count,
        Action::ToggleGroup,
        Action::ToggleSeki,
        Action::SwitchView,
        Action::StepNext,
        Action::StepBack,
        Action::SwitchSide,
        Action::WriteResult,
        Action::Command,
        Action::Comment,
        Action::Suspend,
        Action::GoStep(0),
        Action::GoStep(6),
        Action::Legend,
        Action::Confirm,
        Action::Present,
        Action::Record,
        Action::Cancel,
    ];
    for a in &all {
        assert!(!typing(a));
        let row = TABLE.iter().find(|r| r.action == *a);
        assert!(
            row.is_some_and(|r| !r.keys.is_empty() && !r.help.is_empty()),
            "{a:?} has no key and help line"
        );
    }
    // The record help lists count mode and every command.
    let mut a = app19();
    typed(&mut a, "?");
    let help: Vec<String> = a
        .help_lines()
        .into_iter()
        .map(|(k, h)| format!("{k} {h}"))
        .collect();
    let help = help.join("\n");
    assert!(help.contains("count mode"), "{help}");
    for c in COMMANDS {
        assert!(help.contains(c.usage), "{}", c.usage);
    }
    // Every command in the list is one the command line knows: run each
    // as the help writes it, in recording and in count mode.
    for c in COMMANDS {
        let words: Vec<&str> = c.usage.split_whitespace().collect();
        for (i, w) in words.iter().enumerate() {
            let Some(name) = w.strip_prefix(':') else {
                continue;
            };
            let args: Vec<&str> = words[i + 1..]
                .iter()
                .take_while(|a| !a.starts_with(':') && !a.starts_with('['))
                .copied()
                .collect();
            for count in [false, true] {
                let mut b = app19();
                typed(&mut b, "d4\nq16\n");
                if count {
                    typed(&mut b, "c");
                }
                b.command(&format!("{name} {}", args.join(" ")));
                let said = b.message().clone().unwrap_or_default();
                assert!(!said.contains("unknown command"), ":{name}: {said}");
            }
        }
    }
    // And every row's name is a command: `:undo` is `u`.
    let mut b = app19();
    typed(&mut b, "d4\n");
    typed(&mut b, ":undo\n");
    assert_eq!(b.record().move_number(), 0);
    assert!(action::by_name(Scope::Count, "view").is_some());
}

#[test]
fn ctrl_z_suspends() {
    let mut a = app19();
    assert_eq!(
        a.key(KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL)),
        Effect::Suspend
    );
}

/// The README's key table is the table in the code.
#[test]
fn the_readme_key_table_is_the_code_s() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let (start, end) = (
        "<!-- keys: made by action::markdown_table -->\n",
        "<!-- /keys -->",
    );
    let from = readme
        .find(start)
        .expect("the README has the key table markers")
        + start.len();
    let to = readme[from..].find(end).expect("end marker") + from;
    let want = action::markdown_table();
    assert_eq!(
        &readme[from..to],
        want,
        "README key table is out of date; put this between the markers:\n{want}"
    );
}

/// The `:` line takes the words line mode takes: a point alone plays
/// there, a key alone is that key's action (`:p` passes), in recording as
/// in confirmation play.
#[test]
fn the_command_line_plays_a_point_alone_as_line_mode_does() {
    let mut a = app19();
    typed(&mut a, ":Q16\n");
    assert_eq!(at(&a, "Q16"), Some(Color::Black), "{:?}", a.message());
    typed(&mut a, ":d4\n");
    assert_eq!(at(&a, "D4"), Some(Color::White), "{:?}", a.message());
    typed(&mut a, ":p\n:p\n");
    assert_eq!(*a.mode(), Mode::Count, "{:?}", a.message());
    typed(&mut a, "C");
    assert_eq!(*a.mode(), Mode::Confirm);
    typed(&mut a, ":K10\n");
    let msg = a.message().clone().unwrap_or_default();
    assert!(msg.contains("Black K10"), "{msg}");
    assert_eq!(at(&a, "K10"), None, "confirmation moves are not the game's");
}
