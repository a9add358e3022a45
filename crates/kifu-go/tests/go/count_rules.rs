//! The counting rules of docs/rules.md on ASCII positions: lowercase `x`/`o`
//! are stones marked dead.

use kifu_go::count::score::Dame;
use kifu_go::count::steps::{Chinese, Japanese, blocks_of_ten};
use kifu_go::count::{Classification, Count, Marks, PointClass, Terms, count_position};
use kifu_go::game::rules::{Preset, Rules};
use kifu_go::game::{Board, Color, Move, Point};
use proptest::prelude::*;

fn terms(preset: Preset, komi: f64, handicap: u32) -> Terms {
    Terms {
        rules: Rules::preset(preset),
        komi,
        handicap,
        dame: Dame::InTurn(Color::Black),
    }
}

fn counted(diagram: &str, s: &Terms) -> (Classification, Count) {
    let board = Board::from_diagram(diagram).unwrap_or_else(|e| panic!("{e}"));
    let marks = Marks::from_diagram(&board, diagram);
    count_position(&board, &marks, s)
}

/// A finished board where Black's area is the first `black` points in
/// reading order and White's the rest; with `dame`, one empty row between
/// the walls. Stones stand only along the boundary.
fn split_board(size: usize, black: usize, dame: bool) -> String {
    let owner = |x: usize, y: usize| -> Option<Color> {
        let i = y * size + x;
        if dame && i >= black && i < black + size {
            None
        } else if i < black {
            Some(Color::Black)
        } else {
            Some(Color::White)
        }
    };
    let mut s = String::new();
    for y in 0..size {
        for x in 0..size {
            let me = owner(x, y);
            let mut border = false;
            let nbrs = [
                (x.wrapping_sub(1), y),
                (x + 1, y),
                (x, y.wrapping_sub(1)),
                (x, y + 1),
            ];
            for (a, b) in nbrs {
                if a < size && b < size && owner(a, b) != me {
                    border = true;
                }
            }
            s.push(match (me, border) {
                (Some(Color::Black), true) => 'X',
                (Some(Color::White), true) => 'O',
                _ => '.',
            });
            s.push(' ');
        }
        s.push('\n');
    }
    s
}

// docs/rules.md section 8, row 1 and the worked numbers of 2.2.
#[test]
fn area_19_komi_7_5_gives_quarter_stones() {
    let chinese = terms(Preset::Chinese, 7.5, 0);
    for (a_b, re, words) in [
        (185, "B+1.5", "Black wins by 3/4 stone"),
        (184, "W+0.5", "White wins by 1/4 stone"),
        (182, "W+4.5", "White wins by 2 1/4 stones"),
    ] {
        let (_, c) = counted(&split_board(19, a_b, false), &chinese);
        assert_eq!(c.black.area, a_b);
        assert_eq!(c.white.area, 361 - a_b);
        assert_eq!(c.area.half, 180.5);
        assert_eq!(c.area.compensation, 3.75);
        assert_eq!(c.result().to_string(), re);
        assert_eq!(c.stones_text(), words);
        let steps = Chinese::new(
            &Classification::classify(
                &Board::from_diagram(&split_board(19, a_b, false)).unwrap(),
                &Marks::new(19),
            ),
            &c,
            Color::Black,
        );
        assert_eq!(steps.count, a_b as f64);
        assert_eq!(steps.other, (361 - a_b) as f64, "the other side is N minus");
    }
}

// docs/rules.md section 8, row 4 and the worked numbers of 2.2.
#[test]
fn small_boards_use_half_the_board_as_base() {
    let chinese = terms(Preset::Chinese, 7.5, 0);
    for (size, a_b, half, re) in [
        (9, 44, 40.5, "W+0.5"),
        (9, 45, 40.5, "B+1.5"),
        (9, 48, 40.5, "B+7.5"),
        (13, 89, 84.5, "B+1.5"),
    ] {
        let (_, c) = counted(&split_board(size, a_b, false), &chinese);
        assert_eq!(c.area.half, half);
        assert_eq!(c.black.area, a_b);
        assert_eq!(c.result().to_string(), re, "{size}x{size} A_B={a_b}");
    }
}

// docs/rules.md 2.2: 183 against 176 with 2 shared seki liberties: 183 + 1 -
// 184.25 = -1/4 stone.
#[test]
fn dame_are_filled_in_turn_and_only_seki_points_are_halved() {
    let (class, c) = counted(&split_board(19, 183, true), &terms(Preset::Chinese, 7.5, 0));
    // The dame row here is 19 points: Black, to move, fills 10, White 9.
    assert_eq!(c.dame, 19);
    assert_eq!(c.dame_filled, [10, 9]);
    assert_eq!(c.area.black, c.black.area as f64 + 10.0);
    assert_eq!(c.area.black + c.area.white, 361.0);
    // A dame row between two walls is dame, never seki.
    assert_eq!(c.seki_liberties, 0);
    assert!(class.points().all(|(p, _)| !class.in_seki(p)));
}

