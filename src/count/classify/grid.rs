//! The board the dame are filled on: flood fills with scratch space
//! reused across queries (a count allocates little), and chain liberties
//! cached for a filling pass.

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
    /// Chain numbers and liberty counts (up to 3) from the start of a
    /// filling pass; `dirty` chains have been touched by a fill since.
    pub(super) chain_id: Vec<u32>,
    pub(super) chain_libs: Vec<u8>,
    pub(super) dirty: Vec<bool>,
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
            dirty: Vec::new(),
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

    /// The single liberty of every chain in atari, with the chain's colour.
    pub(super) fn chains_in_atari(&mut self, out: &mut Vec<(usize, Color)>) {
        out.clear();
        let nn = self.n * self.n;
        // One flood per chain: stones are stamped with the chain's own
        // generation, liberties are counted as found.
        let first = self.next_generation();
        let mut libs_seen: Vec<usize> = Vec::with_capacity(2);
        for i in 0..nn {
            let Some(color) = self.cells[i] else {
                continue;
            };
            if self.stamp[i] >= first {
                continue;
            }
            let g = self.next_generation();
            libs_seen.clear();
            self.stack.clear();
            self.stack.push(i);
            self.stamp[i] = g;
            while let Some(s) = self.stack.pop() {
                for j in self.adj.of(s) {
                    match self.cells[j] {
                        None if libs_seen.len() < 2 && !libs_seen.contains(&j) => {
                            libs_seen.push(j);
                        }
                        Some(c) if c == color && self.stamp[j] != g => {
                            self.stamp[j] = g;
                            self.stack.push(j);
                        }
                        _ => {}
                    }
                }
            }
            if let [lib] = libs_seen[..] {
                out.push((lib, color));
            }
        }
    }

    /// True when a stone of either colour at `p` would capture.
    pub(super) fn would_capture(&mut self, p: usize) -> bool {
        let ns: Vec<usize> = self.adj.of(p).collect();
        ns.into_iter()
            .any(|j| self.cells[j].is_some() && self.liberties(j, 2) == 1)
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
                    // A clean chain with three liberties keeps two after
                    // this stone joins it.
                    own_safe |= self.known_liberties(j) >= 3;
                }
                Some(_) => {
                    if self.known_liberties(j) >= 3 {
                        opp_min = opp_min.min(2);
                    } else {
                        self.cells[p] = Some(color);
                        opp_min = opp_min.min(self.liberties(j, 2));
                        self.cells[p] = None;
                    }
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

    /// The liberties (up to 3) of the chain at `j` as indexed at the start
    /// of the pass, or 0 when unknown (the chain changed since).
    pub(super) fn known_liberties(&self, j: usize) -> u8 {
        match self.chain_id[j] {
            u32::MAX => 0,
            id if self.dirty[id as usize] => 0,
            id => self.chain_libs[id as usize],
        }
    }

    /// Numbers every chain and counts its liberties up to 3, so that most
    /// fills can be judged without a flood.
    pub(super) fn index_chains(&mut self) {
        let nn = self.n * self.n;
        self.chain_id.clear();
        self.chain_id.resize(nn, u32::MAX);
        self.chain_libs.clear();
        self.dirty.clear();
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
            self.dirty.push(false);
        }
    }

    /// Places a filling stone: the chains around it are no longer as
    /// indexed.
    pub(super) fn fill(&mut self, p: usize, color: Color) {
        self.cells[p] = Some(color);
        for j in self.adj.of(p) {
            if let Some(id) = self.chain_id.get(j).copied().filter(|&id| id != u32::MAX) {
                self.dirty[id as usize] = true;
            }
        }
    }
}
