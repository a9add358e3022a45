//! The area a local search plays in: the target's liberties and their
//! neighbours, the fight around it, and the small spaces it may connect
//! into.

use super::SAFE_LIBERTIES;
use crate::game::{Board, Point};

/// The points a search may play: the chain's liberties and their empty
/// neighbours, the liberties of the chains next to it that are not safe
/// (fewer than `SAFE_LIBERTIES`: the owner may win a race against them),
/// and the points of those chains and its own (they may be captured).
/// None when there are more than `limit` empty ones.
pub(super) fn region(board: &Board, target: Point, limit: usize) -> Option<Vec<Point>> {
    around(board, target, limit, true)
}

/// The points of `region` without the liberties of the enemy chains next
/// to the target: for a target none of whose neighbours it can capture,
/// whose fate is its own eye space (`walled_region`).
fn around(board: &Board, target: Point, limit: usize, their_liberties: bool) -> Option<Vec<Point>> {
    let chain = board.chain(target);
    let libs = board.liberties(target);
    let mut out: Vec<Point> = Vec::new();
    let add = |p: Point, out: &mut Vec<Point>| {
        if !out.contains(&p) {
            out.push(p);
        }
    };
    for &l in &libs {
        add(l, &mut out);
        for q in board.adjacent(l) {
            if board.get(q).is_none() {
                add(q, &mut out);
            }
        }
    }
    let mut neighbours: Vec<Point> = Vec::new();
    for &s in &chain {
        for q in board.adjacent(s) {
            if board.get(q).is_some_and(|c| Some(c) != board.get(target))
                && !neighbours.contains(&q)
            {
                for t in board.chain(q) {
                    neighbours.push(t);
                }
                if their_liberties && board.liberty_count(q) < SAFE_LIBERTIES {
                    for l in board.liberties(q) {
                        add(l, &mut out);
                    }
                }
            }
        }
    }
    if out.len() > limit {
        return None;
    }
    out.extend(chain);
    out.extend(neighbours);
    Some(out)
}

/// The region of a target none of whose enemy neighbours it can capture
/// (the caller has shown that): its liberties, their empty neighbours and
/// the small spaces it may connect into, and the stones next to it; not
/// the liberties of those neighbours, which it could only fill to no end.
/// Its fight may be wider than `closed_region` reads (a big group in a
/// race with many chains around it), but its life is in its own space.
pub(super) fn walled_region(board: &Board, target: Point, limit: usize) -> Option<Vec<Point>> {
    let out = around(board, target, limit, false)?;
    with_spaces(board, target, out, limit)
}

/// `out` with every small empty space (at most `limit` points) that holds
/// a liberty of the target: the target may connect into any of it (a
/// corner space walled in by two chains). None past `limit` empty points.
fn with_spaces(
    board: &Board,
    target: Point,
    mut out: Vec<Point>,
    limit: usize,
) -> Option<Vec<Point>> {
    let mut spaces: Vec<Point> = Vec::new();
    for p in board.liberties(target) {
        if spaces.contains(&p) {
            continue;
        }
        if let Some(space) = small_space(board, p, limit) {
            spaces.extend(space);
        }
    }
    for q in spaces {
        if !out.contains(&q) {
            out.push(q);
        }
    }
    if out.iter().filter(|&&p| board.get(p).is_none()).count() > limit {
        return None;
    }
    Some(out)
}

/// The region of `region`, grown until it holds its whole fight: every
/// chain next to one of its empty points is in it or safe
/// (`SAFE_LIBERTIES`); a chain short of liberties next to it comes in with
/// its liberties. A chain left outside short of liberties could be
/// captured or save itself by moves the search never plays (a seki of many
/// chains in a real game), so reading there would prove nothing: None when
/// the fight grows past `limit` empty points.
pub(super) fn closed_region(board: &Board, target: Point, limit: usize) -> Option<Vec<Point>> {
    let mut out = with_spaces(board, target, region(board, target, limit)?, limit)?;
    loop {
        let outside: Vec<Point> = out
            .iter()
            .filter(|&&p| board.get(p).is_none())
            .flat_map(|&p| board.adjacent(p).collect::<Vec<_>>())
            .filter(|&q| {
                board.get(q).is_some()
                    && !out.contains(&q)
                    && board.liberty_count(q) < SAFE_LIBERTIES
            })
            .collect();
        let Some(&q) = outside.first() else {
            return Some(out);
        };
        for l in board.liberties(q) {
            if !out.contains(&l) {
                out.push(l);
            }
        }
        out.extend(board.chain(q));
        if out.iter().filter(|&&p| board.get(p).is_none()).count() > limit {
            return None;
        }
    }
}

/// The connected empty points through `p`, when there are at most `limit`.
pub(crate) fn small_space(board: &Board, p: Point, limit: usize) -> Option<Vec<Point>> {
    let mut space = vec![p];
    let mut k = 0;
    while k < space.len() {
        let q = space[k];
        k += 1;
        for r in board.adjacent(q) {
            if board.get(r).is_none() && !space.contains(&r) {
                space.push(r);
                if space.len() > limit {
                    return None;
                }
            }
        }
    }
    Some(space)
}

/// Whether the fight of the chain through `target` is sealed, so that a
/// search of its region reads all of it: the region is small and no empty
/// point leads out of it; every enemy chain next to the target or to one
/// of its liberties (the fighters) has all its liberties inside it; and
/// every other chain next to the region or to a fighter is of the
/// target's colour and `settled` (proven alive). Walls that could fall,
/// or an enemy group that lives next door, could lend the fighters
/// liberties the search does not see.
pub fn sealed_fight(board: &Board, target: Point, settled: &dyn Fn(Point) -> bool) -> bool {
    let Some(region) = closed_region(board, target, super::READ_REGION) else {
        return false;
    };
    let Some(owner) = board.get(target) else {
        return false;
    };
    let mine = board.chain(target);
    let fighters: Vec<Point> = mine
        .iter()
        .copied()
        .chain(board.liberties(target))
        .flat_map(|s| board.adjacent(s).collect::<Vec<_>>())
        .filter(|&q| board.get(q).is_some_and(|c| c != owner))
        .flat_map(|q| board.chain(q))
        .collect();
    if !fighters
        .iter()
        .all(|&q| board.liberties(q).iter().all(|l| region.contains(l)))
    {
        return false;
    }
    let empties = region.iter().filter(|&&p| board.get(p).is_none());
    let around: Vec<Point> = empties
        .chain(fighters.iter())
        .flat_map(|&p| board.adjacent(p).collect::<Vec<_>>())
        .collect();
    around.iter().all(|&q| match board.get(q) {
        None => region.contains(&q),
        Some(c) => mine.contains(&q) || fighters.contains(&q) || (c == owner && settled(q)),
    })
}
