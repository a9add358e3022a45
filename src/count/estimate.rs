//! Automatic dead-stone estimation, pure and deterministic: random
//! playouts from the final position (seeded from the position, so the same
//! board always gives the same answer), in which neither side fills its
//! own eyes nor puts a chain of two or more stones in atari (so sekis and
//! two-eyed groups survive), then each chain is judged by how often its
//! points end up its own.

use crate::count::marks::Marks;
use crate::game::playout::{Rng, playout_with};
use crate::game::{Board, Color, Point};

/// Playouts per estimate, half with each side to move first.
const PLAYOUTS: usize = 128;

/// A chain is dead when it keeps its points in fewer than this share of
/// playouts; between `UNSURE_LOW` and `UNSURE_HIGH` it is flagged.
const DEAD_BELOW: f64 = 0.5;
const UNSURE_LOW: f64 = 0.3;
const UNSURE_HIGH: f64 = 0.7;

#[derive(Debug, Clone, PartialEq)]
pub struct Estimate {
    /// Dead stones proposed (the players' own marks kept as they were).
    pub marks: Marks,
    /// One point of each chain the estimate is unsure about.
    pub uncertain: Vec<Point>,
    /// Empty points neither side owns in most playouts.
    pub undecided: usize,
    /// False when so much is undecided that the game does not look over.
    pub finished: bool,
}

impl Estimate {
    /// The message to show when the game does not look finished.
    pub fn warning(&self) -> Option<String> {
        (!self.finished).then(|| {
            format!(
                "the game does not look finished: {} points undecided",
                self.undecided
            )
        })
    }
}

/// Proposes dead stones for `board`. Chains the players already marked
/// (`fixed`) keep their marks.
pub fn estimate(board: &Board, fixed: Option<&Marks>) -> Estimate {
    let size = board.size();
    let n = usize::from(size);
    let nn = n * n;
    let idx = |p: Point| usize::from(p.y) * n + usize::from(p.x);
    // ownership[i]: playouts that ended with the point Black's minus
    // White's.
    let mut ownership = vec![0i32; nn];
    let mut rng = Rng::new(board.hash() ^ 0x9e37_79b9_7f4a_7c15);
    for k in 0..PLAYOUTS {
        let mut b = board.clone();
        let first = if k % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        // Half the playouts never make a chain self-atari (so sekis and
        // approach-move fights survive), half may (so dead groups that need
        // such moves die).
        playout_with(&mut b, first, &mut rng, 3 * nn, k % 4 < 2);
        for p in b.points() {
            let owner = match b.get(p) {
                Some(c) => Some(c),
                None => {
                    let mut around = b.adjacent(p).filter_map(|q| b.get(q));
                    match around.next() {
                        Some(c) if around.all(|d| d == c) => Some(c),
                        _ => None,
                    }
                }
            };
            match owner {
                Some(Color::Black) => ownership[idx(p)] += 1,
                Some(Color::White) => ownership[idx(p)] -= 1,
                None => {}
            }
        }
    }
    let share = |p: Point, c: Color| {
        let v = f64::from(ownership[idx(p)]) / PLAYOUTS as f64;
        let v = if c == Color::Black { v } else { -v };
        (v + 1.0) / 2.0
    };
    let mut marks = fixed.cloned().unwrap_or_else(|| Marks::new(size));
    let mut uncertain = Vec::new();
    let mut seen = vec![false; nn];
    for p in board.points() {
        let Some(c) = board.get(p) else {
            continue;
        };
        if seen[idx(p)] {
            continue;
        }
        let chain = board.chain(p);
        for &s in &chain {
            seen[idx(s)] = true;
        }
        if fixed.is_some_and(|m| m.is_dead(p) || m.is_seki(p)) {
            continue;
        }
        let keep = chain.iter().map(|&s| share(s, c)).sum::<f64>() / chain.len() as f64;
        if keep < DEAD_BELOW {
            marks.toggle_chain(board, p);
        }
        if (UNSURE_LOW..=UNSURE_HIGH).contains(&keep) {
            uncertain.push(p);
        }
    }
    let undecided = board
        .empty_points()
        .filter(|&p| f64::from(ownership[idx(p)].abs()) / (PLAYOUTS as f64) < 0.5)
        .count();
    Estimate {
        marks,
        uncertain,
        undecided,
        finished: undecided * 8 <= nn,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(d: &str) -> Board {
        Board::from_diagram(d).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn the_same_position_gives_the_same_answer() {
        let b = board(
            "\
. . . . . . . . .
. . O . . . . . .
. . . . . . . . .
X X X X X X X X X
O O O O O O O O O
. . . . . . . . .
. . . X . . . . .
. . . . . . . . .
. . . . . . . . .",
        );
        assert_eq!(estimate(&b, None), estimate(&b, None));
    }
}
