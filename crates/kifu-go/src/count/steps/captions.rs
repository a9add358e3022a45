//! The walkthroughs' captions, one sentence per step to be read aloud, in
//! the words of the rules counted (area: stones; territory: points and
//! prisoners), in the language asked for.

use super::{Block, Chinese, Japanese};
use crate::count::glyph::block_char;
use crate::count::score::{points_words, stones_words};
use crate::game::result::format_points as f;
use crate::game::{Color, Point};
use crate::i18n::{Lang, color_name};
use crate::tr;

fn count_colours(list: &[(Point, Color)]) -> (usize, usize) {
    let b = list.iter().filter(|(_, c)| *c == Color::Black).count();
    (b, list.len() - b)
}

/// A colour as the adjective of stones: "black", "schwarze".
fn colour_word(lang: Lang, c: Color) -> String {
    match c {
        Color::Black => tr!(lang, "color.black.stones"),
        Color::White => tr!(lang, "color.white.stones"),
    }
}

/// Each step's sentence with its number, which comes from its place in
/// the walkthrough: adding a step touches the step model and its sentence
/// in each catalogue, nothing else.
fn numbered(lang: Lang, sentences: Vec<String>) -> Vec<String> {
    sentences
        .into_iter()
        .enumerate()
        .map(|(i, text)| {
            let n = crate::i18n::step_number(lang, i + 1);
            tr!(lang, "step.caption", n = n, text = text)
        })
        .collect()
}

impl Chinese {
    /// One sentence per step, to be read aloud.
    pub fn captions(&self, lang: Lang) -> Vec<String> {
        numbered(lang, self.sentences(lang))
    }

    /// The steps' sentences, without their numbers.
    fn sentences(&self, lang: Lang) -> Vec<String> {
        let side = color_name(lang, self.side);
        let other = color_name(lang, self.side.opponent());
        let (b, w) = count_colours(&self.removed);
        let tens = self
            .territory_blocks
            .iter()
            .filter(|b| b.points.len() == 10)
            .count();
        let rest = self.territory - 10 * tens;
        vec![
            tr!(lang, "cn.remove", b = b, w = w),
            self.with_gathered(
                lang,
                &self.territory_blocks,
                tr!(
                    lang,
                    if tens == 1 {
                        "cn.territory.one"
                    } else {
                        "cn.territory"
                    },
                    side = side,
                    tens = tens,
                    rest = rest,
                    total = self.territory
                ),
            ),
            self.with_gathered(
                lang,
                &self.stone_blocks,
                tr!(
                    lang,
                    "cn.stones",
                    side = side,
                    stones = self.stones,
                    sum = self.stones + self.territory
                ),
            ),
            self.step4(lang),
            tr!(
                lang,
                "cn.compare",
                need = self.need(lang),
                side = side,
                count = f(self.count),
                other = other,
                points = self.points,
                rest = f(self.other),
                stones = stones_words(lang, self.margin_stones),
                result = self.result
            ),
            self.step6(lang),
        ]
    }

    /// A step's sentence and, when some of its blocks are gathered from
    /// several areas (one shape on the board where an area allows it),
    /// which ones and why, so that a class asking "where is block 6?"
    /// reads the answer.
    fn with_gathered(&self, lang: Lang, blocks: &[Block], text: String) -> String {
        let labels: Vec<String> = blocks
            .iter()
            .enumerate()
            .filter(|(_, b)| !b.connected)
            .map(|(i, _)| block_char(i, self.side).to_string())
            .collect();
        if labels.is_empty() {
            return text;
        }
        let gathered = tr!(
            lang,
            "cn.gathered",
            labels = labels.join(&tr!(lang, "list.sep"))
        );
        tr!(lang, "cn.with.gathered", text = text, gathered = gathered)
    }

    /// Step 6: the other side counted too, the two adding up to the board.
    fn step6(&self, lang: Lang) -> String {
        let side = color_name(lang, self.side);
        let other = color_name(lang, self.side.opponent());
        tr!(
            lang,
            "cn.check",
            side = side,
            other = other,
            count = f(self.count),
            other_count = f(self.other_counted),
            sum = f(self.count + self.other_counted),
            check = if (self.count + self.other_counted - self.points as f64).abs() < 1e-9 {
                tr!(lang, "cn.check.ok", points = self.points)
            } else {
                tr!(lang, "cn.check.bad", points = self.points)
            }
        )
    }

