//! One area cut into connected tens and one connected remainder, when the
//! quick peel (breadth first from a tip) cut the area into scattered
//! pieces: each ten grows only by points whose taking leaves the rest of
//! the area in one piece (no articulation point of the rest), so a class
//! sees every block as one shape and the area's remainder as one more.

/// The neighbours of cell `i` on a board laid out with a border of one
/// cell (`stride` cells a row): up, left, right, down.
fn around(i: usize, stride: usize) -> [usize; 4] {
    [i - stride, i - 1, i + 1, i + stride]
}

/// How many starting points one ten may try.
const STARTS: usize = 12;

/// How many blocks in the making a search may try in all: the first
/// choices can leave the rest a path that the block touches in its middle,
/// or a rest that cannot give its own tens.
const BUDGET: usize = 800;

/// The area's cells (`area`, one connected piece, cells of a board with a
/// border) as connected tens and, when the size is not a multiple of ten,
/// one connected remainder last; None when no such cut was found. The
/// remainder is tried first as a piece of its own (a tail of the area is
/// often the only place it fits), then last, as what the tens leave.
pub(super) fn connected_tens(area: &[u16], stride: usize, cells: usize) -> Option<Vec<Vec<u16>>> {
    let mut rest = vec![false; cells];
    for &i in area {
        *rest.get_mut(usize::from(i))? = true;
    }
    let (tens, remainder) = (area.len() / 10, area.len() % 10);
    let mut orders = vec![vec![10; tens]];
    if remainder > 0 {
        let mut first = vec![remainder];
        first.extend(std::iter::repeat_n(10, tens));
        orders.insert(0, first);
        orders[1].push(remainder);
    }
    let far = distances(area, &rest, stride);
    for mut sizes in orders {
        // The last piece is what the others leave.
        let last = sizes.pop();
        let mut search = Search {
            area,
            rest: rest.clone(),
            far: &far,
            stride,
            budget: BUDGET,
            sizes,
            out: Vec::with_capacity(tens + 1),
        };
        if last.is_none() || !search.next_piece() {
            continue;
        }
        let mut out = search.out;
        out.push(
            area.iter()
                .copied()
                .filter(|&i| search.rest[usize::from(i)])
                .collect(),
        );
        // Tens first, the remainder last, as counting goes.
        out.sort_by_key(|piece| piece.len() < 10);
        return Some(out);
    }
    None
}

/// A depth-first search for the tens: each point added to a ten touches
/// it and leaves the rest in one piece (so the remainder, what is left at
/// the end, is one piece too).
struct Search<'a> {
    area: &'a [u16],
    /// The area's points in no ten yet, by cell.
    rest: Vec<bool>,
    /// Each cell's distance from the area's first point: tens are taken
    /// from the far end, so the rest keeps round its first point.
    far: &'a [usize],
    stride: usize,
    budget: usize,
    /// The sizes of the pieces to cut, in order (the last piece, what they
    /// leave, not among them).
    sizes: Vec<usize>,
    out: Vec<Vec<u16>>,
}

