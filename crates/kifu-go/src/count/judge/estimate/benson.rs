//! Unconditional life (Benson's algorithm): chains that cannot be captured
//! even if their owner never plays again, and the regions they enclose.
//! The estimator never proposes such a chain dead, and the other side's
//! stones inside such a region are dead: every empty point of the region
//! touches the living chains, so no eye can form there, and the owner can
//! fill it to the last point without danger to those chains.
//!
//! The algorithm, for one colour: the chains of that colour and the
//! regions the colour encloses (connected points that are empty or the
//! other colour). A region is vital to a chain when each of its empty
//! points is a liberty of that chain. Repeat until nothing changes: drop
//! each chain with fewer than two vital regions among those left, then
//! drop each region that touches a dropped chain. What is left is alive
//! whatever the opponent plays (two vital regions are two eyes the
//! opponent cannot fill, a liberty at a time, without a capture first).

use crate::game::{Board, Color, Point};

/// What Benson's algorithm proves on a board.
#[derive(Debug, Clone, PartialEq)]
pub struct Unconditional {
    size: u8,
    /// Per point: the colour whose chain there, or whose enclosed region
    /// there, is proven alive.
    owner: Vec<Option<Color>>,
    /// Per point: a stone of an unconditionally alive chain.
    alive: Vec<bool>,
}

impl Unconditional {
    fn idx(&self, p: Point) -> usize {
        usize::from(p.y) * usize::from(self.size) + usize::from(p.x)
    }

    /// The stone at `p` belongs to an unconditionally alive chain.
    pub fn is_alive(&self, p: Point) -> bool {
        p.is_on(self.size) && self.alive[self.idx(p)]
    }

    /// The colour that owns `p` unconditionally: an alive chain's stone, or
    /// a point of a region such chains enclose (empty or the other side's
    /// stone, which is then dead).
    pub fn owner(&self, p: Point) -> Option<Color> {
        if p.is_on(self.size) {
            self.owner[self.idx(p)]
        } else {
            None
        }
    }

    /// A stone inside the other side's unconditional region: dead.
    pub fn is_dead(&self, board: &Board, p: Point) -> bool {
        match (board.get(p), self.owner(p)) {
            (Some(stone), Some(owner)) => stone != owner,
            _ => false,
        }
    }
}

/// Runs Benson's algorithm for both colours.
pub fn unconditional(board: &Board) -> Unconditional {
    let n = usize::from(board.size());
    let mut out = Unconditional {
        size: board.size(),
        owner: vec![None; n * n],
        alive: vec![false; n * n],
    };
    for color in [Color::Black, Color::White] {
        one_colour(board, color, &mut out);
    }
    out
}

/// Connected components of the points `inside` says belong together:
/// each point's component number, or `usize::MAX` for points outside.
fn components(board: &Board, inside: impl Fn(Point) -> bool) -> (Vec<usize>, usize) {
    let n = usize::from(board.size());
    let idx = |p: Point| usize::from(p.y) * n + usize::from(p.x);
    let mut label = vec![usize::MAX; n * n];
    let mut count = 0;
    for start in board.points() {
        if !inside(start) || label[idx(start)] != usize::MAX {
            continue;
        }
        label[idx(start)] = count;
        let mut stack = vec![start];
        while let Some(p) = stack.pop() {
            for q in board.adjacent(p) {
                if inside(q) && label[idx(q)] == usize::MAX {
                    label[idx(q)] = count;
                    stack.push(q);
                }
            }
        }
        count += 1;
    }
    (label, count)
}

/// Per region: the chains around it, and the chains every one of its
/// empty points touches (those it is vital to).
type RegionChains = (Vec<Vec<usize>>, Vec<Option<Vec<usize>>>);

fn region_chains(
    board: &Board,
    chain_of: &[usize],
    region_of: &[usize],
    regions: usize,
) -> RegionChains {
    let n = usize::from(board.size());
    let idx = |p: Point| usize::from(p.y) * n + usize::from(p.x);
    let mut around: Vec<Vec<usize>> = vec![Vec::new(); regions];
    let mut vital: Vec<Option<Vec<usize>>> = vec![None; regions];
    for p in board.points() {
        let r = region_of[idx(p)];
        if r == usize::MAX {
            continue;
        }
        let mut touching: Vec<usize> = board
            .adjacent(p)
            .map(|q| chain_of[idx(q)])
            .filter(|&c| c != usize::MAX)
            .collect();
        touching.sort_unstable();
        touching.dedup();
        for &c in &touching {
            if !around[r].contains(&c) {
                around[r].push(c);
            }
        }
        if board.is_empty_at(p) {
            vital[r] = Some(match vital[r].take() {
                None => touching,
                Some(v) => v.into_iter().filter(|c| touching.contains(c)).collect(),
            });
        }
    }
    (around, vital)
}

