//! The judges of dead stones, behind one door: [`judge`] takes a position
//! (its stones and the side to move) and the rules, and returns one
//! [`Judgment`]: the dead stones, the groups it is unsure of and why, the
//! points left undecided, whether the game looks finished and which
//! groups reading proved. [`judge_map`] gives an engine's ownership map
//! the same guard rails and the same type. The count (`Session`), the
//! TUI, GTP and the Python module call only these two.
//!
//! Behind the door, in this folder: the rules estimator's random
//! playouts, Benson's proof and local searches (`estimate/`), the learned
//! judge (`learned/`), local reading (`reading/`), eye-space values
//! (`eyespace.rs`), an ownership map's judgment (`ownership.rs`); every
//! threshold they read in `thresholds.rs`. The judges see the position
//! alone, never the moves that made it: one board, one answer.
//!
//! ```
//! use kifu_go::count::judge::{Judges, judge};
//! use kifu_go::{Board, Color, Point, Rules};
//!
//! // White's stone at B8 is alone in Black's corner.
//! let board = Board::from_diagram(
//!     ". . . . X O . . .
//!      . O . . X O . . .
//!      . . . . X O . . .
//!      X X X X X O . . .
//!      O O O O O O . . .
//!      . . . . . . . . .
//!      . . . . . . . . .
//!      . . . . . . . . .
//!      . . . . . . . . .",
//! )?;
//! let judged = judge(&board, Color::Black, &Rules::chinese(), Judges::Auto);
//! assert!(judged.marks.is_dead(Point::new(1, 1)));
//! assert!(!judged.marks.is_dead(Point::new(4, 0)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

/// kifu's own machinery, public for the kifu application's reports,
/// benches and tools, not part of the library's promise: it may change in
/// any release. Judge through [`judge`].
#[doc(hidden)]
pub mod estimate;
/// kifu's own machinery (see `estimate`).
#[doc(hidden)]
pub mod eyespace;
/// kifu's own machinery (see `estimate`).
#[doc(hidden)]
pub mod learned;
mod ownership;
pub(crate) mod reading;
pub mod thresholds;

use crate::count::flag::{Flag, flag};
use crate::count::{Classification, Marks, PointClass};
use crate::game::rules::Rules;
use crate::game::{Board, Color, Point};
use thresholds::{OPEN_AREA, looks_finished};

/// Which of kifu's judges to ask.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Judges {
    /// The learned judge where it covers the board's size and the game
    /// looks finished, else the rules estimator (`--dead auto`).
    Auto,
    /// The rules estimator alone (`--dead rules`): playouts, Benson's
    /// proof and reading.
    Rules,
}

/// Which of kifu's judges made a judgment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Judge {
    /// The learned judge.
    Learned,
    /// The rules estimator (`count::judge::estimate`), asked for by name.
    Rules,
    /// The rules estimator: the learned judge does not cover this size.
    RulesForSize,
    /// The rules estimator: the game does not look finished, and the
    /// learned judge knows finished games only.
    RulesUnfinished,
}

/// What the judges make of a position's stones.
#[derive(Debug, Clone, PartialEq)]
pub struct Judgment {
    /// The dead stones.
    pub marks: Marks,
    /// The groups the judgment is unsure of, one point of each, with why.
    pub uncertain: Vec<Flag>,
    /// Empty points neither side clearly owns.
    pub undecided: usize,
    /// The game looks over: few points undecided and no open area between
    /// the two sides.
    pub finished: bool,
    /// One point of each chain whose status local reading proved (never
    /// flagged for its eye space).
    pub read: Vec<Point>,
    /// Which of kifu's judges made it; None for an ownership map given to
    /// [`judge_map`] (an engine's).
    pub by: Option<Judge>,
}

/// Judges the stones of `board` with `to_move` to play, under `rules`: the
/// one door to kifu's judges. The same board gives the same judgment,
/// however it was reached.
pub fn judge(board: &Board, to_move: Color, rules: &Rules, judges: Judges) -> Judgment {
    let scoring = rules.scoring;
    let (est, by) = match judges {
        Judges::Auto => learned::judge_position(board, to_move, scoring),
        Judges::Rules => (learned::judge_by_rules(board, scoring), Judge::Rules),
    };
    let judged = Judgment {
        marks: est.marks,
        uncertain: est.uncertain,
        undecided: est.undecided,
        finished: est.finished,
        read: est.read,
        by: Some(by),
    };
    finish(board, judged)
}

/// Judges the stones of `board` by an ownership map (an engine's: each
/// point from -1, White's, to +1, Black's, row by row from the top left)
/// under the same guard rails as kifu's own judges. None when the map
/// does not fit the board.
pub fn judge_map(board: &Board, ownership: &[f64]) -> Option<Judgment> {
    let j = ownership::judge(board, ownership)?;
    let size = board.size();
    let judged = Judgment {
        finished: looks_finished(j.undecided, size),
        marks: j.marks,
        uncertain: j.uncertain,
        undecided: j.undecided,
        read: Vec::new(),
        by: None,
    };
    Some(finish(board, judged))
}

/// The tests every judgment passes, whoever judged: an open area between
/// the two sides means the game is not over (an unfinished boundary, an
/// open corner, which a judge's own test may not see); in a finished game
/// a group kept alive short of two eyes is flagged (`eyespace.rs`), unless
/// reading proved it. (In an unfinished game every group is short of
/// something: the warning says so.)
fn finish(board: &Board, mut j: Judgment) -> Judgment {
    let class = Classification::classify(board, &j.marks);
    if open_area(board, &class) {
        j.finished = false;
        j.undecided = j.undecided.max(open_points(board, &class));
    }
    if j.finished {
        let mut short = Vec::new();
        eyespace::flag_short_in(board, &j.marks, &class, &mut short);
        let proven = |f: &Flag| j.read.iter().any(|r| board.chain(*r).contains(&f.at));
        let short: Vec<Flag> = short.into_iter().filter(|f| !proven(f)).collect();
        for f in short {
            flag(board, f.at, f.why, &mut j.uncertain);
        }
    }
    j
}

