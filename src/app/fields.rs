//! App's state as the front ends see it: read through these, changed
//! through `update` (and the few settings below that a front end owns,
//! such as the language it speaks). The fields themselves are private to
//! `app`, so a change of state has one door.

use std::path::PathBuf;

use super::{App, GameClock, Mode, Sharing, Source, action, confirm, count_state};
use crate::game::Point;
use crate::game::record::GameRecord;
use crate::i18n::Lang;

/// How an app starts: what the command line and the configuration give
/// it besides the game.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// The file to save to (None: a new game, saved where the user says).
    pub path: Option<PathBuf>,
    /// The user's own keys.
    pub keymap: action::Keymap,
    /// Screen-reader mode: every change is also said as a line.
    pub plain: bool,
    /// Points shown as SGF (`pd`) rather than GTP (`Q16`).
    pub sgf_coords: bool,
    /// The language of what the user reads.
    pub lang: Lang,
    /// The file the game was read from (None: a new game).
    pub source: Option<Source>,
    /// Count mode asks an engine (KataGo) for its proposal.
    pub engine: bool,
    /// The first message shown (a note on reading the file).
    pub message: Option<String>,
    /// When the session began, by the wall clock (what an agreement's
    /// comment is dated with; None: not dated).
    pub started: Option<jiff::Zoned>,
}

impl App {
    /// An app on `record` started with `options`.
    pub fn with(record: GameRecord, options: Options) -> App {
        let mut app = App::new(record, options.path);
        app.keymap = options.keymap;
        app.plain = options.plain;
        app.sgf_coords = options.sgf_coords;
        app.lang = options.lang;
        app.source = options.source;
        app.engine = options.engine;
        app.message = options.message;
        app.started = options.started;
        app
    }

    /// The game.
    pub fn record(&self) -> &GameRecord {
        &self.record
    }

    /// The file saves go to.
    pub fn path(&self) -> &Option<PathBuf> {
        &self.path
    }

    /// The point under the cursor.
    pub fn cursor(&self) -> Point {
        self.cursor
    }

    /// The mode: a base mode or an overlay on it.
    pub fn mode(&self) -> &Mode {
        &self.mode
    }

    /// The base mode an overlay returns to.
    pub fn base(&self) -> &Mode {
        &self.base
    }

    /// The message line.
    pub fn message(&self) -> &Option<String> {
        &self.message
    }

    /// Changes since the last save.
    pub fn dirty(&self) -> bool {
        self.dirty
    }

    /// Count mode's marks and counts.
    pub fn count(&self) -> &Option<count_state::CountState> {
        &self.count
    }

    /// The help's first line shown.
    pub fn help_scroll(&self) -> u16 {
        self.help_scroll
    }

    /// Presentation: the board and the caption only, as large as fits.
    pub fn presentation(&self) -> bool {
        self.presentation
    }

    /// The user's own keys.
    pub fn keymap(&self) -> &action::Keymap {
        &self.keymap
    }

    /// Screen-reader mode.
    pub fn plain(&self) -> bool {
        self.plain
    }

    /// Points shown as SGF coordinates.
    pub fn sgf_coords(&self) -> bool {
        self.sgf_coords
    }

    /// The file the game was read from.
    pub fn source(&self) -> &Option<Source> {
        &self.source
    }

    /// Count mode asks an engine.
    pub fn engine(&self) -> bool {
        self.engine
    }

    /// Seconds the engine has been thinking, while it is.
    pub fn engine_thinking(&self) -> Option<f64> {
        self.engine_thinking
    }

    /// Confirmation play, while it goes on.
    pub fn confirm(&self) -> &Option<confirm::Confirmation> {
        &self.confirm
    }

    /// The game clock, when the game has one.
    pub fn game_clock(&self) -> &Option<GameClock> {
        &self.clock
    }

    /// The language of what the user reads.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// Where this screen is shared, and how many follow.
    pub fn sharing(&self) -> &Option<Sharing> {
        &self.sharing
    }

    /// A typed point was just shown: the cursor shows there.
    pub fn pointed(&self) -> bool {
        self.pointed
    }

    /// A follower's status lines.
    pub fn watching(&self) -> &[String] {
        &self.watching
    }

    /// Counts changes to the record (the autosave's clock).
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Speaks another language from now on (a follower takes the
    /// teacher's choice of none, and line mode's `lang`).
    pub fn set_lang(&mut self, lang: Lang) {
        self.lang = lang;
    }

    /// Screen-reader mode on or off (the front end is a line, not a
    /// screen).
    pub fn set_plain(&mut self, on: bool) {
        self.plain = on;
    }

    /// Points shown as SGF coordinates, or as GTP's.
    pub fn set_sgf_coords(&mut self, on: bool) {
        self.sgf_coords = on;
    }

    /// The user's own keys.
    pub fn set_keymap(&mut self, keymap: action::Keymap) {
        self.keymap = keymap;
    }

    /// Whether count mode asks an engine (the front end has one).
    pub fn set_engine(&mut self, on: bool) {
        self.engine = on;
    }

    /// What a follower's screen shows of the teacher's state: the
    /// presentation, the message line and the status lines.
    pub fn show_followed(
        &mut self,
        presentation: bool,
        message: Option<String>,
        status: Vec<String>,
    ) {
        self.presentation = presentation;
        self.message = message;
        self.watching = status;
    }
}
