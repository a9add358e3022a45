//! The questions the TUI asks (y/n, r/d, a/o) and the help overlay: each
//! answer's effect. Any other key leaves the question or says what was
//! not done.

use super::*;

/// What the TUI is asking; every question is answered with a key (a
/// letter, or any other key for "no"), in the TUI and in line mode alike.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Question {
    /// Quitting with unsaved changes: y quits, anything else stays.
    Quit,
    /// An autosave of an earlier session was found: r recovers it, d
    /// asks to discard it, q, Esc and Ctrl-C leave it for the next start
    /// (vim's swap-file question offers the same); other keys are ignored.
    Recover,
    /// `d` at the recovery prompt: y discards (the session is kept seven
    /// days in the data folder), anything else returns to the prompt.
    Discard,
    /// Saving over a file kifu repaired when reading it: a saves as a new
    /// file, o overwrites, anything else cancels. `bool`: quit after.
    Overwrite(PathBuf, bool),
    /// Saving over a file that changed on disk since kifu read or wrote
    /// it: o overwrites, a saves as a new file, r reloads it (this
    /// session's version is kept as a discarded session), anything else
    /// cancels. `bool`: quit after.
    Changed(PathBuf, bool),
    /// Writing a result that differs from the RE in the file: y replaces.
    Result,
    /// `R` on a position that is not the end of the game: y goes to the
    /// end of the main line and counts there, anything else stays.
    GoEnd,
}

impl App {
    /// The answer to the question on screen.
    pub(super) fn answer(&mut self, action: Action, q: Question) -> Effect {
        match q {
            Question::Quit => self.confirm_quit(action),
            Question::Recover => self.recover_mode(action),
            Question::Discard => self.confirm_discard(action),
            Question::Overwrite(path, quit) => self.confirm_save(action, path, quit),
            Question::Changed(path, quit) => self.changed_on_disk(action, path, quit),
            Question::Result => self.confirm_result(action),
            Question::GoEnd => self.confirm_go_end(action),
        }
    }

    /// Asks what to do about a file that changed on disk since kifu read
    /// or wrote it, before a save replaces it.
    /// The file changed on disk since this session read or wrote it: a
    /// collection changed in other games than the open one is merged (the
    /// save writes their new text with this game); otherwise the question,
    /// which says which games `o` would drop the changes of.
    pub(super) fn merge_or_ask(
        &mut self,
        path: PathBuf,
        quit: bool,
        why: &str,
        now: Option<Box<super::outside::DiskNow>>,
    ) -> Effect {
        let lang = self.lang;
        let outcome = match (self.source.as_mut(), now) {
            (Some(src), Some(now)) if src.holds_more() || now.texts.len() > 1 => {
                Some(src.merge(&now.facts, &now.texts))
            }
            _ => None,
        };
        let games = |v: &[usize]| {
            v.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(&crate::tr!(lang, "q.comma"))
        };
        match outcome {
            Some(super::source::OnDisk::Merged(changed)) => {
                self.merged = Some(crate::tr!(lang, "ask.merged", games = games(&changed)));
                Effect::Write(path, quit, self.file_text())
            }
            Some(super::source::OnDisk::Differs(differ)) if !differ.is_empty() => {
                let why = crate::tr!(lang, "ask.changed_games", why = why, games = games(&differ));
                self.ask_changed(path, quit, &why);
                Effect::None
            }
            _ => {
                self.ask_changed(path, quit, why);
                Effect::None
            }
        }
    }

    pub(super) fn ask_changed(&mut self, path: PathBuf, quit: bool, why: &str) {
        self.message = Some(crate::tr!(
            self.lang,
            "ask.changed",
            path = crate::text::printable(&path.display().to_string()),
            why = why
        ));
        self.mode = Mode::Ask(Question::Changed(path, quit));
    }

