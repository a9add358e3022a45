//! Eye space: which groups a judge keeps alive with fewer than two eyes.
//! A judge that reads ownership (the learned judge, KataGo's map) or
//! playouts can keep alive a group whose only eye space is a dead shape:
//! the squared four, a single eye, an unsettled three. Such a group is
//! dead or in seki or in a race, never plainly alive, so the count flags it
//! for the user to check (docs/learned-judge.md, "Flags").
//!
//! The eye values are the classical ones (e.g. Sensei's Library, "Eye
//! shape"; GNU Go's documentation, "Eyes and half eyes"), in halves of an
//! eye: a space of one or two points is one eye; three points, the
//! pyramid four, the bulky five and the crossed five are one eye and a
//! half (the side to move there decides); the squared four is one eye; the
//! straight and bent four and every larger space are two, but for the
//! rabbity (flower) six, one and a half too. A space made only of false
//! eyes is none. The corner takes liberties away: there the search reads
//! the space (`estimate::search::eyes`).

use crate::count::flag::{Doubt, Flag, flag};
use crate::count::groups::ChainGroups;
use crate::count::{Classification, Marks, PointClass};
use crate::game::{Board, Point};

/// An eye in halves (two eyes: 4).
const ONE_EYE: u8 = 2;
const UNSETTLED: u8 = 3;
pub const TWO_EYES: u8 = 4;

/// The value of an eye space, in halves of an eye.
pub fn eye_value(space: &[Point]) -> u8 {
    let touch = |a: &Point, b: &Point| a.x.abs_diff(b.x) + a.y.abs_diff(b.y) == 1;
    let degree: Vec<usize> = space
        .iter()
        .map(|p| space.iter().filter(|q| touch(p, q)).count())
        .collect();
    let links = degree.iter().sum::<usize>() / 2;
    let most = degree.iter().copied().max().unwrap_or(0);
    match space.len() {
        0 => 0,
        1 | 2 => ONE_EYE,
        3 => UNSETTLED,
        // The squared four: every point touches two others.
        4 if links == 4 => ONE_EYE,
        // The pyramid four: one point touches the three others.
        4 if most == 3 => UNSETTLED,
        4 => TWO_EYES,
        // The crossed five, and the bulky five (a square and one more).
        5 if most == 4 || links >= 5 => UNSETTLED,
        // The rabbity (flower) six: the crossed five with a square in it.
        6 if most == 4 && links == 6 => UNSETTLED,
        _ => TWO_EYES,
    }
}

/// One point of each chain whose group `marks` keeps alive with less than
/// two eyes of space, not in seki: the groups to check.
pub fn short_of_eyes(board: &Board, marks: &Marks) -> Vec<Point> {
    let class = Classification::classify(board, marks);
    short_in(board, marks, &class)
}

/// `short_of_eyes` with the classification already made.
pub fn short_in(board: &Board, marks: &Marks, class: &Classification) -> Vec<Point> {
    short_with_seki(board, marks, class)
        .into_iter()
        .filter(|&p| !class.in_seki(p))
        .collect()
}

/// One point of each chain whose group `marks` keeps alive with less than
/// two eyes of space, seki or not: the groups local reading checks
/// (`count::judge::reading`). Whether the count calls a group seki hangs on the
/// order it fills the dame in; reading does not.
pub fn short_or_seki(board: &Board, marks: &Marks) -> Vec<Point> {
    let class = Classification::classify(board, marks);
    short_with_seki(board, marks, &class)
}

fn short_with_seki(board: &Board, marks: &Marks, class: &Classification) -> Vec<Point> {
    let n = usize::from(board.size());
    let idx = |p: Point| usize::from(p.y) * n + usize::from(p.x);
    let groups = ChainGroups::of_live(board, |p| !marks.is_dead(p));
    let mut chain_at = vec![usize::MAX; n * n];
    for (k, chain) in groups.chains.iter().enumerate() {
        for &s in chain {
            chain_at[idx(s)] = k;
        }
    }
    let group: Vec<usize> = (0..groups.chains.len())
        .map(|k| groups.group_of(k))
        .collect();
    let (region, values) = eye_spaces(board, marks, class);
    // Each group's eyes: every space one of its chains touches, once.
    let mut eyes: Vec<u32> = vec![0; group.len()];
    let mut seen: Vec<Vec<usize>> = vec![Vec::new(); group.len()];
    for p in board.points() {
        let r = region[idx(p)];
        if r == usize::MAX {
            continue;
        }
        for q in board.adjacent(p) {
            let k = chain_at[idx(q)];
            if k == usize::MAX {
                continue;
            }
            let g = group[k];
            if !seen[g].contains(&r) {
                seen[g].push(r);
                eyes[g] += u32::from(values[r]);
            }
        }
    }
    groups
        .chains
        .iter()
        .enumerate()
        .filter(|&(k, _)| eyes[group[k]] < u32::from(TWO_EYES))
        .map(|(_, chain)| chain[0])
        .collect()
}

