//! After the passes: confirmation play (its moves never enter the game;
//! under Japanese and Korean rules a ko once taken is not retaken before a
//! pass, art. 7-2), its verdict carried back into count mode, and resuming
//! the stopped game (the opponent of the one who asks moves first, art.
//! 9-3).

use crate::common;
use common::command;

use kifu::app::{Action, App, Mode};
use kifu::game::record::GameRecord;
use kifu::game::rules::Rules;
use kifu::game::{Board, Color, Point};

/// A ko on the left (Black's C4 takes White's B4), and room elsewhere.
const KO: &str = "
. X O . . . .
X O . O . . .
. X O . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .";

fn stopped(diagram: &str, rules: Rules) -> App {
    let board = Board::from_diagram(diagram).unwrap();
    let mut rec = GameRecord::new(usize::from(board.size()), rules).unwrap();
    for p in board.points() {
        if let Some(c) = board.get(p) {
            rec.add_setup(p, Some(c));
        }
    }
    let mut a = App::new(rec, Some("game.sgf".into()));
    a.command("pass");
    a.command("pass");
    assert_eq!(*a.mode(), Mode::Count, "two passes end the game");
    a
}

fn at(s: &str) -> Point {
    Point::from_gtp(s, 7).unwrap()
}

#[test]
fn japanese_confirmation_play_bans_retaking_a_ko_until_a_pass() {
    let mut a = stopped(KO, Rules::japanese());
    let before = kifu::sgf::to_sgf(a.record());
    a.update(Action::Confirm);
    assert_eq!(*a.mode(), Mode::Confirm);
    // Black takes the ko at C6 (White's B6 off).
    a.command("C6");
    let msg = a.message().clone().unwrap_or_default();
    assert!(msg.contains("takes the ko"), "{msg}");
    // White plays elsewhere, so does Black: under art. 7-2 White still may
    // not retake, a move elsewhere is no pass.
    a.command("G1");
    a.command("G2");
    a.command("B6");
    let msg = a.message().clone().unwrap_or_default();
    assert!(
        msg.contains("may not be retaken before White passes once"),
        "{msg}"
    );
    assert!(msg.contains("art. 7-2"), "{msg}");
    // After White passes (and Black answers elsewhere), the retake is allowed.
    a.command("pass");
    a.command("G3");
    a.command("B6");
    assert!(
        a.message().as_deref().unwrap_or("").contains("White B6"),
        "{:?}",
        a.message()
    );
    // Leaving: the verdict is marked; the game's record is as it was.
    a.update(Action::Cancel);
    assert_eq!(*a.mode(), Mode::Count);
    assert!(
        a.message()
            .as_deref()
            .unwrap_or("")
            .starts_with("confirmation:")
    );
    assert_eq!(
        kifu::sgf::to_sgf(a.record()),
        before,
        "no hypothetical move recorded"
    );
}

#[test]
fn under_area_rules_the_ko_is_simply_played() {
    let mut a = stopped(KO, Rules::chinese());
    a.update(Action::Confirm);
    a.command("C6");
    a.command("G1");
    a.command("G2");
    a.command("B6");
    assert!(
        a.message().as_deref().unwrap_or("").contains("White B6"),
        "{:?}",
        a.message()
    );
}

/// A white stone that cannot escape: Black captures it in confirmation
/// play, and count mode marks it dead.
const LONE: &str = "
. . . . . . .
. X X X . . .
. X O . . . .
. X X X . . .
. . . . . . .
O O O O O O O
. . . . . . .";

#[test]
fn stones_taken_and_not_rescued_are_marked_dead() {
    let mut a = stopped(LONE, Rules::japanese());
    let d5 = at("C5");
    // Whatever the proposal, the players play it out.
    a.update(Action::Confirm);
    a.command("D5");
    a.update(Action::Cancel);
    let cs = a.count().as_ref().unwrap();
    assert!(cs.session.marks.is_dead(d5), "{:?}", a.message());
    let msg = a.message().clone().unwrap_or_default();
    assert!(
        msg.contains("Black captured the 1 white stone at C5: dead"),
        "{msg}"
    );
    assert_eq!(
        cs.source(kifu::i18n::Lang::En),
        "marked by confirmation play"
    );
}

#[test]
fn resuming_gives_the_move_to_the_other_player() {
    let mut a = stopped(LONE, Rules::japanese());
    // After Black's and White's passes Black is to move; White asks.
    command(&mut a, "resume white");
    assert_eq!(*a.mode(), Mode::Record);
    assert_eq!(a.record().to_move(), Color::Black);
    assert!(
        a.message()
            .as_deref()
            .unwrap_or("")
            .contains("Black moves first")
    );
    // Black asks: White moves first, and the record says so (PL).
    let mut b = stopped(LONE, Rules::japanese());
    command(&mut b, "resume black");
    assert_eq!(b.record().to_move(), Color::White);
    let text = kifu::sgf::to_sgf(b.record());
    assert!(text.contains("PL[W]"), "{text}");
    assert!(text.contains(";B[];W[]"), "the passes stay: {text}");
    b.command("play D5");
    assert_eq!(b.record().board().get(at("D5")), Some(Color::White));
}

/// Bent four in the corner (White's corner space A9 B9 A8 A7, no outside
/// liberty). Black's A8, White's A9, Black takes the ko at B9.
/// Bent four in the corner: White's eye space A7 A8 A9 B9 bends at the
/// corner point A9, which touches no white stone, and White has no
/// liberty outside it.
const BENT_FOUR: &str =
    include_str!("../../crates/kifu-go/tests/positions/bent_four_eye_space9.txt");

fn at9(s: &str) -> Point {
    Point::from_gtp(s, 9).unwrap()
}

