//! The estimator's playouts: batches of random games from the position
//! (half careful), and each chain's share of them, taken over its group.

use super::playout::{Rng, playout_with};
use crate::count::groups::ChainGroups;
use crate::count::judge::thresholds::{CLOSE, PROBE};
use crate::game::{Board, Color, Point};

/// How many random playouts the estimator plays: a first batch (of which
/// the first `PROBE` tell whether the game looks over at all), then, while
/// a group is a coin toss (its share in `CLOSE`), more batches of the same
/// size, up to `max_batches` in all. Each batch is half with each side to
/// move first, half careful.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Playouts a batch (at least `PROBE`).
    pub batch: usize,
    /// Batches at most.
    pub max_batches: usize,
}

impl Budget {
    /// The rules estimator's own judgment (`--dead rules`): 128 a batch,
    /// so the positions that need more get 256-512 playouts and the rest
    /// stay fast (on the KGS games the extra batches add about 15% to the
    /// playouts in all; mean over 24 seeds 384.0 games right with one
    /// batch, 385.0 with more).
    pub const FULL: Budget = Budget {
        batch: 128,
        max_batches: 4,
    };
    /// The learned judge's input planes: half as many. The network, trained
    /// on these planes, learns how far to trust them; on the training
    /// data's held-out tenth it agreed with KataGo as often as with the
    /// full budget's planes (760 of 778 against 759, docs/learned-judge.md),
    /// and the judge's median time fell from 9.0 to 5.7 ms.
    pub const PLANES: Budget = Budget {
        batch: 64,
        max_batches: 4,
    };
}

/// One chain's playout statistics.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct ChainShare {
    /// A point of the chain.
    pub(super) at: Point,
    /// Share of its points it keeps, in careful and in careless playouts.
    pub(super) careful: f64,
    pub(super) careless: f64,
}

impl ChainShare {
    /// The share it keeps over both kinds of playouts.
    pub(super) fn keep(&self) -> f64 {
        (self.careful + self.careless) / 2.0
    }
}

/// Playout ownership: per point, playouts that ended with it Black's minus
/// White's, for careful and for careless playouts.
#[derive(Clone)]
pub(super) struct Ownership {
    pub(super) careful: Vec<i32>,
    pub(super) careless: Vec<i32>,
    pub(super) n: usize,
    /// Playouts so far, of both kinds.
    pub(super) played: usize,
}

impl Ownership {
    pub(super) fn new(board: &Board) -> Ownership {
        let n = usize::from(board.size());
        Ownership {
            careful: vec![0; n * n],
            careless: vec![0; n * n],
            n,
            played: 0,
        }
    }

    /// Plays `count` more playouts from `board`.
    pub(super) fn play(&mut self, board: &Board, rng: &mut Rng, count: usize) {
        let nn = self.n * self.n;
        // The playouts draw from the board's list of empty points, whose
        // order follows the moves that made it: from the canonical board,
        // a position judges the same however it was reached.
        let start = board.canonical();
        let mut b = start.clone();
        for k in self.played..self.played + count {
            b.clone_from(&start);
            let first = if k % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            // Careful playouts never make a chain self-atari (so sekis and
            // approach-move fights survive); careless ones may (so dead
            // groups that need such moves die).
            let careful = k % 4 < 2;
            playout_with(&mut b, first, rng, 3 * nn, careful);
            b.tally_owners(if careful {
                &mut self.careful
            } else {
                &mut self.careless
            });
        }
        self.played += count;
    }
}

/// An estimate's playouts, before any chain is judged: enough to tell
/// whether the game looks over, which costs far less than judging its
/// chains (the local reading) on a game that is not; and the generator
/// to play on with.
#[derive(Clone)]
pub struct Played {
    pub(super) own: Ownership,
    pub(super) chains: Vec<ChainShare>,
    rng: Rng,
    salt: u64,
}

impl Played {
    /// Few enough points undecided for the game to look over.
    pub fn looks_finished(&self, board: &Board) -> bool {
        self.own.looks_finished(board)
    }

