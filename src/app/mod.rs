//! The application state and the one function that changes it
//! (`App::update`): no terminal, no files. What needs I/O comes back as an
//! `Effect` for the event loop to carry out.

pub mod action;
pub mod count;
pub mod info;

use std::path::PathBuf;

use crate::game::record::{GameRecord, Undo};
use crate::game::result::{GameResult, Margin};
use crate::game::{Color, IllegalReason, Move, Point};
pub use action::{Action, Scope};
use ratatui::crossterm::event::{KeyEvent, KeyModifiers};

/// A letter naming a column of a board of `size` (GTP: no `i`).
fn is_column(c: char, size: u8) -> bool {
    "abcdefghjklmnopqrstuvwxyz"
        .find(c)
        .is_some_and(|i| i < usize::from(size))
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mode {
    Record,
    Help,
    /// The `:` command line, with what has been typed.
    Command(String),
    /// A coordinate being typed in record mode (`Q16` then Enter).
    Coordinate(String),
    /// Quitting with unsaved changes: y quits, anything else stays.
    ConfirmQuit,
    /// An autosave of an earlier session was found: r recovers it, d
    /// asks to discard it; every other key is ignored.
    Recover,
    /// `d` at the recovery prompt: y discards (the session is kept seven
    /// days in the data folder), anything else returns to the prompt.
    ConfirmDiscard,
    /// Saving over a file kifu repaired when reading it: a saves as a new
    /// file, o overwrites, anything else cancels. `bool`: quit after.
    ConfirmSave(PathBuf, bool),
    /// The game-information form.
    Info(info::InfoForm),
    /// Placing free handicap stones: how many are left, and those placed.
    PlaceHandicap(u32, Vec<Point>),
    /// Count mode (its state is `App::count`).
    Count,
    /// Writing a result that differs from the RE in the file: y replaces.
    ConfirmResult,
    /// `R` on a position that is not the end of the game: y goes to the end
    /// of the main line and counts there, anything else stays.
    ConfirmGoEnd,
    /// Count mode's legend (any key closes it).
    Legend,
}

/// What the event loop must do after an update.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    None,
    /// Write the game to this file (atomic), then report with `saved`.
    Save(PathBuf),
    /// Save, then quit.
    SaveAndQuit(PathBuf),
    /// Write the game to a new file named like this one (`NAME-kifu.sgf`,
    /// or the first free `NAME-kifu-N.sgf`), then report with `saved`;
    /// `bool`: quit after.
    SaveNew(PathBuf, bool),
    /// Put the offered autosave away (the user discarded it).
    DiscardAutosave,
    /// The offered autosave was recovered: put the old file away.
    RecoveredAutosave,
    /// Switch to the theme of this name (`:theme NAME`).
    Theme(String),
    Quit,
    /// Ctrl-Z: restore the terminal and stop until `fg`.
    Suspend,
    /// Write these files (name, contents) into this folder: the handout
    /// of the count (`:export DIR`).
    Export(PathBuf, Vec<(String, String)>),
}

/// What a command letter that may begin a typed coordinate changed, to be
/// taken back when a digit follows (`p` passes, but `p16` plays P16).
#[derive(Clone)]
struct Snapshot {
    record: GameRecord,
    cursor: Point,
    mode: Mode,
    base: Mode,
    message: Option<String>,
    count: Option<count::CountState>,
    dirty: bool,
}

/// The file the game came from, for the save policy: what saving over it
/// would lose, and the other games it holds.
#[derive(Debug, Clone, Default)]
pub struct Source {
    /// Reading the file dropped something (a repair): saving over it asks.
    pub repaired: bool,
    /// How many notes reading it gave.
    pub notes: usize,
    /// Every game of the file (None: a game kifu could not read); the open
    /// one is `index`. A save writes them all back, the open one as it is
    /// now.
    pub games: Vec<Option<GameRecord>>,
    pub index: usize,
    /// The user chose to overwrite the repaired file anyway.
    pub overwrite_ok: bool,
}

impl Source {
    /// Saving over the file would lose something: what was dropped in a
    /// repair, or games kifu could not read.
    pub fn lossy(&self) -> bool {
        self.repaired || self.games.iter().any(Option::is_none)
    }

    /// The game was saved to another file: that file holds what kifu
    /// wrote (the games it could read), so nothing more is asked.
    pub fn saved_elsewhere(&mut self) {
        let index = self.games[..self.index.min(self.games.len())]
            .iter()
            .filter(|g| g.is_some())
            .count();
        self.games.retain(Option::is_some);
        self.index = index;
        self.repaired = false;
        self.notes = 0;
    }

    /// Why a save over the file asks first, for the panel and the question.
    pub fn why_ask(&self) -> Option<String> {
        let unread = self.games.iter().filter(|g| g.is_none()).count();
        if unread > 0 {
            Some(format!(
                "{unread} of its {} games could not be read",
                self.games.len()
            ))
        } else if self.repaired {
            Some("kifu repaired it when reading (something was dropped)".into())
        } else {
            None
        }
    }
}

/// The longest text the command line or a coordinate takes (a paste of a
/// book is refused, not run).
pub const MAX_INPUT: usize = 256;

pub struct App {
    pub record: GameRecord,
    pub path: Option<PathBuf>,
    pub cursor: Point,
    pub mode: Mode,
    pub message: Option<String>,
    /// Changes since the last save.
    pub dirty: bool,
    /// Counts changes to the record, so the event loop knows when to
    /// autosave.
    pub revision: u64,
    /// An unsaved session found at start, offered for recovery.
    pub recovered: Option<GameRecord>,
    /// Count mode's marks and counts, kept when leaving count mode while
    /// the position stays the same.
    pub count: Option<count::CountState>,
    /// The base mode (Record, Count or PlaceHandicap) that `mode` returns
    /// to when an overlay (the help, the command line, a question, the
    /// form) closes.
    pub base: Mode,
    /// The help's first line shown (it scrolls on a small terminal).
    pub help_scroll: u16,
    /// Presentation: the board and the caption only, cells as large as the
    /// terminal allows.
    pub presentation: bool,
    /// A command letter just run that a digit would turn into a typed
    /// coordinate, with what it changed.
    pending: Option<(char, Box<Snapshot>)>,
    /// The user's own keys (from the configuration).
    pub keymap: action::Keymap,
    /// Screen-reader mode: every change is also said as one line of text.
    pub plain: bool,
    /// Show points as SGF (`pd`) rather than GTP (`Q16`) coordinates.
    pub sgf_coords: bool,
    /// The file the game was read from (None: a new game).
    pub source: Option<Source>,
    /// Count mode asks KataGo for its proposal (the configuration names
    /// it).
    pub engine: bool,
    /// A position waiting for the engine, for the event loop to send.
    pub engine_request: Option<EngineRequest>,
    /// Seconds the engine has been thinking, while it is (the event loop
    /// keeps it up to date).
    pub engine_thinking: Option<f64>,
}

