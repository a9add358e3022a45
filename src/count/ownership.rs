//! Dead stones from an ownership map (an engine's judgment of who owns each
//! point, from -1 for White to +1 for Black): each chain takes the mean of
//! its stones, each group (chains of one colour that share a liberty: one
//! move joins them) the plain mean of its chains, as kifu's own estimator
//! judges them. A group its opponent owns is dead; one that neither side
//! clearly owns is named uncertain. kifu's own rules then decide seki,
//! dame and the count.

use crate::count::Marks;
use crate::count::groups::ChainGroups;
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
    let (groups, keep) = group_keeps(board, ownership);
    let mut marks = Marks::new(board.size());
    let mut uncertain = Vec::new();
    let mut dead: Vec<Point> = Vec::new();
    for (chain, keep) in groups.chains.iter().zip(keep) {
        if keep < 0.0 {
            dead.push(chain[0]);
        }
        if keep.abs() < UNSURE_BELOW {
            uncertain.push(chain[0]);
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

/// Each chain of `board` with how much its group keeps by `ownership`
/// (Black positive, `size * size` values): each chain's mean ownership for
/// its own colour, then the plain mean of its group's chains.
pub fn group_keeps(board: &Board, ownership: &[f64]) -> (ChainGroups, Vec<f64>) {
    let n = usize::from(board.size());
    let at = |p: Point| {
        ownership
            .get(usize::from(p.y) * n + usize::from(p.x))
            .copied()
            .unwrap_or(0.0)
    };
    let groups = ChainGroups::new(board);
    let keep: Vec<f64> = groups
        .chains
        .iter()
        .zip(&groups.colours)
        .map(|(stones, &c)| {
            let sign = if c == Color::Black { 1.0 } else { -1.0 };
            stones.iter().map(|&s| sign * at(s)).sum::<f64>() / stones.len() as f64
        })
        .collect();
    let means = groups.group_means(&keep);
    (groups, means)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Ownership from a diagram of owners: `B`/`W` clearly, `b`/`w` weakly,
    /// `?` nobody.
    pub(crate) fn map(rows: &str) -> Vec<f64> {
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
