//! Dead stones from an ownership map (an engine's judgment of who owns each
//! point, from -1 for White to +1 for Black): each chain takes the mean of
//! its stones, each group (chains of one colour that share a liberty: one
//! move joins them) the plain mean of its chains, as kifu's own estimator
//! judges them. A group its opponent owns is dead; one that neither side
//! clearly owns is named uncertain. kifu's own rules then decide seki,
//! dame and the count.

use crate::count::Marks;
use crate::game::{Board, Color, Point};

/// A group whose mean ownership is nearer zero than this is uncertain.
pub const UNSURE_BELOW: f64 = 0.5;

/// What an ownership map says of the stones.
#[derive(Debug, Clone, PartialEq)]
pub struct Judgment {
    pub marks: Marks,
    /// One point of each chain whose group is uncertain.
    pub uncertain: Vec<Point>,
    /// Empty points neither side owns clearly (|ownership| < 0.5).
    pub undecided: usize,
}

/// Judges the stones of `board` from `ownership` (row by row from the top
/// left, Black positive). None when the map does not fit the board.
pub fn judge(board: &Board, ownership: &[f64]) -> Option<Judgment> {
    let n = usize::from(board.size());
    if ownership.len() != n * n || ownership.iter().any(|v| !v.is_finite()) {
        return None;
    }
    let idx = |p: Point| usize::from(p.y) * n + usize::from(p.x);
    // Chains: their stones and their mean ownership for their own colour.
    let mut chain_of = vec![usize::MAX; n * n];
    let mut chains: Vec<(Color, Vec<Point>, f64)> = Vec::new();
    for p in board.points() {
        let Some(c) = board.get(p) else {
            continue;
        };
        if chain_of[idx(p)] != usize::MAX {
            continue;
        }
        let stones = board.chain(p);
        let sign = if c == Color::Black { 1.0 } else { -1.0 };
        let keep = stones
            .iter()
            .map(|&s| sign * ownership[idx(s)])
            .sum::<f64>()
            / stones.len() as f64;
        for &s in &stones {
            chain_of[idx(s)] = chains.len();
        }
        chains.push((c, stones, keep));
    }
    // Groups: chains of one colour touching a common empty point.
    let mut parent: Vec<usize> = (0..chains.len()).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for p in board.points() {
        if board.get(p).is_some() {
            continue;
        }
        let mut seen: Vec<usize> = Vec::new();
        for q in board.adjacent(p) {
            let k = chain_of[idx(q)];
            if k == usize::MAX {
                continue;
            }
            for &j in &seen {
                if chains[j].0 == chains[k].0 {
                    let (a, b) = (root(&mut parent, j), root(&mut parent, k));
                    parent[a] = b;
                }
            }
            seen.push(k);
        }
    }
    let mut sums: Vec<(f64, usize)> = vec![(0.0, 0); chains.len()];
    for (k, chain) in chains.iter().enumerate() {
        let r = root(&mut parent, k);
        sums[r].0 += chain.2;
        sums[r].1 += 1;
    }
    let mut marks = Marks::new(board.size());
    let mut uncertain = Vec::new();
    let mut dead: Vec<Point> = Vec::new();
    for (k, chain) in chains.iter().enumerate() {
        let r = root(&mut parent, k);
        let keep = sums[r].0 / sums[r].1 as f64;
        if keep < 0.0 {
            dead.push(chain.1[0]);
        }
        if keep.abs() < UNSURE_BELOW {
            uncertain.push(chain.1[0]);
        }
    }
    marks.mark_dead_at(board, &dead);
    let undecided = board
        .points()
        .filter(|&p| board.get(p).is_none() && ownership[idx(p)].abs() < 0.5)
        .count();
    Some(Judgment {
        marks,
        uncertain,
        undecided,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ownership from a diagram of owners: `B`/`W` clearly, `b`/`w` weakly,
    /// `?` nobody.
    fn map(rows: &str) -> Vec<f64> {
        rows.split_whitespace()
            .map(|c| match c {
                "B" => 0.95,
                "b" => 0.3,
                "W" => -0.95,
                "w" => -0.3,
                _ => 0.0,
            })
            .collect()
    }

    #[test]
    fn a_stone_in_the_opponents_area_is_dead_and_groups_go_together() {
        let board = Board::from_diagram(
            "
. . . . .
. O . O .
. . . . .
X X X X X
O O O O O",
        )
        .unwrap();
        // White's two stones in Black's area, owned by Black: dead.
        let own = map("
B B B B B
B B B B B
B B B B B
B B B B B
W W W W W");
        let j = judge(&board, &own).unwrap();
        assert_eq!(
            j.marks.dead_points(),
            vec![Point::new(1, 1), Point::new(3, 1)]
        );
        assert!(j.uncertain.is_empty());
        // A group that neither side owns is uncertain, not dead.
        let own = map("
B B B B B
B ? ? ? B
B B B B B
B B B B B
W W W W W");
        let j = judge(&board, &own).unwrap();
        // B2 and D2 share C2 as a liberty: one group, judged together.
        assert!(
            j.marks.dead_points().is_empty(),
            "{:?}",
            j.marks.dead_points()
        );
        assert_eq!(j.uncertain.len(), 2);
        assert!(
            judge(&board, &[0.0; 3]).is_none(),
            "a map of the wrong size"
        );
    }
}
