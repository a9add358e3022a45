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
    match cell {
        BLACK => Some(Color::Black),
        WHITE => Some(Color::White),
        _ => None,
    }
}

/// Why a move is not allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IllegalReason {
    OffBoard,
    Occupied,
    Suicide,
    Ko,
    Superko,
}

/// An illegal move, with where it was tried.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub struct IllegalMove {
    pub reason: IllegalReason,
    pub point: Point,
    pub size: u8,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = if self.point.is_on(self.size) {
            self.point.to_gtp(self.size)
        } else {
            format!("[{}]", self.point.to_sgf())
        };
        match self.reason {
            IllegalReason::OffBoard => write!(f, "{at} is off the {0}x{0} board", self.size),
            IllegalReason::Occupied => write!(f, "{at} is already occupied"),
            IllegalReason::Suicide => write!(f, "{at} would be suicide (the stone has no liberty)"),
            IllegalReason::Ko => write!(f, "{at} retakes the ko at once: wait one move"),
            IllegalReason::Superko => {
                write!(f, "{at} repeats an earlier whole-board position (superko)")
            }
        }
    }
}

/// What a legal move did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PlayOutcome {
    /// Opponent stones removed.
    pub captured: u32,
    /// Own stones removed by an allowed suicide.
    pub suicided: u32,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardSizeError(pub usize);

impl fmt::Display for BoardSizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "board size {} is not supported: kifu plays on square boards from {MIN_SIZE}x{MIN_SIZE} to {MAX_SIZE}x{MAX_SIZE}",
            self.0
        )
    }
}

impl std::error::Error for BoardSizeError {}

