//! The board: stones, chains, liberties, captures, simple ko and a zobrist
//! hash. Positional superko needs the game's history, so it lives in
//! `record.rs`; the board only supplies the hash.
//!
//! Layout: a flat array with a one-point border of `EDGE` cells, so that
//! neighbours need no bounds checks. Chains are circular linked lists
//! (`next`) with a head per stone and, at the head, a count of
//! pseudo-liberties (empty-neighbour adjacencies, counted with
//! multiplicity): a chain is captured exactly when that count reaches 0.
//! This is the classic fast playout board; the estimator plays thousands of
//! random games on it.

use std::fmt;

use super::point::{Color, MAX_SIZE, MIN_SIZE, Move, Point};

mod diagram;
mod errors;
mod fast;
mod legal;
pub use errors::*;
mod setup;
mod snapshot;
pub use snapshot::Snapshot;

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const EDGE: u8 = 3;

const MAX_STRIDE: usize = MAX_SIZE as usize + 2;
const MAX_CELLS: usize = MAX_STRIDE * MAX_STRIDE;

/// Zobrist keys per cell index and colour, fixed at compile time
/// (splitmix64) so hashes are the same on every run and machine.
static ZOBRIST: [[u64; 2]; MAX_CELLS] = zobrist_table();

const fn zobrist_table() -> [[u64; 2]; MAX_CELLS] {
    let mut table = [[0u64; 2]; MAX_CELLS];
    let mut state: u64 = 0x6b69_6675_2d67_6f21; // "kifu-go!"
    let mut i = 0;
    while i < MAX_CELLS {
        let mut c = 0;
        while c < 2 {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            table[i][c] = z ^ (z >> 31);
            c += 1;
        }
        i += 1;
    }
    table
}

fn cell_of(color: Color) -> u8 {
    match color {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

fn color_of(cell: u8) -> Option<Color> {
    // A table, not a `match`: stones and empty points alternate
    // unpredictably, and a branch per point was most of reading a board.
    const COLORS: [Option<Color>; 4] = [None, Some(Color::Black), Some(Color::White), None];
    COLORS[usize::from(cell & 3)]
}

/// A Go board: stones, captures, the ko point, and chains kept as
/// linked lists so a move and its captures cost little.
pub struct Board {
    size: u8,
    stride: usize,
    cells: Vec<u8>,
    head: Vec<u16>,
    next: Vec<u16>,
    libs: Vec<u16>,
    chain_len: Vec<u16>,
    /// Empty points, with each one's position in the list, for playouts.
    empties: Vec<u16>,
    empty_pos: Vec<u16>,
    hash: u64,
    /// The point the given colour may not play now (simple ko).
    ko: Option<(u16, Color)>,
    captures: [u32; 2],
}

impl PartialEq for Board {
    /// Two boards are equal when they hold the same stones, the same ko
    /// and the same capture counts (chain bookkeeping is derived).
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size
            && self.cells == other.cells
            && self.ko == other.ko
            && self.captures == other.captures
    }
}

impl Eq for Board {}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board {}x{}", self.size, self.size)?;
        f.write_str(&self.to_diagram())
    }
}

impl Board {
    /// An empty `size` x `size` board (2 to 25 lines), or why not.
    pub fn new(size: usize) -> Result<Board, BoardSizeError> {
        if !(usize::from(MIN_SIZE)..=usize::from(MAX_SIZE)).contains(&size) {
            return Err(BoardSizeError(size));
        }
        let stride = size + 2;
        let n = stride * stride;
        let mut board = Board {
            size: size as u8,
            stride,
            cells: vec![EDGE; n],
            head: vec![0; n],
            next: vec![0; n],
            libs: vec![0; n],
            chain_len: vec![0; n],
            empties: Vec::with_capacity(size * size),
            empty_pos: vec![0; n],
            hash: 0,
            ko: None,
            captures: [0; 2],
        };
        for y in 0..size {
            for x in 0..size {
                let i = board.idx(Point::new(x as u8, y as u8));
                board.cells[i] = EMPTY;
                board.add_empty(i);
            }
        }
        Ok(board)
    }

    /// The board's size (lines).
    pub fn size(&self) -> u8 {
        self.size
    }

    /// Number of points (N in docs/rules.md): 361 on 19x19.
    pub fn area(&self) -> usize {
        usize::from(self.size) * usize::from(self.size)
    }