// Unfilled dame under area counting: filled in turn, the player to move
// first; an even number changes nothing, an odd one gives the first one
// point more (the Chinese rules fill them before counting).
#[test]
fn unfilled_dame_count_as_the_players_would_fill_them() {
    for to_move in [Color::Black, Color::White] {
        let chinese = Terms {
            dame: Dame::InTurn(to_move),
            ..terms(Preset::Chinese, 7.5, 0)
        };
        for a_b in [150, 170, 183, 190] {
            let (_, c) = counted(&split_board(19, a_b, true), &chinese);
            let first = if to_move == Color::Black { 1.0 } else { -1.0 };
            let by_filling = c.black.area as f64 - c.white.area as f64 + first - 7.5;
            assert_eq!(c.area.margin, by_filling);
            assert_eq!(
                2.0 * (c.area.black - c.area.half - c.area.compensation),
                by_filling
            );
        }
        // No dame: nothing to fill.
        let (_, c) = counted(&split_board(19, 183, false), &chinese);
        assert_eq!(c.dame_filled, [0, 0]);
        assert_eq!(
            c.area.margin,
            c.black.area as f64 - c.white.area as f64 - 7.5
        );
    }
}

// docs/rules.md section 1: Tromp-Taylor counts a point that reaches both
// colours for nobody; the Chinese rules fill it. 9x9, a black wall on D,
// a white wall on F, column E open: 36 points each, komi 7.5.
#[test]
fn tromp_taylor_counts_open_dame_for_nobody() {
    let board = "\
. . . X . O . . .
. . . X . O . . .
. . . X . O . . .
. . . X . O . . .
. . . X . O . . .
. . . X . O . . .
. . . X . O . . .
. . . X . O . . .
. . . X . O . . .";
    let tt = Terms {
        dame: Dame::of_rules(&Rules::preset(Preset::TrompTaylor), Color::Black),
        ..terms(Preset::TrompTaylor, 7.5, 0)
    };
    assert_eq!(tt.dame, Dame::Nobody);
    let (_, c) = counted(board, &tt);
    assert_eq!((c.dame, c.dame_filled), (9, [0, 0]));
    assert_eq!(c.result().to_string(), "W+7.5");
    assert!(
        c.dame_text(kifu_go::i18n::Lang::En)
            .unwrap()
            .contains("nobody")
    );
    // The Chinese rules fill them in turn, Black (to move) first: 5 to 4.
    let (_, c) = counted(board, &terms(Preset::Chinese, 7.5, 0));
    assert_eq!(c.dame_filled, [5, 4]);
    assert_eq!(c.result().to_string(), "W+6.5");
}

// docs/rules.md section 8, row 5 and the example of section 4 (also for AGA).
#[test]
fn handicap_compensation_follows_the_rules() {
    let (_, c) = counted(
        &split_board(19, 183, false),
        &terms(Preset::Chinese, 0.5, 2),
    );
    assert_eq!(c.result().to_string(), "B+2.5");
    assert_eq!(c.stones_text(), "Black wins by 1 1/4 stones");
    let (_, c) = counted(
        &split_board(19, 198, false),
        &terms(Preset::Chinese, 0.5, 6),
    );
    assert_eq!(c.result().to_string(), "B+28.5");
    let (_, c) = counted(&split_board(19, 198, false), &terms(Preset::Aga, 0.5, 6));
    assert_eq!(c.result().to_string(), "B+29.5", "AGA: H - 1");
    // Territory rules: handicap stones add nothing.
    let (_, c) = counted(
        &split_board(19, 198, false),
        &terms(Preset::Japanese, 0.5, 6),
    );
    assert_eq!(c.handicap_bonus, 0.0);
    // One stone is not a handicap.
    let (_, c) = counted(
        &split_board(19, 185, false),
        &terms(Preset::Chinese, 0.5, 1),
    );
    assert_eq!(c.handicap_bonus, 0.0);
}

proptest! {
    // docs/rules.md section 8, row 2: no neutral points, komi 7.5, odd N: the
    // result is B+1.5+2k or W+0.5+2k.
    #[test]
    fn parity_of_area_results(size in prop::sample::select(vec![9usize, 13, 19]), frac in 0.2f64..0.8) {
        let n = size * size;
        let a_b = ((n as f64) * frac) as usize;
        let (_, c) = counted(&split_board(size, a_b, false), &terms(Preset::Chinese, 7.5, 0));
        prop_assert_eq!(c.neutral(), 0);
        prop_assert_eq!(c.black.area, a_b);
        let m = c.area.margin;
        let ok = if m > 0.0 { (m - 1.5).rem_euclid(2.0) == 0.0 } else { (-m - 0.5).rem_euclid(2.0) == 0.0 };
        prop_assert!(ok, "margin {}", m);
    }
}

