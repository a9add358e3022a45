//! Blocks of ten, as a referee counts territory and stones: tens, and one
//! remainder under ten. Each area gives what connected tens it can; what is
//! left of the areas is put together into tens (players move stones to make
//! tens of the leftovers), and only the last block is under ten.

use crate::game::Point;
use crate::game::point::MAX_SIZE;
use smallvec::SmallVec;

mod split;

/// The points of one block: ten at most, kept inline (a count makes some
/// seventy blocks; an allocation each was a tenth of its time).
pub type BlockPoints = SmallVec<[Point; 10]>;

/// Up to ten points counted together, and the running total after them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    /// The points counted in this block.
    pub points: BlockPoints,
    /// True when the points touch each other (a block shaped on the
    /// board); false for a ten made of leftovers of several areas.
    pub connected: bool,
    /// The running total after this block.
    pub total: usize,
}

/// Splits points into blocks of ten, as the Chinese method counts: every
/// block is a ten but the last, which holds the remainder (under ten).
/// Each area (a connected region) first gives connected tens, one piece on
/// the board each; the pieces left over of every area are then put
/// together into tens (`connected` false: a ten of several pieces, as
/// players make tens of leftovers), area by area, and what is left is the
/// remainder. The running total goes on from block to block.
pub fn blocks_of_ten(points: &[Point], size: u8) -> Vec<Block> {
    let mut left = Left::new(size);
    // The points' cells in board order, each once. Loops run over this
    // list, not over the board: a test per cell of the board mispredicts
    // on every irregular edge of an area, and cost most of the time.
    let mut list = Cells::new();
    for p in points.iter().filter(|p| p.is_on(size)) {
        let i = left.cell(p.x, p.y);
        if left.state[i] & MEMBER == 0 {
            left.state[i] |= MEMBER;
            list.push(i);
        }
    }
    let list = list.as_mut_slice();
    if !list.is_sorted() {
        list.sort_unstable();
    }
    left.blocks(list)
}

/// `blocks_of_ten` of the points whose class code (`PointClass::code`,
/// row-major `codes` of a `size` board) has its bit set in `wanted`. The
/// list is made in board order without a branch per point: the
/// walkthroughs make their sets so (picking the points by a `match`
/// was a mispredicted branch per point).
pub(crate) fn blocks_of_codes(codes: &[u8], size: u8, wanted: u16) -> Vec<Block> {
    let mut left = Left::new(size);
    let n = usize::from(size.min(MAX_SIZE));
    let mut list = Cells::new();
    for (y, row) in codes.chunks_exact(n.max(1)).take(n).enumerate() {
        let base = (y + 1) * left.stride + 1;
        for (x, &k) in row.iter().enumerate() {
            let member = ((wanted >> (k & 15)) & 1) as u8;
            left.state[base + x] = member;
            if let Some(slot) = list.at.get_mut(list.len) {
                *slot = (base + x) as u16;
            }
            list.len += usize::from(member);
        }
    }
    left.blocks(list.as_slice())
}

/// The largest board's cells with a border of one (see `Left`).
const CELLS: usize = (MAX_SIZE as usize + 2) * (MAX_SIZE as usize + 2);

/// `Left::state` bits: a point not yet in a block; a point an area's
/// search has reached.
const MEMBER: u8 = 1;
const SEEN: u8 = 2;
/// More `Left::state` bits, for `Left::is_connected`: a point of the
/// block being checked; one its search has reached.
const IN_CHUNK: u8 = 4;
const REACHED: u8 = 8;

/// A list of cells on the stack (at most every cell of the board): the
/// lists of one call need no allocation.
struct Cells {
    at: [u16; CELLS],
    len: usize,
}

impl Cells {
    fn new() -> Cells {
        Cells {
            at: [0; CELLS],
            len: 0,
        }
    }

    fn push(&mut self, i: usize) {
        if let Some(slot) = self.at.get_mut(self.len) {
            *slot = i as u16;
            self.len += 1;
        }
    }

    fn get(&self, k: usize) -> Option<usize> {
        self.as_slice().get(k).map(|&i| usize::from(i))
    }

    fn as_slice(&self) -> &[u16] {
        &self.at[..self.len]
    }

    fn as_mut_slice(&mut self) -> &mut [u16] {
        &mut self.at[..self.len]
    }
}

/// The points not yet in a block, with each one's free neighbours kept up
/// to date as points are taken. Laid out with a border of one cell that is
/// never a member, so a neighbour is one step away and needs no check (a
/// count makes three sets of blocks; see benches/count.rs).
struct Left {
    stride: usize,
    /// 2^16 / stride, rounded up (see `point`).
    reciprocal: usize,
    state: [u8; CELLS],
    degree: [u8; CELLS],
}

impl Left {
    fn new(size: u8) -> Left {
        Left {
            stride: usize::from(size.min(MAX_SIZE)) + 2,
            reciprocal: (1usize << 16).div_ceil(usize::from(size.min(MAX_SIZE)) + 2),
            state: [0; CELLS],
            degree: [0; CELLS],
        }
    }

