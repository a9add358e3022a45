//! Blocks of ten, as a referee counts territory and stones: each area in
//! connected blocks of ten, its remainder a smaller block of its own.

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

/// Splits points into blocks of ten, as a referee counts territory: each
/// area (a connected region) in connected blocks of ten, its remainder a
/// smaller block of its own, so every block is one piece on the board
/// wherever the area allows; the full tens come first, then the rests, and
/// the running total goes on from block to block.
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
    let mut blocks = Vec::new();
    // Areas (connected components) one at a time, so each search for a
    // starting point looks at its own area only.
    for area in areas(&left, &list) {
        while let Some(block) = left.peel(&area) {
            blocks.push(Block {
                points: block.iter().map(|&i| at(i)).collect(),
                connected: true,
                total: 0,
            });
        }
    }
    // The full tens first, then the smaller rests, as one counts; the
    // running total in that order.
    blocks.sort_by_key(|b| b.points.len() < 10);
    let mut total = 0;
    for b in &mut blocks {
        total += b.points.len();
        b.total = total;
    }
    blocks
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