fn one_colour(board: &Board, color: Color, out: &mut Unconditional) {
    let n = usize::from(board.size());
    let idx = |p: Point| usize::from(p.y) * n + usize::from(p.x);
    let (chain_of, chains) = components(board, |p| board.get(p) == Some(color));
    let (region_of, regions) = components(board, |p| board.get(p) != Some(color));
    let (around, vital) = region_chains(board, &chain_of, &region_of, regions);
    let mut chain_in = vec![true; chains];
    let mut region_in = vec![true; regions];
    loop {
        let mut changed = false;
        // Each chain's vital regions among those left.
        let mut eyes = vec![0usize; chains];
        for (r, v) in vital.iter().enumerate() {
            if region_in[r]
                && let Some(v) = v
            {
                for &c in v {
                    eyes[c] += 1;
                }
            }
        }
        for (alive, eyes) in chain_in.iter_mut().zip(eyes) {
            if *alive && eyes < 2 {
                *alive = false;
                changed = true;
            }
        }
        for r in 0..regions {
            if region_in[r] && around[r].iter().any(|&c| !chain_in[c]) {
                region_in[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for p in board.points() {
        let i = idx(p);
        let c = chain_of[i];
        if c != usize::MAX && chain_in[c] {
            out.alive[i] = true;
            out.owner[i] = Some(color);
        }
        let r = region_of[i];
        // A region is the owner's only when it is vital to an alive chain:
        // each stone the owner adds there joins that chain, which keeps
        // its other vital region, so the owner can fill it to the last
        // point. A large region merely surrounded proves nothing.
        if r != usize::MAX
            && region_in[r]
            && vital[r]
                .as_ref()
                .is_some_and(|v| v.iter().any(|&c| chain_in[c]))
        {
            out.owner[i] = Some(color);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(d: &str) -> Board {
        Board::from_diagram(d).unwrap_or_else(|e| panic!("{e}"))
    }

    fn at(s: &str, size: u8) -> Point {
        Point::from_gtp(s, size).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn two_separate_eyes_are_alive_one_eye_is_not() {
        let b = board(
            "\
. X . X O . . . .
X X X X O . . . .
O O O O O . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .",
        );
        let u = unconditional(&b);
        assert!(u.is_alive(at("A8", 9)));
        assert_eq!(u.owner(at("A9", 9)), Some(Color::Black));
        // White's wall has one big region (the rest of the board) and is
        // not proven alive.
        assert!(!u.is_alive(at("E9", 9)));
        let b = board(
            "\
. . X O . . . . .
X X X O . . . . .
O O O O . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .",
        );
        assert!(!unconditional(&b).is_alive(at("C9", 9)));
    }

    /// The corner eye A1 has a white stone on its diagonal B2 and looks
    /// false; but B2 sits in a second region of the same chain (with C2),
    /// so the loop A2-A3-B3-C3-D3-D2-D1-C1-B1 has two vital regions and
    /// is alive whatever White plays, and the stone at B2 is dead.
    #[test]
    fn a_loop_whose_eye_looks_false_is_alive() {
        let b = board(
            "\
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
O O O O O . . . .
X X X X O . . . .
X X X X O . . . .
X O . X O . . . .
. X X X O . . . .",
        );
        let u = unconditional(&b);
        assert!(u.is_alive(at("A2", 9)));
        assert!(u.is_alive(at("B1", 9)));
        assert!(u.is_dead(&b, at("B2", 9)));
        assert_eq!(u.owner(at("C2", 9)), Some(Color::Black));
        assert_eq!(u.owner(at("A1", 9)), Some(Color::Black));
        assert!(!u.is_alive(at("E1", 9)));
    }

    /// An eye with the opponent's stone in it still counts: the region
    /// A9-B9 holds a white stone, but its one empty point B9 is a liberty
    /// of the black chain, so it is vital, and the white stone is dead.
    #[test]
    fn an_eye_with_a_stone_inside_is_vital() {
        let b = board(
            "\
O . X . X O . . .
X X X X X O . . .
O O O O O O . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .",
        );
        let u = unconditional(&b);
        assert!(u.is_alive(at("C9", 9)));
        assert!(u.is_dead(&b, at("A9", 9)));
        assert!(!u.is_dead(&b, at("F9", 9)));
    }

    /// Benson is conservative: an eye shared with a chain that is not
    /// itself proven (the lone stone D9, whose other regions are shared
    /// with a one-eyed chain) proves nothing for the chain beside it.
    #[test]
    fn an_eye_shared_with_an_unproven_chain_proves_nothing() {
        let b = board(
            "\
. X . X . X O . .
X X X . X X O . .
O O O X O O O . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .",
        );
        let u = unconditional(&b);
        assert!(!u.is_alive(at("B9", 9)));
        assert!(!u.is_alive(at("F9", 9)));
        assert_eq!(u.owner(at("A9", 9)), None);
    }
}
