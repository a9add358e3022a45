//! Plain-text views of a count: the map of owners, the two views side by
//! side, and the walkthroughs as a teacher would hand them out.

use crate::count::steps::{Block, Chinese, Japanese};
use crate::count::{Classification, Count, PointClass};
use crate::game::result::format_points;
use crate::game::{Board, Color, Point};
use crate::text::frame;

/// What the characters of the count map mean.
pub const LEGEND: &str = "X O live stones, x o dead stones, b w territory, s seki eyes,\n  \
p own point to fill, * seki liberty, ! dame";

fn owner_char(board: &Board, class: &Classification, p: Point) -> char {
    match (class.dead_at(p), class.at(p)) {
        (Some(Color::Black), _) => 'x',
        (Some(Color::White), _) => 'o',
        (None, PointClass::Stone(Color::Black)) => 'X',
        (None, PointClass::Stone(Color::White)) => 'O',
        (None, PointClass::Territory(Color::Black)) => 'b',
        (None, PointClass::Territory(Color::White)) => 'w',
        (None, PointClass::SekiEye(_)) => 's',
        (None, PointClass::Protect(_)) => 'p',
        (None, PointClass::SekiLiberty) => '*',
        (None, PointClass::Dame) => {
            if board.get(p).is_some() {
                '?'
            } else {
                '!'
            }
        }
    }
}

/// The board with every point's owner (see `LEGEND`).
pub fn map(board: &Board, class: &Classification) -> String {
    frame(board.size(), None, |p| owner_char(board, class, p))
}

/// Both views side by side, for `kifu score`.
pub fn summary(count: &Count) -> String {
    let (b, w) = (&count.black, &count.white);
    let row = |name: &str, x: String, y: String| format!("  {name:<22}{x:>7}{y:>8}\n");
    let mut s = String::new();
    s.push_str(&row("", "Black".into(), "White".into()));
    s.push_str(&row(
        "stones on the board",
        b.stones.to_string(),
        w.stones.to_string(),
    ));
    s.push_str(&row(
        "territory",
        b.territory.to_string(),
        w.territory.to_string(),
    ));
    if b.seki_eyes + w.seki_eyes > 0 {
        s.push_str(&row(
            "seki eyes",
            b.seki_eyes.to_string(),
            w.seki_eyes.to_string(),
        ));
    }
    if b.to_fill + w.to_fill > 0 {
        s.push_str(&row(
            "own points to fill",
            b.to_fill.to_string(),
            w.to_fill.to_string(),
        ));
    }
    s.push_str(&row(
        "prisoners (capt+dead)",
        format!("{}+{}", b.captured, b.dead_taken),
        format!("{}+{}", w.captured, w.dead_taken),
    ));
    s.push_str(&row(
        "area (stones+terr.)",
        b.area.to_string(),
        w.area.to_string(),
    ));
    s.push_str(&format!(
        "  neutral points: {} dame, {} seki liberties\n",
        count.dame, count.seki_liberties
    ));
    let bonus = if count.handicap_bonus > 0.0 {
        format!(
            " + {} for the handicap",
            format_points(count.handicap_bonus / 2.0)
        )
    } else {
        String::new()
    };
    s.push_str(&format!(
        "  Area:      Black {} against {} + {}{bonus}: {}, {}\n",
        format_points(count.area.black),
        format_points(count.area.half),
        format_points(count.komi / 2.0),
        count.stones_text(),
        crate::game::GameResult::from_margin(count.area.margin),
    ));
    let verdict = crate::game::GameResult::from_margin(count.territory.margin);
    s.push_str(&format!(
        "  Territory: Black {} against White {} (komi {}): {verdict}\n",
        format_points(count.territory.black),
        format_points(count.territory.white),
        format_points(count.komi),
    ));
    s
}

const BLOCK_LABELS: &[u8] = b"123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The character that labels block `i` (1-9, then letters).
pub fn block_char(i: usize) -> char {
    BLOCK_LABELS.get(i).map_or('#', |&c| char::from(c))
}

