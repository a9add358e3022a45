//! Local reading of the groups a proposal is least sure of: a group kept
//! alive with less than two eyes of space, or a group called dead, is read
//! out locally with the attacker moving first, as the confirmation after
//! the game settles life and death (Japanese rules 1989, art. 7). Where
//! reading proves a status it has the last word, as Benson's proof does;
//! where it cannot, the group is flagged. docs/reading.md tells the
//! algorithm and its sources.

use crate::count::Marks;
use crate::count::estimate::{Capture, Estimate, capture, falls_anyway, small_space};
use crate::count::eyespace::{TWO_EYES, eye_value, short_or_seki};
use crate::count::groups::ChainGroups;
use crate::game::rules::Scoring;
use crate::game::{Board, Point};

/// What reading did to a proposal, for the reports.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Read {
    /// Groups read to a proof.
    pub proven: usize,
    /// Groups whose status the proof changed.
    pub changed: usize,
    /// Local fights the reading could not settle (flagged).
    pub unsettled: usize,
}

/// One group a proposal may have wrong: its chains, and whether the
/// proposal calls it dead.
struct Disputed {
    chains: Vec<Vec<Point>>,
    dead: bool,
    /// Read only because a judge flagged it: a proof that agrees with the
    /// proposal lifts the flag, one that disagrees changes nothing.
    confirm_only: bool,
    /// Read only for its corner shape (`walled_in_corner`): two eyes of
    /// space by the classical values, so not flagged when reading cannot
    /// tell.
    corner_only: bool,
}

/// The groups to read, none that Benson's algorithm proves alive: those
/// the proposal keeps alive short of two eyes (dead, in seki or in a race,
/// never plainly alive: `eyespace`), and the groups called dead next to
/// them (the other side of the race); and, only to confirm the proposal,
/// the groups a judge flagged.
fn disputed(board: &Board, est: &Estimate) -> Vec<Disputed> {
    let all = groups_of(board, est);
    let short = short_or_seki(board, &est.marks);
    let short_of_eyes =
        |d: &Disputed| !d.dead && d.chains.iter().any(|c| short.iter().any(|s| c.contains(s)));
    let is_short = |d: &Disputed| short_of_eyes(d) || (!d.dead && walled_in_corner(board, d));
    let flagged = |d: &Disputed| {
        d.chains
            .iter()
            .any(|c| est.uncertain.iter().any(|u| c.contains(u)))
    };
    let keep: Vec<(bool, bool)> = all
        .iter()
        .map(|d| {
            let read =
                is_short(d) || (d.dead && all.iter().any(|e| is_short(e) && touches(board, d, e)));
            (read || flagged(d), !read)
        })
        .collect();
    all.into_iter()
        .zip(keep)
        .filter(|(_, (k, _))| *k)
        .map(|(mut d, (_, only))| {
            d.confirm_only = only;
            d.corner_only = !only && !d.dead && !short_of_eyes(&d);
            d
        })
        .collect()
}

/// The corner shapes whose space the classical values count as two eyes
/// but which die to the first move inside when the group has no liberty
/// outside them (the rectangular six in the corner, the carpenter's
/// square: Sensei's Library; GNU Go's owl reads both dead): a group (of
/// one chain or several) whose every liberty lies in one empty space of
/// six to twelve points that holds a corner of the board and touches no
/// other stone. Only these are read: reading every group walled in so
/// (anywhere) called living groups dead on the KGS games
/// (docs/reading.md).
fn walled_in_corner(board: &Board, d: &Disputed) -> bool {
    let libs: Vec<Point> = d
        .chains
        .iter()
        .flat_map(|c| board.liberties(c[0]))
        .collect();
    let Some(&start) = libs.first() else {
        return false;
    };
    let ours = |q: &Point| d.chains.iter().any(|c| c.contains(q));
    let Some(space) = small_space(board, start, CORNER_SPACE_MAX) else {
        return false;
    };
    // A space the enemy touches is no eye space of this group.
    if !space
        .iter()
        .flat_map(|&p| board.adjacent(p))
        .all(|q| board.get(q).is_none() || ours(&q))
    {
        return false;
    }
    let last = board.size() - 1;
    let corner = |p: &Point| (p.x == 0 || p.x == last) && (p.y == 0 || p.y == last);
    space.len() >= 6 && space.iter().any(corner) && libs.iter().all(|l| space.contains(l))
}

/// The largest corner space `walled_in_corner` reads.
const CORNER_SPACE_MAX: usize = 12;

