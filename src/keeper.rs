//! The game's files while a front end (the TUI, line mode) runs: this
//! session's autosave, an earlier session's offered for recovery, and the
//! effects of `App::update` that touch files (saves, reloads, handouts),
//! under the save policy of `storage`.

use std::path::{Path, PathBuf};

use crate::app::{self, Action, App, Effect, Mode, Question};
use crate::{sgf, storage};

mod engine_worker;
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
    /// The revision last autosaved.
    written: u64,
    /// The file the game was read from.
    source_path: Option<PathBuf>,
    /// The game's file as kifu last read or wrote it (None: there was
    /// none): a save over it that changed since asks first.
    seen: Option<storage::Seen>,
    /// An earlier session's game was recovered over the game's own file:
    /// that file may be newer than what the crashed session read (another
    /// session's save, a sync), so the first save over it asks.
    recovered_over: bool,
}

/// What the event loop does after an effect.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

impl Keeper {
    /// Starts the autosave of `app`'s game in the data directory `base`,
    /// offers the newest unsaved session an earlier kifu left for it, and
    /// says when another kifu has the same game open.
    pub fn start(app: &mut App, base: Option<PathBuf>) -> Keeper {
        let mut k = Keeper {
            base: base.clone(),
            autosave: None,
            offered: None,
            written: app.revision,
            source_path: app.source.as_ref().and(app.path.clone()),
            seen: app.path.as_deref().and_then(storage::Seen::of),
            recovered_over: false,
        };
        let Some(base) = base else {
            app.update(Action::Notice(
                "no data directory: autosave is off (set KIFU_DATA_DIR)".into(),
            ));
            return k;
        };
        let game = app.source.as_ref().map_or(1, |s| s.index + 1);
        let others = match storage::Autosave::start(&base, app.path.as_deref(), game) {
            Ok((a, others)) => {
                k.autosave = Some(a);
                others
            }
            Err(e) => {
                app.update(Action::Notice(format!("autosave is off: {e:#}")));
                return k;
            }
        };
        if let Some(&pid) = others.live.first() {
            app.update(Action::Notice(format!(
                "this game is also open in another kifu (process {pid}): each autosaves on its own, and the last save wins"
            )));
        }
        // The first that holds something the file does not is offered (one
        // that holds the same is removed, so a session killed before its
        // first change does not hide an older one); the rest are put away.
        let mut put_away = 0;
        let mut offered = false;
        for stale in &others.stale {
            if !offered {
                offered = k.offer(app, stale);
            } else if storage::discard_autosave(&base, stale).is_ok() {
                put_away += 1;
            }
        }
        if put_away > 0 && app.mode == Mode::Ask(Question::Recover) {
            let m = app.message.clone().unwrap_or_default();
            app.update(Action::Notice(format!(
                "{m} ({put_away} older one(s) put away: kifu --recover lists them)"
            )));
        }
        k
    }

    /// Offers an earlier session's autosave when it holds something the
    /// file does not (one that holds the same is simply removed).
    fn offer(&mut self, app: &mut App, autosave: &Path) -> bool {
        let read = storage::read_sgf(autosave)
            .map_err(|e| format!("{e:#}"))
            .and_then(|f| {
                f.game(1)
                    .map(|g| g.record.clone())
                    .map_err(|e| e.to_string())
            });
        let mut rec = match read {
            Ok(rec) => rec,
            Err(why) => {
                // Said, and put aside (not offered again, kept a week).
                let kept = self
                    .base
                    .as_deref()
                    .and_then(|b| storage::discard_autosave(b, autosave).ok());
                app.update(Action::Notice(format!(
                    "an earlier session's autosave could not be read ({why}); {}",
                    match kept {
                        Some(p) => format!("kept as {}: kifu --recover lists it", p.display()),
                        None => format!("it is still at {}", autosave.display()),
                    }
                )));
                return false;
            }
        };
        if sgf::to_sgf(&rec) == sgf::to_sgf(&app.record) {
            let _ = storage::remove_autosave(autosave);
            return false;
        }
        rec.to_start();
        rec.to_end();
        let moves = rec.move_number();
        app.offer_recovery(rec, moves);
        self.offered = Some(autosave.to_path_buf());
        true
    }

