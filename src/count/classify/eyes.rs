//! Dead stones in an eye of a group that may be in seki (Japanese 1989,
//! commentary on art. 10, reference figure 17): finding such eyes, and
//! deciding cheaply which of them could change the count, so the whole
//! classification runs again only for those.

use super::{Classification, PointClass, Region};
use crate::count::Adjacency;
use crate::count::marks::Marks;
use crate::game::{Board, Color, Point};

/// The eye a region is, holding dead stones of `owner`'s opponent: how
/// many dead stones it holds, when the region (empty points and dead
/// stones) touches `owner`'s live stones alone, holds no dead stone of
/// `owner`, holds an empty point, and is small enough to be an eye (at
/// most 12 points). The regions are the classification's own, so finding
/// the eyes costs no flood of its own.
pub(super) fn eye_holding(class: &Classification, region: &Region, owner: Color) -> Option<usize> {
    const EYE: usize = 12;
    if region.points.len() > EYE || region.touches[owner.opponent().index()] {
        return None;
    }
    let mut dead = 0;
    for &i in &region.points {
        match class.dead[i] {
            None => {}
            Some(c) if c == owner => return None,
            Some(_) => dead += 1,
        }
    }
    (dead < region.points.len()).then_some(dead)
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

/// Each live chain's liberties off the neutral points, counted when an eye
/// beside it asks and only as far as it asks, then kept for the next eye:
/// on a board full of dead stones in eyes each wall is counted once and
/// briefly (issue: counting every chain for them cost as much as the rest
/// of the classification).
pub(super) struct ChainLiberties<'a> {
    /// Each live stone's chain (`u32::MAX`: no live stone).
    chain_of: &'a [u32],
    /// Per chain: the liberties found, and how many were asked for (a
    /// count that found fewer than it was asked for is exact).
    known: Vec<(u16, u16)>,
    stamp: Vec<u32>,
    generation: u32,
    stack: Vec<usize>,
}

impl<'a> ChainLiberties<'a> {
    /// Enough to tell: an eye has at most 12 points.
    const CAP: u16 = 16;

    pub(super) fn new(chain_of: &'a [u32]) -> ChainLiberties<'a> {
        ChainLiberties {
            chain_of,
            known: Vec::new(),
            stamp: vec![0; chain_of.len()],
            generation: 0,
            stack: Vec::new(),
        }
    }

    /// Forgets every count (the classification changed).
    pub(super) fn clear(&mut self) {
        self.known.clear();
    }

    /// Every chain of `owner` around the eye keeps two liberties off the
    /// neutral points with its dead stones standing (each takes at most
    /// one liberty away; joining chains only adds): no seki can appear.
    pub(super) fn surely_safe(
        &mut self,
        best: &Classification,
        owner: Color,
        eye: &[usize],
        dead: usize,
    ) -> bool {
        let adj = Adjacency::of_size(usize::from(best.size));
        let want = (dead as u16 + 2).min(Self::CAP);
        eye.iter().all(|&i| {
            adj.of(i).all(|q| {
                best.class[q] != PointClass::Stone(owner).code()
                    || self.at_least(best, adj, q, want)
            })
        })
    }

    /// Whether the live chain at `start` has `want` liberties off the
    /// neutral points.
    fn at_least(
        &mut self,
        best: &Classification,
        adj: &Adjacency,
        start: usize,
        want: u16,
    ) -> bool {
        let Some(id) = self
            .chain_of
            .get(start)
            .map(|&c| c as usize)
            .filter(|&c| c != u32::MAX as usize)
        else {
            return false;
        };
        if self.known.len() <= id {
            self.known.resize(id + 1, (0, 0));
        }
        let (found, asked) = self.known[id];
        if found >= want || found < asked {
            return found >= want;
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
        let g = self.generation;
        let mut found = 0;
        self.stack.clear();
        self.stack.push(start);
        self.stamp[start] = g;
        'flood: while let Some(p) = self.stack.pop() {
            for q in adj.of(p) {
                if self.stamp[q] == g {
                    continue;
                }
                match PointClass::from_code(best.class[q]) {
                    PointClass::Stone(_) if self.chain_of[q] as usize == id => {
                        self.stamp[q] = g;
                        self.stack.push(q);
                    }
                    PointClass::Stone(_) => {}
                    k => {
                        self.stamp[q] = g;
                        if !k.is_neutral() {
                            found += 1;
                            if found >= want {
                                break 'flood;
                            }
                        }
                    }
                }
            }
        }
        self.known[id] = (found, want);
        found >= want
    }
}