    /// The playouts stopped after the probe, which every budget plays
    /// alike: the game is plainly not over.
    pub fn stopped_at_probe(&self) -> bool {
        self.own.played <= PROBE
    }

    /// What `budget` would have played on the same board: the same
    /// playouts, since each one's seed follows its number, so a first
    /// batch carries on where it stopped (else they are played afresh).
    pub fn extended(&self, board: &Board, budget: Budget) -> Played {
        if self.stopped_at_probe() {
            self.clone()
        } else if self.own.played <= budget.batch {
            play_on(board, self.own.clone(), self.rng.clone(), self.salt, budget)
        } else {
            ownership(board, self.salt, budget)
        }
    }
}

/// For each point (row by row), whether it is an empty point of a space
/// whose bordering stones are all of one colour.
fn one_colour_spaces(board: &Board) -> Vec<bool> {
    let n = usize::from(board.size());
    let idx = |p: Point| usize::from(p.y) * n + usize::from(p.x);
    let mut out = vec![false; n * n];
    let mut seen = vec![false; n * n];
    for start in board.empty_points() {
        if seen[idx(start)] {
            continue;
        }
        let mut space = vec![start];
        seen[idx(start)] = true;
        let mut colours = [false; 2];
        let mut k = 0;
        while k < space.len() {
            let p = space[k];
            k += 1;
            for q in board.adjacent(p) {
                match board.get(q) {
                    Some(c) => colours[c.index()] = true,
                    None if !seen[idx(q)] => {
                        seen[idx(q)] = true;
                        space.push(q);
                    }
                    None => {}
                }
            }
        }
        if colours[0] != colours[1] {
            for p in space {
                out[idx(p)] = true;
            }
        }
    }
    out
}

/// Playouts in batches until no group is a coin toss (or the last batch).
pub(super) fn ownership(board: &Board, salt: u64, budget: Budget) -> Played {
    let mut rng = Rng::new(board.hash() ^ 0x9e37_79b9_7f4a_7c15 ^ salt);
    let mut own = Ownership::new(board);
    // The probe first (a quarter of the full batch): a position plainly
    // not finished (a quarter of the board a coin toss, owned by neither
    // side in 40% to 60% of the playouts) stops there, its guess reported
    // as unfinished anyway (the KGS 2003 archive, mostly resigned games:
    // 313 games/s on two cores, was 290; a stricter probe than this killed
    // fewer dead stones on small boards, whose 32 playouts are noisier).
    // Any other position goes on with the same playouts (their seeds
    // follow their number), so its estimate is one full batch's.
    own.play(board, &mut rng, PROBE.min(budget.batch));
    if own.coin_tosses(board) * 4 > own.n * own.n {
        let chains = own.chains(board);
        return Played {
            own,
            chains,
            rng,
            salt,
        };
    }
    play_on(board, own, rng, salt, budget)
}

/// Fills up the first batch of `budget`, then plays more batches while a
/// group is a coin toss.
fn play_on(board: &Board, mut own: Ownership, mut rng: Rng, salt: u64, budget: Budget) -> Played {
    own.play(board, &mut rng, budget.batch.saturating_sub(own.played));
    loop {
        let chains = own.chains(board);
        if !own.wants_more(board, &chains, budget) {
            return Played {
                own,
                chains,
                rng,
                salt,
            };
        }
        own.play(board, &mut rng, budget.batch);
    }
}

impl Ownership {
    pub(super) fn idx(&self, p: Point) -> usize {
        usize::from(p.y) * self.n + usize::from(p.x)
    }

    /// Share of playouts of one kind (`n` of them) in which the point
    /// `i` ended up `c`'s.
    pub(super) fn share(counts: &[i32], i: usize, c: Color, n: usize) -> f64 {
        let v = f64::from(counts[i]) / n as f64;
        let v = if c == Color::Black { v } else { -v };
        (v + 1.0) / 2.0
    }