/// A position for the engine to judge.
#[derive(Debug, Clone)]
pub struct EngineRequest {
    pub board: crate::game::Board,
    pub rules: crate::game::rules::Rules,
    pub komi: f64,
    pub to_move: Color,
}

impl App {
    pub fn new(record: GameRecord, path: Option<PathBuf>) -> App {
        let c = record.size() / 2;
        App {
            record,
            path,
            cursor: Point::new(c, c),
            mode: Mode::Record,
            message: None,
            dirty: false,
            revision: 0,
            recovered: None,
            count: None,
            base: Mode::Record,
            help_scroll: 0,
            presentation: false,
            pending: None,
            keymap: action::Keymap::default(),
            plain: false,
            sgf_coords: false,
            source: None,
            engine: false,
            engine_request: None,
            engine_thinking: None,
        }
    }

    /// The engine's answer for `board`: its dead stones become count
    /// mode's proposal, unless the players have marked stones since or the
    /// position changed; a failure is said and kifu's own proposal stays.
    pub fn engine_answer(
        &mut self,
        board: &crate::game::Board,
        answer: Result<crate::count::ownership::Judgment, String>,
    ) {
        self.engine_thinking = None;
        let Some(cs) = self.count.as_mut().filter(|c| c.board == *board) else {
            return;
        };
        match answer {
            Err(why) => self.message = Some(format!("{why}; kifu's own proposal stays")),
            Ok(_) if !cs.is_untouched_proposal() => {
                self.message = Some("KataGo answered; your marks are kept".into());
            }
            Ok(j) => {
                cs.take_proposal(j, "KataGo");
                self.message = Some(format!("count mode: {}", cs.source));
            }
        }
    }

    /// The text a save writes: the game, or every game of the collection it
    /// came from with this one as it is now (the others unchanged).
    pub fn file_text(&self) -> String {
        match &self.source {
            Some(src) if src.games.len() > 1 => {
                let games = src.games.iter().enumerate().filter_map(|(i, g)| {
                    if i == src.index {
                        Some(&self.record)
                    } else {
                        g.as_ref()
                    }
                });
                crate::sgf::collection_to_sgf(games)
            }
            _ => crate::sgf::to_sgf(&self.record),
        }
    }

    /// The event loop found that a save would replace the file the game
    /// came from, which kifu repaired when reading: ask first.
    pub fn confirm_overwrite(&mut self, path: PathBuf, quit: bool) {
        let why = self
            .source
            .as_ref()
            .and_then(Source::why_ask)
            .unwrap_or_default();
        let name = path
            .file_name()
            .map(|n| crate::text::printable(&n.to_string_lossy()).into_owned())
            .unwrap_or_default();
        self.message = Some(format!(
            "{name}: {why}, so saving over it would lose that. a: save as a new file, o: overwrite, Esc: cancel"
        ));
        self.mode = Mode::ConfirmSave(path, quit);
    }

    /// Whether a save to `path` must ask first (`same`: it is the file the
    /// game was read from, as the event loop found).
    pub fn must_confirm(&self, same: bool) -> bool {
        same && self
            .source
            .as_ref()
            .is_some_and(|s| s.lossy() && !s.overwrite_ok)
    }

    /// Text pasted (a terminal's bracketed paste): into the command line,
    /// a coordinate or a form field as text, never run as keys.
    pub fn paste(&mut self, text: &str) {
        // One line, no control characters: a paste cannot press Enter.
        // Terminals send a pasted line break as CR.
        let line: String = text
            .split(['\r', '\n'])
            .next()
            .unwrap_or("")
            .chars()
            .filter(|c| !c.is_control())
            .collect();
        match &mut self.mode {
            Mode::Command(t) | Mode::Coordinate(t) => {
                if t.chars().count() + line.chars().count() > MAX_INPUT {
                    // Out of the prompt, so the message shows.
                    self.mode = self.base.clone();
                    self.message = Some(format!("paste refused: more than {MAX_INPUT} characters"));
                } else {
                    t.push_str(&line);
                }
            }
            Mode::Info(form) => {
                for c in line.chars().take(MAX_INPUT) {
                    form.type_char(c);
                }
            }
            _ => {
                self.message =
                    Some("paste ignored: press : first to paste a command or a point".into());
            }
        }
    }

    /// Offers an autosaved session for recovery.
    pub fn offer_recovery(&mut self, record: GameRecord, moves: usize) {
        self.recovered = Some(record);
        self.mode = Mode::Recover;
        self.offer_message(moves);
    }

    fn offer_message(&mut self, moves: usize) {
        self.message = Some(format!(
            "Unsaved session found ({moves} moves): r recover, d discard"
        ));
    }

    /// A move in the coordinates the user chose.
    pub fn move_text(&self, mv: Move) -> String {
        match mv {
            Move::Play(p) => self.point_text(p),
            Move::Pass => "pass".into(),
        }
    }

    /// A point in the coordinates the user chose.
    pub fn point_text(&self, p: Point) -> String {
        if self.sgf_coords {
            p.to_sgf()
        } else {
            p.to_gtp(self.record.size())
        }
    }

    fn changed(&mut self) {
        self.dirty = true;
        self.revision += 1;
    }

