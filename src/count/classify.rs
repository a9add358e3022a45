//! What every point is once the dead stones are off the board: a live
//! stone, territory, a seki eye, dame, or a seki liberty.
//!
//! Empty points (and the points of dead stones) are grouped into regions.
//! A region touching live stones of one colour only is that colour's
//! territory. A region touching both colours is neutral, and the hard
//! question is which of its points are unfilled dame and which are the
//! shared liberties of a seki: a group that merely touches an unfilled dame
//! is not in seki.
//!
//! kifu decides by filling: each neutral point is filled, in a simulation,
//! by a colour that can play there without putting its own stones in atari
//! and without capturing anything, as players fill dame before counting.
//! When nothing more can be filled, the neutral points left are those
//! neither side can fill without self-atari: seki liberties. The groups
//! next to them are in seki, and so are the one-colour regions (eyes) they
//! enclose: those eyes count for area but not as territory (Japanese 1989,
//! art. 8). Players can also mark a group as seki by hand.

use crate::count::Adjacency;
use crate::count::marks::Marks;
use crate::game::{Board, Color, Point};

/// A region bordered by a seki group counts as that group's eye when it is
/// at most this big (a nakade-sized space) or when every group around it is
/// in seki. A large area that merely touches a seki group stays territory.
const MAX_SEKI_EYE: usize = 7;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PointClass {
    /// A live stone (also in seki).
    Stone(Color),
    /// Empty, or a dead stone's point, surrounded by one colour.
    Territory(Color),
    /// An eye of a group in seki: area for its owner, not territory.
    SekiEye(Color),
    /// A point of its own territory the owner must fill once the dame are
    /// filled, to keep a group out of atari: area, but not territory.
    Protect(Color),
    /// A neutral point that can be filled: should be, before an area count.
    Dame,
    /// A neutral point neither side can fill without self-atari.
    SekiLiberty,
}

impl PointClass {
    /// Whose area the point is (stones, territory and seki eyes).
    pub fn area_owner(self) -> Option<Color> {
        match self {
            PointClass::Stone(c)
            | PointClass::Territory(c)
            | PointClass::SekiEye(c)
            | PointClass::Protect(c) => Some(c),
            PointClass::Dame | PointClass::SekiLiberty => None,
        }
    }

