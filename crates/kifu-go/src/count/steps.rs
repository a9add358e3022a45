//! The data of the counting walkthroughs, as a teacher shows them: which
//! points each step shows and the running totals. The TUI draws it on the
//! board; `kifu show --count` prints it.

use crate::count::classify::{Classification, PointClass};
use crate::count::score::Count;
use crate::game::{Color, GameResult, Point};

mod blocks;
mod captions;
use crate::count::classify::CODES;
use blocks::blocks_of_codes;
pub use blocks::{Block, BlockPoints, block_shades, blocks_of_ten};

/// The Chinese count of one side (docs/rules.md 2.1): only one side is counted,
/// the other has the rest of the board.
#[derive(Debug, Clone, PartialEq)]
pub struct Chinese {
    /// The side counted (the other has the rest of the board).
    pub side: Color,
    /// Step 1: the dead stones taken off.
    pub removed: Vec<(Point, Color)>,
    /// Step 2: the side's territory (seki eyes included) in tens.
    pub territory_blocks: Vec<Block>,
    /// Its territory in points.
    pub territory: usize,
    /// Step 3: its live stones in tens.
    pub stone_blocks: Vec<Block>,
    /// Its live stones.
    pub stones: usize,
    /// Step 4: the points shared in seki, half of which count for each
    /// side.
    pub shared: Vec<Point>,
    /// Half the shared points, which this side gets.
    pub shared_half: f64,
    /// Step 4 too: the dame left unfilled, filled in turn (the player to
    /// move first): how many, who fills first, how many this side fills.
    pub dame: usize,
    /// None: the file's marks give the dame.
    pub first_to_fill: Option<Color>,
    /// How many of the dame this side fills.
    pub dame_own: usize,
    /// The side's count: stones + territory + its dame + half the shared
    /// points.
    pub count: f64,
    /// The other side's count: N minus this one.
    pub other: f64,
    /// The other side counted the same way (its stones, territory and half
    /// the shared points): the check of step 6 that the two add up to N.
    pub other_counted: f64,
    /// N: the points of the board (361 on 19x19).
    pub points: usize,
    /// N/2.
    pub half: f64,
    /// The komi and the handicap stones White is compensated for (area
    /// rules), to explain the compensation.
    pub komi: f64,
    /// The points White receives for the handicap stones.
    pub handicap_points: f64,
    /// Black's handicap stones.
    pub handicap: u32,
    /// Compensation in stones (komi/2 + handicap bonus/2), which Black gives
    /// and White receives.
    pub compensation: f64,
    /// What the side must exceed: half + compensation for Black, half -
    /// compensation for White.
    pub target: f64,
    /// Black's margin in stones (> 0: Black ahead).
    pub margin_stones: f64,
    /// The result this count gives.
    pub result: GameResult,
}

/// Both walkthroughs of a count, each side's territory made into tens once
/// for the two (most games: the area walkthrough counts the same points as
/// the territory one).
pub fn walkthroughs(class: &Classification, count: &Count, side: Color) -> (Chinese, Japanese) {
    let tens = [
        territory_tens(class, Color::Black),
        territory_tens(class, Color::White),
    ];
    let chinese = Chinese::with_tens(class, count, side, &tens[side.index()]);
    (chinese, Japanese::with_tens(class, count, tens))
}

impl Chinese {
    /// The Chinese count of `side` from a classified, counted position.
    pub fn new(class: &Classification, count: &Count, side: Color) -> Chinese {
        Chinese::with_tens(class, count, side, &territory_tens(class, side))
    }

