//! Automatic dead-stone estimation, pure and deterministic: random
//! playouts from the final position (seeded from the position, so the same
//! board always gives the same answer), in which neither side fills its
//! own eyes and a lone stone left in atari is taken at once; in half of
//! them neither puts a chain of two or more stones in atari either (so
//! sekis and two-eyed groups survive) and a chain put in atari is saved.
//! Each chain is judged by how often its points end up its own, averaged
//! over its group (chains joined by a shared liberty); local
//! reading (`read.rs`) settles sekis the playouts break and bent four in
//! the corner, which they keep.

use crate::count::benson::{Unconditional, unconditional};
use crate::count::marks::Marks;
use crate::count::read::{dies_by_ko, uncapturable};
use crate::game::playout::{Rng, playout_with};
use crate::game::rules::Scoring;
use crate::game::{Board, Color, Point};

/// Playouts per batch, half with each side to move first, half careful.
const PLAYOUTS: usize = 128;
/// When a group's share is this close to a coin toss after a batch,
/// another batch is played, up to `MAX_BATCHES` in all: the few positions
/// that need it get 256-512 playouts, the rest stay fast (on the KGS games
/// the extra batches add about 15% to the playouts in all; mean over 24
/// seeds 384.0 games right with one batch, 385.0 with this).
const CLOSE: std::ops::RangeInclusive<f64> = 0.4..=0.6;
const MAX_BATCHES: usize = 4;

/// A chain is dead when it keeps its points in fewer than this share of
/// playouts; between `UNSURE_LOW` and `UNSURE_HIGH` it is flagged.
const DEAD_BELOW: f64 = 0.5;
const UNSURE_LOW: f64 = 0.25;
const UNSURE_HIGH: f64 = 0.75;
/// A chain that keeps its points in fewer careless playouts than this is
/// dead whatever the careful ones say.
const CARELESS_DEAD_BELOW: f64 = 0.2;

#[derive(Debug, Clone, PartialEq)]
pub struct Estimate {
    /// Dead stones proposed (the players' own marks kept as they were).
    pub marks: Marks,
    /// One point of each chain the estimate is unsure about.
    pub uncertain: Vec<Point>,
    /// Empty points neither side owns in most playouts.
    pub undecided: usize,
    /// False when so much is undecided that the game does not look over.
    pub finished: bool,
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

/// One chain's playout statistics.
#[derive(Debug, Clone, Copy, PartialEq)]
struct ChainShare {
    /// A point of the chain.
    at: Point,
    /// Share of its points it keeps, in careful and in careless playouts.
    careful: f64,
    careless: f64,
}

/// Playout ownership: per point, playouts that ended with it Black's minus
/// White's, for careful and for careless playouts.
struct Ownership {
    careful: Vec<i32>,
    careless: Vec<i32>,
    n: usize,
    /// Playouts so far, of both kinds.
    played: usize,
}

impl Ownership {
    fn new(board: &Board) -> Ownership {
        let n = usize::from(board.size());
        Ownership {
            careful: vec![0; n * n],
            careless: vec![0; n * n],
            n,
            played: 0,
        }
    }

