//! The game's files while a front end (the TUI, line mode) runs: this
//! session's autosave, an earlier session's offered for recovery, and the
//! effects of `App::update` that touch files (saves, reloads, handouts),
//! under the save policy of `storage`. It is also the effects runner both
//! front ends share (`Keeper::handle`): it feeds an action to `App::update`
//! and what the files answer back to it as actions, and never reads or
//! calls `App` otherwise.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};

use crate::app::{self, Action, App, Effect, EngineRequest, Offer, Outside, Reload};
use crate::{sgf, storage, tr};

mod engine_worker;
mod offer;
pub use engine_worker::EngineWorker;

/// The game's files as a front end keeps them: this session's autosave
/// (written after every change), the autosave of an earlier session
/// offered for recovery, and the file the game was read from (a save over
/// it follows the save policy).
pub struct Keeper {
    /// kifu's data directory (autosaves, discarded sessions).
    base: Option<PathBuf>,
    autosave: Option<storage::Autosave>,
    /// The earlier session's autosave being offered.
    offered: Option<PathBuf>,
    /// The next autosave is skipped: the game was just read again from
    /// its file, and this session's version put away.
    skip_autosave: bool,
    /// The file the game was read from.
    source_path: Option<PathBuf>,
    /// The game's own file (named on the command line, or saved to).
    game_path: Option<PathBuf>,
    /// Held while a save is checked and written: another kifu saving the
    /// same file waits, then finds it changed.
    lock: Option<storage::SaveLock>,
    /// The language of what the keeper says.
    lang: crate::i18n::Lang,
    /// The game's file as kifu last read or wrote it (None: there was
    /// none): a save over it that changed since asks first.
    seen: Option<storage::Seen>,
    /// An earlier session's game was recovered over the game's own file:
    /// that file may be newer than what the crashed session read (another
    /// session's save, a sync), so the first save over it asks.
    recovered_over: bool,
    /// The game's file as the offered session last read or wrote it
    /// (kept in its autosave): recovered over a file still so, a save
    /// asks nothing.
    offered_seen: Option<storage::Seen>,
}

/// What the event loop does after an effect.
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
pub enum Flow {
    Continue,
    Quit,
}

/// What the keeper must know of the game a front end opens.
#[derive(Debug, Clone, Default)]
pub struct Opening {
    /// The game's file (None: a new game not yet saved).
    pub path: Option<PathBuf>,
    /// The game was read from that file (false: a new game in it).
    pub read: bool,
    /// Which game of the file (from 1).
    pub game: usize,
    /// The game as SGF, to compare an earlier session's autosave with.
    pub sgf: String,
    /// The language of what the keeper says.
    pub lang: crate::i18n::Lang,
}

impl Opening {
    /// The game `record` of the file `path`, read from it when `source`
    /// says so.
    pub fn new(
        path: Option<PathBuf>,
        source: Option<&app::Source>,
        record: &crate::game::record::GameRecord,
        lang: crate::i18n::Lang,
    ) -> Opening {
        Opening {
            path,
            read: source.is_some(),
            game: source.map_or(1, |s| s.index + 1),
            sgf: sgf::to_sgf(record),
            lang,
        }
    }
}

/// What only the front end can carry out: the terminal's theme, its
/// suspension, its bell, the engine.
#[derive(Debug)]
pub enum Front {
    Theme(String),
    /// `:share`: start or stop sharing the screen (`off`).
    Share(String),
    Suspend,
    Bell,
    Engine(Box<EngineRequest>),
}

