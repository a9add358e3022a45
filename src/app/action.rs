//! Everything a user can ask for, in one table (`TABLE`): each row a mode,
//! its keys, the action, its name and its help line. The key handling
//! (`App::action_for`), the help overlay, the configuration's `[keys]`
//! names, the `:` command line (`:pass` is the row named `pass`) and line
//! mode's words all read it; `COMMANDS` adds the commands that take an
//! argument.

use super::key::{KeyCode, KeyEvent, KeyModifiers};

use crate::game::Point;

mod keys;
pub use keys::*;

#[derive(Debug, Clone, PartialEq)]
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
    /// The line through the move shown becomes the main line.
    Promote,
    /// The variation shown one place earlier among its siblings.
    VariationUp,
    /// The variation shown one place later among its siblings.
    VariationDown,
    /// Delete the variation shown, from its first move (never the main
    /// line).
    DeleteVariation,
    /// Delete every move after the one shown.
    DeleteRest,
    /// Put back what was deleted or taken back last.
    Undelete,
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
    /// Count mode, counting together: accept the marks as they are.
    Accept,
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
    /// Ctrl-P: pause the game clock, or let it go on.
    PauseClock,
    /// Ctrl-Z: suspend kifu (the shell's `fg` brings it back).
    Suspend,
    /// Typing in the command line, a coordinate or a form; a letter or
    /// digit that is no key starts a typed coordinate.
    Input(char),
    /// Text pasted at once (bracketed paste): never run as keys.
    Paste(String),
    /// What the effects runner (saves, autosave, reloads, the engine, the
    /// terminal) has to say: shown on the message line, the mode kept.
    Notice(String),
    /// A key as the terminal sent it (the keys of the table, the pending
    /// letter that a digit turns into a point).
    Key(KeyEvent),
    /// A line of commands (`pass`, `w FILE`, a point), as `:` runs it.
    Run(String),
    /// A front end without a screen (line mode) has said the message
    /// line: it goes.
    Said,
    /// Line mode has said what an overlay shows (the help, the game
    /// information) its own way: the overlay closes.
    OverlayShown,
    /// Line mode's `cursor D5`: the cursor to this point, nothing played.
    CursorTo(Point),
    /// What happened outside: the clock, the engine, the files.
    Outside(super::outside::Outside),
    Backspace,
    Submit,
    /// Esc: close what is open (count mode: back to recording).
    Cancel,
}

/// The base modes, each with keys of its own (an overlay such as the help,
/// the command line or a question opens over one and closes back to it).
/// The shared rows (save, help, the command line, quit, the cursor...)
/// are in all four.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    Record,
    Count,
    /// Confirmation play after the passes.
    Confirm,
    /// Placing free handicap stones.
    Handicap,
}

impl Scope {
    pub const ALL: [Scope; 4] = [Scope::Record, Scope::Count, Scope::Confirm, Scope::Handicap];

    /// How the help's title and the key table name the mode.
    pub fn name(self) -> &'static str {
        match self {
            Scope::Record => "recording",
            Scope::Count => "count mode",
            Scope::Confirm => "confirmation play",
            Scope::Handicap => "handicap placement",
        }
    }

    /// The short word of the README's key table.
    fn word(self) -> &'static str {
        match self {
            Scope::Record => "record",
            Scope::Count => "count",
            Scope::Confirm => "confirm",
            Scope::Handicap => "handicap",
        }
    }

    /// The configuration's table of the mode's own keys.
    pub fn section(self) -> &'static str {
        match self {
            Scope::Record => "keys",
            Scope::Count => "keys.count",
            Scope::Confirm => "keys.confirm",
            Scope::Handicap => "keys.handicap",
        }
    }
}

mod table;
pub use table::*;

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
        usage: ":share [SOCKET] :share together :share off",
        help: "share this screen with followers (kifu follow); stop sharing",
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
        usage: ":clock 30m 5x30s",
        help: "start a game clock (30m, 30m 5x30s, 1h 25/10m, 10m +10s); :clock alone says it",
    },
    CommandRow {
        usage: ":clock 5:00 3:20",
        help: "time left for Black and White at this move (and on the running clocks)",
    },
    CommandRow {
        usage: ":stones black",
        help: "Black's (or White's) stones, chain by chain, with liberties",
    },
    CommandRow {
        usage: ":liberties D5",
        help: "the chain at D5 (or the cursor) and its liberties",
    },
    CommandRow {
        usage: ":where",
        help: "the last move and the cursor, in words",
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
        usage: ":export print FOLDER",
        help: "the game printed: figures of 100 moves (HTML, SVG, text)",
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
    "type a point, Enter plays it (count mode: shows it; :dead Q16 marks)",
);

/// The key table of the README, made from `TABLE` and `COMMANDS` (a test
/// checks that the README holds exactly this).
pub fn markdown_table() -> String {
    let mut s = String::from("| mode | keys | name | what it does |\n|---|---|---|---|\n");
    for r in TABLE {
        let mode = if r.scope.len() == Scope::ALL.len() {
            "all".to_string()
        } else {
            r.scope
                .iter()
                .map(|s| s.word())
                .collect::<Vec<_>>()
                .join(" ")
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

/// The row of an action shared by every base mode (save, help, quit...).
pub fn shared(action: &Action) -> bool {
    TABLE
        .iter()
        .any(|r| r.action == *action && r.scope.len() == Scope::ALL.len())
}

/// The action named `name` in a mode (`:pass`, a line-mode word).
pub fn by_name(scope: Scope, name: &str) -> Option<Action> {
    rows(scope)
        .find(|r| r.name == name)
        .map(|r| r.action.clone())
}
