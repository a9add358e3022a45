//! Blocks of ten on random finished positions (9x9 to 19x19): every block
//! is one shape on the board wherever the area allows it. An area (one
//! connected piece of a side's territory, or of its stones) of n points
//! gives n/10 connected tens of its own and its remainder in one piece;
//! only remainders, each whole, are gathered with other areas' into a ten.

use kifu_go::count::score::Dame;
use kifu_go::count::steps::{Block, Chinese};
use kifu_go::count::{Marks, Terms, count_position};
use kifu_go::game::rules::{Preset, Rules};
use kifu_go::game::{Board, Color, Point};
use proptest::prelude::*;

/// A finished position as a diagram: each point owned by the nearest of
/// a few seeds (distances bent by noise, so areas take ragged shapes),
/// stones on every border between owners, and a sprinkle of the owner's
/// stones inside (holes in the territory).
fn finished(size: usize, seeds: &[(u8, u8, bool)], noise: &[u8], inside: u8) -> String {
    let owner = |x: usize, y: usize| -> bool {
        let bend = |k: usize| usize::from(noise[(y * size + x + k) % noise.len()] % 3);
        seeds
            .iter()
            .enumerate()
            .min_by_key(|(k, (sx, sy, _))| {
                x.abs_diff(usize::from(*sx) % size) + y.abs_diff(usize::from(*sy) % size) + bend(*k)
            })
            .is_some_and(|(_, s)| s.2)
    };
    let mut text = String::new();
    for y in 0..size {
        for x in 0..size {
            let mine = owner(x, y);
            let border = [(0i32, -1i32), (-1, 0), (1, 0), (0, 1)]
                .iter()
                .any(|(dx, dy)| {
                    let (nx, ny) = (x as i32 + dx, y as i32 + dy);
                    (0..size as i32).contains(&nx)
                        && (0..size as i32).contains(&ny)
                        && owner(nx as usize, ny as usize) != mine
                });
            let sprinkled = noise[(x * 7 + y * 13) % noise.len()] < inside;
            text.push(match (border || sprinkled, mine) {
                (true, true) => 'X',
                (true, false) => 'O',
                (false, _) => '.',
            });
        }
        text.push('\n');
    }
    text
}

/// The connected pieces of `points`.
fn areas(points: &[Point]) -> Vec<Vec<Point>> {
    let mut left: Vec<Point> = points.to_vec();
    let mut out = Vec::new();
    while let Some(first) = left.pop() {
        let mut area = vec![first];
        let mut k = 0;
        while k < area.len() {
            let p = area[k];
            k += 1;
            let (near, far): (Vec<Point>, Vec<Point>) = left
                .iter()
                .partition(|q| p.x.abs_diff(q.x) + p.y.abs_diff(q.y) == 1);
            area.extend(near);
            left = far;
        }
        out.push(area);
    }
    out
}

/// Whether `area` (10 to 20 points) can be cut into a connected ten and
/// a connected rest: every connected ten is listed (as bit sets, grown
/// one neighbour at a time) and its rest looked at.
fn allows_a_cut(area: &[Point]) -> bool {
    let n = area.len();
    let near: Vec<u32> = area
        .iter()
        .map(|p| {
            area.iter()
                .enumerate()
                .filter(|(_, q)| p.x.abs_diff(q.x) + p.y.abs_diff(q.y) == 1)
                .fold(0u32, |m, (j, _)| m | 1 << j)
        })
        .collect();
    let connected = |set: u32| -> bool {
        if set == 0 {
            return true;
        }
        let mut reached = 1u32 << set.trailing_zeros();
        loop {
            let grown = (0..n)
                .filter(|&i| reached & (1 << i) != 0)
                .fold(reached, |m, i| m | (near[i] & set));
            if grown == reached {
                return reached == set;
            }
            reached = grown;
        }
    };
    let all = if n >= 32 { u32::MAX } else { (1u32 << n) - 1 };
    let mut seen = std::collections::HashSet::new();
    let mut stack: Vec<u32> = (0..n).map(|i| 1u32 << i).collect();
    while let Some(set) = stack.pop() {
        if !seen.insert(set) {
            continue;
        }
        if set.count_ones() == 10 {
            if connected(all & !set) {
                return true;
            }
            continue;
        }
        let frontier = (0..n)
            .filter(|&i| set & (1 << i) != 0)
            .fold(0u32, |m, i| m | near[i])
            & !set;
        for j in (0..n).filter(|&j| frontier & (1 << j) != 0) {
            stack.push(set | 1 << j);
        }
    }
    false
}