/// Every group of the board but those Benson's algorithm proves alive,
/// with whether the proposal calls it dead.
fn groups_of(board: &Board, est: &Estimate) -> Vec<Disputed> {
    let groups = ChainGroups::new(board);
    let mut out: Vec<(usize, Disputed)> = Vec::new();
    for (k, chain) in groups.chains.iter().enumerate() {
        let g = groups.group_of(k);
        match out.iter_mut().find(|(h, _)| *h == g) {
            Some((_, d)) => d.chains.push(chain.clone()),
            None => out.push((
                g,
                Disputed {
                    chains: vec![chain.clone()],
                    dead: false,
                    confirm_only: false,
                    corner_only: false,
                },
            )),
        }
    }
    out.into_iter()
        .map(|(_, mut d)| {
            d.dead = d.chains.iter().any(|c| est.marks.is_dead(c[0]));
            d
        })
        .filter(|d| !d.chains.iter().any(|c| est.proven.is_alive(c[0])))
        .collect::<Vec<_>>()
        .into_iter()
        .collect()
}

/// The verdict on one group: its largest chain read with the attacker
/// moving first. A kill that needs a ko the owner has no threats for is
/// dead under territory rules (bent four in the corner); area rules play
/// the ko out, so there it stays a flagged proposal.
fn verdict(board: &Board, est: &Estimate, d: &Disputed, scoring: Scoring) -> Verdict {
    let Some(chain) = d.chains.iter().max_by_key(|c| c.len()) else {
        return Verdict::Unread;
    };
    match capture(board, chain[0], &|q| est.proven.is_alive(q)) {
        Capture::Safe => Verdict::Alive,
        Capture::Captured { .. } if !capturers_live(board, est, chain) => Verdict::Unread,
        Capture::Captured { by_ko: false } => Verdict::Dead,
        Capture::Captured { by_ko: true } if scoring == Scoring::Territory => Verdict::Dead,
        Capture::Captured { by_ko: true } => Verdict::Unread,
        Capture::Unsettled => Verdict::Unsettled,
        Capture::NotLocal => Verdict::Unread,
    }
}

/// What reading says of one group.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verdict {
    /// Captured with the attacker moving first.
    Dead,
    /// Never captured.
    Alive,
    /// A local fight the budget could not settle: flagged.
    Unsettled,
    /// Not for local reading (too wide, a capture that gains nothing, a
    /// ko area rules play out): the proposal stands.
    Unread,
}

/// Whether a stone of one group is next to a stone of the other.
fn touches(board: &Board, a: &Disputed, b: &Disputed) -> bool {
    a.chains.iter().flatten().any(|&p| {
        board
            .adjacent(p)
            .any(|q| b.chains.iter().any(|c| c.contains(&q)))
    })
}

/// Flags the chain through `p` (once).
fn flag(est: &mut Estimate, p: Option<Point>) {
    if let Some(h) = p.filter(|h| !est.uncertain.contains(h)) {
        est.uncertain.push(h);
    }
}

/// A flagged group read only to confirm: its flag goes where reading
/// proves what the proposal says, alone (no race with another read
/// group). Says whether it did.
fn lift_flag(est: &mut Estimate, d: &Disputed, verdict: Verdict, alone: bool) -> bool {
    let proved = match verdict {
        Verdict::Dead => alone && d.dead,
        Verdict::Alive => !d.dead,
        _ => false,
    };
    if proved {
        est.uncertain
            .retain(|u| !d.chains.iter().any(|c| c.contains(u)));
    }
    proved
}

/// Whether the chains that would capture `chain` live once they have: each
/// is proven alive or has room to spare, or the points the capture leaves
/// make two eyes. A capture that leaves the capturer one eye in a group
/// short of liberties gains nothing: the stones captured come back (a
/// seki of many chains, as GNU Go reads it; Japanese rules 1989, art. 7-1:
/// capturing them would let a stone be played that cannot be captured).
fn capturers_live(board: &Board, est: &Estimate, chain: &[Point]) -> bool {
    if eye_value(chain) >= TWO_EYES {
        return true;
    }
    chain.iter().flat_map(|&p| board.adjacent(p)).all(|q| {
        board.get(q).is_none()
            || board.get(q) == board.get(chain[0])
            || est.proven.is_alive(q)
            || board.liberty_count(q) >= ROOM
    })
}

/// Liberties that leave a capturer room to make its eyes elsewhere.
const ROOM: usize = 6;

