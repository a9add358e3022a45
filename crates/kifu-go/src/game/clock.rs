//! Time: clock readings as recorders write them (`5:00`, `1:02:30`), the
//! time control of a game (`30m 5x30s`: main time and overtime, and the
//! SGF `TM`/`OT` that record it), and the game clock itself
//! (`clock/run.rs`). Pure: the caller says how much time passed.

mod run;
pub use run::{Clock, Event, Side};

use crate::i18n::Lang;
use crate::tr;

/// Seconds from `h:mm:ss`, `m:ss` or a number of seconds; None when the
/// text is none of these.
pub fn parse_clock(text: &str) -> Option<f64> {
    let parts: Vec<&str> = text.trim().split(':').collect();
    if parts.len() > 3 || parts.iter().any(|p| p.trim().is_empty()) {
        return None;
    }
    let mut total = 0.0;
    for (i, p) in parts.iter().enumerate() {
        let v: f64 = p.trim().parse().ok()?;
        // Minutes and seconds after a colon are below 60.
        if !v.is_finite() || v < 0.0 || (i > 0 && v >= 60.0) {
            return None;
        }
        total = total * 60.0 + v;
    }
    (total < 1e7).then_some(total)
}

/// Seconds as `m:ss`, or `h:mm:ss` from an hour on.
pub fn format_clock(seconds: f64) -> String {
    let s = seconds.max(0.0).round() as u64;
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// What follows the main time.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Overtime {
    /// None: the main time is all (absolute time).
    Absolute,
    /// Japanese byo-yomi: `periods` periods of `period` seconds; a move
    /// within a period keeps it.
    ByoYomi { periods: u32, period: f64 },
    /// Canadian: `stones` moves within each `period` seconds.
    Canadian { stones: u32, period: f64 },
    /// Fischer: `increment` seconds added after each move.
    Fischer { increment: f64 },
}

/// A game's time control: each player's main time, then the overtime.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TimeControl {
    pub main: f64,
    pub overtime: Overtime,
}

/// A time control kifu cannot read: the text and what is wrong with it,
/// said with what is expected in the user's language (`words`); Display
/// is English (`--clock`'s usage error).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.words(Lang::En))]
pub struct ClockSpecError {
    pub spec: String,
    pub why: ClockWhy,
}

/// What is wrong with a time control.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockWhy {
    Main,
    Increment,
    Periods,
    Stones,
    Period,
    Overtime,
    TooLong,
    ByoYomiEmpty,
    CanadianEmpty,
    NoMainTime,
}

impl ClockSpecError {
    pub fn words(&self, lang: Lang) -> String {
        let why = lang.text(match self.why {
            ClockWhy::Main => "clock.why.main",
            ClockWhy::Increment => "clock.why.increment",
            ClockWhy::Periods => "clock.why.periods",
            ClockWhy::Stones => "clock.why.stones",
            ClockWhy::Period => "clock.why.period",
            ClockWhy::Overtime => "clock.why.overtime",
            ClockWhy::TooLong => "clock.why.too_long",
            ClockWhy::ByoYomiEmpty => "clock.why.byo_yomi_empty",
            ClockWhy::CanadianEmpty => "clock.why.canadian_empty",
            ClockWhy::NoMainTime => "clock.why.no_main_time",
        });
        tr!(
            lang,
            "clock.spec_bad",
            spec = self.spec,
            why = why,
            expected = lang.text("clock.spec_help")
        )
    }
}

/// Seconds from a duration with units: `90s`, `10m`, `1h30m`, `1h 5m`,
/// `2.5m`.
pub fn parse_duration(text: &str) -> Option<f64> {
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if t.is_empty() {
        return None;
    }
    let mut total = 0.0;
    let mut number = String::new();
    let mut last_unit = 4; // h=3, m=2, s=1: units in falling order only
    for c in t.to_ascii_lowercase().chars() {
        if c.is_ascii_digit() || c == '.' {
            number.push(c);
            continue;
        }
        let (unit, scale) = match c {
            'h' => (3, 3600.0),
            'm' => (2, 60.0),
            's' => (1, 1.0),
            _ => return None,
        };
        let v: f64 = number.parse().ok()?;
        if unit >= last_unit || !v.is_finite() {
            return None;
        }
        last_unit = unit;
        total += v * scale;
        number.clear();
    }
    // A number without a unit at the end is refused: is `30` minutes or
    // seconds?
    (number.is_empty() && total < 1e7).then_some(total)
}

