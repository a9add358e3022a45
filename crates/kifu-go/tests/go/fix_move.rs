//! Fixing a move recorded at the wrong point: the rest of the game is
//! replayed, captures recomputed, nothing lost.

use kifu_go::game::record::{FixError, GameRecord};
use kifu_go::game::rules::Rules;
use kifu_go::game::{Move, Point};

fn game(size: usize, moves: &[&str]) -> GameRecord {
    let mut rec = GameRecord::new(size, Rules::chinese()).unwrap();
    for m in moves {
        let mv = if *m == "pass" {
            Move::Pass
        } else {
            Move::Play(Point::from_gtp(m, size as u8).unwrap())
        };
        rec.play(mv).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    rec
}

fn at(text: &str, size: u8) -> Move {
    Move::Play(Point::from_gtp(text, size).unwrap())
}

#[test]
fn the_rest_of_the_game_is_replayed_and_the_old_line_kept() {
    let mut rec = game(5, &["C3", "B4", "D2", "D4"]);
    rec.to_start();
    rec.to_end();
    let fixed = rec.fix_move(1, at("C2", 5)).unwrap();
    assert_eq!(fixed.replayed, 3);
    assert_eq!(fixed.stopped, None);
    assert_eq!(
        rec.board().to_diagram(),
        "\
. . . . .
. O . O .
. . . . .
. . X X .
. . . . .
"
    );
    // The fixed line is the main line now, the old one a variation.
    assert_eq!(rec.nodes()[rec.root()].children.len(), 2);
    rec.to_start();
    rec.to_end();
    assert_eq!(rec.move_number(), 4);
    assert_eq!(
        rec.board().get(Point::new(2, 3)),
        Some(kifu_go::game::Color::Black)
    );
}

#[test]
fn captures_are_recomputed() {
    // White B3 is captured by Black's fourth stone, A3. Moving Black's C3 to
    // D3 leaves B3 a liberty: no capture any more.
    let mut rec = game(5, &["B2", "B3", "B4", "pass", "C3", "pass", "A3"]);
    assert_eq!(rec.board().captures(kifu_go::game::Color::Black), 1);
    let fixed = rec.fix_move(5, at("D3", 5)).unwrap();
    assert_eq!(fixed.replayed, 2);
    assert_eq!(rec.board().captures(kifu_go::game::Color::Black), 0);
    assert_eq!(
        rec.board().to_diagram(),
        "\
. . . . .
. X . . .
X O . X .
. X . . .
. . . . .
"
    );
}

#[test]
fn a_move_that_becomes_illegal_ends_the_line_and_is_reported() {
    let mut rec = game(5, &["C3", "B4", "D2"]);
    // Black's first move was really at D2, where Black played later.
    let fixed = rec.fix_move(1, at("D2", 5)).unwrap();
    assert_eq!(fixed.replayed, 1, "White's B4 still fits");
    let (number, color, _) = fixed.stopped.unwrap();
    assert_eq!((number, color), (3, kifu_go::game::Color::Black));
    assert_eq!(rec.move_number(), 2);
    // The old line with all three moves is still there.
    rec.to_start();
    rec.switch_variation(true);
    assert!(rec.nodes()[rec.root()].children.len() == 2);
}

#[test]
fn bad_fixes_are_refused_with_a_reason() {
    let mut rec = game(5, &["C3", "B4"]);
    assert_eq!(rec.fix_move(9, at("A1", 5)), Err(FixError::NoSuchMove(9)));
    assert_eq!(rec.fix_move(1, at("C3", 5)), Err(FixError::Same));
    assert!(matches!(
        rec.fix_move(2, at("C3", 5)),
        Err(FixError::Illegal(_))
    ));
    assert_eq!(rec.nodes()[rec.root()].children.len(), 1, "nothing added");
}
