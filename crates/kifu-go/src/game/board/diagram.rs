//! The board as text and back (tests, reports, `kifu show`), and the
//! checks of the board's own bookkeeping that tests run.

use super::*;

impl Board {
    /// The board as text, one row per line: `X` black, `O` white, `.` empty.
    pub fn to_diagram(&self) -> String {
        let mut s = String::with_capacity(self.area() * 2 + usize::from(self.size));
        for y in 0..self.size {
            for x in 0..self.size {
                if x > 0 {
                    s.push(' ');
                }
                s.push(match self.get(Point::new(x, y)) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                });
            }
            s.push('\n');
        }
        s
    }

    /// Builds a board from a diagram (tests, samples): one row per line,
    /// `X`/`x`/`#`/`B` black, `O`/`o`/`W` white, `.` or `+` empty; spaces
    /// ignored. Rows must be square.
    pub fn from_diagram(text: &str) -> Result<Board, String> {
        let rows: Vec<Vec<Option<Color>>> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(|l| {
                l.chars()
                    .filter(|c| !c.is_whitespace())
                    .map(|c| match c {
                        'X' | 'x' | '#' | 'B' => Ok(Some(Color::Black)),
                        'O' | 'o' | 'W' => Ok(Some(Color::White)),
                        '.' | '+' | ',' => Ok(None),
                        other => Err(format!("unexpected character {other:?} in diagram")),
                    })
                    .collect::<Result<Vec<_>, _>>()
            })
            .collect::<Result<_, _>>()?;
        let size = rows.len();
        if rows.iter().any(|r| r.len() != size) {
            return Err(format!("diagram is not square ({size} rows)"));
        }
        let mut board = Board::new(size).map_err(|e| e.to_string())?;
        for (y, row) in rows.iter().enumerate() {
            for (x, &stone) in row.iter().enumerate() {
                if let Some(c) = stone {
                    let i = board.idx(Point::new(x as u8, y as u8));
                    board.cells[i] = cell_of(c);
                    board.hash ^= ZOBRIST[i][c.index()];
                }
            }
        }
        board.rebuild();
        Ok(board)
    }

    /// Hash recomputed from scratch (tests check the incremental one).
    pub fn recompute_hash(&self) -> u64 {
        let mut h = 0;
        for p in self.points() {
            if let Some(c) = self.get(p) {
                h ^= ZOBRIST[self.idx(p)][c.index()];
            }
        }
        h
    }

    /// Every chain on the board has at least one liberty, and the
    /// pseudo-liberty counts match a recount (invariant for tests).
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut fresh = self.clone();
        fresh.rebuild();
        for p in self.points() {
            if self.get(p).is_some() {
                let i = self.idx(p);
                let h = usize::from(self.head[i]);
                let fh = usize::from(fresh.head[i]);
                if self.libs[h] != fresh.libs[fh] {
                    return Err(format!("pseudo-liberties of chain at {p:?} are stale"));
                }
                if self.liberties(p).is_empty() {
                    return Err(format!("chain at {p:?} has no liberty"));
                }
            }
        }
        if self.empties.len() != self.cells.iter().filter(|&&c| c == EMPTY).count() {
            return Err("empty list is out of date".into());
        }
        if self.hash != self.recompute_hash() {
            return Err("incremental hash differs from recomputed hash".into());
        }
        Ok(())
    }
}
