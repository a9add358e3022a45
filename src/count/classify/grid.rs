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
    pub(super) stamp: Vec<u32>,
    pub(super) generation: u32,
    pub(super) stack: Vec<usize>,
    /// Each stone's chain number (chains joined by a fill are merged:
    /// `parent` leads to the chain's number now), and each chain's
    /// liberties up to 3, exact.
    pub(super) chain_id: Vec<u32>,
    pub(super) chain_libs: Vec<u8>,
    pub(super) parent: Vec<u32>,
}

impl Grid {
    pub(super) fn new(n: usize, adj: &'static Adjacency, cells: Vec<Option<Color>>) -> Grid {
        Grid {
            n,
            adj,
            stamp: vec![0; cells.len()],
            cells,
            generation: 0,
            stack: Vec::new(),
            chain_id: Vec::new(),
            chain_libs: Vec::new(),
            parent: Vec::new(),
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

    /// Liberties of the chain at `start`, counted up to `cap`.
    pub(super) fn liberties(&mut self, start: usize, cap: usize) -> usize {
        let Some(color) = self.cells[start] else {
            return 0;
        };
        let g = self.next_generation();
        let mut count = 0;
        self.stack.clear();
        self.stack.push(start);
        self.stamp[start] = g;
        while let Some(i) = self.stack.pop() {
            for j in self.adj.of(i) {
                if self.stamp[j] == g {
                    continue;
                }
                match self.cells[j] {
                    None => {
                        self.stamp[j] = g;
                        count += 1;
                        if count >= cap {
                            return count;
                        }
                    }
                    Some(c) if c == color => {
                        self.stamp[j] = g;
                        self.stack.push(j);
                    }
                    Some(_) => {}
                }
            }
        }
        count
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
    /// (chains in the order of their first stone).
    pub(super) fn chains_in_atari(&mut self, out: &mut Vec<(usize, Color)>) {
        out.clear();
        let first = self.next_generation();
        for i in 0..self.n * self.n {
            let Some(color) = self.cells[i] else {
                continue;
            };
            if self.stamp[i] >= first || self.known_liberties(i) != 1 {
                continue;
            }
            // The chain's stones are stamped so it is taken once.
            let g = self.next_generation();
            let mut lib = None;
            self.stack.clear();
            self.stack.push(i);
            self.stamp[i] = g;
            while let Some(s) = self.stack.pop() {
                for j in self.adj.of(s) {
                    match self.cells[j] {
                        None => lib = Some(j),
                        Some(c) if c == color && self.stamp[j] != g => {
                            self.stamp[j] = g;
                            self.stack.push(j);
                        }
                        _ => {}
                    }
                }
            }
            if let Some(lib) = lib {
                out.push((lib, color));
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
            self.cells[p] = Some(color);
            let l = self.liberties(p, 2);
            self.cells[p] = None;
            l
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
            Some(id) => self.chain_libs[self.root(id) as usize],
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

    /// The liberties of the chain at `start`, up to 3, by a flood.
    fn count_liberties(&mut self, start: usize) -> u8 {
        self.liberties(start, 3) as u8
    }

    /// Numbers every chain and counts its liberties up to 3, so that fills
    /// can be judged without a flood; `fill` keeps it exact.
    pub(super) fn index_chains(&mut self) {
        let nn = self.n * self.n;
        self.chain_id.clear();
        self.chain_id.resize(nn, u32::MAX);
        self.chain_libs.clear();
        self.parent.clear();
        for i in 0..nn {
            let Some(color) = self.cells[i] else {
                continue;
            };
            if self.chain_id[i] != u32::MAX {
                continue;
            }
            let id = self.chain_libs.len() as u32;
            let g = self.next_generation();
            let mut libs = 0u8;
            self.stack.clear();
            self.stack.push(i);
            self.chain_id[i] = id;
            while let Some(s) = self.stack.pop() {
                for j in self.adj.of(s) {
                    match self.cells[j] {
                        None if self.stamp[j] != g => {
                            self.stamp[j] = g;
                            libs = libs.saturating_add(1).min(3);
                        }
                        Some(c) if c == color && self.chain_id[j] == u32::MAX => {
                            self.chain_id[j] = id;
                            self.stack.push(j);
                        }
                        _ => {}
                    }
                }
            }
            self.chain_libs.push(libs);
            self.parent.push(id);
        }
    }

    /// Places a stone (a dame filled, a point protected): it joins the
    /// chains of its colour around it, and the chains around it lose a
    /// liberty; their counts stay exact.
    pub(super) fn fill(&mut self, p: usize, color: Color) {
        self.cells[p] = Some(color);
        let mut own: Option<u32> = None;
        let mut others: [u32; 4] = [u32::MAX; 4];
        for j in self.adj.of(p) {
            let Some(id) = self.chain_id.get(j).copied().filter(|&id| id != u32::MAX) else {
                continue;
            };
            let r = self.root(id);
            if self.cells[j] == Some(color) {
                match own {
                    None => own = Some(r),
                    Some(o) if o != r => self.parent[r as usize] = o,
                    Some(_) => {}
                }
            } else if !others.contains(&r) {
                if let Some(slot) = others.iter_mut().find(|s| **s == u32::MAX) {
                    *slot = r;
                }
                // `p` was one of its liberties: one fewer; "three or more"
                // is counted again.
                let libs = self.chain_libs[r as usize];
                self.chain_libs[r as usize] = if libs >= 3 {
                    self.count_liberties(j)
                } else {
                    libs.saturating_sub(1)
                };
            }
        }
        let id = match own {
            Some(o) => o,
            None => {
                let id = self.chain_libs.len() as u32;
                self.chain_libs.push(0);
                self.parent.push(id);
                id
            }
        };
        if let Some(slot) = self.chain_id.get_mut(p) {
            *slot = id;
        }
        self.chain_libs[id as usize] = self.count_liberties(p);
    }
}