    /// Each point's ownership, Black's share minus White's, row by row.
    pub(super) fn map(&self) -> Vec<f32> {
        let played = self.played.max(1) as f32;
        self.careful
            .iter()
            .zip(&self.careless)
            .map(|(a, b)| (a + b) as f32 / played)
            .collect()
    }

    /// Empty points neither side owns in most playouts, but for those of
    /// a space only one colour's stones enclose: a closed territory is
    /// decided however random play invades it (a big corner of one side
    /// otherwise reads as an open game).
    pub(super) fn undecided(&self, board: &Board) -> usize {
        let enclosed = one_colour_spaces(board);
        board
            .empty_points()
            .filter(|&p| {
                let i = self.idx(p);
                !enclosed[i]
                    && f64::from((self.careful[i] + self.careless[i]).abs()) / (self.played as f64)
                        < 0.5
            })
            .count()
    }

    /// Empty points that are a coin toss so far: owned by each side in
    /// 40% to 60% of the playouts.
    pub(super) fn coin_tosses(&self, board: &Board) -> usize {
        board
            .empty_points()
            .filter(|&p| {
                let i = self.idx(p);
                f64::from((self.careful[i] + self.careless[i]).abs()) / (self.played as f64) < 0.2
            })
            .count()
    }

    /// Another batch is worth playing: a group is still a coin toss, the
    /// game looks over (an unfinished one is reported as such, more
    /// playouts would not make its guess worth more) and the batches are
    /// not used up.
    pub(super) fn wants_more(&self, board: &Board, chains: &[ChainShare], budget: Budget) -> bool {
        chains
            .iter()
            .any(|c| CLOSE.contains(&((c.careful + c.careless) / 2.0)))
            && self.looks_finished(board)
            && self.played < budget.max_batches * budget.batch
    }

    /// Few enough points undecided for the game to look over.
    pub(super) fn looks_finished(&self, board: &Board) -> bool {
        self.undecided(board) * 8 <= self.n * self.n
    }

