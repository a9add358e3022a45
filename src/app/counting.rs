//! Count mode's keys: marking dead stones and seki, the views and steps,
//! writing the result; and entering count mode.

use super::*;

impl App {
    /// Enters count mode on the current position, keeping earlier marks
    /// if the position is the same.
    pub(super) fn enter_count(&mut self) {
        let same = self
            .count
            .as_ref()
            .is_some_and(|c| c.board == *self.record.board());
        if !same {
            let cs = count_state::CountState::new(&self.record);
            // A proposal (no marks in the file): KataGo's, when it is there.
            if self.engine && cs.is_untouched_proposal() {
                self.engine_request = Some(EngineRequest {
                    board: cs.board.clone(),
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
                "count mode: {}; Space marks dead, v switches view, n steps, Esc returns",
                c.source
            )
        });
    }

    pub(super) fn count_mode(&mut self, action: Action) -> Effect {
        self.mode = Mode::Count;
        let cursor = self.cursor;
        let Some(cs) = self.count.as_mut() else {
            self.mode = Mode::Record;
            self.base = Mode::Record;
            return Effect::None;
        };
        match action {
            Action::Left | Action::Right | Action::Up | Action::Down => {
                self.record_mode(action);
                self.mode = Mode::Count;
            }
            Action::Play | Action::PlayAt(_) | Action::ToggleGroup => {
                let p = match action {
                    Action::PlayAt(p) => p,
                    _ => cursor,
                };
                self.cursor = p;
                self.message = Some(toggled(cs, p, action == Action::ToggleGroup, self.plain));
            }
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
            Action::ToggleSeki if cs.toggle_seki(cursor) => {
                let state = if cs.marks.is_seki(cursor) {
                    "in seki"
                } else {
                    "not in seki"
                };
                self.message = Some(format!("the group is marked {state}"));
            }
            Action::StepNext => cs.step_forward(),
            Action::GoStep(n) if !cs.go_to_step(usize::from(n)) => {
                self.message = Some(format!(
                    "the {} walkthrough has {} steps",
                    cs.view.name(),
                    cs.view.steps()
                ));
            }
            Action::Legend => self.mode = Mode::Legend,
            Action::Confirm => self.start_confirmation(),
            Action::Present => self.presentation = !self.presentation,
            Action::StepBack => cs.step_back(),
            Action::SwitchSide => {
                cs.switch_side();
                self.message = Some(format!("the Chinese count now counts {}", cs.side.name()));
            }
            Action::WriteResult => self.write_result(false),
            Action::Cancel => {
                self.mode = Mode::Record;
                self.base = Mode::Record;
                self.message = Some("back to recording; the marks are kept".into());
            }
            Action::Help => {
                self.mode = Mode::Help;
                self.help_scroll = 0;
            }
            Action::Command => self.mode = Mode::Command(String::new()),
            Action::Suspend => return Effect::Suspend,
            Action::Save => return self.save_to(None, false),
            Action::Quit => return self.record_mode(Action::Quit),
            _ => {}
        }
        Effect::None
    }

    /// Writes RE and TB/TW on the current node; asks first when the file
    /// has a different result.
    pub(super) fn write_result(&mut self, confirmed: bool) {
        let Some(cs) = self.count.as_ref() else {
            return;
        };
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
                format!("this is move {n} of a variation (the game has {total} moves)")
            };
            self.message = Some(format!(
                "{place}: its count is not the game's result. y: go to the end and count there; or :result to set a result by hand"
            ));
            self.mode = Mode::ConfirmGoEnd;
            return;
        }
        let result = cs.result();
        if let Some(old) = &self.record.info.result
            && *old != result
            && !confirmed
        {
            self.message = Some(format!(
                "the file says {old}; replace it with {result}? (y/n)"
            ));
            self.mode = Mode::ConfirmResult;
            return;
        }
        let (tb, tw) = cs.territory_points();
        crate::sgf::territory::set_territory_marks(&mut self.record, &tb, &tw);
        self.record.info.result = Some(result.clone());
        self.changed();
        self.message = Some(format!("wrote RE[{result}] and the territory marks"));
    }
}

/// Marks the chain (or group) at `p` dead or alive, and says the result
/// (in line mode with the count's figures, as the board is not seen).
fn toggled(cs: &mut count_state::CountState, p: Point, group: bool, plain: bool) -> String {
    if !cs.toggle(p, group) {
        "no stone there: move to a stone to mark it".into()
    } else if plain {
        let c = &cs.count;
        format!(
            "count: Black {} stones, {}, {}",
            crate::game::result::format_points(c.area.black),
            c.stones_text(),
            cs.result()
        )
    } else {
        format!("result now {}", cs.result())
    }
}
