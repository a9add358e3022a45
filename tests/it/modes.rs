//! Every row of the key table in every base mode it names (recording,
//! count mode, confirmation play, handicap placement), through real key
//! events: each key the help names does something or says why not, the
//! shared rows (save, help, the command line, presenting, quit, suspend)
//! behave the same in all four, and every overlay closes back to the mode
//! it was opened from. The lists come from the table, not from the test.

use crate::common::Drive;
use kifu::app::action::{KeySpec, Scope, TABLE, rows};
use kifu::app::key::KeyEvent;
use kifu::app::{Action, App, Effect, Mode, Question};
use kifu::game::record::GameRecord;
use kifu::game::rules::Rules;

use crate::common::select;

fn key_of(name: &str) -> KeyEvent {
    let spec = KeySpec::parse(name).unwrap();
    KeyEvent::new(spec.code, spec.mods)
}

/// An unsaved 9x9 game with a move played, in the base mode `scope`.
fn in_base(scope: Scope) -> App {
    let mut a = App::new(
        GameRecord::new(9, Rules::chinese()).unwrap(),
        Some("game.sgf".into()),
    );
    match scope {
        Scope::Handicap => {
            a.update(Action::Info);
            select(&mut a, "Handicap");
            retype(&mut a, "2");
            select(&mut a, "Placement");
            retype(&mut a, "free");
            a.update(Action::Submit);
        }
        _ => {
            a.update(Action::Play);
            a.update(Action::Right);
            if scope != Scope::Record {
                a.update(Action::Count);
            }
            if scope == Scope::Confirm {
                a.update(Action::Confirm);
            }
        }
    }
    assert_eq!(a.scope(), scope, "{:?}", a.mode());
    a
}

fn retype(a: &mut App, text: &str) {
    for _ in 0..20 {
        a.update(Action::Backspace);
    }
    for c in text.chars() {
        a.update(Action::Input(c));
    }
}

/// What a person could see change: the mode, the message, the cursor,
/// the record, presenting, the count and the confirmation play.
fn seen(a: &App) -> String {
    format!(
        "{:?}|{:?}|{:?}|{}|{}|{}|{:?}|{:?}",
        a.mode(),
        a.message(),
        a.cursor(),
        a.revision(),
        a.record().current(),
        a.presentation(),
        a.count()
            .as_ref()
            .map(|c| (c.step, c.view, c.side, c.result())),
        a.confirm().as_ref().map(|c| c.board.clone()),
    )
}

#[test]
fn every_key_the_help_names_works_in_every_mode_or_says_why_not() {
    let mut silent = Vec::new();
    for scope in Scope::ALL {
        for row in rows(scope) {
            for k in row.keys {
                let mut a = in_base(scope);
                let before = seen(&a);
                let effect = a.key(key_of(k));
                if effect == Effect::None && seen(&a) == before {
                    silent.push(format!("{}: {k} ({})", scope.name(), row.name));
                }
            }
        }
    }
    assert!(
        silent.is_empty(),
        "keys that did nothing and said nothing: {silent:#?}"
    );
}

#[test]
fn the_shared_keys_do_the_same_in_every_base_mode() {
    for scope in Scope::ALL {
        let at = scope.name();
        let mut a = in_base(scope);
        let base = a.mode().clone();
        // The help of this mode, from the live keymap.
        a.key(key_of("?"));
        assert_eq!(*a.mode(), Mode::Help, "{at}");
        let lines = a.help_lines();
        for r in rows(scope) {
            assert!(
                lines.iter().any(|(_, h)| h == r.help),
                "{at}: the help lacks {}",
                r.name
            );
        }
        a.key(key_of("esc"));
        assert_eq!(*a.mode(), base, "{at}: the help closes back");
        // The command line, and back.
        a.key(key_of(":"));
        assert_eq!(*a.mode(), Mode::Command(String::new()), "{at}");
        a.key(key_of("esc"));
        assert_eq!(*a.mode(), base, "{at}: the command line closes back");
        // Saving.
        assert_eq!(
            a.key(key_of("ctrl-s")),
            Effect::Save("game.sgf".into()),
            "{at}"
        );
        // Presenting, on and off.
        a.key(key_of("f5"));
        assert!(a.presentation(), "{at}");
        a.key(key_of("f5"));
        assert!(!a.presentation(), "{at}");
        // Suspending.
        assert_eq!(a.key(key_of("ctrl-z")), Effect::Suspend, "{at}");
        // Quitting an unsaved game asks; n stays in the mode.
        a.key(key_of("ctrl-c"));
        assert_eq!(*a.mode(), Mode::Ask(Question::Quit), "{at}");
        a.key(key_of("n"));
        assert_eq!(*a.mode(), base, "{at}: the question closes back");
        assert_eq!(a.scope(), scope, "{at}");
    }
}

/// Every shared row is in all four modes, each mode's rows have distinct
/// names, and every key of the table parses.
#[test]
fn the_table_covers_the_four_base_modes() {
    for scope in Scope::ALL {
        assert!(rows(scope).count() >= 8, "{}", scope.name());
        for shared in ["save", "help", "command", "quit", "present", "suspend"] {
            assert!(
                rows(scope).any(|r| r.name == shared),
                "{}: {shared}",
                scope.name()
            );
        }
    }
    for r in TABLE {
        for k in r.keys {
            assert!(KeySpec::parse(k).is_ok(), "{k}");
        }
    }
}

/// The panel's hint comes from the live keymap: a user's own key for the
/// help shows there, in every mode (a shared row's key is everywhere).
#[test]
fn the_hint_follows_the_users_keys() {
    let mut a = in_base(Scope::Record);
    assert_eq!(a.hint_line(), "? help  : command  q quit");
    let mut table = std::collections::BTreeMap::new();
    table.insert("help".to_string(), "f1".to_string());
    a.set_keymap(kifu::app::action::Keymap::from_table(&table).unwrap());
    assert_eq!(a.hint_line(), "f1 help  : command  q quit");
    a.update(Action::Count);
    assert_eq!(a.scope(), Scope::Count);
    assert_eq!(a.hint_line(), "f1 help  : command  q quit");
    a.key(key_of("f1"));
    assert_eq!(*a.mode(), Mode::Help);
}