    fn changed_on_disk(&mut self, action: Action, path: PathBuf, quit: bool) -> Effect {
        match action {
            Action::Input('o') => Effect::SaveOver(path, quit),
            Action::Input('a') => Effect::SaveNew(path, quit),
            Action::Input('r') => self.reload_effect(path),
            _ => {
                self.message = Some(crate::tr!(self.lang, "ask.not_saved"));
                Effect::None
            }
        }
    }

    pub(super) fn help_mode(&mut self, action: Action) -> Effect {
        match action {
            Action::Up => self.help_scroll = self.help_scroll.saturating_sub(1),
            Action::Down => self.help_scroll = self.help_scroll.saturating_add(1),
            _ => return Effect::None,
        }
        self.mode = Mode::Help;
        Effect::None
    }

    pub(super) fn confirm_quit(&mut self, action: Action) -> Effect {
        if action == Action::Input('y') {
            Effect::Quit
        } else {
            self.message = Some(crate::tr!(self.lang, "ask.not_quitting"));
            Effect::None
        }
    }

    /// The autosave of an unsaved session: `r` recovers it, `d` asks
    /// before discarding it.
    pub(super) fn recover_mode(&mut self, action: Action) -> Effect {
        match action {
            Action::Input('r') => {
                // At the node where play stopped (the keeper went there).
                if let Some(rec) = self.recovered.take() {
                    self.record = rec;
                    let size = self.record.size();
                    if !self.cursor.is_on(size) {
                        self.cursor = Point::new(size / 2, size / 2);
                    }
                    self.changed();
                    self.resume_clock();
                    let lang = self.lang;
                    self.message = Some(match &self.clock {
                        Some(_) => {
                            crate::tr!(lang, "ask.recovered.clock", clocks = self.clock_words())
                        }
                        None => crate::tr!(lang, "ask.recovered"),
                    });
                }
                Effect::RecoveredAutosave
            }
            Action::Input('d') => {
                let moves = self.recovered.as_ref().map_or(0, GameRecord::move_number);
                let moves = crate::i18n::moves(self.lang, moves);
                self.message = Some(crate::tr!(self.lang, "ask.discard", moves = moves));
                self.mode = Mode::Ask(Question::Discard);
                Effect::None
            }
            // Not now: the file stays as it is on disk, and the autosave
            // stays where it is, offered again at the next start.
            Action::Input('q') | Action::Cancel => {
                self.recovered = None;
                self.message = Some(crate::tr!(self.lang, "ask.not_now"));
                Effect::None
            }
            _ => {
                // Any other key (the `d` of a typed `d4` included) leaves
                // the question on screen.
                self.mode = Mode::Ask(Question::Recover);
                Effect::None
            }
        }
    }

    pub(super) fn confirm_discard(&mut self, action: Action) -> Effect {
        if action == Action::Input('y') {
            self.recovered = None;
            self.message = Some(crate::tr!(self.lang, "ask.discarded"));
            Effect::DiscardAutosave
        } else {
            let moves = self.recovered.as_ref().map_or(0, GameRecord::move_number);
            self.offer_message(moves);
            self.mode = Mode::Ask(Question::Recover);
            Effect::None
        }
    }

    /// Saving over a file kifu did not fully read: `a` saves beside it,
    /// `o` overwrites.
    pub(super) fn confirm_save(&mut self, action: Action, path: PathBuf, quit: bool) -> Effect {
        match action {
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
                self.message = Some(crate::tr!(self.lang, "ask.not_saved"));
                Effect::None
            }
        }
    }

    pub(super) fn confirm_result(&mut self, action: Action) -> Effect {
        self.mode = Mode::Count;
        if action == Action::Input('y') {
            self.write_result(true);
        } else {
            self.message = Some(crate::tr!(self.lang, "ask.not_written"));
        }
        Effect::None
    }

    pub(super) fn confirm_go_end(&mut self, action: Action) -> Effect {
        if action == Action::Input('y') {
            self.record.to_start();
            self.record.to_end();
            self.enter_count();
        } else {
            self.mode = Mode::Count;
            self.message = Some(crate::tr!(self.lang, "ask.not_written"));
        }
        Effect::None
    }
}
