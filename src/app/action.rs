//! Everything a user can ask for, in one table (`TABLE`): each row a mode,
//! its keys, the action, its name and its help line. The key handling
//! (`App::action_for`), the help overlay, the configuration's `[keys]`
//! names, the `:` command line (`:pass` is the row named `pass`) and line
//! mode's words all read it; `COMMANDS` adds the commands that take an
//! argument.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::game::Point;

mod keys;
pub use keys::*;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    Left,
    Right,
    Up,
    Down,
    /// Play at the cursor (count mode: mark the chain there).
    Play,
    /// Play at a point (a mouse click, a typed coordinate).
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
    /// Count mode: back to recording (`c` again, `:record`).
    Record,
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
    /// Count mode: go to a step of the walkthrough (0: the map).
    GoStep(u8),
    /// Count mode: the legend of the symbols on the board.
    Legend,
    /// Count mode: play out a disputed part of the board (confirmation
    /// play); Esc ends it and marks the result.
    Confirm,
    /// The board and the caption only, as large as the terminal allows
    /// (a projector in a room); again to come back.
    Present,
    /// Open the command line (`:`).
    Command,
    /// Comment the move on the board (`#`: the command line with
    /// `:comment`).
    Comment,
    /// Ctrl-Z: suspend kifu (the shell's `fg` brings it back).
    Suspend,
    /// Typing in the command line, a coordinate or a form; a letter or
    /// digit that is no key starts a typed coordinate.
    Input(char),
    /// Text pasted at once (bracketed paste): never run as keys.
    Paste(String),
    Backspace,
    Submit,
    /// Esc: close what is open (count mode: back to recording).
    Cancel,
}

/// The modes with keys of their own (the base modes: an overlay such as
/// the help or a question closes back to one of them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    Record,
    Count,
}

/// One row of the table.
pub struct Row {
    pub scope: &'static [Scope],
    /// Key names as the configuration writes them (`p`, `ctrl-s`, `left`).
    pub keys: &'static [&'static str],
    pub action: Action,
    /// The action's name: the configuration's `[keys]`, `:NAME`, and line
    /// mode's word.
    pub name: &'static str,
    pub help: &'static str,
}

const R: &[Scope] = &[Scope::Record];
const C: &[Scope] = &[Scope::Count];
const RC: &[Scope] = &[Scope::Record, Scope::Count];

const fn row(
    scope: &'static [Scope],
    keys: &'static [&'static str],
    action: Action,
    name: &'static str,
    help: &'static str,
) -> Row {
    Row {
        scope,
        keys,
        action,
        name,
        help,
    }
}

/// The table. Rows with the same help show as one line in the help.
pub const TABLE: &[Row] = &[
    row(RC, &["left", "h"], Action::Left, "left", "move the cursor"),
    row(
        RC,
        &["right", "l"],
        Action::Right,
        "right",
        "move the cursor",
    ),
    row(RC, &["up", "k"], Action::Up, "up", "move the cursor"),
    row(RC, &["down", "j"], Action::Down, "down", "move the cursor"),
    row(
        R,
        &["space", "enter"],
        Action::Play,
        "play",
        "play at the cursor (or click)",
    ),
    row(R, &["p"], Action::Pass, "pass", "pass"),
    row(R, &["u"], Action::Undo, "undo", "take back the last move"),
    row(R, &["[", "pageup"], Action::Back, "back", "one move back"),
    row(
        R,
        &["]", "pagedown"],
        Action::Forward,
        "forward",
        "one move forward",
    ),
    row(
        R,
        &["home"],
        Action::Start,
        "start",
        "the start / the end of the game",
    ),
    row(
        R,
        &["end"],
        Action::End,
        "end",
        "the start / the end of the game",
    ),
    row(
        R,
        &["v"],
        Action::NextVariation,
        "next_variation",
        "next / previous variation",
    ),
    row(
        R,
        &["V"],
        Action::PreviousVariation,
        "previous_variation",
        "next / previous variation",
    ),
    row(
        R,
        &["i"],
        Action::Info,
        "info",
        "game information: players, rules, komi, result, time",
    ),
    row(
        R,
        &["#"],
        Action::Comment,
        "comment",
        "comment the move (:comment TEXT, :comment+ adds a line)",
    ),
    row(
        R,
        &["c"],
        Action::Count,
        "count",
        "count mode: mark dead stones, both views, the walkthroughs",
    ),
    row(
        C,
        &["d"],
        Action::Play,
        "mark",
        "on the map: mark the chain at the cursor dead / alive (or click)",
    ),
    row(
        C,
        &["u"],
        Action::Undo,
        "undo_mark",
        "take back the last change of the marks",
    ),
    row(
        C,
        &["g"],
        Action::ToggleGroup,
        "group",
        "mark the whole group (related chains) dead / alive",
    ),
    row(
        C,
        &["s"],
        Action::ToggleSeki,
        "seki",
        "mark the group as seki / not seki",
    ),
    row(
        C,
        &["v"],
        Action::SwitchView,
        "view",
        "area against half the board / territory with prisoners",
    ),
    row(
        C,
        &["n", "space", "enter"],
        Action::StepNext,
        "next_step",
        "walkthrough: next / previous step",
    ),
    row(
        C,
        &["N"],
        Action::StepBack,
        "previous_step",
        "walkthrough: next / previous step",
    ),
    row(
        C,
        &["b"],
        Action::SwitchSide,
        "side",
        "count the other side (the Chinese steps start again)",
    ),
    row(
        C,
        &["0"],
        Action::GoStep(0),
        "map",
        "0 the map, 1-6 jump to a step",
    ),
    row(
        C,
        &["1"],
        Action::GoStep(1),
        "step1",
        "0 the map, 1-6 jump to a step",
    ),
    row(
        C,
        &["2"],
        Action::GoStep(2),
        "step2",
        "0 the map, 1-6 jump to a step",
    ),
    row(
        C,
        &["3"],
        Action::GoStep(3),
        "step3",
        "0 the map, 1-6 jump to a step",
    ),
    row(
        C,
        &["4"],
        Action::GoStep(4),
        "step4",
        "0 the map, 1-6 jump to a step",
    ),
    row(
        C,
        &["5"],
        Action::GoStep(5),
        "step5",
        "0 the map, 1-6 jump to a step",
    ),
    row(
        C,
        &["6"],
        Action::GoStep(6),
        "step6",
        "0 the map, 1-6 jump to a step",
    ),
    row(
        C,
        &["C"],
        Action::Confirm,
        "confirm",
        "confirmation play: play out a dispute (Esc marks the result)",
    ),
    row(
        C,
        &["L"],
        Action::Legend,
        "legend",
        "what every symbol on the board means",
    ),
    row(
        C,
        &["R"],
        Action::WriteResult,
        "write_result",
        "write the count as the result (RE, TB/TW) at the game's end",
    ),
    row(
        C,
        &["esc"],
        Action::Cancel,
        "back",
        "back to the map (from a step, from presenting); never leaves count mode",
    ),
    row(
        C,
        &["c"],
        Action::Record,
        "record",
        "back to recording (the marks are kept)",
    ),
    row(
        RC,
        &["f5", "+"],
        Action::Present,
        "present",
        "presentation: the board and the caption only (again: back)",
    ),
    row(RC, &["ctrl-s"], Action::Save, "save", "save"),
    row(
        RC,
        &[":"],
        Action::Command,
        "command",
        "the command line (below)",
    ),
    row(RC, &["?"], Action::Help, "help", "this help"),
    row(
        RC,
        &["ctrl-z"],
        Action::Suspend,
        "suspend",
        "suspend kifu (fg brings it back)",
    ),
    row(
        RC,
        &["q", "ctrl-c"],
        Action::Quit,
        "quit",
        "quit (asks if unsaved)",
    ),
];

