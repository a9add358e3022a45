//! Recording mode's keys: moves, passes and the cursor, undo, and the
//! messages that explain an illegal move.

use super::*;
use crate::tr;

impl App {
    pub(super) fn record_mode(&mut self, action: Action) -> Effect {
        let c = self.cursor;
        match action {
            Action::Play => self.play_new(Move::Play(c)),
            Action::PlayAt(p) => {
                self.cursor = p;
                self.play_new(Move::Play(p));
            }
            Action::Pass => self.play_new(Move::Pass),
            Action::Undo => self.undo(),
            Action::Back => {
                if !self.record.back() {
                    self.message = Some(tr!(self.lang, "rec.at_start"));
                }
            }
            Action::Forward => {
                if !self.record.forward() {
                    self.redo_move();
                }
            }
            Action::Start => self.go_to_an_end(true),
            Action::End => self.go_to_an_end(false),
            Action::NextVariation | Action::PreviousVariation => {
                self.switch_variation(action == Action::NextVariation);
            }
            Action::Info => self.mode = Mode::Info(info::InfoForm::from_record(&self.record)),
            Action::Count => self.enter_count(),
            Action::Comment => {
                // Edit a short comment in place; add a line to a longer one.
                let text = match self.record.node(self.record.current()).comment.as_deref() {
                    Some(c) if !c.contains('\n') && c.chars().count() < MAX_INPUT - 10 => {
                        format!("comment {c}")
                    }
                    Some(_) => "comment+ ".to_string(),
                    None => "comment ".to_string(),
                };
                self.mode = Mode::Command(text);
            }
            Action::Input(ch) => self.mode = Mode::Coordinate(ch.to_string()),
            Action::Cancel => self.message = None,
            Action::Backspace
            | Action::Submit
            | Action::Paste(_)
            | Action::Notice(_)
            | Action::Key(_)
            | Action::Run(_)
            | Action::Said
            | Action::OverlayShown
            | Action::CursorTo(_)
            | Action::Outside(_) => {}
            Action::ToggleGroup
            | Action::ToggleSeki
            | Action::SwitchView
            | Action::StepNext
            | Action::StepBack
            | Action::SwitchSide
            | Action::WriteResult
            | Action::GoStep(_)
            | Action::Legend
            | Action::Record
            | Action::Confirm => {}
            // Handled for every base mode by `App::shared_action`.
            Action::Left
            | Action::Right
            | Action::Up
            | Action::Down
            | Action::Save
            | Action::Quit
            | Action::Help
            | Action::Command
            | Action::Present
            | Action::PauseClock
            | Action::Suspend => {}
        }
        Effect::None
    }

    /// Korean rules: after the second pair of passes a neutral point that
    /// is still a real move is said, and the player who passed first of
    /// this pair may play it.
    fn korean_real_moves(&mut self, last: crate::game::record::NodeId) {
        if self.record.rules.preset != Some(crate::game::rules::Preset::Korean) {
            return;
        }
        let Some((pairs, first)) = self.record.pass_pairs(last) else {
            return;
        };
        let Some(cs) = self.count.as_ref() else {
            return;
        };
        if pairs < 2 {
            return;
        }
        let moves = crate::count::neutral::real_moves(&cs.session.board, &cs.session.marks);
        if moves.is_empty() {
            return;
        }
        let size = self.record.board().size();
        let list: Vec<String> = moves.iter().map(|m| m.describe(size)).collect();
        self.message = Some(tr!(
            self.lang,
            "rec.korean_pass",
            moves = list.join(", "),
            first = crate::i18n::color_name(self.lang, first),
            other = first.opponent().name().to_lowercase()
        ));
    }