    pub fn update(&mut self, action: Action) -> Effect {
        if let Action::Paste(text) = &action {
            self.paste(text);
            return Effect::None;
        }
        // Suspending leaves everything as it is, whatever is open.
        if action == Action::Suspend {
            return Effect::Suspend;
        }
        // An overlay closes back to its base unless a branch says otherwise.
        let base = self.base.clone();
        match std::mem::replace(&mut self.mode, base) {
            Mode::Record => self.record_mode(action),
            Mode::Legend => Effect::None,
            Mode::Help => {
                match action {
                    Action::Up => self.help_scroll = self.help_scroll.saturating_sub(1),
                    Action::Down => self.help_scroll = self.help_scroll.saturating_add(1),
                    _ => return Effect::None,
                }
                self.mode = Mode::Help;
                Effect::None
            }
            Mode::ConfirmQuit => {
                if action == Action::Input('y') {
                    Effect::Quit
                } else {
                    self.message = Some("not quitting".into());
                    Effect::None
                }
            }
            Mode::Recover => match action {
                Action::Input('r') => {
                    if let Some(mut rec) = self.recovered.take() {
                        rec.to_end();
                        self.record = rec;
                        let size = self.record.size();
                        if !self.cursor.is_on(size) {
                            self.cursor = Point::new(size / 2, size / 2);
                        }
                        self.changed();
                        self.message = Some("recovered: save it with Ctrl-S or :w".into());
                    }
                    Effect::RecoveredAutosave
                }
                Action::Input('d') => {
                    let moves = self.recovered.as_ref().map_or(0, GameRecord::move_number);
                    self.message = Some(format!(
                        "discard the unsaved session of {moves} moves? (y/n; it is kept 7 days, kifu --recover lists it)"
                    ));
                    self.mode = Mode::ConfirmDiscard;
                    Effect::None
                }
                _ => {
                    // Any other key (the `d` of a typed `d4` included)
                    // leaves the question on screen.
                    self.mode = Mode::Recover;
                    Effect::None
                }
            },
            Mode::ConfirmDiscard => {
                if action == Action::Input('y') {
                    self.recovered = None;
                    self.message = Some(
                        "discarded the unsaved session (kept 7 days: kifu --recover lists it)"
                            .into(),
                    );
                    Effect::DiscardAutosave
                } else {
                    let moves = self.recovered.as_ref().map_or(0, GameRecord::move_number);
                    self.offer_message(moves);
                    self.mode = Mode::Recover;
                    Effect::None
                }
            }
            Mode::ConfirmSave(path, quit) => match action {
                Action::Input('a') => Effect::SaveNew(path, quit),
                Action::Input('o') => {
                    if let Some(s) = self.source.as_mut() {
                        s.overwrite_ok = true;
                    }
                    if quit {
                        Effect::SaveAndQuit(path)
                    } else {
                        Effect::Save(path)
                    }
                }
                _ => {
                    self.message = Some("not saved".into());
                    Effect::None
                }
            },
            Mode::Info(form) => self.info_form(action, form),
            Mode::Count => self.count_mode(action),
            Mode::ConfirmResult => {
                self.mode = Mode::Count;
                if action == Action::Input('y') {
                    self.write_result(true);
                } else {
                    self.message = Some("result not written".into());
                }
                Effect::None
            }
            Mode::ConfirmGoEnd => {
                if action == Action::Input('y') {
                    self.record.to_start();
                    self.record.to_end();
                    self.enter_count();
                } else {
                    self.mode = Mode::Count;
                    self.message = Some("result not written".into());
                }
                Effect::None
            }
            Mode::PlaceHandicap(left, points) => self.place_handicap(action, left, points),
            Mode::Command(text) => self.typing(action, text, true),
            Mode::Coordinate(text) => self.typing(action, text, false),
        }
    }

    /// Enters count mode on the current position, keeping earlier marks
    /// if the position is the same.
    fn enter_count(&mut self) {
        let same = self
            .count
            .as_ref()
            .is_some_and(|c| c.board == *self.record.board());
        if !same {
            let cs = count::CountState::new(&self.record);
            // A proposal (no marks in the file): KataGo's, when it is there.
            if self.engine && cs.is_untouched_proposal() {
                self.engine_request = Some(EngineRequest {
                    board: cs.board.clone(),
                    rules: self.record.rules.clone(),
                    komi: self.record.komi(),
                    to_move: self.record.to_move(),
                });
                self.engine_thinking = Some(0.0);
            }
            self.count = Some(cs);
        }
        self.mode = Mode::Count;
        self.base = Mode::Count;
        self.message = self.count.as_ref().map(|c| {
            format!(
                "count mode: {}; Space marks dead, v switches view, n steps, Esc returns",
                c.source
            )
        });
    }

    fn count_mode(&mut self, action: Action) -> Effect {
        self.mode = Mode::Count;
        let cursor = self.cursor;
        let Some(cs) = self.count.as_mut() else {
            self.mode = Mode::Record;
            self.base = Mode::Record;
            return Effect::None;
        };
        match action {
            Action::Left | Action::Right | Action::Up | Action::Down => {
                self.record_mode(action);
                self.mode = Mode::Count;
            }
            Action::Play | Action::PlayAt(_) | Action::ToggleGroup => {
                let p = match action {
                    Action::PlayAt(p) => p,
                    _ => cursor,
                };
                self.cursor = p;
                if !cs.toggle(p, action == Action::ToggleGroup) {
                    self.message = Some("no stone there: move to a stone to mark it".into());
                } else if self.plain {
                    let c = &cs.count;
                    self.message = Some(format!(
                        "count: Black {} stones, {}, {}",
                        crate::game::result::format_points(c.area.black),
                        c.stones_text(),
                        cs.result()
                    ));
                } else {
                    self.message = Some(format!("result now {}", cs.result()));
                }
            }
            Action::ToggleSeki if cs.toggle_seki(cursor) => {
                let state = if cs.marks.is_seki(cursor) {
                    "in seki"
                } else {
                    "not in seki"
                };
                self.message = Some(format!("the group is marked {state}"));
            }
            Action::SwitchView => {
                cs.switch_view();
                // The board shows the view; line mode says it.
                self.message = self.plain.then(|| {
                    let view = match cs.view {
                        count::View::Area => "area against half the board",
                        count::View::Territory => "territory with prisoners",
                    };
                    format!("view: {view}; {}", cs.result())
                });
            }
            Action::StepNext => cs.step_forward(),
            Action::GoStep(n) if !cs.go_to_step(usize::from(n)) => {
                self.message = Some(format!(
                    "the {} walkthrough has {} steps",
                    cs.view.name(),
                    cs.view.steps()
                ));
            }
            Action::Legend => self.mode = Mode::Legend,
            Action::Present => self.presentation = !self.presentation,
            Action::StepBack => cs.step_back(),
            Action::SwitchSide => {
                cs.switch_side();
                self.message = Some(format!("the Chinese count now counts {}", cs.side.name()));
            }
            Action::WriteResult => self.write_result(false),
            Action::Cancel => {
                self.mode = Mode::Record;
                self.base = Mode::Record;
                self.message = Some("back to recording; the marks are kept".into());
            }
            Action::Help => {
                self.mode = Mode::Help;
                self.help_scroll = 0;
            }
            Action::Command => self.mode = Mode::Command(String::new()),
            Action::Suspend => return Effect::Suspend,
            Action::Save => return self.save_to(None, false),
            Action::Quit => return self.record_mode(Action::Quit),
            _ => {}
        }
        Effect::None
    }

