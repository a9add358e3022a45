//! Recording mode's keys: moves, passes and the cursor, undo, and the
//! messages that explain an illegal move.

use super::*;
use crate::tr;

impl App {
    pub(super) fn record_mode(&mut self, action: Action) -> Effect {
        let here = self.record.current();
        let moved = matches!(
            action,
            Action::Back
                | Action::Forward
                | Action::Start
                | Action::End
                | Action::NextVariation
                | Action::PreviousVariation
        );
        let effect = self.record_action(action);
        // Line mode has no panel: where a move took the reader is said.
        if self.plain && moved && self.record.current() != here {
            let place = self.place_words();
            self.message = Some(match self.message.take() {
                Some(m) => format!("{m}; {place}"),
                None => {
                    let last = self.last_move_words();
                    tr!(self.lang, "place.said", place = place, last = last)
                }
            });
        }
        effect
    }

    /// The game-information form, in the user's language.
    fn game_form(&self) -> info::InfoForm {
        info::InfoForm::from_record(&self.record, self.lang)
    }

    fn record_action(&mut self, action: Action) -> Effect {
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
            Action::Forward => self.forward(),
            Action::Promote => self.promote(),
            Action::VariationUp | Action::VariationDown => {
                self.shift_variation(action == Action::VariationUp);
            }
            Action::DeleteVariation => self.delete_variation(),
            Action::DeleteRest => self.delete_rest(),
            Action::Undelete => self.undelete(),
            Action::Start => self.go_to_an_end(true),
            Action::End => self.go_to_an_end(false),
            Action::NextVariation | Action::PreviousVariation => {
                self.switch_variation(action == Action::NextVariation);
            }
            Action::Info => self.mode = Mode::Info(self.game_form()),
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
            | Action::Accept
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
        if self.record.rules.settling != crate::game::rules::Settling::Resumption {
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
        let here = self.record.current();
        // The clock is the game's: only a move that extends the game's own
        // line while the game is on moves it (never a variation, never a
        // move after the end).
        let end = self.record.main_line_end();
        let live = !self.game_ended();
        let extends = |app: &App, node| {
            live && app.record.node(node).parent == Some(end) && app.record.main_line_end() == node
        };
        if self.record.check(mv).is_ok() && self.replay_taken_back(mv) {
            let node = self.record.current();
            if extends(self, node) {
                self.clock_moved(color, node, false);
            }
            return;
        }
        let played = match self.record.play(mv) {
            Ok(played) => played,
            Err(e) => {
                self.message = Some(self.explain(&e));
                return;
            }
        };
        if !played.followed_existing {
            self.new_move_at(here);
            self.changed();
        }
        // Two passes in a row end the game: on to the count.
        let parent = self.record.node(played.node).parent;
        let two_passes = mv == Move::Pass
            && parent.is_some_and(|p| matches!(self.record.node(p).mv, Some((_, Move::Pass))));
        if extends(self, played.node) {
            self.clock_moved(color, played.node, two_passes);
        }
        if two_passes {
            self.two_passes(color, played.node);
        } else {
            self.say_move(color, mv, played);
        }
    }

    /// Two passes in a row: on to the count.
    fn two_passes(&mut self, color: Color, node: crate::game::record::NodeId) {
        let lang = self.lang;
        let side = crate::i18n::color_name(lang, color);
        self.enter_count();
        // Line mode says the pass too: a screen reader hears why count
        // mode came.
        if self.plain
            && let Some(m) = self.message.as_mut()
        {
            *m = format!("{}\n{m}", tr!(lang, "rec.passes", side = side));
        }
        self.korean_real_moves(node);
    }

    /// A move played, said where the board cannot show it: a new
    /// variation, captures, a repetition; in line mode every move.
    fn say_move(&mut self, color: Color, mv: Move, played: crate::game::record::Played) {
        let lang = self.lang;
        let side = crate::i18n::color_name(lang, color);
        let what = match mv {
            Move::Pass if self.plain => tr!(lang, "rec.passes", side = side),
            _ => tr!(lang, "rec.move", side = side, mv = self.move_text(mv)),
        };
        // Under the simple ko rule a whole-board repetition ends the game
        // without result if both players agree (Japanese 1989 art. 12;
        // Korean rules alike). Passes repeat by nature.
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

    /// A move typed or clicked.
    fn play_new(&mut self, mv: Move) {
        self.play(mv);
    }

    fn switch_variation(&mut self, fwd: bool) {
        if self.record.switch_variation(fwd) {
            // Line mode says the whole place instead (`record_mode`).
            let (i, n) = self.record.variation_index();
            self.message = (!self.plain).then(|| tr!(self.lang, "rec.variation_of", i = i, n = n));
        } else {
            self.message = Some(tr!(self.lang, "rec.no_variation"));
        }
    }
}
