//! The board's rules: captures, ko, suicide, sizes.

use super::*;

fn b(d: &str) -> Board {
    Board::from_diagram(d).unwrap()
}

fn pt(s: &str, size: u8) -> Point {
    Point::from_gtp(s, size).unwrap()
}

fn play(board: &mut Board, c: Color, s: &str) -> Result<PlayOutcome, IllegalMove> {
    let size = board.size();
    board.play(c, Move::Play(pt(s, size)), false)
}

#[test]
fn single_stone_capture_in_the_middle() {
    let mut board = b("
            . . . . .
            . . X . .
            . X O . .
            . . X . .
            . . . . .");
    let out = play(&mut board, Color::Black, "D3").unwrap();
    assert_eq!(out.captured, 1);
    assert_eq!(board.captures(Color::Black), 1);
    assert_eq!(
        board.to_diagram(),
        b("
            . . . . .
            . . X . .
            . X . X .
            . . X . .
            . . . . .")
        .to_diagram()
    );
    board.check_invariants().unwrap();
}

#[test]
fn corner_and_edge_captures() {
    let mut board = b("
            O X . .
            . . . .
            . . . .
            . . . .");
    assert_eq!(play(&mut board, Color::Black, "A3").unwrap().captured, 1);
    let mut board = b("
            . O O X
            . X X .
            . . . .
            . . . .");
    assert_eq!(play(&mut board, Color::Black, "A4").unwrap().captured, 2);
    board.check_invariants().unwrap();
}

#[test]
fn one_move_captures_two_groups() {
    let mut board = b("
            . X . X .
            X O . O X
            . X . X .
            . . . . .
            . . . . .");
    // C4 fills the last liberty of both white stones.
    let out = play(&mut board, Color::Black, "C4").unwrap();
    assert_eq!(out.captured, 2);
    assert!(board.get(pt("B4", 5)).is_none());
    assert!(board.get(pt("D4", 5)).is_none());
    board.check_invariants().unwrap();
}

#[test]
fn suicide_refused_unless_allowed() {
    let board = b("
            . X . .
            X . . .
            . . . .
            . . . .");
    let mut b1 = board.clone();
    let err = play(&mut b1, Color::White, "A4").unwrap_err();
    assert_eq!(err.reason, IllegalReason::Suicide);
    assert_eq!(b1, board, "a refused move leaves the board unchanged");
    // Multi-stone suicide where the rules allow it (NZ, Tromp-Taylor).
    let mut b2b = b("
            O . X .
            X X . .
            . . . .
            . . . .");
    assert_eq!(
        b2b.clone()
            .play(Color::White, Move::Play(pt("B4", 4)), false)
            .unwrap_err()
            .reason,
        IllegalReason::Suicide
    );
    let out = b2b
        .play(Color::White, Move::Play(pt("B4", 4)), true)
        .unwrap();
    assert_eq!(out.suicided, 2);
    assert_eq!(b2b.captures(Color::Black), 2);
    assert!(b2b.get(pt("A4", 4)).is_none());
    b2b.check_invariants().unwrap();
}

#[test]
fn capture_beats_suicide() {
    let mut board = b("
            . O X .
            O X . .
            X . . .
            . . . .");
    // White A4 joins B4 and A3, whose only liberty was A4, and takes
    // nothing: suicide.
    assert_eq!(
        play(&mut board, Color::White, "A4").unwrap_err().reason,
        IllegalReason::Suicide
    );
    // Black A4 has no empty neighbour either, but it captures both.
    assert_eq!(play(&mut board, Color::Black, "A4").unwrap().captured, 2);
    board.check_invariants().unwrap();
}

#[test]
fn simple_ko_and_its_release() {
    let mut board = b("
            . X O . .
            X . X O .
            . X O . .
            . . . . .
            . . . . .");
    // White takes the ko at B4.
    let out = play(&mut board, Color::White, "B4").unwrap();
    assert_eq!(out.captured, 1);
    assert_eq!(board.ko_point(), Some((pt("C4", 5), Color::Black)));
    let err = play(&mut board, Color::Black, "C4").unwrap_err();
    assert_eq!(err.reason, IllegalReason::Ko);
    assert_eq!(err.to_string(), "C4 retakes the ko at once: wait one move");
    // A ko threat elsewhere and its answer release the ko.
    play(&mut board, Color::Black, "E1").unwrap();
    play(&mut board, Color::White, "D1").unwrap();
    assert_eq!(play(&mut board, Color::Black, "C4").unwrap().captured, 1);
    board.check_invariants().unwrap();
}

#[test]
fn pass_clears_ko() {
    let mut board = b("
            . X O . .
            X . X O .
            . X O . .
            . . . . .
            . . . . .");
    play(&mut board, Color::White, "B4").unwrap();
    board.play(Color::Black, Move::Pass, false).unwrap();
    assert_eq!(board.ko_point(), None);
}

#[test]
fn capture_with_other_liberties_is_not_ko() {
    let mut board = b("
            . X . . .
            X O X . .
            . . . . .
            . . . . .
            . . . . .");
    assert_eq!(play(&mut board, Color::Black, "B3").unwrap().captured, 1);
    assert_eq!(board.ko_point(), None);
    // White may play back into B4 at once (it is not a ko recapture):
    // it is suicide, though, so it is refused for that reason only.
    assert_eq!(
        play(&mut board, Color::White, "B4").unwrap_err().reason,
        IllegalReason::Suicide
    );
}

#[test]
fn occupied_and_off_board() {
    let mut board = b("
            X . .
            . . .
            . . .");
    assert_eq!(
        play(&mut board, Color::White, "A3").unwrap_err().reason,
        IllegalReason::Occupied
    );
    let err = board
        .play(Color::White, Move::Play(Point::new(3, 0)), false)
        .unwrap_err();
    assert_eq!(err.reason, IllegalReason::OffBoard);
}

#[test]
fn sizes_outside_2_to_25_are_refused() {
    assert!(Board::new(1).is_err());
    assert!(Board::new(26).is_err());
    assert_eq!(Board::new(2).unwrap().area(), 4);
    assert_eq!(Board::new(25).unwrap().area(), 625);
}

#[test]
fn hash_returns_after_capture_and_retake_cycle() {
    let mut board = Board::new(9).unwrap();
    let h0 = board.hash();
    board
        .play(Color::Black, Move::Play(Point::new(2, 2)), false)
        .unwrap();
    assert_ne!(board.hash(), h0);
    assert_eq!(board.hash(), board.recompute_hash());
}

#[test]
fn setup_stones_rebuild_chains() {
    let mut board = Board::new(5).unwrap();
    board.set_point(pt("A5", 5), Some(Color::White));
    board.set_point(pt("B5", 5), Some(Color::Black));
    board.set_point(pt("A4", 5), Some(Color::Black));
    // White A5 has no liberties after setup (SGF allows it); a play
    // elsewhere must still work and the board stays consistent.
    assert_eq!(board.liberties(pt("A5", 5)).len(), 0);
    board.set_point(pt("A5", 5), None);
    board.check_invariants().unwrap();
    assert_eq!(board.chain(pt("B5", 5)).len(), 1);
}

#[test]
fn playouts_answer_the_last_move() {
    let board = |d: &str| Board::from_diagram(d).unwrap_or_else(|e| panic!("{e}"));
    // White's lone B4 is in atari: Black takes it at C4. White's
    // B2-B1-C1 is in atari too (C2), but only lone stones are taken at
    // once. Black's D1, in atari after White's C1, is not saved at E1:
    // that would be self-atari.
    let b = board(
        "\
. X . . .
X O . . .
X X X . .
X O . O .
X O O X .",
    );
    let cell = |b: &Board, s: &str| b.idx(pt(s, 5));
    assert_eq!(
        b.capture_cell(cell(&b, "B4"), Color::Black),
        Some(cell(&b, "C4"))
    );
    assert_eq!(b.capture_cell(cell(&b, "B2"), Color::Black), None);
    // Not in atari, or not the opponent's: nothing to take.
    assert_eq!(b.capture_cell(cell(&b, "D2"), Color::Black), None);
    assert_eq!(b.capture_cell(cell(&b, "B4"), Color::White), None);
    assert_eq!(b.escape_cell(cell(&b, "C1"), Color::Black), None);
    // Black's C3, in atari after D3, runs out at C2 (three liberties).
    let b = board(
        "\
. . . . .
. . O . .
. O X O .
. . . . .
. . . . .",
    );
    assert_eq!(
        b.escape_cell(cell(&b, "D3"), Color::Black),
        Some(cell(&b, "C2"))
    );
}
