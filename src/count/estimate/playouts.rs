//! The estimator's playouts: batches of random games from the position
//! (half careful), and each chain's share of them, taken over its group.

use super::playout::{Rng, playout_with};
use crate::count::groups::ChainGroups;
use crate::game::{Board, Color, Point};

/// Playouts per batch, half with each side to move first, half careful.
pub(super) const PLAYOUTS: usize = 128;
/// When a group's share is this close to a coin toss after a batch,
/// another batch is played, up to `MAX_BATCHES` in all: the few positions
/// that need it get 256-512 playouts, the rest stay fast (on the KGS games
/// the extra batches add about 15% to the playouts in all; mean over 24
/// seeds 384.0 games right with one batch, 385.0 with this).
pub(super) const CLOSE: std::ops::RangeInclusive<f64> = 0.4..=0.6;
pub(super) const MAX_BATCHES: usize = 4;

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
        let mut b = board.clone();
        for k in self.played..self.played + count {
            b.clone_from(board);
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

/// Playouts in batches until no group is a coin toss (or the last batch).
pub(super) fn ownership(board: &Board, salt: u64) -> (Ownership, Vec<ChainShare>) {
    let mut rng = Rng::new(board.hash() ^ 0x9e37_79b9_7f4a_7c15 ^ salt);
    let mut own = Ownership::new(board);
    // A quarter of the first batch first: a position plainly not finished
    // (a quarter of the board a coin toss, owned by neither side in 40% to
    // 60% of the playouts) stops there, its guess reported as unfinished
    // anyway (the KGS 2003 archive, mostly resigned games: 313 games/s on
    // two cores, was 290; a stricter probe than this killed fewer dead
    // stones on small boards, whose 32 playouts are noisier). Any other position goes on with the same playouts (their
    // seeds follow their number), so its estimate is one full batch's.
    own.play(board, &mut rng, PLAYOUTS / 4);
    if own.coin_tosses(board) * 4 > own.n * own.n {
        let chains = own.chains(board);
        return (own, chains);
    }
    own.play(board, &mut rng, PLAYOUTS - PLAYOUTS / 4);
    loop {
        let chains = own.chains(board);
        if !own.wants_more(board, &chains) {
            return (own, chains);
        }
        own.play(board, &mut rng, PLAYOUTS);
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

    /// Empty points neither side owns in most playouts.
    pub(super) fn undecided(&self, board: &Board) -> usize {
        board
            .empty_points()
            .filter(|&p| {
                let i = self.idx(p);
                f64::from((self.careful[i] + self.careless[i]).abs()) / (self.played as f64) < 0.5
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
    pub(super) fn wants_more(&self, board: &Board, chains: &[ChainShare]) -> bool {
        chains
            .iter()
            .any(|c| CLOSE.contains(&((c.careful + c.careless) / 2.0)))
            && self.looks_finished(board)
            && self.played < MAX_BATCHES * PLAYOUTS
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
        let n = PLAYOUTS as i32 / 2;
        let mut own = Ownership {
            careful: vec![0; 81],
            careless: vec![0; 81],
            n: 9,
            played: PLAYOUTS,
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
        let played = PLAYOUTS as i32;
        let mut own = Ownership::new(&b);
        own.played = PLAYOUTS;
        for p in b.points() {
            let i = own.idx(p);
            let v = if p.y < 4 { played / 2 } else { -played / 2 };
            own.careful[i] = v;
            own.careless[i] = v;
        }
        let chains = own.chains(&b);
        assert!(!own.wants_more(&b, &chains));
        // The stone at G1 lives in half of them: another batch.
        let g1 = own.idx(Point::new(6, 8));
        own.careful[g1] = 0;
        own.careless[g1] = 0;
        let chains = own.chains(&b);
        assert!(own.wants_more(&b, &chains));
        // Not once the batches are used up.
        own.played = MAX_BATCHES * PLAYOUTS;
        assert!(!own.wants_more(&b, &chains));
        // Nor when the game does not look finished (half the board
        // undecided).
        own.played = PLAYOUTS;
        for p in b.points().filter(|p| p.y > 4) {
            let i = own.idx(p);
            own.careful[i] = 0;
            own.careless[i] = 0;
        }
        let chains = own.chains(&b);
        assert!(!own.looks_finished(&b));
        assert!(!own.wants_more(&b, &chains));
    }
}
