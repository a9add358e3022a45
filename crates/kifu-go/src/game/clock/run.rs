//! The game clock: each side's time, whose clock runs, periods and
//! stones of the overtime, and what a timekeeper announces. Time comes in
//! from outside (`spend`), so the same game gives the same clock in a test
//! and at the board.

use super::{Overtime, TimeControl};
use crate::game::Color;

/// One side's clock.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Side {
    /// Main time left (seconds); with Fischer, the increments added.
    pub main: f64,
    /// In the overtime (byo-yomi or Canadian) since the main time ran out.
    pub overtime: bool,
    /// Byo-yomi: periods left, this one included. Canadian: stones still
    /// to play in this period.
    pub count: u32,
    /// Overtime: seconds left in this period.
    pub period: f64,
}

/// What a timekeeper says as time passes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Event {
    /// The main time ran out; the overtime begins.
    Overtime(Color),
    /// A byo-yomi period was used up: this many are left.
    PeriodUsed(Color, u32),
    /// Seconds left in the time that counts now (10, then 5 to 1).
    Countdown(Color, u32),
    /// The time is up: the flag fell.
    Flag(Color),
}

/// The seconds left at which the timekeeper speaks.
const CALLS: [u32; 6] = [10, 5, 4, 3, 2, 1];

/// Both clocks of a game.
#[derive(Debug, Clone, PartialEq)]
pub struct Clock {
    pub control: TimeControl,
    /// Black's, then White's.
    pub sides: [Side; 2],
    /// The side whose clock runs (the side to move); None when stopped.
    pub turn: Option<Color>,
    pub paused: bool,
    /// The side whose flag fell; nothing runs after it.
    pub flagged: Option<Color>,
}

fn index(c: Color) -> usize {
    usize::from(c == Color::White)
}

impl Side {
    fn fresh(tc: &TimeControl) -> Side {
        Side {
            main: tc.main,
            overtime: false,
            count: 0,
            period: 0.0,
        }
    }

    /// The time that counts now: the main time, or the period.
    pub fn left(&self) -> f64 {
        if self.overtime {
            self.period
        } else {
            self.main
        }
    }
}

impl Clock {
    /// A clock at the start of a game, paused, Black to move.
    pub fn new(control: TimeControl) -> Clock {
        let side = Side::fresh(&control);
        Clock {
            control,
            sides: [side, side],
            turn: Some(Color::Black),
            paused: true,
            flagged: None,
        }
    }

    pub fn side(&self, c: Color) -> &Side {
        &self.sides[index(c)]
    }

    pub fn side_mut(&mut self, c: Color) -> &mut Side {
        &mut self.sides[index(c)]
    }

