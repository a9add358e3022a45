//! The table itself: every key of every base mode, one row per action.

use super::*;

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
const CF: &[Scope] = &[Scope::Confirm];
const HA: &[Scope] = &[Scope::Handicap];
/// The shared rows: every base mode.
const ALL: &[Scope] = &Scope::ALL;

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
    row(ALL, &["left", "h"], Action::Left, "left", "move the cursor"),
    row(
        ALL,
        &["right", "l"],
        Action::Right,
        "right",
        "move the cursor",
    ),
    row(ALL, &["up", "k"], Action::Up, "up", "move the cursor"),
    row(ALL, &["down", "j"], Action::Down, "down", "move the cursor"),
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
        "one move forward (after a take-back: the move taken back)",
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
        &["M"],
        Action::Promote,
        "promote",
        "make the line shown the main line",
    ),
    row(
        R,
        &["{"],
        Action::VariationUp,
        "variation_up",
        "move the variation shown earlier / later among its siblings",
    ),
    row(
        R,
        &["}"],
        Action::VariationDown,
        "variation_down",
        "move the variation shown earlier / later among its siblings",
    ),
    row(
        R,
        &["x"],
        Action::DeleteVariation,
        "delete_variation",
        "delete the variation shown, from its first move",
    ),
    row(
        R,
        &["X"],
        Action::DeleteRest,
        "delete_rest",
        "delete every move after this one",
    ),
    row(
        R,
        &["U"],
        Action::Undelete,
        "undelete",
        "put back what was deleted or taken back last",
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
    // Count mode marks with keys that are no column letter (x, X, =), so
    // a point typed to show it (d15) never changes the count.
    row(
        C,
        &["x"],
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
        &["X"],
        Action::ToggleGroup,
        "group",
        "mark the whole group (related chains) dead / alive",
    ),
    row(
        C,
        &["="],
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
        &["A"],
        Action::Accept,
        "accept",
        "counting together: accept the marks (both accept: the result is written)",
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
        CF,
        &["space", "enter"],
        Action::Play,
        "play",
        "play a move in the confirmation play (or click)",
    ),
    row(
        CF,
        &["p"],
        Action::Pass,
        "pass",
        "pass in the confirmation play",
    ),
    row(
        CF,
        &["esc"],
        Action::Cancel,
        "end",
        "end the confirmation play: its verdict marks the count",
    ),
    row(
        HA,
        &["space", "enter"],
        Action::Play,
        "place",
        "place a handicap stone, or take one back (or click)",
    ),
    row(
        HA,
        &["esc"],
        Action::Cancel,
        "stop",
        "stop placing: no handicap",
    ),
    row(
        ALL,
        &["f5", "+"],
        Action::Present,
        "present",
        "presentation: the board and the caption only (again: back)",
    ),
    row(ALL, &["ctrl-s"], Action::Save, "save", "save"),
    row(
        ALL,
        &["ctrl-p"],
        Action::PauseClock,
        "pause",
        "pause the game clock / let it go on",
    ),
    row(
        ALL,
        &[":"],
        Action::Command,
        "command",
        "the command line (below)",
    ),
    row(ALL, &["?"], Action::Help, "help", "this help"),
    row(
        ALL,
        &["ctrl-z"],
        Action::Suspend,
        "suspend",
        "suspend kifu (fg brings it back)",
    ),
    row(
        ALL,
        &["q", "ctrl-c"],
        Action::Quit,
        "quit",
        "quit (asks if unsaved)",
    ),
];
