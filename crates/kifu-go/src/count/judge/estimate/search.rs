//! Local reading: whether a chain can be captured, by an exhaustive search
//! over the few empty points around it. Playouts judge by random play, and
//! careless random play kills sekis: whoever fills a shared liberty first
//! loses. A short search settles that when the area is small. It is
//! bounded, and answers "not proven" rather than run long or guess: the
//! estimator only uses it to keep alive what it proves uncapturable.

use crate::count::judge::thresholds::{
    BUDGET, KO_BUDGET, MAX_REGION, READ_BUDGET, READ_DEPTH, READ_REGION, SAFE_LIBERTIES,
};
use std::collections::HashMap;

use crate::game::{Board, Color, Move, Point};

mod eyes;
mod region;
mod walled;
pub use region::sealed_fight;
pub(crate) use region::small_space;
use region::{closed_region, region, walled_region};
use walled::walled_in;

/// True when the chain through `target` provably cannot be captured, even
/// with the opponent moving first and both sides playing only around it
/// (the liberties, their empty neighbours, the liberties of short-of-
/// liberty chains next to it). False when it can be, or when the search
/// cannot tell (area too large, the chain escapes, the budget runs out).
pub fn uncapturable(board: &Board, target: Point) -> bool {
    search(board, target, true, Kos::Simple, BUDGET) == Some(false)
}

/// True when the chain through `target` falls with the attacker moving
/// first, both sides playing only around it, but only through a ko the
/// owner has no threats for: bent four in the corner. After the game the
/// attacker moves first in the confirmation and a ko may only be retaken
/// after a pass for it (Japanese 1989, art. 7-2), so Japanese rules call
/// such a group dead; under area rules the ko is played out.
pub fn dies_by_ko(board: &Board, target: Point) -> bool {
    search(board, target, true, Kos::Confirmation, KO_BUDGET) == Some(true)
        && search(board, target, true, Kos::NoneForAttacker, KO_BUDGET) == Some(false)
}

/// How the search treats kos.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Kos {
    /// Simple ko: no immediate retake.
    Simple,
    /// Japanese confirmation phase (1989, art. 7.2): a ko once taken is
    /// never retaken, the side that takes it first wins it.
    Confirmation,
    /// The same, and the attacker may not take a ko at all.
    NoneForAttacker,
}

/// What reading says of a group's chain with the attacker moving first
/// (`count::judge::reading`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Capture {
    /// The attacker captures it; `by_ko`: only through a ko the owner has
    /// no threats for (bent four in the corner).
    Captured { by_ko: bool },
    /// It cannot be captured, whatever the attacker does.
    Safe,
    /// Too many empty points around it to read: not a local fight.
    NotLocal,
    /// A local fight the search could not settle within its budget.
    Unsettled,
}

/// Can the chain through `target` be captured with the attacker moving
/// first, as the confirmation after the game asks (Japanese rules 1989,
/// art. 7: a ko once taken is not retaken before a pass)?
///
/// When the fight around it is wider than `READ_REGION` empty points, it
/// is read in its own space alone (`walled_region`) if no enemy chain next
/// to it can be captured (`walled::walled_in`: each is `settled`, the
/// caller knows it lives, or has more than four liberties, or is joined to
/// one that has, or survives a tactical attack) and none but a settled one
/// shares a liberty with it (that could be a seki). Such a group lives by
/// its own eyes or not at all; read so, only its capture is a proof.
pub fn capture(board: &Board, target: Point, settled: &dyn Fn(Point) -> bool) -> Capture {
    capture_within(board, target, settled, &mut READ_BUDGET.clone())
}

/// `capture` on a budget of positions, what it spends taken from it: a
/// position's reads share one budget, so no position reads for long.
pub fn capture_within(
    board: &Board,
    target: Point,
    settled: &dyn Fn(Point) -> bool,
    budget: &mut u32,
) -> Capture {
    if let Some(region) = closed_region(board, target, READ_REGION) {
        return capture_in(board, target, region, budget);
    }
    // Read in its own space, the attacker is kept from moves that could
    // matter (approaches from outside): only a kill is a proof there.
    match walled_in(board, target, settled).map(|r| capture_in(board, target, r, budget)) {
        Some(c @ Capture::Captured { .. }) => c,
        _ => Capture::NotLocal,
    }
}

/// `capture` in a region found.
fn capture_in(board: &Board, target: Point, region: Vec<Point>, budget: &mut u32) -> Capture {
    let mut read = |kos| {
        let how = How {
            kos,
            budget: (*budget).min(READ_BUDGET),
            depth: READ_DEPTH,
            safe_at: SAFE_LIBERTIES,
        };
        let (r, left) = search_left(board, target, region.clone(), true, how);
        *budget -= how.budget - left;
        r
    };
    match read(Kos::Confirmation) {
        Some(false) => Capture::Safe,
        Some(true) => Capture::Captured {
            by_ko: read(Kos::NoneForAttacker) == Some(false),
        },
        None => Capture::Unsettled,
    }
}