impl Keeper {
    /// Starts the autosave of the game in the data directory `base`,
    /// offers the newest unsaved session an earlier kifu left for it, and
    /// says when another kifu has the same game open: the actions for
    /// `App::update` that say so.
    pub fn start(base: Option<PathBuf>, opening: Opening) -> (Keeper, Vec<Action>) {
        let mut k = Keeper {
            base: base.clone(),
            autosave: None,
            offered: None,
            skip_autosave: false,
            source_path: opening.path.clone().filter(|_| opening.read),
            game_path: opening.path.clone(),
            lock: None,
            lang: opening.lang,
            seen: opening.path.as_deref().and_then(storage::Seen::of),
            recovered_over: false,
            offered_seen: None,
        };
        let mut said = Vec::new();
        let Some(base) = base else {
            said.push(Action::Notice(tr!(k.lang, "keep.no_dir")));
            return (k, said);
        };
        let others = match storage::Autosave::start(&base, opening.path.as_deref(), opening.game) {
            Ok((a, others)) => {
                k.autosave = Some(a);
                others
            }
            Err(e) => {
                said.push(Action::Notice(tr!(
                    k.lang,
                    "keep.off",
                    e = storage::said(&e, k.lang)
                )));
                return (k, said);
            }
        };
        if let Some(&pid) = others.live.first() {
            said.push(Action::Notice(tr!(k.lang, "keep.other", pid = pid)));
        }
        // The first that holds something the file does not is offered (one
        // that holds the same is removed, so a session killed before its
        // first change does not hide an older one); the rest are put away.
        let mut offer: Option<Offer> = None;
        for stale in &others.stale {
            if let Some(o) = offer.as_mut() {
                if storage::discard_autosave(&base, stale).is_ok() {
                    o.put_away += 1;
                }
            } else {
                offer = k.offer(stale, &opening.sgf, &mut said);
            }
        }
        said.extend(offer.map(|o| Action::Outside(Outside::Offered(Box::new(o)))));
        (k, said)
    }

    /// This session's autosave file, if autosave is on.
    pub fn autosave_path(&self) -> Option<&Path> {
        self.autosave.as_ref().map(storage::Autosave::path)
    }

    /// Feeds `action` to `app`, carries out what it asks, and feeds back
    /// what that has to say, until nothing is left; what only the front
    /// end can do goes to `front`, which may answer with an action. Says
    /// whether kifu is to quit and whether the screen changed.
    pub fn handle(
        &mut self,
        app: &mut App,
        action: Action,
        front: &mut dyn FnMut(Front) -> Option<Action>,
    ) -> (Flow, bool) {
        let mut queue = VecDeque::from([action]);
        let (mut flow, mut redraw) = (Flow::Continue, false);
        while let Some(next) = queue.pop_front() {
            let fx = app.update(next);
            redraw |= fx.redraw;
            if let Some(text) = fx.autosave {
                queue.extend(self.autosave(&text));
            }
            if let Some(req) = fx.engine {
                queue.extend(front(Front::Engine(Box::new(req))));
            }
            if fx.bell {
                queue.extend(front(Front::Bell));
            }
            let (f, said) = match fx.main {
                Effect::Theme(name) => (
                    Flow::Continue,
                    front(Front::Theme(name)).into_iter().collect(),
                ),
                Effect::Suspend => (Flow::Continue, front(Front::Suspend).into_iter().collect()),
                Effect::Share(at) => (
                    Flow::Continue,
                    front(Front::Share(at)).into_iter().collect(),
                ),
                effect => self.carry_out(effect, fx.saved),
            };
            if f == Flow::Quit {
                flow = Flow::Quit;
            }
            queue.extend(said);
        }
        // A save's checks and its writing are done: another kifu may save.
        self.lock = None;
        (flow, redraw)
    }

    /// Writes the autosave (the record changed): a failure is said.
    fn autosave(&mut self, text: &str) -> Option<Action> {
        if std::mem::take(&mut self.skip_autosave) {
            return None;
        }
        let a = self.autosave.as_ref()?;
        // The file as this session last read or wrote it, kept with the
        // game: a recovery compares the file with it.
        let text = match (&self.seen, text.strip_prefix("(;")) {
            (Some(seen), Some(rest)) => {
                format!("(;{}[{}]{rest}", app::AUTOSAVE_SEEN, seen.token())
            }
            _ => text.to_string(),
        };
        a.write(text.as_bytes()).err().map(|e| {
            Action::Notice(tr!(
                self.lang,
                "keep.failed",
                e = storage::said(&e, self.lang)
            ))
        })
    }