/// The final position of samples/9x9-seki.sgf: a corner seki in which
/// each side has one eye (Black A9, White E9) and they share C9; six dead
/// white stones.
const SEKI: &str = include_str!("../positions/seki9.txt");

#[test]
fn seki_with_an_eye_each_under_both_rule_families() {
    let (class, c) = counted(SEKI, &terms(Preset::Chinese, 7.5, 0));
    assert_eq!(
        class.to_map(),
        "\
B # s @ W @ X b b
# # @ @ @ @ X b b
@ @ @ X X X X b b
X X X X X X X b b
b b b b b b b b b
b b b b b b b b b
X X X X X X X X X
O O O O O O O O O
w w w w w w w w w
"
    );
    // Only the groups touching the shared liberty are in seki: Black's wall,
    // which merely surrounds them, is not, and its area stays territory.
    // Area: Black 25 stones + 26 territory + 1 seki eye = 52, White 18 + 9
    // + 1 = 28, and C9 is split.
    assert_eq!(c.black.area, 52);
    assert_eq!(c.white.area, 28);
    assert_eq!(c.seki_liberties, 1);
    assert_eq!(c.dame, 0);
    assert_eq!(c.area.black, 52.5);
    assert_eq!(c.result().to_string(), "B+16.5");
    assert_eq!(c.stones_text(), "Black wins by 8 1/4 stones");

    let (_, j) = counted(SEKI, &terms(Preset::Japanese, 6.5, 0));
    // Black: 26 territory (6 of it under dead stones) + 6 prisoners; the
    // seki eyes and the seki liberty count for nobody.
    assert_eq!(j.black.territory, 26);
    assert_eq!(j.black.prisoners, 6);
    assert_eq!(j.white.territory, 9);
    assert_eq!(j.territory.margin, 32.0 - 15.5);
    assert_eq!(j.result().to_string(), "B+16.5");
}

/// goscorer's "big eye seki": Black's corner eye belongs to a group in
/// seki, so it is area for Black but not territory.
const SEKI_WITH_EYE: &str = "\
. X O X X X
X X O O X .
. X X O O O
O O X X X .
. O O O X X
X X X O . X";

#[test]
fn seki_eyes_count_for_area_not_for_territory() {
    let (class, c) = counted(SEKI_WITH_EYE, &terms(Preset::Chinese, 0.0, 0));
    assert_eq!(
        class.at(Point::new(0, 0)),
        PointClass::SekiEye(Color::Black)
    );
    assert!(class.in_seki(Point::new(1, 0)));
    assert_eq!(class.at(Point::new(4, 5)), PointClass::SekiLiberty);
    assert_eq!(c.black.seki_eyes, 1);
    assert_eq!(c.black.area, c.black.stones + 1);
    let (_, j) = counted(SEKI_WITH_EYE, &terms(Preset::Japanese, 0.0, 0));
    assert_eq!(j.black.territory, 0);
    assert_eq!(j.territory.black, 0.0);
}

/// A game stopped with a gap in the walls (G7 G8): the open area is all
/// dame. Filling it as players fill dame leaves the corners A1 and N1
/// (either colour would be in atari there), but they touch no stone of
/// the position: no seki, and no group is in seki.
#[test]
fn an_unfinished_open_area_has_no_seki_liberties() {
    let (class, c) = counted(
        "\
. . . . . . . . . . . . .
. . . . . . . . . . . . .
. . . O . . . . . O . . .
. . . . . . . . . . . . .
. . . . . . . . . . . . .
O O O O O O . O O O O O O
X X X X X X . X X X X X X
. . . . . . . . . . . . .
. . . . . . . . . . . . .
. . . . . . . . . . . . .
. . . . . . . . . . . . .
. . . . . . . . . . . . .
. . . . . . . . . . . . .",
        &terms(Preset::Japanese, 6.5, 0),
    );
    for y in 0..13 {
        for x in 0..13 {
            let p = Point::new(x, y);
            assert_ne!(class.at(p), PointClass::SekiLiberty, "{p:?}");
            assert!(!class.in_seki(p), "{p:?}");
        }
    }
    assert_eq!((c.black.territory, c.white.territory), (0, 0));
}

#[test]
fn a_dead_stone_inside_a_seki_eye_is_not_a_prisoner() {
    let with_dead = SEKI_WITH_EYE.replacen('.', "o", 1);
    let (class, c) = counted(&with_dead, &terms(Preset::Japanese, 0.0, 0));
    assert_eq!(class.dead_at(Point::new(0, 0)), Some(Color::White));
    assert_eq!(
        class.at(Point::new(0, 0)),
        PointClass::SekiEye(Color::Black)
    );
    assert_eq!(
        c.black.dead_taken, 0,
        "art. 10: not in territory, not removed"
    );
    assert_eq!(c.black.prisoners, 0);
    // Under area rules the point is Black's all the same.
    let (_, a) = counted(&with_dead, &terms(Preset::Chinese, 0.0, 0));
    assert_eq!(a.black.seki_eyes, 1);
}