/// The property, for the points a step counts and its blocks: each point
/// in one block once; an area of 10 to 20 points that can be cut into a
/// connected ten and a connected rest is cut so (its own ten connected,
/// its remainder one piece); a block flagged connected is one piece.
/// Returns how many areas of more than 20 points gave all their tens.
fn check(points: &[Point], blocks: &[Block]) -> Result<(usize, usize), TestCaseError> {
    let mut all = points.to_vec();
    all.sort();
    all.dedup();
    prop_assert_eq!(all.len(), points.len(), "every point in one block, once");
    let mut large = (0, 0);
    for area in areas(points) {
        let inside = |b: &&Block| b.points.iter().all(|p| area.contains(p));
        let tens = blocks
            .iter()
            .filter(inside)
            .filter(|b| b.points.len() == 10 && b.connected)
            .count();
        let rest: Vec<Point> = blocks
            .iter()
            .filter(|b| !inside(b) || b.points.len() < 10 || !b.connected)
            .flat_map(|b| b.points.iter().copied().filter(|p| area.contains(p)))
            .collect();
        let whole = tens == area.len() / 10 && areas(&rest).len() <= 1;
        if (10..=20).contains(&area.len()) && allows_a_cut(&area) {
            prop_assert!(whole, "an area that allows connected tens: {:?}", area);
        }
        if area.len() > 20 {
            large.0 += 1;
            large.1 += usize::from(whole);
        }
    }
    Ok(large)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn blocks_are_connected_wherever_the_area_allows(
        size in 9usize..=19,
        seeds in proptest::collection::vec((0u8..19, 0u8..19, any::<bool>()), 2..9),
        noise in proptest::collection::vec(any::<u8>(), 1..64),
        inside in 0u8..40,
    ) {
        let diagram = finished(size, &seeds, &noise, inside);
        let Ok(board) = Board::from_diagram(&diagram) else {
            return Ok(());
        };
        let marks = Marks::from_diagram(&board, &diagram);
        let terms = Terms {
            rules: Rules::preset(Preset::Chinese),
            komi: 7.5,
            handicap: 0,
            dame: Dame::InTurn(Color::Black),
        };
        let (class, count) = count_position(&board, &marks, &terms);
        for side in [Color::Black, Color::White] {
            let walk = Chinese::new(&class, &count, side);
            // Which points each step counts (territory, seki eyes, what
            // the side fills in turn) is count_rules' business; here each
            // counted point is in one block once.
            for blocks in [&walk.territory_blocks, &walk.stone_blocks] {
                let points: Vec<Point> = blocks.iter().flat_map(|b| b.points.to_vec()).collect();
                check(&points, blocks)?;
            }
        }
    }
}

/// Over every fourth KGS 2017 game of ../shared/data (both sides, each
/// game's own marks): how many tens are gathered from several areas, and
/// how many areas of more than 20 points give all their tens connected.
/// The property above holds on every one. Ignored: needs the data.
#[test]
#[ignore = "needs ../shared/data; run with --ignored"]
fn blocks_on_the_kgs_games() {
    use kifu_go::{Counting, Session};
    let root = crate::shared().join("data/kgs-2017q1-markup");
    let Ok(months) = std::fs::read_dir(&root) else {
        crate::skipped(&format!("{} is not there", root.display()));
        return;
    };
    let mut files: Vec<std::path::PathBuf> = Vec::new();
    for month in months.flatten() {
        for dir in std::fs::read_dir(month.path())
            .into_iter()
            .flatten()
            .flatten()
        {
            let inner = std::fs::read_dir(dir.path())
                .into_iter()
                .flatten()
                .flatten();
            files.extend(
                inner
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|e| e == "sgf")),
            );
        }
    }
    files.sort();
    // Every fourth game: the report runs in CI's debug build.
    let files: Vec<std::path::PathBuf> = files.into_iter().step_by(4).collect();
    let (mut tens, mut gathered, mut large, mut whole) = (0, 0, 0, 0);
    for f in &files {
        let Ok(text) = std::fs::read_to_string(f) else {
            continue;
        };
        let file = kifu_go::sgf::read_text(&text);
        let Ok(g) = file.game(1) else { continue };
        let mut rec = g.record.clone();
        rec.to_end();
        // As kifu's count mode opens it: the file's marks, else the judge.
        let session = Session::of_record(&rec, Counting::default());
        for side in [Color::Black, Color::White] {
            let walk = Chinese::new(&session.class, &session.count, side);
            for blocks in [&walk.territory_blocks, &walk.stone_blocks] {
                let full = blocks.iter().filter(|b| b.points.len() == 10);
                tens += full.clone().count();
                gathered += full.filter(|b| !b.connected).count();
                let points: Vec<Point> = blocks.iter().flat_map(|b| b.points.to_vec()).collect();
                let (l, w) =
                    check(&points, blocks).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
                large += l;
                whole += w;
            }
        }
    }
    eprintln!(
        "{} games: {tens} tens, {gathered} gathered from several areas; {whole} of {large} areas over 20 points give all their tens connected",
        files.len()
    );
    assert!(
        files.len() >= 450,
        "a quarter of the KGS 2017 set: {} files",
        files.len()
    );
    assert!(whole * 100 >= large * 78, "{whole} of {large}");
}
