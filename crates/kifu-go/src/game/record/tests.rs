//! The game record's unit tests: playing, variations, undo, navigation,
//! handicap, repetition.

use super::*;
use crate::game::rules::{Preset, Rules};

fn pt(s: &str) -> Move {
    Move::Play(Point::from_gtp(s, 9).unwrap())
}

#[test]
fn pass_pairs_counts_each_pair_of_passes_and_who_passed_first() {
    let mut r = GameRecord::new(9, Rules::chinese()).unwrap();
    let one = r.play(pt("D4")).unwrap().node;
    assert_eq!(r.pass_pairs(one), None, "not a pass");
    r.play(Move::Pass).unwrap();
    let two = r.play(Move::Pass).unwrap().node;
    assert_eq!(r.pass_pairs(two), Some((1, Color::White)));
    // White moves again (the game resumed), then two passes.
    r.play(Move::Pass).unwrap();
    let four = r.play(Move::Pass).unwrap().node;
    assert_eq!(r.pass_pairs(four), Some((2, Color::White)));
}

fn game9() -> GameRecord {
    GameRecord::new(9, Rules::chinese()).unwrap()
}

#[test]
fn play_alternates_and_counts_moves() {
    let mut g = game9();
    g.play(pt("E5")).unwrap();
    g.play(pt("C3")).unwrap();
    g.play(Move::Pass).unwrap();
    assert_eq!(g.move_number(), 3);
    assert_eq!(g.to_move(), Color::White);
    assert_eq!(
        g.board().get(Point::from_gtp("C3", 9).unwrap()),
        Some(Color::White)
    );
}

#[test]
fn playing_an_existing_move_follows_it() {
    let mut g = game9();
    g.play(pt("E5")).unwrap();
    g.back();
    let p = g.play(pt("E5")).unwrap();
    assert!(p.followed_existing);
    assert_eq!(g.node(0).children.len(), 1);
}

#[test]
fn playing_elsewhere_adds_a_variation() {
    let mut g = game9();
    g.play(pt("E5")).unwrap();
    g.play(pt("C3")).unwrap();
    g.back();
    let p = g.play(pt("G7")).unwrap();
    assert!(p.new_variation);
    assert_eq!(g.variation_index(), (2, 2));
    assert!(g.switch_variation(false));
    assert_eq!(g.variation_index(), (1, 2));
    assert_eq!(
        g.board().get(Point::from_gtp("C3", 9).unwrap()),
        Some(Color::White)
    );
    assert!(!g.switch_variation(false));
}

#[test]
fn undo_removes_the_last_move_and_restores_the_position() {
    let mut g = game9();
    g.play(pt("E5")).unwrap();
    let before = g.board().clone();
    g.play(pt("D5")).unwrap();
    assert_eq!(g.undo(), Undo::Removed);
    assert_eq!(g.board(), &before);
    assert_eq!(g.to_move(), Color::White);
    assert!(g.node(g.current()).children.is_empty());
    // In the middle of a line, undo only steps back.
    g.play(pt("D5")).unwrap();
    g.back();
    g.back();
    assert_eq!(g.undo(), Undo::Nothing);
    g.forward();
    assert_eq!(g.undo(), Undo::SteppedBack);
    assert_eq!(g.nodes().len(), 3);
}

#[test]
fn navigation_and_goto() {
    let mut g = game9();
    for m in ["E5", "C3", "G7", "C7"] {
        g.play(pt(m)).unwrap();
    }
    g.to_start();
    assert_eq!(g.move_number(), 0);
    g.to_end();
    assert_eq!(g.move_number(), 4);
    assert!(g.goto_move(2));
    assert_eq!(g.move_number(), 2);
    assert!(!g.goto_move(9));
    assert!(g.goto_move(0));
    assert_eq!(g.board().count_stones(Color::Black), 0);
}

