//! Random playouts: games played to the end by random legal moves that do
//! not fill the mover's own eyes. Deterministic for a given seed, so any
//! result built on them repeats on every run and machine.

use crate::game::{Board, Color, Move};

/// xorshift64*: small, fast, and the same everywhere.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

/// Plays random moves from `to_move` until both sides pass or `max_moves`
/// is reached. Returns the number of moves played (passes included).
pub fn random_playout(board: &mut Board, to_move: Color, rng: &mut Rng, max_moves: usize) -> usize {
    playout_with(board, to_move, rng, max_moves, false)
}

/// The same; with `careful`, no side makes a chain of two or more stones
/// self-atari either (a lone stone may still be thrown in), so sekis and
/// approach fights survive the playout, and a chain the last move put in
/// atari is saved when it can be. In both, a lone stone the last move left
/// in atari (a throw-in) is taken at once.
pub fn playout_with(
    board: &mut Board,
    mut to_move: Color,
    rng: &mut Rng,
    max_moves: usize,
    careful: bool,
) -> usize {
    let mut passes = 0;
    let mut played = 0;
    let mut last = None;
    while played < max_moves && passes < 2 {
        let n = board.empty_count();
        // What anyone would answer to the last move comes first: take the
        // lone stone it left in atari (else random play lets a throw-in go
        // unpunished), and in careful playouts save a chain it put in
        // atari (so races go to the side with more liberties).
        let mut chosen = last.and_then(|l| board.capture_cell(l, to_move));
        if chosen.is_none() && careful {
            chosen = last.and_then(|l| board.escape_cell(l, to_move));
        }
        if chosen.is_none() && n > 0 {
            let start = rng.below(n);
            for k in 0..n {
                let slot = if start + k >= n {
                    start + k - n
                } else {
                    start + k
                };
                if let Some(i) = board.playout_cell(slot, to_move, careful) {
                    chosen = Some(i);
                    break;
                }
            }
        }
        match chosen {
            Some(i) => {
                board.play_cell(i, to_move);
                last = Some(i);
                passes = 0;
            }
            None => {
                let _ = board.play(to_move, Move::Pass, false);
                last = None;
                passes += 1;
            }
        }
        played += 1;
        to_move = to_move.opponent();
    }
    played
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn playouts_end_and_repeat_with_the_same_seed() {
        let run = |seed| {
            let mut b = Board::new(9).unwrap();
            let n = random_playout(&mut b, Color::Black, &mut Rng::new(seed), 1000);
            (n, b.to_diagram())
        };
        let (n, d) = run(7);
        assert!(n < 1000, "a playout ends by two passes");
        assert_eq!(run(7), (n, d.clone()));
        assert_ne!(run(8).1, d);
    }

    #[test]
    fn finished_playout_leaves_only_eyes() {
        let mut b = Board::new(9).unwrap();
        random_playout(&mut b, Color::Black, &mut Rng::new(3), 10_000);
        b.check_invariants().unwrap();
        for p in b.empty_points().collect::<Vec<_>>() {
            let legal_non_eye = [Color::Black, Color::White]
                .iter()
                .any(|&c| !b.is_eye_like(p, c) && b.check(c, Move::Play(p), false).is_ok());
            assert!(!legal_non_eye, "{p:?} could still be played");
        }
    }

    #[test]
    fn the_fast_move_test_agrees_with_the_rules() {
        let mut rng = Rng::new(11);
        for moves in [20, 60, 120, 400] {
            let mut b = Board::new(9).unwrap();
            random_playout(&mut b, Color::Black, &mut rng, moves);
            for c in [Color::Black, Color::White] {
                for careful in [false, true] {
                    for k in 0..b.empty_count() {
                        let Some(p) = b.nth_empty(k) else { continue };
                        let slow = !b.is_eye_like(p, c)
                            && b.check(c, Move::Play(p), false).is_ok()
                            && !(careful && b.is_self_atari(c, p));
                        assert_eq!(b.playout_cell(k, c, careful).is_some(), slow, "{p:?}");
                    }
                }
            }
        }
    }

    /// The self-atari test (with its shortcut for chains of many
    /// pseudo-liberties) agrees with playing the move and looking: a chain
    /// of two or more stones left with at most one liberty, nothing taken.
    #[test]
    fn self_atari_agrees_with_playing_the_move() {
        let mut rng = Rng::new(5);
        for (size, moves) in [(9, 60), (9, 400), (19, 150), (19, 300), (19, 700)] {
            let mut b = Board::new(size).unwrap();
            random_playout(&mut b, Color::Black, &mut rng, moves);
            for p in b.empty_points().collect::<Vec<_>>() {
                for c in [Color::Black, Color::White] {
                    let joined = b.adjacent(p).any(|q| b.get(q) == Some(c));
                    let mut after = b.clone();
                    let Ok(out) = after.play_forced(c, Move::Play(p)) else {
                        continue;
                    };
                    let slow = out.captured == 0
                        && joined
                        && (out.suicided > 0 || after.liberty_count(p) <= 1);
                    assert_eq!(b.is_self_atari(c, p), slow, "{size}x{size} {p:?} {c:?}");
                }
            }
        }
    }

    #[test]
    fn rng_below_stays_in_range() {
        let mut r = Rng::new(1);
        assert!((0..1000).all(|_| r.below(7) < 7));
    }
}
