//! Loose stones in a closed area: a few stones of one colour, without an
//! eye of their own, in an area that the other colour alone encloses (a
//! one-point gap in its wall, which the loose stones do not touch, counts
//! as closed: positions taken before the end have them) and whose
//! enclosing stones live. Random playouts let such
//! stones live now and then (an invader in a large area finds room in
//! some of them); at the end of a game they are dead.
//!
//! On the January and February KGS games (tuned on) every such chain in
//! an area of 10 empty points or more was marked dead by the players,
//! 573 of 573, apart from one game whose players marked nothing at all;
//! in smaller areas 31 such chains live (sekis, cutting stones), so
//! those are left to the playouts and local reading.

use crate::count::judge::thresholds::{MAX_STONES, MIN_AREA};
use crate::game::{Board, Color, Point};

/// The area around the chain through `p`: the empty points and the
/// stones of its colour reached from it without crossing the other
/// colour's stones.
pub(super) struct Area {
    /// Points in it, empty or `p`'s colour.
    pub(super) size: usize,
    /// Its stones (of `p`'s colour).
    pub(super) stones: usize,
    /// The other colour's stones around it.
    pub(super) border: Vec<Point>,
    /// Empty points all of whose neighbours are the area's stones: eyes
    /// already made.
    pub(super) eyes: usize,
}

/// The area around `p`, or None when `p` is empty, when the area reaches
/// more than `max` points (it is then no enclosed area but open board),
/// when it holds more than `max_stones` of `p`'s colour, or when its
/// stones stand at a gap in the wall (they may get out).
pub(super) fn area(board: &Board, p: Point, max: usize, max_stones: usize) -> Option<Area> {
    let colour = board.get(p)?;
    let n = usize::from(board.size());
    let idx = |q: Point| usize::from(q.y) * n + usize::from(q.x);
    let mut seen = vec![false; n * n];
    seen[idx(p)] = true;
    let mut todo = vec![p];
    let (mut size, mut stones, mut eyes) = (1, 0, 0);
    let mut gap_touched = false;
    let mut border = Vec::new();
    while let Some(q) = todo.pop() {
        if board.get(q).is_some() {
            stones += 1;
            // Too many to be loose: no need to see the rest (a live
            // group's area is most of the board).
            if stones > max_stones {
                return None;
            }
        } else {
            eyes += usize::from(board.adjacent(q).all(|r| board.get(r) == Some(colour)));
        }
        for r in board.adjacent(q) {
            if board.get(r) == Some(colour.opponent()) {
                if !border.contains(&r) {
                    border.push(r);
                }
            } else if board.get(r).is_none() && is_gap(board, r, colour.opponent()) {
                // A one-point gap in the other colour's wall closes the
                // area, unless the area's stones stand at it.
                gap_touched |= board.get(q) == Some(colour);
            } else if !seen[idx(r)] {
                seen[idx(r)] = true;
                size += 1;
                if size > max {
                    return None;
                }
                todo.push(r);
            }
        }
    }
    if gap_touched {
        return None;
    }
    Some(Area {
        size,
        stones,
        border,
        eyes,
    })
}

/// An empty point between two stones of `wall` in a line: a one-point
/// gap in a wall.
fn is_gap(board: &Board, r: Point, wall: Color) -> bool {
    let n = i32::from(board.size());
    let stone = |dx: i32, dy: i32| {
        let (x, y) = (i32::from(r.x) + dx, i32::from(r.y) + dy);
        x >= 0 && y >= 0 && x < n && y < n && board.get(Point::new(x as u8, y as u8)) == Some(wall)
    };
    (stone(-1, 0) && stone(1, 0)) || (stone(0, -1) && stone(0, 1))
}

/// The chain through `p` is loose in a closed area: at most `MAX_STONES`
/// of its colour and at most one eye in an area of `MIN_AREA` empty points
/// or more (and at most half the board), whose enclosing stones all live (`lives`).
pub(super) fn loose_in_closed_area(board: &Board, p: Point, lives: impl Fn(Point) -> bool) -> bool {
    let half = board.area() / 2;
    area(board, p, half, MAX_STONES).is_some_and(|a| {
        a.size - a.stones >= MIN_AREA
            && a.stones <= MAX_STONES
            && a.eyes <= 1
            && !a.border.is_empty()
            && a.border.iter().all(|&q| lives(q))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(d: &str) -> Board {
        Board::from_diagram(d).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn an_area_counts_its_points_stones_border_and_eyes() {
        // White A8 B8 C8 under A9 B9 C9, which Black's D9 D8 and the
        // wall below close: each empty point touches another, no eye.
        let b = board(
            "\
. . . X . . . . .
O O O X . . . . .
X X X X . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .",
        );
        let a = area(&b, Point::new(0, 1), 40, usize::MAX).unwrap_or_else(|| panic!("no area"));
        // A9 B9 C9 and the three stones.
        assert_eq!(a.size, 6);
        assert_eq!(a.stones, 3);
        assert_eq!(a.eyes, 0);
        // D9 D8 A7 B7 C7.
        assert_eq!(a.border.len(), 5);
        // A white stone at B9 makes A9 an eye.
        let mut b2 = b.clone();
        b2.set_point(Point::new(1, 0), Some(Color::White));
        let a = area(&b2, Point::new(0, 1), 40, usize::MAX).unwrap_or_else(|| panic!("no area"));
        assert_eq!((a.size, a.stones, a.eyes), (6, 4, 1));
        // More than three stones: past the cap, no area.
        assert!(area(&b2, Point::new(0, 1), 40, 3).is_none());
        assert!(area(&b2, Point::new(0, 1), 40, 4).is_some());
        // From Black's side the area is the rest of the board: too large.
        assert!(area(&b, Point::new(3, 0), 40, usize::MAX).is_none());
    }

    #[test]
    fn stones_are_loose_only_where_the_walls_live_and_the_area_is_large() {
        let b = board(
            "\
. . . . . . . . .
. O . . . . . . .
. . . . . . . . .
X X X X X X X X X
O O O O O O O O O
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .",
        );
        let stone = Point::new(1, 1);
        assert!(loose_in_closed_area(&b, stone, |_| true));
        // Walls the playouts do not keep enclose nothing.
        assert!(!loose_in_closed_area(&b, stone, |_| false));
        // The wall stones themselves are no loose stones: their area is
        // the other half of the board, nine stones and more.
        assert!(!loose_in_closed_area(&b, Point::new(0, 3), |_| true));
    }

    #[test]
    fn a_one_point_gap_closes_the_wall_unless_the_stones_stand_at_it() {
        let b = board(
            "\
. . . . . . . . .
. O . . . . . . .
. . . . . . . . .
X X X X . X X X X
O O O O O O O O O
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .",
        );
        assert!(is_gap(&b, Point::new(4, 3), Color::Black));
        assert!(!is_gap(&b, Point::new(4, 2), Color::Black));
        assert!(loose_in_closed_area(&b, Point::new(1, 1), |_| true));
        // A stone at the gap may push through it.
        let mut b2 = b.clone();
        b2.set_point(Point::new(4, 2), Some(Color::White));
        assert!(!loose_in_closed_area(&b2, Point::new(4, 2), |_| true));
        // A two-point gap is open: the area runs into White's side.
        let mut b3 = b.clone();
        b3.set_point(Point::new(5, 3), None);
        assert!(!loose_in_closed_area(&b3, Point::new(1, 1), |_| true));
    }
}
