//! Plain-text views of a count: the map, the two views side by side, and
//! the walkthroughs as a teacher would hand them out. Every diagram is
//! drawn from `count::glyph` (the TUI draws the same glyphs), every
//! sentence is the walkthrough's own caption.

use crate::count::Count;
use crate::count::glyph::{Glyph, Step, Steps, View};
use crate::count::score::Side;
use crate::count::steps::Block;
use crate::game::Color;
use crate::game::result::format_points;
use crate::i18n::{Lang, color_name};
use crate::text::frame;
use crate::tr;
use unicode_width::UnicodeWidthStr;

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
pub fn legend(steps: &Steps<'_>, view: View, step: Step, lang: Lang) -> String {
    let items: Vec<String> = steps
        .legend(view, step)
        .into_iter()
        .map(|g| {
            let key = match g {
                Glyph::Block(_, c) => crate::count::glyph::block_labels(c).to_string(),
                Glyph::Empty => ". +".to_string(),
                g => g.letter().to_string(),
            };
            format!("{key} {}", g.meaning(lang))
        })
        .collect();
    // The language's own list separator ("; ", Chinese and Japanese "；").
    let list_sep = crate::tr!(lang, "list.sep");
    let spaced = list_sep.ends_with(' ');
    let mut lines: Vec<String> = vec![String::new()];
    for (i, item) in items.iter().enumerate() {
        let sep = if i + 1 < items.len() {
            list_sep.trim_end()
        } else {
            ""
        };
        let last = lines.len() - 1;
        if !lines[last].is_empty() && lines[last].width() + item.width() > 84 {
            lines.push(String::new());
        }
        if let Some(line) = lines.last_mut() {
            if !line.is_empty() && spaced {
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
pub fn summary(count: &Count, lang: Lang) -> String {
    let (b, w) = (&count.black, &count.white);
    // Padded by columns, not characters: a CJK label is twice as wide.
    let row = |name: &str, x: String, y: String| {
        format!(
            "  {}{}{}\n",
            pad(name, 22, false),
            pad(&x, 7, true),
            pad(&y, 8, true)
        )
    };
    // A row of one figure per side; `always` false leaves out a row of
    // zeros (most games have no seki and nothing to fill).
    let figure = |key: &'static str, f: fn(&Side) -> usize, always: bool| {
        if always || f(b) + f(w) > 0 {
            row(lang.text(key), f(b).to_string(), f(w).to_string())
        } else {
            String::new()
        }
    };
    let black = color_name(lang, Color::Black);
    let white = color_name(lang, Color::White);
    let mut s = String::new();
    s.push_str(&row("", black.clone(), white.clone()));
    s.push_str(&figure("sum.stones", |x| x.stones, true));
    s.push_str(&figure("sum.territory", |x| x.territory, true));
    s.push_str(&figure("sum.seki_eyes", |x| x.seki_eyes, false));
    s.push_str(&figure("sum.to_fill", |x| x.to_fill, false));
    s.push_str(&row(
        lang.text("sum.prisoners"),
        format!("{}+{}", b.captured, b.dead_taken),
        format!("{}+{}", w.captured, w.dead_taken),
    ));
    s.push_str(&figure("sum.area", |x| x.area, true));
    let neutral = tr!(
        lang,
        "sum.neutral",
        dame = count.dame,
        seki = count.seki_liberties
    );
    s.push_str(&format!("  {neutral}\n"));
    if let Some(t) = count.dame_text(lang) {
        s.push_str(&format!("  {t}\n"));
    }
    let bonus = if count.handicap_bonus > 0.0 {
        tr!(
            lang,
            "sum.handicap",
            n = format_points(count.handicap_bonus / 2.0)
        )
    } else {
        String::new()
    };
    let area = tr!(
        lang,
        "sum.area_line",
        black = format_points(count.area.black),
        half = format_points(count.area.half),
        comp = format_points(count.komi / 2.0),
        bonus = bonus,
        stones = crate::count::score::stones_words(lang, count.area.margin_stones),
        result = crate::game::GameResult::from_margin(count.area.margin)
    );
    s.push_str(&format!("  {}\n", crate::i18n::signed(area)));
    let verdict = crate::game::GameResult::from_margin(count.territory.margin);
    let territory = tr!(
        lang,
        "sum.territory_line",
        black = format_points(count.territory.black),
        white = format_points(count.territory.white),
        komi = format_points(count.komi),
        result = verdict
    );
    s.push_str(&format!("  {territory}\n"));
    s
}

/// `text` padded with spaces to `width` columns (on the left when
/// `right`).
fn pad(text: &str, width: usize, right: bool) -> String {
    let fill = " ".repeat(width.saturating_sub(text.width()));
    if right {
        format!("{fill}{text}")
    } else {
        format!("{text}{fill}")
    }
}

fn block_line(blocks: &[Block], c: Color, lang: Lang) -> String {
    let parts: Vec<String> = blocks
        .iter()
        .enumerate()
        .map(|(i, b)| format!("{}:{}", crate::count::glyph::block_char(i, c), b.total))
        .collect();
    format!(
        "  {}\n",
        tr!(lang, "walk.running", totals = parts.join(" "))
    )
}

/// A view's walkthrough as text: each step's caption, with its diagram
/// where the step shows one, and the running totals of blocks of ten.
pub fn walkthrough(steps: &Steps<'_>, view: View, lang: Lang) -> String {
    let caps = match view {
        View::Area => steps.chinese.captions(lang),
        View::Territory => steps.japanese.captions(lang),
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
                lang,
            )),
            Step::AreaStones => s.push_str(&block_line(
                &steps.chinese.stone_blocks,
                steps.chinese.side,
                lang,
            )),
            Step::Remaining => {
                let [b, w] = &steps.japanese.remaining_blocks;
                for (blocks, c) in [(b, Color::Black), (w, Color::White)] {
                    // "Black: ...", with the language's own colon.
                    let line = block_line(blocks, c, lang);
                    let said = crate::tr!(
                        lang,
                        "panel.labelled",
                        label = color_name(lang, c),
                        values = line.trim_start()
                    );
                    s.push_str(&format!("  {said}"));
                }
            }
            _ => {}
        }
    }
    s
}