    #[inline]
    fn idx(&self, p: Point) -> usize {
        (usize::from(p.y) + 1) * self.stride + usize::from(p.x) + 1
    }

    #[inline]
    fn point(&self, i: usize) -> Point {
        Point::new((i % self.stride - 1) as u8, (i / self.stride - 1) as u8)
    }

    #[inline]
    fn neighbours(&self, i: usize) -> [usize; 4] {
        [i - self.stride, i - 1, i + 1, i + self.stride]
    }

    /// The stone on `p`, if any (None off the board too).
    pub fn get(&self, p: Point) -> Option<Color> {
        if !p.is_on(self.size) {
            return None;
        }
        color_of(self.cells[self.idx(p)])
    }

    /// True when `p` is on the board and empty.
    pub fn is_empty_at(&self, p: Point) -> bool {
        p.is_on(self.size) && self.cells[self.idx(p)] == EMPTY
    }

    /// The Zobrist hash of the stones (for superko and repetition).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Stones captured so far by `by` (prisoners taken during play).
    pub fn captures(&self, by: Color) -> u32 {
        self.captures[by.index()]
    }

    /// Sets the number of stones `by` has captured.
    pub fn set_captures(&mut self, by: Color, n: u32) {
        self.captures[by.index()] = n;
    }

    /// The point `color` may not play at now because of simple ko.
    pub fn ko_point(&self) -> Option<(Point, Color)> {
        self.ko.map(|(i, c)| (self.point(usize::from(i)), c))
    }

    /// All points of the board, row by row from the top-left.
    pub fn points(&self) -> impl Iterator<Item = Point> + use<> {
        let size = self.size;
        (0..size).flat_map(move |y| (0..size).map(move |x| Point::new(x, y)))
    }

