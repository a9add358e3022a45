//! The phases of a classification: the stones split into dead and live,
//! the regions, the dame filled as players fill them, the seki liberties
//! left, the seki eyes, and the false eyes.

use super::grid::{BLACK, EMPTY, Grid, WHITE};
use super::{MAX_SEKI_EYE, PointClass, Region, own_only};
use crate::count::Adjacency;
use crate::count::marks::Marks;
use crate::game::{Board, Color, Point};

/// Per point: the dead stone taken off it, and the live stone on it.
pub(super) fn split_stones(
    board: &Board,
    marks: &Marks,
) -> (Vec<Option<Color>>, Vec<Option<Color>>) {
    // Each point written to both lists, by a select rather than a branch
    // (stones and empty points alternate unpredictably).
    let n = usize::from(board.size());
    let mut dead = vec![None; n * n];
    let mut alive = vec![None; n * n];
    let out = dead.iter_mut().zip(alive.iter_mut());
    for (((d, a), stone), is_dead) in out.zip(board.stones()).zip(marks.dead_flags()) {
        (*d, *a) = if is_dead {
            (stone, None)
        } else {
            (None, stone)
        };
    }
    (dead, alive)
}

/// The regions of empty and dead-stone points, and each point's region.
/// `kind`: the grid's bytes, the point past the board an edge.
pub(super) fn find_regions(adj: &Adjacency, kind: &[u8]) -> (Vec<usize>, Vec<Region>) {
    let nn = kind.len() - 1;
    let mut region_of = vec![usize::MAX; nn];
    // Room for the regions of most final positions at once (growing it
    // copied the list three or four times).
    let mut regions: Vec<Region> = Vec::with_capacity(64);
    // Each region is searched in one buffer and then copied once at its
    // size: growing a list per region was a tenth of a classification.
    let mut queue: Vec<usize> = Vec::with_capacity(nn);
    // The bytes again, a point reached turned `REACHED`: one load and
    // one test tell a point to search (the region number and the kind
    // read apart were two mispredicted branches per point).
    const REACHED: u8 = 4;
    let mut mark = kind.to_vec();
    for start in 0..nn {
        if mark[start] != EMPTY {
            continue;
        }
        let id = regions.len();
        // What the region touches, a bit per kind of neighbour: no branch
        // on the neighbour's colour.
        let mut touches = 0u8;
        queue.clear();
        queue.push(start);
        mark[start] = REACHED;
        region_of[start] = id;
        let mut k = 0;
        while let Some(&i) = queue.get(k) {
            k += 1;
            for j in adj.padded(i) {
                let k = mark[j];
                touches |= 1 << k;
                if k == EMPTY {
                    mark[j] = REACHED;
                    region_of[j] = id;
                    queue.push(j);
                }
            }
        }
        regions.push(Region {
            points: queue.as_slice().into(),
            touches: [touches & (1 << BLACK) != 0, touches & (1 << WHITE) != 0],
        });
    }
    (region_of, regions)
}

/// Fills the neutral points as players fill dame: each by a colour that
/// can play there without self-atari and without capturing. A group the
/// filled dame leave in atari must connect out through its own territory:
/// that point will hold a stone (returned: the points to protect).
pub(super) fn fill_dame(
    grid: &mut Grid,
    candidates: &[usize],
    regions: &[Region],
    region_of: &[usize],
) -> Vec<bool> {
    let mut protect = vec![false; grid.cells.len()];
    let mut atari = Vec::new();
    grid.index_chains();
    loop {
        let mut changed = false;
        for &p in candidates {
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
        grid.chains_in_atari(&mut atari);
        for &(lib, color) in &atari {
            let r = region_of[lib];
            if r != usize::MAX && regions[r].touches == own_only(color) && !protect[lib] {
                protect[lib] = true;
                grid.fill(lib, color);
                changed = true;
            }
        }
        if !changed {
            return protect;
        }
    }
}

/// The neutral points left unfilled are seki liberties, and the groups
/// next to them are in seki; so are the neutral points next to a group
/// the players marked seki.
pub(super) fn seki_liberties(
    grid: &mut Grid,
    candidates: &[usize],
    alive: &[Option<Color>],
    marks: &Marks,
    class: &mut [u8],
    seki: &mut [bool],
) {
    let n = grid.n;
    let at = |i: usize| Point::new((i % n) as u8, (i / n) as u8);
    for &p in candidates {
        // A point that is left because filling it would capture is not a
        // seki liberty: the chain in atari there is dead or unsettled, and
        // the point stays dame.
        // Nor are unfilled points that, together, touch no living stone
        // of one colour: the dame filled around them left them (an
        // unfinished game's open area), no seki group's liberties.
        if grid.cells[p].is_none() && !grid.would_capture(p) && touches_both(grid, p, alive) {
            class[p] = PointClass::SekiLiberty.code();
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
    for &p in candidates {
        if grid
            .adj
            .of(p)
            .any(|j| alive[j].is_some() && marks.is_seki(at(j)))
        {
            class[p] = PointClass::SekiLiberty.code();
        }
    }
}

/// The unfilled points connected to `p` touch living stones of both
/// colours.
fn touches_both(grid: &Grid, p: usize, alive: &[Option<Color>]) -> bool {
    let mut seen = vec![p];
    let mut k = 0;
    let mut touches = [false; 2];
    while k < seen.len() {
        let i = seen[k];
        k += 1;
        for j in grid.adj.of(i) {
            if let Some(c) = alive[j] {
                touches[c.index()] = true;
            } else if grid.cells[j].is_none() && !seen.contains(&j) {
                seen.push(j);
            }
        }
    }
    touches == [true, true]
}

/// One-colour regions that are the eyes of a seki group. Seki spreads
/// through an eye to every group around it, so this repeats until nothing
/// changes.
pub(super) fn seki_eyes(
    grid: &mut Grid,
    regions: &[Region],
    alive: &[Option<Color>],
    seki: &mut [bool],
) -> Vec<bool> {
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
            let border = border_stones(grid.adj, &r.points, alive, owner);
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
    is_eye
}

/// The live stones of `owner` around a region.
pub(super) fn border_stones(
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
pub(super) fn is_false_eye(
    grid: &mut Grid,
    alive: &[Option<Color>],
    p: usize,
    owner: Color,
) -> bool {
    let n = grid.n;
    // One chain around: the chain numbers the fills keep say so without a
    // flood.
    let mut chains = grid.adj.of(p).map(|j| grid.chain_number(j));
    let Some(first) = chains.next() else {
        return false;
    };
    if first.is_some() && chains.all(|c| c == first) {
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