/// A duration in the form `parse_duration` reads: `1h30m`, `10m`, `30s`.
pub fn format_duration(seconds: f64) -> String {
    let s = seconds.max(0.0);
    let whole = s.round() as u64;
    if (s - whole as f64).abs() > 1e-6 {
        return format!("{}s", crate::game::result::format_points(s));
    }
    let (h, m, sec) = (whole / 3600, whole / 60 % 60, whole % 60);
    let mut out = String::new();
    if h > 0 {
        out.push_str(&format!("{h}h"));
    }
    if m > 0 {
        out.push_str(&format!("{m}m"));
    }
    if sec > 0 || out.is_empty() {
        out.push_str(&format!("{sec}s"));
    }
    out
}

/// A duration as a sentence says it: "30 minutes", "1 hour 30 minutes",
/// "45 seconds".
pub fn say_duration(lang: Lang, seconds: f64) -> String {
    let whole = seconds.max(0.0).round() as u64;
    let (h, m, s) = (whole / 3600, whole / 60 % 60, whole % 60);
    let mut parts = Vec::new();
    for (n, one, many) in [
        (h, "dur.h.one", "dur.h"),
        (m, "dur.m.one", "dur.m"),
        (s, "dur.s.one", "dur.s"),
    ] {
        if n > 0 {
            parts.push(tr!(lang, if n == 1 { one } else { many }, n = n));
        }
    }
    if parts.is_empty() {
        tr!(lang, "dur.s", n = 0)
    } else {
        let mut parts = parts.into_iter();
        let first = parts.next().unwrap_or_default();
        parts.fold(first, |a, b| crate::tr!(lang, "dur.join", a = a, b = b))
    }
}

/// "1 period", "5 periods" (byo-yomi).
pub fn periods(lang: Lang, n: u32) -> String {
    crate::i18n::counted(lang, n as usize, "clk.period.one", "clk.periods")
}

/// "1 stone", "25 stones" (a Canadian period).
pub fn stones(lang: Lang, n: u32) -> String {
    crate::i18n::counted(lang, n as usize, "clk.stone.one", "clk.stones")
}

impl TimeControl {
    /// `30m`, `30m 5x30s`, `1h 25/10m`, `10m +10s`; the error says what
    /// is expected.
    pub fn parse(spec: &str) -> Result<TimeControl, ClockSpecError> {
        let bad = |why: ClockWhy| ClockSpecError {
            spec: spec.to_string(),
            why,
        };
        let spec_t = spec.trim();
        let (main, over) = match spec_t.split_once(char::is_whitespace) {
            Some((m, o)) => (m, o.trim()),
            None => (spec_t, ""),
        };
        let main = parse_duration(main).ok_or_else(|| bad(ClockWhy::Main))?;
        let overtime = if over.is_empty() {
            Overtime::Absolute
        } else if let Some(inc) = over.strip_prefix('+') {
            let increment = parse_duration(inc).ok_or_else(|| bad(ClockWhy::Increment))?;
            Overtime::Fischer { increment }
        } else if let Some((n, p)) = over.split_once(['x', 'X', '*']) {
            let periods: u32 = n.trim().parse().map_err(|_| bad(ClockWhy::Periods))?;
            let period = parse_duration(p).ok_or_else(|| bad(ClockWhy::Period))?;
            Overtime::ByoYomi { periods, period }
        } else if let Some((n, p)) = over.split_once('/') {
            let stones: u32 = n.trim().parse().map_err(|_| bad(ClockWhy::Stones))?;
            let period = parse_duration(p).ok_or_else(|| bad(ClockWhy::Period))?;
            Overtime::Canadian { stones, period }
        } else {
            return Err(bad(ClockWhy::Overtime));
        };
        let tc = TimeControl { main, overtime };
        tc.check().map_err(bad)?;
        Ok(tc)
    }

