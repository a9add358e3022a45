//! The two counts of one final position, from one classification:
//! area against half the board (Chinese, AGA) and territory with prisoners
//! (Japanese, Korean). docs/rules.md sections 2-4 give the formulas.

use serde::Serialize;

use crate::count::classify::{CODES, Classification, PointClass};
use crate::game::record::GameRecord;
use crate::game::rules::{Rules, Scoring};
use crate::game::{Board, Color, GameResult, Point};
use crate::i18n::Lang;
use crate::tr;

mod dame;

/// The terms a count is made under, besides the position: the rules
/// (scoring method and handicap compensation), the komi in effect and the
/// handicap. (Not `Setup`: that name is for setup stones.)
#[derive(Debug, Clone, PartialEq)]
pub struct Terms {
    /// The rules: how the position is counted and what a handicap is worth.
    pub rules: Rules,
    /// The komi, in points, that White receives.
    pub komi: f64,
    /// Black's handicap stones (0 or 1: none).
    pub handicap: u32,
    /// How the dame left unfilled count under area rules.
    pub dame: Dame,
}

pub use dame::{Dame, fill_in_turn};

impl Terms {
    /// The terms a game record names: its rules, komi and handicap.
    pub fn of_record(rec: &GameRecord) -> Terms {
        Terms {
            rules: rec.rules.clone(),
            komi: rec.komi(),
            handicap: rec.handicap_given(),
            dame: Dame::of_rules(&rec.rules, rec.to_move()),
        }
    }

    /// The dame as a finished count's territory marks give them, when the
    /// position has such marks (whoever judges the dead stones: the marks
    /// say how that count took the dame); else filled in turn.
    pub fn with_marked_dame(mut self, marked: Option<&(Vec<Point>, Vec<Point>)>) -> Terms {
        if let Some((tb, tw)) = marked {
            self.dame = Dame::Marked(tb.clone(), tw.clone());
        }
        self
    }
}

/// One side's figures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Side {
    /// Live stones on the board (`S`).
    pub stones: usize,
    /// Territory (`T'`): empty points and dead stones' points surrounded by
    /// this side's live groups that are not in seki.
    pub territory: usize,
    /// Eye points of this side's groups in seki: area, not territory.
    pub seki_eyes: usize,
    /// Points of its own territory this side must fill to protect a group:
    /// area, not territory.
    pub to_fill: usize,
    /// Stones captured during play.
    pub captured: u32,
    /// The opponent's dead stones taken off at the end that count as
    /// prisoners (not those inside a seki eye).
    pub dead_taken: usize,
    /// `P` = captured + dead_taken.
    pub prisoners: usize,
    /// `A = S + T` (seki eyes and points to fill included).
    pub area: usize,
}

/// Area against half the board, in stones (docs/rules.md 2.2).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct AreaView {
    /// `A_B` + the dame Black fills + half the seki points: what a Chinese
    /// referee counts for Black.
    pub black: f64,
    /// The same for White: `A_W` + the dame White fills + half the seki
    /// points.
    pub white: f64,
    /// `N/2`: 180.5 on 19x19.
    pub half: f64,
    /// Stones Black must add to the half board: komi/2 + bonus/2.
    pub compensation: f64,
    /// In points (> 0: Black ahead): `A_B - A_W - K - bonus`.
    pub margin: f64,
    /// The same in stones: margin / 2.
    pub margin_stones: f64,
}

impl AreaView {
    /// The area view: each side's area with the dame it fills (in turn,
    /// the player to move first) and half the seki points, against half
    /// the board; `owed` is what Black gives (komi + handicap bonus).
    fn new(
        area: [usize; 2],
        dame_filled: [usize; 2],
        seki: usize,
        points: usize,
        owed: f64,
    ) -> AreaView {
        let a_b = (area[0] + dame_filled[0]) as f64;
        let a_w = (area[1] + dame_filled[1]) as f64;
        let margin = a_b - a_w - owed;
        let shared = seki as f64;
        AreaView {
            black: a_b + shared / 2.0,
            white: a_w + shared / 2.0,
            half: points as f64 / 2.0,
            compensation: owed / 2.0,
            margin,
            margin_stones: margin / 2.0,
        }
    }
}

