//! The dead-stone estimator on ASCII positions (lowercase: the stones that
//! are dead). Positions it gets wrong are kept, ignored, with the reason,
//! so they are not forgotten.

use kifu_go::count::Marks;
use kifu_go::count::judge::estimate::estimate;
use kifu_go::game::Board;
use kifu_go::game::rules::Scoring;

/// White lives with two eyes (A9, C9) in Black's corner.
const TWO_EYES: &str = include_str!("../positions/two_eyes9.txt");

/// The estimator's dead stones against the diagram's lowercase ones,
/// under Japanese rules.
fn check(diagram: &str) -> Result<(), String> {
    check_under(diagram, Scoring::Territory)
}

fn check_under(diagram: &str, scoring: Scoring) -> Result<(), String> {
    let board = Board::from_diagram(diagram)?;
    let want = Marks::from_diagram(&board, diagram).dead_points();
    let est = estimate(&board, None, scoring);
    let got = est.marks.dead_points();
    if got == want {
        Ok(())
    } else {
        Err(format!(
            "wanted dead {want:?}\ngot {got:?}\nuncertain {:?}",
            est.uncertain
        ))
    }
}

/// `check`, and the chains through `points` flagged unsure.
fn check_flagged(diagram: &str, points: &[&str]) {
    check(diagram).unwrap_or_else(|e| panic!("{e}"));
    let board = Board::from_diagram(diagram).unwrap_or_else(|e| panic!("{e}"));
    let est = estimate(&board, None, Scoring::Territory);
    for p in points {
        let p = kifu_go::game::Point::from_gtp(p, board.size()).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            est.uncertain.iter().any(|u| board.same_chain(u.at, p)),
            "{p:?} not flagged: {:?}",
            est.uncertain
        );
    }
}

