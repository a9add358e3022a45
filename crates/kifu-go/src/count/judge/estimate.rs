//! Automatic dead-stone estimation, pure and deterministic: random
//! playouts from the final position (seeded from the position, so the same
//! board always gives the same answer), in which neither side fills its
//! own eyes and a lone stone left in atari is taken at once; in half of
//! them neither puts a chain of two or more stones in atari either (so
//! sekis and two-eyed groups survive) and a chain put in atari is saved.
//! Each chain is judged by how often its points end up its own, averaged
//! over its group (chains joined by a shared liberty); local
//! reading (`search.rs`) settles sekis the playouts break and bent four in
//! the corner, which they keep.

use crate::count::flag::{Doubt, Flag, flag};
use crate::count::judge::thresholds::{CARELESS_DEAD_BELOW, DEAD_BELOW, UNSURE_HIGH, UNSURE_LOW};
use crate::count::marks::Marks;
use crate::game::rules::Scoring;
use crate::game::{Board, Point};
use benson::{Unconditional, unconditional};
use search::{dies_by_ko, uncapturable};

// The estimator's parts; `estimate` and `estimate_seeded` are its
// facade. Benson's algorithm and the random playouts are public for the
// benchmarks and the property tests.
pub mod benson;
mod loose;
pub mod playout;
mod playouts;
mod search;
pub(crate) use search::small_space;
pub use search::{Capture, capture, capture_within, falls_anyway, sealed_fight};
mod seki;
use loose::loose_in_closed_area;
pub use playouts::{Budget, Played};
use playouts::{ChainShare, ownership};
use seki::{Keeps, in_broken_seki};

#[derive(Debug, Clone, PartialEq)]
pub struct Estimate {
    /// Dead stones proposed (the players' own marks kept as they were).
    pub marks: Marks,
    /// The chains the estimate is unsure about, each with why.
    pub uncertain: Vec<Flag>,
    /// Empty points neither side owns in most playouts.
    pub undecided: usize,
    /// False when so much is undecided that the game does not look over.
    pub finished: bool,
    /// What Benson's algorithm proves alive on the board: worked out once,
    /// read again by the learned judge.
    pub proven: Unconditional,
    /// Each point's owner at the end of the playouts, row by row from the
    /// top left: Black's share of them minus White's, -1 to 1 (the learned
    /// judge: its network's ownership).
    pub ownership: Vec<f32>,
    /// One point of each chain whose status local reading proved
    /// (`count::judge::reading`): like Benson's proof, never flagged for its eye
    /// space.
    pub read: Vec<Point>,
}

impl Estimate {
    /// The message to show when the game does not look finished.
    pub fn warning(&self) -> Option<String> {
        (!self.finished).then(|| {
            format!(
                "the game does not look finished: {} points undecided",
                self.undecided
            )
        })
    }
}

/// Proposes dead stones for `board` under the given scoring. Chains the
/// players already marked (`fixed`) keep their marks.
pub fn estimate(board: &Board, fixed: Option<&Marks>, scoring: Scoring) -> Estimate {
    estimate_seeded(board, fixed, scoring, 0)
}

/// The same with the playouts' seed changed by `salt`: how much of an
/// accuracy figure is the luck of one seed (the reports average a few).
pub fn estimate_seeded(
    board: &Board,
    fixed: Option<&Marks>,
    scoring: Scoring,
    salt: u64,
) -> Estimate {
    let board = &board.canonical();
    judge_playouts(board, fixed, scoring, play(board, salt, Budget::FULL))
}

/// Plays an estimate's playouts on a budget (the learned judge's planes
/// take `Budget::PLANES`), without judging any chain yet.
pub fn play(board: &Board, salt: u64, budget: Budget) -> Played {
    ownership(board, salt, budget)
}

