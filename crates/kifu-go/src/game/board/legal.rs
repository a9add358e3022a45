//! Whether a move is legal on the board (occupied, simple ko, suicide)
//! and the hash it would make, for superko, without playing it.

use super::*;

impl Board {
    /// The cell of `p` when it is on the board and empty; else why not.
    pub(super) fn empty_cell(&self, p: Point) -> Result<usize, IllegalMove> {
        let err = |reason| IllegalMove {
            reason,
            point: p,
            size: self.size,
        };
        if !p.is_on(self.size) {
            return Err(err(IllegalReason::OffBoard));
        }
        let i = self.idx(p);
        if self.cells[i] != EMPTY {
            return Err(err(IllegalReason::Occupied));
        }
        Ok(i)
    }

    /// Checks a move without playing it (occupied, simple ko, suicide).
    pub fn check(&self, color: Color, mv: Move, suicide_allowed: bool) -> Result<(), IllegalMove> {
        let p = match mv {
            Move::Pass => return Ok(()),
            Move::Play(p) => p,
        };
        let err = |reason| IllegalMove {
            reason,
            point: p,
            size: self.size,
        };
        let i = self.empty_cell(p)?;
        if self.ko == Some((i as u16, color)) {
            return Err(err(IllegalReason::Ko));
        }
        if !suicide_allowed && self.is_suicide(i, color) {
            return Err(err(IllegalReason::Suicide));
        }
        Ok(())
    }

    /// Would a stone of `color` at empty `i` have no liberty after captures?
    pub(super) fn is_suicide(&self, i: usize, color: Color) -> bool {
        let me = cell_of(color);
        let nb = self.neighbours(i);
        // An empty neighbour is a liberty: the common case, settled before
        // any chain is looked at (playouts ask this of every point tried).
        if nb.iter().any(|&q| self.cells[q] == EMPTY) {
            return false;
        }
        for &q in &nb {
            match self.cells[q] {
                EDGE => {}
                c => {
                    let h = self.head[q];
                    let libs = self.libs[usize::from(h)];
                    // How many of this chain's pseudo-liberties are `i`
                    // itself: at most four, so a chain with more has
                    // another without counting (the walls around an eye,
                    // which playouts ask about again and again).
                    let other_libs = libs > 4
                        || libs
                            > nb.iter()
                                .filter(|&&r| self.cells[r] == c && self.head[r] == h)
                                .count() as u16;
                    if c == me && other_libs {
                        return false;
                    }
                    if c != me && !other_libs {
                        return false; // captures it
                    }
                }
            }
        }
        true
    }

    /// The hash after `color` plays at `p` (assumed legal), and whether the
    /// move removes any stone. Without a removal no earlier position can
    /// repeat (one more stone on the board), so superko checks need only
    /// the capturing moves.
    pub fn hash_after(&self, color: Color, p: Point) -> (u64, bool) {
        let i = self.idx(p);
        let me = cell_of(color);
        let nb = self.neighbours(i);
        let mut h = self.hash ^ ZOBRIST[i][color.index()];
        let mut removed = false;
        let mut seen: [u16; 4] = [0; 4];
        let mut n_seen = 0;
        let mut own_libs_elsewhere = nb.iter().any(|&q| self.cells[q] == EMPTY);
        for &q in &nb {
            let c = self.cells[q];
            if c != BLACK && c != WHITE {
                continue;
            }
            let head = self.head[q];
            let k = nb
                .iter()
                .filter(|&&r| self.cells[r] == c && self.head[r] == head)
                .count() as u16;
            let last_liberty = self.libs[usize::from(head)] == k;
            if c == me {
                own_libs_elsewhere |= !last_liberty;
                continue;
            }
            if !last_liberty || seen[..n_seen].contains(&head) {
                continue;
            }
            seen[n_seen] = head;
            n_seen += 1;
            removed = true;
            let ci = if c == BLACK { 0 } else { 1 };
            let start = usize::from(head);
            let mut s = start;
            loop {
                h ^= ZOBRIST[s][ci];
                s = usize::from(self.next[s]);
                if s == start {
                    break;
                }
            }
        }
        if !removed && !own_libs_elsewhere {
            // Suicide (only reached where the rules allow it): the own chain
            // and the new stone go.
            let mut after = self.clone();
            after.place(i, color);
            return (after.hash, true);
        }
        (h, removed)
    }
}
