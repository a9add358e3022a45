//! The one door between `App` and the world outside it: what comes in
//! from the event loop and the keeper (a tick of the clock, the engine's
//! answer, a save's checks and result, a recovered or reloaded game) as
//! `Action`s, and what `update` asks of them as `Effects`. The loop and
//! the keeper read no field of `App` and call none of its methods but
//! `update` and the drawing.

use std::path::PathBuf;

use super::{Action, App, Effect, EngineRequest, Source};
use crate::game::record::GameRecord;
use std::time::Duration;

/// Everything one `update` asks of the world outside.
#[derive(Debug, Default)]
pub struct Effects {
    /// What the action asked for (a save, quitting, a theme...).
    pub main: Effect,
    /// The record changed: its SGF, for the autosave.
    pub autosave: Option<String>,
    /// A position for the engine to judge.
    pub engine: Option<EngineRequest>,
    /// The timekeeper called: ring the terminal's bell.
    pub bell: bool,
    /// No change is unsaved (quitting leaves no autosave behind).
    pub saved: bool,
    /// The screen shows something new (false only for a tick that changed
    /// nothing shown).
    pub redraw: bool,
}

/// What happens outside `App` and comes in through `update` as
/// `Action::Outside`.
#[derive(Debug, Clone, PartialEq)]
pub enum Outside {
    /// The save to this file is done: `failed` says why it was not;
    /// `elsewhere`: not over the file the game was read from.
    Saved {
        path: PathBuf,
        failed: Option<String>,
        elsewhere: bool,
    },
    /// The time since the session began: the running clock spends it.
    Tick(Duration),
    /// The engine has been thinking this long.
    EngineThinking(Duration),
    /// The engine's answer for a position.
    EngineAnswered(Box<EngineAnswer>),
    /// A save is about to replace the file the game was read from (`bool`:
    /// quit after): asked first if kifu repaired that file.
    SavingOverSource(PathBuf, bool),
    /// The file a save would replace changed since kifu read it (`bool`:
    /// quit after; the text says how; what the file holds now, when it
    /// could be read: a collection changed in other games is merged).
    ChangedOnDisk(PathBuf, bool, String, Option<Box<DiskNow>>),
    /// Every check passed: the game is to be written to this file now
    /// (`bool`: quit after).
    WriteNow(PathBuf, bool),
    /// An earlier session's autosave holds a game the file does not.
    Offered(Box<Offer>),
    /// The game's file, read again as it is on disk.
    Reloaded(Box<Reload>),
    /// This screen is shared (`kifu --share`): where, and how many follow
    /// (None: no longer shared).
    Sharing(Option<Sharing>),
    /// The partner of a share for counting together asks something.
    Partner(super::together::PartnerAsk),
}

/// Where this screen is shared, and how many follow it.
/// A file as another session left it: how it read, and its games' texts.
#[derive(Debug, Clone, PartialEq)]
pub struct DiskNow {
    pub facts: crate::sgf::FileFacts,
    pub texts: Vec<crate::sgf::GameText>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Sharing {
    pub at: String,
    pub followers: usize,
}

/// The engine's answer for a board.
#[derive(Debug, Clone, PartialEq)]
pub struct EngineAnswer {
    pub board: crate::game::Board,
    pub answer: Result<crate::count::judge::Judgment, crate::engine::EngineError>,
}

/// An earlier session's autosave offered for recovery: its game, how many
/// moves it has, and how many older ones were put away.
#[derive(Debug, Clone)]
pub struct Offer {
    pub record: GameRecord,
    pub moves: usize,
    pub put_away: usize,
}

/// Two offers are the same when they hold the same game as SGF.
impl PartialEq for Offer {
    fn eq(&self, other: &Offer) -> bool {
        (self.moves, self.put_away) == (other.moves, other.put_away)
            && crate::sgf::to_sgf(&self.record) == crate::sgf::to_sgf(&other.record)
    }
}

/// The game's file read again: the game, what a save over the file must
/// know of it, and where this session's version was kept.
#[derive(Debug, Clone)]
pub struct Reload {
    pub record: GameRecord,
    pub source: Source,
    pub kept: String,
}

/// Two reloads are the same when they hold the same game as SGF, kept in
/// the same place.
impl PartialEq for Reload {
    fn eq(&self, other: &Reload) -> bool {
        self.kept == other.kept
            && crate::sgf::to_sgf(&self.record) == crate::sgf::to_sgf(&other.record)
    }
}

impl App {
    /// The one function that changes the application state: an action in,
    /// the effects out.
    pub fn update(&mut self, action: Action) -> Effects {
        let (revision, message) = (self.revision, self.message.clone());
        let shown = self.record.current();
        let tick = matches!(
            action,
            Action::Outside(Outside::Tick(_) | Outside::EngineThinking(_))
        );
        let main = self.step_marked(action);
        let changed = self.revision != revision;
        // The autosave follows the move shown too: a recovery opens where
        // play stopped, not where the last change was made.
        let moved = self.record.current() != shown;
        Effects {
            main,
            autosave: (changed || moved).then(|| super::autosave_text(&self.record)),
            engine: self.engine_request.take(),
            bell: std::mem::take(&mut self.bell),
            saved: !self.dirty,
            redraw: !tick || changed || self.message != message || self.engine_thinking.is_some(),
        }
    }

