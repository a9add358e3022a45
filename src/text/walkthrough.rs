//! Plain-text views of a count: the map, the two views side by side, and
//! the walkthroughs as a teacher would hand them out. Every diagram is
//! drawn from `count::glyph` (the TUI draws the same glyphs), every
//! sentence is the walkthrough's own caption.

use crate::count::Count;
use crate::count::glyph::{Glyph, Step, Steps, View};
use crate::count::score::Side;
use crate::count::steps::Block;
use crate::game::result::format_points;
use crate::text::frame;

/// A diagram of one step of a view, in the glyphs' letters.
fn diagram(steps: &Steps<'_>, view: View, step: Step) -> String {
    frame(steps.class.size(), None, |p| {
        steps.glyph(view, step, p).letter()
    })
}

/// The board with every point's owner in a view (the map of its
/// walkthrough).
pub fn map(steps: &Steps<'_>, view: View) -> String {
    diagram(steps, view, Step::Map)
}

/// The legend of a diagram: each letter on it and what it means.
pub fn legend(steps: &Steps<'_>, view: View, step: Step) -> String {
    let items: Vec<String> = steps
        .legend(view, step)
        .into_iter()
        .map(|g| {
            let key = match g {
                Glyph::Block(_, c) => crate::count::glyph::block_labels(c).to_string(),
                Glyph::Empty => ". +".to_string(),
                g => g.letter().to_string(),
            };
            format!("{key} {}", g.meaning())
        })
        .collect();
    let mut lines: Vec<String> = vec![String::new()];
    for (i, item) in items.iter().enumerate() {
        let sep = if i + 1 < items.len() { ";" } else { "" };
        let last = lines.len() - 1;
        if !lines[last].is_empty() && lines[last].len() + item.len() > 84 {
            lines.push(String::new());
        }
        if let Some(line) = lines.last_mut() {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(item);
            line.push_str(sep);
        }
    }
    let mut out = String::new();
    for l in lines {
        out.push_str("  ");
        out.push_str(&l);
        out.push('\n');
    }
    out
}

/// Both views side by side, for `kifu score`.
pub fn summary(count: &Count) -> String {
    let (b, w) = (&count.black, &count.white);
    let row = |name: &str, x: String, y: String| format!("  {name:<22}{x:>7}{y:>8}\n");
    // A row of one figure per side; `always` false leaves out a row of
    // zeros (most games have no seki and nothing to fill).
    let figure = |name: &str, f: fn(&Side) -> usize, always: bool| {
        if always || f(b) + f(w) > 0 {
            row(name, f(b).to_string(), f(w).to_string())
        } else {
            String::new()
        }
    };
    let mut s = String::new();
    s.push_str(&row("", "Black".into(), "White".into()));
    s.push_str(&figure("stones on the board", |x| x.stones, true));
    s.push_str(&figure("territory", |x| x.territory, true));
    s.push_str(&figure("seki eyes", |x| x.seki_eyes, false));
    s.push_str(&figure("own points to fill", |x| x.to_fill, false));
    s.push_str(&row(
        "prisoners (capt+dead)",
        format!("{}+{}", b.captured, b.dead_taken),
        format!("{}+{}", w.captured, w.dead_taken),
    ));
    s.push_str(&figure("area (stones+terr.)", |x| x.area, true));
    s.push_str(&format!(
        "  neutral points: {} dame, {} seki liberties\n",
        count.dame, count.seki_liberties
    ));
    if let Some(t) = count.dame_text() {
        s.push_str(&format!("  {t}\n"));
    }
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

fn block_line(blocks: &[Block], c: crate::game::Color) -> String {
    let parts: Vec<String> = blocks
        .iter()
        .enumerate()
        .map(|(i, b)| format!("{}:{}", crate::count::glyph::block_char(i, c), b.total))
        .collect();
    format!("  running total: {}\n", parts.join(" "))
}

/// A view's walkthrough as text: each step's caption, with its diagram
/// where the step shows one, and the running totals of blocks of ten.
pub fn walkthrough(steps: &Steps<'_>, view: View) -> String {
    let caps = match view {
        View::Area => steps.chinese.captions(),
        View::Territory => steps.japanese.captions(),
    };
    let mut s = String::new();
    for (i, (cap, &step)) in caps.iter().zip(view.walkthrough()).enumerate() {
        if i > 0 {
            s.push('\n');
        }
        s.push_str(cap);
        s.push('\n');
        // The steps that change the board show it.
        let drawn = match step {
            Step::SharedPoints => !steps.chinese.shared.is_empty(),
            Step::DeadStones
            | Step::AreaTerritory
            | Step::AreaStones
            | Step::Prisoners
            | Step::Remaining => true,
            _ => false,
        };
        if drawn {
            s.push_str(&diagram(steps, view, step));
        }
        match step {
            Step::AreaTerritory => s.push_str(&block_line(
                &steps.chinese.territory_blocks,
                steps.chinese.side,
            )),
            Step::AreaStones => {
                s.push_str(&block_line(&steps.chinese.stone_blocks, steps.chinese.side))
            }
            Step::Remaining => {
                let [b, w] = &steps.japanese.remaining_blocks;
                s.push_str(&format!(
                    "  Black: {}",
                    block_line(b, crate::game::Color::Black).trim_start()
                ));
                s.push_str(&format!(
                    "  White: {}",
                    block_line(w, crate::game::Color::White).trim_start()
                ));
            }
            _ => {}
        }
    }
    s
}
