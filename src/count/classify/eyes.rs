//! Dead stones in an eye of a group that may be in seki (Japanese 1989,
//! commentary on art. 10, reference figure 17): finding such eyes, and
//! deciding cheaply which of them could change the count, so the whole
//! classification runs again only for those.

use super::{Classification, PointClass};
use crate::count::Adjacency;
use crate::count::marks::Marks;
use crate::game::{Board, Color, Point};

/// The eye around the dead stone `d`: its dead stones and empty points,
/// when the area of empty points and dead stones of `d`'s colour around it
/// is enclosed by `owner`'s live stones alone, holds an empty point, and is
/// small enough to be an eye (at most 12 points). Its points are marked in
/// `seen`.
pub(super) fn eye_holding(
    board: &Board,
    marks: &Marks,
    d: Point,
    owner: Color,
    seen: &mut [bool],
) -> Option<(Vec<Point>, Vec<Point>)> {
    const EYE: usize = 12;
    let n = usize::from(board.size());
    let at = |p: Point| usize::from(p.y) * n + usize::from(p.x);
    let (mut dead, mut empty) = (Vec::new(), Vec::new());
    let mut stack = vec![d];
    let mut enclosed = true;
    seen[at(d)] = true;
    while let Some(p) = stack.pop() {
        match board.get(p) {
            None => empty.push(p),
            Some(_) => dead.push(p),
        }
        for q in board.adjacent(p) {
            match board.get(q) {
                Some(k) if k == owner && !marks.is_dead(q) => {}
                Some(k) if k == owner => enclosed = false,
                Some(_) if !marks.is_dead(q) => enclosed = false,
                _ if !seen[at(q)] => {
                    seen[at(q)] = true;
                    stack.push(q);
                }
                _ => {}
            }
        }
        if dead.len() + empty.len() > EYE {
            enclosed = false;
        }
    }
    (enclosed && !empty.is_empty()).then_some((dead, empty))
}

/// Whether standing the dead stones of an eye (as the owner's) could put
/// one of the owner's chains around it in seki, so the classification is
/// worth running again (issue: once per such eye it dominated a count).
/// A chain can only be in seki when it touches a neutral point (a shared
/// liberty) and, with every neutral point filled, would be left with one
/// liberty: fewer than two liberties off the neutral points (the eye's
/// empty points, its territory). Any chain with two or more keeps them
/// whatever the dame filling does, so filling is never self-atari for it.
pub(super) fn may_turn_seki(
    board: &Board,
    marks: &Marks,
    best: &Classification,
    owner: Color,
    (dead, empty): (&[Point], &[Point]),
    scratch: &mut Scratch,
) -> bool {
    let n = usize::from(board.size());
    let at = |p: Point| usize::from(p.y) * n + usize::from(p.x);
    // Numbers only grow, so marks of earlier calls never match.
    let call = scratch.next;
    scratch.next += 1;
    for &p in dead {
        scratch.standing[at(p)] = call;
    }
    let is_owner = |p: Point, standing: &[u32]| {
        standing[at(p)] == call || (board.get(p) == Some(owner) && !marks.is_dead(p))
    };
    let mut starts: Vec<Point> = dead.to_vec();
    for &e in dead.iter().chain(empty) {
        starts.extend(
            board
                .adjacent(e)
                .filter(|&q| is_owner(q, &scratch.standing)),
        );
    }
    for &s in &starts {
        if scratch.chain[at(s)] >= call {
            continue;
        }
        let id = scratch.next;
        scratch.next += 1;
        let (mut off_neutral, mut touches_neutral) = (0, false);
        // Breadth first: the liberties near the eye are found first, and
        // two off the neutral points settle it for this chain.
        let mut queue = vec![s];
        let mut k = 0;
        scratch.chain[at(s)] = id;
        while let Some(&p) = queue.get(k).filter(|_| off_neutral < 2) {
            k += 1;
            for q in board.adjacent(p) {
                let i = at(q);
                if is_owner(q, &scratch.standing) {
                    if scratch.chain[i] < call {
                        scratch.chain[i] = id;
                        queue.push(q);
                    }
                } else if (board.get(q).is_none() || marks.is_dead(q)) && scratch.libs[i] != id {
                    scratch.libs[i] = id;
                    if best.at(q).is_neutral() {
                        touches_neutral = true;
                    } else {
                        off_neutral += 1;
                    }
                }
            }
        }
        if touches_neutral && off_neutral < 2 {
            return true;
        }
    }
    false
}

/// Marks reused by `may_turn_seki` across the eyes of one position.
pub(super) struct Scratch {
    standing: Vec<u32>,
    chain: Vec<u32>,
    libs: Vec<u32>,
    next: u32,
}

impl Scratch {
    pub(super) fn new(points: usize) -> Scratch {
        Scratch {
            standing: vec![0; points],
            chain: vec![0; points],
            libs: vec![0; points],
            next: 1,
        }
    }
}

/// Each live chain's liberties off the neutral points, counted once per
/// position (up to a cap): an eye whose dead stones, standing, cannot take
/// a chain around it below two needs no closer look.
pub(super) struct ChainLiberties {
    chain: Vec<u32>,
    off: Vec<u16>,
}

impl ChainLiberties {
    /// Enough to tell: an eye has at most 12 points.
    const CAP: u16 = 16;

    /// From the classification alone: live stones are its stones, every
    /// other point a liberty, off the neutral points unless neutral.
    pub(super) fn of(best: &Classification) -> ChainLiberties {
        let nn = best.class.len();
        let adj = Adjacency::of_size(usize::from(best.size));
        let stone = |i: usize| match best.class[i] {
            PointClass::Stone(c) => Some(c),
            _ => None,
        };
        let mut chain = vec![u32::MAX; nn];
        let mut seen_lib = vec![u32::MAX; nn];
        let mut off = Vec::new();
        let mut stack = Vec::new();
        for s in 0..nn {
            let Some(color) = stone(s) else {
                continue;
            };
            if chain[s] != u32::MAX {
                continue;
            }
            let id = off.len() as u32;
            let mut libs = 0u16;
            stack.clear();
            stack.push(s);
            chain[s] = id;
            while let Some(p) = stack.pop() {
                for q in adj.of(p) {
                    match stone(q) {
                        Some(c) if c == color && chain[q] == u32::MAX => {
                            chain[q] = id;
                            stack.push(q);
                        }
                        Some(_) => {}
                        None if seen_lib[q] != id => {
                            seen_lib[q] = id;
                            if !best.class[q].is_neutral() {
                                libs = (libs + 1).min(Self::CAP);
                            }
                        }
                        None => {}
                    }
                }
            }
            off.push(libs);
        }
        ChainLiberties { chain, off }
    }

    /// Every chain of `owner` around the eye keeps two liberties off the
    /// neutral points with its dead stones standing (each takes at most
    /// one liberty away; joining chains only adds): no seki can appear.
    pub(super) fn surely_safe(
        &self,
        board: &Board,
        owner: Color,
        dead: &[Point],
        empty: &[Point],
    ) -> bool {
        let n = usize::from(board.size());
        let lost = dead.len() as u16;
        dead.iter().chain(empty).all(|&e| {
            board.adjacent(e).all(|q| {
                let i = usize::from(q.y) * n + usize::from(q.x);
                board.get(q) != Some(owner)
                    || self
                        .chain
                        .get(i)
                        .and_then(|&c| self.off.get(c as usize))
                        .is_none_or(|&l| l >= (lost + 2).min(Self::CAP))
            })
        })
    }
}