impl Search<'_> {
    /// The next pieces of the rest, each from the far end of the rest
    /// first (points whose taking leaves it in one piece).
    fn next_piece(&mut self) -> bool {
        if self.out.len() >= self.sizes.len() {
            return true;
        }
        let cut = articulation(self.area, &self.rest, self.stride);
        let mut starts: Vec<(usize, u16)> = self
            .area
            .iter()
            .copied()
            .filter(|&i| self.rest[usize::from(i)] && !cut[usize::from(i)])
            .map(|i| (usize::MAX - self.far[usize::from(i)], i))
            .collect();
        starts.sort_unstable();
        for &(_, start) in starts.iter().take(STARTS) {
            let start = usize::from(start);
            self.rest[start] = false;
            let mut block = vec![start as u16];
            if self.grow(&mut block) {
                return true;
            }
            self.rest[start] = true;
        }
        false
    }

    /// `block` grown to ten, then the rest's tens; the candidate that
    /// touches the block most first (compact blocks), then the one with
    /// the fewest free neighbours. On failure `block` and `rest` are as
    /// they were.
    fn grow(&mut self, block: &mut Vec<u16>) -> bool {
        let size = self.sizes.get(self.out.len()).copied().unwrap_or(10);
        if block.len() >= size {
            if self.outside() > 0 {
                return false;
            }
            self.out.push(block.clone());
            if self.next_piece() {
                return true;
            }
            self.out.pop();
            return false;
        }
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        let stride = self.stride;
        // Room left in the block once a point is added: what a point cuts
        // off from the rest must fit in it (the block takes it later).
        let room = size - block.len() - 1;
        let mut candidates: Vec<((usize, usize, usize), usize)> = Vec::new();
        for &b in block.iter() {
            for q in around(usize::from(b), stride) {
                if !self.rest[q] || candidates.iter().any(|c| c.1 == q) {
                    continue;
                }
                self.rest[q] = false;
                let cut_off = self.outside();
                self.rest[q] = true;
                if cut_off > room {
                    continue;
                }
                let touching = around(q, stride)
                    .iter()
                    .filter(|&&j| block.contains(&(j as u16)))
                    .count();
                candidates.push(((cut_off, usize::MAX - self.far[q], 4 - touching), q));
            }
        }
        candidates.sort_unstable();
        for (_, q) in candidates {
            self.rest[q] = false;
            block.push(q as u16);
            if self.grow(block) {
                return true;
            }
            block.pop();
            self.rest[q] = true;
        }
        false
    }
}

impl Search<'_> {
    /// How many points of the rest lie outside its largest piece.
    fn outside(&self) -> usize {
        let mut seen = vec![false; self.rest.len()];
        let (mut total, mut largest) = (0, 0);
        let mut queue = Vec::new();
        for &first in self.area {
            let first = usize::from(first);
            if !self.rest[first] || seen[first] {
                continue;
            }
            seen[first] = true;
            queue.clear();
            queue.push(first);
            let mut k = 0;
            while let Some(&v) = queue.get(k) {
                k += 1;
                for w in around(v, self.stride) {
                    if self.rest[w] && !seen[w] {
                        seen[w] = true;
                        queue.push(w);
                    }
                }
            }
            total += queue.len();
            largest = largest.max(queue.len());
        }
        total - largest
    }
}

/// Each cell's distance from `area`'s first point within `rest`.
fn distances(area: &[u16], rest: &[bool], stride: usize) -> Vec<usize> {
    let mut far = vec![usize::MAX; rest.len()];
    let Some(&first) = area.first() else {
        return far;
    };
    let mut queue = std::collections::VecDeque::from([usize::from(first)]);
    far[usize::from(first)] = 0;
    while let Some(v) = queue.pop_front() {
        for w in around(v, stride) {
            if rest[w] && far[w] == usize::MAX {
                far[w] = far[v] + 1;
                queue.push_back(w);
            }
        }
    }
    far
}

