//! The application state and the one function that changes it
//! (`App::update`): no terminal, no files. What needs I/O comes back as an
//! `Effect` for the event loop to carry out.

pub mod action;
mod commands;
pub mod confirm;
pub mod count;
mod files;
pub mod info;
mod input;

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
    /// Confirmation play after the passes (a base mode beside Count; its
    /// state is `App::confirm`).
    Confirm,
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
    /// Confirmation play, while it goes on.
    pub confirm: Option<confirm::Confirmation>,
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
            confirm: None,
        }
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

    pub(super) fn changed(&mut self) {
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
            Mode::Confirm => self.confirm_mode(action),
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
    pub(super) fn enter_count(&mut self) {
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

    pub(super) fn count_mode(&mut self, action: Action) -> Effect {
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
            Action::Confirm => self.start_confirmation(),
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
    pub(super) fn write_result(&mut self, confirmed: bool) {
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

    pub(super) fn info_form(&mut self, action: Action, mut form: info::InfoForm) -> Effect {
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

    pub(super) fn place_handicap(
        &mut self,
        action: Action,
        left: u32,
        mut points: Vec<Point>,
    ) -> Effect {
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

    pub(super) fn typing(&mut self, action: Action, mut text: String, command: bool) -> Effect {
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
            // The same words as line mode: `:Q16` plays, `:p` is the key p.
            Action::Submit if command => self.command(&text),
            Action::Submit => {
                self.play_text(&text);
                Effect::None
            }
            _ => Effect::None,
        }
    }

    pub(super) fn record_mode(&mut self, action: Action) -> Effect {
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
            | Action::Legend
            | Action::Confirm => {}
        }
        Effect::None
    }

    /// Korean rules: after the second pair of passes a neutral point that
    /// is still a real move is said, and the player who passed first of
    /// this pair may play it.
    fn korean_real_moves(&mut self, last: crate::game::record::NodeId) {
        if self.record.rules.preset != Some(crate::game::rules::Preset::Korean) {
            return;
        }
        let Some((pairs, first)) = self.record.pass_pairs(last) else {
            return;
        };
        let Some(cs) = self.count.as_ref() else {
            return;
        };
        if pairs < 2 {
            return;
        }
        let moves = crate::count::neutral::real_moves(&cs.board, &cs.marks);
        if moves.is_empty() {
            return;
        }
        let size = self.record.board().size();
        let list: Vec<String> = moves.iter().map(|m| m.describe(size)).collect();
        self.message = Some(format!(
            "Korean rules, second pair of passes: still a real move: {}; {} passed first and may play it (:resume {})",
            list.join(", "),
            first.name(),
            first.opponent().name().to_lowercase()
        ));
    }

    pub(super) fn play(&mut self, mv: Move) {
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
                    self.korean_real_moves(played.node);
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

    pub(super) fn explain(&self, e: &crate::game::IllegalMove) -> String {
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

    pub(super) fn undo(&mut self) {
        self.message = Some(match self.record.undo() {
            Undo::Removed => {
                self.changed();
                "took back the last move".into()
            }
            Undo::SteppedBack => "stepped back (later moves are kept as the game)".into(),
            Undo::Nothing => "nothing to take back".into(),
        });
    }
}