#[test]
fn fixed_and_free_handicap_set_the_stones_and_white_moves_first() {
    let mut g = GameRecord::new(19, Rules::chinese()).unwrap();
    g.set_fixed_handicap(4).unwrap();
    assert_eq!(g.info.handicap, 4);
    assert_eq!(g.board().count_stones(Color::Black), 4);
    assert_eq!(
        g.board().get(Point::from_gtp("D16", 19).unwrap()),
        Some(Color::Black)
    );
    assert_eq!(g.to_move(), Color::White);
    assert!(g.set_fixed_handicap(12).is_err());
    let mut free = GameRecord::new(9, Rules::chinese()).unwrap();
    let pts = [Point::new(0, 0), Point::new(4, 4), Point::new(8, 1)];
    free.set_free_handicap(&pts);
    assert_eq!(free.info.handicap, 3);
    assert_eq!(free.board().count_stones(Color::Black), 3);
    assert_eq!(free.to_move(), Color::White);
    free.play(Move::Play(Point::new(2, 2))).unwrap();
    assert_eq!(free.to_move(), Color::Black);
}

/// Triple ko: three kos, six captures in turn bring back the start.
/// Simple ko allows the cycle; positional superko forbids the capture
/// that recreates the earlier position.
#[test]
fn triple_ko_cycle_is_superko_but_not_simple_ko() {
    let start = include_str!("../../../tests/positions/triple_ko9.txt");
    let board = Board::from_diagram(start).unwrap();
    let mk = |rules: Rules| {
        let mut root = Node::default();
        for p in board.points() {
            match board.get(p) {
                Some(Color::Black) => root.add_black.push(p),
                Some(Color::White) => root.add_white.push(p),
                None => {}
            }
        }
        root.to_play = Some(Color::Black);
        GameRecord::from_nodes(9, vec![root], GameInfo::default(), rules).unwrap()
    };
    // B takes ko 1, W takes ko 2, B takes ko 3, then each is retaken.
    let cycle = ["C8", "G8", "C4", "B8", "H8", "B4"];
    let mut simple = mk(Rules::japanese());
    for m in cycle {
        let played = simple.play(pt(m)).unwrap();
        assert_eq!(played.captured, 1, "{m} captures one stone");
    }
    assert_eq!(simple.board().to_diagram(), board.to_diagram());
    assert_eq!(simple.board().captures(Color::Black), 3);
    assert_eq!(simple.board().captures(Color::White), 3);
    let mut superko = mk(Rules::preset(Preset::Chinese));
    for m in &cycle[..5] {
        superko.play(pt(m)).unwrap();
    }
    let err = superko.play(pt("B4")).unwrap_err();
    assert_eq!(err.reason, IllegalReason::Superko);
    assert_eq!(superko.move_number(), 5, "the refused move is not recorded");
}

/// A record made from nodes stands at its root's position, as replaying
/// the root gives it: with setup stones, a player to move, or neither.
#[test]
fn a_record_read_from_nodes_starts_at_the_root() {
    let stones = Board::from_diagram(". X .\n O . .\n . . X").unwrap();
    let mut with_setup = Node::default();
    for p in stones.points() {
        match stones.get(p) {
            Some(Color::Black) => with_setup.add_black.push(p),
            Some(Color::White) => with_setup.add_white.push(p),
            None => {}
        }
    }
    let to_play = Node {
        to_play: Some(Color::White),
        ..Node::default()
    };
    for root in [with_setup, to_play, Node::default()] {
        let child = Node {
            parent: Some(0),
            mv: Some((Color::Black, pt("E5"))),
            ..Node::default()
        };
        let mut root = root;
        root.children.push(1);
        let rec =
            GameRecord::from_nodes(9, vec![root, child], GameInfo::default(), Rules::japanese())
                .unwrap();
        let replayed = rec.position_at(0);
        assert_eq!(rec.current(), 0);
        assert_eq!(rec.board(), &replayed.board);
        assert_eq!(rec.board().hash(), replayed.board.hash());
        assert_eq!(rec.to_move(), replayed.to_move);
        assert_eq!(rec.move_number(), replayed.move_number);
        assert_eq!(rec.position().history, replayed.history);
    }
}