/// Territory with prisoners, in points (docs/rules.md 3.2).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct TerritoryView {
    /// `T'_B + P_B`.
    pub black: f64,
    /// `T'_W + P_W + K`.
    pub white: f64,
    /// Black's lead in points (> 0: Black ahead): black - white.
    pub margin: f64,
}

/// A position counted both ways, area and territory, with what each
/// side has; [`Count::result`] is the one its rules give.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Count {
    /// The board's size (lines).
    pub size: u8,
    /// `N`.
    pub points: usize,
    /// What Black has: stones, territory, prisoners, area.
    pub black: Side,
    /// What White has.
    pub white: Side,
    /// Neutral points that can be filled.
    pub dame: usize,
    /// Shared liberties of groups in seki.
    pub seki_liberties: usize,
    /// The komi White receives, in points.
    pub komi: f64,
    /// Black's handicap stones.
    pub handicap: u32,
    /// Points White receives for the handicap under area rules.
    pub handicap_bonus: f64,
    /// The dame left unfilled that count for each side (index:
    /// `Color::index()`): filled in turn, or as the marks give them.
    pub dame_filled: [usize; 2],
    /// Dame that count half for each side (under no mark of a finished
    /// count).
    pub dame_shared: usize,
    /// Who fills the first dame, when they are filled in turn (None: as the
    /// marks give them).
    #[serde(skip)]
    pub first_to_fill: Option<Color>,
    /// The dame count for nobody (Tromp-Taylor: `Dame::Nobody`).
    #[serde(skip)]
    pub dame_for_nobody: bool,
    /// Which count the rules use: [`Count::result`] follows it.
    pub scoring: Scoring,
    /// The area count (Chinese, AGA, ...).
    pub area: AreaView,
    /// The territory count (Japanese, Korean).
    pub territory: TerritoryView,
}

impl Count {
    /// Counts a classified position. `board` gives the stones captured
    /// during play.
    pub fn new(board: &Board, class: &Classification, terms: &Terms) -> Count {
        let (tally, [dame, seki_liberties]) = tally(class);
        let side = |c: Color| {
            let [stones, territory, seki_eyes, to_fill, ..] = tally[c.index()];
            let captured = board.captures(c);
            let [.., dead, dead_in_eyes, _] = tally[c.opponent().index()];
            let dead_taken = dead - dead_in_eyes;
            Side {
                stones,
                territory,
                seki_eyes,
                to_fill,
                captured,
                dead_taken,
                prisoners: captured as usize + dead_taken,
                area: stones + territory + seki_eyes + to_fill,
            }
        };
        let (black, white) = (side(Color::Black), side(Color::White));
        let points = board.area();
        let komi = terms.komi;
        let bonus = terms.rules.handicap_bonus.points(terms.handicap);

        // The point of a dead stone left in dame is its taker's.
        let dead_in_dame = [tally[1][6], tally[0][6]];
        let (dame_filled, first) = terms.dame.counted(class, dame, dead_in_dame);
        let dame_shared = dame - dame_filled[0] - dame_filled[1];
        let area = AreaView::new(
            [black.area, white.area],
            dame_filled,
            seki_liberties + dame_shared,
            points,
            komi + bonus,
        );
        // Seki eyes are not territory (Japanese 1989, art. 8) unless
        // territory rules that say otherwise are in force.
        let eyes = |s: &Side| {
            if terms.rules.seki_points_count && terms.rules.scoring == Scoring::Territory {
                s.seki_eyes
            } else {
                0
            }
        };
        let tb = (black.territory + eyes(&black) + black.prisoners) as f64;
        let tw = (white.territory + eyes(&white) + white.prisoners) as f64 + komi;
        let territory = TerritoryView {
            black: tb,
            white: tw,
            margin: tb - tw,
        };
        Count {
            size: board.size(),
            points,
            black,
            white,
            dame,
            seki_liberties,
            komi,
            handicap: terms.handicap,
            handicap_bonus: bonus,
            dame_filled,
            dame_shared,
            first_to_fill: first,
            dame_for_nobody: terms.dame == Dame::Nobody,
            scoring: terms.rules.scoring,
            area,
            territory,
        }
    }

