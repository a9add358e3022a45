//! The estimator's fast path on the board: the playouts' moves on cells
//! rather than points (the empty list, eye-like points, self-atari,
//! captures and escapes of the last move), and the tally of owners.

use super::*;

/// A set of cells on the stack (the largest board has 27x27 cells with
/// its border): dedups liberties without a search of a list.
struct Cells([u64; MAX_CELLS.div_ceil(64)]);

impl Cells {
    /// Adds cell `i`; false when it was there.
    fn insert(&mut self, i: usize) -> bool {
        let (w, b) = (i / 64, 1u64 << (i % 64));
        let new = self.0[w] & b == 0;
        self.0[w] |= b;
        new
    }
}

impl Board {
    /// Distinct liberties of the chain through `p` (none for an empty
    /// point), in the order a walk of the chain meets them: the chain's
    /// own list, a set of cells on the stack, no search of a list.
    pub fn liberties(&self, p: Point) -> Vec<Point> {
        let mut libs = Vec::new();
        self.each_liberty(p, |i| libs.push(self.point(i)));
        libs
    }

    /// How many distinct liberties the chain through `p` has, with no
    /// allocation.
    pub fn liberty_count(&self, p: Point) -> usize {
        let mut n = 0;
        self.each_liberty(p, |_| n += 1);
        n
    }

    fn each_liberty(&self, p: Point, mut f: impl FnMut(usize)) {
        if self.get(p).is_none() {
            return;
        }
        let mut seen = Cells([0; MAX_CELLS.div_ceil(64)]);
        let start = self.idx(p);
        let mut i = start;
        loop {
            for q in self.neighbours(i) {
                if self.cells[q] == EMPTY && seen.insert(q) {
                    f(q);
                }
            }
            i = usize::from(self.next[i]);
            if i == start {
                break;
            }
        }
    }