    /// Each chain's shares, taken over its whole group: chains of one
    /// colour that touch a common empty point (a shared liberty, so one
    /// move joins them) live or die together in the players' eyes, and
    /// the group's plain mean over its chains smooths the playouts' noise
    /// on its small chains (mean 381.9 games right over 24 seeds without
    /// it, 384.0 with it; weighting the mean by stones gave 383.5).
    pub(super) fn chains(&self, board: &Board) -> Vec<ChainShare> {
        let groups = ChainGroups::new(board);
        let keep = |counts: &[i32]| -> Vec<f64> {
            let shares = groups
                .chains
                .iter()
                .zip(&groups.colours)
                .map(|(chain, &c)| {
                    chain
                        .iter()
                        .map(|&s| Self::share(counts, self.idx(s), c, self.played / 2))
                        .sum::<f64>()
                        / chain.len() as f64
                });
            groups.group_means(&shares.collect::<Vec<f64>>())
        };
        let (careful, careless) = (keep(&self.careful), keep(&self.careless));
        groups
            .chains
            .iter()
            .zip(careful.into_iter().zip(careless))
            .map(|(chain, (careful, careless))| ChainShare {
                at: chain[0],
                careful,
                careless,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(d: &str) -> Board {
        Board::from_diagram(d).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn chains_sharing_a_liberty_are_judged_as_one_group() {
        // Black: a lone stone at C3 shares the liberty C2 with the chain
        // B1 C1 D1; the black stone at G7 touches neither. The playouts
        // (made up here) kept the chain always and the stone at C3 only a
        // third of the time.
        let b = board(
            "\
. . . . . . . . .
. . . . . . . . .
. . . . . . X . .
. . . . . . . . .
. . . . . . . . .
. . . . . . O . .
. . X . . . . . .
. . . . . . . . .
. X X X . . . . .",
        );
        let full = Budget::FULL.batch;
        let n = full as i32 / 2;
        let mut own = Ownership {
            careful: vec![0; 81],
            careless: vec![0; 81],
            n: 9,
            played: full,
        };
        let at = |s: &str| Point::from_gtp(s, 9).unwrap_or_else(|e| panic!("{e}"));
        for s in ["B1", "C1", "D1", "G7"] {
            let i = own.idx(at(s));
            own.careful[i] = n;
            own.careless[i] = n;
        }
        let i = own.idx(at("C3"));
        own.careful[i] = -n / 3;
        own.careless[i] = -n / 3;
        let shares = own.chains(&b);
        let of = |s: &str| {
            let p = at(s);
            shares
                .iter()
                .find(|c| b.same_chain(c.at, p))
                .map(|c| (c.careful, c.careless))
        };
        // C3 alone keeps its point a third of the time, the chain always:
        // both now get the group's mean of their shares.
        let mean = (1.0 + 1.0 / 3.0) / 2.0;
        for s in ["C3", "C1"] {
            let (careful, careless) = of(s).unwrap_or_default();
            assert!((careful - mean).abs() < 0.02, "{s}: {careful}");
            assert!((careless - mean).abs() < 0.02, "{s}: {careless}");
        }
        assert_eq!(of("G7"), Some((1.0, 1.0)));
        assert_eq!(of("G4").map(|x| x.0), Some(0.5));
    }

    #[test]
    fn a_budget_sets_the_batch_and_every_budget_probes_alike() {
        // A settled board: one batch of each budget's size.
        let settled = board(
            "\
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
X X X X X X X X X
O O O O O O O O O
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .",
        );
        for budget in [Budget::FULL, Budget::PLANES] {
            assert_eq!(ownership(&settled, 0, budget).own.played, budget.batch);
        }
        // The smaller budget's playouts carry on to the larger's: the
        // same as playing it afresh.
        let fresh = ownership(&settled, 0, Budget::FULL).own;
        let extended = ownership(&settled, 0, Budget::PLANES)
            .extended(&settled, Budget::FULL)
            .own;
        assert_eq!(
            (extended.played, extended.map()),
            (fresh.played, fresh.map())
        );
        // A board plainly not over: both stop after the same probe.
        let open = board(&[". . . . . . . . ."; 9].join("\n"));
        let full = ownership(&open, 0, Budget::FULL);
        let planes = ownership(&open, 0, Budget::PLANES);
        assert!(full.stopped_at_probe() && planes.stopped_at_probe());
        assert_eq!((full.own.played, planes.own.played), (PROBE, PROBE));
        assert_eq!(full.own.map(), planes.own.map());
    }

    #[test]
    fn only_a_coin_toss_in_a_finished_game_gets_another_batch() {
        let b = board(
            "\
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
X X X X X X X X X
O O O O O O O O O
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . X . .",
        );
        // Made-up playouts: every point ends as it looks (the stone at G1
        // dies), so nothing is close.
        let full = Budget::FULL.batch;
        let played = full as i32;
        let mut own = Ownership::new(&b);
        own.played = full;
        for p in b.points() {
            let i = own.idx(p);
            let v = if p.y < 4 { played / 2 } else { -played / 2 };
            own.careful[i] = v;
            own.careless[i] = v;
        }
        let chains = own.chains(&b);
        assert!(!own.wants_more(&b, &chains, Budget::FULL));
        // The stone at G1 lives in half of them: another batch.
        let g1 = own.idx(Point::new(6, 8));
        own.careful[g1] = 0;
        own.careless[g1] = 0;
        let chains = own.chains(&b);
        assert!(own.wants_more(&b, &chains, Budget::FULL));
        // Not once the batches are used up.
        own.played = Budget::FULL.max_batches * full;
        assert!(!own.wants_more(&b, &chains, Budget::FULL));
        // Nor when the game does not look finished (half the board
        // undecided).
        own.played = full;
        for p in b.points().filter(|p| p.y > 4) {
            let i = own.idx(p);
            own.careful[i] = 0;
            own.careless[i] = 0;
        }
        let chains = own.chains(&b);
        assert!(!own.looks_finished(&b));
        assert!(!own.wants_more(&b, &chains, Budget::FULL));
    }
}
