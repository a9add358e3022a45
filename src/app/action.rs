//! Everything a user can ask for, and the keys that ask for it. This table
//! is the single source for the key handling and the help overlay.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::game::Point;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    Left,
    Right,
    Up,
    Down,
    /// Play at the cursor.
    Play,
    /// Play at a point (a mouse click).
    PlayAt(Point),
    Pass,
    Undo,
    Back,
    Forward,
    Start,
    End,
    NextVariation,
    PreviousVariation,
    Save,
    Quit,
    Help,
    /// The game-information form.
    Info,
    /// Count mode (`c`, `:count`).
    Count,
    /// Count mode: mark all related chains (the whole group) dead/alive.
    ToggleGroup,
    /// Count mode: mark the group under the cursor as seki (or not).
    ToggleSeki,
    /// Count mode: area against half the board / territory with prisoners.
    SwitchView,
    StepNext,
    StepBack,
    /// Count mode: the side the Chinese walkthrough counts.
    SwitchSide,
    /// Count mode: write RE and TB/TW on the final node.
    WriteResult,
    /// Open the command line (`:`).
    Command,
    /// Comment the move on the board (`#`: the command line with
    /// `:comment`).
    Comment,
    /// Typing in the command line or a coordinate.
    Input(char),
    /// Text pasted at once (bracketed paste): never run as keys.
    Paste(String),
    Backspace,
    Submit,
    Cancel,
}

/// A key as the help shows it, and the action it triggers in record mode.
pub struct Binding {
    pub keys: &'static str,
    pub action: Action,
    pub help: &'static str,
}

/// Record mode's keys (DESIGN.md's key contract).
pub fn bindings() -> Vec<Binding> {
    let b = |keys, action, help| Binding { keys, action, help };
    // One line each at 80 columns (59 characters of description).
    vec![
        b("arrows h j k l", Action::Left, "move the cursor"),
        b("Space Enter", Action::Play, "play at the cursor (or click)"),
        b("p", Action::Pass, "pass"),
        b("u", Action::Undo, "take back the last move"),
        b("[ PageUp", Action::Back, "one move back"),
        b("] PageDown", Action::Forward, "one move forward"),
        b("Home End", Action::Start, "start / end of the game"),
        b("v V", Action::NextVariation, "next / previous variation"),
        b("Ctrl-S", Action::Save, "save"),
        b(
            ":",
            Action::Command,
            "commands: :play Q16 :pass :undo :goto N :fix N Q16 :w :q",
        ),
        b(
            "Q16 d4",
            Action::Input('a'),
            "type a point, Enter plays it (capitals if a key: H4)",
        ),
        b(
            "i",
            Action::Info,
            "game information: players, rules, komi, result",
        ),
        b(
            "#",
            Action::Comment,
            "comment this move (:comment+ adds a line, :gc the game)",
        ),
        b(
            ":result",
            Action::Command,
            "result by hand: W+R B+T W+F B+3.5 0 void ?; :resign",
        ),
        b(
            ":clock",
            Action::Command,
            ":clock 5:00 3:20: time left for Black and White",
        ),
        b("?", Action::Help, "this help"),
        b("q", Action::Quit, "quit (asks if unsaved)"),
    ]
}

/// Actions a user may bind to keys of their own (config `[keys]`).
const NAMED: [(&str, Action); 20] = [
    ("left", Action::Left),
    ("right", Action::Right),
    ("up", Action::Up),
    ("down", Action::Down),
    ("play", Action::Play),
    ("pass", Action::Pass),
    ("undo", Action::Undo),
    ("back", Action::Back),
    ("forward", Action::Forward),
    ("start", Action::Start),
    ("end", Action::End),
    ("next_variation", Action::NextVariation),
    ("previous_variation", Action::PreviousVariation),
    ("save", Action::Save),
    ("quit", Action::Quit),
    ("help", Action::Help),
    ("info", Action::Info),
    ("count", Action::Count),
    ("command", Action::Command),
    ("comment", Action::Comment),
];

/// The user's own keys, tried before kifu's in record mode.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Keymap {
    pub user: Vec<(char, Action)>,
}

impl Keymap {
    /// From the configuration's `[keys]` table: action name = one
    /// character.
    pub fn from_table<'a>(
        table: impl IntoIterator<Item = (&'a String, &'a String)>,
    ) -> Result<Keymap, String> {
        let mut user = Vec::new();
        for (name, key) in table {
            let Some((_, action)) = NAMED.iter().find(|(n, _)| n == name) else {
                let names: Vec<&str> = NAMED.iter().map(|(n, _)| *n).collect();
                return Err(format!(
                    "keys.{name}: no such action; use one of {}",
                    names.join(", ")
                ));
            };
            let mut chars = key.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return Err(format!(
                    "keys.{name} = {key:?}: give one character, like \"P\""
                ));
            };
            user.push((c, action.clone()));
        }
        Ok(Keymap { user })
    }

    /// The user's key for an action, if they set one.
    pub fn key_for(&self, action: &Action) -> Option<char> {
        self.user.iter().find(|(_, a)| a == action).map(|(c, _)| *c)
    }
}

