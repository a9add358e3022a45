//! The game clock in the app: time from the event loop (`tick`), a move
//! stopping the mover's clock and starting the other's, pause, undo giving
//! the time back, the flag, what is noted on each move (`BL`/`WL`,
//! `OB`/`OW`) and the state the autosave carries (`KC`).

use super::*;
use crate::game::clock::{Clock, Event, TimeControl};
use crate::game::record::NodeId;
use crate::sgf::time::{self, CLOCK_STATE};
use crate::tr;

/// The game clock of a recording, with what undo and the flag need.
#[derive(Debug, Clone)]
pub struct GameClock {
    pub clock: Clock,
    /// The event loop's last reading of its time (seconds).
    last: Option<f64>,
    /// The clocks when the side to move began its turn.
    turn_start: Clock,
    /// For each move made under the clock: its node, and the clocks when
    /// its turn began (undo gives that time back).
    history: Vec<(NodeId, Clock)>,
    /// The result before the flag fell, for `u` to put back.
    before_flag: Option<Option<GameResult>>,
    /// How many changes of the marks count mode had when the flag fell
    /// (None: no count): its undo key takes the flag back while that holds.
    marks_at_flag: Option<usize>,
    /// The whole seconds shown at the last autosave of the clocks.
    shown: i64,
}

impl GameClock {
    fn new(clock: Clock) -> GameClock {
        GameClock {
            turn_start: clock.clone(),
            clock,
            last: None,
            history: Vec::new(),
            before_flag: None,
            marks_at_flag: None,
            shown: -1,
        }
    }

    /// The running side's whole seconds: when they change, the screen and
    /// the autosave follow.
    fn seconds_shown(&self) -> i64 {
        self.clock
            .running()
            .map_or(-1, |c| self.clock.side(c).left().ceil() as i64)
    }
}

impl App {
    /// The game has ended: a result (a count, resignation, time), or two
    /// passes at the end of its own line that no one asked to resume. The
    /// clock then stays stopped whatever is browsed, tried or counted.
    pub(super) fn game_ended(&self) -> bool {
        let end = self.record.main_line_end();
        self.record.info.result.is_some()
            || (self.record.pass_pairs(end).is_some() && self.resumed != Some(end))
    }

    /// Who is to move at the game's own end (not at the move shown).
    fn game_to_move(&self) -> Color {
        self.record.position_at(self.record.main_line_end()).to_move
    }

    /// The game ended (a result was written): the clocks stop for good.
    pub(super) fn stop_clock(&mut self) {
        if let Some(gc) = self.clock.as_mut() {
            gc.clock.paused = true;
            gc.clock.turn = None;
            gc.before_flag = None;
            self.store_clock();
        }
    }

    /// Starts a game clock with this control (`--clock`, `:clock 30m
    /// 5x30s`, the form): noted as `TM` and `OT`, paused until the next
    /// move or Ctrl-P.
    pub fn start_clock(&mut self, control: TimeControl) {
        self.record.info.main_time = Some(control.main);
        self.record.info.overtime = control.sgf_overtime();
        let mut clock = Clock::new(control);
        clock.turn = Some(self.game_to_move());
        self.clock = Some(GameClock::new(clock));
        self.changed();
        self.store_clock();
        self.message = Some(tr!(
            self.lang,
            "clk.start",
            control = control.describe(self.lang)
        ));
    }

    /// The form changed the time settings: a game without a result gets a
    /// clock of the new control (none when the settings name none kifu
    /// can run); the same control keeps its running clock.
    pub(super) fn follow_clock(&mut self) {
        let info = &self.record.info;
        let control = TimeControl::from_sgf(info.main_time, info.overtime.as_deref())
            .filter(|_| info.result.is_none());
        let same = self.clock.as_ref().map(|gc| gc.clock.control) == control;
        match control {
            _ if same => {}
            Some(tc) => {
                let said = self.message.take();
                self.start_clock(tc);
                if let (Some(s), Some(m)) = (said, self.message.as_mut()) {
                    *m = format!("{s}; {m}");
                }
            }
            None => {
                self.clock = None;
                self.store_clock();
            }
        }
    }