/// Labels each point of the blocks with its block's character.
pub fn block_label(blocks: &[Block], p: Point) -> Option<char> {
    blocks
        .iter()
        .position(|b| b.points.contains(&p))
        .map(block_char)
}

fn block_line(blocks: &[Block]) -> String {
    let parts: Vec<String> = blocks
        .iter()
        .enumerate()
        .map(|(i, b)| format!("{}:{}", block_char(i), b.total))
        .collect();
    format!("  running total: {}\n", parts.join(" "))
}

/// Live stones after the dead are removed; every other point is `.`.
fn after_removal(class: &Classification, p: Point) -> char {
    match class.at(p) {
        PointClass::Stone(Color::Black) => 'X',
        PointClass::Stone(Color::White) => 'O',
        _ => '.',
    }
}

/// The Chinese walkthrough as text, one diagram per step.
pub fn chinese(board: &Board, class: &Classification, steps: &Chinese) -> String {
    let caps = steps.captions();
    let size = board.size();
    let side = steps.side;
    let mut s = String::new();
    let cap = |i: usize| caps.get(i).cloned().unwrap_or_default();
    s.push_str(&format!("{}\n", cap(0)));
    s.push_str(&frame(size, None, |p| match class.dead_at(p) {
        Some(Color::Black) => 'x',
        Some(Color::White) => 'o',
        None => after_removal(class, p),
    }));
    s.push_str(&format!("\n{}\n", cap(1)));
    s.push_str(&frame(size, None, |p| {
        block_label(&steps.territory_blocks, p).unwrap_or_else(|| after_removal(class, p))
    }));
    s.push_str(&block_line(&steps.territory_blocks));
    s.push_str(&format!("\n{}\n", cap(2)));
    s.push_str(&frame(size, None, |p| {
        block_label(&steps.stone_blocks, p).unwrap_or_else(|| match class.at(p) {
            PointClass::Stone(c) if c != side => {
                if c == Color::Black {
                    'X'
                } else {
                    'O'
                }
            }
            k if k.area_owner() == Some(side) => '-',
            _ => '.',
        })
    }));
    s.push_str(&block_line(&steps.stone_blocks));
    s.push_str(&format!("\n{}\n", cap(3)));
    if !steps.shared.is_empty() {
        s.push_str(&frame(size, None, |p| {
            if steps.shared.contains(&p) {
                '*'
            } else {
                after_removal(class, p)
            }
        }));
    }
    s.push_str(&format!("\n{}\n", cap(4)));
    s
}

/// The Japanese walkthrough as text.
pub fn japanese(board: &Board, class: &Classification, steps: &Japanese) -> String {
    let caps = steps.captions();
    let size = board.size();
    let cap = |i: usize| caps.get(i).cloned().unwrap_or_default();
    let mut s = String::new();
    s.push_str(&format!("{}\n", cap(0)));
    s.push_str(&frame(size, None, |p| match class.dead_at(p) {
        Some(Color::Black) => 'x',
        Some(Color::White) => 'o',
        None => after_removal(class, p),
    }));
    s.push_str(&format!("\n{}\n", cap(1)));
    // Prisoners shown where they go: white prisoners ('o') into White's
    // territory, black ones ('x') into Black's.
    s.push_str(&frame(size, None, |p| {
        if steps.filled[Color::White.index()].contains(&p) {
            'o'
        } else if steps.filled[Color::Black.index()].contains(&p) {
            'x'
        } else {
            after_removal(class, p)
        }
    }));
    s.push_str(&format!("\n{}\n", cap(2)));
    let [bb, wb] = &steps.remaining_blocks;
    s.push_str(&frame(size, None, |p| {
        if let Some(l) = block_label(bb, p) {
            l
        } else if let Some(l) = block_label(wb, p) {
            l
        } else {
            after_removal(class, p)
        }
    }));
    s.push_str(&format!("  Black: {}", block_line(bb).trim_start()));
    s.push_str(&format!("  White: {}", block_line(wb).trim_start()));
    s.push_str(&format!("\n{}\n{}\n", cap(3), cap(4)));
    s
}
