//! One counting session, pure: a position, its rules and where its dead
//! stones come from, to the marks, the words that say where they came
//! from, the classification and both counts. `kifu score`, `kifu show
//! --count`, the handouts and count mode all start from here, so they
//! give the same dead stones, wording and numbers for the same file.

use crate::count::flag::Flag;
use crate::count::judge::{Judges, Judgment, judge};
use crate::count::score::Dame;
use crate::count::{Classification, Count, Marks, PointClass, Terms, count_position};
use crate::game::rules::Scoring;
use crate::game::{Board, Color, Point};
use crate::i18n::Lang;
use crate::tr;

/// Where the dead stones of a session come from.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// The file's TB/TW marks (a stone under the opponent's mark is dead).
    Marked,
    /// Marks were asked for, and the file has none.
    NoMarks,
    /// kifu's own estimate, and which of its judges made it.
    Estimated(Judge),
    /// An engine's judgment (its name).
    Engine(String),
    /// Points named on the command line.
    Points,
    /// No stone is dead.
    None,
    /// The players changed them by hand in count mode.
    ByHand,
    /// Confirmation play's verdict.
    Confirmation,
}

impl Source {
    /// The name `kifu score --json` gives it (`dead_source`).
    pub fn json_name(&self) -> &'static str {
        match self {
            Source::Marked | Source::NoMarks => "marked",
            Source::Estimated(Judge::Learned) => "auto",
            Source::Estimated(_) => "rules",
            Source::Engine(_) => "katago",
            Source::Points => "points",
            Source::None => "none",
            Source::ByHand | Source::Confirmation => "hand",
        }
    }

    /// A proposal (an estimate or an engine's) that the players have to
    /// check: its unsure groups are worth naming.
    pub fn is_proposal(&self) -> bool {
        matches!(self, Source::Estimated(_) | Source::Engine(_))
    }
}

pub use crate::count::judge::Judge;

mod record;
pub use record::{Counting, Dead};