    /// Plays `count` more playouts from `board`.
    fn play(&mut self, board: &Board, rng: &mut Rng, count: usize) {
        let nn = self.n * self.n;
        for k in self.played..self.played + count {
            let mut b = board.clone();
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
fn ownership(board: &Board, salt: u64) -> (Ownership, Vec<ChainShare>) {
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
    fn idx(&self, p: Point) -> usize {
        usize::from(p.y) * self.n + usize::from(p.x)
    }

    /// Share of playouts of one kind (`n` of them) in which the point
    /// `i` ended up `c`'s.
    fn share(counts: &[i32], i: usize, c: Color, n: usize) -> f64 {
        let v = f64::from(counts[i]) / n as f64;
        let v = if c == Color::Black { v } else { -v };
        (v + 1.0) / 2.0
    }

    /// Empty points neither side owns in most playouts.
    fn undecided(&self, board: &Board) -> usize {
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
    fn coin_tosses(&self, board: &Board) -> usize {
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
    fn wants_more(&self, board: &Board, chains: &[ChainShare]) -> bool {
        chains
            .iter()
            .any(|c| CLOSE.contains(&((c.careful + c.careless) / 2.0)))
            && self.looks_finished(board)
            && self.played < MAX_BATCHES * PLAYOUTS
    }

    /// Few enough points undecided for the game to look over.
    fn looks_finished(&self, board: &Board) -> bool {
        self.undecided(board) * 8 <= self.n * self.n
    }

    /// Each chain's shares, taken over its whole group: chains of one
    /// colour that touch a common empty point (a shared liberty, so one
    /// move joins them) live or die together in the players' eyes, and
    /// the group's plain mean over its chains smooths the playouts' noise
    /// on its small chains (mean 381.9 games right over 24 seeds without
    /// it, 384.0 with it; weighting the mean by stones gave 383.5).
    fn chains(&self, board: &Board) -> Vec<ChainShare> {
        let mut chain_at = vec![usize::MAX; self.n * self.n];
        let mut out = Vec::new();
        for p in board.points() {
            let Some(c) = board.get(p) else {
                continue;
            };
            if chain_at[self.idx(p)] != usize::MAX {
                continue;
            }
            let chain = board.chain(p);
            for &s in &chain {
                chain_at[self.idx(s)] = out.len();
            }
            let keep = |counts: &[i32]| {
                chain
                    .iter()
                    .map(|&s| Self::share(counts, self.idx(s), c, self.played / 2))
                    .sum::<f64>()
                    / chain.len() as f64
            };
            out.push(ChainShare {
                at: p,
                careful: keep(&self.careful),
                careless: keep(&self.careless),
            });
        }
        let mut groups = Groups::new(out.len());
        for p in board.empty_points() {
            let mut first = [None, None];
            for q in board.adjacent(p) {
                let Some(c) = board.get(q) else {
                    continue;
                };
                let k = chain_at[self.idx(q)];
                match first[c.index()] {
                    None => first[c.index()] = Some(k),
                    Some(j) => groups.join(j, k),
                }
            }
        }
        let mut sums = vec![(0.0, 0.0, 0.0); out.len()];
        for (k, ch) in out.iter().enumerate() {
            let g = &mut sums[groups.root(k)];
            g.0 += ch.careful;
            g.1 += ch.careless;
            g.2 += 1.0;
        }
        for k in 0..out.len() {
            let (careful, careless, n) = sums[groups.root(k)];
            out[k].careful = careful / n;
            out[k].careless = careless / n;
        }
        out
    }
}

/// Union-find over chain numbers.
struct Groups(Vec<usize>);

impl Groups {
    fn new(n: usize) -> Groups {
        Groups((0..n).collect())
    }

    fn root(&mut self, mut k: usize) -> usize {
        while self.0[k] != k {
            self.0[k] = self.0[self.0[k]];
            k = self.0[k];
        }
        k
    }

    fn join(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.root(a), self.root(b));
        self.0[ra] = rb;
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
    let (own, chains) = ownership(board, salt);
    // Benson's unconditional life is a hard constraint: proven chains are
    // never dead, the other side's stones in their regions always are.
    let proven = unconditional(board);
    let mut marks = fixed.cloned().unwrap_or_else(|| Marks::new(board.size()));
    let mut uncertain = Vec::new();
    for ch in chains {
        if fixed.is_some_and(|m| m.is_dead(ch.at) || m.is_seki(ch.at)) {
            continue;
        }
        let keep = (ch.careful + ch.careless) / 2.0;
        // A seki or a race is a coin toss in careless playouts (whoever
        // fills a shared liberty first loses), so a chain that dies in
        // nearly all of them is dead even if careful playouts, which never
        // make the approach moves, keep it.
        let mut dead = keep < DEAD_BELOW || ch.careless < CARELESS_DEAD_BELOW;
        // Careful playouts keep it, careless ones lean to killing it: a
        // seki, or a group that needs approach moves to die. Reading
        // tells them apart when the area is small.
        if dead
            && ch.careful >= 0.5
            && ch.careless >= CARELESS_DEAD_BELOW
            && uncapturable(board, ch.at)
        {
            dead = false;
        }
        // Bent four in the corner: the playouts keep it (the killing moves
        // look like self-atari), but reading shows it dies through a ko
        // its owner has no threats for. Japanese rules call it dead; area
        // rules play the ko out, so there it is only a proposal.
        let mut by_ko = false;
        if !dead
            && ch.careful >= 0.8
            && ch.careless < 0.9
            && in_a_corner(board, ch.at)
            && dies_by_ko(board, ch.at)
        {
            dead = true;
            by_ko = scoring == Scoring::Area;
        }
        if proven.is_alive(ch.at) {
            dead = false;
            by_ko = false;
        } else if proven.is_dead(board, ch.at) {
            dead = true;
        }
        if dead {
            marks.toggle_chain(board, ch.at);
        }
        if by_ko || (UNSURE_LOW..=UNSURE_HIGH).contains(&keep) {
            uncertain.push(ch.at);
        }
    }
    // A group whose eye is a ko lives or dies by the ko: whatever the
    // playouts say, it is not sure.
    for (stone, chains) in kos(board) {
        for p in std::iter::once(stone).chain(chains) {
            let chain = board.chain(p);
            if !uncertain.iter().any(|u| chain.contains(u)) {
                uncertain.push(p);
            }
        }
    }
    flag_fight_partners(board, &proven, &mut uncertain);
    let undecided = own.undecided(board);
    Estimate {
        marks,
        uncertain,
        undecided,
        finished: own.looks_finished(board),
    }
}

/// Adds one point of the chain through `p` to `uncertain` unless it is
/// there already.
fn flag(board: &Board, p: Point, uncertain: &mut Vec<Point>) {
    let chain = board.chain(p);
    if !uncertain.iter().any(|u| chain.contains(u)) {
        uncertain.push(p);
    }
}

/// A capturing race has two sides: when a chain is flagged, the enemy
/// chains that share a liberty with it and are as short of liberties
/// (the race it may win or lose) are flagged too, unless Benson proves
/// them.
fn flag_fight_partners(board: &Board, proven: &Unconditional, uncertain: &mut Vec<Point>) {
    let flagged: Vec<Point> = uncertain.clone();
    for u in flagged {
        let Some(colour) = board.get(u) else {
            continue;
        };
        let libs = board.liberties(u);
        for &l in &libs {
            for q in board.adjacent(l) {
                if board.get(q) == Some(colour.opponent())
                    && !proven.is_alive(q)
                    && board.liberties(q).len() <= libs.len().max(2)
                {
                    flag(board, q, uncertain);
                }
            }
        }
    }
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
