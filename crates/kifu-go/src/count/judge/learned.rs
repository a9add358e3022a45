//! The learned dead-stone judge: a small network distilled from KataGo's
//! ownership on finished games (train/, docs/learned-judge.md) gives an
//! ownership per point; kifu's exact knowledge then has the last word.
//! Benson's unconditional life is never overruled, chains are judged by
//! their group's mean (one move joins them), and a kill never contradicts
//! itself: dead stones of both colours in one region of empty and dead
//! points cannot both be dead, so the less certain side lives. Seki, dame
//! and the rules' own treatment stay in the counting code.

use std::sync::OnceLock;

use crate::count::Marks;
use crate::count::flag::{Doubt, Flag, flag};
use crate::count::judge::Judge;
use crate::count::judge::estimate::{self, Budget, Estimate};
/// Where a kill contradicts itself (`ownership::contradictions`), as the
/// reports name it.
pub use crate::count::judge::ownership::contradictions;
use crate::count::judge::ownership::{group_keeps, settle_contradictions};
use crate::game::rules::Scoring;
use crate::game::{Board, Color, Point};

pub mod net;
pub mod planes;

use net::Net;

/// The weights train/train.py wrote, shipped inside the binary.
const WEIGHTS: &[u8] = include_bytes!("learned/weights.bin");

/// When a group is flagged uncertain: its mean ownership (for its own
/// colour) is nearer zero than `unsure`, or than `doubted` when the rules
/// estimator was unsure of it too. Chosen on the training data's held-out
/// tenth (docs/learned-judge.md), never on the development sets.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FlagBelow {
    pub unsure: f64,
    pub doubted: f64,
}

/// The thresholds kifu uses.
pub const UNSURE_BELOW: FlagBelow = FlagBelow {
    unsure: 0.3,
    doubted: 0.8,
};

/// The network, read once; None if the shipped weights do not read (a
/// test guards that they do).
pub fn network() -> Option<&'static Net> {
    static NET: OnceLock<Option<Net>> = OnceLock::new();
    NET.get_or_init(|| Net::from_bytes(WEIGHTS).ok()).as_ref()
}

/// The board sizes kifu trusts the network on: those with enough
/// training data. The network also saw 9x9 and 13x13 (175 and 51 GNU Go
/// self-play positions), too few: on a plain 9x9 position it killed a
/// living wall. Other sizes are judged by the rules estimator, and the
/// count says so.
pub const TRUSTED_SIZES: [u8; 1] = [19];

/// Whether the learned judge judges boards of this size.
pub fn covers(size: u8) -> bool {
    TRUSTED_SIZES.contains(&size) && network().is_some_and(|n| n.sizes.contains(&size))
}

/// The network's ownership of each point (row by row from the top left,
/// Black positive) given the rules estimator's judgment of the board
/// (`planes::rules_estimate`), or None when it does not cover the size.
pub fn ownership(
    board: &Board,
    to_move: Color,
    scoring: Scoring,
    rules: &Estimate,
) -> Option<Vec<f64>> {
    let net = network().filter(|_| covers(board.size()))?;
    let input = planes::planes(board, to_move, scoring, rules);
    Some(net.ownership(&input, usize::from(board.size())))
}

/// kifu's own proposal for `board`: the learned judge's where it can
/// judge, else the rules estimator's; and which judge made it.
///
/// Where the rules estimator answers, its answer is `--dead rules`'s (its
/// full budget of playouts), not the planes' lighter judgment; and it is
/// the full budget that says whether a game looks unfinished (the planes'
/// fewer playouts may see more points undecided).
pub fn judge_position(board: &Board, to_move: Color, scoring: Scoring) -> (Estimate, Judge) {
    // The position alone, however it was reached (`Board::canonical`).
    let board = &board.canonical();
    let (mut est, judge) = proposal(board, to_move, scoring);
    // Reading has the last word on the groups it can read out, once the
    // game is over: in a game plainly not over (a resignation) every
    // fight is still open, and there are many.
    if judge != Judge::RulesUnfinished {
        crate::count::judge::reading::settle(board, &mut est);
    }
    (est, judge)
}

/// The rules estimator's proposal (`--dead rules`), settled by local
/// reading as every proposal is.
pub fn judge_by_rules(board: &Board, scoring: Scoring) -> Estimate {
    let board = &board.canonical();
    let mut est = estimate::estimate(board, None, scoring);
    // As `auto`: a game that does not look finished has every fight still
    // open, and reading them all (a resigned game has many) buys nothing.
    if est.finished {
        crate::count::judge::reading::settle(board, &mut est);
    }
    est
}