    /// The walkthrough, `side`'s territory already in tens.
    fn with_tens(class: &Classification, count: &Count, side: Color, tens: &[Block]) -> Chinese {
        let all_dame_shared = count.dame_shared > 0 && count.dame_shared == count.dame;
        // Shared half each: seki liberties, and dame no mark gives anyone
        // (when all of them are so, they are drawn as shared too).
        let dame = if all_dame_shared {
            PointClass::Dame.bit()
        } else {
            0
        };
        let (shared, removed) = listed(class, PointClass::SekiLiberty.bit() | dame);
        let other = side.opponent();
        let [own_side, other_side] = match side {
            Color::Black => [&count.black, &count.white],
            Color::White => [&count.white, &count.black],
        };
        let territory_blocks = if own_side.seki_eyes + own_side.to_fill == 0 {
            tens.to_vec()
        } else {
            let mask = PointClass::Territory(side).bit()
                | PointClass::SekiEye(side).bit()
                | PointClass::Protect(side).bit();
            blocks_of_codes(class.codes(), class.size(), mask)
        };
        let stone_blocks =
            blocks_of_codes(class.codes(), class.size(), PointClass::Stone(side).bit());
        let total = |blocks: &[Block]| blocks.last().map_or(0, |b| b.total);
        let shared_half = (count.seki_liberties + count.dame_shared) as f64 / 2.0;
        let territory = total(&territory_blocks);
        let stones = total(&stone_blocks);
        let dame_own = count.dame_filled[side.index()];
        let own = (territory + stones + dame_own) as f64 + shared_half;
        let other_counted =
            (other_side.area + count.dame_filled[other.index()]) as f64 + shared_half;
        let compensation = count.area.compensation;
        let target = match side {
            Color::Black => count.area.half + compensation,
            Color::White => count.area.half - compensation,
        };
        Chinese {
            side,
            removed,
            territory_blocks,
            territory,
            stone_blocks,
            stones,
            shared,
            shared_half,
            dame: count.dame,
            first_to_fill: count.first_to_fill,
            dame_own,
            count: own,
            other: count.points as f64 - own,
            other_counted,
            points: count.points,
            half: count.area.half,
            compensation,
            komi: count.komi,
            handicap_points: count.handicap_bonus,
            handicap: count.handicap,
            target,
            margin_stones: count.area.margin_stones,
            result: GameResult::from_margin(count.area.margin),
        }
    }
}

/// The Japanese count (docs/rules.md 3.1, art. 10): dead stones join the
/// prisoners, prisoners fill the opponent's territory, what is left is
/// compared.
#[derive(Debug, Clone, PartialEq)]
pub struct Japanese {
    /// Step 1: the dead stones taken off.
    pub removed: Vec<(Point, Color)>,
    /// Prisoners by colour of the taker (index: Color::index()).
    pub captured: [u32; 2],
    /// Dead stones taken off, by the colour of the taker.
    pub dead_taken: [usize; 2],
    /// All prisoners (captured and dead), by the colour of the taker.
    pub prisoners: [usize; 2],
    /// Step 2: the points of each side's territory filled by the
    /// opponent's prisoners.
    pub filled: [Vec<Point>; 2],
    /// Prisoners that found no territory point left to fill (index: the
    /// territory's side): they count for the side that took them (art.
    /// 10-2), never as a negative territory.
    pub overflow: [usize; 2],
    /// Step 3: each side's territory left, in tens.
    pub remaining_blocks: [Vec<Block>; 2],
    /// Territory left after the opponent's prisoners (never negative).
    pub remaining: [usize; 2],
    /// Each side's count before komi: what is left of its territory, and
    /// its prisoners that the opponent's territory could not hold.
    pub totals: [usize; 2],
    /// Seki eyes and dame, which count nothing.
    pub not_counted: usize,
    /// The komi White receives, in points.
    pub komi: f64,
    /// Black's lead in points (> 0: Black ahead), komi included.
    pub margin: f64,
    /// The result this count gives.
    pub result: GameResult,
}

impl Japanese {
    /// The Japanese count from a classified, counted position.
    pub fn new(class: &Classification, count: &Count) -> Japanese {
        let tens = [
            territory_tens(class, Color::Black),
            territory_tens(class, Color::White),
        ];
        Japanese::with_tens(class, count, tens)
    }