    /// What `c` has.
    pub fn side(&self, c: Color) -> &Side {
        match c {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }

    /// Neutral points `D`: dame plus seki liberties.
    pub fn neutral(&self) -> usize {
        self.dame + self.seki_liberties
    }

    /// The margin in points under the game's rules (> 0: Black ahead).
    pub fn margin(&self) -> f64 {
        match self.scoring {
            Scoring::Area => self.area.margin,
            Scoring::Territory => self.territory.margin,
        }
    }

    /// The result as SGF writes it.
    pub fn result(&self) -> GameResult {
        GameResult::from_margin(self.margin())
    }

    /// Why the two views give different margins, when they do: seki eyes,
    /// points to fill, the handicap compensation, and who placed more
    /// stones (`placed`: each side's moves and setup stones, docs/rules.md
    /// 3.4).
    pub fn differences(&self, placed: [usize; 2], lang: Lang) -> Vec<String> {
        let c = self;
        if c.area.margin == c.territory.margin {
            return Vec::new();
        }
        let mut out = Vec::new();
        let eyes = c.black.seki_eyes + c.white.seki_eyes;
        if eyes > 0 {
            out.push(tr!(lang, "why.seki", eyes = eyes));
        }
        let fill = c.black.to_fill + c.white.to_fill;
        if fill > 0 {
            out.push(if fill == 1 {
                tr!(lang, "why.fill.one")
            } else {
                tr!(lang, "why.fill", n = fill)
            });
        }
        if c.handicap_bonus > 0.0 {
            let bonus = crate::game::result::format_points(c.handicap_bonus);
            out.push(tr!(lang, "why.handicap", bonus = bonus));
        }
        let gap = placed[0] as i64 - placed[1] as i64;
        let side = |c: Color| crate::i18n::color_name(lang, c);
        match gap {
            0 => {}
            1 => out.push(tr!(lang, "why.one_more", side = side(Color::Black))),
            -1 => out.push(tr!(lang, "why.one_more", side = side(Color::White))),
            g if g > 0 => out.push(tr!(lang, "why.more", side = side(Color::Black), n = g)),
            g => out.push(tr!(lang, "why.more", side = side(Color::White), n = -g)),
        }
        out
    }

    /// How the dame left unfilled were counted, in words (None without
    /// dame, or under territory rules where they count nothing).
    pub fn dame_text(&self, lang: Lang) -> Option<String> {
        if self.dame == 0 || self.scoring != Scoring::Area {
            return None;
        }
        let [b, w] = self.dame_filled;
        if self.dame_for_nobody {
            return Some(tr!(lang, "dame.nobody", dame = self.dame));
        }
        Some(match self.first_to_fill {
            Some(first) => tr!(
                lang,
                "dame.in_turn",
                dame = self.dame,
                first = crate::i18n::color_name(lang, first),
                b = b,
                w = w
            ),
            None => tr!(
                lang,
                "dame.marked",
                dame = self.dame,
                b = b,
                w = w,
                shared = self.dame_shared
            ),
        })
    }

    /// The area result in stones, in words: "Black wins by 3/4 stone".
    pub fn stones_text(&self) -> String {
        stones_text(self.area.margin_stones)
    }
}

/// One pass over the board for every tally. Per colour: stones, territory,
/// seki eyes, to fill, its dead stones taken off, of them in seki eyes, of
/// them in dame; and the dame and seki liberties.
fn tally(class: &Classification) -> ([[usize; 7]; 2], [usize; 2]) {
    // Counted by code (`PointClass::code`): one table index per point, no
    // branch to mispredict; dead stones are few, so their test is cheap.
    let mut by_code = [0usize; CODES];
    let mut dead_by_code = [[0usize; CODES]; 2];
    for (&k, &d) in class.codes().iter().zip(class.dead_stones()) {
        let k = usize::from(k).min(CODES - 1);
        by_code[k] += 1;
        if let Some(c) = d {
            dead_by_code[c.index()][k] += 1;
        }
    }
    let of = |counts: &[usize; CODES], class: PointClass| counts[usize::from(class.code())];
    let tally = [Color::Black, Color::White].map(|c| {
        let dead = &dead_by_code[c.index()];
        [
            of(&by_code, PointClass::Stone(c)),
            of(&by_code, PointClass::Territory(c)),
            of(&by_code, PointClass::SekiEye(c)),
            of(&by_code, PointClass::Protect(c)),
            dead.iter().sum(),
            of(dead, PointClass::SekiEye(Color::Black))
                + of(dead, PointClass::SekiEye(Color::White)),
            of(dead, PointClass::Dame),
        ]
    });
    let neutral = [PointClass::Dame, PointClass::SekiLiberty].map(|k| of(&by_code, k));
    (tally, neutral)
}

/// A margin in stones (> 0: Black ahead) in words, to the quarter stone:
/// "Black wins by 3/4 stone", "White wins by 1 1/4 stones", "draw". English,
/// as the JSON of `kifu score` writes it.
pub fn stones_text(margin: f64) -> String {
    stones_words(Lang::En, margin)
}

/// `stones_text` in a language: "黑胜3/4子", "Schwarz gewinnt mit 3/4 Stein".
pub fn stones_words(lang: Lang, margin: f64) -> String {
    stones_with(lang, margin, "stones.wins")
}

/// A margin in points (> 0: Black ahead) in words, as the territory count
/// says it: "Black wins by 1.5 points", "jigo (a draw)".
pub fn points_words(lang: Lang, margin: f64) -> String {
    let f = crate::game::result::format_points;
    if margin > 0.0 {
        tr!(lang, "jp.wins.black", points = f(margin))
    } else if margin < 0.0 {
        tr!(lang, "jp.wins.white", points = f(-margin))
    } else {
        tr!(lang, "jp.jigo")
    }
}

/// `stones_words` short, for the panel: "Black by 3/4 stone".
pub fn stones_by(lang: Lang, margin: f64) -> String {
    stones_with(lang, margin, "stones.by")
}

fn stones_with(lang: Lang, margin: f64, key: &'static str) -> String {
    if margin == 0.0 {
        return tr!(lang, "stones.draw");
    }
    let winner = if margin > 0.0 {
        Color::Black
    } else {
        Color::White
    };
    tr!(
        lang,
        key,
        winner = crate::i18n::color_name(lang, winner),
        amount = stones_amount(lang, margin.abs())
    )
}

/// "3/4 stone", "2 stones", "1 1/4 stones"; decimals when the amount is not
/// a whole number of quarters (an unusual komi).
pub fn stones_amount(lang: Lang, v: f64) -> String {
    let quarters = (v * 4.0).round();
    if (v * 4.0 - quarters).abs() > 1e-9 {
        return tr!(lang, "stones.n", n = crate::game::result::format_points(v));
    }
    let whole = (quarters / 4.0).floor();
    let frac = match (quarters - whole * 4.0) as i64 {
        1 => "1/4",
        2 => "1/2",
        3 => "3/4",
        _ => "",
    };
    match (whole as i64, frac) {
        (0, f) => tr!(lang, "stones.frac", frac = f),
        (1, "") => tr!(lang, "stones.one"),
        (w, "") => tr!(lang, "stones.n", n = w),
        // Korean joins "and" as 와 after a number read with a final vowel
        // (2 이, 4 사, 5 오, 9 구) and 과 after a consonant: 14와 1/4자.
        (w, f) if ends_in_vowel(lang, w) => tr!(lang, "stones.mixed.vowel", whole = w, frac = f),
        (w, f) => tr!(lang, "stones.mixed", whole = w, frac = f),
    }
}

/// Whether `n` read aloud ends in a vowel, where a language's grammar
/// asks (Korean: the Sino-Korean reading of its last digit; a number
/// ending in 0 ends in 십, 백 or 천).
fn ends_in_vowel(lang: Lang, n: i64) -> bool {
    lang == Lang::Ko && matches!(n % 10, 2 | 4 | 5 | 9)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stones_in_words() {
        assert_eq!(stones_text(0.75), "Black wins by 3/4 stone");
        assert_eq!(stones_text(-0.25), "White wins by 1/4 stone");
        assert_eq!(stones_text(-2.25), "White wins by 2 1/4 stones");
        assert_eq!(stones_text(14.25), "Black wins by 14 1/4 stones");
        assert_eq!(stones_text(1.0), "Black wins by 1 stone");
        assert_eq!(stones_text(0.5), "Black wins by 1/2 stone");
        assert_eq!(stones_text(0.0), "draw");
        assert_eq!(stones_text(0.3), "Black wins by 0.3 stones");
        assert_eq!(stones_words(Lang::ZhCn, -2.25), "白方胜2又1/4子");
        assert_eq!(
            stones_words(Lang::De, 0.75),
            "Schwarz gewinnt mit 3/4 Stein"
        );
        assert_eq!(stones_words(Lang::De, 2.0), "Schwarz gewinnt mit 2 Steinen");
    }
}
