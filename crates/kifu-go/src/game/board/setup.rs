//! Stones set directly, as SGF setup (AB, AW, AE) sets them: no captures,
//! the chain bookkeeping rebuilt from the cells.

use super::*;

impl Board {
    /// Sets a point directly (SGF setup AB/AW/AE). No captures happen, as
    /// in SGF; the chain bookkeeping is rebuilt.
    pub fn set_point(&mut self, p: Point, stone: Option<Color>) {
        if !p.is_on(self.size) || self.get(p) == stone {
            return;
        }
        let one = [p];
        match stone {
            None => self.setup(&one, &[], &[]),
            Some(Color::Black) => self.setup(&[], &one, &[]),
            Some(Color::White) => self.setup(&[], &[], &one),
        }
    }

    /// The same stones, ko and captures, with the bookkeeping a board set
    /// up from scratch has (the order of its empty points, which the
    /// judges' playouts draw from): a position reached by any moves, or by
    /// setup stones, gives the same judgment from it.
    pub fn canonical(&self) -> Board {
        let mut b = match Board::new(usize::from(self.size)) {
            Ok(b) => b,
            Err(_) => return self.clone(),
        };
        let stones = |c: Color| -> Vec<Point> {
            self.points().filter(|&p| self.get(p) == Some(c)).collect()
        };
        b.setup(&[], &stones(Color::Black), &stones(Color::White));
        b.ko = self.ko;
        b.captures = self.captures;
        b
    }

    /// SGF setup of one node (AE, then AB, then AW), with one rebuild.
    pub fn setup(&mut self, empty: &[Point], black: &[Point], white: &[Point]) {
        let lists = [
            (empty, None),
            (black, Some(Color::Black)),
            (white, Some(Color::White)),
        ];
        for (pts, stone) in lists {
            for &p in pts {
                if !p.is_on(self.size) {
                    continue;
                }
                let i = self.idx(p);
                if let Some(c) = color_of(self.cells[i]) {
                    self.hash ^= ZOBRIST[i][c.index()];
                }
                if let Some(c) = stone {
                    self.hash ^= ZOBRIST[i][c.index()];
                }
                self.cells[i] = stone.map_or(EMPTY, cell_of);
            }
        }
        self.ko = None;
        self.rebuild();
    }

    /// Recomputes chains, liberties and the empty list from the cells.
    pub(super) fn rebuild(&mut self) {
        self.empties.clear();
        let n = self.cells.len();
        for i in 0..n {
            match self.cells[i] {
                EMPTY => self.add_empty(i),
                BLACK | WHITE => {
                    self.head[i] = i as u16;
                    self.next[i] = i as u16;
                    self.chain_len[i] = 1;
                    self.libs[i] = 0;
                }
                _ => {}
            }
        }
        for i in 0..n {
            let c = self.cells[i];
            if c != BLACK && c != WHITE {
                continue;
            }
            for q in self.neighbours(i) {
                if self.cells[q] == EMPTY {
                    let h = usize::from(self.head[i]);
                    self.libs[h] += 1;
                } else if self.cells[q] == c && q > i {
                    self.merge(i, q);
                }
            }
        }
    }
}
