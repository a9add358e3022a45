//! The questions the TUI asks (y/n, r/d, a/o) and the help overlay: each
//! answer's effect. Any other key leaves the question or says what was
//! not done.

use super::*;

impl App {
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
            self.message = Some("not quitting".into());
            Effect::None
        }
    }

    /// The autosave of an unsaved session: `r` recovers it, `d` asks
    /// before discarding it.
    pub(super) fn recover_mode(&mut self, action: Action) -> Effect {
        match action {
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
                    "discard the unsaved session of {}? (y/n; it is kept 7 days, kifu --recover lists it)",
                    crate::text::count_of(moves, "move")
                ));
                self.mode = Mode::ConfirmDiscard;
                Effect::None
            }
            _ => {
                // Any other key (the `d` of a typed `d4` included) leaves
                // the question on screen.
                self.mode = Mode::Recover;
                Effect::None
            }
        }
    }

    pub(super) fn confirm_discard(&mut self, action: Action) -> Effect {
        if action == Action::Input('y') {
            self.recovered = None;
            self.message =
                Some("discarded the unsaved session (kept 7 days: kifu --recover lists it)".into());
            Effect::DiscardAutosave
        } else {
            let moves = self.recovered.as_ref().map_or(0, GameRecord::move_number);
            self.offer_message(moves);
            self.mode = Mode::Recover;
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
                self.message = Some("not saved".into());
                Effect::None
            }
        }
    }

    pub(super) fn confirm_result(&mut self, action: Action) -> Effect {
        self.mode = Mode::Count;
        if action == Action::Input('y') {
            self.write_result(true);
        } else {
            self.message = Some("result not written".into());
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
            self.message = Some("result not written".into());
        }
        Effect::None
    }
}