/// Bent four in the corner under Japanese and Korean rules, art. 7-2: Black
/// plays A8, White A9, Black takes the ko at B9;
/// White may not retake it before passing; a move elsewhere is no pass, so
/// Black fills the last liberty and the white group is dead. In the Korean
/// examples' words: a life that needs a ko threat from elsewhere (White's
/// G1) is dead.
#[test]
fn bent_four_in_the_corner_is_dead_by_art_7_2() {
    for rules in [
        Rules::japanese(),
        Rules::preset(kifu::game::rules::Preset::Korean),
    ] {
        let name = rules.name();
        let mut a = stopped(BENT_FOUR, rules);
        let before = kifu::sgf::to_sgf(a.record());
        a.update(Action::Confirm);
        a.command("A8");
        a.command("A9");
        a.command("B9");
        let took = a.message().clone().unwrap_or_default();
        assert!(took.contains("takes the ko"), "{name}: {took}");
        a.command("A9");
        let refused = a.message().clone().unwrap_or_default();
        assert!(
            refused.contains("may not be retaken before White passes once"),
            "{name}: {refused}"
        );
        a.command("G1");
        a.command("A7");
        let captured = a.message().clone().unwrap_or_default();
        assert!(
            captured.contains("Black A7, captures 6"),
            "{name}: {captured}"
        );
        a.update(Action::Cancel);
        let cs = a.count().as_ref().unwrap();
        assert!(
            cs.session.marks.is_dead(at9("C9")),
            "{name}: {:?}",
            a.message()
        );
        assert!(
            cs.session.marks.is_dead(at9("A6")),
            "{name}: {:?}",
            a.message()
        );
        let msg = a.message().clone().unwrap_or_default();
        assert!(msg.contains("captured the 6 white stones"), "{name}: {msg}");
        assert_eq!(
            kifu::sgf::to_sgf(a.record()),
            before,
            "{name}: game unchanged"
        );
    }
}

/// Chinese rules: no art. 7-2 ban, only the basic ko rule, so after one
/// move elsewhere White may retake.
#[test]
fn bent_four_under_area_rules_the_ko_may_be_retaken_after_a_move_elsewhere() {
    let mut a = stopped(BENT_FOUR, Rules::chinese());
    a.update(Action::Confirm);
    for m in ["A8", "A9", "B9"] {
        a.command(m);
    }
    a.command("A9");
    let refused = a.message().clone().unwrap_or_default();
    assert!(
        !refused.starts_with("White A9"),
        "immediate retake: {refused}"
    );
    a.command("G1");
    a.command("J1");
    a.command("A9");
    let retaken = a.message().clone().unwrap_or_default();
    assert!(retaken.contains("White A9, captures 1"), "{retaken}");
}

/// A capture a snapback refutes is no capture (the Korean examples): Black
/// takes the white stone at B7, White plays there again and takes the five
/// black stones. The white stone counts alive, the black chain dead.
const SNAPBACK: &str = "
X O . O . . .
X X X O . . .
O O O . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .";

#[test]
fn a_capture_a_snapback_refutes_is_no_capture() {
    for rules in [Rules::japanese(), Rules::chinese()] {
        let name = rules.name();
        let mut a = stopped(SNAPBACK, rules);
        a.update(Action::Confirm);
        a.command("C7");
        let took = a.message().clone().unwrap_or_default();
        assert!(took.contains("Black C7, captures 1"), "{name}: {took}");
        a.command("B7");
        let back = a.message().clone().unwrap_or_default();
        assert!(back.contains("White B7, captures 5"), "{name}: {back}");
        a.update(Action::Cancel);
        let cs = a.count().as_ref().unwrap();
        assert!(
            !cs.session.marks.is_dead(at("B7")),
            "{name}: {:?}",
            a.message()
        );
        assert!(
            cs.session.marks.is_dead(at("A7")),
            "{name}: {:?}",
            a.message()
        );
        let msg = a.message().clone().unwrap_or_default();
        assert!(
            msg.contains("White captured the 4 black stones"),
            "{name}: {msg}"
        );
        assert!(!msg.contains("white stone at B7: dead"), "{name}: {msg}");
    }
}

/// A gap in White's wall at D4: White's stone there makes D5 and D6
/// White's territory; everything else is settled (both sides have two
/// eyes: on a 5x5 board with White's eye space a straight three, Black's
/// placement killed White, as GNU Go reads it).
const GAP: &str = "
. X O . O .
X X O . O O
X X X . O .
X X X O O O
. X X O . O
X X X O O .";

/// Korean rules: after the second pair of passes a neutral point that is
/// still a real move is said, with who passed first and may play it; the
/// first pair, and Japanese rules, say nothing of it.
#[test]
fn korean_second_pair_of_passes_names_a_real_move() {
    for (rules, said) in [
        (Rules::preset(kifu::game::rules::Preset::Korean), true),
        (Rules::japanese(), false),
    ] {
        let name = rules.name();
        let mut a = stopped(GAP, rules);
        let first = a.message().clone().unwrap_or_default();
        assert!(!first.contains("real move"), "{name}: first pair: {first}");
        a.command("resume white");
        assert_eq!(a.record().to_move(), Color::Black, "{name}");
        a.command("pass");
        a.command("pass");
        assert_eq!(*a.mode(), Mode::Count, "{name}");
        let msg = a.message().clone().unwrap_or_default();
        assert_eq!(
            msg.contains("still a real move: ") && msg.contains("D4 (gains White a point)"),
            said,
            "{name}: {msg}"
        );
        if said {
            assert!(
                msg.contains("Black passed first and may play it (:resume white)"),
                "{msg}"
            );
        }
    }
}