// docs/rules.md section 8, row 6: a dead stone counts twice under territory
// rules (its point and the prisoner), once under area rules.
#[test]
fn a_dead_stone_counts_twice_under_territory_rules() {
    let alive = split_board(9, 45, false);
    // A white stone inside Black's area (row 1, column 3), marked dead.
    let dead: String = alive
        .lines()
        .enumerate()
        .map(|(y, line)| {
            let mut cells: Vec<char> = line.chars().collect();
            if y == 1 {
                cells[6] = 'o';
            }
            cells.into_iter().collect::<String>() + "\n"
        })
        .collect();
    let (_, before) = counted(&alive, &terms(Preset::Japanese, 6.5, 0));
    let (class, after) = counted(&dead, &terms(Preset::Japanese, 6.5, 0));
    assert_eq!(class.dead_at(Point::new(3, 1)), Some(Color::White));
    assert_eq!(after.black.territory, before.black.territory);
    assert_eq!(after.territory.margin, before.territory.margin + 1.0);
    let (_, area) = counted(&dead, &terms(Preset::Chinese, 7.5, 0));
    assert_eq!(area.black.area, 45);
}

/// Bent four in the corner is dead by rule under Japanese rules: White's
/// corner can only become the bent-four ko (Black B7, White takes four at
/// B9, Black plays inside), so the players mark it, and the count takes it
/// off as prisoners.
#[test]
fn bent_four_in_the_corner_marked_dead() {
    let bent_four = "\
X . o X . . .
X o o X . . .
X . o X . . .
o o o X . . .
X X X X X X X
O O O O O O O
. . . . . . .";
    let (class, c) = counted(bent_four, &terms(Preset::Japanese, 0.0, 0));
    assert_eq!(c.black.dead_taken, 7);
    for corner in [Point::new(1, 0), Point::new(1, 2), Point::new(2, 0)] {
        assert_eq!(class.at(corner), PointClass::Territory(Color::Black));
    }
    assert_eq!(c.seki_liberties, 0);
}

/// After the dame are filled, White's edge group would be in atari with
/// its last liberty inside its own territory: White must fill it, so that
/// point is area but not territory (the KGS count agrees).
#[test]
fn a_protective_move_inside_ones_territory_is_not_territory() {
    let pos = "\
. X . . .
O . X . .
O O X . .
. O X . .
O O X . .";
    let (class, c) = counted(pos, &terms(Preset::Japanese, 0.0, 0));
    assert_eq!(
        class.to_map(),
        "\
. X b b b
O . X b b
O O X b b
p O X b b
O O X b b
"
    );
    assert_eq!(c.white.territory, 0);
    assert_eq!(c.white.to_fill, 1);
    assert_eq!(c.white.area, 7);
    assert_eq!(c.dame, 2);
}

#[test]
fn an_empty_board_is_all_dame() {
    let (_, c) = counted(
        &". "
            .repeat(9)
            .repeat(9)
            .replace(". . . . . . . . . ", ". . . . . . . . .\n"),
        &terms(Preset::Chinese, 7.5, 0),
    );
    assert_eq!(c.dame, 81);
    // Black, to move, fills 41 of them and White 40.
    assert_eq!(c.result().to_string(), "W+6.5");
}

// docs/rules.md 3.4: (A_B - A_W) - (score_B - score_W + K) = n_B - n_W, with
// the seki corrections spelt out.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn area_and_territory_identity(size in 5usize..=13, picks in prop::collection::vec(any::<u16>(), 10..250), dead in prop::collection::vec(any::<u16>(), 0..6)) {
        let mut board = Board::new(size).unwrap();
        let mut color = Color::Black;
        let mut placed = [0i64; 2];
        for pick in picks {
            let n = board.empty_count();
            if n == 0 { break; }
            let Some(p) = board.nth_empty(usize::from(pick) % n) else { break };
            if board.play(color, Move::Play(p), false).is_ok() {
                placed[color.index()] += 1;
                color = color.opponent();
            }
        }
        let mut marks = Marks::new(board.size());
        let stones: Vec<Point> = board.points().filter(|&p| board.get(p).is_some()).collect();
        for d in dead {
            if !stones.is_empty() {
                marks.toggle_chain(&board, stones[usize::from(d) % stones.len()]);
            }
        }
        let komi = 6.5;
        let (class, c) = count_position(&board, &marks, &terms(Preset::Japanese, komi, 0));
        let area_diff = c.black.area as i64 - c.white.area as i64;
        let terr = c.territory.margin + komi;
        let corr = |s: &kifu_go::count::score::Side| (s.seki_eyes + s.to_fill) as i64;
        let dead_eye = |col: Color| class.dead_in_seki_eyes(col) as i64;
        let lhs = area_diff as f64 - terr;
        let rhs = (placed[0] - placed[1]) + corr(&c.black) - corr(&c.white)
            + dead_eye(Color::White) - dead_eye(Color::Black);
        prop_assert_eq!(lhs, rhs as f64);
        // And the areas and neutral points cover the board.
        prop_assert_eq!(c.black.area + c.white.area + c.neutral(), size * size);
    }
}

