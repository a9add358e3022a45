//! The learned judge's guard rails on ASCII positions with ownership maps
//! written by hand, and the shipped network on positions whose answer is
//! not in doubt.

use super::*;

fn board(d: &str) -> Board {
    Board::from_diagram(d).unwrap_or_else(|e| panic!("{e}"))
}

use crate::count::judge::ownership::tests::map;

/// The rules estimator's judgment as a test gives it: nothing dead.
fn nothing_dead(b: &Board) -> Estimate {
    Estimate {
        marks: Marks::new(b.size()),
        uncertain: Vec::new(),
        undecided: 0,
        finished: true,
        proven: crate::count::judge::estimate::benson::unconditional(b),
        ownership: vec![0.0; usize::from(b.size()).pow(2)],
        read: Vec::new(),
    }
}

/// The guard rails with a rules estimate that kills nothing.
fn judge(b: &Board, own: Vec<f64>) -> Estimate {
    judge_with(b, own, &nothing_dead(b), UNSURE_BELOW)
}

fn dead(board: &Board, e: &Estimate) -> Vec<String> {
    e.marks
        .dead_points()
        .iter()
        .map(|p| p.to_gtp(board.size()))
        .collect()
}

#[test]
fn benson_is_never_overruled() {
    // Black's group has two real eyes: alive whatever the map says.
    let b = board(
        "
. X . X O
X X X X O
O O O O O
. . . . .
. . . . .",
    );
    let own = map("
W W W W W
W W W W W
W W W W W
W W W W W
W W W W W");
    let e = judge(&b, own);
    assert!(dead(&b, &e).is_empty(), "{:?}", dead(&b, &e));
}

#[test]
fn a_kill_never_contradicts_itself() {
    // The map calls Black's group dead (weakly) and White's stone in its
    // eye dead (surely): both cannot be. The surer kill stands.
    let b = board(
        "
. . . . . . .
. X X X X X .
. X . O . X .
. X X X X X .
. . . . . . .
O O O O O O O
. . . . . . .",
    );
    let own = map("
? ? ? ? ? ? ?
? w w w w w ?
? B B B B w ?
? w w w w w ?
? ? ? ? ? ? ?
W W W W W W W
W W W W W W W");
    let e = judge(&b, own);
    assert_eq!(dead(&b, &e), ["D5"]);
    // Black's group was spared by the rule: it is flagged.
    assert!(
        e.uncertain.contains(&Flag {
            at: Point::new(1, 1),
            why: Doubt::Judges
        }),
        "{:?}",
        e.uncertain
    );
}

#[test]
fn chains_of_one_group_live_or_die_together() {
    // Two white chains that share a liberty: one group, one verdict, by
    // their mean (one says dead, the other weakly alive).
    let b = board(
        "
. . . . .
. O . O .
X X X X X
. . . . .
. . . . .",
    );
    let own = map("
B B B B B
B B B w B
B B B B B
B B B B B
B B B B B");
    let e = judge(&b, own);
    assert_eq!(dead(&b, &e), ["B4", "D4"]);
}

#[test]
fn a_group_nearly_even_on_the_map_is_flagged() {
    let b = board(
        "
. . . . .
. O . . .
. . . . .
. . . X .
. . . . .",
    );
    let own = map("
B B B B B
B ? B B B
B B B B B
B B B B B
B B B B B");
    let e = judge(&b, own);
    assert_eq!(dead(&b, &e), Vec::<String>::new());
    assert_eq!(
        e.uncertain,
        [Flag {
            at: Point::new(1, 1),
            why: Doubt::Judges
        }]
    );
}

#[test]
fn a_chain_the_two_judges_see_otherwise_is_flagged() {
    let b = board(
        "
. . . . .
. O . . .
X X X X X
. . . . .
. . . . .",
    );
    let own = map("
B B B B B
B B B B B
B B B B B
B B B B B
B B B B B");
    // The map kills B4 surely; the rules estimator kept it: disputed.
    let e = judge(&b, own.clone());
    assert_eq!(dead(&b, &e), ["B4"]);
    assert_eq!(
        e.uncertain,
        [Flag {
            at: Point::new(1, 1),
            why: Doubt::Judges
        }]
    );
    // Both kill it: no doubt.
    let mut rules = nothing_dead(&b);
    rules.marks.toggle_chain(&b, Point::new(1, 1));
    let e = judge_with(&b, own, &rules, UNSURE_BELOW);
    assert!(e.uncertain.is_empty(), "{:?}", e.uncertain);
}

#[test]
fn the_shipped_network_reads_and_covers_the_sizes_kifu_offers() {
    let net = network().unwrap_or_else(|| panic!("the shipped weights do not read"));
    assert_eq!(net.planes(), planes::PLANES);
    // Trained on all three sizes; trusted on 19x19 only (`TRUSTED_SIZES`).
    assert_eq!(net.sizes, [9, 13, 19]);
    assert!(covers(19));
    for size in [7, 9, 13] {
        assert!(!covers(size), "{size}x{size}");
    }
}

#[test]
fn a_weights_file_cut_short_or_not_ours_is_refused() {
    assert!(Net::from_bytes(b"not weights").is_err());
    assert!(Net::from_bytes(&WEIGHTS[..WEIGHTS.len() - 4]).is_err());
    let mut longer = WEIGHTS.to_vec();
    longer.extend([0, 0, 0, 0]);
    assert!(Net::from_bytes(&longer).is_err());
}

#[test]
fn where_the_rules_estimator_answers_it_answers_as_dead_rules() {
    // A 19x19 game plainly not over (a few stones on an empty board),
    // and a size the network does not judge: `--dead rules`'s answer.
    let mut rows = vec![". ".repeat(19).trim_end().to_string(); 19];
    rows[3] = format!(". . . X{}", " .".repeat(15));
    rows[15] = format!(". . . O{}", " .".repeat(15));
    let open = board(&rows.join("\n"));
    let small = board(
        "
. X O . .
X X O . .
. X O O O
X X O . .
. X O . .",
    );
    // Reading settles the size it does not cover, as `--dead rules`; a
    // game plainly not over is not read (every fight there is open).
    let unread = crate::count::judge::estimate::estimate(&open, None, Scoring::Area);
    let read = judge_by_rules(&small, Scoring::Area);
    for (b, judge, rules) in [
        (open, Judge::RulesUnfinished, unread),
        (small, Judge::RulesForSize, read),
    ] {
        assert_eq!(
            judge_position(&b, Color::Black, Scoring::Area),
            (rules, judge)
        );
    }
}