    /// Writes RE and TB/TW on the current node; asks first when the file
    /// has a different result.
    fn write_result(&mut self, confirmed: bool) {
        let Some(cs) = self.count.as_ref() else {
            return;
        };
        // The result of the game is the count of its end: elsewhere a
        // count is a study, not something to write into RE.
        let main = self.record.main_line();
        let here = self.record.current();
        if main.last() != Some(&here) {
            let total = main
                .iter()
                .filter(|&&id| self.record.node(id).mv.is_some())
                .count();
            let n = self.record.move_number();
            let place = if main.contains(&here) {
                format!("this is move {n} of {total}")
            } else {
                format!("this is move {n} of a variation (the game has {total} moves)")
            };
            self.message = Some(format!(
                "{place}: its count is not the game's result. y: go to the end and count there; or :result to set a result by hand"
            ));
            self.mode = Mode::ConfirmGoEnd;
            return;
        }
        let result = cs.result();
        if let Some(old) = &self.record.info.result
            && *old != result
            && !confirmed
        {
            self.message = Some(format!(
                "the file says {old}; replace it with {result}? (y/n)"
            ));
            self.mode = Mode::ConfirmResult;
            return;
        }
        let (tb, tw) = cs.territory_points();
        let node = self.record.current();
        let props = &mut self.record.node_mut(node).props;
        props.retain(|p| p.id != "TB" && p.id != "TW");
        for (id, list) in [("TB", tb), ("TW", tw)] {
            if !list.is_empty() {
                props.push(crate::game::RawProp {
                    id: id.into(),
                    values: list.iter().map(|p| p.to_sgf()).collect(),
                });
            }
        }
        self.record.info.result = Some(result.clone());
        self.changed();
        self.message = Some(format!("wrote RE[{result}] and the territory marks"));
    }

    fn info_form(&mut self, action: Action, mut form: info::InfoForm) -> Effect {
        match action {
            Action::Up => form.next(false),
            Action::Down => form.next(true),
            Action::Input(c) => form.type_char(c),
            Action::Backspace => form.backspace(),
            Action::Cancel => {
                self.message = Some("game information unchanged".into());
                return Effect::None;
            }
            Action::Submit => {
                let before = self.record.size();
                match form.apply(&mut self.record) {
                    Ok(applied) => {
                        self.changed();
                        let size = self.record.size();
                        if size != before {
                            self.cursor = Point::new(size / 2, size / 2);
                        }
                        if applied.free_stones > 0 {
                            self.mode = Mode::PlaceHandicap(applied.free_stones, Vec::new());
                            self.base = self.mode.clone();
                            self.message = Some(format!(
                                "place {} handicap stones: Space or click on each",
                                applied.free_stones
                            ));
                        } else {
                            self.message = Some("game information saved in the record".into());
                        }
                        return Effect::None;
                    }
                    Err(e) => self.message = Some(e),
                }
            }
            _ => {}
        }
        self.mode = Mode::Info(form);
        Effect::None
    }

    fn place_handicap(&mut self, action: Action, left: u32, mut points: Vec<Point>) -> Effect {
        let target = match action {
            Action::Play => Some(self.cursor),
            Action::PlayAt(p) => Some(p),
            Action::Cancel => {
                self.message = Some("no handicap placed".into());
                self.base = Mode::Record;
                self.mode = Mode::Record;
                return Effect::None;
            }
            Action::Left | Action::Right | Action::Up | Action::Down => {
                self.record_mode(action);
                None
            }
            _ => None,
        };
        let mut left = left;
        if let Some(p) = target {
            if points.contains(&p) {
                points.retain(|&q| q != p);
                left += 1;
            } else {
                points.push(p);
                left -= 1;
            }
            self.record.set_free_handicap(&points);
            self.changed();
            if left == 0 {
                self.base = Mode::Record;
                self.mode = Mode::Record;
                self.message = Some(format!(
                    "{} handicap stones placed: White plays first",
                    points.len()
                ));
                return Effect::None;
            }
            self.message = Some(format!("{left} more handicap stones to place"));
        }
        self.mode = Mode::PlaceHandicap(left, points);
        self.base = self.mode.clone();
        Effect::None
    }

    fn typing(&mut self, action: Action, mut text: String, command: bool) -> Effect {
        let wrap = |t: String| {
            if command {
                Mode::Command(t)
            } else {
                Mode::Coordinate(t)
            }
        };
        match action {
            Action::Input(c) => {
                if text.chars().count() < MAX_INPUT {
                    text.push(c);
                }
                self.mode = wrap(text);
                Effect::None
            }
            Action::Backspace => {
                if text.pop().is_some() || !command {
                    self.mode = if text.is_empty() && !command {
                        self.base.clone()
                    } else {
                        wrap(text)
                    };
                }
                Effect::None
            }
            Action::Submit if command => self.run_command(text.trim()),
            Action::Submit => {
                self.play_text(&text);
                Effect::None
            }
            _ => Effect::None,
        }
    }