#[test]
fn chinese_walkthrough_of_the_seki_game() {
    let (class, c) = counted(SEKI, &terms(Preset::Chinese, 7.5, 0));
    let w = Chinese::new(&class, &c, Color::Black);
    assert_eq!(w.removed.len(), 6);
    // 26 points of territory and the seki eye A9, all area.
    assert_eq!(w.territory, 27);
    // Two tens and 7 more: the seki eye A9 and the six points in the lower
    // left, the leftovers of two areas, are one remainder, not two.
    let totals: Vec<usize> = w.territory_blocks.iter().map(|b| b.total).collect();
    assert_eq!(totals, vec![10, 20, 27]);
    assert!(
        w.captions(kifu_go::i18n::Lang::En)[1].contains("2 tens and 7 more make 27"),
        "{}",
        w.captions(kifu_go::i18n::Lang::En)[1]
    );
    assert!(w.territory_blocks[..2].iter().all(|b| b.points.len() == 10));
    assert_eq!(w.stones, 25);
    assert_eq!(w.stone_blocks.last().map(|b| b.total), Some(25));
    assert_eq!(w.shared.len(), 1);
    assert_eq!(w.shared_half, 0.5);
    assert_eq!(w.count, 52.5);
    assert_eq!(w.target, 44.25);
    assert_eq!(w.other, 28.5);
    let captions = w.captions(kifu_go::i18n::Lang::En);
    assert_eq!(captions.len(), 6, "five steps and the check");
    assert!(captions[5].contains("Black 52.5 + White 28.5 = 81, the 81 points"));
    assert!(
        captions[4].contains("Black wins by 8 1/4 stones, B+16.5"),
        "{}",
        captions[4]
    );

    let white = Chinese::new(&class, &c, Color::White);
    assert_eq!(white.count, 28.5);
    assert_eq!(white.target, 36.75);
    assert_eq!(white.other, 52.5);
}

#[test]
fn japanese_walkthrough_fills_the_opponents_territory() {
    let (class, c) = counted(SEKI, &terms(Preset::Japanese, 6.5, 0));
    let w = Japanese::new(&class, &c);
    assert_eq!(w.prisoners, [6, 0]);
    // Black's 6 prisoners go into White's 9 points of territory.
    assert_eq!(w.filled[Color::White.index()].len(), 6);
    assert!(
        w.filled[Color::White.index()]
            .iter()
            .all(|&p| class.at(p) == PointClass::Territory(Color::White))
    );
    assert_eq!(w.remaining, [26, 3]);
    assert_eq!(w.remaining_blocks[1].last().map(|b| b.total), Some(3));
    assert_eq!(w.margin, 26.0 - 3.0 - 6.5);
    assert_eq!(w.result.to_string(), "B+16.5");
    assert!(w.captions(kifu_go::i18n::Lang::En)[4].contains("Black wins by 16.5 points"));
}

#[test]
fn blocks_cover_every_point_once() {
    let (class, _) = counted(
        &split_board(19, 185, false),
        &terms(Preset::Chinese, 7.5, 0),
    );
    let terr: Vec<Point> = class
        .points()
        .filter(|&(_, k)| k == PointClass::Territory(Color::Black))
        .map(|(p, _)| p)
        .collect();
    let blocks = blocks_of_ten(&terr, 19);
    let mut all: Vec<Point> = blocks.iter().flat_map(|b| b.points.clone()).collect();
    all.sort();
    let mut want = terr.clone();
    want.sort();
    assert_eq!(all, want);
    // Tens, and only the last block under ten.
    let (last, tens) = blocks.split_last().unwrap();
    assert!(tens.iter().all(|b| b.points.len() == 10));
    assert!(last.points.len() <= 10);
}

/// A group the players mark as seki keeps its eye out of territory, even
/// where kifu would not have seen a seki.
#[test]
fn a_manual_seki_mark_overrides_the_classification() {
    let pos = "\
. X . X O
X X X X O
O O O O O
. . . . .
. . . . .";
    let board = Board::from_diagram(pos).unwrap();
    let mut marks = Marks::new(5);
    let (class, _) = count_position(&board, &marks, &terms(Preset::Japanese, 0.0, 0));
    assert_eq!(
        class.at(Point::new(0, 0)),
        PointClass::Territory(Color::Black)
    );
    marks.toggle_seki(&board, Point::new(1, 0));
    let (class, c) = count_position(&board, &marks, &terms(Preset::Japanese, 0.0, 0));
    assert!(class.in_seki(Point::new(0, 1)));
    assert_eq!(
        class.at(Point::new(0, 0)),
        PointClass::SekiEye(Color::Black)
    );
    assert_eq!(
        class.at(Point::new(2, 0)),
        PointClass::SekiEye(Color::Black)
    );
    assert_eq!(c.black.territory, 0);
    assert_eq!(c.black.area, 8);
}

