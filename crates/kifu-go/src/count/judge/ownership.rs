//! Dead stones from an ownership map (an engine's judgment of who owns each
//! point, from -1 for White to +1 for Black): each chain takes the mean of
//! its stones, each group (chains of one colour that share a liberty: one
//! move joins them) the plain mean of its chains, as kifu's own estimator
//! judges them. A group its opponent owns is dead; one that neither side
//! clearly owns is named uncertain. kifu's own rules then decide seki,
//! dame and the count.

use crate::count::Marks;
use crate::count::flag::{Doubt, Flag, flag};
use crate::count::groups::ChainGroups;
use crate::count::judge::thresholds::UNSURE_BELOW;
use crate::game::{Board, Color, Point};

/// What an ownership map says of the stones, before the door's own tests
/// (`judge::judge_map`).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct MapMarks {
    pub marks: Marks,
    /// The chains whose group is uncertain (ownership near even, or a
    /// kill spared as a contradiction).
    pub uncertain: Vec<Flag>,
    /// Empty points neither side owns clearly (|ownership| < 0.5).
    pub undecided: usize,
}

/// Judges the stones of `board` from `ownership` (row by row from the top
/// left, Black positive). None when the map does not fit the board.
pub(crate) fn judge(board: &Board, ownership: &[f64]) -> Option<MapMarks> {
    let n = usize::from(board.size());
    if ownership.len() != n * n || ownership.iter().any(|v| !v.is_finite()) {
        return None;
    }
    let idx = |p: Point| usize::from(p.y) * n + usize::from(p.x);
    let (groups, keep) = group_keeps(board, ownership);
    let mut marks = Marks::new(board.size());
    let mut dead: Vec<bool> = keep.iter().map(|&k| k < 0.0).collect();
    // The same guard as the learned judge's: no region holds dead stones
    // of both colours (at every size).
    let spared = settle_contradictions(board, &groups.chains, &keep, &mut dead);
    let mut uncertain = Vec::new();
    let mut heads: Vec<Point> = Vec::new();
    for (k, (chain, keep)) in groups.chains.iter().zip(&keep).enumerate() {
        if dead[k] {
            heads.push(chain[0]);
        }
        if keep.abs() < UNSURE_BELOW || spared.contains(&k) {
            flag(board, chain[0], Doubt::Judges, &mut uncertain);
        }
    }
    marks.mark_dead_at(board, &heads);
    let undecided = board
        .points()
        .filter(|&p| board.get(p).is_none() && ownership[idx(p)].abs() < 0.5)
        .count();
    Some(MapMarks {
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

/// A region of empty points and dead stones with dead stones of both
/// colours contradicts itself: whoever's stones are dead there, the other
/// side owns the region, so its stones there live. The side whose dead
/// chains are the less certain (mean ownership nearer zero) is spared,
/// region by region, until no region holds both. Returns the chains
/// spared (flagged: the network and the rules disagreed there).
pub(crate) fn settle_contradictions(
    board: &Board,
    chains: &[Vec<Point>],
    keep: &[f64],
    dead: &mut [bool],
) -> Vec<usize> {
    let n = usize::from(board.size());
    let idx = |p: Point| usize::from(p.y) * n + usize::from(p.x);
    let mut chain_of = vec![usize::MAX; n * n];
    for (k, c) in chains.iter().enumerate() {
        for &s in c {
            chain_of[idx(s)] = k;
        }
    }
    let mut spared = Vec::new();
    // Each round spares at least one chain, so this ends.
    for _ in 0..chains.len() {
        let mut region = vec![usize::MAX; n * n];
        let mut changed = false;
        for start in board.points() {
            let open = |p: Point| {
                let k = chain_of[idx(p)];
                k == usize::MAX || dead[k]
            };
            if region[idx(start)] != usize::MAX || !open(start) {
                continue;
            }
            // Flood the region; note its dead chains by colour.
            let mut stack = vec![start];
            region[idx(start)] = idx(start);
            let mut found: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
            while let Some(p) = stack.pop() {
                let k = chain_of[idx(p)];
                if k != usize::MAX {
                    let side = usize::from(board.get(p) == Some(Color::White));
                    if !found[side].contains(&k) {
                        found[side].push(k);
                    }
                }
                for q in board.adjacent(p) {
                    if region[idx(q)] == usize::MAX && open(q) {
                        region[idx(q)] = idx(start);
                        stack.push(q);
                    }
                }
            }
            if found[0].is_empty() || found[1].is_empty() {
                continue;
            }
            // The more certain kill stands: lower mean keep is surer dead.
            let mean = |ks: &[usize]| ks.iter().map(|&k| keep[k]).sum::<f64>() / ks.len() as f64;
            let live = if mean(&found[0]) <= mean(&found[1]) {
                1
            } else {
                0
            };
            for &k in &found[live] {
                dead[k] = false;
                spared.push(k);
            }
            changed = true;
            break;
        }
        if !changed {
            break;
        }
    }
    spared
}

/// The regions of empty points and dead stones that hold dead stones of
/// both colours under `marks` (a kill that contradicts itself), by one
/// point of each: none, from either of kifu's judges, is the rule the
/// reports check.
pub fn contradictions(board: &Board, marks: &Marks) -> Vec<Point> {
    let n = usize::from(board.size());
    let idx = |p: Point| usize::from(p.y) * n + usize::from(p.x);
    let open = |p: Point| board.get(p).is_none() || marks.is_dead(p);
    let mut seen = vec![false; n * n];
    let mut found = Vec::new();
    for start in board.points() {
        if seen[idx(start)] || !open(start) {
            continue;
        }
        seen[idx(start)] = true;
        let mut stack = vec![start];
        let mut colours = [false; 2];
        while let Some(p) = stack.pop() {
            if let Some(c) = board.get(p) {
                colours[usize::from(c == Color::White)] = true;
            }
            for q in board.adjacent(p) {
                if !seen[idx(q)] && open(q) {
                    seen[idx(q)] = true;
                    stack.push(q);
                }
            }
        }
        if colours == [true, true] {
            found.push(start);
        }
    }
    found
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

    /// An engine's map that kills a group and the enemy stone in its eye
    /// at once (a kill that contradicts itself): the less certain kill is
    /// spared and flagged, at every size.
    #[test]
    fn a_kill_that_contradicts_itself_is_settled_at_every_size() {
        for size in [5usize, 9, 13] {
            // A black group round A1 with a white stone in its eye, the
            // rest White's.
            let mut rows = vec![vec!['.'; size]; size];
            let last = size - 1;
            for (x, y) in [
                (0, last - 2),
                (1, last - 2),
                (2, last - 2),
                (2, last - 1),
                (2, last),
            ] {
                rows[y][x] = 'X';
            }
            rows[last][0] = 'O';
            rows[0].fill('O');
            let diagram: String = rows
                .iter()
                .map(|r| r.iter().map(|c| format!("{c} ")).collect::<String>() + "\n")
                .collect();
            let board = Board::from_diagram(&diagram).unwrap();
            // White owns the black group (surely), Black owns the white stone
            // in the eye (less surely): both would be dead.
            let mut own = vec![-0.95; size * size];
            own[last * size] = 0.6;
            let j = judge(&board, &own).unwrap();
            assert!(
                contradictions(&board, &j.marks).is_empty(),
                "{size}x{size}: {:?}",
                j.marks.dead_points()
            );
            // The surer kill stands (the black group), the stone in its eye
            // is spared and flagged.
            assert!(
                j.marks.is_dead(Point::new(2, (last - 2) as u8)),
                "{size}x{size}"
            );
            assert!(!j.marks.is_dead(Point::new(0, last as u8)), "{size}x{size}");
            assert!(
                j.uncertain
                    .iter()
                    .any(|f| f.at == Point::new(0, last as u8)),
                "{size}x{size}"
            );
        }
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
