//! The board the dame are filled on: flood fills with scratch space
//! reused across queries (a count allocates little), and every chain's
//! liberties (up to 3) kept exact as stones are filled in, so judging a
//! fill needs no flood.

use crate::count::Adjacency;
use crate::game::Color;

/// Flood-fill scratch space reused across queries, so a count allocates
/// little.
pub(super) struct Grid {
    pub(super) n: usize,
    pub(super) adj: &'static Adjacency,
    pub(super) cells: Vec<Option<Color>>,
    /// `cells` as bytes (`EMPTY`, a colour's `kind`), one longer: the
    /// point past the board is `EDGE`, for `Adjacency::padded`.
    pub(super) kind: Vec<u8>,
    pub(super) stamp: Vec<u32>,
    pub(super) generation: u32,
    pub(super) stack: Vec<usize>,
    /// Each stone's chain number (chains joined by a fill are merged:
    /// `parent` leads to the chain's number now), and each chain's
    /// liberties: the exact number, or a floor (`AT_LEAST`) when a flood
    /// counted only that far or a merge knows no more. Exact counts and
    /// floors spare a fill the flood of every big chain it takes a
    /// liberty from (a fifth of a count).
    pub(super) chain_id: Vec<u32>,
    pub(super) chain_libs: Vec<u16>,
    /// Each chain's liberties themselves while it has fewer than 3 (the
    /// first `chain_libs` entries): fills are judged and counted from
    /// them, without a flood (floods of long chains with few liberties
    /// made filling the dame of an unfinished game quadratic).
    pub(super) chain_points: Vec<[u16; 3]>,
    pub(super) parent: Vec<u32>,
    /// Each chain's colour (`BLACK` or `WHITE`).
    chain_kind: Vec<u8>,
    /// `index_chains`' marks, kept for the room.
    mark: Vec<u8>,
}

impl Grid {
    pub(super) fn new(n: usize, adj: &'static Adjacency, cells: Vec<Option<Color>>) -> Grid {
        let mut kind = Vec::with_capacity(cells.len() + 1);
        kind.extend(cells.iter().map(|&c| c.map_or(EMPTY, kind_of)));
        kind.push(EDGE);
        Grid {
            n,
            adj,
            kind,
            stamp: vec![0; cells.len()],
            cells,
            generation: 0,
            stack: Vec::new(),
            chain_id: Vec::new(),
            chain_libs: Vec::new(),
            chain_points: Vec::new(),
            parent: Vec::new(),
            chain_kind: Vec::new(),
            mark: Vec::new(),
        }
    }

    pub(super) fn next_generation(&mut self) -> u32 {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
        self.generation
    }

    /// Stones of the chain at `start`.
    pub(super) fn chain(&mut self, start: usize) -> Vec<usize> {
        let Some(color) = self.cells[start] else {
            return Vec::new();
        };
        let g = self.next_generation();
        let mut out = vec![start];
        self.stack.clear();
        self.stack.push(start);
        self.stamp[start] = g;
        while let Some(i) = self.stack.pop() {
            for j in self.adj.of(i) {
                if self.stamp[j] != g && self.cells[j] == Some(color) {
                    self.stamp[j] = g;
                    self.stack.push(j);
                    out.push(j);
                }
            }
        }
        out
    }

    /// The single liberty of every chain in atari, with the chain's colour
    /// (chains in the order of their numbers: what is done with them does
    /// not depend on the order).
    pub(super) fn chains_in_atari(&self, out: &mut Vec<(usize, Color)>) {
        out.clear();
        // Over the chains, not the board: a chain now is one whose number
        // is its own (merged ones lead elsewhere).
        for (r, (&libs, &kind)) in self.chain_libs.iter().zip(&self.chain_kind).enumerate() {
            if libs == 1 && self.parent.get(r) == Some(&(r as u32)) {
                let color = if kind == BLACK {
                    Color::Black
                } else {
                    Color::White
                };
                out.push((usize::from(self.chain_points[r][0]), color));
            }
        }
    }