/// Judges every chain by the playouts (`play`) and kifu's reading.
pub fn judge_playouts(
    board: &Board,
    fixed: Option<&Marks>,
    scoring: Scoring,
    played: Played,
) -> Estimate {
    let Played { own, chains, .. } = played;
    // Benson's unconditional life is a hard constraint: proven chains are
    // never dead, the other side's stones in their regions always are.
    let proven = unconditional(board);
    let keeps = Keeps::new(board, &chains);
    let mut marks = fixed.cloned().unwrap_or_else(|| Marks::new(board.size()));
    let mut uncertain = Vec::new();
    for ch in &chains {
        if fixed.is_some_and(|m| m.is_dead(ch.at) || m.is_seki(ch.at)) {
            continue;
        }
        let verdict = judge(board, ch, scoring, &proven, &keeps);
        if verdict.dead {
            marks.toggle_chain(board, ch.at);
        }
        if verdict.unsure {
            flag(board, ch.at, Doubt::Judges, &mut uncertain);
        }
    }
    // A group whose eye is a ko lives or dies by the ko: whatever the
    // playouts say, it is not sure.
    for (stone, chains) in kos(board) {
        for p in std::iter::once(stone).chain(chains) {
            flag(board, p, Doubt::Ko, &mut uncertain);
        }
    }
    settle_contradictions(board, &chains, fixed, &mut marks, &mut uncertain);
    flag_fight_partners(board, &proven, &mut uncertain);
    let undecided = own.undecided(board);
    Estimate {
        marks,
        uncertain,
        undecided,
        finished: own.looks_finished(board),
        proven,
        ownership: own.map(),
        read: Vec::new(),
    }
}

/// No region may hold dead stones of both colours (whoever's stones are
/// dead there, the other side owns it, so its stones live): the guard the
/// ownership judges have, here on the playouts' shares, at every size.
/// The less certain kill is spared and flagged; a chain the user marked
/// stays as marked.
fn settle_contradictions(
    board: &Board,
    chains: &[ChainShare],
    fixed: Option<&Marks>,
    marks: &mut Marks,
    uncertain: &mut Vec<Flag>,
) {
    if crate::count::judge::ownership::contradictions(board, marks).is_empty() {
        return;
    }
    let free: Vec<&ChainShare> = chains
        .iter()
        .filter(|c| !fixed.is_some_and(|m| m.is_dead(c.at) || m.is_seki(c.at)))
        .collect();
    let points: Vec<Vec<Point>> = free.iter().map(|c| board.chain(c.at)).collect();
    let keep: Vec<f64> = free.iter().map(|c| c.keep()).collect();
    let mut dead: Vec<bool> = free.iter().map(|c| marks.is_dead(c.at)).collect();
    for k in crate::count::judge::ownership::settle_contradictions(board, &points, &keep, &mut dead)
    {
        marks.toggle_chain(board, free[k].at);
        flag(board, free[k].at, Doubt::Judges, uncertain);
    }
}

/// What the estimator makes of one chain.
struct Verdict {
    dead: bool,
    unsure: bool,
}

/// One chain's verdict: the playouts' share, corrected by reading and by
/// the shapes they misjudge. `keeps` has every chain's share.
fn judge(
    board: &Board,
    ch: &ChainShare,
    scoring: Scoring,
    proven: &Unconditional,
    keeps: &Keeps,
) -> Verdict {
    let keep = ch.keep();
    // A seki or a race is a coin toss in careless playouts (whoever
    // fills a shared liberty first loses), so a chain that dies in
    // nearly all of them is dead even if careful playouts, which never
    // make the approach moves, keep it.
    let mut dead = keep < DEAD_BELOW || ch.careless < CARELESS_DEAD_BELOW;
    let mut unsure = (UNSURE_LOW..=UNSURE_HIGH).contains(&keep);
    // Careful playouts keep it, careless ones lean to killing it: a
    // seki, or a group that needs approach moves to die. Reading
    // tells them apart when the area is small.
    if dead && ch.careful >= 0.5 && ch.careless >= CARELESS_DEAD_BELOW && uncapturable(board, ch.at)
    {
        dead = false;
    }
    // Two chains side by side that the playouts leave to chance and
    // neither of which can take the other: a seki.
    if dead && unsure && in_broken_seki(board, ch.at, keeps) {
        dead = false;
    }
    // Bent four in the corner: the playouts keep it (the killing moves
    // look like self-atari), but reading shows it dies through a ko
    // its owner has no threats for. Japanese rules call it dead; area
    // rules play the ko out, so there it is only a proposal.
    if !dead
        && ch.careful >= 0.8
        && ch.careless < 0.9
        && in_a_corner(board, ch.at)
        && dies_by_ko(board, ch.at)
    {
        dead = true;
        unsure |= scoring == Scoring::Area;
    }
    // A mutual atari left at the end: whoever fills the point captures,
    // and neither player did. Random play decides it by who gets there
    // first, so unless the playouts are sure it is dead anyway, it
    // stays, unsure.
    if keep >= UNSURE_LOW && in_mutual_atari(board, ch.at) {
        dead = false;
        unsure = true;
    }
    // Loose stones in a closed area whose walls live (kept by the
    // playouts or proven by Benson) are dead, however often the playouts
    // let them find room.
    let lives = |q: Point| proven.is_alive(q) || keeps.lives(q);
    if loose_in_closed_area(board, ch.at, lives) {
        dead = true;
        unsure = false;
    }
    if proven.is_alive(ch.at) {
        return Verdict {
            dead: false,
            unsure: false,
        };
    }
    if proven.is_dead(board, ch.at) {
        dead = true;
    }
    Verdict { dead, unsure }
}

