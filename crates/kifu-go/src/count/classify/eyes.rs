//! Dead stones in an eye of a group that may be in seki (Japanese 1989,
//! commentary on art. 10, reference figure 17): finding such eyes, and
//! deciding cheaply which of them could change the count, so the whole
//! classification runs again only for those.

use super::{Classification, PointClass, Region};
use crate::count::Adjacency;
use crate::game::Color;

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
    best: &Classification,
    owner: Color,
    (dead, empty): (&[usize], &[usize]),
    scratch: &mut Scratch,
) -> bool {
    let adj = Adjacency::of_size(usize::from(best.size));
    // By the classification's codes: a live stone of `owner` is its
    // `Stone` code; anything but a live stone (empty, a dead stone's
    // point) is a liberty.
    let own = PointClass::Stone(owner).code();
    let other = PointClass::Stone(owner.opponent()).code();
    let neutral = PointClass::Dame.bit() | PointClass::SekiLiberty.bit();
    // Numbers only grow, so marks of earlier calls never match.
    let call = scratch.next;
    scratch.next += 1;
    let cells = &mut scratch.cells;
    for &i in dead {
        cells[i].standing = call;
    }
    let is_owner = |i: usize, cells: &[Cell]| cells[i].standing == call || best.class[i] == own;
    let starts = &mut scratch.starts;
    starts.clear();
    starts.extend_from_slice(dead);
    for &e in dead.iter().chain(empty) {
        starts.extend(adj.of(e).filter(|&q| is_owner(q, cells)));
    }
    let queue = &mut scratch.queue;
    for &s in starts.iter() {
        if cells[s].chain >= call {
            continue;
        }
        let id = scratch.next;
        scratch.next += 1;
        let (mut off_neutral, mut touches_neutral) = (0, false);
        // Breadth first: the liberties near the eye are found first, and
        // two off the neutral points settle it for this chain.
        queue.clear();
        queue.push(s);
        let mut k = 0;
        cells[s].chain = id;
        while let Some(&p) = queue.get(k).filter(|_| off_neutral < 2) {
            k += 1;
            for q in adj.of(p) {
                let code = best.class[q];
                if is_owner(q, cells) {
                    if cells[q].chain < call {
                        cells[q].chain = id;
                        queue.push(q);
                    }
                } else if code != other && cells[q].libs != id {
                    cells[q].libs = id;
                    if (neutral >> code) & 1 != 0 {
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

/// A point's marks in `Scratch`: the call that stood a dead stone there,
/// and the chain whose search reached it as a stone and as a liberty.
#[derive(Clone, Copy, Default)]
struct Cell {
    standing: u32,
    chain: u32,
    libs: u32,
}

/// Marks reused by `may_turn_seki` across the eyes of one position.
pub(super) struct Scratch {
    cells: Vec<Cell>,
    starts: Vec<usize>,
    queue: Vec<usize>,
    next: u32,
}

impl Scratch {
    pub(super) fn new(points: usize) -> Scratch {
        Scratch {
            cells: vec![Cell::default(); points],
            starts: Vec::new(),
            queue: Vec::new(),
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
            // Made on the first flood: most positions have no eye to ask
            // about, and a board-sized table each was a tenth of a count's
            // allocations.
            stamp: Vec::new(),
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
        if self.stamp.is_empty() {
            self.stamp.resize(self.chain_of.len(), 0);
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
        // By the codes: a stone (live, either colour) is code 0 or 1.
        let stones = PointClass::Stone(Color::Black).bit() | PointClass::Stone(Color::White).bit();
        let neutral = PointClass::Dame.bit() | PointClass::SekiLiberty.bit();
        'flood: while let Some(p) = self.stack.pop() {
            for q in adj.of(p) {
                if self.stamp[q] == g {
                    continue;
                }
                let code = best.class[q];
                if (stones >> code) & 1 != 0 {
                    if self.chain_of[q] as usize == id {
                        self.stamp[q] = g;
                        self.stack.push(q);
                    }
                } else {
                    self.stamp[q] = g;
                    if (neutral >> code) & 1 == 0 {
                        found += 1;
                        if found >= want {
                            break 'flood;
                        }
                    }
                }
            }
        }
        self.known[id] = (found, want);
        found >= want
    }
}
