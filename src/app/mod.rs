//! The application state and the one function that changes it
//! (`App::update`): no terminal, no files. What needs I/O comes back as an
//! `Effect` for the event loop to carry out.

pub mod action;
mod clock_words;
mod commands;
pub mod confirm;
pub mod count_state;
mod counting;
mod editing;
mod fields;
mod files;
pub use fields::Options;
pub use files::{AUTOSAVE_PLACE, AUTOSAVE_SEEN, autosave_text, go_to_autosaved_place};
pub mod info;
mod input;
pub mod key;
mod outside;
pub use outside::{DiskNow, Effects, EngineAnswer, Offer, Outside, Reload, Sharing};
mod shown;
pub use shown::{CountShown, Shown, ShownError};
mod queries;
mod questions;
pub use questions::Question;
mod recording;
mod source;
pub use source::{Kept, Source};
mod timing;
pub mod together;
pub use timing::GameClock;

use std::path::PathBuf;

use crate::game::record::GameRecord;
use crate::game::result::{GameResult, Margin};
use crate::game::{Color, IllegalReason, Move, Point};
pub use action::{Action, Scope};
use key::{KeyEvent, KeyModifiers};

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
    /// A question on the message line (quit? recover? overwrite?): its
    /// answers are in `questions.rs`.
    Ask(Question),
    /// The game-information form.
    Info(info::InfoForm),
    /// Placing free handicap stones: how many are left, and those placed.
    PlaceHandicap(u32, Vec<Point>),
    /// Count mode (its state is `App::count`).
    Count,
    /// Count mode's legend (any key closes it).
    Legend,
    /// Confirmation play after the passes (a base mode beside Count; its
    /// state is `App::confirm`).
    Confirm,
}

/// What the event loop must do after an update.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Effect {
    #[default]
    None,
    /// Write the game to this file (atomic), then report with `saved`.
    Save(PathBuf),
    /// Save, then quit.
    SaveAndQuit(PathBuf),
    /// `:w! FILE` (or `o` to a question): save there even over another,
    /// existing file, or one changed on disk; `bool`: quit after.
    SaveOver(PathBuf, bool),
    /// Read game `usize` (from 1) of this file again as it is on disk now
    /// (`r` when it changed there); this session's version (the text) is
    /// kept first.
    Reload(PathBuf, usize, String),
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
    /// `:share [ADDRESS]`: share the screen there (empty: the default
    /// address; `off`: stop sharing).
    Share(String),
    Quit,
    /// Ctrl-Z: restore the terminal and stop until `fg`.
    Suspend,
    /// Render the handout of the count into this folder (`:export DIR`).
    Export(PathBuf, Box<crate::handout::Order>),
    /// Write the printed game's files into this folder (`:export print
    /// DIR`).
    Print(PathBuf, Vec<(String, String)>),
    /// The save may go on: no question about the game's own file
    /// (`bool`: quit after).
    Checked(PathBuf, bool),
    /// Write this text to this file (`bool`: quit after), then report
    /// with `Action::Saved`.
    Write(PathBuf, bool, String),
    /// The game is safely in this file (game `usize` of it, from 1): the
    /// autosave goes, and later changes are autosaved under its name.
    Follow(PathBuf, usize),
}

/// What a command letter that may begin a typed coordinate changed, to be
/// taken back when a digit follows (`p` passes, but `p16` plays P16).
#[derive(Clone)]
struct Snapshot {
    record: GameRecord,
    edits: Vec<editing::Edit>,
    clock: Option<GameClock>,
    confirm: Option<confirm::Confirmation>,
    resumed: Option<crate::game::record::NodeId>,
    cursor: Point,
    mode: Mode,
    base: Mode,
    message: Option<String>,
    count: Option<count_state::CountState>,
    dirty: bool,
}

/// The longest text the command line or a coordinate takes (a paste of a
/// book is refused, not run).
pub const MAX_INPUT: usize = 256;

