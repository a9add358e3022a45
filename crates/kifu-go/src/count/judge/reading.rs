//! Local reading of the groups a proposal is least sure of: a group kept
//! alive with less than two eyes of space, or a group called dead, is read
//! out locally with the attacker moving first, as the confirmation after
//! the game settles life and death (Japanese rules 1989, art. 7). Where
//! reading proves a status it has the last word, as Benson's proof does;
//! where it cannot, the group is flagged. docs/reading.md tells the
//! algorithm and its sources.

use crate::count::Marks;
use crate::count::flag::{Doubt, flag, flagged};
use crate::count::groups::ChainGroups;
use crate::count::judge::estimate::{
    Capture, Estimate, capture_within, falls_anyway, sealed_fight, small_space,
};
use crate::count::judge::eyespace::{TWO_EYES, eye_value, short_or_seki};
use crate::count::judge::thresholds::{POSITION_BUDGET, RACE_BUDGET, ROOM, SPACE_MAX};
use crate::game::{Board, Point};
use mutual::mutual_shortage;

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
    /// Read only for a proof: a group with two eyes of space by the
    /// classical values (`walled_in_space`), or a dead-called group that
    /// may be in a seki (`sealed_seki`). Not flagged when reading cannot
    /// tell.
    quiet: bool,
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
    let is_short = |d: &Disputed| short_of_eyes(d) || (!d.dead && walled_in_space(board, d));
    let flagged = |d: &Disputed| d.chains.iter().any(|c| flagged(&est.uncertain, c));
    let beside_short = |d: &Disputed| all.iter().any(|e| is_short(e) && touches(board, d, e));
    // (read, only to confirm, quiet)
    let keep: Vec<(bool, bool, bool)> = all
        .iter()
        .map(|d| {
            let race = d.dead && beside_short(d);
            let seki = d.dead && !race && sealed_seki(board, est, d);
            let read = is_short(d) || race || seki;
            let quiet = seki || (!d.dead && read && !short_of_eyes(d));
            (read || flagged(d), !read, quiet)
        })
        .collect();
    all.into_iter()
        .zip(keep)
        .filter(|(_, (k, _, _))| *k)
        .map(|(mut d, (_, only, quiet))| {
            d.confirm_only = only;
            d.quiet = quiet;
            d
        })
        .collect()
}

/// A group the proposal calls dead whose whole fight is sealed in sight
/// (`sealed_fight`): it shares a liberty with an enemy chain that no
/// proof holds alive, and everything around them lives. Dead means
/// capturable (Japanese rules 1989, art. 7): reading asks whether it is.
/// (A seki's inner group called dead makes the group around it look
/// alive with two eyes, so it is not found from that side.)
fn sealed_seki(board: &Board, est: &Estimate, d: &Disputed) -> bool {
    let settled = |q: Point| est.proven.is_alive(q) || board.liberty_count(q) >= ROOM;
    let owner = d.chains.first().and_then(|c| board.get(c[0]));
    let shares = d.chains.iter().any(|c| {
        board.liberties(c[0]).iter().any(|&l| {
            board
                .adjacent(l)
                .any(|q| board.get(q).is_some_and(|e| Some(e) != owner) && !est.proven.is_alive(q))
        })
    });
    shares && d.chains.iter().all(|c| sealed_fight(board, c[0], &settled))
}