    /// The clock of a game kifu opens: the state it saved (`KC`), or the
    /// file's `TM`/`OT` and the times noted on its moves; paused. None for
    /// a game with a result or without a time control kifu can run.
    pub fn resume_clock(&mut self) {
        self.clock = None;
        if self.record.info.result.is_some() {
            return;
        }
        let root = self.record.root();
        let saved = self
            .record
            .node(root)
            .props
            .iter()
            .rev()
            .find(|p| p.id == CLOCK_STATE);
        if let Some(mut c) = saved
            .and_then(|p| p.values.first())
            .and_then(|v| Clock::from_text(v))
        {
            c.paused = true;
            self.clock = Some(GameClock::new(c));
            return;
        }
        let control = TimeControl::from_sgf(
            self.record.info.main_time,
            self.record.info.overtime.as_deref(),
        );
        let Some(control) = control else {
            return;
        };
        let mut clock = Clock::new(control);
        let end = *self.record.main_line().last().unwrap_or(&root);
        let noted = time::time_at(&self.record, end);
        for (i, c) in [Color::Black, Color::White].into_iter().enumerate() {
            if let Some(left) = noted[i].left {
                *clock.side_mut(c) = clock.side_from_record(left, noted[i].count);
            }
        }
        clock.turn = Some(self.game_to_move());
        self.clock = Some(GameClock::new(clock));
    }

    /// The event loop's time (seconds from any fixed start): the running
    /// clock spends what passed, and what the timekeeper says is said.
    pub(super) fn run_clock(&mut self, now: f64) {
        let Some(gc) = self.clock.as_mut() else {
            return;
        };
        let passed = gc.last.map_or(0.0, |l| (now - l).max(0.0));
        gc.last = Some(now);
        let events = gc.clock.spend(passed);
        let shown = gc.seconds_shown();
        let second = shown != gc.shown;
        gc.shown = shown;
        for e in events {
            self.announce(e);
        }
        if second {
            // The autosave follows the clocks, second by second; the game
            // itself has not changed (nothing to ask at quit).
            self.store_clock();
            self.revision += 1;
        }
    }

    fn announce(&mut self, e: Event) {
        let Some(gc) = self.clock.as_ref() else {
            return;
        };
        use crate::game::clock::{periods, say_duration, stones};
        let control = gc.clock.control;
        let lang = self.lang;
        let side = |c: Color| crate::i18n::color_name(lang, c);
        let said = match e {
            Event::Overtime(c) => match control.overtime {
                crate::game::clock::Overtime::Canadian { stones: n, period } => tr!(
                    lang,
                    "clk.overtime",
                    side = side(c),
                    stones = stones(lang, n),
                    period = say_duration(lang, period)
                ),
                _ => tr!(
                    lang,
                    "clk.byoyomi",
                    side = side(c),
                    periods = periods(lang, gc.clock.side(c).count)
                ),
            },
            Event::PeriodUsed(c, 1) => tr!(lang, "clk.last_period", side = side(c)),
            Event::PeriodUsed(c, n) => tr!(lang, "clk.periods_left", side = side(c), n = n),
            Event::Countdown(c, s) => tr!(
                lang,
                "clk.countdown",
                side = side(c),
                time = say_duration(lang, f64::from(s))
            ),
            Event::Flag(c) => return self.flag_fell(c),
        };
        self.bell = true;
        // A question waiting for its answer keeps the message line.
        if !matches!(self.mode, Mode::Ask(_)) {
            self.message = Some(said);
        }
    }

    /// The flag of `c` fell: the other side wins on time (`RE`), which the
    /// undo key of the mode shown takes back (`u` in recording and, before
    /// any other change of the marks, in count mode).
    fn flag_fell(&mut self, c: Color) {
        let before = self.record.info.result.clone();
        let result = GameResult::Win(c.opponent(), Margin::Time);
        self.record.info.result = Some(result.clone());
        let marks = self.count.as_ref().map(|cs| cs.changes());
        if let Some(gc) = self.clock.as_mut() {
            gc.before_flag = Some(before);
            gc.marks_at_flag = marks;
        }
        self.changed();
        self.store_clock();
        self.bell = true;
        let side = crate::i18n::color_name(self.lang, c);
        let key = self.key_name(Action::Undo);
        self.message = Some(tr!(
            self.lang,
            "clk.flag",
            side = side,
            result = result,
            key = key
        ));
    }