    pub(super) fn play(&mut self, mv: Move) {
        let color = self.record.to_move();
        match self.record.play(mv) {
            Ok(played) => {
                self.changed();
                // The panel shows the last move; the message line only
                // says what the board cannot.
                let lang = self.lang;
                let side = crate::i18n::color_name(lang, color);
                let what = tr!(lang, "rec.move", side = side, mv = self.move_text(mv));
                // Two passes in a row end the game: on to the count.
                let parent = self.record.node(played.node).parent;
                let two_passes = mv == Move::Pass
                    && parent
                        .is_some_and(|p| matches!(self.record.node(p).mv, Some((_, Move::Pass))));
                self.clock_moved(color, played.node, two_passes);
                if two_passes {
                    self.enter_count();
                    // Line mode says the pass too: a screen reader hears
                    // why count mode came.
                    if self.plain
                        && let Some(m) = self.message.as_mut()
                    {
                        *m = format!("{}\n{m}", tr!(lang, "rec.passes", side = side));
                    }
                    self.korean_real_moves(played.node);
                    return;
                }
                let what = match mv {
                    Move::Pass if self.plain => tr!(lang, "rec.passes", side = side),
                    _ => what,
                };
                // Under the simple ko rule a whole-board repetition ends the
                // game without result if both players agree (Japanese 1989
                // art. 12; Korean rules alike). Passes repeat by nature.
                if mv != Move::Pass
                    && self.record.rules.ko == crate::game::rules::KoRule::Simple
                    && let Some((before, now)) = self.record.repetition()
                {
                    self.message = Some(tr!(
                        self.lang,
                        "rec.repeats",
                        what = what,
                        now = now,
                        before = before,
                        rules = self.record.rules.title(self.lang)
                    ));
                    return;
                }
                self.message = if played.new_variation {
                    Some(tr!(lang, "rec.variation", what = what))
                } else if played.captured > 0 {
                    Some(tr!(lang, "rec.captures", what = what, n = played.captured))
                } else if self.plain {
                    // A screen reader hears every move.
                    Some(what)
                } else {
                    None
                };
                // A screen reader cannot see a group in atari: it is said.
                if self.plain
                    && let Move::Play(p) = mv
                    && let Some(atari) = self.atari_words(p)
                {
                    let said = self.message.take().unwrap_or_default();
                    self.message = Some(format!("{said}; {atari}"));
                }
            }
            Err(e) => self.message = Some(self.explain(&e)),
        }
    }

    pub(super) fn explain(&self, e: &crate::game::IllegalMove) -> String {
        match e.reason {
            IllegalReason::Ko => tr!(self.lang, "rec.ko"),
            IllegalReason::Superko => tr!(self.lang, "rec.superko"),
            IllegalReason::Suicide => {
                tr!(
                    self.lang,
                    "rec.suicide",
                    rules = self.record.rules.title(self.lang)
                )
            }
            IllegalReason::Occupied => tr!(self.lang, "rec.occupied"),
            IllegalReason::OffBoard => tr!(self.lang, "rec.off_board"),
        }
    }

    pub(super) fn undo(&mut self) {
        if self.take_back_flag() {
            return;
        }
        let id = self.record.current();
        let node = self.record.node(id).clone();
        self.message = Some(match self.record.undo() {
            Undo::Removed => {
                self.changed();
                self.clock_undo(id);
                if let Some(parent) = node.parent {
                    self.redo.push((parent, node));
                }
                tr!(self.lang, "rec.undo")
            }
            Undo::SteppedBack => tr!(self.lang, "rec.stepped_back"),
            Undo::Nothing => tr!(self.lang, "rec.undo.none"),
        });
    }

    /// Home and End: to the start of the game or the end of this line,
    /// said when already there.
    fn go_to_an_end(&mut self, start: bool) {
        let here = self.record.current();
        if start {
            self.record.to_start();
        } else {
            self.record.to_end();
        }
        if self.record.current() == here {
            self.message = Some(if start {
                tr!(self.lang, "rec.at_start")
            } else {
                tr!(self.lang, "rec.at_end")
            });
        }
    }

    /// A move typed or clicked: as in any editor, it ends what `]` could
    /// put back.
    fn play_new(&mut self, mv: Move) {
        self.redo.clear();
        self.play(mv);
    }

    fn switch_variation(&mut self, fwd: bool) {
        if self.record.switch_variation(fwd) {
            let (i, n) = self.record.variation_index();
            self.message = Some(tr!(self.lang, "rec.variation_of", i = i, n = n));
        } else {
            self.message = Some(tr!(self.lang, "rec.no_variation"));
        }
    }

    /// `]` at the end of a line: the move `u` took back last from here,
    /// played again with its comment and properties.
    fn redo_move(&mut self) {
        let here = self.record.current();
        let Some((parent, node)) = self.redo.pop_if(|(p, _)| *p == here) else {
            self.message = Some(tr!(self.lang, "rec.no_later"));
            return;
        };
        let Some((_, mv)) = node.mv else {
            return;
        };
        self.play(mv);
        let now = self.record.current();
        if self.record.node(now).parent == Some(parent) {
            let n = self.record.node_mut(now);
            n.comment = node.comment;
            n.props = node.props;
            self.message = Some(tr!(self.lang, "rec.put_back", mv = self.move_text(mv)));
        }
    }
}