#[test]
fn false_eyes_are_flagged_and_real_eyes_are_not() {
    // The eye at A9 is false: the two black chains around it meet only
    // there, and White holds the diagonal B8. The eye at E5 is real.
    let pos = "\
. X . . . . . . .
X O O O . . . . .
. O X X X . . . .
. O X . X . . . .
. O X X X . . . .
. O . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .";
    let board = Board::from_diagram(pos).unwrap();
    let class = Classification::classify(&board, &Marks::new(9));
    assert!(class.is_false_eye(Point::new(0, 0)));
    assert!(!class.is_false_eye(Point::new(3, 3)));
}

/// Japanese 1989, the commentary on art. 10 (reference figure 17): White's
/// A9 is dead inside the eye of Black's group in seki. It is not taken up:
/// A8 and A9 are a seki eye (no territory), A9 no prisoner. Black's group
/// and White's share C9; White's eye E9 is its own.
const SEKI_BEHIND_A_DEAD_STONE: &str = "
o X . O . O X . .
. X X O O O X . .
X X O X X X X . .
O O O X . . . . .
. . O X . . . . .
. . O X . . . . .
. . O X . . . . .
. . O X . . . . .
. . O X . . . . .";

/// The same position with the colours swapped.
fn mirrored(diagram: &str) -> String {
    diagram
        .chars()
        .map(|c| match c {
            'X' => 'O',
            'O' => 'X',
            'x' => 'o',
            'o' => 'x',
            c => c,
        })
        .collect()
}

#[test]
fn a_dead_stone_in_a_seki_eye_is_not_taken_up() {
    let (class, c) = counted(SEKI_BEHIND_A_DEAD_STONE, &terms(Preset::Japanese, 6.5, 0));
    assert_eq!(c.result().to_string(), "B+19.5");
    assert_eq!(
        class.at(Point::new(0, 1)),
        PointClass::SekiEye(Color::Black),
        "A8"
    );
    assert_eq!(
        class.at(Point::new(0, 0)),
        PointClass::SekiEye(Color::Black),
        "A9"
    );
    assert_eq!(class.at(Point::new(2, 0)), PointClass::SekiLiberty, "C9");
    assert_eq!(c.black.prisoners, 0, "A9 is no prisoner");
    assert!(class.in_seki(Point::new(1, 0)), "Black's B9 is in seki");
    // Area counting: the eye is Black's area, whatever stands in it.
    let (_, c) = counted(SEKI_BEHIND_A_DEAD_STONE, &terms(Preset::Chinese, 6.5, 0));
    assert_eq!(c.result().to_string(), "B+23.5");
    // The mirror gives the mirrored margins (komi still White's).
    let m = mirrored(SEKI_BEHIND_A_DEAD_STONE);
    let (class, c) = counted(&m, &terms(Preset::Japanese, 6.5, 0));
    assert_eq!(c.result().to_string(), "W+32.5", "-(19.5 + 6.5) - 6.5");
    assert_eq!(
        class.at(Point::new(0, 1)),
        PointClass::SekiEye(Color::White)
    );
    let (_, c) = counted(&m, &terms(Preset::Chinese, 6.5, 0));
    assert_eq!(c.result().to_string(), "W+36.5", "-(23.5 + 6.5) - 6.5");
}

/// The general case of reference figure 17: two dead white stones (A9,
/// A8) and one empty point (A7) in the eye of Black's group in seki.
/// Taking them would need A7, Black's last liberty there: the eye is not
/// territory and the stones are no prisoners. By hand: Black's territory
/// E-J 36, White's A1-B4 8 + komi 6.5 = 14.5: B+21.5 (before: B+26.5, the
/// eye and the two stones counted as points).
const SEKI_BEHIND_TWO_DEAD_STONES: &str = "
o X . O . O X . .
o X X O O O X . .
. X O X X X X . .
X X O X . . . . .
O O O X . . . . .
. . O X . . . . .
. . O X . . . . .
. . O X . . . . .
. . O X . . . . .";

/// Three dead stones and one empty point in the eye.
const SEKI_BEHIND_THREE_DEAD_STONES: &str = "
o X . O . O X . .
o X X O O O X . .
o X O X X X X . .
. X O X . . . . .
X X O X . . . . .
O O O X . . . . .
. . O X . . . . .
. . O X . . . . .
. . O X . . . . .";