    /// The walkthrough, each side's territory already in tens.
    fn with_tens(class: &Classification, count: &Count, tens: [Vec<Block>; 2]) -> Japanese {
        let mut tens = tens;
        let sides = [&count.black, &count.white];
        let mut filled: [Vec<Point>; 2] = Default::default();
        let mut overflow = [0usize; 2];
        let mut remaining_blocks: [Vec<Block>; 2] = Default::default();
        let mut remaining = [0usize; 2];
        let (_, removed) = listed(class, 0);
        for c in [Color::Black, Color::White] {
            let i = c.index();
            // Fill from the end of the counting order, so that whole tens
            // stay for step 3.
            let mut blocks = std::mem::take(&mut tens[i]);
            let points = blocks.last().map_or(0, |b| b.total);
            let incoming = sides[1 - i].prisoners;
            let keep = points.saturating_sub(incoming);
            filled[i] = blocks
                .iter()
                .flat_map(|b| b.points.iter().copied())
                .skip(keep)
                .collect();
            overflow[i] = incoming.saturating_sub(points);
            // What is left is a prefix of the counting order: the same
            // blocks, the last one cut short.
            blocks.retain(|b| b.total - b.points.len() < keep);
            if let Some(b) = blocks.last_mut()
                && b.total > keep
            {
                let start = b.total - b.points.len();
                b.points.truncate(keep - start);
                b.total = keep;
            }
            remaining_blocks[i] = blocks;
            remaining[i] = keep;
        }
        let totals = [remaining[0] + overflow[1], remaining[1] + overflow[0]];
        Japanese {
            removed,
            captured: [count.black.captured, count.white.captured],
            dead_taken: [count.black.dead_taken, count.white.dead_taken],
            prisoners: [count.black.prisoners, count.white.prisoners],
            filled,
            overflow,
            remaining_blocks,
            remaining,
            totals,
            not_counted: count.neutral()
                + count.black.seki_eyes
                + count.white.seki_eyes
                + count.black.to_fill
                + count.white.to_fill,
            komi: count.komi,
            margin: count.territory.margin,
            result: GameResult::from_margin(count.territory.margin),
        }
    }
}

/// The points whose class code is in `mask`, and the dead stones taken
/// off: the few points the walkthroughs list one by one.
fn listed(class: &Classification, mask: u16) -> (Vec<Point>, Vec<(Point, Color)>) {
    let n = usize::from(class.size()).max(1);
    // A point is made only for the few points listed (a division each),
    // and each list is its own short loop.
    let point = |i: usize| Point::new((i % n) as u8, (i / n) as u8);
    let listed = match mask {
        0 => Vec::new(),
        _ => (class.codes().iter().enumerate())
            .filter(|&(_, &k)| (mask >> k.min(CODES as u8 - 1)) & 1 != 0)
            .map(|(i, _)| point(i))
            .collect(),
    };
    let removed = (class.dead_stones().iter().enumerate())
        .filter_map(|(i, d)| d.map(|d| (point(i), d)))
        .collect();
    (listed, removed)
}