    /// What the side must exceed, and why: half the board and the
    /// compensation (a handicap's part said).
    fn need(&self, lang: Lang) -> String {
        let detail = if self.handicap_points > 0.0 {
            tr!(
                lang,
                "cn.comp.detail",
                komi_half = f(self.komi / 2.0),
                komi = f(self.komi),
                handicap_half = f(self.handicap_points / 2.0),
                n = self.handicap
            )
        } else {
            String::new()
        };
        tr!(
            lang,
            match self.side {
                Color::Black => "cn.need.black",
                Color::White => "cn.need.white",
            },
            half = f(self.half),
            comp = f(self.compensation),
            detail = detail,
            target = f(self.target)
        )
    }

    /// Step 4: the dame filled in turn (or as the file's marks give
    /// them), half the shared points.
    fn step4(&self, lang: Lang) -> String {
        let side = color_name(lang, self.side);
        let own = self.dame_own;
        let dame = match (self.dame, self.first_to_fill) {
            (0, _) => String::new(),
            (1, Some(first)) => {
                tr!(
                    lang,
                    "cn.dame.one",
                    first = color_name(lang, first),
                    side = side,
                    own = own
                )
            }
            (d, Some(first)) => tr!(
                lang,
                "cn.dame.many",
                dame = d,
                first = color_name(lang, first),
                side = side,
                own = own
            ),
            (d, None) if own > 0 => {
                tr!(lang, "cn.dame.marks", side = side, own = own, dame = d)
            }
            _ => String::new(),
        };
        let n = (2.0 * self.shared_half).round() as usize;
        let shared = match n {
            0 if self.dame == 0 => tr!(lang, "cn.shared.none_left"),
            0 => tr!(lang, "cn.shared.none"),
            1 => tr!(lang, "cn.shared.one"),
            n => tr!(lang, "cn.shared.many", n = n, half = f(self.shared_half)),
        };
        tr!(
            lang,
            "cn.dame_shared",
            dame = dame,
            shared = shared,
            side = side,
            count = f(self.count)
        )
    }
}

impl Japanese {
    /// One sentence per step, to be read aloud.
    pub fn captions(&self, lang: Lang) -> Vec<String> {
        numbered(lang, self.sentences(lang))
    }

    /// The steps' sentences, without their numbers.
    fn sentences(&self, lang: Lang) -> Vec<String> {
        let [pb, pw] = self.prisoners;
        let white_total = self.totals[1] as f64 + self.komi;
        let verdict = points_words(lang, self.result.margin().unwrap_or(0.0));
        vec![
            tr!(
                lang,
                "jp.prisoners",
                pb = pb,
                cb = self.captured[0],
                db = self.dead_taken[0],
                pw = pw,
                cw = self.captured[1],
                dw = self.dead_taken[1]
            ),
            tr!(
                lang,
                "jp.fill",
                pb = pb,
                pw = pw,
                spill = format!(
                    "{}{}",
                    self.spill(lang, Color::Black),
                    self.spill(lang, Color::White)
                )
            ),
            tr!(
                lang,
                "jp.count",
                black = self.total(Color::Black),
                white = self.total(Color::White),
                uncounted = if self.not_counted > 0 {
                    tr!(lang, "jp.uncounted", n = self.not_counted)
                } else {
                    String::new()
                }
            ),
            tr!(
                lang,
                "jp.komi",
                white = self.totals[1],
                komi = f(self.komi),
                total = f(white_total)
            ),
            tr!(
                lang,
                "jp.compare",
                black = self.totals[0],
                white = f(white_total),
                verdict = verdict,
                result = self.result
            ),
        ]
    }
}

impl Japanese {
    /// Prisoners beyond a territory count for their taker (art. 10-2).
    fn spill(&self, lang: Lang, side: Color) -> String {
        let over = self.overflow[side.index()];
        if over == 0 {
            return String::new();
        }
        tr!(
            lang,
            if over == 1 {
                "jp.spill.one"
            } else {
                "jp.spill"
            },
            side = color_name(lang, side),
            colour = colour_word(lang, side),
            holds = self.prisoners[side.opponent().index()] - over,
            over = over,
            taker = color_name(lang, side.opponent())
        )
    }

    /// A side's count before komi, with the prisoners that spilled over.
    fn total(&self, side: Color) -> String {
        let i = side.index();
        let extra = self.overflow[side.opponent().index()];
        if extra > 0 {
            format!("{} + {extra} = {}", self.remaining[i], self.totals[i])
        } else {
            self.remaining[i].to_string()
        }
    }
}
