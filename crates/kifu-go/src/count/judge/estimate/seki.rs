//! Sekis the playouts break. Two enemy chains side by side, each a coin
//! toss in the playouts (random play settles a seki by whoever fills a
//! shared liberty first), each proven uncapturable by local reading with
//! its attacker moving first, and every other chain around the two
//! living: neither can take the other, so both stay (flagged: it is
//! still a judgment of reading, not of the players).
//!
//! The guard that everything else around them lives is what makes the
//! local proof hold: a dead chain next to one of them is taken at the
//! end, and the liberties that gives are outside what the reading sees.
//! (Without it the rule kept two dead chains in the March KGS games.)

use super::playouts::ChainShare;
use super::search::uncapturable;
use super::{DEAD_BELOW, UNSURE_HIGH, UNSURE_LOW};
use crate::game::{Board, Point};

/// Each point's chain's share of the playouts it keeps (negative on an
/// empty point).
pub(super) struct Keeps {
    n: usize,
    keep: Vec<f64>,
}

impl Keeps {
    pub(super) fn new(board: &Board, chains: &[ChainShare]) -> Keeps {
        let n = usize::from(board.size());
        let mut keep = vec![-1.0; n * n];
        for c in chains {
            for s in board.chain(c.at) {
                keep[usize::from(s.y) * n + usize::from(s.x)] = c.keep();
            }
        }
        Keeps { n, keep }
    }

    /// The share kept by the chain through `p`.
    pub(super) fn of(&self, p: Point) -> f64 {
        self.keep[usize::from(p.y) * self.n + usize::from(p.x)]
    }

    /// The playouts keep the chain through `p`.
    pub(super) fn lives(&self, p: Point) -> bool {
        self.of(p) >= DEAD_BELOW
    }

    fn unsure(&self, p: Point) -> bool {
        (UNSURE_LOW..=UNSURE_HIGH).contains(&self.of(p))
    }
}

/// The chain through `p`, or a chain of its colour that shares a liberty
/// with it (the playouts judge them as one group), is in a seki the
/// playouts break.
pub(super) fn in_broken_seki(board: &Board, p: Point, keeps: &Keeps) -> bool {
    std::iter::once(p)
        .chain(mates(board, p))
        .filter(|&m| keeps.unsure(m))
        .any(|m| {
            neighbours(board, m).into_iter().any(|e| {
                keeps.unsure(e)
                    && settled(board, m, e, keeps)
                    && settled(board, e, m, keeps)
                    && uncapturable(board, e)
                    && uncapturable(board, m)
            })
        })
}

/// One stone of each enemy chain next to the chain through `p`.
fn neighbours(board: &Board, p: Point) -> Vec<Point> {
    let Some(colour) = board.get(p) else {
        return Vec::new();
    };
    let mut out: Vec<Point> = Vec::new();
    for s in board.chain(p) {
        for q in board.adjacent(s) {
            if board.get(q) == Some(colour.opponent())
                && !out.iter().any(|&o| board.chain(o).contains(&q))
            {
                out.push(q);
            }
        }
    }
    out
}

/// One stone of each other chain of `p`'s colour sharing a liberty with
/// it.
fn mates(board: &Board, p: Point) -> Vec<Point> {
    let colour = board.get(p);
    let chain = board.chain(p);
    let mut out: Vec<Point> = Vec::new();
    for l in board.liberties(p) {
        for q in board.adjacent(l) {
            if board.get(q) == colour
                && !chain.contains(&q)
                && !out.iter().any(|&o| board.chain(o).contains(&q))
            {
                out.push(q);
            }
        }
    }
    out
}

/// Every enemy chain next to the chain through `x` lives in the
/// playouts, apart from `partner` and its group (the chains sharing a
/// liberty with it).
fn settled(board: &Board, x: Point, partner: Point, keeps: &Keeps) -> bool {
    let partner_chain = board.chain(partner);
    let partner_libs = board.liberties(partner);
    neighbours(board, x).into_iter().all(|q| {
        partner_chain.contains(&q)
            || board.liberties(q).iter().any(|l| partner_libs.contains(l))
            || keeps.lives(q)
    })
}