    /// True when a stone of either colour at `p` would capture.
    pub(super) fn would_capture(&self, p: usize) -> bool {
        self.adj
            .of(p)
            .any(|j| self.cells[j].is_some() && self.known_liberties(j) == 1)
    }

    /// How good filling `p` with `color` is, or None when it would be
    /// self-atari or would capture. The key prefers fills that leave the
    /// opponent out of atari, then fills touching more of one's own stones.
    pub(super) fn fill_key(&mut self, p: usize, color: Color) -> Option<(bool, usize)> {
        let mut own_safe = self.adj.of(p).filter(|&j| self.cells[j].is_none()).count() >= 2;
        let mut own_adjacent = 0;
        let mut opp_min = usize::MAX;
        for j in self.adj.of(p) {
            match self.cells[j] {
                Some(c) if c == color => {
                    own_adjacent += 1;
                    // A chain with three liberties keeps two after this
                    // stone joins it.
                    own_safe |= self.known_liberties(j) >= 3;
                }
                // `p` is one of its liberties: it keeps one fewer (two
                // stand for "two or more").
                Some(_) => {
                    opp_min = opp_min.min(
                        usize::from(self.known_liberties(j))
                            .min(3)
                            .saturating_sub(1),
                    );
                }
                None => {}
            }
        }
        let own = if own_safe {
            2
        } else {
            // Every chain of `color` around has under 3 liberties, known by
            // point: the stone's chain has theirs and its own, less `p`.
            let mut libs = Points::default();
            for j in self.adj.of(p) {
                match (self.cells[j], self.chain_number(j)) {
                    (None, _) => libs.add(j),
                    (Some(c), Some(r)) if c == color => {
                        let r = r as usize;
                        let known = usize::from(self.chain_libs[r]);
                        for &q in &self.chain_points[r][..known.min(3)] {
                            libs.add(usize::from(q));
                        }
                    }
                    _ => {}
                }
            }
            libs.remove(p);
            libs.len.min(2)
        };
        if opp_min == 0 || own < 2 {
            return None;
        }
        Some((opp_min >= 2, own_adjacent))
    }

    /// The liberties (up to 3) of the chain at `j`, exact; 0 for no stone.
    pub(super) fn known_liberties(&self, j: usize) -> u8 {
        match self.chain_id.get(j).copied() {
            None | Some(u32::MAX) => 0,
            Some(id) => self.chain_libs[self.root(id) as usize].min(3) as u8,
        }
    }

    /// The number of the chain at `j` now (None: no stone).
    pub(super) fn chain_number(&self, j: usize) -> Option<u32> {
        match self.chain_id.get(j).copied() {
            None | Some(u32::MAX) => None,
            Some(id) => Some(self.root(id)),
        }
    }

    /// The chain number `id` belongs to now (merged chains lead to one).
    fn root(&self, mut id: u32) -> u32 {
        while self.parent[id as usize] != id {
            id = self.parent[id as usize];
        }
        id
    }

    /// The liberties of the chain at `start` by a flood, with where they
    /// are (the first three): the exact number, or `AT_LEAST | STOP` when
    /// the flood stopped at `STOP`.
    fn count_liberties(&mut self, start: usize) -> (u16, [u16; 3]) {
        let mut found = Points::default();
        let Some(color) = self.cells[start] else {
            return (0, found.at);
        };
        let color = kind_of(color);
        let g = self.next_generation();
        self.stack.clear();
        self.stack.push(start);
        self.stamp[start] = g;
        while let Some(i) = self.stack.pop() {
            for j in self.adj.padded(i) {
                let k = self.kind[j];
                if (k != EMPTY && k != color) || self.stamp[j] == g {
                    continue;
                }
                self.stamp[j] = g;
                if k == EMPTY {
                    found.push_new(j);
                    if found.len >= STOP {
                        return (AT_LEAST | STOP as u16, found.at);
                    }
                } else {
                    self.stack.push(j);
                }
            }
        }
        (found.len as u16, found.at)
    }

