//! Property tests: random legal games on random sizes keep the board's
//! invariants.

use kifu_go::game::record::{GameRecord, Undo};
use kifu_go::game::{Board, Color, Move, Point, Rules};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// No chain without liberties, stones + captures = moves, incremental
    /// hash = recomputed hash, after every move of a random game.
    #[test]
    fn random_games_keep_invariants(size in 2usize..=13, picks in prop::collection::vec(any::<u16>(), 1..300)) {
        let mut board = Board::new(size).unwrap();
        let mut color = Color::Black;
        let mut placed = [0u32; 2];
        for pick in picks {
            let n = board.empty_count();
            let mv = if n == 0 { Move::Pass } else {
                Move::Play(board.nth_empty(usize::from(pick) % n).unwrap())
            };
            if board.play(color, mv, false).is_ok() {
                if let Move::Play(_) = mv { placed[color.index()] += 1; }
                color = color.opponent();
            }
            board.check_invariants().map_err(TestCaseError::fail)?;
            for c in [Color::Black, Color::White] {
                let on_board = board.count_stones(c) as u32;
                let lost = board.captures(c.opponent());
                prop_assert_eq!(on_board + lost, placed[c.index()]);
            }
        }
    }

    /// Suicide allowed (Tromp-Taylor): the same invariants hold.
    #[test]
    fn random_games_with_suicide_keep_invariants(size in 2usize..=9, picks in prop::collection::vec(any::<u16>(), 1..200)) {
        let mut board = Board::new(size).unwrap();
        let mut color = Color::Black;
        for pick in picks {
            let n = board.empty_count();
            if n == 0 { break; }
            let p = board.nth_empty(usize::from(pick) % n).unwrap();
            if board.play(color, Move::Play(p), true).is_ok() {
                color = color.opponent();
            }
            board.check_invariants().map_err(TestCaseError::fail)?;
        }
    }

    /// Undo restores the exact previous position.
    #[test]
    fn undo_restores_the_previous_position(size in 5usize..=19, picks in prop::collection::vec(any::<u16>(), 1..120)) {
        let mut rec = GameRecord::new(size, Rules::chinese()).unwrap();
        for pick in picks {
            let s = rec.size();
            let p = Point::new((pick % u16::from(s)) as u8, ((pick / 32) % u16::from(s)) as u8);
            let before = rec.board().clone();
            let to_move = rec.to_move();
            if rec.play(Move::Play(p)).is_ok() {
                let after = rec.board().clone();
                prop_assert_eq!(rec.undo(), Undo::Removed);
                prop_assert_eq!(rec.board(), &before);
                prop_assert_eq!(rec.to_move(), to_move);
                rec.play(Move::Play(p)).unwrap();
                prop_assert_eq!(rec.board(), &after);
            }
        }
    }

    /// The hash after a move predicted without playing equals the real one.
    #[test]
    fn hash_after_predicts_the_hash(size in 3usize..=9, picks in prop::collection::vec(any::<u16>(), 1..150)) {
        let mut board = Board::new(size).unwrap();
        let mut color = Color::Black;
        for pick in picks {
            let n = board.empty_count();
            if n == 0 { break; }
            let p = board.nth_empty(usize::from(pick) % n).unwrap();
            if board.check(color, Move::Play(p), false).is_ok() {
                let (predicted, _) = board.hash_after(color, p);
                board.play(color, Move::Play(p), false).unwrap();
                prop_assert_eq!(predicted, board.hash());
                color = color.opponent();
            }
        }
    }
}

/// The position after a random game: each pick an empty point, played
/// when legal, the colours alternating.
fn random_position(size: usize, picks: &[u16]) -> Board {
    let mut board = Board::new(size).unwrap();
    let mut color = Color::Black;
    for &pick in picks {
        let n = board.empty_count();
        if n == 0 {
            break;
        }
        let Some(p) = board.nth_empty(usize::from(pick) % n) else {
            break;
        };
        if board.play(color, Move::Play(p), false).is_ok() {
            color = color.opponent();
        }
    }
    board
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// `is_self_atari` agrees with playing the move and looking.
    #[test]
    fn self_atari_agrees_with_playing_the_move(size in 3usize..=9, picks in prop::collection::vec(any::<u16>(), 1..120)) {
        let board = random_position(size, &picks);
        for p in board.empty_points().collect::<Vec<_>>() {
            for c in [Color::Black, Color::White] {
                let mut after = board.clone();
                let Ok(out) = after.play(c, Move::Play(p), false) else { continue };
                let expected = out.captured == 0
                    && after.chain(p).len() >= 2
                    && after.liberties(p).len() == 1;
                prop_assert_eq!(board.is_self_atari(c, p), expected, "{:?} {:?}\n{}", c, p, board.to_diagram());
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The liberties of every chain, walked on the chain's list with a set
    /// of cells, equal the plain count: each empty neighbour of each stone
    /// of the chain, once, in the order the chain's stones meet them.
    #[test]
    fn liberties_are_the_empty_neighbours_of_the_chain(size in 2usize..=19, picks in prop::collection::vec(any::<u16>(), 1..250)) {
        let board = random_position(size, &picks);
        for p in board.points() {
            let mut want: Vec<Point> = Vec::new();
            for s in board.chain(p) {
                for q in board.adjacent(s) {
                    if board.is_empty_at(q) && !want.contains(&q) {
                        want.push(q);
                    }
                }
            }
            prop_assert_eq!(board.liberties(p), want.clone());
            prop_assert_eq!(board.liberty_count(p), want.len());
        }
    }
}