    fn record_mode(&mut self, action: Action) -> Effect {
        let size = self.record.size();
        let c = self.cursor;
        match action {
            Action::Left => self.cursor.x = c.x.saturating_sub(1),
            Action::Right => self.cursor.x = (c.x + 1).min(size - 1),
            Action::Up => self.cursor.y = c.y.saturating_sub(1),
            Action::Down => self.cursor.y = (c.y + 1).min(size - 1),
            Action::Play => self.play(Move::Play(c)),
            Action::PlayAt(p) => {
                self.cursor = p;
                self.play(Move::Play(p));
            }
            Action::Pass => self.play(Move::Pass),
            Action::Undo => self.undo(),
            Action::Back => {
                self.record.back();
            }
            Action::Forward => {
                self.record.forward();
            }
            Action::Start => self.record.to_start(),
            Action::End => self.record.to_end(),
            Action::NextVariation | Action::PreviousVariation => {
                let fwd = action == Action::NextVariation;
                if self.record.switch_variation(fwd) {
                    let (i, n) = self.record.variation_index();
                    self.message = Some(format!("variation {i} of {n}"));
                } else {
                    self.message = Some("no other variation here".into());
                }
            }
            Action::Save => return self.save_to(None, false),
            Action::Quit => {
                if self.dirty {
                    self.mode = Mode::ConfirmQuit;
                    self.message = Some("unsaved changes: quit anyway? (y/n)".into());
                } else {
                    return Effect::Quit;
                }
            }
            Action::Help => {
                self.mode = Mode::Help;
                self.help_scroll = 0;
            }
            Action::Suspend => return Effect::Suspend,
            Action::Present => self.presentation = !self.presentation,
            Action::Info => self.mode = Mode::Info(info::InfoForm::from_record(&self.record)),
            Action::Count => self.enter_count(),
            Action::Command => self.mode = Mode::Command(String::new()),
            Action::Comment => {
                // Edit a short comment in place; add a line to a longer one.
                let text = match self.record.node(self.record.current()).comment.as_deref() {
                    Some(c) if !c.contains('\n') && c.chars().count() < MAX_INPUT - 10 => {
                        format!("comment {c}")
                    }
                    Some(_) => "comment+ ".to_string(),
                    None => "comment ".to_string(),
                };
                self.mode = Mode::Command(text);
            }
            Action::Input(ch) => self.mode = Mode::Coordinate(ch.to_string()),
            Action::Cancel => self.message = None,
            Action::Backspace | Action::Submit | Action::Paste(_) => {}
            Action::ToggleGroup
            | Action::ToggleSeki
            | Action::SwitchView
            | Action::StepNext
            | Action::StepBack
            | Action::SwitchSide
            | Action::WriteResult
            | Action::GoStep(_)
            | Action::Legend => {}
        }
        Effect::None
    }

    fn play(&mut self, mv: Move) {
        let color = self.record.to_move();
        match self.record.play(mv) {
            Ok(played) => {
                self.changed();
                // The panel shows the last move; the message line only
                // says what the board cannot.
                let what = format!("{} {}", color.name(), self.move_text(mv));
                // Two passes in a row end the game: on to the count.
                let parent = self.record.node(played.node).parent;
                let two_passes = mv == Move::Pass
                    && parent
                        .is_some_and(|p| matches!(self.record.node(p).mv, Some((_, Move::Pass))));
                if two_passes {
                    self.enter_count();
                    return;
                }
                let what = match mv {
                    Move::Pass if self.plain => format!("{} passes", color.name()),
                    _ => what,
                };
                // Under the simple ko rule a whole-board repetition ends the
                // game without result if both players agree (Japanese 1989
                // art. 12; Korean rules alike). Passes repeat by nature.
                if mv != Move::Pass
                    && self.record.rules.ko == crate::game::rules::KoRule::Simple
                    && let Some((before, now)) = self.record.repetition()
                {
                    self.message = Some(format!(
                        "{what}: the position after move {now} repeats the one after move {before} (a triple ko or the like): under {} rules the game ends without result if both players agree: :result void",
                        self.record.rules.name()
                    ));
                    return;
                }
                self.message = if played.new_variation {
                    Some(format!(
                        "{what}: a new variation (the game went on differently)"
                    ))
                } else if played.captured > 0 {
                    Some(format!("{what}, captures {}", played.captured))
                } else if self.plain {
                    // A screen reader hears every move.
                    Some(what)
                } else {
                    None
                };
            }
            Err(e) => self.message = Some(self.explain(&e)),
        }
    }

    fn explain(&self, e: &crate::game::IllegalMove) -> String {
        match e.reason {
            IllegalReason::Ko => "Ko: wait one move (play elsewhere first)".into(),
            IllegalReason::Superko => "Superko: this would repeat an earlier position".into(),
            IllegalReason::Suicide => format!(
                "Suicide is not allowed under {} rules",
                self.record.rules.name()
            ),
            IllegalReason::Occupied => "That point is taken".into(),
            IllegalReason::OffBoard => "That point is off the board".into(),
        }
    }

    fn undo(&mut self) {
        self.message = Some(match self.record.undo() {
            Undo::Removed => {
                self.changed();
                "took back the last move".into()
            }
            Undo::SteppedBack => "stepped back (later moves are kept as the game)".into(),
            Undo::Nothing => "nothing to take back".into(),
        });
    }

    /// A command as the line mode takes it (`pass`, `w`, `count`, or a
    /// point: `d4`, `Q16`, `pd`), run from the base mode. A leading `:` is
    /// allowed.
    pub fn command(&mut self, line: &str) -> Effect {
        let line = line.trim();
        let line = line.strip_prefix(':').unwrap_or(line).trim();
        self.mode = self.base.clone();
        let first = line.split_whitespace().next().unwrap_or("");
        // A key alone (`p`, `u`, `n`) is its action, as on the board.
        let mut chars = line.chars();
        if let (Some(c), None) = (chars.next(), chars.next())
            && let Some(a) = action::lookup(
                &self.keymap,
                self.scope(),
                &KeyEvent::new(
                    ratatui::crossterm::event::KeyCode::Char(c),
                    KeyModifiers::NONE,
                ),
            )
        {
            return self.update(a);
        }
        // A point alone plays there (or marks it in count mode), unless
        // the word is a command (`b`, `n`, `v` in count mode).
        if !line.contains(' ')
            && action::by_name(self.scope(), first).is_none()
            && Point::parse_any(line, self.record.size()).is_ok()
        {
            self.play_text(line);
            return Effect::None;
        }
        self.run_command(line)
    }

    /// A point as a screen reader says it: "D5: empty, next to White D4".
    pub fn describe_point(&self, p: Point) -> String {
        let board = self.record.board();
        let what = |q: Point| match board.get(q) {
            Some(c) => c.name().to_string(),
            None => "empty".to_string(),
        };
        let size = self.record.size();
        let mut near = Vec::new();
        for (dx, dy) in [(0i16, -1i16), (1, 0), (0, 1), (-1, 0)] {
            let (x, y) = (i16::from(p.x) + dx, i16::from(p.y) + dy);
            if x < 0 || y < 0 || x >= i16::from(size) || y >= i16::from(size) {
                continue;
            }
            let q = Point::new(x as u8, y as u8);
            if let Some(c) = board.get(q) {
                near.push(format!("{} {}", c.name(), self.point_text(q)));
            }
        }
        let mut s = format!("{}: {}", self.point_text(p), what(p));
        if !near.is_empty() {
            s.push_str(&format!(", next to {}", near.join(", ")));
        }
        s
    }