    /// What stands on every point, row by row from the top-left (index
    /// y * size + x): counting reads the board this way, not point by
    /// point.
    pub fn stones(&self) -> impl Iterator<Item = Option<Color>> + '_ {
        let n = usize::from(self.size);
        let stride = self.stride;
        (0..n).flat_map(move |y| {
            let row = (y + 1) * stride + 1;
            self.cells[row..row + n].iter().map(|&c| color_of(c))
        })
    }

    /// On-board neighbours of a point.
    pub fn adjacent(&self, p: Point) -> impl Iterator<Item = Point> + use<> {
        let size = self.size;
        let (x, y) = (i16::from(p.x), i16::from(p.y));
        [(x, y - 1), (x - 1, y), (x + 1, y), (x, y + 1)]
            .into_iter()
            .filter(move |&(a, b)| a >= 0 && b >= 0 && a < i16::from(size) && b < i16::from(size))
            .map(|(a, b)| Point::new(a as u8, b as u8))
    }

    /// How many stones of `color` are on the board.
    pub fn count_stones(&self, color: Color) -> usize {
        let c = cell_of(color);
        self.cells.iter().filter(|&&v| v == c).count()
    }

    /// The stones of the chain through `p` (empty if `p` holds no stone).
    pub fn chain(&self, p: Point) -> Vec<Point> {
        if self.get(p).is_none() {
            return Vec::new();
        }
        let start = self.idx(p);
        let mut out =
            Vec::with_capacity(usize::from(self.chain_len[usize::from(self.head[start])]));
        let mut i = start;
        loop {
            out.push(self.point(i));
            i = usize::from(self.next[i]);
            if i == start {
                break;
            }
        }
        out
    }

    /// True when the chain through `p` (a stone) is a single chain shared
    /// with `q`.
    pub fn same_chain(&self, p: Point, q: Point) -> bool {
        match (self.get(p), self.get(q)) {
            (Some(_), Some(_)) => self.head[self.idx(p)] == self.head[self.idx(q)],
            _ => false,
        }
    }

    fn add_empty(&mut self, i: usize) {
        self.empty_pos[i] = self.empties.len() as u16;
        self.empties.push(i as u16);
    }

    fn remove_empty(&mut self, i: usize) {
        let pos = usize::from(self.empty_pos[i]);
        if let Some(last) = self.empties.pop()
            && pos < self.empties.len()
        {
            self.empties[pos] = last;
            self.empty_pos[usize::from(last)] = pos as u16;
        }
    }

    /// Plays a move after checking it. On error the board is unchanged.
    pub fn play(
        &mut self,
        color: Color,
        mv: Move,
        suicide_allowed: bool,
    ) -> Result<PlayOutcome, IllegalMove> {
        self.check(color, mv, suicide_allowed)?;
        Ok(match mv {
            Move::Pass => {
                self.ko = None;
                PlayOutcome::default()
            }
            Move::Play(p) => self.place(self.idx(p), color),
        })
    }

    /// Plays a move from a record even if it breaks ko or suicide rules (the
    /// record says it happened). Only an occupied or off-board point is
    /// refused, since there is no way to put a stone there.
    pub fn play_forced(&mut self, color: Color, mv: Move) -> Result<PlayOutcome, IllegalMove> {
        match mv {
            Move::Pass => {
                self.ko = None;
                Ok(PlayOutcome::default())
            }
            Move::Play(p) => {
                let i = self.empty_cell(p)?;
                Ok(self.place(i, color))
            }
        }
    }

    /// Puts a stone on empty `i`, captures, merges, and removes the chain
    /// itself if it is left without liberties (suicide, when allowed).
    fn place(&mut self, i: usize, color: Color) -> PlayOutcome {
        let me = cell_of(color);
        let them = cell_of(color.opponent());
        self.cells[i] = me;
        self.remove_empty(i);
        self.hash ^= ZOBRIST[i][color.index()];
        self.head[i] = i as u16;
        self.next[i] = i as u16;
        self.chain_len[i] = 1;
        let nb = self.neighbours(i);
        self.libs[i] = nb.iter().filter(|&&q| self.cells[q] == EMPTY).count() as u16;
        // `i` is no longer a liberty of the neighbouring chains.
        for &q in &nb {
            if self.cells[q] == BLACK || self.cells[q] == WHITE {
                let h = usize::from(self.head[q]);
                self.libs[h] -= 1;
            }
        }
        let mut captured = 0u32;
        let mut last_captured = 0usize;
        for &q in &nb {
            if self.cells[q] == them && self.libs[usize::from(self.head[q])] == 0 {
                last_captured = q;
                captured += self.remove_chain(q);
            }
        }
        for &q in &nb {
            if self.cells[q] == me {
                self.merge(i, q);
            }
        }
        self.captures[color.index()] += captured;
        let h = usize::from(self.head[i]);
        let mut suicided = 0;
        if self.libs[h] == 0 {
            suicided = self.remove_chain(i);
            self.captures[color.opponent().index()] += suicided;
        }
        // Simple ko: a lone stone took exactly one stone and has exactly that
        // point as its only liberty.
        self.ko = if captured == 1 && suicided == 0 && self.chain_len[h] == 1 && self.libs[h] == 1 {
            Some((last_captured as u16, color.opponent()))
        } else {
            None
        };
        PlayOutcome { captured, suicided }
    }

    fn merge(&mut self, a: usize, b: usize) {
        let (mut ha, mut hb) = (usize::from(self.head[a]), usize::from(self.head[b]));
        if ha == hb {
            return;
        }
        if self.chain_len[ha] < self.chain_len[hb] {
            std::mem::swap(&mut ha, &mut hb);
        }
        // Relabel the smaller chain, then splice the two circular lists.
        let mut s = hb;
        loop {
            self.head[s] = ha as u16;
            s = usize::from(self.next[s]);
            if s == hb {
                break;
            }
        }
        self.next.swap(ha, hb);
        self.libs[ha] += self.libs[hb];
        self.chain_len[ha] += self.chain_len[hb];
    }

    /// Removes the chain through `i`, returns its size; neighbouring chains
    /// regain the liberties.
    fn remove_chain(&mut self, i: usize) -> u32 {
        let color = self.cells[i];
        let ci = if color == BLACK { 0 } else { 1 };
        let mut n = 0;
        let mut s = i;
        loop {
            self.cells[s] = EMPTY;
            self.hash ^= ZOBRIST[s][ci];
            self.add_empty(s);
            n += 1;
            s = usize::from(self.next[s]);
            if s == i {
                break;
            }
        }
        loop {
            for q in self.neighbours(s) {
                if self.cells[q] == BLACK || self.cells[q] == WHITE {
                    let h = usize::from(self.head[q]);
                    self.libs[h] += 1;
                }
            }
            s = usize::from(self.next[s]);
            if s == i {
                break;
            }
        }
        n
    }
}

#[cfg(test)]
mod tests;