    /// Count mode's undo key with the flag down and no mark changed since
    /// it fell: the flag is what is taken back.
    pub(super) fn flag_is_latest(&self) -> bool {
        let marks = self.count.as_ref().map(|cs| cs.changes());
        self.clock
            .as_ref()
            .is_some_and(|gc| gc.before_flag.is_some() && gc.marks_at_flag == marks)
    }

    /// After a move of `color` at `node`: the mover's time is noted on the
    /// move, and the other clock runs. Two passes stop the clocks.
    pub(super) fn clock_moved(&mut self, color: Color, node: NodeId, game_over: bool) {
        let Some(gc) = self.clock.as_mut() else {
            return;
        };
        if gc.clock.flagged.is_some() {
            return;
        }
        let (left, count) = gc.clock.noted(color);
        gc.history.push((node, gc.turn_start.clone()));
        gc.clock.moved(color);
        // A move says the game goes on: a paused clock runs again. Two
        // passes end it: the clocks stop (Ctrl-P starts them again).
        gc.clock.paused = game_over;
        if game_over {
            gc.clock.turn = None;
        }
        gc.turn_start = gc.clock.clone();
        let n = self.record.node_mut(node);
        time::set_time_left(n, color, left);
        time::set_overtime_left(n, color, count);
        self.store_clock();
    }

    /// `u` after a flag fell: the flag is taken back (the result as it
    /// was, the clocks paused). False when no flag is down.
    pub(super) fn take_back_flag(&mut self) -> bool {
        let Some(gc) = self.clock.as_mut() else {
            return false;
        };
        let Some(before) = gc.before_flag.take() else {
            return false;
        };
        gc.clock.flagged = None;
        gc.clock.paused = true;
        self.record.info.result = before;
        self.changed();
        self.store_clock();
        self.message = Some(tr!(self.lang, "clk.flag_back"));
        true
    }

    /// The move at `node` was taken back: its time is given back (the
    /// clocks as they were when its turn began).
    pub(super) fn clock_undo(&mut self, node: NodeId) {
        let Some(gc) = self.clock.as_mut() else {
            return;
        };
        if let Some((_, start)) = gc.history.pop_if(|(n, _)| *n == node) {
            let paused = gc.clock.paused;
            gc.clock = start.clone();
            gc.clock.paused = paused;
            gc.turn_start = start;
            self.store_clock();
        }
    }

    /// Ctrl-P, `:pause`: the clocks stop, or go on.
    pub(super) fn pause_clock(&mut self) {
        let Some(gc) = self.clock.as_mut() else {
            self.message = Some(tr!(self.lang, "clk.none"));
            return;
        };
        if gc.clock.flagged.is_some() {
            let key = self.key_name(Action::Undo);
            self.message = Some(tr!(self.lang, "clk.flag_first", key = key));
            return;
        }
        if self.game_ended() {
            self.message = Some(tr!(self.lang, "clk.game_over"));
            return;
        }
        let to_move = self.game_to_move();
        let Some(gc) = self.clock.as_mut() else {
            return;
        };
        gc.clock.paused = !gc.clock.paused;
        if gc.clock.turn.is_none() {
            gc.clock.turn = Some(to_move);
        }
        let paused = gc.clock.paused;
        self.store_clock();
        self.revision += 1;
        let clocks = self.clock_words();
        self.message = Some(if paused {
            tr!(self.lang, "clk.paused", clocks = clocks)
        } else {
            tr!(self.lang, "clk.running", clocks = clocks)
        });
    }

    /// The clock's state on the root (`KC`), for the autosave and a save.
    fn store_clock(&mut self) {
        let text = self.clock.as_ref().map(|gc| gc.clock.to_text());
        let root = self.record.root();
        let node = self.record.node_mut(root);
        node.props.retain(|p| p.id != CLOCK_STATE);
        if let Some(t) = text {
            node.props.push(crate::game::RawProp {
                id: CLOCK_STATE.into(),
                values: vec![t],
            });
        }
    }

    /// `:clock 5:00 3:20` with a clock running: the time that counts now
    /// for each side.
    pub(super) fn set_clock_left(&mut self, c: Color, seconds: f64) {
        if let Some(gc) = self.clock.as_mut() {
            gc.clock.set_left(c, seconds);
            if gc.clock.flagged.is_none() {
                gc.before_flag = None;
            }
            self.store_clock();
        }
    }
}
