//! Copies of a board: a position kept small (what a walk over a variation
//! tree holds for each branch still to visit), and a board copied whole.

use super::*;

/// A board in two bits a point, with its ko and prisoners: about 100
/// bytes on 19x19 where a full board (chains, liberties, the empty list)
/// takes about 6 KB. Enough to make the board again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    size: u8,
    packed: Box<[u8]>,
    ko: Option<(u16, Color)>,
    captures: [u32; 2],
}

impl Board {
    /// This board, kept small.
    pub fn snapshot(&self) -> Snapshot {
        let mut packed = vec![0u8; self.area().div_ceil(4)];
        for (k, p) in self.points().enumerate() {
            let v = match self.get(p) {
                None => 0,
                Some(Color::Black) => 1,
                Some(Color::White) => 2,
            };
            packed[k / 4] |= v << (2 * (k % 4));
        }
        Snapshot {
            size: self.size,
            packed: packed.into(),
            ko: self.ko,
            captures: self.captures,
        }
    }

    /// The board a snapshot was taken of (equal to it, hash included).
    pub fn from_snapshot(s: &Snapshot) -> Result<Board, BoardSizeError> {
        let mut b = Board::new(usize::from(s.size))?;
        let (mut black, mut white) = (Vec::new(), Vec::new());
        for (k, p) in b.points().enumerate() {
            match (s.packed[k / 4] >> (2 * (k % 4))) & 3 {
                1 => black.push(p),
                2 => white.push(p),
                _ => {}
            }
        }
        b.setup(&[], &black, &white);
        b.ko = s.ko;
        b.captures = s.captures;
        Ok(b)
    }
}

impl Clone for Board {
    fn clone(&self) -> Board {
        Board {
            size: self.size,
            stride: self.stride,
            cells: self.cells.clone(),
            head: self.head.clone(),
            next: self.next.clone(),
            libs: self.libs.clone(),
            chain_len: self.chain_len.clone(),
            empties: self.empties.clone(),
            empty_pos: self.empty_pos.clone(),
            hash: self.hash,
            ko: self.ko,
            captures: self.captures,
        }
    }

    /// In place, keeping this board's room: the estimator's playouts
    /// start each game from one board copied onto another (an allocation
    /// per table per playout otherwise).
    fn clone_from(&mut self, source: &Board) {
        self.size = source.size;
        self.stride = source.stride;
        self.cells.clone_from(&source.cells);
        self.head.clone_from(&source.head);
        self.next.clone_from(&source.next);
        self.libs.clone_from(&source.libs);
        self.chain_len.clone_from(&source.chain_len);
        self.empties.clone_from(&source.empties);
        self.empty_pos.clone_from(&source.empty_pos);
        self.hash = source.hash;
        self.ko = source.ko;
        self.captures = source.captures;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_snapshot_gives_back_the_same_board() {
        let mut b = Board::from_diagram(
            ". X O . .
             X O . O .
             . X O . .
             . . . . .
             . . . . X",
        )
        .unwrap();
        // Black takes at C4: a ko White may not retake at once.
        let taken = b.play(Color::Black, Move::Play(Point::new(2, 1)), false);
        assert!(taken.is_ok());
        assert!(b.ko_point().is_some());
        let back = Board::from_snapshot(&b.snapshot()).unwrap();
        assert_eq!(back, b);
        assert_eq!(back.hash(), b.hash());
        assert_eq!(back.ko_point(), b.ko_point());
        assert_eq!(back.captures(Color::Black), 1);
        assert!(back.check_invariants().is_ok());
    }
}
