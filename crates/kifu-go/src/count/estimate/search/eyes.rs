//! What a search reads at each position besides captures: the target's
//! own eye space. Liberties inside a space only the target's own stones
//! enclose are read, not counted (a bulky seven in the corner has seven
//! and dies); two such spaces whose every point is a liberty of the
//! target are two eyes (Benson's vital regions, for one chain), and the
//! target lives.

use crate::game::{Board, Point};

/// The empty spaces next to the target that only its own stones (and the
/// board's edge) enclose, each with whether the target's chain alone
/// encloses it and every point of it is a liberty of the target.
pub(super) fn own_spaces(b: &Board, target: Point) -> Vec<(Vec<Point>, bool)> {
    let Some(owner) = b.get(target) else {
        return Vec::new();
    };
    let chain = b.chain(target);
    let libs = b.liberties(target);
    let mut seen: Vec<Point> = Vec::new();
    let mut out = Vec::new();
    for &l in &libs {
        if seen.contains(&l) {
            continue;
        }
        let mut space = vec![l];
        let mut k = 0;
        let mut pure = true;
        let mut alone = true;
        while k < space.len() {
            let p = space[k];
            k += 1;
            for q in b.adjacent(p) {
                match b.get(q) {
                    None => {
                        if !space.contains(&q) {
                            space.push(q);
                        }
                    }
                    Some(c) if c == owner => alone &= chain.contains(&q),
                    Some(_) => pure = false,
                }
            }
            // A space as wide as half the board is no eye space.
            if space.len() > MAX_SPACE {
                pure = false;
                break;
            }
        }
        seen.extend(space.iter().copied());
        if pure {
            let vital = alone && space.iter().all(|p| libs.contains(p));
            out.push((space, vital));
        }
    }
    out
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
        && crate::count::eyespace::eye_value(space) >= crate::count::eyespace::TWO_EYES
}

/// The largest space read as eye space.
const MAX_SPACE: usize = 16;

/// The target is out of danger by its liberties and eyes: `safe_at`
/// liberties outside its own eye space, or two spaces its chain alone
/// encloses with every point a liberty (two eyes the attacker cannot
/// take), or one such space worth two eyes by the classical values off
/// the board's corners (`secure`).
pub(super) fn safe(b: &Board, target: Point, safe_at: usize) -> bool {
    let libs = b.liberties(target);
    if libs.len() < 2 {
        return false;
    }
    let spaces = own_spaces(b, target);
    if libs.len() >= safe_at {
        // A chain with a liberty outside its own eye space is judged by
        // its liberties, as tactical reading judges it; one walled in by
        // the enemy lives by its eye space alone, read below.
        let outside = libs
            .iter()
            .filter(|l| !spaces.iter().any(|(s, _)| s.contains(l)))
            .count();
        if outside > 0 {
            return true;
        }
    }
    let vital = spaces.iter().filter(|(_, v)| *v).count();
    vital >= 2 || secure(b, &spaces, &libs)
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