    /// In one word: "time up", "stopped", "paused" or "running".
    pub fn state(&self) -> &'static str {
        if self.flagged.is_some() {
            "time up"
        } else if self.turn.is_none() {
            "stopped"
        } else if self.paused {
            "paused"
        } else {
            "running"
        }
    }

    /// The state's word in the catalogue.
    pub fn state_key(&self) -> &'static str {
        match self.state() {
            "time up" => "clk.time_up",
            "stopped" => "clk.state.stopped",
            "paused" => "clk.state.paused",
            _ => "clk.state.running",
        }
    }

    /// The clock runs: not paused, not stopped, no flag down.
    pub fn running(&self) -> Option<Color> {
        self.turn.filter(|_| !self.paused && self.flagged.is_none())
    }

    /// `seconds` pass on the running clock; what the timekeeper says, in
    /// order.
    pub fn spend(&mut self, seconds: f64) -> Vec<Event> {
        let mut events = Vec::new();
        let Some(c) = self.running() else {
            return events;
        };
        if !seconds.is_finite() || seconds <= 0.0 {
            return events;
        }
        let control = self.control;
        let side = &mut self.sides[index(c)];
        let mut left = seconds;
        if !side.overtime {
            let before = side.main;
            side.main -= left;
            calls(c, before, side.main, &mut events);
            if side.main > 0.0 {
                return events;
            }
            left = -side.main;
            side.main = 0.0;
            match control.overtime {
                Overtime::ByoYomi { periods, period } => {
                    side.count = periods;
                    side.period = period;
                }
                Overtime::Canadian { stones, period } => {
                    side.count = stones;
                    side.period = period;
                }
                Overtime::Absolute | Overtime::Fischer { .. } => {
                    self.flagged = Some(c);
                    events.push(Event::Flag(c));
                    return events;
                }
            }
            side.overtime = true;
            events.push(Event::Overtime(c));
        }
        loop {
            let before = side.period;
            side.period -= left;
            calls(c, before, side.period, &mut events);
            if side.period > 0.0 {
                return events;
            }
            left = -side.period;
            match control.overtime {
                Overtime::ByoYomi { period, .. } if side.count > 1 => {
                    side.count -= 1;
                    side.period = period;
                    events.push(Event::PeriodUsed(c, side.count));
                }
                _ => {
                    side.period = 0.0;
                    self.flagged = Some(c);
                    events.push(Event::Flag(c));
                    return events;
                }
            }
        }
    }

    /// `c` has moved: its period starts again (byo-yomi), a stone is
    /// counted (Canadian) or the increment added (Fischer); the other
    /// clock runs. What the record notes for the move is taken before
    /// (`noted`).
    pub fn moved(&mut self, c: Color) {
        let control = self.control;
        let side = &mut self.sides[index(c)];
        match control.overtime {
            Overtime::ByoYomi { period, .. } if side.overtime => side.period = period,
            Overtime::Canadian { stones, period } if side.overtime => {
                side.count = side.count.saturating_sub(1);
                if side.count == 0 {
                    side.count = stones;
                    side.period = period;
                }
            }
            Overtime::Fischer { increment } => side.main += increment,
            _ => {}
        }
        if self.flagged.is_none() {
            self.turn = Some(c.opponent());
        }
    }

    /// What the record notes at a move of `c` (SGF `BL`/`WL` and
    /// `OB`/`OW`), taken as the move is made: the time left (in the
    /// period, in overtime; with Fischer's increment added), and in
    /// overtime the periods left (byo-yomi) or the stones still to play
    /// in this period after this one (Canadian).
    pub fn noted(&self, c: Color) -> (f64, Option<u32>) {
        let side = self.side(c);
        match self.control.overtime {
            Overtime::Fischer { increment } => (side.main + increment, None),
            Overtime::ByoYomi { .. } if side.overtime => (side.period, Some(side.count)),
            Overtime::Canadian { .. } if side.overtime => {
                (side.period, Some(side.count.saturating_sub(1)))
            }
            _ => (side.main, None),
        }
    }

    /// A side as a record left it after its move: `left` and `count` as
    /// `noted` gives them (a period begins afresh after a move).
    pub fn side_from_record(&self, left: f64, count: Option<u32>) -> Side {
        let mut side = Side::fresh(&self.control);
        match (self.control.overtime, count) {
            (Overtime::ByoYomi { period, periods }, Some(n)) => {
                side.main = 0.0;
                side.overtime = true;
                side.count = n.clamp(1, periods.max(1));
                side.period = period;
            }
            (Overtime::Canadian { stones, period }, Some(n)) => {
                side.main = 0.0;
                side.overtime = true;
                (side.count, side.period) = if n == 0 {
                    (stones, period)
                } else {
                    (n, left.clamp(0.0, period))
                };
            }
            _ => side.main = left.max(0.0),
        }
        side
    }

    /// Sets the time that counts now for `c` (`:clock 5:00 3:20`); a
    /// fallen flag of `c` is lifted when there is time again.
    pub fn set_left(&mut self, c: Color, seconds: f64) {
        let side = self.side_mut(c);
        if side.overtime {
            side.period = seconds;
        } else {
            side.main = seconds;
        }
        if self.flagged == Some(c) && seconds > 0.0 {
            self.flagged = None;
        }
    }

    /// The state as one line, for the record's private `KC` property
    /// (recovery after a crash restores the clocks exactly).
    pub fn to_text(&self) -> String {
        // Milliseconds are all a clock needs (and all a file should hold).
        let ms = |v: f64| (v * 1000.0).round() / 1000.0;
        let side = |s: &Side| {
            format!(
                "{}/{}/{}/{}",
                ms(s.main),
                u8::from(s.overtime),
                s.count,
                ms(s.period)
            )
        };
        let who = |c: Option<Color>| match c {
            Some(Color::Black) => "B",
            Some(Color::White) => "W",
            None => "-",
        };
        format!(
            "{};{};{};{};{};{}",
            self.control.spec(),
            side(&self.sides[0]),
            side(&self.sides[1]),
            who(self.turn),
            u8::from(self.paused),
            who(self.flagged)
        )
    }

    /// The state `to_text` wrote; None when the text is not one.
    pub fn from_text(text: &str) -> Option<Clock> {
        let parts: Vec<&str> = text.split(';').collect();
        let [spec, b, w, turn, paused, flagged] = parts.as_slice() else {
            return None;
        };
        let control = TimeControl::parse(spec).ok()?;
        let side = |t: &str| -> Option<Side> {
            let v: Vec<&str> = t.split('/').collect();
            let [main, over, count, period] = v.as_slice() else {
                return None;
            };
            let num = |x: &str| x.parse::<f64>().ok().filter(|f| f.is_finite() && *f >= 0.0);
            Some(Side {
                main: num(main)?,
                overtime: *over == "1",
                count: count.parse().ok()?,
                period: num(period)?,
            })
        };
        let who = |t: &str| match t {
            "B" => Some(Some(Color::Black)),
            "W" => Some(Some(Color::White)),
            "-" => Some(None),
            _ => None,
        };
        Some(Clock {
            control,
            sides: [side(b)?, side(w)?],
            turn: who(turn)?,
            paused: *paused == "1",
            flagged: who(flagged)?,
        })
    }
}

/// The call crossed going from `before` to `after` seconds left (the last
/// one, when time jumps past several).
fn calls(c: Color, before: f64, after: f64, events: &mut Vec<Event>) {
    let crossed = CALLS
        .iter()
        .filter(|&&s| before > f64::from(s) && after <= f64::from(s) && after > 0.0)
        .min();
    if let Some(&s) = crossed {
        events.push(Event::Countdown(c, s));
    }
}
