//! Count mode's keys: marking dead stones and seki, the views and steps,
//! writing the result; and entering count mode.

use super::*;
use crate::count::glyph::Step;
use crate::tr;

impl App {
    /// Enters count mode on the current position, keeping earlier marks
    /// if the position is the same.
    pub(super) fn enter_count(&mut self) {
        let same = self
            .count
            .as_ref()
            .is_some_and(|c| c.session.board == *self.record.board());
        if same {
            self.follow_terms();
        } else {
            let cs = count_state::CountState::new(&self.record);
            // A proposal (no marks in the file): KataGo's, when it is there.
            if self.engine && cs.is_untouched_proposal() {
                self.engine_request = Some(EngineRequest {
                    board: cs.session.board.clone(),
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
        let lang = self.lang;
        // Line mode says the count too: a screen reader has no panel.
        let plain = self.plain;
        self.message = self.count.as_ref().map(|c| {
            let entered = tr!(lang, "cm.enter", source = c.source(lang));
            if plain {
                let said = tr!(lang, "cm.count", said = c.said(lang, c.view));
                format!("{entered}\n{said}")
            } else {
                entered
            }
        });
    }

    /// The count follows the record's rules, komi and handicap (after the
    /// form or a command changed them), and says so.
    pub(super) fn follow_terms(&mut self) -> bool {
        let Some(cs) = self.count.as_mut() else {
            return false;
        };
        let before = cs.result();
        if !cs.follow_terms(&self.record) {
            return false;
        }
        self.message = Some(tr!(
            self.lang,
            "cm.recounted",
            rules = cs.session.terms.rules.title(self.lang),
            komi = crate::game::result::format_points(cs.session.terms.komi),
            before = before,
            after = cs.result()
        ));
        true
    }

    /// Count mode's keys. Presenting is safe: Space and Enter go to the
    /// next step, as in a slide show; digits jump to steps; a typed point
    /// only shows the point (`:dead Q16` marks); Esc goes back to the map and
    /// never leaves count mode (`c` does). Marking takes its own keys, no
    /// column letter (`x`, `X`, `=`, a click), on the map with the cursor
    /// shown; every change of the marks says what changed, and `u` takes
    /// it back.
    pub(super) fn count_mode(&mut self, action: Action) -> Effect {
        self.mode = Mode::Count;
        let cursor = self.cursor;
        let Some(cs) = self.count.as_mut() else {
            self.mode = Mode::Record;
            self.base = Mode::Record;
            return Effect::None;
        };
        let on_map = cs.step == Step::Map && !self.presentation;
        let lang = self.lang;
        match action {
            Action::Play | Action::PlayAt(_) | Action::ToggleGroup | Action::ToggleSeki
                if !on_map =>
            {
                self.message = Some(tr!(lang, "cm.mark_on_map"));
            }
            Action::Play | Action::PlayAt(_) | Action::ToggleGroup => {
                let p = match action {
                    Action::PlayAt(p) => p,
                    _ => cursor,
                };
                self.cursor = p;
                self.mark(p, action == Action::ToggleGroup);
            }
            Action::ToggleSeki => self.mark_seki(cursor),
            Action::Undo => self.undo_mark(),
            Action::SwitchView => {
                cs.switch_view();
                // The board shows the view; line mode says it.
                self.message = self.plain.then(|| {
                    let view = match cs.view {
                        count_state::View::Area => tr!(lang, "cm.view.area"),
                        count_state::View::Territory => tr!(lang, "cm.view.territory"),
                    };
                    tr!(
                        lang,
                        "cm.view",
                        view = view,
                        result = cs.said(lang, cs.view)
                    )
                });
            }
            Action::StepNext if cs.step_number() == cs.view.steps() => {
                self.message = Some(tr!(lang, "cm.last_step", view = cs.view.title(lang)));
            }
            Action::StepNext => cs.step_forward(),
            Action::StepBack | Action::GoStep(0) if cs.step == Step::Map => {
                self.message = Some(tr!(lang, "cm.the_map"));
            }
            Action::GoStep(n) if !cs.go_to_step(usize::from(n)) => {
                self.message = Some(tr!(
                    lang,
                    "cm.steps",
                    view = cs.view.title(lang),
                    n = cs.view.steps()
                ));
            }
            Action::Legend => self.mode = Mode::Legend,
            Action::Confirm => self.start_confirmation(),
            Action::StepBack => cs.step_back(),
            Action::SwitchSide => {
                cs.switch_side();
                let side = crate::i18n::color_name(lang, cs.side);
                self.message = Some(tr!(lang, "cm.side", side = side));
            }
            Action::WriteResult => self.write_result(false),
            Action::Accept => return self.accept(together::Who::Host),
            Action::Cancel => self.count_back(),
            Action::Record => self.back_to_recording(),
            Action::Input(c) => self.not_a_count_key(c),
            _ => {}
        }
        Effect::None
    }

    /// `s`: the group at the cursor in seki or not, said with the change.
    pub(super) fn mark_seki(&mut self, p: Point) {
        let at = self.point_text(p);
        let lang = self.lang;
        let Some(cs) = self.count.as_mut() else {
            return;
        };
        let before = cs.result();
        if !cs.toggle_seki(p) {
            self.message = Some(tr!(lang, "cm.seki.none", at = at));
        } else {
            let key = if cs.session.marks.is_seki(p) {
                "cm.seki.on"
            } else {
                "cm.seki.off"
            };
            let after = cs.result();
            self.message = Some(tr!(lang, key, at = at, before = before, after = after));
        }
    }

    /// `u`: the last change of the marks taken back.
    fn undo_mark(&mut self) {
        if self.flag_is_latest() && self.take_back_flag() {
            return;
        }
        let Some(cs) = self.count.as_mut() else {
            return;
        };
        let before = cs.result();
        self.message = Some(if cs.undo() {
            tr!(self.lang, "cm.undo", before = before, after = cs.result())
        } else {
            tr!(self.lang, "cm.undo.none")
        });
    }

    /// Esc: back one level, never out of count mode (a presenter's Esc
    /// followed by Space must not play a move).
    fn count_back(&mut self) {
        let Some(cs) = self.count.as_mut() else {
            return;
        };
        if cs.step != Step::Map {
            cs.step = Step::Map;
        } else if self.presentation {
            self.presentation = false;
        } else {
            self.message = Some(tr!(self.lang, "cm.map_back"));
        }
    }

    /// `c`: back to recording, the marks kept. Presenting is a slide show:
    /// it ends (Esc, F5) before the board goes back to recording, where
    /// Space plays.
    fn back_to_recording(&mut self) {
        if self.presentation {
            self.message = Some(tr!(self.lang, "cm.presenting"));
            return;
        }
        self.mode = Mode::Record;
        self.base = Mode::Record;
        self.message = Some(tr!(self.lang, "cm.recording"));
    }

    /// A letter or digit that is no key in count mode: a column letter
    /// starts a typed point (shown, never marked); anything else is said.
    fn not_a_count_key(&mut self, c: char) {
        let Some(cs) = self.count.as_ref() else {
            return;
        };
        if is_column(c.to_ascii_lowercase(), self.record.size()) {
            self.mode = Mode::Coordinate(c.to_string());
            return;
        }
        let lang = self.lang;
        self.message = Some(if c.is_ascii_digit() {
            tr!(
                lang,
                "cm.steps.map",
                view = cs.view.title(lang),
                n = cs.view.steps()
            )
        } else {
            tr!(lang, "cm.letters")
        });
    }

    /// A point typed in count mode: the cursor goes there and the message
    /// says what is on it; the marks stay as they are.
    pub(super) fn show_point(&mut self, text: &str) {
        self.mode = Mode::Count;
        match Point::parse_any(text, self.record.size()) {
            Ok(p) => {
                self.cursor = p;
                self.pointed = true;
                let mut at = self.describe_point(p);
                if let Some(why) = self.count.as_ref().and_then(|cs| cs.doubt_at(p)) {
                    let why = crate::i18n::doubt_name(self.lang, why);
                    at = crate::tr!(self.lang, "cm.unsure_here", at = at, why = why);
                }
                self.message = Some(crate::tr!(self.lang, "line.cursor", at = at));
            }
            Err(e) => self.message = Some(format!("{text}: {}", e.words(self.lang))),
        }
    }

    /// Marks the chain (or group) at `p` dead or alive, from the map or a
    /// typed command, and says what changed.
    pub(super) fn mark(&mut self, p: Point, group: bool) {
        let at = self.point_text(p);
        let lang = self.lang;
        let Some(cs) = self.count.as_mut() else {
            return;
        };
        // A typed `:dead Q16` may come from a step: the change shows on the
        // map.
        cs.step = Step::Map;
        let before = cs.result();
        let dead_before = cs.session.marks.dead_points().len();
        if !cs.toggle(p, group) {
            self.message = Some(tr!(lang, "cm.no_stone"));
            return;
        }
        let dead_after = cs.session.marks.dead_points().len();
        let dead = dead_after > dead_before;
        let n = dead_after.abs_diff(dead_before);
        let key = match (dead, n == 1) {
            (true, true) => "cm.marked.dead.one",
            (true, false) => "cm.marked.dead",
            (false, true) => "cm.marked.alive.one",
            (false, false) => "cm.marked.alive",
        };
        let side = cs
            .session
            .board
            .get(p)
            .map_or(String::new(), |c| crate::i18n::color_name(lang, c));
        let after = cs.result();
        let marked = tr!(lang, key, side = side, n = n, at = at);
        self.message = Some(if self.plain {
            let c = &cs.session.count;
            tr!(
                lang,
                "cm.marked.plain",
                marked = marked,
                black = crate::game::result::format_points(c.area.black),
                stones = crate::count::score::stones_words(lang, c.area.margin_stones),
                before = before,
                after = after
            )
        } else {
            tr!(
                lang,
                "cm.marked",
                marked = marked,
                before = before,
                after = after
            )
        });
    }

    /// Writes RE and TB/TW on the current node; asks first when the file
    /// has a different result.
    pub(super) fn write_result(&mut self, confirmed: bool) {
        if self.count.is_none() {
            return;
        }
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
            let lang = self.lang;
            let place = if main.contains(&here) {
                tr!(lang, "cm.not_end.main", n = n, total = total)
            } else {
                let total = crate::i18n::moves(lang, total);
                tr!(lang, "cm.not_end.variation", n = n, total = total)
            };
            self.message = Some(tr!(lang, "cm.not_end", place = place));
            self.mode = Mode::Ask(Question::GoEnd);
            return;
        }
        // Never a result under terms the record no longer has.
        self.follow_terms();
        let Some(cs) = self.count.as_ref() else {
            return;
        };
        let result = cs.result();
        if let Some(old) = &self.record.info.result
            && *old != result
            && !confirmed
        {
            self.message = Some(tr!(self.lang, "cm.replace", old = old, result = result));
            self.mode = Mode::Ask(Question::Result);
            return;
        }
        let (tb, tw, seki) = cs.territory_points();
        crate::sgf::territory::set_territory_marks(&mut self.record, &tb, &tw, &seki);
        self.record.info.result = Some(result.clone());
        self.changed();
        self.stop_clock();
        self.message = Some(tr!(self.lang, "cm.wrote", result = result));
    }
}