    /// This session's autosave file, if autosave is on.
    pub fn autosave_path(&self) -> Option<&Path> {
        self.autosave.as_ref().map(storage::Autosave::path)
    }

    /// Writes the autosave when the record changed since the last one.
    pub fn after_update(&mut self, app: &mut App) {
        if app.revision == self.written {
            return;
        }
        if let Some(a) = &self.autosave
            && let Err(e) = a.write(sgf::to_sgf(&app.record).as_bytes())
        {
            app.update(Action::Notice(format!("autosave failed: {e:#}")));
        }
        self.written = app.revision;
    }

    /// Carries out what `App::update` asked for that touches files.
    pub fn carry_out(&mut self, app: &mut App, effect: Effect) -> Flow {
        match effect {
            Effect::None | Effect::Theme(_) | Effect::Suspend => Flow::Continue,
            Effect::Export(dir, files) => {
                let written = storage::make_dir(&dir).and_then(|()| {
                    for (name, contents) in &files {
                        storage::write_atomic(&dir.join(name), contents.as_bytes())?;
                    }
                    Ok(())
                });
                app.update(Action::Notice(match written {
                    Ok(()) => format!(
                        "wrote the handout ({} files) to {}: open handout.html in a browser",
                        files.len(),
                        dir.display()
                    ),
                    Err(e) => format!("handout not written: {e:#}"),
                }));
                Flow::Continue
            }
            Effect::Quit => {
                // Quitting a saved game leaves no autosave behind: only a
                // running clock can have written one since the save, and
                // the game is what was saved.
                if !app.dirty
                    && app.clock.is_some()
                    && let Some(a) = &self.autosave
                {
                    let _ = a.remove();
                }
                Flow::Quit
            }
            Effect::RecoveredAutosave if app.path.as_deref().is_some_and(Path::exists) => {
                self.recovered_over = true;
                self.carry_out(app, Effect::DiscardAutosave)
            }
            Effect::DiscardAutosave | Effect::RecoveredAutosave => {
                if let (Some(base), Some(old)) = (&self.base, self.offered.take())
                    && let Err(e) = storage::discard_autosave(base, &old)
                {
                    app.update(Action::Notice(format!("{e:#}")));
                }
                Flow::Continue
            }
            Effect::Save(p) => self.save(app, p, false),
            Effect::SaveAndQuit(p) => self.save(app, p, true),
            Effect::SaveOver(p, quit) => self.write(app, p, quit),
            Effect::Reload(p) => self.reload(app, p),
            Effect::SaveNew(p, quit) => {
                let p = storage::free_name(&p);
                self.write(app, p, quit)
            }
        }
    }

    fn save(&mut self, app: &mut App, p: PathBuf, quit: bool) -> Flow {
        // Held until the save is done: another kifu saving this file now
        // waits, then finds it changed (storage::SaveLock).
        let _lock = storage::SaveLock::on(&p);
        let same = self
            .source_path
            .as_deref()
            .is_some_and(|s| storage::same_file(&p, s));
        if app.must_confirm(same) {
            app.confirm_overwrite(p, quit);
            return Flow::Continue;
        }
        // Another file that exists is not replaced unasked (as vim's :w
        // refuses and :w! overwrites).
        // The file named on the command line is the game's own (a new game
        // in an empty file included).
        let own = app
            .path
            .as_deref()
            .is_some_and(|a| storage::same_file(&p, a));
        if (same || own)
            && let Some(why) = storage::Seen::conflict(self.seen.as_ref(), &p)
        {
            app.ask_changed(p, quit, why);
            return Flow::Continue;
        }
        // A recovered game over its file: the file may hold a later save
        // than the one the crashed session read (as vim warns "NEWER than
        // swap file"); o, a or r answers.
        if (same || own) && self.recovered_over && p.exists() {
            app.ask_changed(
                p,
                quit,
                "may be newer than the recovered session, which read it before it ended",
            );
            return Flow::Continue;
        }
        if !same && !own && p.exists() {
            app.update(Action::Notice(format!(
                "{} exists and is another file: not replaced; :w! {} replaces it, or :w NEWNAME",
                crate::text::printable(&p.display().to_string()),
                crate::text::printable(&p.display().to_string())
            )));
            return Flow::Continue;
        }
        self.write(app, p, quit)
    }