/// Reads the disputed groups of a position and settles what it proves in
/// `est`'s marks; flags the local fights it could not settle. Of a race
/// each side wins by starting, the group that falls even when it starts is
/// dead and the other lives; when neither does, the race is open and the
/// proposal stands.
pub fn settle(board: &Board, est: &mut Estimate, scoring: Scoring) -> Read {
    let mut read = Read::default();
    let groups = disputed(board, est);
    let verdicts: Vec<Verdict> = groups
        .iter()
        .map(|d| verdict(board, est, d, scoring))
        .collect();
    let target = |d: &Disputed| d.chains.iter().max_by_key(|c| c.len()).map(|c| c[0]);
    // Of the groups the attacker kills by starting and that race another
    // such group: do they fall even when their owner starts? (Read only
    // for them: the owner's side of a race is the costly search.)
    // Groups read only to confirm a flagged proposal take no part in the
    // races of the others.
    let racer = |j: usize| verdicts[j] == Verdict::Dead && !groups[j].confirm_only;
    let raced = |i: usize| {
        racer(i)
            && (0..groups.len())
                .any(|j| j != i && racer(j) && touches(board, &groups[i], &groups[j]))
    };
    let falls: Vec<bool> = (0..groups.len())
        .map(|i| raced(i) && target(&groups[i]).and_then(|t| falls_anyway(board, t)) == Some(true))
        .collect();
    let mut marks: Marks = est.marks.clone();
    let mut killed: Vec<usize> = Vec::new();
    for (i, d) in groups.iter().enumerate() {
        let rivals: Vec<usize> = (0..groups.len())
            .filter(|&j| j != i && racer(j) && touches(board, d, &groups[j]))
            .collect();
        if d.confirm_only {
            read.proven += usize::from(lift_flag(est, d, verdicts[i], rivals.is_empty()));
            continue;
        }
        let status = match verdicts[i] {
            Verdict::Dead if rivals.is_empty() || falls[i] => Some(true),
            Verdict::Dead if rivals.iter().any(|&j| falls[j]) => Some(false),
            Verdict::Dead => None,
            // A group kept alive short of eyes (a seki, most often) that
            // reading cannot read out: the proposal stands, but nothing
            // proved it, so it asks for a look.
            Verdict::Unread => {
                if !d.dead && !d.corner_only {
                    flag(est, target(d));
                }
                None
            }
            Verdict::Alive => Some(false),
            Verdict::Unsettled if d.corner_only => None,
            Verdict::Unsettled => {
                read.unsettled += 1;
                flag(est, target(d));
                None
            }
        };
        // A flag the judges set on a group read here stays, even where
        // reading proves what they proposed: on the KGS games one such
        // proof lifted the flag of a group the players rightly killed
        // (local reading can be wrong where the fight reaches further
        // than it looks, a seki of many chains), and a flag only asks for
        // a look.
        let Some(dead) = status else {
            continue;
        };
        read.proven += 1;
        if dead != d.dead {
            read.changed += 1;
            set_dead(board, &mut marks, d, dead);
            if dead {
                killed.push(i);
            }
        }
    }
    for i in fall_after(board, est, &groups, &killed, scoring) {
        read.proven += 1;
        read.changed += 1;
        set_dead(board, &mut marks, &groups[i], true);
    }
    est.marks = marks;
    read
}

/// Marks every chain of a group dead or alive.
fn set_dead(board: &Board, marks: &mut Marks, d: &Disputed, dead: bool) {
    for c in &d.chains {
        if marks.is_dead(c[0]) != dead {
            marks.toggle_chain(board, c[0]);
        }
    }
}

/// The groups that fall once the groups reading killed (`killed`) are
/// taken off, as the confirmation would take them: a seki that held only
/// while the group around it lived (a corner seki beside a big group
/// whose eye space is a square four: KGS 2017-02-25-13, read so by GNU
/// Go and by the players). Each is read again on that board, alone: a
/// group kept alive in the proposal that is captured there with no ko,
/// by capturers that live, and in no race with another such group.
fn fall_after(
    board: &Board,
    est: &Estimate,
    groups: &[Disputed],
    killed: &[usize],
    scoring: Scoring,
) -> Vec<usize> {
    if killed.is_empty() {
        return Vec::new();
    }
    let mut after = board.clone();
    for p in killed
        .iter()
        .flat_map(|&i| groups[i].chains.iter().flatten())
    {
        after.set_point(*p, None);
    }
    let falls: Vec<usize> = (0..groups.len())
        .filter(|&i| !groups[i].dead && !groups[i].confirm_only && !killed.contains(&i))
        .filter(|&i| verdict(&after, est, &groups[i], scoring) == Verdict::Dead)
        .collect();
    falls
        .iter()
        .copied()
        .filter(|&i| {
            !falls
                .iter()
                .any(|&j| j != i && touches(board, &groups[i], &groups[j]))
        })
        .collect()
}

#[cfg(test)]
mod tests;