    /// One row (`4`) or column (`D`) of the board in words: its stones,
    /// and how many points are empty.
    pub fn describe_line(&self, which: &str) -> Result<String, String> {
        let size = self.record.size();
        let which = which.trim();
        let points: Vec<Point> = if let Ok(row) = which.parse::<u8>() {
            if row == 0 || row > size {
                return Err(format!("row {which}: rows go from 1 to {size}"));
            }
            (0..size).map(|x| Point::new(x, size - row)).collect()
        } else {
            match Point::parse_any(&format!("{which}1"), size) {
                Ok(p) if which.chars().count() == 1 => {
                    (0..size).map(|y| Point::new(p.x, y)).collect()
                }
                _ => {
                    return Err(format!(
                        "{which}: give a row number (row 4) or a column letter (column D)"
                    ));
                }
            }
        };
        let board = self.record.board();
        let stones: Vec<String> = points
            .iter()
            .filter_map(|&q| {
                board
                    .get(q)
                    .map(|c| format!("{} {}", c.name(), self.point_text(q)))
            })
            .collect();
        let empty = points.len() - stones.len();
        Ok(if stones.is_empty() {
            format!("all {empty} points empty")
        } else {
            format!("{}; {empty} empty", stones.join(", "))
        })
    }

    /// A typed point: played, or in count mode marked.
    fn play_text(&mut self, text: &str) {
        let size = self.record.size();
        match Point::parse_any(text, size) {
            Ok(p) if self.base == Mode::Count => {
                self.count_mode(Action::PlayAt(p));
            }
            Ok(p) => {
                self.cursor = p;
                self.play(Move::Play(p));
            }
            Err(e) => self.message = Some(format!("{text}: {e}")),
        }
    }

    /// The mode whose keys apply now (an overlay uses its base's).
    pub fn scope(&self) -> Scope {
        if self.base == Mode::Count {
            Scope::Count
        } else {
            Scope::Record
        }
    }