/// The articulation points of the points of `area` still in `rest`
/// (Tarjan's low-link search, iterative: an area may hold every point of
/// the board), as a flag per cell.
fn articulation(area: &[u16], rest: &[bool], stride: usize) -> Vec<bool> {
    let n = rest.len();
    let mut cut = vec![false; n];
    let mut order = vec![0usize; n];
    let mut low = vec![0usize; n];
    let mut clock = 0;
    for &root in area {
        let root = usize::from(root);
        if !rest[root] || order[root] != 0 {
            continue;
        }
        clock += 1;
        order[root] = clock;
        low[root] = clock;
        let mut children = 0;
        // (cell, parent, next neighbour to look at)
        let mut stack: Vec<(usize, usize, usize)> = vec![(root, usize::MAX, 0)];
        while let Some(&mut (v, parent, ref mut k)) = stack.last_mut() {
            if *k < 4 {
                let w = around(v, stride)[*k];
                *k += 1;
                if !rest[w] || w == parent {
                    continue;
                }
                if order[w] == 0 {
                    clock += 1;
                    order[w] = clock;
                    low[w] = clock;
                    if v == root {
                        children += 1;
                    }
                    stack.push((w, v, 0));
                } else {
                    low[v] = low[v].min(order[w]);
                }
            } else {
                stack.pop();
                if parent != usize::MAX {
                    low[parent] = low[parent].min(low[v]);
                    if parent != root && low[v] >= order[parent] {
                        cut[parent] = true;
                    }
                }
            }
        }
        cut[root] = children > 1;
    }
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Cells of a 7-wide board with its border (stride 9) from rows of
    /// `#` (in the area) and `.`.
    fn cells(rows: &[&str]) -> Vec<u16> {
        let mut out = Vec::new();
        for (y, row) in rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                if ch == '#' {
                    out.push(((y + 1) * 9 + x + 1) as u16);
                }
            }
        }
        out
    }

    fn connected(piece: &[u16]) -> bool {
        let mut seen = vec![piece[0]];
        let mut k = 0;
        while k < seen.len() {
            let v = usize::from(seen[k]);
            k += 1;
            for w in around(v, 9) {
                if piece.contains(&(w as u16)) && !seen.contains(&(w as u16)) {
                    seen.push(w as u16);
                }
            }
        }
        seen.len() == piece.len()
    }

    #[test]
    fn a_comb_is_cut_into_connected_tens_and_one_remainder() {
        // Teeth that a breadth-first peel from the corner cuts off.
        let area = cells(&[
            "#######", //
            "#.#.#.#", //
            "#.#.#.#", //
            "#.#.#.#", //
            "#######", //
        ]);
        assert_eq!(area.len(), 26);
        let pieces = connected_tens(&area, 9, 81).unwrap_or_default();
        let sizes: Vec<usize> = pieces.iter().map(Vec::len).collect();
        assert_eq!(sizes, vec![10, 10, 6]);
        assert!(pieces.iter().all(|p| connected(p)), "{pieces:?}");
        let mut all: Vec<u16> = pieces.concat();
        all.sort_unstable();
        let mut want = area.clone();
        want.sort_unstable();
        assert_eq!(all, want);
    }

    #[test]
    fn a_star_that_allows_no_second_ten_is_given_up() {
        // A centre with four arms of five: any ten holds the centre, so
        // no cut into two connected tens and a point exists.
        let mut star = Vec::new();
        let stride = 13;
        let centre = 6 * stride + 6;
        star.push(centre as u16);
        for d in [1usize, stride] {
            for k in 1..=5 {
                star.push((centre + k * d) as u16);
                star.push((centre - k * d) as u16);
            }
        }
        assert_eq!(star.len(), 21);
        assert_eq!(connected_tens(&star, stride, 13 * 13), None);
    }

    #[test]
    fn a_remainder_that_fits_only_in_a_tail_is_cut_there() {
        // 19 points: the ten is the left arm, the nine the right one,
        // whose T shape a ten may only take whole.
        let rows = [
            "....#.....#.", //
            "....#...####", //
            "....#.###..#", //
            "....###.....", //
            "...####.....", //
        ];
        let stride = 15;
        let mut area = Vec::new();
        for (y, r) in rows.iter().enumerate() {
            for (x, c) in r.chars().enumerate() {
                if c == '#' {
                    area.push(((y + 1) * stride + x + 1) as u16);
                }
            }
        }
        let pieces = connected_tens(&area, stride, stride * stride).unwrap_or_default();
        let sizes: Vec<usize> = pieces.iter().map(Vec::len).collect();
        assert_eq!(sizes, vec![10, 9]);
    }
}
