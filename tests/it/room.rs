//! A count read from the back of a room: F5 drawn with the projector
//! theme to cells with their colours, each cell's colour its ink (the
//! share of the cell a glyph covers) mixed over its background; each
//! point's cell averaged to one colour, as the back row sees a projected
//! screen at half size (where a 6x3 cell is three pixels by one and a
//! half); then the WCAG contrast between every two neighbouring points of
//! different classes, and the caption's text against its background.
//! docs/guide.md gives the figures.

use super::common;
use super::count_mode::counting;
use kifu::app::{Action, App};
use kifu::count::glyph::Glyph;
use kifu::game::rules::Rules;
use kifu::game::{Color, Point};
use kifu::ui::Look;
use kifu::ui::layout::Layout;
use kifu::ui::theme::{Theme, rgb};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use std::collections::BTreeMap;

const SEKI: &str = include_str!("../../crates/kifu-go/tests/positions/seki9.txt");
const J1: &str = include_str!("../../crates/kifu-go/tests/positions/j1.txt");

fn projector() -> Look {
    Look {
        unicode: true,
        color: true,
        theme: Theme::builtin("projector").unwrap_or_else(|| panic!("projector")),
    }
}

/// How much of a cell a glyph covers (a block element its share; a line
/// or a letter a little).
fn ink(symbol: &str) -> f64 {
    match symbol.chars().next().unwrap_or(' ') {
        ' ' => 0.0,
        '█' => 1.0,
        '▄' | '▀' | '▌' | '▐' | '▒' => 0.5,
        '▖' | '▗' | '▘' | '▝' | '░' => 0.25,
        '▛' | '▜' | '▙' | '▟' | '▓' => 0.75,
        '━' | '┃' | '╋' | '●' => 0.3,
        '▏' | '▕' | '▔' | '▁' => 0.125,
        '\u{2500}'..='\u{257f}' => 0.12,
        _ => 0.18,
    }
}

/// sRGB to linear light and back, so averages are of light.
fn linear(c: (u8, u8, u8)) -> [f64; 3] {
    let ch = |v: u8| {
        let v = f64::from(v) / 255.0;
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    [ch(c.0), ch(c.1), ch(c.2)]
}

fn luminance(l: [f64; 3]) -> f64 {
    0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2]
}