    fn cell(&self, x: u8, y: u8) -> usize {
        (usize::from(y) + 1) * self.stride + usize::from(x) + 1
    }

    fn member(&self, i: usize) -> bool {
        self.state[i] & MEMBER != 0
    }

    /// The point of cell `i`. A multiplication by the stride's reciprocal
    /// instead of a division (exact for cells of a 25x25 board with its
    /// border: the error stays under 1/27): divisions were the cost of
    /// listing a block's points.
    fn point(&self, i: usize) -> Point {
        let y = (i * self.reciprocal) >> 16;
        let x = i - y * self.stride;
        Point::new((x - 1) as u8, (y - 1) as u8)
    }

    /// The neighbours in the order of the rest of counting: up, left,
    /// right, down.
    fn around(&self, i: usize) -> [usize; 4] {
        [i - self.stride, i - 1, i + 1, i + self.stride]
    }

    fn blocks(mut self, list: &[u16]) -> Vec<Block> {
        let mut out: Vec<Block> = Vec::with_capacity(list.len().div_ceil(10));
        let mut total = 0;
        let mut push = |left: &Left, block: &[u16], connected: bool| {
            total += block.len();
            // Filled in place and taken whole (collecting ten points one
            // by one checked the room for each).
            let mut points = [Point::new(0, 0); 10];
            for (slot, &i) in points.iter_mut().zip(block) {
                *slot = left.point(usize::from(i));
            }
            out.push(Block {
                points: BlockPoints::from_buf_and_len(points, block.len().min(10)),
                connected,
                total,
            });
        };
        // Each area's leftover (its pieces under ten), kept together.
        let mut leftovers: Vec<Vec<u16>> = Vec::new();
        let mut block = Block10::default();
        // Areas (connected components) one at a time, so each search for a
        // starting point looks at its own area only.
        let mut order = Cells::new();
        let mut start = 0;
        for &first in list {
            if !self.area(usize::from(first), &mut order) {
                continue;
            }
            let area = &order.as_slice()[start..];
            start = order.len;
            let mut lo = 0;
            let mut tens: Vec<[u16; 10]> = Vec::new();
            let mut rest: Vec<u16> = Vec::new();
            let mut pieces = 0;
            while self.peel(area, &mut lo, &mut block) {
                if let Ok(ten) = <[u16; 10]>::try_from(block.as_slice()) {
                    tens.push(ten);
                } else {
                    rest.extend_from_slice(block.as_slice());
                    pieces += 1;
                }
            }
            // The quick peel cut the area into scattered pieces: cut it
            // again keeping every ten and the remainder in one piece.
            if pieces > 1
                && let Some(cut) = split::connected_tens(area, self.stride, CELLS)
            {
                tens.clear();
                rest.clear();
                for piece in cut {
                    match <[u16; 10]>::try_from(piece.as_slice()) {
                        Ok(ten) => tens.push(ten),
                        Err(_) => rest = piece,
                    }
                }
            }
            for ten in &tens {
                push(&self, ten, true);
            }
            if !rest.is_empty() {
                leftovers.push(rest);
            }
        }
        for chunk in pack_leftovers(leftovers) {
            let connected = self.is_connected(&chunk);
            push(&self, &chunk, connected);
        }
        out
    }

    /// Whether the points (at most ten) form one piece on the board: a
    /// search marked on the cells' own state (a search over the list
    /// with `contains` was a sixth of making blocks).
    fn is_connected(&mut self, points: &[u16]) -> bool {
        let Some(&first) = points.first() else {
            return true;
        };
        for &i in points {
            self.state[usize::from(i)] |= IN_CHUNK;
        }
        let mut seen = [first; 10];
        let mut len = 1;
        self.state[usize::from(first)] |= REACHED;
        let mut k = 0;
        while k < len {
            let i = usize::from(seen[k]);
            k += 1;
            for j in self.around(i) {
                if self.state[j] & (IN_CHUNK | REACHED) == IN_CHUNK && len < seen.len() {
                    self.state[j] |= REACHED;
                    seen[len] = j as u16;
                    len += 1;
                }
            }
        }
        for &i in points {
            self.state[usize::from(i)] &= !(IN_CHUNK | REACHED);
        }
        len == points.len()
    }

    fn take(&mut self, i: usize, block: &mut Block10) {
        self.state[i] &= !MEMBER;
        block.push(i);
        for j in self.around(i) {
            self.degree[j] = self.degree[j].saturating_sub(1);
        }
    }