    /// What happened outside.
    /// A save was carried out (`failed`: why not; `elsewhere`: into
    /// another file than the game's own).
    fn on_saved(&mut self, path: PathBuf, failed: Option<String>, elsewhere: bool) -> Effect {
        if failed.is_none()
            && elsewhere
            && let Some(src) = self.source.as_mut()
        {
            src.saved_elsewhere();
        }
        let ok = failed.is_none();
        // The open game as the file now holds it: a later change
        // on disk in other games only is merged against it.
        if ok
            && !elsewhere
            && let Some(src) = self.source.as_mut()
            && !src.open_text.is_empty()
        {
            src.open_text = crate::sgf::to_sgf(&self.record).trim().to_string();
        }
        self.saved(path.clone(), failed.map_or(Ok(()), Err));
        if let Some(first) = self.with_save.take()
            && ok
        {
            let saved = self.message.take().unwrap_or_default();
            let sep = crate::tr!(self.lang, "list.sep");
            self.message = Some(format!("{first}{sep}{saved}"));
        }
        // A merge is said with the save it made.
        if let Some(merged) = self.merged.take()
            && ok
        {
            let said = self.message.take().unwrap_or_default();
            let sep = crate::tr!(self.lang, "list.sep");
            self.message = Some(format!("{said}{sep}{merged}"));
        }
        if ok {
            Effect::Follow(path, self.source.as_ref().map_or(1, |s| s.index + 1))
        } else {
            Effect::None
        }
    }

    pub(super) fn on_outside(&mut self, outside: Outside) -> Effect {
        match outside {
            Outside::Tick(t) => {
                self.ticked = t;
                self.run_clock(t.as_secs_f64());
                Effect::None
            }
            Outside::EngineThinking(t) => {
                if self.engine_thinking.is_some() {
                    self.engine_thinking = Some(t.as_secs_f64());
                }
                Effect::None
            }
            Outside::EngineAnswered(a) => {
                let EngineAnswer { board, answer } = *a;
                self.engine_answer(&board, answer);
                Effect::None
            }
            Outside::SavingOverSource(path, quit) if self.must_confirm() => {
                self.confirm_overwrite(path, quit);
                Effect::None
            }
            Outside::SavingOverSource(path, quit) => Effect::Checked(path, quit),
            Outside::ChangedOnDisk(path, quit, why, now) => {
                self.merge_or_ask(path, quit, &why, now)
            }
            Outside::WriteNow(path, quit) => Effect::Write(path, quit, self.file_text()),
            Outside::Saved {
                path,
                failed,
                elsewhere,
            } => self.on_saved(path, failed, elsewhere),
            Outside::Offered(offer) => {
                let Offer {
                    record,
                    moves,
                    put_away,
                } = *offer;
                self.offer_recovery(record, moves);
                if put_away > 0 {
                    let m = self.message.clone().unwrap_or_default();
                    let more = crate::tr!(self.lang, "keep.put_away", n = put_away);
                    self.message = Some(format!("{m} {more}"));
                }
                Effect::None
            }
            Outside::Sharing(s) => {
                self.sharing = s;
                Effect::None
            }
            Outside::Partner(ask) => self.on_partner(ask),
            Outside::Reloaded(r) => {
                let Reload {
                    record,
                    source,
                    kept,
                } = *r;
                self.reloaded(record, source, &kept);
                Effect::None
            }
        }
    }

    /// What the keeper must know to reload the game's file: which game of
    /// it, and this session's version to keep first.
    pub(super) fn reload_effect(&self, path: PathBuf) -> Effect {
        let number = self.source.as_ref().map_or(1, |s| s.index + 1);
        Effect::Reload(path, number, self.file_text())
    }
}