fn ratio(a: [f64; 3], b: [f64; 3]) -> f64 {
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

/// Each cell's colour (linear light): its ink in the foreground over the
/// background; the terminal's own colours where the theme leaves them
/// (light grey on near-black, as most terminals).
fn cells(buf: &Buffer) -> Vec<Vec<[f64; 3]>> {
    let area = buf.area;
    (0..area.height)
        .map(|y| {
            (0..area.width)
                .map(|x| {
                    let c = &buf[(x, y)];
                    let fg = linear(rgb(c.fg).unwrap_or((229, 229, 229)));
                    let bg = linear(rgb(c.bg).unwrap_or((16, 16, 16)));
                    let k = ink(c.symbol());
                    [0, 1, 2].map(|i| k * fg[i] + (1.0 - k) * bg[i])
                })
                .collect()
        })
        .collect()
}

/// A point's class as the room must tell it, and its name in the table:
/// its glyph; each block of ten a class of its own (a class tells the
/// block it counts from the block beside it), named by its side.
fn class(app: &App, p: Point) -> (String, String) {
    let cs = app.count().as_ref().unwrap_or_else(|| panic!("count mode"));
    match cs.glyph(p) {
        Glyph::Block(i, side) => (format!("block {side:?} {i}"), format!("block of {side:?}")),
        g => (format!("{g:?}"), format!("{g:?}")),
    }
}

/// Each point's colour at half size: the average of the cells of its
/// own cell (cw x ch cells round its intersection, clipped to the board,
/// as the board fills territory). Averaging by area, not on a grid of
/// pixels two cells wide: where the board starts on an odd column every
/// such pixel would straddle two points, and the figure would measure
/// where the board happens to sit rather than what it shows.
fn point_colour(full: &[Vec<[f64; 3]>], lay: &Layout, size: u8, p: Point) -> [f64; 3] {
    let (c, r) = lay.cell_of(p);
    let last = size - 1;
    let (bx0, by0) = lay.cell_of(Point::new(0, 0));
    let (bx1, by1) = lay.cell_of(Point::new(last, last));
    let reach = lay.stone_reach().max(1);
    let margin = lay.ch.saturating_sub(1) / 2;
    let xs = (c - lay.cw / 2).max(bx0 - reach)..(c - lay.cw / 2 + lay.cw).min(bx1 + reach + 1);
    let ys = (r - lay.ch / 2).max(by0 - margin)..(r - lay.ch / 2 + lay.ch).min(by1 + margin + 1);
    let mut sum = [0.0; 3];
    let mut n = 0.0;
    for y in ys {
        for x in xs.clone() {
            let px = full[usize::from(y)][usize::from(x)];
            for i in 0..3 {
                sum[i] += px[i];
            }
            n += 1.0;
        }
    }
    sum.map(|s| s / f64::max(n, 1.0))
}

/// Three luminances are all that WCAG's 3:1 leaves between black and
/// white: dark (black stones, dead ones, White's prisoners), light (white
/// stones, dead ones, Black's prisoners, the area counted in another
/// step) and a middle (the wood, territory, dame). A block of ten whose
/// other neighbours hold all three has no level of its own; two blocks
/// forced to one level are told apart by a line between them.
fn level(g: Glyph) -> u8 {
    match g {
        Glyph::Stone(Color::Black)
        | Glyph::CountedStone(Color::Black)
        | Glyph::Dead(Color::Black)
        | Glyph::Prisoner(Color::White) => 0,
        Glyph::Stone(Color::White)
        | Glyph::CountedStone(Color::White)
        | Glyph::Dead(Color::White)
        | Glyph::Prisoner(Color::Black)
        | Glyph::Aside => 2,
        _ => 1,
    }
}

/// Whether two neighbours under 3:1 are told apart by shape, as the room
/// drawing promises where no luminance is left: two blocks with a line
/// drawn between them, or a block whose other neighbours hold all three
/// levels (its label on its tile tells it).
fn shaped(app: &App, buf: &Buffer, lay: &Layout, p: Point, q: Point) -> bool {
    let cs = app.count().as_ref().unwrap_or_else(|| panic!("count mode"));
    let size = app.record().size();
    let around = |p: Point| {
        [(0i8, -1i8), (-1, 0), (1, 0), (0, 1)]
            .into_iter()
            .filter_map(move |(dx, dy)| {
                let (x, y) = (p.x as i8 + dx, p.y as i8 + dy);
                (x >= 0 && y >= 0 && (x as u8) < size && (y as u8) < size)
                    .then(|| Point::new(x as u8, y as u8))
            })
    };
    let no_level_left = |g: Glyph| {
        let Glyph::Block(i, side) = g else {
            return false;
        };
        let blocks = cs.steps().blocks(cs.step);
        let Some((_, list)) = blocks.iter().find(|(s, _)| *s == side) else {
            return false;
        };
        let mut seen = [false; 3];
        for n in list[i].points.iter().flat_map(|&p| around(p)) {
            if !matches!(cs.glyph(n), Glyph::Block(..)) {
                seen[usize::from(level(cs.glyph(n)))] = true;
            }
        }
        seen.iter().all(|&s| s)
    };
    let (gp, gq) = (cs.glyph(p), cs.glyph(q));
    if let (Glyph::Block(i, _), Glyph::Block(j, _)) = (gp, gq)
        && i != j
    {
        // The cells on either side of the two points' common edge.
        let ((cp, rp), (cq, rq)) = (lay.cell_of(p), lay.cell_of(q));
        let edge: Vec<(u16, u16)> = if p.y == q.y {
            let (a, b) = (cp.min(cq), cp.max(cq));
            (rp - lay.ch / 2..rp - lay.ch / 2 + lay.ch)
                .flat_map(|y| [(a - lay.cw / 2 + lay.cw - 1, y), (b - lay.cw / 2, y)])
                .collect()
        } else {
            let (a, b) = (rp.min(rq), rp.max(rq));
            (cp - lay.cw / 2..cp - lay.cw / 2 + lay.cw)
                .flat_map(|x| [(x, a - lay.ch / 2 + lay.ch - 1), (x, b - lay.ch / 2)])
                .collect()
        };
        return edge
            .iter()
            .any(|&(x, y)| matches!(buf[(x, y)].symbol(), "▏" | "▕" | "▔" | "▁"));
    }
    no_level_left(gp) || no_level_left(gq)
}

/// The lowest contrast between each pair of classes that stand side by
/// side on the board, and the caption's lowest.
fn measure(
    app: &App,
    w: u16,
    h: u16,
    excused: &mut usize,
) -> (BTreeMap<(String, String), f64>, f64) {
    let look = projector();
    let buf = common::buffer(app, look, w, h);
    let lay = Layout::shown(Rect::new(0, 0, w, h), app.record().size(), true, true)
        .unwrap_or_else(|| panic!("{w}x{h} presents"));
    let full = cells(&buf);
    let size = app.record().size();
    let mut pairs: BTreeMap<(String, String), f64> = BTreeMap::new();
    for y in 0..size {
        for x in 0..size {
            let p = Point::new(x, y);
            for q in [Point::new(x + 1, y), Point::new(x, y + 1)] {
                if q.x >= size || q.y >= size {
                    continue;
                }
                let ((ida, a), (idb, b)) = (class(app, p), class(app, q));
                if ida == idb {
                    continue;
                }
                let b = if a == b { format!("another {b}") } else { b };
                let r = ratio(
                    point_colour(&full, &lay, size, p),
                    point_colour(&full, &lay, size, q),
                );
                // Where luminance cannot do it, shape must (see `shaped`).
                if r < 3.0 && shaped(app, &buf, &lay, p, q) {
                    *excused += 1;
                    continue;
                }
                let key = if a < b { (a, b) } else { (b, a) };
                let e = pairs.entry(key).or_insert(f64::MAX);
                *e = e.min(r);
            }
        }
    }
    // The caption: every lettered cell of the column against its own
    // background, at full size (text is read, not averaged).
    let mut caption = f64::MAX;
    let s = lay.status;
    for y in s.y..s.bottom() {
        for x in s.x..s.right() {
            let c = &buf[(x, y)];
            // Letters on the column's paper; the legend's keys are drawn
            // as on the board, which the pairs above measure.
            let paper = look.theme.white_fill.or(look.theme.board);
            let key = paper.is_some_and(|b| c.bg != b);
            if c.symbol().chars().all(char::is_alphanumeric) && !key {
                let fg = linear(rgb(c.fg).unwrap_or((229, 229, 229)));
                let bg = linear(rgb(c.bg).unwrap_or((16, 16, 16)));
                caption = caption.min(ratio(fg, bg));
            }
        }
    }
    (pairs, caption)
}

/// The lowest pairs and captions below their floors, printing the table.
fn report(name: &str, app: &App, sizes: &[(u16, u16)]) -> (Vec<String>, Vec<String>) {
    let (mut low, mut captions) = (Vec::new(), Vec::new());
    for &(w, h) in sizes {
        let mut excused = 0;
        let (pairs, caption) = measure(app, w, h, &mut excused);
        if excused > 0 {
            eprintln!("{name} at {w}x{h}: {excused} pairs of neighbours told apart by shape");
        }
        eprintln!("{name} at {w}x{h}: caption {caption:.1}:1");
        for ((a, b), r) in &pairs {
            eprintln!("  {a} | {b}: {r:.2}:1");
            if *r < 3.0 {
                low.push(format!("{name} {w}x{h}: {a} | {b} {r:.2}:1"));
            }
        }
        if caption < 7.0 {
            captions.push(format!("{name} {w}x{h}: caption {caption:.2}:1"));
        }
    }
    (low, captions)
}

/// Both measures over the two positions (a KGS game's final position
/// with dead stones of both colours on territory, and the 9x9 seki), at
/// the map, at the steps that count blocks of ten and at the territory
/// view's step 2, at 220x60 and 160x50.
fn measured() -> (Vec<String>, Vec<String>) {
    let sizes = [(220, 60), (160, 50)];
    let (mut low, mut captions) = (Vec::new(), Vec::new());
    let mut add = |(l, c): (Vec<String>, Vec<String>)| {
        low.extend(l);
        captions.extend(c);
    };
    for (name, diagram) in [("J1 19x19", J1), ("seki 9x9", SEKI)] {
        let mut app = counting(diagram, Rules::chinese());
        app.update(Action::Present);
        add(report(&format!("{name} map"), &app, &sizes));
        for step in [2, 3] {
            app.update(Action::GoStep(step));
            add(report(&format!("{name} step {step}"), &app, &sizes));
        }
        app.update(Action::SwitchView);
        app.update(Action::GoStep(2));
        add(report(&format!("{name} territory step 2"), &app, &sizes));
    }
    (low, captions)
}

/// The caption, the result and the legend's words at least 7:1 (black
/// on the white stones' paper): read across a room.
#[test]
fn the_caption_reads_across_the_room() {
    let (_, captions) = measured();
    assert!(captions.is_empty(), "{}", captions.join("\n"));
}

/// Every two neighbouring points of different classes at least 3:1 at
/// half size, or, where no luminance is left (`shaped`), told apart by a
/// shape. `--nocapture` prints the table docs/guide.md quotes.
#[test]
fn neighbouring_classes_differ_at_half_size() {
    let (low, _) = measured();
    assert!(low.is_empty(), "{}", low.join("\n"));
}