    /// The next block of an area into `block`: from the first tip (at most
    /// one free neighbour), failing that the point with the fewest, so the
    /// rest stays in one piece; grown breadth first up to ten. False when
    /// the area is used up. `lo`: where in `area` its first member may be.
    fn peel(&mut self, area: &[u16], lo: &mut usize, block: &mut Block10) -> bool {
        block.len = 0;
        while area.get(*lo).is_some_and(|&i| !self.member(usize::from(i))) {
            *lo += 1;
        }
        let mut start: Option<usize> = None;
        for &i in area.get(*lo..).unwrap_or_default() {
            let i = usize::from(i);
            if self.member(i) && start.is_none_or(|s| self.degree[i] < self.degree[s]) {
                start = Some(i);
                if self.degree[i] <= 1 {
                    break;
                }
            }
        }
        let Some(start) = start else {
            return false;
        };
        self.take(start, block);
        let mut k = 0;
        while k < block.len && block.len < 10 {
            let p = usize::from(block.at[k]);
            k += 1;
            for q in self.around(p) {
                if block.len < 10 && self.member(q) {
                    self.take(q, block);
                }
            }
        }
        true
    }

    /// The connected area of `first` appended to `order` in breadth-first
    /// order, each point's free neighbours counted on the way (before any
    /// of the area is taken); false when an earlier area already holds it.
    fn area(&mut self, first: usize, order: &mut Cells) -> bool {
        if self.state[first] & SEEN != 0 {
            return false;
        }
        self.state[first] |= SEEN;
        let mut k = order.len;
        order.push(first);
        while let Some(i) = order.get(k) {
            k += 1;
            let mut degree = 0;
            for j in self.around(i) {
                let state = self.state[j];
                degree += state & MEMBER;
                if state == MEMBER {
                    self.state[j] |= SEEN;
                    order.push(j);
                }
            }
            self.degree[i] = degree;
        }
        true
    }
}

/// A shade (0 or 1) for each block, so that blocks that touch differ
/// where two shades can do it (greedy in counting order: a block takes
/// the shade fewer of its earlier neighbours have). A class tells the tens
/// apart on the board by it; the labels tell them apart without colour.
pub fn block_shades(blocks: &[Block]) -> Vec<u8> {
    let mut shades: Vec<u8> = Vec::with_capacity(blocks.len());
    for (k, b) in blocks.iter().enumerate() {
        let mut touching = [0usize; 2];
        for (j, earlier) in blocks.iter().take(k).enumerate() {
            let touches = b.points.iter().any(|p| {
                earlier
                    .points
                    .iter()
                    .any(|q| p.x.abs_diff(q.x) + p.y.abs_diff(q.y) == 1)
            });
            if touches {
                let shade = shades.get(j).copied().unwrap_or(0);
                touching[usize::from(shade & 1)] += 1;
            }
        }
        shades.push(u8::from(touching[1] < touching[0]));
    }
    shades
}

/// The areas' leftovers made into tens, as players gather them: whole
/// leftovers that add up to exactly ten first (the fewest pieces each, so
/// no area's leftover is cut when it need not be), then the rest in
/// board order, ten by ten, the last block the remainder.
fn pack_leftovers(mut items: Vec<Vec<u16>>) -> Vec<Vec<u16>> {
    let mut out = Vec::new();
    // A leftover of ten or more (an area cut into pieces) gives its tens.
    let mut whole = Vec::new();
    for item in items.drain(..) {
        let mut item = item;
        while item.len() >= 10 {
            let rest = item.split_off(10);
            out.push(item);
            item = rest;
        }
        if !item.is_empty() {
            whole.push(item);
        }
    }
    while let Some(pick) = exact_ten(&whole) {
        let mut ten = Vec::with_capacity(10);
        // Taken from the back, so the indexes still hold.
        for &k in pick.iter().rev() {
            let mut part = whole.remove(k);
            part.append(&mut ten);
            ten = part;
        }
        out.push(ten);
    }
    let rest: Vec<u16> = whole.into_iter().flatten().collect();
    out.extend(rest.chunks(10).map(<[u16]>::to_vec));
    out
}

/// The fewest leftovers (indexes, ascending) whose sizes add up to ten:
/// subset sums up to ten, each sum reached with the fewest items.
fn exact_ten(items: &[Vec<u16>]) -> Option<Vec<usize>> {
    // best[s]: the fewest items adding to s, as their indexes.
    let mut best: [Option<Vec<usize>>; 11] = Default::default();
    best[0] = Some(Vec::new());
    for (k, item) in items.iter().enumerate() {
        let n = item.len();
        for s in (n..=10).rev() {
            let Some(from) = best[s - n].as_ref() else {
                continue;
            };
            if best[s].as_ref().is_none_or(|b| b.len() > from.len() + 1) {
                let mut with = from.clone();
                with.push(k);
                best[s] = Some(with);
            }
        }
    }
    best[10].take()
}

/// The block being peeled: up to ten cells.
#[derive(Default)]
struct Block10 {
    at: [u16; 10],
    len: usize,
}

impl Block10 {
    fn push(&mut self, i: usize) {
        if let Some(slot) = self.at.get_mut(self.len) {
            *slot = i as u16;
            self.len += 1;
        }
    }

    fn as_slice(&self) -> &[u16] {
        &self.at[..self.len]
    }
}