#[derive(Clone)]
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

    pub fn get(&self, p: Point) -> Option<Color> {
        if !p.is_on(self.size) {
            return None;
        }
        color_of(self.cells[self.idx(p)])
    }

    pub fn is_empty_at(&self, p: Point) -> bool {
        p.is_on(self.size) && self.cells[self.idx(p)] == EMPTY
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Stones captured so far by `by` (prisoners taken during play).
    pub fn captures(&self, by: Color) -> u32 {
        self.captures[by.index()]
    }

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

    /// On-board neighbours of a point.
    pub fn adjacent(&self, p: Point) -> impl Iterator<Item = Point> + use<> {
        let size = self.size;
        let (x, y) = (i16::from(p.x), i16::from(p.y));
        [(x, y - 1), (x - 1, y), (x + 1, y), (x, y + 1)]
            .into_iter()
            .filter(move |&(a, b)| a >= 0 && b >= 0 && a < i16::from(size) && b < i16::from(size))
            .map(|(a, b)| Point::new(a as u8, b as u8))
    }

    pub fn count_stones(&self, color: Color) -> usize {
        let c = cell_of(color);
        self.cells.iter().filter(|&&v| v == c).count()
    }

    /// Empty points, in no particular order (for playouts).
    pub fn empty_points(&self) -> impl Iterator<Item = Point> + '_ {
        self.empties.iter().map(|&i| self.point(usize::from(i)))
    }

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
        let refused = self.eye_like_at(i, color)
            || self.ko == Some((i as u16, color))
            || self.is_suicide(i, color)
            || (careful && self.self_atari_at(i, color));
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
        let n = usize::from(self.size);
        for y in 0..n {
            for x in 0..n {
                let i = (y + 1) * self.stride + x + 1;
                let mut c = self.cells[i];
                if c == EMPTY {
                    let mut seen = EDGE;
                    for q in self.neighbours(i) {
                        match self.cells[q] {
                            EDGE => {}
                            d if seen == EDGE => seen = d,
                            d if d != seen => {
                                seen = EMPTY;
                                break;
                            }
                            _ => {}
                        }
                    }
                    c = seen;
                }
                let k = y * n + x;
                if c == BLACK {
                    counts[k] += 1;
                } else if c == WHITE {
                    counts[k] -= 1;
                }
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
        if self
            .neighbours(i)
            .iter()
            .any(|&q| self.cells[q] != me && self.cells[q] != EDGE)
        {
            return false;
        }
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

    /// Distinct liberties of the chain through `p`.
    pub fn liberties(&self, p: Point) -> Vec<Point> {
        let mut libs: Vec<Point> = Vec::new();
        for s in self.chain(p) {
            for q in self.adjacent(s) {
                if self.is_empty_at(q) && !libs.contains(&q) {
                    libs.push(q);
                }
            }
        }
        libs
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
        if !p.is_on(self.size) {
            return Err(err(IllegalReason::OffBoard));
        }
        let i = self.idx(p);
        if self.cells[i] != EMPTY {
            return Err(err(IllegalReason::Occupied));
        }
        if self.ko == Some((i as u16, color)) {
            return Err(err(IllegalReason::Ko));
        }
        if !suicide_allowed && self.is_suicide(i, color) {
            return Err(err(IllegalReason::Suicide));
        }
        Ok(())
    }

    /// Would a stone of `color` at empty `i` have no liberty after captures?
    fn is_suicide(&self, i: usize, color: Color) -> bool {
        let me = cell_of(color);
        let nb = self.neighbours(i);
        for &q in &nb {
            match self.cells[q] {
                EMPTY => return false,
                EDGE => {}
                c => {
                    let h = self.head[q];
                    // How many of this chain's pseudo-liberties are `i` itself.
                    let k = nb
                        .iter()
                        .filter(|&&r| self.cells[r] == c && self.head[r] == h)
                        .count() as u16;
                    let other_libs = self.libs[usize::from(h)] > k;
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
    fn rebuild(&mut self) {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn b(d: &str) -> Board {
        Board::from_diagram(d).unwrap()
    }

    fn pt(s: &str, size: u8) -> Point {
        Point::from_gtp(s, size).unwrap()
    }

    fn play(board: &mut Board, c: Color, s: &str) -> Result<PlayOutcome, IllegalMove> {
        let size = board.size();
        board.play(c, Move::Play(pt(s, size)), false)
    }

    #[test]
    fn single_stone_capture_in_the_middle() {
        let mut board = b("
            . . . . .
            . . X . .
            . X O . .
            . . X . .
            . . . . .");
        let out = play(&mut board, Color::Black, "D3").unwrap();
        assert_eq!(out.captured, 1);
        assert_eq!(board.captures(Color::Black), 1);
        assert_eq!(
            board.to_diagram(),
            b("
            . . . . .
            . . X . .
            . X . X .
            . . X . .
            . . . . .")
            .to_diagram()
        );
        board.check_invariants().unwrap();
    }

    #[test]
    fn corner_and_edge_captures() {
        let mut board = b("
            O X . .
            . . . .
            . . . .
            . . . .");
        assert_eq!(play(&mut board, Color::Black, "A3").unwrap().captured, 1);
        let mut board = b("
            . O O X
            . X X .
            . . . .
            . . . .");
        assert_eq!(play(&mut board, Color::Black, "A4").unwrap().captured, 2);
        board.check_invariants().unwrap();
    }

    #[test]
    fn one_move_captures_two_groups() {
        let mut board = b("
            . X . X .
            X O . O X
            . X . X .
            . . . . .
            . . . . .");
        // C4 fills the last liberty of both white stones.
        let out = play(&mut board, Color::Black, "C4").unwrap();
        assert_eq!(out.captured, 2);
        assert!(board.get(pt("B4", 5)).is_none());
        assert!(board.get(pt("D4", 5)).is_none());
        board.check_invariants().unwrap();
    }

    #[test]
    fn suicide_refused_unless_allowed() {
        let board = b("
            . X . .
            X . . .
            . . . .
            . . . .");
        let mut b1 = board.clone();
        let err = play(&mut b1, Color::White, "A4").unwrap_err();
        assert_eq!(err.reason, IllegalReason::Suicide);
        assert_eq!(b1, board, "a refused move leaves the board unchanged");
        // Multi-stone suicide where the rules allow it (NZ, Tromp-Taylor).
        let mut b2b = b("
            O . X .
            X X . .
            . . . .
            . . . .");
        assert_eq!(
            b2b.clone()
                .play(Color::White, Move::Play(pt("B4", 4)), false)
                .unwrap_err()
                .reason,
            IllegalReason::Suicide
        );
        let out = b2b
            .play(Color::White, Move::Play(pt("B4", 4)), true)
            .unwrap();
        assert_eq!(out.suicided, 2);
        assert_eq!(b2b.captures(Color::Black), 2);
        assert!(b2b.get(pt("A4", 4)).is_none());
        b2b.check_invariants().unwrap();
    }

    #[test]
    fn capture_beats_suicide() {
        let mut board = b("
            . O X .
            O X . .
            X . . .
            . . . .");
        // White A4 joins B4 and A3, whose only liberty was A4, and takes
        // nothing: suicide.
        assert_eq!(
            play(&mut board, Color::White, "A4").unwrap_err().reason,
            IllegalReason::Suicide
        );
        // Black A4 has no empty neighbour either, but it captures both.
        assert_eq!(play(&mut board, Color::Black, "A4").unwrap().captured, 2);
        board.check_invariants().unwrap();
    }

    #[test]
    fn simple_ko_and_its_release() {
        let mut board = b("
            . X O . .
            X . X O .
            . X O . .
            . . . . .
            . . . . .");
        // White takes the ko at B4.
        let out = play(&mut board, Color::White, "B4").unwrap();
        assert_eq!(out.captured, 1);
        assert_eq!(board.ko_point(), Some((pt("C4", 5), Color::Black)));
        let err = play(&mut board, Color::Black, "C4").unwrap_err();
        assert_eq!(err.reason, IllegalReason::Ko);
        assert_eq!(err.to_string(), "C4 retakes the ko at once: wait one move");
        // A ko threat elsewhere and its answer release the ko.
        play(&mut board, Color::Black, "E1").unwrap();
        play(&mut board, Color::White, "D1").unwrap();
        assert_eq!(play(&mut board, Color::Black, "C4").unwrap().captured, 1);
        board.check_invariants().unwrap();
    }

    #[test]
    fn pass_clears_ko() {
        let mut board = b("
            . X O . .
            X . X O .
            . X O . .
            . . . . .
            . . . . .");
        play(&mut board, Color::White, "B4").unwrap();
        board.play(Color::Black, Move::Pass, false).unwrap();
        assert_eq!(board.ko_point(), None);
    }

    #[test]
    fn capture_with_other_liberties_is_not_ko() {
        let mut board = b("
            . X . . .
            X O X . .
            . . . . .
            . . . . .
            . . . . .");
        assert_eq!(play(&mut board, Color::Black, "B3").unwrap().captured, 1);
        assert_eq!(board.ko_point(), None);
        // White may play back into B4 at once (it is not a ko recapture):
        // it is suicide, though, so it is refused for that reason only.
        assert_eq!(
            play(&mut board, Color::White, "B4").unwrap_err().reason,
            IllegalReason::Suicide
        );
    }

    #[test]
    fn occupied_and_off_board() {
        let mut board = b("
            X . .
            . . .
            . . .");
        assert_eq!(
            play(&mut board, Color::White, "A3").unwrap_err().reason,
            IllegalReason::Occupied
        );
        let err = board
            .play(Color::White, Move::Play(Point::new(3, 0)), false)
            .unwrap_err();
        assert_eq!(err.reason, IllegalReason::OffBoard);
    }

    #[test]
    fn sizes_outside_2_to_25_are_refused() {
        assert!(Board::new(1).is_err());
        assert!(Board::new(26).is_err());
        assert_eq!(Board::new(2).unwrap().area(), 4);
        assert_eq!(Board::new(25).unwrap().area(), 625);
    }

    #[test]
    fn hash_returns_after_capture_and_retake_cycle() {
        let mut board = Board::new(9).unwrap();
        let h0 = board.hash();
        board
            .play(Color::Black, Move::Play(Point::new(2, 2)), false)
            .unwrap();
        assert_ne!(board.hash(), h0);
        assert_eq!(board.hash(), board.recompute_hash());
    }

    #[test]
    fn setup_stones_rebuild_chains() {
        let mut board = Board::new(5).unwrap();
        board.set_point(pt("A5", 5), Some(Color::White));
        board.set_point(pt("B5", 5), Some(Color::Black));
        board.set_point(pt("A4", 5), Some(Color::Black));
        // White A5 has no liberties after setup (SGF allows it); a play
        // elsewhere must still work and the board stays consistent.
        assert_eq!(board.liberties(pt("A5", 5)).len(), 0);
        board.set_point(pt("A5", 5), None);
        board.check_invariants().unwrap();
        assert_eq!(board.chain(pt("B5", 5)).len(), 1);
    }

    #[test]
    fn playouts_answer_the_last_move() {
        let board = |d: &str| Board::from_diagram(d).unwrap_or_else(|e| panic!("{e}"));
        // White's lone B4 is in atari: Black takes it at C4. White's
        // B2-B1-C1 is in atari too (C2), but only lone stones are taken at
        // once. Black's D1, in atari after White's C1, is not saved at E1:
        // that would be self-atari.
        let b = board(
            "\
. X . . .
X O . . .
X X X . .
X O . O .
X O O X .",
        );
        let cell = |b: &Board, s: &str| b.idx(pt(s, 5));
        assert_eq!(
            b.capture_cell(cell(&b, "B4"), Color::Black),
            Some(cell(&b, "C4"))
        );
        assert_eq!(b.capture_cell(cell(&b, "B2"), Color::Black), None);
        // Not in atari, or not the opponent's: nothing to take.
        assert_eq!(b.capture_cell(cell(&b, "D2"), Color::Black), None);
        assert_eq!(b.capture_cell(cell(&b, "B4"), Color::White), None);
        assert_eq!(b.escape_cell(cell(&b, "C1"), Color::Black), None);
        // Black's C3, in atari after D3, runs out at C2 (three liberties).
        let b = board(
            "\
. . . . .
. . O . .
. O X O .
. . . . .
. . . . .",
        );
        assert_eq!(
            b.escape_cell(cell(&b, "D3"), Color::Black),
            Some(cell(&b, "C2"))
        );
    }
}