    /// Carries out what `App::update` asked for that touches files;
    /// `saved`: no change is unsaved.
    fn carry_out(&mut self, effect: Effect, saved: bool) -> (Flow, Vec<Action>) {
        let go_on = |said: Vec<Action>| (Flow::Continue, said);
        match effect {
            Effect::None | Effect::Theme(_) | Effect::Suspend | Effect::Share(_) => {
                go_on(Vec::new())
            }
            Effect::Print(dir, files) => {
                let written = storage::write_files(&dir, &files);
                let lang = self.lang;
                go_on(vec![Action::Notice(match written {
                    Ok(()) => tr!(lang, "keep.print", n = files.len(), dir = dir.display()),
                    Err(e) => tr!(lang, "keep.print_failed", e = storage::said(&e, lang)),
                })])
            }
            Effect::Export(dir, order) => {
                let files = order.render();
                let written = storage::write_files(&dir, &files);
                let lang = self.lang;
                go_on(vec![Action::Notice(match written {
                    Ok(()) => tr!(lang, "keep.handout", n = files.len(), dir = dir.display()),
                    Err(e) => tr!(lang, "keep.handout_failed", e = storage::said(&e, lang)),
                })])
            }
            Effect::Quit => {
                // Quitting a saved game leaves no autosave behind: only a
                // running clock can have written one since the save, and
                // the game is what was saved.
                if saved && let Some(a) = &self.autosave {
                    let _ = a.remove();
                }
                (Flow::Quit, Vec::new())
            }
            Effect::RecoveredAutosave if self.game_path.as_deref().is_some_and(Path::exists) => {
                // Ask before a save only when the file changed since the
                // crashed session last read or wrote it (as vim warns only
                // when the file is newer than its swap file).
                let now = self.game_path.as_deref().and_then(storage::Seen::of);
                self.recovered_over = now.is_none() || now != self.offered_seen;
                self.carry_out(Effect::DiscardAutosave, saved)
            }
            Effect::DiscardAutosave | Effect::RecoveredAutosave => {
                let mut said = Vec::new();
                if let (Some(base), Some(old)) = (&self.base, self.offered.take())
                    && let Err(e) = storage::discard_autosave(base, &old)
                {
                    said.push(Action::Notice(storage::said(&e, self.lang)));
                }
                go_on(said)
            }
            Effect::Save(p) => go_on(self.save(p, false)),
            Effect::SaveAndQuit(p) => go_on(self.save(p, true)),
            Effect::Checked(p, quit) => go_on(self.checked(p, quit)),
            Effect::SaveOver(p, quit) => go_on(vec![Action::Outside(Outside::WriteNow(p, quit))]),
            Effect::SaveNew(p, quit) => go_on(vec![Action::Outside(Outside::WriteNow(
                storage::free_name(&p),
                quit,
            ))]),
            Effect::Write(p, quit, text) => self.write(p, quit, &text),
            Effect::Follow(p, game) => {
                // The game is safely in its file: the autosave goes, and
                // later changes are autosaved under the file's name.
                let mut said = Vec::new();
                if let Some(a) = self.autosave.as_mut() {
                    let _ = a.remove();
                    if let Err(e) = a.rename_for(Some(&p), game) {
                        let e = storage::said(&e, self.lang);
                        said.push(Action::Notice(tr!(self.lang, "keep.saved_off", e = e)));
                    }
                }
                go_on(said)
            }
            Effect::Reload(p, game, text) => go_on(self.reload(p, game, &text)),
        }
    }

    /// A save asked for: over the game's own file, the app first says
    /// whether it must ask (it knows whether kifu repaired that file).
    fn save(&mut self, p: PathBuf, quit: bool) -> Vec<Action> {
        // Held until the save is done (the end of `handle`): another kifu
        // saving this file now waits, then finds it changed.
        self.lock = storage::SaveLock::on(&p);
        let same = self
            .source_path
            .as_deref()
            .is_some_and(|s| storage::same_file(&p, s));
        if same {
            return vec![Action::Outside(Outside::SavingOverSource(p, quit))];
        }
        self.checked(p, quit)
    }