/// Each side's eye spaces, its territory (seki eyes and points it must
/// fill included) region by region: each point's region (`usize::MAX`:
/// none) and each region's value.
fn eye_spaces(board: &Board, marks: &Marks, class: &Classification) -> (Vec<usize>, Vec<u8>) {
    let n = usize::from(board.size());
    let idx = |p: Point| usize::from(p.y) * n + usize::from(p.x);
    let owner = |p: Point| match class.at(p) {
        PointClass::Territory(c) | PointClass::SekiEye(c) | PointClass::Protect(c)
            if board.get(p).is_none() || marks.is_dead(p) =>
        {
            Some(c)
        }
        _ => None,
    };
    let mut region = vec![usize::MAX; n * n];
    let mut values: Vec<u8> = Vec::new();
    for start in board.points() {
        let Some(c) = owner(start) else {
            continue;
        };
        if region[idx(start)] != usize::MAX {
            continue;
        }
        let r = values.len();
        region[idx(start)] = r;
        let mut stack = vec![start];
        let mut space = Vec::new();
        let mut all_false = true;
        while let Some(p) = stack.pop() {
            space.push(p);
            all_false &= class.is_false_eye(p);
            for q in board.adjacent(p) {
                if region[idx(q)] == usize::MAX && owner(q) == Some(c) {
                    region[idx(q)] = r;
                    stack.push(q);
                }
            }
        }
        values.push(if all_false { 0 } else { eye_value(&space) });
    }
    (region, values)
}

/// Adds the chains short of eyes to a judge's flags (none twice): kept
/// alive with less than two eyes, a seki no proof holds.
pub fn flag_short(board: &Board, marks: &Marks, uncertain: &mut Vec<Flag>) {
    let class = Classification::classify(board, marks);
    flag_short_in(board, marks, &class, uncertain);
}

/// `flag_short` with the classification already made.
pub fn flag_short_in(
    board: &Board,
    marks: &Marks,
    class: &Classification,
    uncertain: &mut Vec<Flag>,
) {
    for p in short_in(board, marks, class) {
        flag(board, p, Doubt::Seki, uncertain);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pts(d: &str) -> Vec<Point> {
        let mut v = Vec::new();
        for (y, row) in d.lines().enumerate() {
            for (x, c) in row.split_whitespace().enumerate() {
                if c == "e" {
                    v.push(Point::new(x as u8, y as u8));
                }
            }
        }
        v
    }

    #[test]
    fn the_classical_eye_values() {
        assert_eq!(eye_value(&pts("e")), ONE_EYE);
        assert_eq!(eye_value(&pts("e e")), ONE_EYE);
        assert_eq!(eye_value(&pts("e e e")), UNSETTLED, "straight three");
        assert_eq!(eye_value(&pts("e e\ne .")), UNSETTLED, "bent three");
        assert_eq!(eye_value(&pts("e e\ne e")), ONE_EYE, "squared four");
        assert_eq!(eye_value(&pts("e e e\n. e .")), UNSETTLED, "pyramid four");
        assert_eq!(eye_value(&pts("e e e e")), TWO_EYES, "straight four");
        assert_eq!(eye_value(&pts("e e e\ne . .")), TWO_EYES, "bent four");
        assert_eq!(
            eye_value(&pts(". e .\ne e e\n. e .")),
            UNSETTLED,
            "crossed five"
        );
        assert_eq!(eye_value(&pts("e e .\ne e e")), UNSETTLED, "bulky five");
        assert_eq!(eye_value(&pts("e e e e e")), TWO_EYES);
        assert_eq!(
            eye_value(&pts("e e e\ne e e")),
            TWO_EYES,
            "six in a rectangle"
        );
    }

    /// A white corner group whose only eye space is a squared four, which
    /// a judge kept alive: flagged. The black wall with a big area and
    /// two eyes is not.
    #[test]
    fn a_group_with_one_eye_is_flagged_and_a_living_one_is_not() {
        let board = Board::from_diagram(
            "\
. . O X . . . . .
. . O X . . . . .
O O O X . . . . .
X X X X . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let flagged = short_of_eyes(&board, &Marks::new(9));
        assert_eq!(flagged, vec![Point::new(2, 0)]);
        // With a second eye (C8 taken out of the shape, A9 split off): two
        // eyes, no flag.
        let board = Board::from_diagram(
            "\
. O . O X . . . .
. O . O X . . . .
O O O O X . . . .
X X X X X . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert!(short_of_eyes(&board, &Marks::new(9)).is_empty());
    }
}