    /// Numbers every chain and counts its liberties exactly (keeping where
    /// they are while under 4), so that fills can be judged without a
    /// flood; `fill` keeps the counts.
    pub(super) fn index_chains(&mut self) {
        let nn = self.n * self.n;
        self.chain_id.clear();
        self.chain_id.resize(nn, u32::MAX);
        // At most one chain per two points, as a rule far fewer: room for
        // them at once rather than growing (fills add a few more).
        let room = nn / 2 + 16;
        self.chain_libs.clear();
        self.chain_libs.reserve(room);
        self.chain_points.clear();
        self.chain_points.reserve(room);
        self.parent.clear();
        self.parent.reserve(room);
        self.chain_kind.clear();
        self.chain_kind.reserve(room);
        self.stack.reserve(nn);
        // On bytes and four neighbours each (`Adjacency::padded`): the
        // chains of the whole board are numbered here, the most of a
        // classification's time. The bytes are a copy of `kind` with each
        // stone numbered turned `NUMBERED`: one load and one test tell a
        // stone to take (its number read apart was a second load and
        // branch per neighbour).
        const NUMBERED: u8 = 4;
        let mut mark = std::mem::take(&mut self.mark);
        mark.clear();
        mark.extend_from_slice(&self.kind);
        // Liberties found for the chain being numbered are marked `FOUND`
        // too, and listed to be set back once it is done (a stamp per
        // point read apart was a load more per neighbour).
        const FOUND: u8 = 5;
        let mut found: Vec<usize> = Vec::with_capacity(nn);
        let mut stack: Vec<usize> = std::mem::take(&mut self.stack);
        for i in 0..nn {
            let color = mark[i];
            if color == EMPTY || color == NUMBERED {
                continue;
            }
            let id = self.chain_libs.len() as u32;
            stack.clear();
            stack.push(i);
            self.chain_id[i] = id;
            mark[i] = NUMBERED;
            found.clear();
            while let Some(s) = stack.pop() {
                for j in self.adj.padded(s) {
                    let k = mark[j];
                    if k == EMPTY {
                        mark[j] = FOUND;
                        found.push(j);
                    } else if k == color {
                        mark[j] = NUMBERED;
                        self.chain_id[j] = id;
                        stack.push(j);
                    }
                }
            }
            let mut libs = Points::default();
            for &j in &found {
                mark[j] = EMPTY;
                libs.push_new(j);
            }
            self.chain_libs.push(libs.len as u16);
            self.chain_points.push(libs.at);
            self.parent.push(id);
            self.chain_kind.push(color);
        }
        self.stack = stack;
        self.mark = mark;
    }

    /// Chain `r` (with a stone at `j`) lost its liberty `p` to a stone of
    /// the other colour: one fewer. An exact count over 4 stays exact and
    /// a floor over 3 a floor; at 4 or a floor of 3 a flood finds where
    /// the three left are.
    fn lose_liberty(&mut self, r: usize, j: usize, p: usize) {
        let exact = self.chain_libs[r];
        let floor = exact > AT_LEAST | 3;
        if floor || (exact & AT_LEAST == 0 && exact > 4) {
            self.chain_libs[r] = exact - 1;
        } else if exact >= 4 {
            (self.chain_libs[r], self.chain_points[r]) = self.count_liberties(j);
            if exact == 4 {
                // Four, one taken: the three the flood found are all.
                self.chain_libs[r] = 3;
            }
        } else {
            let mut left = Points::default();
            for &q in &self.chain_points[r][..usize::from(exact)] {
                left.add(usize::from(q));
            }
            left.remove(p);
            (self.chain_libs[r], self.chain_points[r]) = (left.len as u16, left.at);
        }
    }

