//! The game clock said and shown: both clocks in words, one side as the
//! panel shows it, and the time the record notes at the move shown.

use super::*;
use crate::game::clock::{TimeControl, format_clock};
use crate::sgf::time;
use crate::tr;

impl App {
    /// Both clocks in words: "Black 29:41 (to move), White 30:00, byo-yomi 5
    /// periods".
    pub fn clock_words(&self) -> String {
        let lang = self.lang;
        let Some(gc) = self.clock.as_ref() else {
            return tr!(lang, "clk.no_clock");
        };
        [Color::Black, Color::White]
            .iter()
            .map(|&c| {
                let mut s = format!(
                    "{} {}",
                    crate::i18n::color_name(lang, c),
                    self.side_words(c)
                );
                if gc.clock.turn == Some(c) && gc.clock.flagged.is_none() {
                    s.push_str(&tr!(lang, "clk.to_move"));
                }
                s
            })
            .collect::<Vec<_>>()
            .join(&tr!(lang, "q.comma"))
    }

    /// One side's clock as a sentence says it: "29 minutes 41 seconds",
    /// "27 seconds in byo-yomi, 4 periods", "time up".
    fn side_words(&self, c: Color) -> String {
        use crate::game::clock::{Overtime, periods, say_duration, stones};
        let lang = self.lang;
        let Some(gc) = self.clock.as_ref() else {
            return String::new();
        };
        let side = gc.clock.side(c);
        let left = say_duration(lang, side.left().ceil());
        if gc.clock.flagged == Some(c) {
            return tr!(lang, "clk.time_up");
        }
        if !side.overtime {
            return left;
        }
        match gc.clock.control.overtime {
            Overtime::Canadian { .. } => {
                tr!(
                    lang,
                    "clk.for_stones",
                    left = left,
                    stones = stones(lang, side.count)
                )
            }
            _ if side.count == 1 => tr!(lang, "clk.in_last", left = left),
            _ => tr!(
                lang,
                "clk.in_byoyomi",
                left = left,
                periods = periods(lang, side.count)
            ),
        }
    }

    /// One side's clock as the panel shows it: `29:41`, `0:27 byo-yomi
    /// 4`, `8:12 25 stones`, `0:00 time up`.
    pub fn side_text(&self, c: Color) -> String {
        let Some(gc) = self.clock.as_ref() else {
            return String::new();
        };
        let side = gc.clock.side(c);
        let lang = self.lang;
        let mut s = format_clock(side.left().ceil());
        if gc.clock.flagged == Some(c) {
            s.push(' ');
            s.push_str(&tr!(lang, "clk.time_up"));
        } else if side.overtime {
            s.push(' ');
            s.push_str(&match gc.clock.control.overtime {
                crate::game::clock::Overtime::Canadian { .. } => {
                    crate::game::clock::stones(lang, side.count)
                }
                _ if side.count == 1 => tr!(lang, "clk.last"),
                _ => tr!(lang, "clk.byoyomi_n", n = side.count),
            });
        }
        s
    }

    /// What the move shown took, from the times the record notes before
    /// and at it (main time; byo-yomi and Fischer by their rules); None
    /// when the record does not say.
    pub fn move_time(&self) -> Option<f64> {
        use crate::game::clock::Overtime;
        let rec = &self.record;
        let node = rec.current();
        let (c, _) = rec.node(node).mv?;
        let now = time::noted_at(rec.node(node), c);
        let parent = rec.node(node).parent?;
        let before = time::time_at(rec, parent)[usize::from(c == Color::White)];
        let control = TimeControl::from_sgf(rec.info.main_time, rec.info.overtime.as_deref());
        let main_before = before.left.filter(|_| before.count.is_none()).or(
            // The first move: the whole main time was there.
            control.filter(|_| before.left.is_none()).map(|t| t.main),
        );
        let left = now.left?;
        let took = match (control.map(|t| t.overtime), now.count, before.count) {
            (Some(Overtime::Fischer { increment }), None, _) => main_before? + increment - left,
            (Some(Overtime::ByoYomi { periods, period }), Some(n), b) => {
                let spent_periods = match b {
                    Some(m) => f64::from(m.saturating_sub(n)),
                    None => f64::from(periods.saturating_sub(n)),
                };
                main_before.unwrap_or(0.0) + spent_periods * period + (period - left)
            }
            (_, None, None) => main_before? - left,
            _ => return None,
        };
        (took >= 0.0).then_some(took)
    }

    /// The times the record notes at the move shown, in words: "at move
    /// 3: Black 49 seconds left, White 1 minute left; the move took 3
    /// seconds".
    pub fn noted_words(&self) -> Option<String> {
        use crate::game::clock::say_duration;
        let lang = self.lang;
        let noted = time::time_at(&self.record, self.record.current());
        if noted.iter().all(|n| n.left.is_none()) {
            return None;
        }
        let sides: Vec<String> = [Color::Black, Color::White]
            .into_iter()
            .zip(noted)
            .filter_map(|(c, n)| {
                let side = crate::i18n::color_name(lang, c);
                let time = say_duration(lang, n.left?);
                let mut s = tr!(lang, "clk.noted.side", side = side, time = time);
                if let Some(k) = n.count {
                    s.push_str(&tr!(lang, "clk.noted.over", n = k));
                }
                Some(s)
            })
            .collect();
        let mut out = tr!(
            lang,
            "clk.noted",
            n = self.record.move_number(),
            sides = sides.join(&tr!(lang, "q.comma"))
        );
        if let Some(t) = self.move_time() {
            out.push_str(&tr!(lang, "clk.took", time = say_duration(lang, t)));
        }
        Some(out)
    }
}