/// An open area between the two sides, with the dead stones of `class`
/// off: `OPEN_AREA` dame points or more in 2x2 squares of dame. The game
/// is not over there (count mode also marks only the chains a player
/// means there, not whole areas).
pub fn open_area(board: &Board, class: &Classification) -> bool {
    open_points(board, class) >= OPEN_AREA
}

/// The dame points of `class` that lie in a 2x2 square of dame: an open
/// area between the two sides (`thresholds::OPEN_AREA`).
pub fn open_points(board: &Board, class: &Classification) -> usize {
    let n = board.size();
    let dame = |x: u8, y: u8| class.at(Point::new(x, y)) == PointClass::Dame;
    let mut open = vec![false; usize::from(n) * usize::from(n)];
    for y in 0..n.saturating_sub(1) {
        for x in 0..n.saturating_sub(1) {
            if dame(x, y) && dame(x + 1, y) && dame(x, y + 1) && dame(x + 1, y + 1) {
                for (a, b) in [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)] {
                    open[usize::from(b) * usize::from(n) + usize::from(a)] = true;
                }
            }
        }
    }
    open.iter().filter(|&&o| o).count()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::count::Doubt;

    fn board(d: &str) -> Board {
        Board::from_diagram(d).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Black's map on the left of column `x`, White's from it on.
    fn halves(size: usize, x: usize) -> Vec<f64> {
        (0..size * size)
            .map(|i| if i % size < x { 1.0 } else { -1.0 })
            .collect()
    }

    /// A lone White stone deep in Black's area, the rest settled.
    const LONE: &str = "\
. . . . X O . . .
. O . . X O . . .
. . . . X O . . .
X X X X X O . . .
O O O O O O . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .";

    #[test]
    fn both_judges_take_the_lone_stone_and_say_which_judged() {
        let b = board(LONE);
        let b8 = Point::new(1, 1);
        for (judges, by) in [
            (Judges::Auto, Judge::RulesForSize),
            (Judges::Rules, Judge::Rules),
        ] {
            let j = judge(&b, Color::Black, &Rules::japanese(), judges);
            assert!(j.marks.is_dead(b8), "{judges:?}");
            assert!(!j.marks.is_dead(Point::new(4, 0)), "{judges:?}");
            assert_eq!(j.by, Some(by));
        }
    }

    #[test]
    fn the_same_stones_give_the_same_judgment_whoever_moves() {
        let b = board(LONE);
        let rules = Rules::chinese();
        let black = judge(&b, Color::Black, &rules, Judges::Rules);
        assert_eq!(black, judge(&b, Color::White, &rules, Judges::Rules));
        assert_eq!(black, judge(&b, Color::Black, &rules, Judges::Rules));
    }

    #[test]
    fn a_map_that_does_not_fit_the_board_is_refused() {
        let b = board(LONE);
        assert!(judge_map(&b, &halves(9, 5)[..80]).is_none());
        let mut nan = halves(9, 5);
        nan[3] = f64::NAN;
        assert!(judge_map(&b, &nan).is_none());
        let j = judge_map(&b, &halves(9, 5)).unwrap_or_else(|| panic!("fits"));
        assert!(j.marks.is_dead(Point::new(1, 1)));
        assert_eq!(j.by, None);
    }

    /// Walls three columns apart, nothing between them: an open area
    /// (the count's tests use it too).
    pub(crate) const OPEN: &str = "\
. . X . . . O . .
. . X . . . O . .
. . X . . . O . .
. . X . . . O . .
. . X . . . O . .
. . X . . . O . .
. . X . . . O . .
. . X . . . O . .
. . X . . . O . .";

    #[test]
    fn an_open_area_is_not_finished_whoever_judged() {
        let open = OPEN;
        let b = board(open);
        // The map decides every point; the open columns say otherwise.
        let by_map = judge_map(&b, &halves(9, 5)).unwrap_or_else(|| panic!("fits"));
        assert!(!by_map.finished);
        assert!(by_map.undecided >= OPEN_AREA);
        let by_rules = judge(&b, Color::Black, &Rules::chinese(), Judges::Rules);
        assert!(!by_rules.finished);
        // Walls with one column of dame between them: over.
        let closed = board(&open.replace(". . X . . . O", ". . X X . O O"));
        let j = judge_map(&closed, &halves(9, 4)).unwrap_or_else(|| panic!("fits"));
        assert!(j.finished);
    }

    #[test]
    fn a_group_a_map_keeps_alive_with_one_eye_is_flagged() {
        // Black's corner group has one eye at A9; a map calls it Black's.
        let b = board(
            "\
. X O . . . . . .
X X O . . . . . .
O O O . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .",
        );
        let mut map = vec![-1.0; 81];
        for i in [0, 1, 9, 10] {
            map[i] = 1.0;
        }
        let j = judge_map(&b, &map).unwrap_or_else(|| panic!("fits"));
        assert!(!j.marks.is_dead(Point::new(1, 0)));
        assert!(
            j.uncertain
                .iter()
                .any(|f| board_chain(&b, f.at).contains(&Point::new(1, 0)) && f.why == Doubt::Seki),
            "{:?}",
            j.uncertain
        );
    }

    fn board_chain(b: &Board, p: Point) -> Vec<Point> {
        b.chain(p)
    }
}
