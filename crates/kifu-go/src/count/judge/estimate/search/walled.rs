//! A group read in its own space: when its fight is too wide to read
//! whole, but no enemy chain next to it can be captured (GNU Go's owl
//! reads a dragon so: its eye space, and the "lunches" around it it could
//! eat), its life is in its own eyes.

use super::{BUDGET, How, Kos, READ_REGION, search_in, walled_region};
use crate::count::judge::thresholds::TACTICAL_LIBERTIES;
use crate::game::{Board, Point};

/// The region of `walled_region` when no enemy chain next to `target` can
/// be captured (`capture`).
pub(super) fn walled_in(
    board: &Board,
    target: Point,
    settled: &dyn Fn(Point) -> bool,
) -> Option<Vec<Point>> {
    let owner = board.get(target)?;
    // A chain that shares a liberty with the target could stand in seki
    // with it if the target filled its other liberties, which this region
    // leaves out: only one proven alive may.
    let shares = board
        .liberties(target)
        .into_iter()
        .flat_map(|l| board.adjacent(l).collect::<Vec<_>>())
        .any(|q| board.get(q) == Some(owner.opponent()) && !settled(q));
    if shares {
        return None;
    }
    let strong = |c: Point| settled(c) || board.liberty_count(c) > TACTICAL_LIBERTIES;
    let mut seen: Vec<Point> = Vec::new();
    for s in board.chain(target) {
        for q in board.adjacent(s) {
            if board.get(q) != Some(owner.opponent()) || seen.contains(&q) {
                continue;
            }
            seen.extend(board.chain(q));
            let out_of_reach = strong(q) || joined(board, q, &strong) || out_of_tactics(board, q);
            if !out_of_reach {
                return None;
            }
        }
    }
    walled_region(board, target, READ_REGION)
}

/// Whether the chain through `p` shares two liberties with a chain of its
/// colour that is `strong`: taking one, the attacker leaves it the other
/// to join (a double connection, miai).
fn joined(board: &Board, p: Point, strong: &dyn Fn(Point) -> bool) -> bool {
    let own = board.get(p);
    let chain = board.chain(p);
    let libs = board.liberties(p);
    let mut others: Vec<Vec<Point>> = Vec::new();
    for &l in &libs {
        for q in board.adjacent(l) {
            if board.get(q) == own && !chain.contains(&q) && !others.iter().any(|c| c.contains(&q))
            {
                others.push(board.chain(q));
            }
        }
    }
    others.iter().any(|c| {
        let shared = libs
            .iter()
            .filter(|&&l| board.adjacent(l).any(|q| c.contains(&q)))
            .count();
        shared >= 2 && strong(c[0])
    })
}

/// Whether the chain through `p` survives a tactical attack, the attacker
/// moving first around its liberties: it is never captured, or it gets
/// more than `TACTICAL_LIBERTIES` (by extending, capturing, or joining a
/// chain that has them). It may not counter-attack the chains around it,
/// so what it survives here it survives in their fight.
fn out_of_tactics(board: &Board, p: Point) -> bool {
    let Some(region) = walled_region(board, p, READ_REGION) else {
        return false;
    };
    let how = How {
        kos: Kos::Simple,
        budget: BUDGET,
        depth: 16,
        safe_at: TACTICAL_LIBERTIES + 1,
    };
    search_in(board, p, region, true, how) == Some(false)
}
