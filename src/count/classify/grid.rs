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
    /// Each chain's liberties themselves while it has fewer than 3 (the
    /// first `chain_libs` entries): fills are judged and counted from
    /// them, without a flood (floods of long chains with few liberties
    /// made filling the dame of an unfinished game quadratic).
    pub(super) chain_points: Vec<[u16; 3]>,
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
            chain_points: Vec::new(),
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
        let g = self.next_generation();
        for i in 0..self.n * self.n {
            let (Some(color), Some(r)) = (self.cells[i], self.chain_number(i)) else {
                continue;
            };
            let r = r as usize;
            // Stamped by chain number, so each chain is taken once.
            if self.chain_libs[r] != 1 || self.stamp[r] == g {
                continue;
            }
            self.stamp[r] = g;
            out.push((usize::from(self.chain_points[r][0]), color));
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

    /// The liberties of the chain at `start`, up to 3, by a flood, with
    /// where they are.
    fn count_liberties(&mut self, start: usize) -> (u8, [u16; 3]) {
        let mut found = Points::default();
        let Some(color) = self.cells[start] else {
            return (0, found.at);
        };
        let g = self.next_generation();
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
                        found.add(j);
                        if found.len >= 3 {
                            return (3, found.at);
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
        (found.len as u8, found.at)
    }

    /// Numbers every chain and counts its liberties up to 3, so that fills
    /// can be judged without a flood; `fill` keeps it exact.
    pub(super) fn index_chains(&mut self) {
        let nn = self.n * self.n;
        self.chain_id.clear();
        self.chain_id.resize(nn, u32::MAX);
        self.chain_libs.clear();
        self.chain_points.clear();
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
            let mut libs = Points::default();
            self.stack.clear();
            self.stack.push(i);
            self.chain_id[i] = id;
            while let Some(s) = self.stack.pop() {
                for j in self.adj.of(s) {
                    match self.cells[j] {
                        None if self.stamp[j] != g => {
                            self.stamp[j] = g;
                            libs.add(j);
                        }
                        Some(c) if c == color && self.chain_id[j] == u32::MAX => {
                            self.chain_id[j] = id;
                            self.stack.push(j);
                        }
                        _ => {}
                    }
                }
            }
            self.chain_libs.push(libs.len.min(3) as u8);
            self.chain_points.push(libs.at);
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
        // The new chain's liberties from its parts' (None: a part had 3 or
        // more, so they are counted by a flood).
        let mut merged = Some(Points::default());
        for j in self.adj.of(p) {
            let Some(r) = self.chain_number(j) else {
                if self.cells[j].is_none()
                    && let Some(m) = merged.as_mut()
                {
                    m.add(j);
                }
                continue;
            };
            let libs = self.chain_libs[r as usize];
            if self.cells[j] == Some(color) {
                if let Some(m) = merged.as_mut() {
                    if libs >= 3 {
                        merged = None;
                    } else {
                        for &q in &self.chain_points[r as usize][..usize::from(libs)] {
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
                // `p` was one of its liberties: one fewer; "three or more"
                // is counted again.
                let r = r as usize;
                if libs >= 3 {
                    (self.chain_libs[r], self.chain_points[r]) = self.count_liberties(j);
                } else {
                    let mut left = Points::default();
                    for &q in &self.chain_points[r][..usize::from(libs)] {
                        left.add(usize::from(q));
                    }
                    left.remove(p);
                    (self.chain_libs[r], self.chain_points[r]) = (left.len as u8, left.at);
                }
            }
        }
        let id = match own {
            Some(o) => o,
            None => {
                let id = self.chain_libs.len() as u32;
                self.chain_libs.push(0);
                self.chain_points.push([0; 3]);
                self.parent.push(id);
                id
            }
        };
        if let Some(slot) = self.chain_id.get_mut(p) {
            *slot = id;
        }
        let (libs, points) = match merged {
            Some(mut m) => {
                m.remove(p);
                (m.len.min(3) as u8, m.at)
            }
            None => self.count_liberties(p),
        };
        self.chain_libs[id as usize] = libs;
        self.chain_points[id as usize] = points;
    }
}

/// Up to three distinct points (a chain's liberties while it has fewer
/// than three); `len` counts on past three without keeping them.
#[derive(Default, Clone, Copy)]
struct Points {
    at: [u16; 3],
    len: usize,
}

impl Points {
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