/// `side`'s territory in blocks of ten.
fn territory_tens(class: &Classification, side: Color) -> Vec<Block> {
    blocks_of_codes(
        class.codes(),
        class.size(),
        PointClass::Territory(side).bit(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pts(list: &[(u8, u8)]) -> Vec<Point> {
        list.iter().map(|&(x, y)| Point::new(x, y)).collect()
    }

    #[test]
    fn a_strip_of_23_makes_two_connected_tens_and_three() {
        let row: Vec<(u8, u8)> = (0..19)
            .map(|x| (x, 0))
            .chain((0..4).map(|x| (x, 1)))
            .collect();
        let blocks = blocks_of_ten(&pts(&row), 19);
        let sizes: Vec<usize> = blocks.iter().map(|b| b.points.len()).collect();
        assert_eq!(sizes, vec![10, 10, 3]);
        assert!(blocks[0].connected && blocks[1].connected);
        assert_eq!(
            blocks.iter().map(|b| b.total).collect::<Vec<_>>(),
            vec![10, 20, 23]
        );
    }

    #[test]
    fn small_areas_are_put_together_into_tens() {
        // Three separate areas of 6 points: 18 points are one ten (made
        // of two areas' pieces) and 8 more, not three blocks of 6.
        let mut list = Vec::new();
        for x0 in [0u8, 7, 14] {
            for dx in 0..3 {
                list.push((x0 + dx, 0));
                list.push((x0 + dx, 1));
            }
        }
        let blocks = blocks_of_ten(&pts(&list), 19);
        let sizes: Vec<usize> = blocks.iter().map(|b| b.points.len()).collect();
        assert_eq!(sizes, vec![10, 8]);
        assert_eq!(
            blocks.iter().map(|b| b.total).collect::<Vec<_>>(),
            vec![10, 18]
        );
        assert!(!blocks[0].connected, "a ten of two areas' pieces");
        let mut all: Vec<Point> = blocks.iter().flat_map(|b| b.points.clone()).collect();
        all.sort();
        let mut want = pts(&list);
        want.sort();
        assert_eq!(all, want, "every point counted exactly once");
    }

    #[test]
    fn only_the_last_block_is_under_ten() {
        // Areas of 26, 3 and 17 points: 4 tens and 6 more, never "2 tens
        // and 26 more".
        let mut list: Vec<(u8, u8)> = (0..13).flat_map(|x| [(x, 0), (x, 1)]).collect();
        list.extend([(0, 5), (1, 5), (2, 5)]);
        list.extend((0..17).map(|x| (x, 10)));
        let blocks = blocks_of_ten(&pts(&list), 19);
        let sizes: Vec<usize> = blocks.iter().map(|b| b.points.len()).collect();
        assert_eq!(sizes, vec![10, 10, 10, 10, 6]);
        assert_eq!(blocks.last().map(|b| b.total), Some(46));
    }

    /// The `#` of a diagram, one row per line.
    fn marked(diagram: &str) -> Vec<Point> {
        let rows = diagram.lines().map(str::trim).filter(|l| !l.is_empty());
        let mut out = Vec::new();
        for (y, row) in rows.enumerate() {
            for (x, ch) in row.chars().enumerate() {
                if ch == '#' {
                    out.push(Point::new(x as u8, y as u8));
                }
            }
        }
        out
    }

    #[test]
    fn an_areas_leftover_is_not_cut_when_whole_ones_make_ten() {
        // Four small areas of 7, 6, 3 and 4 points, in that board order:
        // 7 + 3 and 6 + 4 make the tens, and no area is cut in two (ten by
        // ten in board order cut the 6 into 3 + 3).
        let points = marked(
            "
            #######....######..
            ...................
            ###..........####..
            ",
        );
        let blocks = blocks_of_ten(&points, 19);
        assert_eq!(blocks.len(), 2);
        for b in &blocks {
            assert_eq!(b.points.len(), 10);
            let rows: std::collections::BTreeSet<u8> = b.points.iter().map(|p| p.y).collect();
            let groups = [
                b.points.iter().filter(|p| p.y == 0 && p.x < 7).count(),
                b.points.iter().filter(|p| p.y == 0 && p.x > 7).count(),
                b.points.iter().filter(|p| p.y == 2 && p.x < 3).count(),
                b.points.iter().filter(|p| p.y == 2 && p.x > 3).count(),
            ];
            // Each area wholly in the block or not at all.
            assert!(
                groups
                    .iter()
                    .zip([7, 6, 3, 4])
                    .all(|(&n, whole)| n == 0 || n == whole),
                "{groups:?} in rows {rows:?}"
            );
        }
    }

    #[test]
    fn blocks_that_touch_get_different_shades() {
        // A strip of 30: three tens in a row, each touching the next.
        let points = marked(
            "
            ###############
            ###############
            ",
        );
        let blocks = blocks_of_ten(&points, 19);
        assert_eq!(blocks.len(), 3);
        let shades = block_shades(&blocks);
        let touch = |a: &Block, b: &Block| {
            a.points.iter().any(|p| {
                b.points
                    .iter()
                    .any(|q| p.x.abs_diff(q.x) + p.y.abs_diff(q.y) == 1)
            })
        };
        for i in 0..blocks.len() {
            for j in 0..i {
                if touch(&blocks[i], &blocks[j]) {
                    assert_ne!(shades[i], shades[j], "blocks {j} and {i} touch");
                }
            }
        }
    }

    #[test]
    fn no_points_no_blocks() {
        assert!(blocks_of_ten(&[], 9).is_empty());
    }
}