pub struct App {
    record: GameRecord,
    path: Option<PathBuf>,
    cursor: Point,
    mode: Mode,
    message: Option<String>,
    /// Changes since the last save.
    dirty: bool,
    /// Counts changes to the record, so the event loop knows when to
    /// autosave.
    revision: u64,
    /// An unsaved session found at start, offered for recovery.
    recovered: Option<GameRecord>,
    /// Count mode's marks and counts, kept when leaving count mode while
    /// the position stays the same.
    count: Option<count_state::CountState>,
    /// The base mode (Record, Count or PlaceHandicap) that `mode` returns
    /// to when an overlay (the help, the command line, a question, the
    /// form) closes.
    base: Mode,
    /// The help's first line shown (it scrolls on a small terminal).
    help_scroll: u16,
    /// Presentation: the board and the caption only, cells as large as the
    /// terminal allows.
    presentation: bool,
    /// A command letter just run that a digit would turn into a typed
    /// coordinate, with what it changed.
    pending: Option<(char, Box<Snapshot>)>,
    /// The user's own keys (from the configuration).
    keymap: action::Keymap,
    /// Screen-reader mode: every change is also said as one line of text.
    plain: bool,
    /// Show points as SGF (`pd`) rather than GTP (`Q16`) coordinates.
    sgf_coords: bool,
    /// The file the game was read from (None: a new game).
    source: Option<Source>,
    /// Count mode asks KataGo for its proposal (the configuration names
    /// it).
    engine: bool,
    /// A position waiting for the engine (`update` hands it out).
    engine_request: Option<EngineRequest>,
    /// Seconds the engine has been thinking, while it is
    /// (`Action::EngineThinking` keeps it up to date).
    engine_thinking: Option<f64>,
    /// Confirmation play, while it goes on.
    confirm: Option<confirm::Confirmation>,
    /// The tree's edits that can be reversed (moves taken back, deletes),
    /// newest last: `]`, `U` and a move played again put them back.
    edits: Vec<editing::Edit>,
    /// The game clock, when the game has one.
    clock: Option<GameClock>,
    /// `:resume` asked the game to go on from this node (two passes that
    /// no longer end it).
    resumed: Option<crate::game::record::NodeId>,
    /// The timekeeper calls: the terminal rings its bell once (`update`
    /// hands it out).
    bell: bool,
    /// The language of what the user reads (`--lang`, `language`, the
    /// locale).
    lang: crate::i18n::Lang,
    /// Where this screen is shared, and how many follow.
    sharing: Option<Sharing>,
    /// A typed point was just shown (count mode): presenting, the cursor
    /// shows there until the next key, as a teacher points at it.
    pointed: bool,
    /// Said after the next save: what a merge with another session's
    /// save of the collection kept.
    merged: Option<String>,
    /// A follower's status (`kifu follow`): what it follows, live or not,
    /// and its keys, as lines at the top of the panel.
    watching: Vec<String>,
    /// Counting together with a partner over the share.
    together: Option<together::Together>,
    /// Said before the next save's own words (the agreement the save
    /// writes), so a screen reader hears both.
    with_save: Option<String>,
    /// When the session began by the wall clock (None in tests): with the
    /// last tick, the time an agreement is written with.
    started: Option<jiff::Zoned>,
    /// The session's time at the last tick.
    ticked: std::time::Duration,
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
        let mut app = App {
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
            edits: Vec::new(),
            clock: None,
            resumed: None,
            bell: false,
            lang: crate::i18n::Lang::En,
            sharing: None,
            pointed: false,
            merged: None,
            watching: Vec::new(),
            together: None,
            with_save: None,
            started: None,
            ticked: std::time::Duration::ZERO,
        };
        app.resume_clock();
        app
    }

    /// A move in the coordinates the user chose.
    pub fn move_text(&self, mv: Move) -> String {
        match mv {
            Move::Play(p) => self.point_text(p),
            Move::Pass => crate::tr!(self.lang, "rec.pass"),
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

    /// One action (`update` wraps it with what it asks of the outside).
    pub(super) fn step(&mut self, action: Action) -> Effect {
        match action {
            Action::Outside(o) => return self.on_outside(o),
            Action::Said => {
                self.message = None;
                return Effect::None;
            }
            Action::OverlayShown => {
                if matches!(self.mode, Mode::Help | Mode::Info(_)) {
                    self.mode = self.base.clone();
                }
                return Effect::None;
            }
            Action::CursorTo(p) => {
                if p.is_on(self.record.size()) {
                    self.cursor = p;
                }
                return Effect::None;
            }
            Action::Notice(text) => {
                self.message = Some(text);
                return Effect::None;
            }
            Action::Paste(text) => {
                self.paste(&text);
                return Effect::None;
            }
            Action::Key(key) => return self.on_key(key),
            Action::Run(line) => return self.command(&line),
            _ => {}
        }
        // Suspending leaves everything as it is, whatever is open.
        if action == Action::Suspend {
            return Effect::Suspend;
        }
        // The keys every base mode shares, handled once for all four.
        if self.mode == self.base
            && let Some(effect) = self.shared_action(&action)
        {
            return effect;
        }
        // An overlay closes back to its base unless a branch says otherwise.
        let base = self.base.clone();
        match std::mem::replace(&mut self.mode, base) {
            Mode::Record => self.record_mode(action),
            Mode::Legend => Effect::None,
            Mode::Confirm => self.confirm_mode(action),
            Mode::Help => self.help_mode(action),
            Mode::Ask(q) => self.answer(action, q),
            Mode::Info(form) => self.info_form(action, form),
            Mode::Count => self.count_mode(action),
            Mode::PlaceHandicap(left, points) => self.place_handicap(action, left, points),
            Mode::Command(text) => self.typing(action, text, true),
            Mode::Coordinate(text) => self.typing(action, text, false),
        }
    }

    /// The keys of the rows every base mode shares (save, quit, help, the
    /// command line, presenting, suspending, the cursor): one behaviour in
    /// recording, count mode, confirmation play and handicap placement.
    fn shared_action(&mut self, action: &Action) -> Option<Effect> {
        let size = self.record.size();
        let c = self.cursor;
        match action {
            Action::Left => self.cursor.x = c.x.saturating_sub(1),
            Action::Right => self.cursor.x = (c.x + 1).min(size - 1),
            Action::Up => self.cursor.y = c.y.saturating_sub(1),
            Action::Down => self.cursor.y = (c.y + 1).min(size - 1),
            Action::Save => return Some(self.save_to(None, false)),
            Action::Quit => return Some(self.ask_quit()),
            Action::Help => {
                self.mode = Mode::Help;
                self.help_scroll = 0;
            }
            Action::Command => self.mode = Mode::Command(String::new()),
            Action::Present => self.presentation = !self.presentation,
            Action::PauseClock => self.pause_clock(),
            Action::Suspend => return Some(Effect::Suspend),
            _ => return None,
        }
        Some(Effect::None)
    }

    /// `q`: quits a saved game, asks about an unsaved one, and asks
    /// wherever a class could lose its screen (shared, or presenting).
    pub(super) fn ask_quit(&mut self) -> Effect {
        if self.dirty {
            self.mode = Mode::Ask(Question::Quit);
            self.message = Some(crate::tr!(self.lang, "ask.quit_unsaved"));
            Effect::None
        } else if self.must_ask_quit() {
            self.mode = Mode::Ask(Question::Quit);
            self.message = Some(crate::tr!(self.lang, "ask.quit_shown"));
            Effect::None
        } else {
            Effect::Quit
        }
    }

    /// Quitting asks first: unsaved changes, or a screen others watch
    /// (shared, or presenting to a room).
    pub(super) fn must_ask_quit(&self) -> bool {
        self.dirty || self.presentation || self.sharing.is_some()
    }

    pub(super) fn info_form(&mut self, action: Action, mut form: info::InfoForm) -> Effect {
        match action {
            Action::Up => form.next(false),
            Action::Down => form.next(true),
            Action::Input(c) => form.type_char(c),
            Action::Backspace => form.backspace(),
            Action::Cancel => {
                self.message = Some(crate::tr!(self.lang, "form.unchanged"));
                return Effect::None;
            }
            Action::Submit => {
                let before = self.record.size();
                match form.apply(&mut self.record, self.lang) {
                    Ok(applied) => {
                        self.changed();
                        let size = self.record.size();
                        if size != before {
                            self.cursor = Point::new(size / 2, size / 2);
                        }
                        if applied.free_stones > 0 {
                            self.mode = Mode::PlaceHandicap(applied.free_stones, Vec::new());
                            self.base = self.mode.clone();
                            self.message =
                                Some(crate::tr!(self.lang, "hc.place", n = applied.free_stones));
                        } else if !self.follow_terms() {
                            self.message = Some(crate::tr!(self.lang, "form.saved"));
                        }
                        self.follow_clock();
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
                self.message = Some(crate::tr!(self.lang, "hc.none"));
                self.base = Mode::Record;
                self.mode = Mode::Record;
                return Effect::None;
            }
            Action::Input(c) => {
                // A typed point places a stone (Enter), as a click does.
                self.mode = Mode::Coordinate(c.to_string());
                return Effect::None;
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
                self.message = Some(crate::tr!(self.lang, "hc.placed", n = points.len()));
                return Effect::None;
            }
            self.message = Some(crate::tr!(self.lang, "hc.left", left = left));
        }
        self.mode = Mode::PlaceHandicap(left, points);
        self.base = self.mode.clone();
        Effect::None
    }
}
