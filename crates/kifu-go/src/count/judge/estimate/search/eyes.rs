//! What a search reads at each position besides captures: the target's
//! own eye space. Liberties inside a space only the target's own stones
//! enclose are read, not counted (a bulky seven in the corner has seven
//! and dies); two such spaces whose every point is a liberty of the
//! target are two eyes (Benson's vital regions, for one chain), and the
//! target lives.

use crate::game::point::MAX_SIZE;
use crate::game::{Board, Point};

/// The empty spaces next to the target that only its own stones (and the
/// board's edge) enclose, each with whether the target's chain alone
/// encloses it and every point of it is a liberty of the target.
#[cfg(test)]
pub(super) fn own_spaces(b: &Board, target: Point) -> Vec<(Vec<Point>, bool)> {
    spaces(b, target, &b.liberties(target), false).unwrap_or_default()
}

/// `own_spaces` for the target's liberties `libs`; with `outside`, None
/// as soon as one liberty proves to lie outside its own eye space.
fn spaces(
    b: &Board,
    target: Point,
    libs: &[Point],
    outside: bool,
) -> Option<Vec<(Vec<Point>, bool)>> {
    let owner = b.get(target)?;
    // Sets of points as bits, the chain by its head: this runs at every
    // leaf of every search, and a long chain made `contains` on a list
    // its slowest part.
    let is_lib = Bits::of(libs);
    let mut seen = Bits::default();
    let mut out = Vec::new();
    for &l in libs {
        if seen.has(l) {
            continue;
        }
        let mut space = vec![l];
        let mut in_space = Bits::of(&space);
        let mut k = 0;
        let mut pure = true;
        let mut alone = true;
        while k < space.len() {
            let p = space[k];
            k += 1;
            for q in b.adjacent(p) {
                match b.get(q) {
                    None => {
                        if in_space.insert(q) {
                            space.push(q);
                        }
                    }
                    Some(c) if c == owner => alone &= b.same_chain(target, q),
                    Some(_) => pure = false,
                }
            }
            // A space as wide as half the board is no eye space; one the
            // enemy touches is none either, and need not be filled out
            // (a liberty of it met again floods it again, to the same end).
            if space.len() > MAX_SPACE {
                pure = false;
            }
            if !pure {
                break;
            }
        }
        if !pure && outside {
            return None;
        }
        for &p in &space {
            seen.insert(p);
        }
        if pure {
            let vital = alone && space.iter().all(|&p| is_lib.has(p));
            out.push((space, vital));
        }
    }
    Some(out)
}

/// A set of points of a board (at most `MAX_SIZE` by `MAX_SIZE`) as bits.
#[derive(Default)]
struct Bits([u64; BIT_WORDS]);

const BIT_WORDS: usize = (MAX_SIZE as usize * MAX_SIZE as usize).div_ceil(64);

impl Bits {
    fn of(points: &[Point]) -> Bits {
        let mut bits = Bits::default();
        for &p in points {
            bits.insert(p);
        }
        bits
    }

    fn at(p: Point) -> (usize, u64) {
        let i = usize::from(p.y) * usize::from(MAX_SIZE) + usize::from(p.x);
        (i / 64, 1 << (i % 64))
    }

    /// Adds `p`; whether it was not there.
    fn insert(&mut self, p: Point) -> bool {
        let (w, bit) = Self::at(p);
        let new = self.0[w] & bit == 0;
        self.0[w] |= bit;
        new
    }

    fn has(&self, p: Point) -> bool {
        let (w, bit) = Self::at(p);
        self.0[w] & bit != 0
    }
}

/// Two eyes by the classical values: the target's liberties all lie in
/// one empty space only stones of its colour enclose (its own chain, or
/// others of its group beside it), off the board's corners, worth two
/// eyes (`eyespace::eye_value`). In the corner the values do not hold
/// (bent four, the rectangular six): there it is read.
fn secure(b: &Board, spaces: &[(Vec<Point>, bool)], libs: &[Point]) -> bool {
    let [(space, _)] = spaces else {
        return false;
    };
    let last = b.size() - 1;
    let corner = |p: &Point| (p.x == 0 || p.x == last) && (p.y == 0 || p.y == last);
    libs.iter().all(|l| space.contains(l))
        && !space.iter().any(corner)
        && crate::count::judge::eyespace::eye_value(space)
            >= crate::count::judge::eyespace::TWO_EYES
}

/// The largest space read as eye space.
const MAX_SPACE: usize = 16;

/// The target is out of danger by its liberties and eyes: `safe_at`
/// liberties outside its own eye space, or two spaces its chain alone
/// encloses with every point a liberty (two eyes the attacker cannot
/// take), or one such space worth two eyes by the classical values off
/// the board's corners (`secure`).
#[cfg(test)]
fn safe(b: &Board, target: Point, safe_at: usize) -> bool {
    safe_with(b, target, &b.liberties(target), safe_at)
}

/// `safe`, given the target's liberties `libs`.
pub(super) fn safe_with(b: &Board, target: Point, libs: &[Point], safe_at: usize) -> bool {
    if libs.len() < 2 {
        return false;
    }
    // A chain with `safe_at` liberties and one outside its own eye space
    // is judged by its liberties, as tactical reading judges it; one
    // walled in by the enemy lives by its eye space alone, read below.
    let Some(spaces) = spaces(b, target, libs, libs.len() >= safe_at) else {
        return true;
    };
    let vital = spaces.iter().filter(|(_, v)| *v).count();
    vital >= 2 || secure(b, &spaces, libs)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(d: &str) -> Board {
        Board::from_diagram(d).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_group_s_own_space_is_read_not_counted() {
        // White's corner: seven points of space, no liberty outside.
        let b = board(
            "\
. . . O X . .
. . . O X . .
. O O O X . .
O O O O X . .
X X X X X . .
. . . . . . .
. . . . . . .",
        );
        let w = Point::new(3, 0);
        let spaces = own_spaces(&b, w);
        assert_eq!(spaces.len(), 1, "{spaces:?}");
        assert_eq!(spaces[0].0.len(), 7);
        assert!(!safe(&b, w, 6), "seven liberties, all inside");
    }

    #[test]
    fn two_vital_spaces_are_two_eyes() {
        let b = board(
            "\
. O . O X . .
O O O O X . .
X X X X X . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .",
        );
        assert!(safe(&b, Point::new(1, 0), 6));
    }
}