    /// The file checks of a save: changed on disk, another file.
    fn checked(&mut self, p: PathBuf, quit: bool) -> Vec<Action> {
        let same = self
            .source_path
            .as_deref()
            .is_some_and(|s| storage::same_file(&p, s));
        // Another file that exists is not replaced unasked (as vim's :w
        // refuses and :w! overwrites).
        // The file named on the command line is the game's own (a new game
        // in an empty file included).
        let own = self
            .game_path
            .as_deref()
            .is_some_and(|a| storage::same_file(&p, a));
        if (same || own)
            && let Some(why) = storage::Seen::conflict(self.seen.as_ref(), &p)
        {
            // What the file holds now: the app merges a collection that
            // changed in other games only.
            let now = storage::split_sgf(&p, self.lang)
                .ok()
                .map(|(facts, texts)| Box::new(app::DiskNow { facts, texts }));
            return vec![Action::Outside(Outside::ChangedOnDisk(
                p,
                quit,
                crate::tr!(self.lang, why),
                now,
            ))];
        }
        // A recovered game over its file: the file may hold a later save
        // than the one the crashed session read (as vim warns "NEWER than
        // swap file"); o, a or r answers.
        if (same || own) && self.recovered_over && p.exists() {
            // What differs: the file's size then and now, when the
            // autosave kept it (an older kifu's did not).
            let now = storage::Seen::of(&p).map_or(0, |s| s.bytes());
            let why = match &self.offered_seen {
                Some(then) => crate::tr!(
                    self.lang,
                    "disk.changed_since_recovered",
                    then = then.bytes(),
                    now = now
                ),
                None => crate::tr!(self.lang, "disk.newer_than_recovered"),
            };
            return vec![Action::Outside(Outside::ChangedOnDisk(p, quit, why, None))];
        }
        if !same && !own && p.exists() {
            let name = crate::text::printable(&p.display().to_string()).into_owned();
            return vec![Action::Notice(tr!(self.lang, "keep.exists", name = name))];
        }
        vec![Action::Outside(Outside::WriteNow(p, quit))]
    }

    /// Writes the game; once it is safely in its file, the autosave goes,
    /// and later changes are autosaved under the file's new name.
    fn write(&mut self, p: PathBuf, quit: bool, text: &str) -> (Flow, Vec<Action>) {
        let r = storage::write_sgf(&p, text).map_err(|e| storage::said(&e, self.lang));
        let ok = r.is_ok();
        let elsewhere = !self
            .source_path
            .as_deref()
            .is_some_and(|s| storage::same_file(&p, s));
        let said = vec![Action::Outside(Outside::Saved {
            path: p.clone(),
            failed: r.err(),
            elsewhere,
        })];
        if !ok {
            return (Flow::Continue, said);
        }
        // The game's file is now the one just written.
        self.source_path = Some(p.clone());
        self.game_path = Some(p.clone());
        self.seen = storage::Seen::of(&p);
        self.recovered_over = false;
        (if quit { Flow::Quit } else { Flow::Continue }, said)
    }

    /// Reads game `game` of the file again as it is on disk (it changed
    /// there), after keeping this session's version (`text`): as a
    /// discarded session (`kifu --recover` lists it), or in a new file
    /// beside it when autosave is off.
    fn reload(&mut self, p: PathBuf, game: usize, text: &str) -> Vec<Action> {
        let read = storage::split_sgf_to_edit(&p, self.lang)
            .map_err(|e| storage::said(&e, self.lang))
            .and_then(|(facts, texts)| app::Source::from_texts(facts, texts, game, self.lang));
        let (record, source) = match read.map(|(r, s, _)| (r, s)) {
            Ok(r) => r,
            Err(e) => return vec![Action::Notice(tr!(self.lang, "keep.not_reloaded", e = e))],
        };
        let kept = match (&self.base, &self.autosave) {
            (Some(base), Some(a)) if a.path().exists() => {
                storage::discard_autosave(base, a.path()).map(|_| tr!(self.lang, "keep.kept"))
            }
            _ => {
                let copy = storage::free_name(&p);
                storage::write_sgf(&copy, text)
                    .map(|()| tr!(self.lang, "keep.kept_in", path = copy.display()))
            }
        };
        match kept {
            Ok(kept) => {
                self.skip_autosave = true;
                self.source_path = Some(p.clone());
                self.seen = storage::Seen::of(&p);
                self.recovered_over = false;
                vec![Action::Outside(Outside::Reloaded(Box::new(Reload {
                    record,
                    source,
                    kept,
                })))]
            }
            Err(e) => vec![Action::Notice(tr!(
                self.lang,
                "keep.not_kept",
                e = storage::said(&e, self.lang)
            ))],
        }
    }

    /// Ends the session: the lock goes; an unsaved autosave stays for the
    /// next start to offer.
    pub fn finish(self) {
        if let Some(a) = self.autosave {
            a.finish();
        }
    }
}
