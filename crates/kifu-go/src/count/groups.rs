//! Groups as players judge life and death at the end of a game: chains of
//! one colour that touch a common empty point (one move joins them) live
//! or die together. The estimator and an engine's judgment both average
//! their chains' figures over these groups.

use crate::game::{Board, Color, Point};

/// The chains of a board and the group of each.
pub struct ChainGroups {
    /// Each chain's stones (the first is its first point in board order).
    pub chains: Vec<Vec<Point>>,
    pub colours: Vec<Color>,
    /// Each chain's group, as the number of one chain of that group.
    group: Vec<usize>,
}

impl ChainGroups {
    pub fn new(board: &Board) -> ChainGroups {
        ChainGroups::of_live(board, |_| true)
    }

    /// The same over the stones `live` keeps (whole chains, as marks keep
    /// them), as if the others were taken off: their points join chains
    /// as empty points do (a count's groups once the dead stones are off,
    /// without a copy of the board).
    pub fn of_live(board: &Board, live: impl Fn(Point) -> bool) -> ChainGroups {
        let n = usize::from(board.size());
        let idx = |p: Point| usize::from(p.y) * n + usize::from(p.x);
        let stone = |p: Point| board.get(p).is_some() && live(p);
        let mut chain_at = vec![usize::MAX; n * n];
        let (mut chains, mut colours) = (Vec::new(), Vec::new());
        for start in board.points() {
            let Some(c) = board.get(start).filter(|_| stone(start)) else {
                continue;
            };
            if chain_at[idx(start)] != usize::MAX {
                continue;
            }
            // Dead stones are marked chain by chain: a live stone's whole
            // chain lives.
            let chain = board.chain(start);
            for &s in &chain {
                chain_at[idx(s)] = chains.len();
            }
            chains.push(chain);
            colours.push(c);
        }
        let mut parent: Vec<usize> = (0..chains.len()).collect();
        for p in board.points().filter(|&p| !stone(p)) {
            let mut first = [None, None];
            for q in board.adjacent(p) {
                let k = chain_at[idx(q)];
                let Some(c) = board.get(q).filter(|_| k != usize::MAX) else {
                    continue;
                };
                match first[c.index()] {
                    None => first[c.index()] = Some(k),
                    Some(j) => {
                        let (a, b) = (root(&mut parent, j), root(&mut parent, k));
                        parent[a] = b;
                    }
                }
            }
        }
        let group = (0..chains.len()).map(|k| root(&mut parent, k)).collect();
        ChainGroups {
            chains,
            colours,
            group,
        }
    }

    /// The group of chain `k`, as the number of one chain of that group.
    pub fn group_of(&self, k: usize) -> usize {
        self.group[k]
    }

    /// Per chain: the plain mean of `values` (one per chain) over its
    /// group's chains.
    pub fn group_means(&self, values: &[f64]) -> Vec<f64> {
        let mut sums = vec![(0.0, 0.0); values.len()];
        for (k, v) in values.iter().enumerate() {
            let g = &mut sums[self.group[k]];
            g.0 += v;
            g.1 += 1.0;
        }
        (0..values.len())
            .map(|k| {
                let (sum, n) = sums[self.group[k]];
                sum / n
            })
            .collect()
    }
}

/// Union-find's root, halving the path on the way.
fn root(parent: &mut [usize], mut k: usize) -> usize {
    while parent[k] != k {
        parent[k] = parent[parent[k]];
        k = parent[k];
    }
    k
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chains_sharing_an_empty_point_are_one_group() {
        let b = Board::from_diagram(
            "\
X . X . .
. . . . .
. . . . X
O . . . .
. . . . .",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let g = ChainGroups::new(&b);
        // A5 and C5 share B5; E3 and O (A2) share nothing with them.
        let means = g.group_means(&[1.0, 0.0, 0.5, 0.25]);
        assert_eq!(means, vec![0.5, 0.5, 0.5, 0.25]);
    }
}