/// A capturing race has two sides: when a chain is flagged, the enemy
/// chains that share a liberty with it and are as short of liberties
/// (the race it may win or lose) are flagged too, unless Benson proves
/// them.
fn flag_fight_partners(board: &Board, proven: &Unconditional, uncertain: &mut Vec<Flag>) {
    let flagged: Vec<Point> = uncertain.iter().map(|f| f.at).collect();
    for u in flagged {
        let Some(colour) = board.get(u) else {
            continue;
        };
        let libs = board.liberties(u);
        for &l in &libs {
            for q in board.adjacent(l) {
                if board.get(q) == Some(colour.opponent())
                    && !proven.is_alive(q)
                    && board.liberty_count(q) <= libs.len().max(2)
                {
                    flag(board, q, Doubt::Race, uncertain);
                }
            }
        }
    }
}

/// The chain through `p` has one liberty, and an enemy chain next to that
/// point has the same one: whoever plays there captures the other.
fn in_mutual_atari(board: &Board, p: Point) -> bool {
    let Some(colour) = board.get(p) else {
        return false;
    };
    let libs = board.liberties(p);
    let [l] = libs[..] else {
        return false;
    };
    let size = board.chain(p).len();
    board.adjacent(l).any(|q| {
        board.get(q) == Some(colour.opponent())
            && board.liberties(q) == libs
            && board.chain(q).len() >= size
    })
}

/// The chain through `p` could hold bent four in the corner: three
/// liberties or fewer, one of them on a corner's 3x3 square, and at least
/// the four stones that enclose the smallest such eye space (A7 A8 A9 B9
/// needs C9 B8 B7 A6); a lone stone in a ko is not one.
fn in_a_corner(board: &Board, p: Point) -> bool {
    let libs = board.liberties(p);
    let far = board.size().saturating_sub(3);
    board.chain(p).len() >= 4
        && libs.len() <= 3
        && libs
            .iter()
            .any(|l| (l.x <= 2 || l.x >= far) && (l.y <= 2 || l.y >= far))
}

/// Kos: a single stone whose one liberty is surrounded by the stone's own
/// colour, so that taking it leaves the taker's stone in atari (a retake).
/// Each with the stone and the chains of its colour around the liberty.
fn kos(board: &Board) -> Vec<(Point, Vec<Point>)> {
    let mut out = Vec::new();
    for p in board.points() {
        let Some(c) = board.get(p) else {
            continue;
        };
        let libs = board.liberties(p);
        let [q] = libs[..] else {
            continue;
        };
        if board.chain(p).len() != 1 {
            continue;
        }
        let around: Vec<Point> = board.adjacent(q).filter(|&r| r != p).collect();
        if around.iter().all(|&r| board.get(r) == Some(c)) {
            out.push((p, around));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(d: &str) -> Board {
        Board::from_diagram(d).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn the_same_position_gives_the_same_answer() {
        let b = board(
            "\
. . . . . . . . .
. . O . . . . . .
. . . . . . . . .
X X X X X X X X X
O O O O O O O O O
. . . . . . . . .
. . . X . . . . .
. . . . . . . . .
. . . . . . . . .",
        );
        assert_eq!(
            estimate(&b, None, Scoring::Area),
            estimate(&b, None, Scoring::Area)
        );
    }
}