/// Whether the chain through `target` falls even with its owner moving
/// first (a race it loses whoever starts): Some(true) when it does, None
/// when reading cannot tell within `budget` (the position's races' own,
/// `RACE_BUDGET`; what is left stays in it).
pub fn falls_anyway(board: &Board, target: Point, budget: &mut u32) -> Option<bool> {
    let region = closed_region(board, target, READ_REGION)?;
    let how = How {
        kos: Kos::Confirmation,
        budget: *budget,
        depth: READ_DEPTH,
        safe_at: SAFE_LIBERTIES,
    };
    let (fell, left) = search_left(board, target, region, false, how);
    *budget = left;
    fell
}

/// Is the target captured with best play, the attacker (or the owner) to
/// move? None when the search cannot tell.
fn search(
    board: &Board,
    target: Point,
    attacker_first: bool,
    kos: Kos,
    budget: u32,
) -> Option<bool> {
    let region = region(board, target, MAX_REGION)?;
    let how = How {
        kos,
        budget,
        depth: 16,
        safe_at: SAFE_LIBERTIES,
    };
    search_in(board, target, region, attacker_first, how)
}

/// How a search reads: its kos, its budget of positions, how deep, and
/// at how many liberties the target is safe.
#[derive(Debug, Clone, Copy)]
struct How {
    kos: Kos,
    budget: u32,
    depth: usize,
    safe_at: usize,
}

/// `search` over a region already found.
fn search_in(
    board: &Board,
    target: Point,
    region: Vec<Point>,
    attacker_first: bool,
    how: How,
) -> Option<bool> {
    search_left(board, target, region, attacker_first, how).0
}

/// `search_in`, and what is left of its budget.
fn search_left(
    board: &Board,
    target: Point,
    region: Vec<Point>,
    attacker_first: bool,
    how: How,
) -> (Option<bool>, u32) {
    let Some(owner) = board.get(target) else {
        return (None, how.budget);
    };
    let depth = (2 * region.len() + 2).min(how.depth) as u8;
    let mut r = Reader {
        target,
        owner,
        region,
        kos: how.kos,
        safe_at: how.safe_at,
        locked: Vec::new(),
        budget: how.budget,
        seen: HashMap::new(),
        pool: Vec::new(),
    };
    let result = r.read(board, depth, false, attacker_first);
    (result, r.budget)
}

/// A point and a colour as one number, for the keys below.
fn code(p: Point, c: Color) -> u64 {
    (u64::from(p.y) << 8 | u64::from(p.x)) << 1 | u64::from(c == Color::Black)
}

/// The position's hash with its ko point: the same stones with a ko to
/// retake or not are different positions.
fn key(b: &Board) -> u64 {
    match b.ko_point() {
        None => b.hash(),
        Some((p, c)) => b.hash() ^ (code(p, c) + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15),
    }
}

struct Reader {
    target: Point,
    owner: Color,
    region: Vec<Point>,
    kos: Kos,
    /// Liberties at which the target is out of danger.
    safe_at: usize,
    /// Kos taken on the way here that the other side may not retake
    /// (`Kos::Confirmation`): the point, and who may not play it.
    locked: Vec<(Point, Color)>,
    budget: u32,
    /// (position and ko, attacker to move, after a pass) -> (depth read,
    /// captured)
    seen: HashMap<(u64, bool, bool), (u8, bool)>,
    /// Boards to play on, reused.
    pool: Vec<Board>,
}

impl Reader {
    fn captured(&self, b: &Board) -> bool {
        b.get(self.target) != Some(self.owner)
    }

    /// The target is out of danger: as many liberties outside its own
    /// eye space as a seki group gains by capturing the chain that filled
    /// its liberty, or two eyes. Liberties inside a space its own stones
    /// enclose are read, not counted: the attacker plays there.
    fn safe(&self, b: &Board, libs: &[Point]) -> bool {
        eyes::safe_with(b, self.target, libs, self.safe_at)
    }

    /// The target reached a liberty outside the region: the search cannot
    /// follow it.
    fn escaped(&self, libs: &[Point]) -> bool {
        libs.iter().any(|l| !self.region.contains(l))
    }

    /// Moves in the region that do not fill the mover's own eye, the
    /// target's liberties (`libs`) first (they settle most fights).
    fn moves(&self, b: &Board, color: Color, libs: &[Point]) -> Vec<Point> {
        let mut v: Vec<Point> = self
            .region
            .iter()
            .copied()
            .filter(|&p| {
                // The owner may fill an eye of its own next to the target:
                // that can join it to another chain and out of danger.
                // (Legality is the move's own test: `play` refuses it.)
                b.is_empty_at(p)
                    && (!b.is_eye_like(p, color) || (color == self.owner && libs.contains(&p)))
            })
            .collect();
        v.sort_by_key(|p| !libs.contains(p));
        v
    }

    /// The position's key with the locked kos.
    fn key(&self, b: &Board) -> u64 {
        self.locked.iter().fold(key(b), |k, &(p, c)| {
            k ^ (code(p, c) + 7).wrapping_mul(0xd6e8_feb8_6659_fd93)
        })
    }