    /// A control a clock can run: some time, periods and stones at least 1.
    fn check(&self) -> Result<(), ClockWhy> {
        // Over a hundred days, or ten thousand periods, is a typo (and a
        // file's nonsense), not a game.
        let too_long = |t: f64| !(0.0..1e7).contains(&t);
        let (count, time) = match self.overtime {
            Overtime::Absolute => (1, 0.0),
            Overtime::ByoYomi { periods, period } => (periods, period),
            Overtime::Canadian { stones, period } => (stones, period),
            Overtime::Fischer { increment } => (1, increment),
        };
        if too_long(self.main) || too_long(time) || count > 10_000 {
            return Err(ClockWhy::TooLong);
        }
        match self.overtime {
            Overtime::ByoYomi { periods, period } if periods == 0 || period <= 0.0 => {
                Err(ClockWhy::ByoYomiEmpty)
            }
            Overtime::Canadian { stones, period } if stones == 0 || period <= 0.0 => {
                Err(ClockWhy::CanadianEmpty)
            }
            Overtime::Absolute | Overtime::Fischer { .. } if self.main <= 0.0 => {
                Err(ClockWhy::NoMainTime)
            }
            _ => Ok(()),
        }
    }

    /// The control as `--clock` takes it.
    pub fn spec(&self) -> String {
        let main = format_duration(self.main);
        match self.overtime {
            Overtime::Absolute => main,
            Overtime::ByoYomi { periods, period } => {
                format!("{main} {periods}x{}", format_duration(period))
            }
            Overtime::Canadian { stones, period } => {
                format!("{main} {stones}/{}", format_duration(period))
            }
            Overtime::Fischer { increment } => format!("{main} +{}", format_duration(increment)),
        }
    }

    /// In words: "30 minutes, then 5 periods of 30 seconds (byo-yomi)".
    pub fn describe(&self, lang: Lang) -> String {
        let main = say_duration(lang, self.main);
        match self.overtime {
            Overtime::Absolute => tr!(lang, "tc.absolute", main = main),
            Overtime::ByoYomi { periods: n, period } => tr!(
                lang,
                "tc.byoyomi",
                main = main,
                periods = periods(lang, n),
                period = say_duration(lang, period)
            ),
            Overtime::Canadian { stones: n, period } => tr!(
                lang,
                "tc.canadian",
                main = main,
                stones = stones(lang, n),
                period = say_duration(lang, period)
            ),
            Overtime::Fischer { increment } => tr!(
                lang,
                "tc.fischer",
                main = main,
                increment = say_duration(lang, increment)
            ),
        }
    }

    /// SGF's `OT` as KGS and OGS write it: `5x30 byo-yomi`, `25/600
    /// Canadian`, `10 fischer`; None for absolute time.
    pub fn sgf_overtime(&self) -> Option<String> {
        let n = crate::game::result::format_points;
        match self.overtime {
            Overtime::Absolute => None,
            Overtime::ByoYomi { periods, period } => {
                Some(format!("{periods}x{} byo-yomi", n(period)))
            }
            Overtime::Canadian { stones, period } => {
                Some(format!("{stones}/{} Canadian", n(period)))
            }
            Overtime::Fischer { increment } => Some(format!("{} fischer", n(increment))),
        }
    }

    /// The control of a record's `TM` and `OT`, when kifu can run it: the
    /// forms above, `--clock`'s own, and plain SGF seconds.
    pub fn from_sgf(main: Option<f64>, overtime: Option<&str>) -> Option<TimeControl> {
        let main = main?;
        let overtime = match overtime.map(str::trim).filter(|o| !o.is_empty()) {
            None => Overtime::Absolute,
            Some(o) => sgf_overtime(o)?,
        };
        let tc = TimeControl { main, overtime };
        tc.check().ok().map(|()| tc)
    }
}

/// An `OT` text: `5x30 byo-yomi`, `25/600 Canadian`, `10 fischer`,
/// `+10s`, `5x30s`, `25/10m` (numbers alone are seconds).
fn sgf_overtime(text: &str) -> Option<Overtime> {
    let lower = text.to_ascii_lowercase();
    let head = lower.split_whitespace().next()?;
    let secs = |t: &str| {
        let t = t.trim();
        t.parse::<f64>()
            .ok()
            .filter(|v| v.is_finite() && *v >= 0.0)
            .or_else(|| parse_duration(t))
    };
    if lower.contains("fischer") || head.starts_with('+') {
        let increment = secs(head.trim_start_matches('+'))?;
        return Some(Overtime::Fischer { increment });
    }
    if let Some((n, p)) = head.split_once('x') {
        return Some(Overtime::ByoYomi {
            periods: n.parse().ok()?,
            period: secs(p)?,
        });
    }
    if let Some((n, p)) = head.split_once('/') {
        return Some(Overtime::Canadian {
            stones: n.parse().ok()?,
            period: secs(p)?,
        });
    }
    None
}

#[cfg(test)]
mod tests;
