//! Blocks of ten, as a referee counts territory and stones: tens, and one
//! remainder under ten. Each area gives what connected tens it can; what is
//! left of the areas is put together into tens (players move stones to make
//! tens of the leftovers), and only the last block is under ten.

use crate::count::Adjacency;
use crate::game::Point;

/// Up to ten points counted together, and the running total after them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    pub points: Vec<Point>,
    /// True when the points touch each other (a block shaped on the
    /// board); false for a ten made of leftovers of several areas.
    pub connected: bool,
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
    let n = usize::from(size);
    let at = |i: usize| Point::new((i % n) as u8, (i / n) as u8);
    let mut list: Vec<usize> = points
        .iter()
        .filter(|p| p.is_on(size))
        .map(|p| usize::from(p.y) * n + usize::from(p.x))
        .collect();
    list.sort_unstable();
    list.dedup();
    let mut left = Left::new(n, &list);
    let mut tens: Vec<(Vec<usize>, bool)> = Vec::new();
    let mut leftovers: Vec<usize> = Vec::new();
    // Areas (connected components) one at a time, so each search for a
    // starting point looks at its own area only.
    for area in areas(&left, &list) {
        while let Some(block) = left.peel(&area) {
            if block.len() == 10 {
                tens.push((block, true));
            } else {
                leftovers.extend(block);
            }
        }
    }
    for chunk in leftovers.chunks(10) {
        let connected = is_connected(chunk, Adjacency::of_size(n));
        tens.push((chunk.to_vec(), connected));
    }
    let mut total = 0;
    tens.into_iter()
        .map(|(block, connected)| {
            total += block.len();
            Block {
                points: block.iter().map(|&i| at(i)).collect(),
                connected,
                total,
            }
        })
        .collect()
}

/// Whether the points form one piece on the board.
fn is_connected(points: &[usize], adj: &Adjacency) -> bool {
    let Some(&first) = points.first() else {
        return true;
    };
    let mut seen = vec![first];
    let mut k = 0;
    while k < seen.len() {
        let i = seen[k];
        k += 1;
        for j in adj.of(i) {
            if points.contains(&j) && !seen.contains(&j) {
                seen.push(j);
            }
        }
    }
    seen.len() == points.len()
}

/// The points not yet in a block, with each one's free neighbours kept up
/// to date as points are taken.
struct Left {
    adj: &'static Adjacency,
    member: Vec<bool>,
    degree: Vec<u8>,
}

impl Left {
    fn new(n: usize, list: &[usize]) -> Left {
        let adj = Adjacency::of_size(n);
        let mut member = vec![false; n * n];
        for &i in list {
            member[i] = true;
        }
        let mut degree = vec![0u8; n * n];
        for &i in list {
            degree[i] = adj.of(i).filter(|&j| member[j]).count() as u8;
        }
        Left {
            adj,
            member,
            degree,
        }
    }

    fn take(&mut self, i: usize, block: &mut Vec<usize>) {
        self.member[i] = false;
        block.push(i);
        for j in self.adj.of(i) {
            self.degree[j] = self.degree[j].saturating_sub(1);
        }
    }

    /// The next block of an area: from the first tip (at most one free
    /// neighbour), failing that the point with the fewest, so the rest
    /// stays in one piece; grown breadth first up to ten.
    fn peel(&mut self, area: &[usize]) -> Option<Vec<usize>> {
        let mut start: Option<usize> = None;
        for &i in area.iter().filter(|&&i| self.member[i]) {
            if start.is_none_or(|s| self.degree[i] < self.degree[s]) {
                start = Some(i);
                if self.degree[i] <= 1 {
                    break;
                }
            }
        }
        let mut block = Vec::with_capacity(10);
        self.take(start?, &mut block);
        let mut k = 0;
        while k < block.len() && block.len() < 10 {
            let p = block[k];
            k += 1;
            for q in self.adj.of(p) {
                if block.len() < 10 && self.member[q] {
                    self.take(q, &mut block);
                }
            }
        }
        Some(block)
    }
}

/// The connected areas of the points, each in breadth-first order.
fn areas(left: &Left, list: &[usize]) -> Vec<Vec<usize>> {
    let mut seen = vec![false; left.member.len()];
    let mut out = Vec::new();
    for &first in list {
        if seen[first] {
            continue;
        }
        seen[first] = true;
        let mut area = vec![first];
        let mut k = 0;
        while k < area.len() {
            let i = area[k];
            k += 1;
            for j in left.adj.of(i) {
                if left.member[j] && !seen[j] {
                    seen[j] = true;
                    area.push(j);
                }
            }
        }
        out.push(area);
    }
    out
}