#[test]
fn a_dead_stone_in_a_closed_territory() {
    check(
        "
. . . . . . . . .
. . . . . . . . .
. . o . . . . . .
. . . . . . . . .
X X X X X X X X X
O O O O O O O O O
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .",
    )
    .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn three_invading_stones_in_a_36_point_area() {
    // Random playouts let them live now and then; the area is closed by a
    // wall that lives and they have no eye: loose stones, dead.
    check(
        "
. . . . . . . . .
. o . o . . . . .
. o . . . . . . .
. . . . . . . . .
X X X X X X X X X
O O O O O O O O O
. . . . . . . . .
. . . . . . x . .
. . . . . . . . .",
    )
    .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_dead_group_of_several_chains() {
    // Three white stones, three chains (G8, F7, H7), in Black's area of
    // three rows, which a black wall splits in two (so Black's life does
    // not hang on that part); and a black stone in White's. (Right on 40
    // seeds of 40.)
    check(
        "
. . X . . . . . .
. . X . . . o . .
. . X . . o . o .
X X X X X X X X X
O O O O O O O O O
. . . . . . . . .
. . . . . . x . .
. . . . . . . . .
. . . . . . . . .",
    )
    .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_dead_group_of_two_chains_in_a_small_area() {
    // Two white stones touching diagonally, in Black's area of three rows.
    check(
        "
. . . . . . . . .
. . o . . . . . .
. . . o . . . . .
X X X X X X X X X
O O O O O O O O O
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .",
    )
    .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn loose_stones_in_large_closed_areas_are_dead() {
    // Three white stones in Black's 78-point area, two black ones in
    // White's: in a few playouts each finds room to live, but none has an
    // eye and the walls around them live.
    check(
        "
. . . . . . . . . . . . .
. . . . . . . . . . . . .
. . . . o . . . . . . . .
. . . . . . . o . . . . .
. . . . . . . . . . . . .
. . . o . . . . . . . . .
X X X X X X X X X X X X X
O O O O O O O O O O O O O
. . . . . . . . . . . . .
. . . . . x . . . . . . .
. . . . . . . . . x . . .
. . . . . . . . . . . . .
. . . . . . . . . . . . .",
    )
    .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn loose_stones_behind_a_one_point_gap_are_dead() {
    // A position taken before the end: Black's wall has a gap at G7, two
    // moves from either white stone. They have no eye and no way to
    // reach the gap before Black closes it.
    check(
        "
. . . . . . . . . . . . .
. . . . . . . . . . . . .
. . . O . . . . . O . . .
. . . . . . . . . . . . .
. . . . . . . . . . . . .
O O O O O O . O O O O O O
X X X X X X . X X X X X X
. . . . . . . . . . . . .
. . . . . . . . . . . . .
. . . o . . . . . . . . .
. . . . . . . . o . . . .
. . . . . . . . . . . . .
. . . . . . . . . . . . .",
    )
    .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_group_with_an_eye_in_a_closed_area_is_left_to_the_playouts() {
    // White's four stones around A9 have an eye, so they are no loose
    // stones; with one eye in a corner of Black's area they still die.
    check(
        "
. o . . . . . . .
o o . . . . . . .
o . . . . . . . .
. . . . . . . . .
X X X X X X X X X
O O O O O O O O O
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .",
    )
    .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_mutual_atari_left_at_the_end_keeps_both_stones() {
    // White D5 and Black F5 are both in atari at E5: whoever plays there
    // captures, and neither did. Neither is dead; both are unsure.
    check_flagged(
        include_str!("../positions/mutual_atari9.txt"),
        &["D5", "F5"],
    );
}

#[test]
fn in_a_mutual_atari_a_dead_chain_inside_territory_is_still_dead() {
    // White's four stones B2 C2 D2 D1 and Black's C1 are both in atari at
    // B1. The white chain sits in Black's area with no eye: the players of
    // the KGS games take such a chain off and keep the lone stone (nine
    // cases there, all so).
    check(
        "
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
O O O O O O O O O
X X X X X X X X X
. . . . . . . . .
. X X X . . . . .
X o o o X . . . .
. . X o X . . . .",
    )
    .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn dead_shapes_of_eye_space_are_dead() {
    // A square four (A8 A9 B8 B9) is one eye whoever moves first.
    check(
        "
. . o X . . . . .
. . o X . . . . .
o o o X . . . . .
X X X X . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . O . .
. . . . . . . . .
. . . . . . . . .",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    // A straight three (A9 B9 C9) with its vital point taken.
    check(
        "
. X . o X . . . .
o o o o X . . . .
X X X X X . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . O . .
. . . . . . . . .
. . . . . . . . .",
    )
    .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_false_seki_is_dead() {
    // White's only liberties, A9 and D9, are shared with Black's B9 C9:
    // it looks like seki, but Black throws in at A9, White must take three
    // stones, and Black's B9 on the straight three kills.
    check(
        "
. X X . o X . . .
o o o o o X . . .
X X X X X X . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . O . .
. . . . . . . . .
. . . . . . . . .",
    )
    .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_group_with_two_eyes_lives_inside_the_opponents_area() {
    check(TWO_EYES).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_seki_with_an_eye_each_stays_alive() {
    // samples/9x9-seki.sgf: Black's three stones (eye A9) and White's nine
    // (eye E9) share C9; whoever fills it is captured.
    check(include_str!("../positions/seki9.txt")).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_seki_without_eyes_stays_alive() {
    // Black D9-D8-D7-E7 and White F9-F8-F7 have no eyes and share E9 and
    // E8: whoever fills one is captured through the other.
    check(include_str!("../positions/seki_no_eyes9.txt")).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn one_real_eye_and_one_false_eye_is_dead() {
    // C9 looks like an eye, but D9-E9 hang on it alone: Black C9 takes
    // them, and White is left with A9.
    check(
        "
. o . o o X . . .
o o o X X X . . .
X X X X . . . . .
. . . . . . . . .
X X X X X X X X X
O O O O O O O O O
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .",
    )
    .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_group_that_lives_only_by_ko_is_uncertain() {
    // Black C9 takes D9 as a ko: White lives if it wins the ko (retaking
    // at D9), dies if not. The estimator must not be sure.
    let board = Board::from_diagram(
        "
. O . O X . . . .
O O O X X . . . .
X X X X . . . . .
. . . . . . . . .
X X X X X X X X X
O O O O O O O O O
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .",
    )
    .unwrap();
    let est = estimate(&board, None, Scoring::Territory);
    let group = board.chain(kifu_go::game::Point::new(0, 1));
    assert!(
        est.uncertain
            .iter()
            .any(|p| group.contains(&p.at) && p.why == kifu_go::count::Doubt::Ko),
        "uncertain {:?}, dead {:?}",
        est.uncertain,
        est.marks.dead_points()
    );
}

#[test]
fn an_unfinished_board_says_so() {
    let board = Board::from_diagram(
        "
. . . . . . . . .
. . . . . . . . .
. . X . . . O . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . O . . . X . .
. . . . . . . . .
. . . . . . . . .",
    )
    .unwrap();
    let est = estimate(&board, None, Scoring::Territory);
    assert!(!est.finished);
    assert!(
        est.warning()
            .unwrap_or_default()
            .starts_with("the game does not look finished")
    );
}

#[test]
fn the_players_marks_are_kept() {
    let board = Board::from_diagram(TWO_EYES).unwrap();
    let mut marks = Marks::new(9);
    // The players say the two-eyed corner group is dead: kifu keeps it so.
    marks.toggle_chain(&board, kifu_go::game::Point::new(1, 1));
    let est = estimate(&board, Some(&marks), Scoring::Territory);
    assert!(est.marks.is_dead(kifu_go::game::Point::new(1, 1)));
}

/// White's corner: Black's three stones A9-A7 inside, White's only
/// liberties B9 and B7, neither of which White can fill. Black plays B7,
/// White takes four at B9, and Black makes the bent-four ko, which White
/// cannot win without ko threats.
const BENT_FOUR: &str = include_str!("../positions/bent_four9.txt");

#[test]
fn bent_four_in_the_corner_is_dead_under_japanese_rules() {
    check_under(BENT_FOUR, Scoring::Territory).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn bent_four_in_the_corner_is_proposed_dead_but_unsure_under_area_rules() {
    // Area rules play the ko out: White may have threats kifu cannot see.
    check_under(BENT_FOUR, Scoring::Area).unwrap_or_else(|e| panic!("{e}"));
    let board = Board::from_diagram(BENT_FOUR).unwrap();
    let est = estimate(&board, None, Scoring::Area);
    let group = board.chain(kifu_go::game::Point::new(2, 0));
    assert!(est.uncertain.iter().any(|p| group.contains(&p.at)));
}

/// Bent four in the corner as an empty eye space: A7 A8 A9 B9, bent at the
/// corner point A9, which touches no white stone. White moving first
/// lives (A8 makes two eyes), but after the game the attacker moves first
/// in the confirmation (Japanese 1989, art. 7-2): Black A8, White A9, Black
/// takes the ko at B9, and White may not retake it. Dead under Japanese
/// rules; under area rules proposed dead and flagged.
const BENT_FOUR_EYE_SPACE: &str = "
. . o X . . . . .
. o o X . . . . .
. o X X . . . . .
o o X . . . . . .
X X X . . . . . .
. . . . . . . . .
X X X X X X X X X
O O O O O O O O O
. . . . . . . . .";

#[test]
fn bent_four_in_the_corner_as_an_eye_space_is_dead() {
    check_under(BENT_FOUR_EYE_SPACE, Scoring::Territory).unwrap_or_else(|e| panic!("{e}"));
    check_under(BENT_FOUR_EYE_SPACE, Scoring::Area).unwrap_or_else(|e| panic!("{e}"));
    let board = Board::from_diagram(BENT_FOUR_EYE_SPACE).unwrap();
    let group = board.chain(kifu_go::game::Point::new(2, 0));
    let est = estimate(&board, None, Scoring::Area);
    assert!(est.uncertain.iter().any(|p| group.contains(&p.at)));
    let est = estimate(&board, None, Scoring::Territory);
    assert!(!est.uncertain.iter().any(|p| group.contains(&p.at)));
}

/// Benson's unconditional life, tested against its definition: on random
/// positions, a chain it proves alive is never captured while its owner
/// passes and the opponent plays any legal moves it likes.
mod benson {
    use kifu_go::count::judge::estimate::benson::unconditional;
    use kifu_go::count::judge::estimate::playout::Rng;
    use kifu_go::game::{Board, Color, Move};
    use proptest::prelude::*;

    /// A position after `moves` random legal moves on a 9x9 board.
    fn random_position(seed: u64, moves: usize) -> Board {
        random_position_of(9, seed, moves)
    }

    pub(super) fn random_position_of(size: usize, seed: u64, moves: usize) -> Board {
        let mut b = Board::new(size).unwrap();
        let mut rng = Rng::new(seed);
        let mut color = Color::Black;
        for _ in 0..moves {
            for _ in 0..20 {
                let Some(p) = b.nth_empty(rng.below(b.empty_count().max(1))) else {
                    break;
                };
                // Never filling one's own eye, as in a playout, so that
                // groups with eyes (what Benson proves) are common.
                if !b.is_eye_like(p, color) && b.play(color, Move::Play(p), false).is_ok() {
                    break;
                }
            }
            color = color.opponent();
        }
        b
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn proven_chains_survive_any_attack(seed in any::<u64>(), moves in 40usize..200) {
            let start = random_position(seed, moves);
            let proven = unconditional(&start);
            let mut rng = Rng::new(seed ^ 0x5851_f42d_4c95_7f2d);
            for owner in [Color::Black, Color::White] {
                let alive: Vec<_> = start
                    .points()
                    .filter(|&p| start.get(p) == Some(owner) && proven.is_alive(p))
                    .collect();
                if alive.is_empty() {
                    continue;
                }
                for _ in 0..10 {
                    let mut b = start.clone();
                    for _ in 0..150 {
                        let Some(p) = b.nth_empty(rng.below(b.empty_count().max(1))) else {
                            break;
                        };
                        let _ = b.play(owner.opponent(), Move::Play(p), false);
                        for &s in &alive {
                            prop_assert_eq!(b.get(s), Some(owner), "{} captured:\n{}", s.to_gtp(9), start.to_diagram());
                        }
                    }
                }
            }
        }
    }
}

mod invariants {
    use super::benson::random_position_of;
    use kifu_go::count::judge::estimate::benson::unconditional;
    use kifu_go::count::judge::estimate::estimate;
    use kifu_go::game::Color;
    use kifu_go::game::rules::Scoring;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(60))]
        /// On any board from 2x2 to 13x13, full or nearly empty, the
        /// estimate marks only stones, never a chain Benson proves, and
        /// flags only stones.
        #[test]
        fn the_estimate_keeps_its_invariants(size in 2usize..14, seed in any::<u64>(), fill in 0usize..200) {
            let board = random_position_of(size, seed, fill);
            let proven = unconditional(&board);
            for scoring in [Scoring::Area, Scoring::Territory] {
                let est = estimate(&board, None, scoring);
                for p in est.marks.dead_points() {
                    prop_assert!(board.get(p).is_some(), "{p:?} marked dead but empty");
                    prop_assert!(!proven.is_alive(p), "{p:?} proven alive but dead");
                }
                for p in &est.uncertain {
                    prop_assert!(board.get(p.at).is_some(), "{p:?} flagged but empty");
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(40))]
        /// The same of the judges behind the door, local reading, the
        /// open-area test and the eye-space flags included (a group read
        /// in its own space, the groups read again after a kill): the
        /// rules estimator from 2x2 to 13x13, the learned judge on 19x19;
        /// and a chain is dead whole or not at all.
        #[test]
        fn the_judges_keep_their_invariants(size in 2usize..14, seed in any::<u64>(), fill in 0usize..300) {
            let small = random_position_of(size, seed, fill);
            let big = random_position_of(19, seed, fill);
            use kifu_go::count::judge::{Judges, judge};
            for rules in [kifu_go::Rules::chinese(), kifu_go::Rules::japanese()] {
                // Through the door, as the count, the TUI and GTP judge.
                let judged = [
                    (&small, judge(&small, Color::Black, &rules, Judges::Rules)),
                    (&small, judge(&small, Color::White, &rules, Judges::Auto)),
                    (&big, judge(&big, Color::Black, &rules, Judges::Auto)),
                ];
                for (board, est) in judged {
                    let proven = unconditional(board);
                    for p in est.marks.dead_points() {
                        prop_assert!(board.get(p).is_some(), "{p:?} marked dead but empty");
                        prop_assert!(!proven.is_alive(p), "{p:?} proven alive but dead");
                        for q in board.chain(p) {
                            prop_assert!(est.marks.is_dead(q), "{q:?} alive in a dead chain");
                        }
                    }
                    for p in &est.uncertain {
                        prop_assert!(board.get(p.at).is_some(), "{p:?} flagged but empty");
                    }
                }
            }
        }
    }
}

/// A loop whose corner eye A1 looks false (White's B2 on its diagonal) but
/// is real: B2 is in a second eye of the same chain. Benson proves the loop
/// alive, so the estimator never proposes it dead, and B2 is dead.
#[test]
fn a_loop_whose_eye_looks_false_is_never_proposed_dead() {
    let diagram = "
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
O O O O O . . . .
X X X X O . . . .
X X X X O . . . .
X o . X O . . . .
. X X X O . . . .";
    for scoring in [Scoring::Territory, Scoring::Area] {
        check_under(diagram, scoring).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn a_seki_of_two_large_chains_that_the_playouts_break_is_kept() {
    // From a KGS game (2017-02-18-10), the players' own marks. White's 32
    // stones from N19 down (two liberties, O19 and N16, and the lone P19
    // beside them) against Black's 28 from Q19 (P17 and O11): random play
    // kills either side about half the time, but local reading shows
    // neither can take the other, and all else around them lives. A
    // seki: both stay, flagged.
    check_flagged(
        include_str!("../positions/seki_race19.txt"),
        &["N19", "P19", "Q19"],
    );
}

#[test]
fn a_corner_seki_with_one_eye_keeps_both_sides() {
    // The corner of a KGS game (2017-03-06-10), the rest made alive.
    // Black's 20 stones have two liberties, C9 and A7; White's B9 B8 C8
    // have A9 and C9; Black's A8 has A9 and A7. Whoever plays on one of
    // them first is captured (Black A9 is answered at A7), so nothing is
    // dead. The players of that game marked White's three stones dead.
    let diagram = include_str!("../positions/seki_corner9.txt");
    for scoring in [Scoring::Territory, Scoring::Area] {
        check_under(diagram, scoring).unwrap_or_else(|e| panic!("{e}"));
    }
}