/// The dead stones a session starts from.
#[derive(Debug, Clone)]
pub enum DeadStones<'a> {
    /// The file's TB/TW marks, when it has them.
    Marks(Option<(&'a [Point], &'a [Point])>),
    /// kifu's estimate: the learned judge where it covers the board's
    /// size, else the rules estimator (the side to move is one of the
    /// learned judge's inputs).
    Estimate(Color),
    /// The rules estimator (playouts and reading).
    Rules,
    /// An engine's judgment, and the engine's name.
    Judged(Judgment, &'a str),
    /// The chains through these points.
    Points(&'a [Point]),
    /// None.
    None,
}

/// A counted position and how its dead stones were chosen.
#[derive(Debug, Clone)]
pub struct Session {
    /// The position counted (the dead stones still on it).
    pub board: Board,
    /// The rules, komi and handicap it is counted under.
    pub terms: Terms,
    /// The dead stones and seki groups.
    pub marks: Marks,
    /// Where the marks came from.
    pub source: Source,
    /// The chains the proposal is unsure of, each with why.
    pub uncertain: Vec<Flag>,
    /// Empty points the estimate (or engine) left undecided.
    pub undecided: usize,
    /// The game looks finished (true when nothing was estimated).
    pub finished: bool,
    /// Every point's class, the dead stones taken off.
    pub class: Classification,
    /// Both counts and the result.
    pub count: Count,
}

impl Session {
    /// Counts `board` under `terms`, its dead stones from `dead` (marks given,
    /// kifu's judge, an engine's, or none).
    pub fn new(board: Board, terms: Terms, dead: DeadStones<'_>) -> Session {
        let size = board.size();
        let (mut uncertain, mut undecided, mut finished) = (Vec::new(), 0, true);
        let (marks, source) = match dead {
            DeadStones::Marks(Some((tb, tw))) => {
                (Marks::from_territory(&board, tb, tw), Source::Marked)
            }
            DeadStones::Marks(None) => (Marks::new(size), Source::NoMarks),
            DeadStones::Estimate(_) | DeadStones::Rules | DeadStones::Judged(..) => {
                let (j, source) = match dead {
                    DeadStones::Estimate(to_move) => {
                        let j = judge(&board, to_move, &terms.rules, Judges::Auto);
                        let by = j.by.unwrap_or(Judge::Rules);
                        (j, Source::Estimated(by))
                    }
                    DeadStones::Judged(j, who) => (j, Source::Engine(who.to_string())),
                    _ => {
                        let j = judge(&board, Color::Black, &terms.rules, Judges::Rules);
                        (j, Source::Estimated(Judge::Rules))
                    }
                };
                uncertain = j.uncertain;
                undecided = j.undecided;
                finished = j.finished;
                (j.marks, source)
            }
            DeadStones::Points(points) => {
                let mut m = Marks::new(size);
                m.mark_dead_at(&board, points);
                (m, Source::Points)
            }
            DeadStones::None => (Marks::new(size), Source::None),
        };
        let (class, count) = count_position(&board, &marks, &terms);
        Session {
            board,
            terms,
            marks,
            source,
            uncertain,
            undecided,
            finished,
            class,
            count,
        }
    }

    /// The chains through `points` marked as seki (the file's own seki
    /// marks, read with its TB/TW), then counted again.
    pub fn mark_seki(&mut self, points: &[Point]) {
        if points.is_empty() {
            return;
        }
        for &p in points {
            if !self.marks.is_seki(p) {
                self.marks.toggle_seki(&self.board, p);
            }
        }
        self.recount();
    }

    /// Counts again after the marks changed.
    pub fn recount(&mut self) {
        let (class, count) = count_position(&self.board, &self.marks, &self.terms);
        self.class = class;
        self.count = count;
    }

    /// The marks were changed by hand (or by a verdict): the proposal's
    /// doubts no longer apply to the chains through `touched`.
    pub fn changed(&mut self, source: Source, touched: &[Point]) {
        let chains: Vec<Point> = touched.iter().flat_map(|&p| self.board.chain(p)).collect();
        self.uncertain.retain(|u| !chains.contains(&u.at));
        self.source = source;
        self.recount();
    }

    /// Where the dead stones came from, in words (the CLI prints it, count
    /// mode's panel shows it); English, as `kifu score`'s JSON says it.
    pub fn note(&self) -> String {
        self.note_in(Lang::En)
    }

    /// `note` in a language.
    pub fn note_in(&self, lang: Lang) -> String {
        let n = self.board.size();
        let base = match &self.source {
            Source::Marked => tr!(lang, "source.marked"),
            Source::NoMarks => tr!(lang, "source.no_marks"),
            Source::Estimated(Judge::Learned) => tr!(lang, "source.learned"),
            Source::Estimated(Judge::Rules) => tr!(lang, "source.rules"),
            Source::Estimated(Judge::RulesForSize) => tr!(lang, "source.rules.size", n = n),
            Source::Estimated(Judge::RulesUnfinished) => tr!(lang, "source.rules.unfinished"),
            Source::Engine(who) => tr!(lang, "source.engine", who = who),
            Source::Points => tr!(lang, "source.points"),
            Source::None => tr!(lang, "source.none"),
            Source::ByHand => tr!(lang, "source.by_hand"),
            Source::Confirmation => tr!(lang, "source.confirmation"),
        };
        if !self.source.is_proposal() {
            return base;
        }
        if self.uncertain.is_empty() {
            tr!(lang, "source.check", base = base)
        } else {
            let at: Vec<String> = self.uncertain.iter().map(|f| f.at.to_gtp(n)).collect();
            tr!(lang, "source.unsure", base = base, at = at.join(" "))
        }
    }

    /// Whose the dame point `p` is in this count (None: shared).
    fn dame_owner(&self, p: Point) -> Option<Color> {
        match &self.terms.dame {
            Dame::Marked(tb, tw) => {
                if tb.contains(&p) {
                    Some(Color::Black)
                } else if tw.contains(&p) {
                    Some(Color::White)
                } else {
                    None
                }
            }
            Dame::Nobody => None,
            Dame::InTurn(_) => {
                if let Some(c) = self.class.dead_at(p) {
                    return Some(c.opponent());
                }
                // The free dame in board order: the first player's share
                // first.
                let first = self.count.first_to_fill?;
                let free = |q: Point, k: PointClass| {
                    k == PointClass::Dame && self.class.dead_at(q).is_none()
                };
                let all = self.class.points().filter(|&(q, k)| free(q, k)).count();
                let before = self
                    .class
                    .points()
                    .take_while(|&(q, _)| q != p)
                    .filter(|&(q, k)| free(q, k))
                    .count();
                Some(if before < all.div_ceil(2) {
                    first
                } else {
                    first.opponent()
                })
            }
        }
    }

    /// The TB and TW points to write (territory, seki eyes, and every dead
    /// stone under the side that took it: the CGoban/KGS form), and one
    /// stone of each chain marked seki. Read back, they give the same marks,
    /// so the same count: a dead stone in dame or in a seki eye is written
    /// too, though no territory holds it.
    pub fn territory_marks(&self) -> (Vec<Point>, Vec<Point>, Vec<Point>) {
        let mut tb = Vec::new();
        let mut tw = Vec::new();
        for (p, k) in self.class.points() {
            let owner = match k {
                PointClass::Territory(c) | PointClass::SekiEye(c) | PointClass::Protect(c) => {
                    Some(c)
                }
                _ => None,
            };
            // A dead stone goes under its captor whatever its point is.
            let owner = match (self.marks.is_dead(p), self.board.get(p)) {
                (true, Some(stone)) => Some(stone.opponent()),
                // The dame as this count gives them, so that the marks read
                // back give the same.
                // (Under territory counting dame count nothing: unmarked.)
                _ if k == PointClass::Dame && self.terms.rules.scoring == Scoring::Area => {
                    self.dame_owner(p)
                }
                _ => owner,
            };
            match owner {
                Some(Color::Black) => tb.push(p),
                Some(Color::White) => tw.push(p),
                None => {}
            }
        }
        let seki = self.marks.seki_points();
        (tb, tw, seki)
    }

    /// The warning when the game does not look finished.
    pub fn warning(&self, lang: Lang) -> Option<String> {
        (!self.finished).then(|| tr!(lang, "source.unfinished", n = self.undecided))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rules::Rules;

    fn terms() -> Terms {
        Terms {
            rules: Rules::japanese(),
            komi: 6.5,
            handicap: 0,
            dame: crate::count::score::Dame::InTurn(crate::game::Color::Black),
        }
    }

    const POSITION: &str = "\
. . . . . . . . .
. . . . . . . . .
. . O . . . . . .
. . . . . . . . .
X X X X X X X X X
O O O O O O O O O
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .";

    #[test]
    fn each_source_says_where_the_dead_stones_came_from() {
        let board = Board::from_diagram(POSITION).unwrap_or_else(|e| panic!("{e}"));
        let c7 = Point::new(2, 2);
        let est = Session::new(
            board.clone(),
            terms(),
            DeadStones::Estimate(crate::game::Color::Black),
        );
        assert!(est.marks.is_dead(c7));
        // 9x9: the learned judge is not trusted there, and the note says so.
        assert_eq!(est.source.json_name(), "rules");
        assert!(
            est.note().starts_with("dead stones proposed by kifu's rules estimator (the learned judge does not cover 9x9)"),
            "{}",
            est.note()
        );
        let rules = Session::new(board.clone(), terms(), DeadStones::Rules);
        assert_eq!(rules.source, Source::Estimated(Judge::Rules));
        assert_eq!(rules.marks, est.marks);
        let none = Session::new(board.clone(), terms(), DeadStones::None);
        assert!(!none.marks.is_dead(c7));
        assert_eq!(none.note(), "no stone counted dead");
        let pts = Session::new(board.clone(), terms(), DeadStones::Points(&[c7]));
        assert!(pts.marks.is_dead(c7));
        assert_eq!(pts.count.result(), est.count.result());
        let no_marks = Session::new(board, terms(), DeadStones::Marks(None));
        assert_eq!(no_marks.source.json_name(), "marked");
        assert!(no_marks.note().contains("no TB/TW marks"));
    }

    /// A judge that sees everything decided (an engine's map) on a board
    /// with an open area between the walls: the game is not finished,
    /// whatever the judge says; with the players' marks it is theirs to say.
    #[test]
    fn an_open_area_means_the_game_is_not_over() {
        let open = crate::count::judge::tests::OPEN;
        let board = Board::from_diagram(open).unwrap_or_else(|e| panic!("{e}"));
        // Every point decided: Black's up to the middle column, White's after.
        let map: Vec<f64> = (0..81)
            .map(|i| if i % 9 <= 4 { 1.0 } else { -1.0 })
            .collect();
        let sure = crate::count::judge::judge_map(&board, &map).unwrap_or_else(|| panic!("fits"));
        let s = Session::new(
            board.clone(),
            terms(),
            DeadStones::Judged(sure.clone(), "KataGo"),
        );
        assert!(!s.finished, "27 open points between the walls");
        assert!(s.undecided >= crate::count::judge::thresholds::OPEN_AREA);
        assert!(s.warning(Lang::En).is_some());
        // A column of dame between the walls: finished.
        let closed = open.replace(". . X . . . O", ". . X X . O O");
        let board = Board::from_diagram(&closed).unwrap_or_else(|e| panic!("{e}"));
        let sure = crate::count::judge::judge_map(&board, &map).unwrap_or_else(|| panic!("fits"));
        let s = Session::new(board.clone(), terms(), DeadStones::Judged(sure, "KataGo"));
        assert!(s.finished, "{closed}");
        let marked = Session::new(board, terms(), DeadStones::Marks(Some((&[], &[]))));
        assert!(marked.finished);
    }

    #[test]
    fn a_change_by_hand_drops_the_doubt_about_that_chain() {
        let board = Board::from_diagram(POSITION).unwrap_or_else(|e| panic!("{e}"));
        let c7 = Point::new(2, 2);
        let mut s = Session::new(
            board,
            terms(),
            DeadStones::Estimate(crate::game::Color::Black),
        );
        s.uncertain = vec![Flag {
            at: c7,
            why: crate::count::Doubt::Judges,
        }];
        assert!(
            s.note().contains("unsure about the groups at C7"),
            "{}",
            s.note()
        );
        s.marks.toggle_chain(&s.board, c7);
        s.changed(Source::ByHand, &[c7]);
        assert!(s.uncertain.is_empty());
        assert_eq!(s.note(), "marked by hand");
        assert!(!s.marks.is_dead(c7));
    }
}
