//! Which stones the players call dead, and which groups they call seki.
//!
//! Marks are kept per point but always changed a whole chain at a time,
//! so a half-dead chain cannot happen.

use crate::game::{Board, Color, Point};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Mark {
    #[default]
    None,
    Dead,
    Seki,
}

/// Which stones the players call dead and which groups they call seki,
/// per point, changed a whole chain at a time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Marks {
    size: u8,
    marks: Vec<Mark>,
}

fn idx(size: u8, p: Point) -> usize {
    usize::from(p.y) * usize::from(size) + usize::from(p.x)
}

impl Marks {
    /// No marks on a `size` board.
    pub fn new(size: u8) -> Marks {
        let n = usize::from(size) * usize::from(size);
        Marks {
            size,
            marks: vec![Mark::None; n],
        }
    }

    /// The board's size (lines).
    pub fn size(&self) -> u8 {
        self.size
    }

    fn get(&self, p: Point) -> Mark {
        if p.is_on(self.size) {
            self.marks[idx(self.size, p)]
        } else {
            Mark::None
        }
    }

    /// For every point in row-major order, whether it is marked dead.
    pub(crate) fn dead_flags(&self) -> impl Iterator<Item = bool> + '_ {
        self.marks.iter().map(|&m| m == Mark::Dead)
    }

    /// The mark on point index `i` (y * size + x) is Seki.
    pub(crate) fn is_seki_at(&self, i: usize) -> bool {
        self.marks.get(i) == Some(&Mark::Seki)
    }

    /// True when the stone on `p` is marked dead.
    pub fn is_dead(&self, p: Point) -> bool {
        self.get(p) == Mark::Dead
    }

    /// True when the stone on `p` is marked seki.
    pub fn is_seki(&self, p: Point) -> bool {
        self.get(p) == Mark::Seki
    }

    fn set_chain(&mut self, board: &Board, p: Point, m: Mark) {
        for s in board.chain(p) {
            if s.is_on(self.size) {
                self.marks[idx(self.size, s)] = m;
            }
        }
    }

    /// Clears the mark of one point (the classification reads an eye with
    /// its dead stones standing).
    pub(crate) fn clear(&mut self, p: Point) {
        if p.is_on(self.size) {
            self.marks[idx(self.size, p)] = Mark::None;
        }
    }

    /// Marks the chain through `p` dead, or alive again if it was dead.
    /// Returns false when `p` holds no stone.
    pub fn toggle_chain(&mut self, board: &Board, p: Point) -> bool {
        if board.get(p).is_none() {
            return false;
        }
        let m = if self.is_dead(p) {
            Mark::None
        } else {
            Mark::Dead
        };
        self.set_chain(board, p, m);
        true
    }

    /// Marks dead (or alive again) every chain of the colour at `p` that is
    /// connected to it through empty points or stones of the other colour
    /// already marked dead (Sabaki's "related chains"): the whole dead
    /// group, even when it is several chains.
    pub fn toggle_related(&mut self, board: &Board, p: Point) -> bool {
        let Some(color) = board.get(p) else {
            return false;
        };
        let m = if self.is_dead(p) {
            Mark::None
        } else {
            Mark::Dead
        };
        for s in self.related(board, p, color) {
            self.marks[idx(self.size, s)] = m;
        }
        true
    }

    /// Marks dead (or alive again) the group a player means at `p` on a
    /// board that is not finished: the chains of its colour joined to it
    /// through shared empty points (one-point jumps, diagonals; dead stones
    /// of the other colour count as empty), never across open areas as
    /// `toggle_related` would.
    pub fn toggle_linked(&mut self, board: &Board, p: Point) -> bool {
        let Some(color) = board.get(p) else {
            return false;
        };
        let m = if self.is_dead(p) {
            Mark::None
        } else {
            Mark::Dead
        };
        for s in self.linked(board, p, color) {
            self.marks[idx(self.size, s)] = m;
        }
        true
    }

    /// The chains of `color` linked to the one at `p`, stone by stone.
    fn linked(&self, board: &Board, p: Point, color: Color) -> Vec<Point> {
        let open = |q: Point| match board.get(q) {
            None => true,
            Some(c) => c != color && self.is_dead(q),
        };
        let mut seen = vec![false; board.area()];
        let mut out = Vec::new();
        let mut chains = vec![p];
        while let Some(start) = chains.pop() {
            if seen[idx(self.size, start)] {
                continue;
            }
            let chain = board.chain(start);
            for &s in &chain {
                seen[idx(self.size, s)] = true;
            }
            for &s in &chain {
                for e in board.adjacent(s).filter(|&e| open(e)) {
                    let next = board
                        .adjacent(e)
                        .filter(|&q| board.get(q) == Some(color) && !seen[idx(self.size, q)]);
                    chains.extend(next);
                }
            }
            out.extend(chain);
        }
        out
    }

    /// Stones of `color` reachable from `p` without crossing a live stone of
    /// the other colour.
    fn related(&self, board: &Board, p: Point, color: Color) -> Vec<Point> {
        let n = board.area();
        let mut seen = vec![false; n];
        let mut stack = vec![p];
        let mut out = Vec::new();
        seen[idx(self.size, p)] = true;
        while let Some(q) = stack.pop() {
            if board.get(q) == Some(color) {
                out.push(q);
            }
            for r in board.adjacent(q) {
                let i = idx(self.size, r);
                if seen[i] {
                    continue;
                }
                let pass = match board.get(r) {
                    None => true,
                    Some(c) if c == color => true,
                    Some(_) => self.is_dead(r),
                };
                if pass {
                    seen[i] = true;
                    stack.push(r);
                }
            }
        }
        out
    }

    /// Marks the chain through `p` as seki (alive, and its eyes are not
    /// territory under territory rules), or clears that mark.
    pub fn toggle_seki(&mut self, board: &Board, p: Point) -> bool {
        if board.get(p).is_none() {
            return false;
        }
        let m = if self.is_seki(p) {
            Mark::None
        } else {
            Mark::Seki
        };
        self.set_chain(board, p, m);
        true
    }

    /// Marks the chains containing these points dead (`--dead-at`).
    pub fn mark_dead_at(&mut self, board: &Board, points: &[Point]) {
        for &p in points {
            if board.get(p).is_some() {
                self.set_chain(board, p, Mark::Dead);
            }
        }
    }

    /// The CGoban/KGS convention: a stone standing on the opponent's
    /// territory mark (TB for a white stone, TW for a black one) is dead.
    pub fn from_territory(board: &Board, tb: &[Point], tw: &[Point]) -> Marks {
        let mut marks = Marks::new(board.size());
        for (list, dead) in [(tb, Color::White), (tw, Color::Black)] {
            for &p in list {
                if board.get(p) == Some(dead) {
                    marks.marks[idx(marks.size, p)] = Mark::Dead;
                }
            }
        }
        marks
    }

    /// Marks read from a diagram in which lowercase `x` and `o` are dead
    /// stones (the board itself comes from `Board::from_diagram`, which reads
    /// them as stones). For tests and examples.
    pub fn from_diagram(board: &Board, text: &str) -> Marks {
        let mut marks = Marks::new(board.size());
        let rows = text.lines().map(str::trim).filter(|l| !l.is_empty());
        for (y, row) in rows.enumerate() {
            let cells = row.chars().filter(|c| !c.is_whitespace());
            for (x, c) in cells.enumerate() {
                let p = Point::new(x as u8, y as u8);
                if matches!(c, 'x' | 'o') && p.is_on(marks.size) {
                    marks.marks[idx(marks.size, p)] = Mark::Dead;
                }
            }
        }
        marks
    }

    /// Dead stones, in board order (top row first).
    pub fn dead_points(&self) -> Vec<Point> {
        self.points_with(Mark::Dead)
    }

    /// Stones marked seki, in board order (top row first).
    pub fn seki_points(&self) -> Vec<Point> {
        self.points_with(Mark::Seki)
    }

    fn points_with(&self, m: Mark) -> Vec<Point> {
        let n = usize::from(self.size);
        (0..n * n)
            .filter(|&i| self.marks[i] == m)
            .map(|i| Point::new((i % n) as u8, (i / n) as u8))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(d: &str) -> Board {
        Board::from_diagram(d).unwrap_or_else(|e| panic!("{e}"))
    }

    const TWO_CHAINS: &str = "\
. . . . .
. O . O .
. . . . .
X X X X X
. . . . .";

    #[test]
    fn a_toggle_marks_the_whole_chain_and_a_second_clears_it() {
        let b = board(TWO_CHAINS);
        let mut m = Marks::new(5);
        assert!(m.toggle_chain(&b, Point::new(0, 3)));
        assert_eq!(m.dead_points().len(), 5);
        assert!(m.toggle_chain(&b, Point::new(4, 3)));
        assert!(m.dead_points().is_empty());
        assert!(!m.toggle_chain(&b, Point::new(0, 0)), "empty point");
    }

    #[test]
    fn linked_chains_share_an_empty_point_and_stop_at_open_space() {
        // A one-point jump (A7-A5) and a diagonal (A5-B4) link; C1 is two
        // points from B4's chain and a wall away: another group. The dead
        // white stone between F7 and F5 counts as empty.
        let b = board(
            "\
X . . . . X .
. . . . . o .
X . . . . X .
. X . . . . .
. . . . . . .
. . . . . . .
. . X . . . .",
        );
        let mut m = Marks::new(7);
        m.toggle_chain(&b, Point::new(5, 1));
        assert!(m.toggle_linked(&b, Point::new(0, 0)));
        let dead = m.dead_points();
        assert_eq!(dead.len(), 4, "{dead:?}");
        for p in [(0, 0), (0, 2), (1, 3)] {
            assert!(m.is_dead(Point::new(p.0, p.1)), "{p:?}");
        }
        assert!(!m.is_dead(Point::new(2, 6)));
        assert!(m.toggle_linked(&b, Point::new(5, 0)));
        assert!(m.is_dead(Point::new(5, 2)), "through the dead stone");
        assert!(m.toggle_linked(&b, Point::new(0, 0)), "and back");
        assert!(!m.is_dead(Point::new(1, 3)));
    }

    #[test]
    fn related_chains_are_joined_through_empty_points() {
        let b = board(TWO_CHAINS);
        let mut m = Marks::new(5);
        m.toggle_chain(&b, Point::new(1, 1));
        assert_eq!(m.dead_points(), vec![Point::new(1, 1)]);
        m.toggle_chain(&b, Point::new(1, 1));
        m.toggle_related(&b, Point::new(1, 1));
        assert_eq!(m.dead_points(), vec![Point::new(1, 1), Point::new(3, 1)]);
        // The black wall is not crossed: nothing below it is related.
        assert!(!m.is_dead(Point::new(0, 3)));
    }

    #[test]
    fn territory_marks_make_stones_under_them_dead() {
        let b = board(TWO_CHAINS);
        let tb = [Point::new(1, 1), Point::new(0, 0)];
        let tw = [Point::new(0, 3), Point::new(3, 1)];
        let m = Marks::from_territory(&b, &tb, &tw);
        // White stone under TB is dead; black stone under TW is dead; a
        // white stone under TW (its own territory) is not.
        assert_eq!(m.dead_points(), vec![Point::new(1, 1), Point::new(0, 3)]);
    }

    #[test]
    fn seki_override_is_per_chain() {
        let b = board(TWO_CHAINS);
        let mut m = Marks::new(5);
        m.toggle_seki(&b, Point::new(2, 3));
        assert_eq!(m.seki_points().len(), 5);
        assert!(m.dead_points().is_empty());
    }
}