#[test]
fn any_number_of_dead_stones_in_a_seki_eye_are_not_taken_up() {
    for (diagram, eye, japanese, chinese) in [
        (SEKI_BEHIND_TWO_DEAD_STONES, 3, "B+21.5", "B+27.5"),
        (SEKI_BEHIND_THREE_DEAD_STONES, 4, "B+23.5", "B+31.5"),
    ] {
        let (class, c) = counted(diagram, &terms(Preset::Japanese, 6.5, 0));
        assert_eq!(c.result().to_string(), japanese, "{}", class.to_map());
        for y in 0..eye {
            assert_eq!(
                class.at(Point::new(0, y)),
                PointClass::SekiEye(Color::Black),
                "A{}\n{}",
                9 - y,
                class.to_map()
            );
        }
        assert_eq!(c.black.prisoners, 0, "dead stones in a seki eye");
        assert_eq!(class.at(Point::new(2, 0)), PointClass::SekiLiberty, "C9");
        // Area counting: the eye is Black's area whatever stands in it.
        let (_, c) = counted(diagram, &terms(Preset::Chinese, 6.5, 0));
        assert_eq!(c.result().to_string(), chinese);
        // The mirror gives the mirrored count.
        let m = mirrored(diagram);
        let (class, _) = counted(&m, &terms(Preset::Japanese, 6.5, 0));
        assert_eq!(
            class.at(Point::new(0, 1)),
            PointClass::SekiEye(Color::White)
        );
    }
}

/// The handicap's part of the compensation is said: with 6 stones and komi
/// 0.5, 3 of the 3.25 stones are the handicap.
#[test]
fn the_walkthrough_says_how_much_of_the_compensation_is_the_handicap() {
    let (class, c) = counted(
        &split_board(19, 198, false),
        &terms(Preset::Chinese, 0.5, 6),
    );
    let w = Chinese::new(&class, &c, Color::Black);
    assert!(
        w.captions(kifu_go::i18n::Lang::En)[4].contains(
            "Black gives 3.25 stones of compensation (0.25 for the komi of 0.5, 3 for the 6 handicap stones)"
        ),
        "{}",
        w.captions(kifu_go::i18n::Lang::En)[4]
    );
    // Without a handicap, no such words.
    let (class, c) = counted(
        &split_board(19, 185, false),
        &terms(Preset::Chinese, 7.5, 0),
    );
    let w = Chinese::new(&class, &c, Color::Black);
    assert!(
        !w.captions(kifu_go::i18n::Lang::En)[4].contains("handicap"),
        "{}",
        w.captions(kifu_go::i18n::Lang::En)[4]
    );
}

/// Block labels never use a letter that means something else on the
/// board, and Black's differ from White's (the territory step draws both,
/// and without colour only the letters tell them apart).
#[test]
fn block_labels_mean_blocks_only_and_tell_the_sides_apart() {
    use kifu_go::count::glyph::{Glyph, block_char};
    let meaning_letters: Vec<char> = [
        Glyph::Stone(Color::Black),
        Glyph::Stone(Color::White),
        Glyph::Dead(Color::Black),
        Glyph::Dead(Color::White),
        Glyph::Territory(Color::Black),
        Glyph::Territory(Color::White),
        Glyph::SekiEye(Color::Black),
        Glyph::SekiLiberty,
        Glyph::Dame,
        Glyph::Protect(Color::Black),
        Glyph::Shared,
        Glyph::Aside,
        Glyph::Empty,
    ]
    .iter()
    .map(|g| g.letter())
    .collect();
    for i in 0..20 {
        let (b, w) = (block_char(i, Color::Black), block_char(i, Color::White));
        assert!(!meaning_letters.contains(&b), "{b}");
        assert!(!meaning_letters.contains(&w), "{w}");
        for j in 0..20 {
            assert_ne!(b, block_char(j, Color::White));
        }
    }
    // The legend's runs are the labels, in order, with no gap unsaid: the
    // letters left out are the ones the meaning names.
    use kifu_go::count::glyph::block_labels;
    for c in [Color::Black, Color::White] {
        let mut runs = Vec::new();
        for run in block_labels(c).split(' ') {
            match run.as_bytes() {
                [a, b'-', z] => runs.extend((*a..=*z).map(char::from)),
                [a] => runs.push(char::from(*a)),
                _ => panic!("{run}"),
            }
        }
        let labels: Vec<char> = (0..runs.len()).map(|i| block_char(i, c)).collect();
        assert_eq!(runs, labels, "{c:?}");
        let said = kifu_go::i18n::Lang::En.text(match c {
            Color::Black => "glyph.blocks.black",
            Color::White => "glyph.blocks.white",
        });
        let letters = match c {
            Color::Black => 'a'..='z',
            Color::White => 'A'..='Z',
        };
        for l in letters {
            if !runs.contains(&l) {
                assert!(
                    said.contains(&format!(" {l}")),
                    "{c:?}: {l} is left out unsaid in {said:?}"
                );
            }
        }
    }
}