/// The judges' proposal, before reading (`judge_position`).
fn proposal(board: &Board, to_move: Color, scoring: Scoring) -> (Estimate, Judge) {
    let by_rules = || estimate::estimate(board, None, scoring);
    if !covers(board.size()) {
        return (by_rules(), Judge::RulesForSize);
    }
    let light = planes::rules_playouts(board);
    if !light.looks_finished(board) {
        let unfinished = |played| {
            let e = estimate::judge_playouts(board, None, scoring, played);
            (e, Judge::RulesUnfinished)
        };
        // Every budget plays the same probe; past it, the full budget
        // says whether the game is over.
        if light.stopped_at_probe() {
            return unfinished(light);
        }
        let full = light.extended(board, Budget::FULL);
        if !full.looks_finished(board) {
            return unfinished(full);
        }
        // The full budget sees the game over: the network judges it, on
        // the planes it was trained on.
    }
    // The planes' judgment (`planes::rules_estimate`), from these playouts.
    let rules = estimate::judge_playouts(board, None, scoring, light);
    match ownership(board, to_move, scoring, &rules) {
        Some(own) => (judge_with(board, own, &rules, UNSURE_BELOW), Judge::Learned),
        None => (by_rules(), Judge::RulesForSize),
    }
}

/// Dead stones by the learned judge, or None where it does not judge (a
/// size it does not cover, a game that does not look finished).
pub fn estimate(board: &Board, to_move: Color, scoring: Scoring) -> Option<Estimate> {
    match judge_position(board, to_move, scoring) {
        (e, Judge::Learned) => Some(e),
        _ => None,
    }
}

/// The judgment of an ownership map under kifu's guard rails; `rules` is
/// the rules estimator's judgment of the board: a chain the two judge
/// differently is flagged (disputed), as is one the network is unsure of
/// (`FlagBelow`; the held-out report chooses `UNSURE_BELOW` with it).
pub fn judge_with(
    board: &Board,
    mut own: Vec<f64>,
    rules: &Estimate,
    doubt: FlagBelow,
) -> Estimate {
    let n = usize::from(board.size());
    let idx = |p: Point| usize::from(p.y) * n + usize::from(p.x);
    // What Benson proves is certain, whatever the network says.
    let proven = &rules.proven;
    for p in board.points() {
        if let (Some(c), Some(v)) = (proven.owner(p), own.get_mut(idx(p))) {
            *v = if c == Color::Black { 1.0 } else { -1.0 };
        }
    }
    let (groups, keep) = group_keeps(board, &own);
    // A group's mean may be the other side's where a proven chain shares
    // it with dead ones: the proven chain lives all the same.
    let mut dead: Vec<bool> = keep
        .iter()
        .zip(&groups.chains)
        .map(|(&k, c)| k < 0.0 && !proven.is_alive(c[0]))
        .collect();
    let spared = settle_contradictions(board, &groups.chains, &keep, &mut dead);
    let mut marks = Marks::new(board.size());
    let heads: Vec<Point> = groups
        .chains
        .iter()
        .zip(&dead)
        .filter(|(_, d)| **d)
        .map(|(c, _)| c[0])
        .collect();
    marks.mark_dead_at(board, &heads);
    // A chain the rules estimator doubted keeps its reason (a ko, a
    // race); the others are flagged because the judges are split.
    let mut uncertain: Vec<Flag> = Vec::new();
    for (k, (c, v)) in groups.chains.iter().zip(&keep).enumerate() {
        let rules_why = rules.uncertain.iter().find(|u| c.contains(&u.at));
        let limit = if rules_why.is_some() {
            doubt.doubted
        } else {
            doubt.unsure
        };
        if v.abs() < limit || spared.contains(&k) || dead[k] != rules.marks.is_dead(c[0]) {
            let why = rules_why.map_or(Doubt::Judges, |u| u.why);
            flag(board, c[0], why, &mut uncertain);
        }
    }
    let undecided = board
        .points()
        .filter(|&p| board.get(p).is_none() && own.get(idx(p)).is_none_or(|v| v.abs() < 0.5))
        .count();
    Estimate {
        marks,
        uncertain,
        undecided,
        finished: undecided * 8 <= n * n,
        proven: rules.proven.clone(),
        ownership: own.iter().map(|&v| v as f32).collect(),
        read: Vec::new(),
    }
}

#[cfg(test)]
mod tests;
