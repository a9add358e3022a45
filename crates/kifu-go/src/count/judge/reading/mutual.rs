//! A seki of eyes only: a group whose every liberty is an eye of its own,
//! beside an enemy chain as short of liberties with nothing else to take
//! (docs/reading.md).

use super::{Disputed, ROOM};
use crate::count::judge::estimate::Estimate;
use crate::game::{Board, Point};

/// Whether a group whose every liberty is an eye of its own and an enemy
/// chain beside it that no proof holds alive are both short of liberties
/// (each fewer than `ROOM`), and the enemy
/// chain has no other dead stones beside it to capture for more: a fight
/// of mutual life, where a group proven uncapturable lives in seki. A dead
/// group in the enemy's territory has room or a living enemy around it,
/// or an enemy that gains liberties by taking the other dead stones first
/// (which a local search does not see), and is not one.
pub(super) fn mutual_shortage(board: &Board, est: &Estimate, d: &Disputed) -> bool {
    let mut libs: Vec<Point> = d
        .chains
        .iter()
        .flat_map(|c| board.liberties(c[0]))
        .collect();
    libs.sort_unstable_by_key(|p| (p.y, p.x));
    libs.dedup();
    let owner = d.chains.first().and_then(|c| board.get(c[0]));
    let ours = |q: Point| d.chains.iter().any(|c| c.contains(&q));
    // Its liberties are its own eyes: points only its stones touch, which
    // the enemy can fill only last.
    let eyes_only = libs.iter().all(|&l| board.adjacent(l).all(ours));
    libs.len() < ROOM
        && eyes_only
        && d.chains.iter().flatten().any(|&p| {
            board.adjacent(p).any(|q| {
                board.get(q).is_some_and(|c| Some(c) != owner)
                    && !est.proven.is_alive(q)
                    && board.liberty_count(q) < ROOM
                    && !gains_by_capture(board, est, q, d)
            })
        })
}

/// Whether the chain through `q` has dead stones beside it besides the
/// group `d`: taking them gives it liberties.
fn gains_by_capture(board: &Board, est: &Estimate, q: Point, d: &Disputed) -> bool {
    board.chain(q).into_iter().any(|s| {
        board.adjacent(s).any(|n| {
            board.get(n).is_some_and(|c| Some(c) != board.get(q))
                && est.marks.is_dead(n)
                && !d.chains.iter().any(|c| c.contains(&n))
        })
    })
}