proptest! {
    /// Blocks of ten on any set of points of any board size, given in any
    /// order and with repeats (a full 25x25 board too): every point once,
    /// tens but the last, a running total, and `connected` exactly when a
    /// block is one piece on the board.
    #[test]
    fn blocks_of_ten_count_every_point_once(
        size in 2u8..=25,
        picks in proptest::collection::vec((0u8..25, 0u8..25), 0..700),
        full in any::<bool>(),
    ) {
        let mut points: Vec<Point> = if full {
            (0..size).flat_map(|y| (0..size).map(move |x| Point::new(x, y))).rev().collect()
        } else {
            picks.iter().map(|&(x, y)| Point::new(x % size, y % size)).collect()
        };
        points.extend(points.clone().iter().take(5));
        let blocks = blocks_of_ten(&points, size);
        let mut want = points.clone();
        want.sort();
        want.dedup();
        let mut all: Vec<Point> = blocks.iter().flat_map(|b| b.points.to_vec()).collect();
        all.sort();
        prop_assert_eq!(&all, &want);
        let mut total = 0;
        for (k, b) in blocks.iter().enumerate() {
            prop_assert!(b.points.len() == 10 || k + 1 == blocks.len());
            total += b.points.len();
            prop_assert_eq!(b.total, total);
            let touching = |p: &Point, q: &Point| p.x.abs_diff(q.x) + p.y.abs_diff(q.y) == 1;
            let mut reached = vec![b.points[0]];
            let mut i = 0;
            while i < reached.len() {
                let p = reached[i];
                i += 1;
                for q in b.points.iter() {
                    if touching(&p, q) && !reached.contains(q) {
                        reached.push(*q);
                    }
                }
            }
            prop_assert_eq!(b.connected, reached.len() == b.points.len());
        }
    }
}

/// The area walkthrough's territory in tens is the blocks of its territory
/// points, whichever walkthrough is made first (the territory walkthrough
/// makes a side's territory blocks once and the area walkthrough takes
/// them when the side has no seki eye or point to protect): in a seki game
/// where Black has a seki eye, and in J1 where neither side has.
#[test]
fn the_walkthroughs_count_territory_the_same_whichever_comes_first() {
    let j1 = include_str!("../positions/j1.txt");
    for (diagram, preset) in [(SEKI, Preset::Chinese), (j1, Preset::Japanese)] {
        for japanese_first in [false, true] {
            let (class, count) = counted(diagram, &terms(preset, 6.5, 0));
            let japanese = japanese_first.then(|| Japanese::new(&class, &count));
            for side in [Color::Black, Color::White] {
                let w = Chinese::new(&class, &count, side);
                let points: Vec<Point> = class
                    .points()
                    .filter(|&(_, k)| {
                        matches!(k, PointClass::Territory(c) | PointClass::SekiEye(c)
                            | PointClass::Protect(c) if c == side)
                    })
                    .map(|(p, _)| p)
                    .collect();
                assert_eq!(w.territory_blocks, blocks_of_ten(&points, class.size()));
                assert_eq!(w.territory, points.len());
            }
            let japanese = japanese.unwrap_or_else(|| Japanese::new(&class, &count));
            let fresh = counted(diagram, &terms(preset, 6.5, 0));
            assert_eq!(japanese, Japanese::new(&fresh.0, &fresh.1));
        }
    }
}

/// HA alone places no stone (SGF FF[4]): the compensation counts the
/// handicap stones Black placed, never more than HA. HA[50] over a board
/// with one black stone is no handicap; HA[2] with its two stones in AB is.
#[test]
fn the_handicap_counted_is_the_stones_placed() {
    let count = |sgf: &str| {
        let file = kifu_go::sgf::read_text(sgf);
        let mut rec = file.game(1).unwrap().record.clone();
        rec.to_end();
        let terms = Terms::of_record(&rec);
        let board = rec.board().clone();
        let (_, c) = count_position(&board, &Marks::new(19), &terms);
        (terms.handicap, c.result().to_string())
    };
    let plain = count("(;GM[1]SZ[19]RU[Chinese]KM[0.5];B[pd];W[dd];B[];W[])");
    let ha50 = count("(;GM[1]SZ[19]RU[Chinese]KM[0.5]HA[50];B[pd];W[dd];B[];W[])");
    assert_eq!(ha50.0, 1);
    assert_eq!(ha50.1, plain.1, "HA[50] without its stones changes nothing");
    let ha2 = count("(;GM[1]SZ[19]RU[Chinese]KM[0.5]HA[2]AB[pd][dp];W[dd];B[];W[])");
    let no_ha = count("(;GM[1]SZ[19]RU[Chinese]KM[0.5]AB[pd][dp];W[dd];B[];W[])");
    assert_eq!(ha2.0, 2);
    assert_ne!(ha2.1, no_ha.1, "two stones placed: White gets 2 points");
    // Handicap stones sent as black moves (GTP controllers): counted.
    let moves = count("(;GM[1]SZ[19]RU[Chinese]KM[0.5]HA[2];B[pd];B[dp];W[dd];B[];W[])");
    assert_eq!(moves.0, 2);
    assert_eq!(moves.1, ha2.1);
}