/// The commands that take an argument (every row's name is a command
/// too: `:pass`, `:count`, `:view`).
pub struct CommandRow {
    pub usage: &'static str,
    pub help: &'static str,
}

pub const COMMANDS: &[CommandRow] = &[
    CommandRow {
        usage: ":play Q16",
        help: "play there (GTP Q16 or SGF pd; a point alone, :Q16, too)",
    },
    CommandRow {
        usage: ":goto N",
        help: "go to move N of this line",
    },
    CommandRow {
        usage: ":fix N Q16",
        help: "move N was played at Q16 (:fix Q16: this move)",
    },
    CommandRow {
        usage: ":w [FILE] :wq :q :q!",
        help: "save (as FILE); save and quit; quit; quit now",
    },
    CommandRow {
        usage: ":result W+R",
        help: "the result by hand: B+T W+F B+3.5 0 void ?",
    },
    CommandRow {
        usage: ":resign",
        help: "the side to move resigns",
    },
    CommandRow {
        usage: ":comment TEXT",
        help: "this move's comment (:comment+ TEXT adds a line)",
    },
    CommandRow {
        usage: ":gc TEXT",
        help: "the comment on the whole game",
    },
    CommandRow {
        usage: ":clock 5:00 3:20",
        help: "time left for Black and White at this move",
    },
    CommandRow {
        usage: ":confirm",
        help: "after the passes: play out a dispute (Esc marks it)",
    },
    CommandRow {
        usage: ":resume black",
        help: "black (or white) asks to resume; the other moves first",
    },
    CommandRow {
        usage: ":export FOLDER",
        help: "the count as a handout: SVG per step, one HTML page",
    },
    CommandRow {
        usage: ":theme NAME",
        help: "the board's look (default light projector ascii mono)",
    },
    CommandRow {
        usage: ":view territory",
        help: "count mode's view (area or territory)",
    },
    CommandRow {
        usage: ":dead Q16",
        help: "count mode: mark the chain at Q16 dead / alive",
    },
];

/// The help's line about typed coordinates.
pub const COORDINATE_HELP: (&str, &str) = (
    "Q16 d4 p16",
    "type a point, Enter plays it (count mode: :Q16 marks)",
);

/// The key table of the README, made from `TABLE` and `COMMANDS` (a test
/// checks that the README holds exactly this).
pub fn markdown_table() -> String {
    let mut s = String::from("| mode | keys | name | what it does |\n|---|---|---|---|\n");
    for r in TABLE {
        let mode = match r.scope {
            [Scope::Record] => "record",
            [Scope::Count] => "count",
            _ => "both",
        };
        let keys: Vec<String> = r.keys.iter().map(|k| format!("`{k}`")).collect();
        s.push_str(&format!(
            "| {mode} | {} | {} | {} |\n",
            keys.join(" "),
            r.name,
            r.help.replace('|', "\\|")
        ));
    }
    s.push_str("\n| command | what it does |\n|---|---|\n");
    for c in COMMANDS {
        s.push_str(&format!("| `{}` | {} |\n", c.usage, c.help));
    }
    s
}

/// The rows of a mode.
pub fn rows(scope: Scope) -> impl Iterator<Item = &'static Row> {
    TABLE.iter().filter(move |r| r.scope.contains(&scope))
}

/// The action named `name` in a mode (`:pass`, a line-mode word).
pub fn by_name(scope: Scope, name: &str) -> Option<Action> {
    rows(scope)
        .find(|r| r.name == name)
        .map(|r| r.action.clone())
}