/// A group whose life is its eye space alone: every liberty lies in one
/// empty space of three to twelve points that only its own stones
/// enclose (in the corner, on the edge or in the centre). The classical
/// values count some such spaces as two eyes that die to the first move
/// inside (the rabbity six; in the corner, with no liberty outside, the
/// bent four, the rectangular six, the carpenter's square: Sensei's
/// Library; GNU Go's owl reads them so): the search reads the space
/// itself, its leaves judged by eye space (`search::eyes`).
fn walled_in_space(board: &Board, d: &Disputed) -> bool {
    let libs: Vec<Point> = d
        .chains
        .iter()
        .flat_map(|c| board.liberties(c[0]))
        .collect();
    let Some(&start) = libs.first() else {
        return false;
    };
    let ours = |q: &Point| d.chains.iter().any(|c| c.contains(q));
    let Some(space) = small_space(board, start, SPACE_MAX) else {
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
    space.len() >= 3 && libs.iter().all(|l| space.contains(l))
}

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
                    quiet: false,
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
/// dead under every rule set (bent four in the corner): under territory
/// rules by the confirmation (Japanese 1989, art. 7 and its commentary),
/// under area rules because the attacker removes every ko threat at no
/// cost (filling them costs no point) before taking the ko.
fn verdict(board: &Board, est: &Estimate, d: &Disputed, budget: &mut u32) -> Verdict {
    let Some(chain) = d.chains.iter().max_by_key(|c| c.len()) else {
        return Verdict::Unread;
    };
    let settled = |q: Point| est.proven.is_alive(q);
    // A race the theory counts is counted, not searched.
    let counted = match race::falls_counted(board, chain[0], race::First::Attacker) {
        Some(true) => Some(Capture::Captured { by_ko: false }),
        Some(false) => Some(Capture::Safe),
        None => None,
    };
    let read = counted.unwrap_or_else(|| capture_within(board, chain[0], &settled, budget));
    match read {
        Capture::Safe => Verdict::Alive,
        Capture::Captured { .. } if !capturers_live(board, est, chain) => Verdict::Unread,
        Capture::Captured { .. } => Verdict::Dead,
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

/// Flags the chain through `p` (once), saying why.
fn flag_read(board: &Board, est: &mut Estimate, p: Option<Point>, why: Doubt) {
    if let Some(h) = p {
        flag(board, h, why, &mut est.uncertain);
    }
}

/// A flagged group read only to confirm: its flag goes where reading
/// proves the proposal (`lift_flag`); a proof against it changes nothing,
/// but for a seki of eyes only: flagged dead, yet the attacker moving
/// first cannot capture it, and an enemy chain beside it is as short of
/// liberties (`mutual_shortage`; dead means capturable, art. 7).
fn confirm(
    board: &Board,
    est: &mut Estimate,
    (marks, read): (&mut Marks, &mut Read),
    d: &Disputed,
    verdict: Verdict,
    alone: bool,
) {
    if d.dead && verdict == Verdict::Alive && mutual_shortage(board, est, d) {
        read.proven += 1;
        read.changed += 1;
        set_dead(board, marks, d, false);
    } else {
        read.proven += usize::from(lift_flag(est, d, verdict, alone));
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
            .retain(|u| !d.chains.iter().any(|c| c.contains(&u.at)));
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

/// Reads the disputed groups of a position and settles what it proves in
/// `est`'s marks; flags the local fights it could not settle. Of a race
/// each side wins by starting, the group that falls even when it starts is
/// dead and the other lives; when neither does, the race is open and the
/// proposal stands.
pub fn settle(board: &Board, est: &mut Estimate) -> Read {
    let mut read = Read::default();
    let groups = disputed(board, est);
    // One budget for all of the position's reads: the groups a proposal
    // is least sure of first (short of eyes, a race, a sealed seki), then
    // the spaces of two eyes by the classical values, then the groups
    // read only to confirm a flag.
    let mut budget = POSITION_BUDGET;
    let mut verdicts: Vec<Verdict> = vec![Verdict::Unsettled; groups.len()];
    let mut order: Vec<usize> = (0..groups.len()).collect();
    order.sort_by_key(|&i| {
        let g = &groups[i];
        (g.confirm_only, g.quiet && !g.dead)
    });
    for i in order {
        verdicts[i] = verdict(board, est, &groups[i], &mut budget);
    }
    let falls = race_falls(board, &groups, &verdicts);
    let racer = |j: usize| racer(&groups, &verdicts, j);
    let mut marks: Marks = est.marks.clone();
    let mut killed: Vec<usize> = Vec::new();
    for (i, d) in groups.iter().enumerate() {
        let rivals: Vec<usize> = (0..groups.len())
            .filter(|&j| j != i && racer(j) && touches(board, d, &groups[j]))
            .collect();
        if d.confirm_only {
            confirm(
                board,
                est,
                (&mut marks, &mut read),
                d,
                verdicts[i],
                rivals.is_empty(),
            );
            continue;
        }
        let status = status(board, est, &mut read, d, verdicts[i], (&rivals, &falls, i));
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
    for i in fall_after(board, est, &groups, &killed, &mut budget) {
        read.proven += 1;
        read.changed += 1;
        set_dead(board, &mut marks, &groups[i], true);
    }
    est.marks = marks;
    read
}

/// A group the attacker kills by starting that may race another such
/// group: not one read only to confirm a flagged proposal, nor a
/// dead-called group read for a seki.
fn racer(groups: &[Disputed], verdicts: &[Verdict], j: usize) -> bool {
    verdicts[j] == Verdict::Dead && !groups[j].confirm_only && !(groups[j].dead && groups[j].quiet)
}

/// Of the groups the attacker kills by starting and that race another
/// such group: do they fall even when their owner starts? (Read only for
/// them, on one budget for all of the position's races: the owner's side
/// of a race is the costly search.)
fn race_falls(board: &Board, groups: &[Disputed], verdicts: &[Verdict]) -> Vec<bool> {
    let target = |d: &Disputed| d.chains.iter().max_by_key(|c| c.len()).map(|c| c[0]);
    let raced = |i: usize| {
        racer(groups, verdicts, i)
            && (0..groups.len()).any(|j| {
                j != i && racer(groups, verdicts, j) && touches(board, &groups[i], &groups[j])
            })
    };
    let mut budget = RACE_BUDGET;
    (0..groups.len())
        .map(|i| {
            // Counted first, as the theory counts races; read where the
            // count does not settle it.
            let falls = |t: Point| {
                race::falls_counted(board, t, race::First::Owner)
                    .or_else(|| falls_anyway(board, t, &mut budget))
            };
            raced(i) && target(&groups[i]).and_then(falls) == Some(true)
        })
        .collect()
}

/// What a group's verdict proves of it (`Some(dead)`), given its race
/// rivals and which groups of a race fall whoever starts; a group reading
/// cannot settle is flagged, unless it was read only for a proof.
fn status(
    board: &Board,
    est: &mut Estimate,
    read: &mut Read,
    d: &Disputed,
    verdict: Verdict,
    (rivals, falls, i): (&[usize], &[bool], usize),
) -> Option<bool> {
    let target = d.chains.iter().max_by_key(|c| c.len()).map(|c| c[0]);
    match verdict {
        // A dead-called group read for a seki: only a proof that it
        // cannot be captured changes it.
        Verdict::Alive if d.dead && d.quiet => Some(false),
        _ if d.dead && d.quiet => None,
        Verdict::Dead if rivals.is_empty() || falls[i] => Some(true),
        Verdict::Dead if rivals.iter().any(|&j| falls[j]) => Some(false),
        Verdict::Dead => None,
        // A group kept alive short of eyes (a seki, most often) that
        // reading cannot read out: the proposal stands, but nothing
        // proved it, so it asks for a look.
        Verdict::Unread => {
            if !d.dead && !d.quiet {
                flag_read(board, est, target, Doubt::Seki);
            }
            None
        }
        Verdict::Alive => Some(false),
        Verdict::Unsettled if d.quiet => None,
        Verdict::Unsettled => {
            read.unsettled += 1;
            flag_read(board, est, target, Doubt::Budget);
            None
        }
    }
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
    budget: &mut u32,
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
        .filter(|&i| verdict(&after, est, &groups[i], budget) == Verdict::Dead)
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

mod mutual;
mod race;
#[cfg(test)]
mod tests;
