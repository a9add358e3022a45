//! `R` in count mode writes RE and the marks (TB/TW, and kifu's seki
//! marks); reopened, the file must count to that RE exactly, in the TUI and
//! in `kifu score --dead marked`, whatever was marked dead or seki.

use kifu::app::count_state::CountState;
use kifu::app::{Action, App, Mode, Question};
use kifu::count::Terms;
use kifu::count::session::{DeadStones, Session};
use kifu::game::record::GameRecord;
use kifu::game::rules::Rules;
use kifu::game::{Move, Point};
use proptest::prelude::*;

/// A game of random legal moves on a small board (captures included, so
/// prisoners count under territory rules), ended by two passes.
fn random_game(size: u8, moves: &[(u8, u8)], rules: Rules, komi: f64) -> GameRecord {
    let mut rec = GameRecord::new(usize::from(size), rules).unwrap();
    rec.info.rules_text = kifu::game::RulesText::Named;
    rec.set_komi(komi);
    for &(x, y) in moves {
        let _ = rec.play(Move::Play(Point::new(x % size, y % size)));
    }
    rec.play(Move::Pass).unwrap();
    rec.play(Move::Pass).unwrap();
    rec
}

/// The file reopened: counted as count mode does and as `kifu score`
/// does with `--dead marked`.
fn reopened_results(text: &str) -> (String, String) {
    let file = kifu::sgf::read_text(text);
    let mut rec = file.game(1).unwrap().record.clone();
    rec.to_end();
    let tui = CountState::new(&rec).result().to_string();
    let (tb, tw) = kifu::sgf::territory::territory_marks(&rec).unwrap_or_default();
    let mut s = Session::new(
        rec.board().clone(),
        Terms::of_record(&rec),
        DeadStones::Marks(Some((&tb, &tw))),
    );
    s.mark_seki(&kifu::sgf::territory::seki_marks(&rec));
    (tui, s.count.result().to_string())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn what_r_writes_counts_to_its_re_when_reopened(
        size in prop_oneof![Just(5u8), Just(7), Just(9)],
        moves in proptest::collection::vec((0u8..9, 0u8..9), 10..80),
        japanese in any::<bool>(),
        komi in prop_oneof![Just(0.5), Just(6.5), Just(7.5)],
        dead in proptest::collection::vec((0u8..9, 0u8..9), 0..6),
        seki in proptest::collection::vec((0u8..9, 0u8..9), 0..2),
    ) {
        let rules = if japanese { Rules::japanese() } else { Rules::chinese() };
        let rec = random_game(size, &moves, rules, komi);
        let mut a = App::new(rec, None);
        a.update(Action::Count);
        prop_assert_eq!(a.mode(), &Mode::Count);
        for &(x, y) in &dead {
            a.update(Action::PlayAt(Point::new(x % size, y % size)));
        }
        for &(x, y) in &seki {
            a.update(kifu::app::Action::CursorTo(Point::new(x % size, y % size)));
            a.update(Action::ToggleSeki);
        }
        a.update(Action::WriteResult);
        if *a.mode() == Mode::Ask(Question::Result) {
            a.update(Action::Input('y'));
        }
        let re = a.record().info.result.as_ref().map(|r| r.to_string());
        prop_assert_eq!(re.clone(), Some(a.count().as_ref().unwrap().result().to_string()));
        let text = kifu::sgf::to_sgf(a.record());
        let (tui, score) = reopened_results(&text);
        prop_assert_eq!(Some(tui), re.clone(), "{}", text);
        prop_assert_eq!(Some(score), re, "{}", text);
    }
}

/// A dead stone in dame (no territory holds it) is written and read back.
#[test]
fn a_dead_stone_outside_any_territory_is_written() {
    // The white stone at C3 is dead but touches the dame row between the
    // two walls; before, R left it out and the reopened file lost it.
    let diagram = "
        . X . X . O . . .
        X X X X O O O O O
        . X . X O . O . .
        X X X X O O O O O
        . . o . . . . . .
        O O O O O O O O O
        . O . . . O . O .
        O O O O O O O O O
        . . . O . O . . .
    ";
    let board = kifu::game::Board::from_diagram(diagram).unwrap();
    let mut rec = GameRecord::new(9, Rules::chinese()).unwrap();
    for p in board.points() {
        if let Some(c) = board.get(p) {
            rec.add_setup(p, Some(c));
        }
    }
    let mut a = App::new(rec, None);
    a.update(Action::Count);
    let kifus = a.count().as_ref().unwrap().session.marks.dead_points();
    for p in kifus {
        a.update(Action::PlayAt(p));
    }
    let c5 = Point::from_gtp("C5", 9).unwrap();
    a.update(Action::PlayAt(c5));
    assert!(a.count().as_ref().unwrap().session.marks.is_dead(c5));
    a.update(Action::WriteResult);
    let text = kifu::sgf::to_sgf(a.record());
    assert!(text.contains("TB[") && text.contains("[ce]"), "{text}");
    let re = a.record().info.result.as_ref().unwrap().to_string();
    let (tui, score) = reopened_results(&text);
    assert_eq!((tui.as_str(), score.as_str()), (re.as_str(), re.as_str()));
    // And the binary, as a user runs it.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.sgf");
    std::fs::write(&file, &text).unwrap();
    let out = crate::common::kifu()
        .args(["score", "--dead", "marked", "--json"])
        .arg(&file)
        .output()
        .unwrap();
    let line: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(line["result"], serde_json::Value::String(re), "{line}");
}

/// Five dame in column C, Black to move, komi 0.5: filled in turn Black
/// gets 3 and White 2 (B+0.5); a finished count's marks that leave them to
/// nobody (as KGS writes them) keep them shared (W+0.5); marks that give
/// them out (as `R` writes them) are followed.
#[test]
fn dame_are_filled_in_turn_unless_a_finished_count_marked_them() {
    let position = "AB[ba][bb][bc][bd][be][ab][ad]AW[da][db][dc][dd][de][eb][ed]";
    let score = |props: &str| {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("g.sgf");
        std::fs::write(
            &file,
            format!("(;FF[4]GM[1]SZ[5]RU[Chinese]KM[0.5]{position}{props})"),
        )
        .unwrap();
        let out = crate::common::kifu()
            .args(["score", "--json"])
            .arg(&file)
            .output()
            .unwrap();
        let line: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        (
            line["result"].as_str().unwrap().to_string(),
            line["notes"].to_string(),
        )
    };
    let (re, notes) = score("");
    assert_eq!(re, "B+0.5", "{notes}");
    assert!(
        notes.contains("the 5 dame left are filled in turn, Black first: Black 3, White 2"),
        "{notes}"
    );
    let (re, notes) = score("TB[aa][ac][ae]TW[ea][ec][ee]");
    assert_eq!(re, "W+0.5", "{notes}");
    assert!(notes.contains("shared 5"), "{notes}");
    let (re, _) = score("TB[aa][ac][ae][ca][cb][cc]TW[ea][ec][ee][cd][ce]");
    assert_eq!(re, "B+0.5");
}