    fn lookup(&self, b: &Board, attacker: bool, passed: bool, depth: u8) -> Option<bool> {
        self.seen
            .get(&(self.key(b), attacker, passed))
            .and_then(|&(d, r)| (d >= depth).then_some(r))
    }

    /// What a position answers without a move (`Err`): captured, read
    /// before, safe, or out of depth or of the region (None); else the
    /// target's liberties, to read on.
    fn leaf(
        &self,
        b: &Board,
        depth: u8,
        passed: bool,
        attacker: bool,
    ) -> Result<Vec<Point>, Option<bool>> {
        if self.captured(b) {
            return Err(Some(true));
        }
        // A position read before was neither safe nor escaped (those are
        // the position's own), so its answer holds: looked up first, as
        // judging its eye space again costs more than the lookup.
        if depth > 0
            && let Some(r) = self.lookup(b, attacker, passed, depth)
        {
            return Err(Some(r));
        }
        let libs = b.liberties(self.target);
        if self.safe(b, &libs) {
            return Err(Some(false));
        }
        if depth == 0 || self.escaped(&libs) {
            return Err(None);
        }
        Ok(libs)
    }

    /// With the attacker (or the owner) to move: is the target captured
    /// with best play on both sides? None when the search cannot tell.
    fn read(&mut self, b: &Board, depth: u8, passed: bool, attacker: bool) -> Option<bool> {
        let libs = match self.leaf(b, depth, passed, attacker) {
            Ok(libs) => libs,
            Err(answer) => return answer,
        };
        self.budget = self.budget.checked_sub(1)?;
        // The attacker wants the target captured, the owner wants it not.
        let (mover, goal) = if attacker {
            (self.owner.opponent(), true)
        } else {
            (self.owner, false)
        };
        let mut unknown = false;
        let mut reached = false;
        for p in self.moves(b, mover, &libs) {
            // Boards come from a pool: a search plays many thousands of
            // moves, and a fresh board each is most of its time.
            let mut next = self.pool.pop().unwrap_or_else(|| b.clone());
            next.clone_from(b);
            let Ok(done) = next.play(mover, Move::Play(p), false) else {
                self.pool.push(next);
                continue;
            };
            let ko = next.ko_point();
            if (ko.is_some() && attacker && self.kos == Kos::NoneForAttacker)
                || (done.captured == 1 && self.locked.contains(&(p, mover)))
            {
                self.pool.push(next);
                continue;
            }
            let lock = ko.filter(|_| self.kos != Kos::Simple);
            if let Some(l) = lock {
                self.locked.push(l);
            }
            let r = self.read(&next, depth - 1, false, !attacker);
            self.pool.push(next);
            if lock.is_some() {
                self.locked.pop();
            }
            match r {
                Some(r) if r == goal => {
                    reached = true;
                    break;
                }
                Some(_) => {}
                None => unknown = true,
            }
        }
        if !reached {
            // Passing after a pass ends the game with the target on the
            // board.
            let pass = if passed {
                Some(false)
            } else {
                self.read(b, depth - 1, true, !attacker)
            };
            match pass {
                Some(r) if r == goal => reached = true,
                Some(_) => {}
                None => unknown = true,
            }
        }
        if !reached && unknown {
            return None;
        }
        let result = if reached { goal } else { !goal };
        self.seen
            .insert((self.key(b), attacker, passed), (depth, result));
        Some(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(d: &str) -> Board {
        Board::from_diagram(d).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_straight_three_with_its_vital_point_taken_can_be_captured() {
        let b = board(
            "\
. O X . . . . . .
X O X . . . . . .
. O X . . . . . .
O O X . . . . . .
X X X . . . . . .
X X X X X X X X X
O O O O O O O O O
. . . . . . . . .
. . . . . . . . .",
        );
        assert!(!uncapturable(&b, Point::new(1, 0)));
    }

    #[test]
    fn both_sides_of_a_seki_without_eyes_are_uncapturable() {
        let b = board(include_str!(
            "../../../../tests/positions/seki_no_eyes9.txt"
        ));
        assert!(uncapturable(&b, Point::new(3, 0)));
        assert!(uncapturable(&b, Point::new(5, 0)));
    }

    #[test]
    fn a_chain_that_can_run_out_is_not_proven() {
        let b = board(
            "\
. . . . . . . . .
. . . . . . . . .
. . . . O . . . .
. . . O X O . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .",
        );
        assert!(!uncapturable(&b, Point::new(4, 3)));
    }

    #[test]
    fn bent_four_in_the_corner_dies_by_ko() {
        let b = board(include_str!("../../../../tests/positions/bent_four9.txt"));
        assert!(dies_by_ko(&b, Point::new(2, 0)));
        // The stones inside do not: White cannot approach them.
        assert!(!dies_by_ko(&b, Point::new(0, 0)));
    }

    #[test]
    fn two_eyes_do_not_die_by_ko() {
        let b = board(include_str!("../../../../tests/positions/two_eyes9.txt"));
        assert!(!dies_by_ko(&b, Point::new(0, 1)));
    }
}