    /// Places a stone (a dame filled, a point protected): it joins the
    /// chains of its colour around it, and the chains around it lose a
    /// liberty; their counts stay exact.
    pub(super) fn fill(&mut self, p: usize, color: Color) {
        self.cells[p] = Some(color);
        self.kind[p] = kind_of(color);
        let mut own: Option<u32> = None;
        let mut others: [u32; 4] = [u32::MAX; 4];
        // The new chain's liberties from its parts' (None: a part had 3 or
        // more, so they are counted by a flood).
        let mut merged = Some(Points::default());
        // A part with four liberties or more, exact, leaves the new chain
        // three or more without a flood (all but `p` stay its liberties).
        let mut floor = 0;
        for j in self.adj.of(p) {
            let Some(r) = self.chain_number(j) else {
                if self.cells[j].is_none()
                    && let Some(m) = merged.as_mut()
                {
                    m.add(j);
                }
                continue;
            };
            let exact = self.chain_libs[r as usize];
            if self.cells[j] == Some(color) {
                if exact > 3 {
                    floor = floor.max(exact & !AT_LEAST);
                }
                if let Some(m) = merged.as_mut() {
                    // Up to three liberties, all of them are known (a
                    // part with three joined without a flood: a fifth of
                    // a classification was such floods).
                    if exact > 3 {
                        merged = None;
                    } else {
                        for &q in &self.chain_points[r as usize][..usize::from(exact)] {
                            m.add(usize::from(q));
                        }
                    }
                }
                match own {
                    None => own = Some(r),
                    Some(o) if o != r => self.parent[r as usize] = o,
                    Some(_) => {}
                }
            } else if !others.contains(&r) {
                if let Some(slot) = others.iter_mut().find(|s| **s == u32::MAX) {
                    *slot = r;
                }
                self.lose_liberty(r as usize, j, p);
            }
        }
        let id = match own {
            Some(o) => o,
            None => {
                let id = self.chain_libs.len() as u32;
                self.chain_libs.push(0);
                self.chain_points.push([0; 3]);
                self.parent.push(id);
                self.chain_kind.push(kind_of(color));
                id
            }
        };
        if let Some(slot) = self.chain_id.get_mut(p) {
            *slot = id;
        }
        let (libs, points) = match merged {
            Some(mut m) => {
                m.remove(p);
                match m.len {
                    0..3 => (m.len as u16, m.at),
                    _ => (AT_LEAST | 3, m.at),
                }
            }
            None if floor >= 4 => (AT_LEAST | (floor - 1), [0; 3]),
            None => self.count_liberties(p),
        };
        self.chain_libs[id as usize] = libs;
        self.chain_points[id as usize] = points;
    }
}

/// `Grid::kind` values.
pub(super) const EMPTY: u8 = 0;
pub(super) const BLACK: u8 = 1;
pub(super) const WHITE: u8 = 2;
const EDGE: u8 = 3;

fn kind_of(c: Color) -> u8 {
    match c {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// A chain's liberties when only a floor (3 or more) is known:
/// `AT_LEAST | floor`. Each stone of the other colour then takes one off
/// the floor without a flood, down to 3.
const AT_LEAST: u16 = 0x8000;
/// Where a flood stops counting liberties (3: stopping later cost more
/// than the floods it spared, measured at 5 and 8).
const STOP: usize = 3;

/// Up to three distinct points (a chain's liberties while it has fewer
/// than three); `len` counts on past three without keeping them.
#[derive(Default, Clone, Copy)]
struct Points {
    at: [u16; 3],
    len: usize,
}

impl Points {
    /// `add` for a point known not to be here yet.
    fn push_new(&mut self, p: usize) {
        if let Some(slot) = self.at.get_mut(self.len) {
            *slot = p as u16;
        }
        self.len += 1;
    }

    fn add(&mut self, p: usize) {
        let kept = self.len.min(3);
        if self.at[..kept].contains(&(p as u16)) {
            return;
        }
        if self.len < 3 {
            self.at[self.len] = p as u16;
        }
        self.len += 1;
    }

    /// Removes `p` if kept (only meaningful while fewer than three).
    fn remove(&mut self, p: usize) {
        let kept = self.len.min(3);
        if let Some(k) = self.at[..kept].iter().position(|&q| usize::from(q) == p) {
            self.at.copy_within(k + 1..kept, k);
            self.len -= 1;
        }
    }
}