    /// The action of a key in the mode shown (the table, the user's keys
    /// first; letters and digits that are no key start a typed point).
    pub fn action_for(&self, key: &KeyEvent) -> Option<Action> {
        use ratatui::crossterm::event::KeyCode;
        if let KeyCode::Char(d) = key.code
            && d.is_ascii_digit()
            && self.pending.is_some()
        {
            return Some(Action::Input(d));
        }
        // Ctrl-Z suspends from anywhere, a question or the form included.
        if key.code == KeyCode::Char('z') && key.modifiers.contains(KeyModifiers::CONTROL) {
            return Some(Action::Suspend);
        }
        let plain_char = match key.code {
            KeyCode::Char(c)
                if !key
                    .modifiers
                    .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) =>
            {
                Some(c)
            }
            _ => None,
        };
        match &self.mode {
            Mode::Record | Mode::PlaceHandicap(..) | Mode::Count => {
                action::lookup(&self.keymap, self.scope(), key).or_else(|| match key.code {
                    KeyCode::Esc => Some(Action::Cancel),
                    _ => plain_char
                        .filter(char::is_ascii_alphanumeric)
                        .map(Action::Input),
                })
            }
            Mode::Info(_) => action::form_key(*key),
            Mode::Command(_) | Mode::Coordinate(_) => action::input_key(*key),
            Mode::Legend => Some(Action::Cancel),
            Mode::Help => Some(match key.code {
                KeyCode::Up | KeyCode::PageUp | KeyCode::Char('k') => Action::Up,
                KeyCode::Down | KeyCode::PageDown | KeyCode::Char('j') => Action::Down,
                _ => Action::Cancel,
            }),
            // The questions take letters; any other key is an answer too.
            Mode::ConfirmQuit
            | Mode::Recover
            | Mode::ConfirmDiscard
            | Mode::ConfirmSave(..)
            | Mode::ConfirmResult
            | Mode::ConfirmGoEnd => action::input_key(*key).or(Some(Action::Cancel)),
        }
    }

    /// A key pressed: its action, carried out. A command letter that is
    /// also a column of the board (`p`, `q`, `c`, `h`...) acts at once, but
    /// when a digit follows straight away it was the start of a typed point
    /// (`p16`, `q16`): the command is taken back and the point typed.
    pub fn key(&mut self, key: KeyEvent) -> Effect {
        use ratatui::crossterm::event::KeyCode;
        let Some(action) = self.action_for(&key) else {
            self.pending = None;
            return Effect::None;
        };
        if let Some((letter, snap)) = self.pending.take()
            && let (KeyCode::Char(d), Action::Input(_)) = (key.code, &action)
            && d.is_ascii_digit()
        {
            self.restore(*snap);
            self.mode = Mode::Coordinate(format!("{letter}{d}"));
            return Effect::None;
        }
        let letter = match (key.code, &action) {
            (KeyCode::Char(c), a)
                if !matches!(a, Action::Input(_))
                    && c.is_ascii_lowercase()
                    && is_column(c, self.record.size())
                    && matches!(self.mode, Mode::Record | Mode::Count)
                    && !key
                        .modifiers
                        .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) =>
            {
                Some(c)
            }
            _ => None,
        };
        let Some(letter) = letter else {
            return self.update(action);
        };
        let snap = Box::new(self.snapshot());
        // Quitting cannot be taken back, so `q` asks even for a saved game.
        if action == Action::Quit && !self.dirty {
            self.mode = Mode::ConfirmQuit;
            self.message = Some(format!(
                "quit? (y/n; a digit types a point in column {})",
                letter.to_ascii_uppercase()
            ));
            self.pending = Some((letter, snap));
            return Effect::None;
        }
        let effect = self.update(action);
        if effect == Effect::None {
            self.pending = Some((letter, snap));
        }
        effect
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            record: self.record.clone(),
            cursor: self.cursor,
            mode: self.mode.clone(),
            base: self.base.clone(),
            message: self.message.clone(),
            count: self.count.clone(),
            dirty: self.dirty,
        }
    }

    fn restore(&mut self, s: Snapshot) {
        let changed = crate::sgf::to_sgf(&s.record) != crate::sgf::to_sgf(&self.record);
        self.record = s.record;
        self.cursor = s.cursor;
        self.mode = s.mode;
        self.base = s.base;
        self.message = s.message;
        self.count = s.count;
        self.dirty = s.dirty;
        if changed {
            // The autosave follows the record back.
            self.revision += 1;
        }
    }

    /// The help of the mode shown, as (keys, what they do) lines: the
    /// table's rows (the user's keys first; rows with the same help on one
    /// line), typed points, then the commands.
    pub fn help_lines(&self) -> Vec<(String, String)> {
        let scope = self.scope();
        let mut out: Vec<(String, String)> = Vec::new();
        for r in action::rows(scope) {
            let mut keys: Vec<String> = self
                .keymap
                .keys_for(scope, &r.action)
                .into_iter()
                .map(str::to_string)
                .collect();
            keys.extend(r.keys.iter().map(|k| k.to_string()));
            match out.last_mut() {
                Some((k, h)) if *h == r.help => {
                    k.push(' ');
                    k.push_str(&keys.join(" "));
                }
                _ => out.push((keys.join(" "), r.help.to_string())),
            }
        }
        // The four arrow keys read better as one word.
        for (k, _) in &mut out {
            let words: Vec<&str> = k.split(' ').collect();
            if ["left", "right", "up", "down"]
                .iter()
                .all(|a| words.contains(a))
            {
                let rest: Vec<&str> = words
                    .into_iter()
                    .filter(|w| !["left", "right", "up", "down"].contains(w))
                    .collect();
                *k = format!("arrows {}", rest.join(" "));
            }
        }
        let (k, h) = action::COORDINATE_HELP;
        out.push((k.into(), h.into()));
        out.push((String::new(), String::new()));
        out.push(("Commands".into(), "(: then Enter)".into()));
        for c in action::COMMANDS {
            out.push((c.usage.into(), c.help.into()));
        }
        out.push((
            ":NAME".into(),
            "any key above by its name: :pass :undo :count :view :help".into(),
        ));
        out
    }

    /// `:fix N Q16` changes move N; `:fix Q16` the move on the board now.
    fn fix(&mut self, arg: &str) {
        let size = self.record.size();
        let parts: Vec<&str> = arg.split_whitespace().collect();
        let (n, point) = match parts[..] {
            [n, p] => (n.parse::<usize>().ok(), p),
            [p] => (Some(self.record.move_number()), p),
            _ => (None, ""),
        };
        let Some(n) = n.filter(|&n| n > 0) else {
            self.message = Some(":fix N Q16 changes move N (or :fix Q16 the move shown)".into());
            return;
        };
        let mv = if point.eq_ignore_ascii_case("pass") {
            Move::Pass
        } else {
            match Point::parse_any(point, size) {
                Ok(p) => Move::Play(p),
                Err(e) => {
                    self.message = Some(format!(":fix {arg}: {e}"));
                    return;
                }
            }
        };
        match self.record.fix_move(n, mv) {
            Ok(f) => {
                self.changed();
                let mut msg = format!(
                    "move {n} is now {}; {} later moves replayed",
                    self.move_text(mv),
                    f.replayed
                );
                if let Some((k, c, e)) = f.stopped {
                    msg.push_str(&format!(
                        "; move {k} ({}) no longer fits: {}; the game stops before it, the old line is kept as a variation",
                        c.name(),
                        e
                    ));
                } else {
                    msg.push_str(" (the old line is kept as a variation)");
                }
                self.message = Some(msg);
            }
            Err(e) => self.message = Some(format!(":fix {arg}: {e}")),
        }
    }

    fn save_to(&mut self, path: Option<PathBuf>, quit: bool) -> Effect {
        // Ctrl-S (or :w) on a game read from its file and not changed since:
        // nothing to write, so the file stays byte for byte as it was.
        if path.is_none() && !self.dirty && self.source.is_some() {
            self.message = Some("no changes to save: the file is as it was".into());
            return if quit { Effect::Quit } else { Effect::None };
        }
        match path.or_else(|| self.path.clone()) {
            Some(p) if quit => Effect::SaveAndQuit(p),
            Some(p) => Effect::Save(p),
            None => {
                self.message = Some("no file name yet: save with :w FILE".into());
                Effect::None
            }
        }
    }

    /// Called by the event loop after a save was attempted.
    pub fn saved(&mut self, path: PathBuf, result: Result<(), String>) {
        match result {
            Ok(()) => {
                self.message = Some(format!("saved {}", path.display()));
                self.path = Some(path);
                self.dirty = false;
            }
            Err(e) => self.message = Some(format!("not saved: {e}")),
        }
    }

    /// Sets RE by hand (a result that is not a count: resignation, time,
    /// forfeit, jigo, void, unknown, or a margin).
    fn set_result(&mut self, text: &str) {
        let result = GameResult::parse(text);
        if let GameResult::Other(_) = result {
            self.message = Some(format!(
                ":result {text}: not a result; give W+R, B+T, W+F, B+3.5, 0 (jigo), void or ?"
            ));
            return;
        }
        self.record.info.result = Some(result.clone());
        self.changed();
        self.message = Some(format!("result {result} (RE)"));
    }

    /// Sets (or with empty text removes) the comment of the node shown.
    fn comment(&mut self, text: Option<String>) {
        self.record.set_comment(text);
        self.changed();
        let n = self.record.move_number();
        let has = self.record.node(self.record.current()).comment.is_some();
        self.message = Some(match (has, n) {
            (false, _) => "comment removed".into(),
            (true, 0) => "comment on the start of the game".into(),
            (true, n) => format!("comment on move {n}"),
        });
    }

    /// `:clock 5:00 3:20`: the time left for Black and White at this move
    /// (`BL`, `WL`); with one time, the player who made the move.
    fn clock(&mut self, arg: &str) {
        use crate::game::clock::{format_clock, parse_clock};
        let times: Vec<&str> = arg.split_whitespace().collect();
        let parsed: Vec<Option<f64>> = times.iter().map(|t| parse_clock(t)).collect();
        let usage = ":clock 5:00 3:20 (time left for Black and White), or :clock 5:00 for the player who just moved";
        if parsed.is_empty() || parsed.len() > 2 || parsed.iter().any(Option::is_none) {
            self.message = Some(format!(":clock {arg}: {usage}"));
            return;
        }
        let node = self.record.current();
        let mover = self.record.node(node).mv.map(|(c, _)| c);
        let sides: Vec<(Color, f64)> = match (parsed.as_slice(), mover) {
            ([Some(b), Some(w)], _) => vec![(Color::Black, *b), (Color::White, *w)],
            ([Some(t)], Some(c)) => vec![(c, *t)],
            _ => {
                self.message = Some(format!(":clock {arg}: no move here; {usage}"));
                return;
            }
        };
        let props = &mut self.record.node_mut(node).props;
        let mut said = Vec::new();
        for (c, t) in sides {
            let id = if c == Color::Black { "BL" } else { "WL" };
            props.retain(|p| p.id != id);
            props.push(crate::game::RawProp {
                id: id.into(),
                values: vec![crate::game::result::format_points(t)],
            });
            said.push(format!("{} {}", c.name(), format_clock(t)));
        }
        self.changed();
        self.message = Some(format!("clock noted: {}", said.join(", ")));
    }

    /// `:export DIR`: the handout of the position being counted (every
    /// step of both views as SVG, and the page with both).
    fn export(&mut self, dir: &str) -> Effect {
        if dir.is_empty() {
            self.message =
                Some(":export FOLDER writes the count's handout (SVG and HTML) there".into());
            return Effect::None;
        }
        if self.count.is_none() {
            self.enter_count();
        }
        let Some(cs) = self.count.as_ref() else {
            return Effect::None;
        };
        let c = &cs.count;
        let maps = [
            crate::handout::map_caption(
                count::View::Area,
                &cs.source,
                &GameResult::from_margin(c.area.margin).to_string(),
            ),
            crate::handout::map_caption(
                count::View::Territory,
                &cs.source,
                &GameResult::from_margin(c.territory.margin).to_string(),
            ),
        ];
        let i = &self.record.info;
        let title = match (&i.black, &i.white) {
            (Some(b), Some(w)) => format!(
                "{b} (Black) vs {w} (White), move {}",
                self.record.move_number()
            ),
            _ => format!("The count at move {}", self.record.move_number()),
        };
        let files = crate::handout::files(&cs.steps(), &title, [&maps[0], &maps[1]]);
        Effect::Export(PathBuf::from(dir), files)
    }

    /// The clocks at the position shown: the last `BL` and `WL` noted on the
    /// way to it.
    pub fn clocks(&self) -> (Option<f64>, Option<f64>) {
        let mut out = (None, None);
        for id in self.record.path_to(self.record.current()) {
            for p in &self.record.node(id).props {
                let v = p.values.first().and_then(|v| v.trim().parse::<f64>().ok());
                match p.id.as_str() {
                    "BL" if v.is_some() => out.0 = v,
                    "WL" if v.is_some() => out.1 = v,
                    _ => {}
                }
            }
        }
        out
    }

    fn run_command(&mut self, text: &str) -> Effect {
        let (cmd, arg) = match text.split_once(char::is_whitespace) {
            Some((c, a)) => (c, a.trim()),
            None => (text, ""),
        };
        match (cmd, arg) {
            ("play", a) if !a.is_empty() => self.play_text(a),
            ("pass", _) => self.play(Move::Pass),
            ("undo", _) => self.undo(),
            ("goto", a) => match a.parse::<usize>() {
                Ok(n) if self.record.goto_move(n) => self.message = Some(format!("move {n}")),
                _ => self.message = Some(format!(":goto {a}: give a move number of this line")),
            },
            ("fix", a) => self.fix(a),
            ("info", _) => return self.record_mode(Action::Info),
            ("count", _) => self.enter_count(),
            ("theme", name) if !name.is_empty() => return Effect::Theme(name.to_string()),
            ("result", a) if !a.is_empty() => self.set_result(a),
            ("result", _) if self.count.is_some() => {
                self.mode = Mode::Count;
                self.write_result(false);
            }
            ("result", _) => {
                self.message = Some(
                    ":result W+R, B+T, W+F, B+3.5, 0 (jigo), void or ? sets the result; in count mode :result (or R) writes the count"
                        .into(),
                )
            }
            ("resign", _) => {
                let loser = self.record.to_move();
                let result = GameResult::Win(loser.opponent(), Margin::Resign);
                self.set_result(&result.to_string());
                self.message = Some(format!("{} resigns: {result}", loser.name()));
            }
            ("comment", a) => self.comment(Some(a.to_string())),
            ("comment+", a) => {
                let old = self.record.node(self.record.current()).comment.clone();
                let text = match old {
                    Some(o) if !o.is_empty() => format!("{o}\n{a}"),
                    _ => a.to_string(),
                };
                self.comment(Some(text));
            }
            ("gc", a) => {
                self.record.info.game_comment = (!a.is_empty()).then(|| a.to_string());
                self.changed();
                self.message = Some(if a.is_empty() {
                    "game comment removed".into()
                } else {
                    "game comment set (GC)".into()
                });
            }
            ("clock", a) => self.clock(a),
            ("export", dir) => return self.export(dir),
            ("view", v) if !v.is_empty() => {
                if self.base != Mode::Count {
                    self.enter_count();
                }
                if let Some(cs) = self.count.as_mut() {
                    let want = if v.starts_with('t') {
                        count::View::Territory
                    } else {
                        count::View::Area
                    };
                    if cs.view != want {
                        cs.switch_view();
                    }
                }
            }
            ("dead", a) if !a.is_empty() => {
                self.enter_count();
                match Point::parse_any(a, self.record.size()) {
                    Ok(p) => return self.count_mode(Action::PlayAt(p)),
                    Err(e) => self.message = Some(format!(":dead {a}: {e}")),
                }
            }
            ("w", "") => return self.save_to(None, false),
            ("w", a) => return self.save_to(Some(PathBuf::from(a)), false),
            ("wq", a) => {
                let p = (!a.is_empty()).then(|| PathBuf::from(a));
                return self.save_to(p, true);
            }
            ("q", _) => return self.record_mode(Action::Quit),
            ("q!", _) => return Effect::Quit,
            ("", _) => {}
            (name, "") => match action::by_name(self.scope(), name) {
                Some(a) => return self.update(a),
                None => self.unknown_command(text),
            },
            _ => self.unknown_command(text),
        }
        Effect::None
    }

    fn unknown_command(&mut self, text: &str) {
        self.message = Some(format!(
            ":{text}: unknown command (? lists them: :play Q16, :pass, :goto N, :w, :q...)"
        ));
    }
}