/// Record mode with the user's keys first.
pub fn record_key_with(keymap: &Keymap, key: KeyEvent) -> Option<Action> {
    if let KeyCode::Char(c) = key.code
        && !key.modifiers.contains(KeyModifiers::CONTROL)
        && let Some((_, a)) = keymap.user.iter().find(|(k, _)| *k == c)
    {
        return Some(a.clone());
    }
    record_key(key)
}

/// The keys record mode and count mode share: saving, quitting, the cursor
/// and Space/Enter (play, or mark in count mode).
fn shared_key(key: KeyEvent) -> Option<Action> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    Some(match key.code {
        KeyCode::Char('s') if ctrl => Action::Save,
        KeyCode::Char('c') if ctrl => Action::Quit,
        KeyCode::Left | KeyCode::Char('h') => Action::Left,
        KeyCode::Right | KeyCode::Char('l') => Action::Right,
        KeyCode::Up | KeyCode::Char('k') => Action::Up,
        KeyCode::Down | KeyCode::Char('j') => Action::Down,
        KeyCode::Char(' ') | KeyCode::Enter => Action::Play,
        _ => return None,
    })
}

/// The action of a key in record mode. Letters that are not keys start a
/// typed coordinate (GNU Go's habit): `d4` works, `q16` would clash with
/// `q`, so such coordinates are typed in capitals (`Q16`) or after `:play`.
pub fn record_key(key: KeyEvent) -> Option<Action> {
    if let Some(a) = shared_key(key) {
        return Some(a);
    }
    Some(match key.code {
        KeyCode::Char('p') => Action::Pass,
        KeyCode::Char('u') => Action::Undo,
        KeyCode::Char('[') | KeyCode::PageUp => Action::Back,
        KeyCode::Char(']') | KeyCode::PageDown => Action::Forward,
        KeyCode::Home => Action::Start,
        KeyCode::End => Action::End,
        KeyCode::Char('v') => Action::NextVariation,
        KeyCode::Char('V') => Action::PreviousVariation,
        KeyCode::Char('?') => Action::Help,
        KeyCode::Char('i') => Action::Info,
        KeyCode::Char('c') => Action::Count,
        KeyCode::Char('q') => Action::Quit,
        KeyCode::Char(':') => Action::Command,
        KeyCode::Char('#') => Action::Comment,
        // Any other letter or digit starts a typed coordinate: capitals
        // always, small letters where they are not keys (d4, but H4).
        KeyCode::Char(c) if c.is_ascii_alphanumeric() => Action::Input(c),
        KeyCode::Esc => Action::Cancel,
        _ => return None,
    })
}

/// Count mode's keys, for the help.
pub fn count_bindings() -> Vec<Binding> {
    let b = |keys, action, help| Binding { keys, action, help };
    vec![
        b(
            "Space Enter",
            Action::Play,
            "mark the chain under the cursor dead / alive (or click)",
        ),
        b(
            "g",
            Action::ToggleGroup,
            "mark the whole group (related chains) dead / alive",
        ),
        b("s", Action::ToggleSeki, "mark the group as seki / not seki"),
        b(
            "v",
            Action::SwitchView,
            "area against half the board / territory with prisoners",
        ),
        b("n N", Action::StepNext, "walkthrough: next / previous step"),
        b("b", Action::SwitchSide, "the side the Chinese count counts"),
        b(
            "R",
            Action::WriteResult,
            "write the result (RE) and the marks (TB/TW)",
        ),
        b(
            "Esc",
            Action::Cancel,
            "back to recording (the marks are kept)",
        ),
    ]
}

/// The action of a key in count mode.
pub fn count_key(key: KeyEvent) -> Option<Action> {
    if let Some(a) = shared_key(key) {
        return Some(a);
    }
    Some(match key.code {
        KeyCode::Char('g') => Action::ToggleGroup,
        KeyCode::Char('s') => Action::ToggleSeki,
        KeyCode::Char('v') => Action::SwitchView,
        KeyCode::Char('n') => Action::StepNext,
        KeyCode::Char('N') => Action::StepBack,
        KeyCode::Char('b') => Action::SwitchSide,
        KeyCode::Char('R') => Action::WriteResult,
        KeyCode::Char('?') => Action::Help,
        KeyCode::Char('q') => Action::Quit,
        KeyCode::Char(':') => Action::Command,
        KeyCode::Esc => Action::Cancel,
        _ => return None,
    })
}

/// The action of a key in the game-information form.
pub fn form_key(key: KeyEvent) -> Option<Action> {
    Some(match key.code {
        KeyCode::Up | KeyCode::BackTab => Action::Up,
        KeyCode::Down | KeyCode::Tab => Action::Down,
        _ => return input_key(key),
    })
}

/// The action of a key while typing (command line or coordinate).
pub fn input_key(key: KeyEvent) -> Option<Action> {
    Some(match key.code {
        KeyCode::Enter => Action::Submit,
        KeyCode::Esc => Action::Cancel,
        KeyCode::Backspace => Action::Backspace,
        KeyCode::Char(c) => Action::Input(c),
        _ => return None,
    })
}