    /// Empty points, in no particular order (for playouts).
    pub fn empty_points(&self) -> impl Iterator<Item = Point> + '_ {
        self.empties.iter().map(|&i| self.point(usize::from(i)))
    }

    /// How many points are empty.
    pub fn empty_count(&self) -> usize {
        self.empties.len()
    }

    /// The `k`-th empty point in the playout list.
    pub fn nth_empty(&self, k: usize) -> Option<Point> {
        self.empties.get(k).map(|&i| self.point(usize::from(i)))
    }

    /// The playouts' hot path, on cells rather than points: the cell of
    /// the `k`-th empty point when `color` may play it in a playout (legal,
    /// not its own eye, and when `careful` not a self-atari of two or more
    /// stones).
    pub(crate) fn playout_cell(&self, k: usize, color: Color, careful: bool) -> Option<usize> {
        let i = usize::from(*self.empties.get(k)?);
        // The four neighbours read once for the three tests that start
        // from them (a playout tries about five points a move).
        let me = cell_of(color);
        let (mut empty, mut own) = (0, 0);
        for q in self.neighbours(i) {
            let c = self.cells[q];
            empty += usize::from(c == EMPTY);
            own += usize::from(c == me || c == EDGE);
        }
        let refused = (own == 4 && self.eye_diagonals_allow(i, color))
            || self.ko == Some((i as u16, color))
            || (empty == 0 && self.is_suicide(i, color))
            || (careful && empty < 2 && self.self_atari_at(i, color));
        (!refused).then_some(i)
    }

    /// The cell where `color` takes the lone opponent stone at cell `last`
    /// when it is in atari (and ko allows it). Only lone stones: taking
    /// every chain left in atari at once makes careless playouts break
    /// nearly every seki (whoever fills a shared liberty is taken), and
    /// the estimate gets worse.
    pub(crate) fn capture_cell(&self, last: usize, color: Color) -> Option<usize> {
        if self.cells.get(last) != Some(&cell_of(color.opponent())) {
            return None;
        }
        let h = usize::from(self.head[last]);
        // A lone stone's pseudo-liberties are its liberties.
        if self.chain_len[h] != 1 || self.libs[h] != 1 {
            return None;
        }
        self.neighbours(last)
            .into_iter()
            .find(|&k| self.cells[k] == EMPTY)
            .filter(|&k| self.ko != Some((k as u16, color)))
    }

    /// The cell where `color` saves one of its chains next to cell `last`
    /// that is in atari: by taking a lone stone next to it in atari, else
    /// by extending when that gives two liberties or more (not
    /// self-atari). Only chains with one pseudo-liberty (the last liberty
    /// touches one stone of the chain): answering every atari, e.g. one
    /// whose last liberty is the chain's own eye, made the estimate worse.
    pub(crate) fn escape_cell(&self, last: usize, color: Color) -> Option<usize> {
        let me = cell_of(color);
        for j in self.neighbours(last) {
            if self.cells[j] != me || self.libs[usize::from(self.head[j])] != 1 {
                continue;
            }
            // Take a lone stone touching it that is in atari.
            let mut s = j;
            let mut lib = None;
            loop {
                for k in self.neighbours(s) {
                    if self.cells[k] == EMPTY {
                        lib = Some(k);
                    } else if self.cells[k] == cell_of(color.opponent())
                        && let Some(c) = self.capture_cell(k, color)
                    {
                        return Some(c);
                    }
                }
                s = usize::from(self.next[s]);
                if s == j {
                    break;
                }
            }
            if let Some(l) = lib
                && self.ko != Some((l as u16, color))
                && !self.is_suicide(l, color)
                && !self.self_atari_at(l, color)
            {
                return Some(l);
            }
        }
        None
    }

    /// Adds one playout's end to `counts` (row by row, one per point): +1
    /// where Black owns the point, -1 where White does. A point is owned by
    /// the colour of its stone, or when empty by the colour of all its
    /// neighbours.
    pub(crate) fn tally_owners(&self, counts: &mut [i32]) {
        // By tables, without a branch per point (stones and empty points
        // alternate unpredictably): a stone counts for its colour; an
        // empty point for the colour of all its neighbours on the board
        // when they are of one colour (the bits of the kinds seen, edges
        // left out).
        const STONE: [i32; 4] = [0, 1, -1, 0];
        const SEEN: [i32; 8] = [0, 0, 1, 0, -1, 0, 0, 0];
        let n = usize::from(self.size);
        for y in 0..n {
            for x in 0..n {
                let i = (y + 1) * self.stride + x + 1;
                let c = self.cells[i];
                let mut seen = 0;
                for q in self.neighbours(i) {
                    seen |= 1usize << self.cells[q];
                }
                let empty = SEEN[seen & 7];
                let v = if c == EMPTY {
                    empty
                } else {
                    STONE[usize::from(c & 3)]
                };
                counts[y * n + x] += v;
            }
        }
    }

    /// Plays `color` at a cell `playout_cell` accepted.
    pub(crate) fn play_cell(&mut self, i: usize, color: Color) {
        self.place(i, color);
    }

    /// An empty point whose neighbours are all `color` stones and whose
    /// diagonals are not held by the opponent (more than one, or one at the
    /// edge): a point a playout must not fill.
    pub fn is_eye_like(&self, p: Point, color: Color) -> bool {
        self.is_empty_at(p) && self.eye_like_at(self.idx(p), color)
    }

    /// `is_eye_like` on the empty cell `i`.
    fn eye_like_at(&self, i: usize, color: Color) -> bool {
        let me = cell_of(color);
        !self
            .neighbours(i)
            .iter()
            .any(|&q| self.cells[q] != me && self.cells[q] != EDGE)
            && self.eye_diagonals_allow(i, color)
    }

    /// The diagonals of cell `i`, whose neighbours are all `color`'s (or
    /// the edge), leave it an eye: not held by the opponent (more than
    /// one, or one at the edge).
    fn eye_diagonals_allow(&self, i: usize, color: Color) -> bool {
        let them = cell_of(color.opponent());
        let s = self.stride;
        let diagonals = [i - s - 1, i - s + 1, i + s - 1, i + s + 1];
        let mut bad = 0;
        let mut edge = false;
        for d in diagonals {
            match self.cells[d] {
                EDGE => edge = true,
                c if c == them => bad += 1,
                _ => {}
            }
        }
        if edge { bad == 0 } else { bad <= 1 }
    }

    /// Distinct liberties of the chain at cell `j`, counted up to `cap`.
    fn liberties_up_to(&self, j: usize, cap: usize) -> usize {
        // Each liberty is at most four pseudo-liberties: with more than
        // 4 * (cap - 1) there are `cap` without a walk of the chain.
        if usize::from(self.libs[usize::from(self.head[j])]) > 4 * cap.saturating_sub(1) {
            return cap;
        }
        let mut found = [0usize; 4];
        let mut n = 0;
        let mut s = j;
        loop {
            for k in self.neighbours(s) {
                if self.cells[k] == EMPTY && !found[..n].contains(&k) {
                    found[n] = k;
                    n += 1;
                    if n >= cap {
                        return n;
                    }
                }
            }
            s = usize::from(self.next[s]);
            if s == j {
                return n;
            }
        }
    }

    /// True when a stone of `color` at the empty point `p` would leave a
    /// chain of two or more stones with one liberty, capturing nothing
    /// (playouts avoid such moves, so sekis survive them).
    pub fn is_self_atari(&self, color: Color, p: Point) -> bool {
        self.is_empty_at(p) && self.self_atari_at(self.idx(p), color)
    }

    /// `is_self_atari` on the empty cell `i`.
    fn self_atari_at(&self, i: usize, color: Color) -> bool {
        let me = cell_of(color);
        let mut libs = [0usize; 2];
        let mut n = 0;
        for j in self.neighbours(i) {
            if self.cells[j] == EMPTY {
                if n < 2 {
                    libs[n] = j;
                }
                n += 1;
            }
        }
        if n >= 2 {
            return false;
        }
        let mut joined = false;
        for j in self.neighbours(i) {
            let c = self.cells[j];
            if c == me {
                joined = true;
                // A point is at most four of a chain's pseudo-liberties:
                // with nine or more the chain has two liberties besides
                // `i` without a walk of it (a long wall).
                if self.libs[usize::from(self.head[j])] >= 9 {
                    return false;
                }
                let mut s = j;
                loop {
                    for k in self.neighbours(s) {
                        if self.cells[k] == EMPTY && k != i && !libs[..n.min(2)].contains(&k) {
                            if n >= 1 {
                                return false;
                            }
                            libs[0] = k;
                            n = 1;
                        }
                    }
                    s = usize::from(self.next[s]);
                    if s == j {
                        break;
                    }
                }
            } else if c != EMPTY && c != EDGE && self.liberties_up_to(j, 2) == 1 {
                return false;
            }
        }
        joined && n <= 1
    }
}
