//! Count mode's keys: marking dead stones and seki, the views and steps,
//! writing the result; and entering count mode.

use super::*;
use crate::count::glyph::Step;

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
        self.message = self.count.as_ref().map(|c| {
            format!(
                "count mode: {}; d marks dead, v switches view, Space steps, c returns",
                c.source()
            )
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
        self.message = Some(format!(
            "recounted under {} rules, komi {}: {before} -> {}",
            cs.session.terms.rules.name(),
            crate::game::result::format_points(cs.session.terms.komi),
            cs.result()
        ));
        true
    }

    /// Count mode's keys. Presenting is safe: Space and Enter go to the
    /// next step, as in a slide show; digits jump to steps; letters never
    /// start a point (`:Q16` marks); Esc goes back to the map and never
    /// leaves count mode (`c` does). Marking takes its own keys (`d`, `g`,
    /// `s`, a click), on the map with the cursor shown; every change of the
    /// marks says what changed, and `u` takes it back.
    pub(super) fn count_mode(&mut self, action: Action) -> Effect {
        self.mode = Mode::Count;
        let cursor = self.cursor;
        let Some(cs) = self.count.as_mut() else {
            self.mode = Mode::Record;
            self.base = Mode::Record;
            return Effect::None;
        };
        let on_map = cs.step == Step::Map && !self.presentation;
        match action {
            Action::Play | Action::PlayAt(_) | Action::ToggleGroup | Action::ToggleSeki
                if !on_map =>
            {
                self.message =
                    Some("marking is on the map: 0 shows it (F5 first when presenting)".into());
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
                        count_state::View::Area => "area against half the board",
                        count_state::View::Territory => "territory with prisoners",
                    };
                    format!("view: {view}; {}", cs.result())
                });
            }
            Action::StepNext if cs.step_number() == cs.view.steps() => {
                self.message = Some(format!(
                    "the last step of the {} walkthrough: N goes back, 0 shows the map",
                    cs.view.name()
                ));
            }
            Action::StepNext => cs.step_forward(),
            Action::StepBack | Action::GoStep(0) if cs.step == Step::Map => {
                self.message = Some("the map: n starts the walkthrough".into());
            }
            Action::GoStep(n) if !cs.go_to_step(usize::from(n)) => {
                self.message = Some(format!(
                    "the {} walkthrough has {} steps",
                    cs.view.name(),
                    cs.view.steps()
                ));
            }
            Action::Legend => self.mode = Mode::Legend,
            Action::Confirm => self.start_confirmation(),
            Action::StepBack => cs.step_back(),
            Action::SwitchSide => {
                cs.switch_side();
                self.message = Some(format!("the Chinese count now counts {}", cs.side.name()));
            }
            Action::WriteResult => self.write_result(false),
            Action::Cancel => self.count_back(),
            Action::Record => self.back_to_recording(),
            Action::Input(c) => self.not_a_count_key(c),
            _ => {}
        }
        Effect::None
    }

    /// `s`: the group at the cursor in seki or not, said with the change.
    fn mark_seki(&mut self, p: Point) {
        let at = self.point_text(p);
        let Some(cs) = self.count.as_mut() else {
            return;
        };
        let before = cs.result();
        if !cs.toggle_seki(p) {
            self.message = Some(format!(
                "no stones at {at}: s marks the group under the cursor as seki"
            ));
        } else {
            let state = if cs.session.marks.is_seki(p) {
                "in seki"
            } else {
                "not in seki"
            };
            self.message = Some(format!(
                "the group at {at} marked {state}: {before} -> {} (u undoes)",
                cs.result()
            ));
        }
    }

    /// `u`: the last change of the marks taken back.
    fn undo_mark(&mut self) {
        let Some(cs) = self.count.as_mut() else {
            return;
        };
        let before = cs.result();
        self.message = Some(if cs.undo() {
            format!(
                "the last change of the marks taken back: {before} -> {}",
                cs.result()
            )
        } else {
            "no change of the marks to take back".into()
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
            self.message = Some("this is the count's map: c goes back to recording".into());
        }
    }

    /// `c`: back to recording, the marks kept. Presenting is a slide show:
    /// it ends (Esc, F5) before the board goes back to recording, where
    /// Space plays.
    fn back_to_recording(&mut self) {
        if self.presentation {
            self.message = Some("presenting: Esc or F5 ends it first".into());
            return;
        }
        self.mode = Mode::Record;
        self.base = Mode::Record;
        self.message = Some("back to recording; the marks are kept".into());
    }

    /// A letter or digit that is no key in count mode: said, never typed.
    fn not_a_count_key(&mut self, c: char) {
        let Some(cs) = self.count.as_ref() else {
            return;
        };
        self.message = Some(if c.is_ascii_digit() {
            format!(
                "the {} walkthrough has {} steps (0 is the map)",
                cs.view.name(),
                cs.view.steps()
            )
        } else {
            "in count mode letters are keys (? lists them); :Q16 marks the chain at Q16".into()
        });
    }

    /// Marks the chain (or group) at `p` dead or alive, from the map or a
    /// typed command, and says what changed.
    pub(super) fn mark(&mut self, p: Point, group: bool) {
        let at = self.point_text(p);
        let Some(cs) = self.count.as_mut() else {
            return;
        };
        // A typed `:Q16` may come from a step: the change shows on the map.
        cs.step = Step::Map;
        let before = cs.result();
        let dead_before = cs.session.marks.dead_points().len();
        if !cs.toggle(p, group) {
            self.message = Some("no stone there: move to a stone to mark it".into());
            return;
        }
        let dead_after = cs.session.marks.dead_points().len();
        let (n, state) = if dead_after > dead_before {
            (dead_after - dead_before, "dead")
        } else {
            (dead_before - dead_after, "alive")
        };
        let colour = cs.session.board.get(p).map_or("", |c| c.name());
        let stones = if n == 1 { "stone" } else { "stones" };
        let after = cs.result();
        self.message = Some(if self.plain {
            let c = &cs.session.count;
            format!(
                "{colour}'s {n} {stones} at {at} marked {state}; count: Black {} stones, {}, {before} -> {after}",
                crate::game::result::format_points(c.area.black),
                c.stones_text(),
            )
        } else {
            format!(
                "{colour}'s {n} {stones} at {at} marked {state}: {before} -> {after} (u undoes)"
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
            let place = if main.contains(&here) {
                format!("this is move {n} of {total}")
            } else {
                format!(
                    "this is move {n} of a variation (the game has {})",
                    crate::text::count_of(total, "move")
                )
            };
            self.message = Some(format!(
                "{place}: its count is not the game's result. y: go to the end and count there; or :result to set a result by hand"
            ));
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
            self.message = Some(format!(
                "the file says {old}; replace it with {result}? (y/n)"
            ));
            self.mode = Mode::Ask(Question::Result);
            return;
        }
        let (tb, tw, seki) = cs.territory_points();
        crate::sgf::territory::set_territory_marks(&mut self.record, &tb, &tw, &seki);
        self.record.info.result = Some(result.clone());
        self.changed();
        self.message = Some(format!("wrote RE[{result}] and the territory marks"));
    }
}
