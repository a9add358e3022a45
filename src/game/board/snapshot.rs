//! A position kept small: what a walk over a variation tree holds for each
//! branch still to visit.

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