    pub fn is_neutral(self) -> bool {
        matches!(self, PointClass::Dame | PointClass::SekiLiberty)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Classification {
    size: u8,
    class: Vec<PointClass>,
    /// The dead stone taken off this point, if any.
    dead: Vec<Option<Color>>,
    /// Live stones of groups in seki.
    seki: Vec<bool>,
    /// One-point eyes that are false (informational: counted as usual).
    false_eye: Vec<bool>,
}

fn own_only(c: Color) -> [bool; 2] {
    match c {
        Color::Black => [true, false],
        Color::White => [false, true],
    }
}

struct Region {
    points: Vec<usize>,
    touches: [bool; 2],
}

/// Flood-fill scratch space reused across queries, so a count allocates
/// little.
struct Grid {
    n: usize,
    adj: &'static Adjacency,
    cells: Vec<Option<Color>>,
    stamp: Vec<u32>,
    generation: u32,
    stack: Vec<usize>,
    /// Chain numbers and liberty counts (up to 3) from the start of a
    /// filling pass; `dirty` chains have been touched by a fill since.
    chain_id: Vec<u32>,
    chain_libs: Vec<u8>,
    dirty: Vec<bool>,
}

impl Grid {
    fn next_generation(&mut self) -> u32 {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
        self.generation
    }

    /// Liberties of the chain at `start`, counted up to `cap`.
    fn liberties(&mut self, start: usize, cap: usize) -> usize {
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
    fn chain(&mut self, start: usize) -> Vec<usize> {
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
    fn chains_in_atari(&mut self, out: &mut Vec<(usize, Color)>) {
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
    fn would_capture(&mut self, p: usize) -> bool {
        let ns: Vec<usize> = self.adj.of(p).collect();
        ns.into_iter()
            .any(|j| self.cells[j].is_some() && self.liberties(j, 2) == 1)
    }

    /// How good filling `p` with `color` is, or None when it would be
    /// self-atari or would capture. The key prefers fills that leave the
    /// opponent out of atari, then fills touching more of one's own stones.
    fn fill_key(&mut self, p: usize, color: Color) -> Option<(bool, usize)> {
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
    fn known_liberties(&self, j: usize) -> u8 {
        match self.chain_id[j] {
            u32::MAX => 0,
            id if self.dirty[id as usize] => 0,
            id => self.chain_libs[id as usize],
        }
    }

    /// Numbers every chain and counts its liberties up to 3, so that most
    /// fills can be judged without a flood.
    fn index_chains(&mut self) {
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
    fn fill(&mut self, p: usize, color: Color) {
        self.cells[p] = Some(color);
        for j in self.adj.of(p) {
            if let Some(id) = self.chain_id.get(j).copied().filter(|&id| id != u32::MAX) {
                self.dirty[id as usize] = true;
            }
        }
    }
}

impl Classification {
    pub fn classify(board: &Board, marks: &Marks) -> Classification {
        let plain = Self::classify_plain(board, marks);
        Self::seki_behind_a_dead_stone(board, marks, plain)
    }

    /// A dead stone in an eye of one point beside it (the stone and one
    /// empty point, the rest the owner's stones) is not taken up when the
    /// group is in seki (Japanese 1989, the commentary on art. 10,
    /// reference figure 17): with the stone off, the eye looks like two
    /// points and the group could seem free to fill the shared liberty.
    /// So each such eye is also read with the capture played out (the
    /// owner's stone on the empty point, the dead stone off); when that
    /// shows a seki the plain reading did not, it is the count, the eye
    /// (both points) a seki eye and the dead stone no prisoner.
    fn seki_behind_a_dead_stone(
        board: &Board,
        marks: &Marks,
        plain: Classification,
    ) -> Classification {
        let size = board.size();
        let mut best = plain;
        for d in board.points() {
            let Some(c) = board.get(d).filter(|_| marks.is_dead(d)) else {
                continue;
            };
            let owner = c.opponent();
            let mut empty = None;
            let mut enclosed = true;
            for q in board.adjacent(d) {
                match board.get(q) {
                    Some(k) if k == owner && !marks.is_dead(q) => {}
                    None if empty.is_none() => empty = Some(q),
                    _ => enclosed = false,
                }
            }
            let Some(e) = empty.filter(|_| enclosed) else {
                continue;
            };
            if board
                .adjacent(e)
                .any(|q| q != d && (board.get(q) != Some(owner) || marks.is_dead(q)))
            {
                continue;
            }
            let mut played = board.clone();
            let (b, w) = match owner {
                Color::Black => (vec![e], vec![]),
                Color::White => (vec![], vec![e]),
            };
            played.setup(&[d], &b, &w);
            let out = Self::classify_plain(&played, marks);
            let new_seki = board
                .points()
                .any(|p| board.get(p) == Some(owner) && out.in_seki(p) && !best.in_seki(p));
            if !new_seki {
                continue;
            }
            let mut out = out;
            let n = usize::from(size);
            for p in [d, e] {
                let i = usize::from(p.y) * n + usize::from(p.x);
                out.class[i] = PointClass::SekiEye(owner);
                out.seki[i] = false;
            }
            let i = usize::from(d.y) * n + usize::from(d.x);
            out.dead[i] = Some(c);
            best = out;
        }
        best
    }

    /// The classification with every dead stone taken off.
    fn classify_plain(board: &Board, marks: &Marks) -> Classification {
        let size = board.size();
        let n = usize::from(size);
        let nn = n * n;
        let at = |i: usize| Point::new((i % n) as u8, (i / n) as u8);
        let mut dead = vec![None; nn];
        let mut alive = vec![None; nn];
        for (i, d) in dead.iter_mut().enumerate() {
            let p = at(i);
            match board.get(p) {
                Some(c) if marks.is_dead(p) => *d = Some(c),
                stone => alive[i] = stone,
            }
        }

        let adj = Adjacency::of_size(n);
        // Regions of empty and dead-stone points.
        let mut region_of = vec![usize::MAX; nn];
        let mut regions: Vec<Region> = Vec::new();
        for start in 0..nn {
            if alive[start].is_some() || region_of[start] != usize::MAX {
                continue;
            }
            let id = regions.len();
            let mut r = Region {
                points: vec![start],
                touches: [false; 2],
            };
            region_of[start] = id;
            let mut k = 0;
            while k < r.points.len() {
                let i = r.points[k];
                k += 1;
                for j in adj.of(i) {
                    match alive[j] {
                        Some(c) => r.touches[c.index()] = true,
                        None if region_of[j] == usize::MAX => {
                            region_of[j] = id;
                            r.points.push(j);
                        }
                        None => {}
                    }
                }
            }
            regions.push(r);
        }

        // Fill the neutral regions as players fill dame.
        let mut grid = Grid {
            n,
            adj,
            cells: alive.clone(),
            stamp: vec![0; nn],
            generation: 0,
            stack: Vec::new(),
            chain_id: Vec::new(),
            chain_libs: Vec::new(),
            dirty: Vec::new(),
        };
        let candidates: Vec<usize> = regions
            .iter()
            .filter(|r| r.touches == [true, true])
            .flat_map(|r| r.points.iter().copied())
            .collect();
        let mut protect = vec![false; nn];
        let mut atari = Vec::new();
        loop {
            let mut changed = false;
            grid.index_chains();
            for &p in &candidates {
                if grid.cells[p].is_some() {
                    continue;
                }
                let b = grid.fill_key(p, Color::Black);
                let w = grid.fill_key(p, Color::White);
                let color = match (b, w) {
                    (Some(kb), Some(kw)) if kw > kb => Color::White,
                    (Some(_), _) => Color::Black,
                    (None, Some(_)) => Color::White,
                    (None, None) => continue,
                };
                grid.fill(p, color);
                changed = true;
            }
            // A group left in atari by the filled dame must connect out
            // through its own territory: that point will hold a stone.
            grid.chains_in_atari(&mut atari);
            for &(lib, color) in &atari {
                let r = region_of[lib];
                if r != usize::MAX && regions[r].touches == own_only(color) && !protect[lib] {
                    protect[lib] = true;
                    grid.cells[lib] = Some(color);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }

        let mut class = vec![PointClass::Dame; nn];
        let mut seki = vec![false; nn];
        for i in 0..nn {
            if let Some(c) = alive[i] {
                class[i] = PointClass::Stone(c);
                seki[i] = marks.is_seki(at(i));
            }
        }
        for &p in &candidates {
            // A point that is left because filling it would capture is
            // not a seki liberty: the chain in atari there is dead or
            // unsettled, and the point stays dame.
            if grid.cells[p].is_none() && !grid.would_capture(p) {
                class[p] = PointClass::SekiLiberty;
                let ns: Vec<usize> = grid.adj.of(p).collect();
                for j in ns {
                    if grid.cells[j].is_some() {
                        for s in grid.chain(j) {
                            if alive[s].is_some() {
                                seki[s] = true;
                            }
                        }
                    }
                }
            }
        }
        // Neutral points next to a group the players marked seki are its
        // shared liberties.
        for &p in &candidates {
            if grid
                .adj
                .of(p)
                .any(|j| alive[j].is_some() && marks.is_seki(at(j)))
            {
                class[p] = PointClass::SekiLiberty;
            }
        }

        // One-colour regions: territory, or the eyes of a seki group.
        // Seki spreads through an eye to every group around it, so this
        // repeats until nothing changes.
        let mut is_eye = vec![false; regions.len()];
        let mut changed = seki.iter().any(|&s| s);
        while changed {
            changed = false;
            for (id, r) in regions.iter().enumerate() {
                let owner = match r.touches {
                    [true, false] => Color::Black,
                    [false, true] => Color::White,
                    _ => continue,
                };
                if is_eye[id] {
                    continue;
                }
                let border = border_stones(grid.adj, &r.points, &alive, owner);
                let any = border.iter().any(|&s| seki[s]);
                let all = border.iter().all(|&s| seki[s]);
                if any && (all || r.points.len() <= MAX_SEKI_EYE) {
                    is_eye[id] = true;
                    changed = true;
                    for s in border {
                        if !seki[s] {
                            for t in grid.chain(s) {
                                if alive[t].is_some() {
                                    seki[t] = true;
                                }
                            }
                        }
                    }
                }
            }
        }
        let mut false_eye = vec![false; nn];
        for (id, r) in regions.iter().enumerate() {
            let owner = match r.touches {
                [true, false] => Color::Black,
                [false, true] => Color::White,
                _ => continue,
            };
            let c = if is_eye[id] {
                PointClass::SekiEye(owner)
            } else {
                PointClass::Territory(owner)
            };
            for &p in &r.points {
                class[p] = if protect[p] && !is_eye[id] {
                    PointClass::Protect(owner)
                } else {
                    c
                };
            }
            if let [p] = r.points[..] {
                false_eye[p] = is_false_eye(&mut grid, &alive, p, owner);
            }
        }
        Classification {
            size,
            class,
            dead,
            seki,
            false_eye,
        }
    }

    pub fn size(&self) -> u8 {
        self.size
    }

    fn idx(&self, p: Point) -> Option<usize> {
        p.is_on(self.size)
            .then(|| usize::from(p.y) * usize::from(self.size) + usize::from(p.x))
    }

    pub fn at(&self, p: Point) -> PointClass {
        self.idx(p).map_or(PointClass::Dame, |i| self.class[i])
    }

    /// The dead stone that stood on `p`, if any.
    pub fn dead_at(&self, p: Point) -> Option<Color> {
        self.idx(p).and_then(|i| self.dead[i])
    }

    /// True for a live stone of a group in seki.
    pub fn in_seki(&self, p: Point) -> bool {
        self.idx(p).is_some_and(|i| self.seki[i])
    }

    pub fn is_false_eye(&self, p: Point) -> bool {
        self.idx(p).is_some_and(|i| self.false_eye[i])
    }

    /// Every point with its class, top row first.
    pub fn points(&self) -> impl Iterator<Item = (Point, PointClass)> + '_ {
        // Rows and columns, not index arithmetic: divisions would cost more
        // than the rest of a count.
        let n = self.size;
        (0..n).flat_map(move |y| {
            (0..n).map(move |x| {
                let i = usize::from(y) * usize::from(n) + usize::from(x);
                (Point::new(x, y), self.class[i])
            })
        })
    }

    pub fn count(&self, f: impl Fn(PointClass) -> bool) -> usize {
        self.class.iter().filter(|&&c| f(c)).count()
    }

    /// Dead stones of `color` taken off the board.
    pub fn dead_count(&self, color: Color) -> usize {
        self.dead.iter().filter(|&&d| d == Some(color)).count()
    }

    /// Dead stones of `color` that sit inside a seki eye: under territory
    /// rules they are not prisoners (Japanese 1989, art. 10).
    pub fn dead_in_seki_eyes(&self, color: Color) -> usize {
        self.dead
            .iter()
            .zip(&self.class)
            .filter(|&(&d, &c)| d == Some(color) && matches!(c, PointClass::SekiEye(_)))
            .count()
    }

    /// A map of the classes, one character per point, for tests and
    /// diagnostics: `X`/`O` live stones (`#`/`@` in seki), `b`/`w`
    /// territory, `B`/`W` seki eyes, `p` a point to fill in one's own
    /// territory, `.` dame, `s` seki liberty.
    pub fn to_map(&self) -> String {
        let n = usize::from(self.size);
        let mut out = String::with_capacity(n * (2 * n + 1));
        for (i, c) in self.class.iter().enumerate() {
            let ch = match c {
                PointClass::Stone(Color::Black) if self.seki[i] => '#',
                PointClass::Stone(Color::White) if self.seki[i] => '@',
                PointClass::Stone(Color::Black) => 'X',
                PointClass::Stone(Color::White) => 'O',
                PointClass::Territory(Color::Black) => 'b',
                PointClass::Territory(Color::White) => 'w',
                PointClass::SekiEye(Color::Black) => 'B',
                PointClass::SekiEye(Color::White) => 'W',
                PointClass::Protect(_) => 'p',
                PointClass::Dame => '.',
                PointClass::SekiLiberty => 's',
            };
            out.push(ch);
            out.push(if (i + 1) % n == 0 { '\n' } else { ' ' });
        }
        out
    }
}

/// The live stones of `owner` around a region.
fn border_stones(
    adj: &Adjacency,
    points: &[usize],
    alive: &[Option<Color>],
    owner: Color,
) -> Vec<usize> {
    let mut out: Vec<usize> = points
        .iter()
        .flat_map(|&i| adj.of(i))
        .filter(|&j| alive[j] == Some(owner))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// A one-point eye whose surrounding stones are not one chain and whose
/// diagonals the opponent holds (two in the centre, one on the edge).
fn is_false_eye(grid: &mut Grid, alive: &[Option<Color>], p: usize, owner: Color) -> bool {
    let n = grid.n;
    let around: Vec<usize> = grid.adj.of(p).collect();
    let Some(&first) = around.first() else {
        return false;
    };
    let chain = grid.chain(first);
    if around.iter().all(|j| chain.contains(j)) {
        return false;
    }
    let (x, y) = ((p % n) as isize, (p / n) as isize);
    let mut on_board = 0;
    let mut enemy = 0;
    for (dx, dy) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
        let (qx, qy) = (x + dx, y + dy);
        if qx < 0 || qy < 0 || qx >= n as isize || qy >= n as isize {
            continue;
        }
        on_board += 1;
        if alive[qy as usize * n + qx as usize] == Some(owner.opponent()) {
            enemy += 1;
        }
    }
    if on_board < 4 { enemy >= 1 } else { enemy >= 2 }
}