    /// Writes the game; once it is safely in its file, the autosave goes,
    /// and later changes are autosaved under the file's new name.
    fn write(&mut self, app: &mut App, p: PathBuf, quit: bool) -> Flow {
        let r = storage::write_sgf(&p, &app.file_text()).map_err(|e| format!("{e:#}"));
        let ok = r.is_ok();
        app.update(Action::Saved(p.clone(), r.err()));
        let elsewhere = !self
            .source_path
            .as_deref()
            .is_some_and(|s| storage::same_file(&p, s));
        if ok
            && elsewhere
            && let Some(src) = app.source.as_mut()
        {
            src.saved_elsewhere();
        }
        if ok {
            // The game's file is now the one just written.
            self.source_path = Some(p.clone());
            self.seen = storage::Seen::of(&p);
            self.recovered_over = false;
        }
        if ok && let Some(a) = self.autosave.as_mut() {
            let _ = a.remove();
            let game = app.source.as_ref().map_or(1, |s| s.index + 1);
            if let Err(e) = a.rename_for(Some(&p), game) {
                app.update(Action::Notice(format!("saved; autosave is off: {e:#}")));
            }
        }
        if ok && quit {
            Flow::Quit
        } else {
            Flow::Continue
        }
    }

    /// Reads the game's file again as it is on disk (it changed there),
    /// after keeping this session's version: as a discarded session
    /// (`kifu --recover` lists it), or in a new file beside it when
    /// autosave is off.
    fn reload(&mut self, app: &mut App, p: PathBuf) -> Flow {
        let number = app.source.as_ref().map_or(1, |s| s.index + 1);
        let read = storage::split_sgf_to_edit(&p)
            .map_err(|e| format!("{e:#}"))
            .and_then(|(facts, texts)| app::Source::from_texts(facts, texts, number));
        let (rec, source) = match read.map(|(r, s, _)| (r, s)) {
            Ok(r) => r,
            Err(e) => {
                app.update(Action::Notice(format!("not reloaded: {e}")));
                return Flow::Continue;
            }
        };
        let kept = match (&self.base, &self.autosave) {
            (Some(base), Some(a)) if a.path().exists() => storage::discard_autosave(base, a.path())
                .map(|_| "your version is kept: kifu --recover lists it".to_string()),
            _ => {
                let copy = storage::free_name(&p);
                storage::write_sgf(&copy, &app.file_text())
                    .map(|()| format!("your version is in {}", copy.display()))
            }
        };
        match kept {
            Ok(kept) => {
                app.reloaded(rec, source, &kept);
                self.written = app.revision;
                self.source_path = Some(p.clone());
                self.seen = storage::Seen::of(&p);
                self.recovered_over = false;
            }
            Err(e) => {
                app.update(Action::Notice(format!(
                    "not reloaded: your version could not be kept: {e:#}"
                )));
            }
        }
        Flow::Continue
    }

    /// Ends the session: the lock goes; an unsaved autosave stays for the
    /// next start to offer.
    pub fn finish(self) {
        if let Some(a) = self.autosave {
            a.finish();
        }
    }
}
