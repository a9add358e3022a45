//! Confirmation play's keys in the TUI: starting it from count mode, its
//! moves, and ending it with its verdict as count mode's marks. The rules
//! of confirmation play are in `count::confirm`.

use super::*;
pub use crate::count::confirm::Confirmation;

impl App {
    /// `:confirm` (or `C`) in count mode: play out a disputed part of the
    /// board on a copy of the stopped position.
    pub(super) fn start_confirmation(&mut self) {
        let start = self.record.board().clone();
        self.confirm = Some(Confirmation::new(
            start,
            self.record.to_move(),
            &self.record.rules,
        ));
        self.mode = Mode::Confirm;
        self.base = Mode::Confirm;
        let side = crate::i18n::color_name(self.lang, self.record.to_move());
        self.message = Some(crate::tr!(self.lang, "cf.start", side = side));
    }

    pub(super) fn confirm_mode(&mut self, action: Action) -> Effect {
        self.mode = Mode::Confirm;
        let suicide = self.record.rules.suicide_allowed;
        let cursor = self.cursor;
        let lang = self.lang;
        let Some(cf) = self.confirm.as_mut() else {
            self.mode = Mode::Record;
            self.base = Mode::Record;
            return Effect::None;
        };
        let said = match action {
            Action::Play => Some(cf.play(Move::Play(cursor), suicide, lang)),
            Action::PlayAt(p) => {
                self.cursor = p;
                Some(cf.play(Move::Play(p), suicide, lang))
            }
            Action::Pass => Some(cf.play(Move::Pass, suicide, lang)),
            Action::Cancel => {
                self.end_confirmation();
                return Effect::None;
            }
            Action::Input(c) => {
                self.mode = Mode::Coordinate(c.to_string());
                None
            }
            _ => None,
        };
        if let Some(r) = said {
            self.message = Some(match r {
                Ok(m) | Err(m) => m,
            });
        }
        Effect::None
    }

    /// Back to count mode with the verdict as the marks.
    pub(super) fn end_confirmation(&mut self) {
        let Some(cf) = self.confirm.take() else {
            return;
        };
        let (dead, alive, said) = cf.verdict(self.lang);
        self.base = Mode::Count;
        self.mode = Mode::Count;
        if let Some(cs) = self.count.as_mut() {
            cs.set_verdict(&dead, &alive);
        }
        self.message = Some(crate::tr!(self.lang, "cf.verdict", said = said));
    }
}
