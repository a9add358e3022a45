//! Presenting a count (F5) to a room: each point's whole cell painted as
//! one tile of its class, so that a projected board seen from the back
//! row (half size) tells each class from its neighbours by at least 3:1
//! (WCAG; `tests/it/room.rs` measures it). Stones are tiles of their
//! colour (a black stone drawn round leaves too much wood in its cell to
//! stand 3:1 from an empty point); each territory a mid-tone of its own
//! hue with its mark (3:1 from its own stones and from the other side's
//! dead stones, which no luminance between them can be for both dark
//! and light fills); a dead stone a tile of its own colour crossed in a
//! colour both territories show; blocks of ten tiles in two shades, a
//! light one, a mid-tone or black, chosen for each block so that
//! it stands apart from what surrounds it. Themes that name the room's colours
//! (`room_territory_black` and the rest) get it; others draw F5 as count
//! mode does.

use super::*;
use crate::ui::layout::Layout;

/// The three luminances the room's tiles take: a tile stands 3:1 from a
/// neighbour of another level (black stones; territory, wood and the
/// mid-tone block; white stones and the light block), never from one of
/// its own. Three is all WCAG's 3:1 leaves between black and white.
type Level = u8;
const DARK: Level = 0;
const MID: Level = 1;
const LIGHT: Level = 2;

/// The room's tile of a glyph: its background, and the mark drawn in its
/// middle with the mark's colour. None where the point keeps count
/// mode's drawing (the wood: empty points, dame, seki). A block's tile is
/// its level's (`levels`).
pub(super) fn tile(g: Glyph, look: Look, block: Level) -> Option<(Tc, char, Tc)> {
    let t = &look.theme;
    let (black, white) = (t.black.unwrap_or(Tc::Black), t.white_fill?);
    let cross = t.room_dead?;
    Some(match g {
        Glyph::Stone(Color::Black) | Glyph::CountedStone(Color::Black) => (black, ' ', white),
        Glyph::Stone(Color::White) | Glyph::CountedStone(Color::White) => (white, ' ', black),
        Glyph::Dead(Color::Black) => (black, '╳', cross),
        Glyph::Dead(Color::White) => (white, '╳', cross),
        // A prisoner laid in its own side's territory, in its taker's
        // colour with its own stone's mark in the dead stones' colour: a
        // white stone held by Black.
        Glyph::Prisoner(Color::White) => (black, '○', cross),
        Glyph::Prisoner(Color::Black) => (white, '●', cross),
        Glyph::Territory(Color::Black) => (t.room_territory_black?, '▪', black),
        Glyph::Territory(Color::White) => (t.room_territory_white?, '▫', white),
        // The counted side's area counted in another step: as a light
        // tile marked `-`, apart from the step's blocks (dark or mid-tone
        // where they touch it).
        Glyph::Aside => (t.room_block?, '-', black),
        // On the dark tile the label in the wood's colour (white would
        // lift the tile towards the wood beside it, seen from afar).
        Glyph::Block(..) => match block {
            DARK => (black, ' ', t.board.unwrap_or(white)),
            MID => (t.room_block_alt?, ' ', black),
            _ => (t.room_block?, ' ', black),
        },
        _ => return None,
    })
}

/// The level of what a point shows in the room, blocks aside.
fn level(g: Glyph) -> Level {
    match g {
        Glyph::Stone(Color::Black)
        | Glyph::CountedStone(Color::Black)
        | Glyph::Dead(Color::Black)
        | Glyph::Prisoner(Color::White) => DARK,
        Glyph::Stone(Color::White)
        | Glyph::CountedStone(Color::White)
        | Glyph::Dead(Color::White)
        | Glyph::Prisoner(Color::Black)
        | Glyph::Aside => LIGHT,
        _ => MID,
    }
}

/// Each block's level, by side, in counting order: one its neighbours
/// (not blocks) do not have, and where it can, one the blocks it touches
/// do not have; a side's stones prefer their own colour, territory the
/// light tile. Where every level is taken round a block, the one fewest
/// neighbours have.
fn levels(cs: &CountState) -> Vec<(Color, Vec<Level>)> {
    let board = &cs.session.board;
    let size = board.size();
    let around = |p: Point| {
        [(0i8, -1i8), (-1, 0), (1, 0), (0, 1)]
            .into_iter()
            .filter_map(move |(dx, dy)| {
                let (x, y) = (p.x as i8 + dx, p.y as i8 + dy);
                (x >= 0 && y >= 0 && (x as u8) < size && (y as u8) < size)
                    .then(|| Point::new(x as u8, y as u8))
            })
    };
    cs.steps()
        .blocks(cs.step)
        .into_iter()
        .map(|(side, blocks)| {
            let mut chosen: Vec<Level> = Vec::with_capacity(blocks.len());
            for (i, b) in blocks.iter().enumerate() {
                let mut near = [0usize; 3];
                let mut touching = [false; 3];
                for q in b.points.iter().flat_map(|&p| around(p)) {
                    match cs.glyph(q) {
                        Glyph::Block(j, s) if s == side && j < i => {
                            touching[usize::from(chosen[j])] = true;
                        }
                        Glyph::Block(..) => {}
                        g => near[usize::from(level(g))] += 1,
                    }
                }
                let stones = b
                    .points
                    .first()
                    .is_some_and(|&p| board.get(p) == Some(side));
                let order = match (stones, side) {
                    (true, Color::Black) => [DARK, MID, LIGHT],
                    _ => [LIGHT, MID, DARK],
                };
                let pick = order
                    .iter()
                    .copied()
                    .find(|&l| near[usize::from(l)] == 0 && !touching[usize::from(l)])
                    .or_else(|| order.iter().copied().find(|&l| near[usize::from(l)] == 0))
                    .unwrap_or_else(|| {
                        order
                            .iter()
                            .copied()
                            .min_by_key(|&l| near[usize::from(l)])
                            .unwrap_or(MID)
                    });
                chosen.push(pick);
            }
            (side, chosen)
        })
        .collect()
}

/// Whether this look paints the room's tiles (a theme with the room's
/// colours, with colour on).
pub(super) fn paints(look: Look) -> bool {
    look.color
        && look.theme.room_territory_black.is_some()
        && look.theme.room_territory_white.is_some()
        && look.theme.room_dead.is_some()
        && look.theme.white_fill.is_some()
}

/// Every point's tile over what count mode drew: the cell's whole
/// rectangle in the tile's colour, its mark (or a block's label) in the
/// middle; a dead stone's cross across the tile where it has the rows.
pub(super) fn paint(buf: &mut Buffer, cs: &CountState, look: Look, lay: &Layout) {
    let levels = levels(cs);
    for p in cs.session.board.points() {
        let g = cs.glyph(p);
        let block = match g {
            Glyph::Block(i, side) => levels
                .iter()
                .find(|(s, _)| *s == side)
                .and_then(|(_, v)| v.get(i).copied())
                .unwrap_or(LIGHT),
            _ => LIGHT,
        };
        let (Some((back, mark, ink)), Some(area)) = (tile(g, look, block), lay.cell_area(p)) else {
            continue;
        };
        let (c, r) = lay.cell_of(p);
        let (from_x, to_x) = (area.x, area.right() - 1);
        let (from_y, to_y) = (area.y, area.bottom() - 1);
        let plain = Style::default().bg(back).fg(ink);
        for y in from_y..=to_y {
            for x in from_x..=to_x {
                // Reset first: count mode's underline of counted stones
                // would draw a line through the tile.
                buf[(x, y)].reset();
                buf.set_string(x, y, " ", plain);
            }
        }
        // A stone of a group kifu is unsure of: a question mark on its
        // tile (the room sees the shape, not a colour).
        let label = match g {
            Glyph::Block(i, side) => crate::count::glyph::block_char(i, side),
            Glyph::Stone(_) | Glyph::CountedStone(_) if cs.is_unsure(p) => '?',
            _ => mark,
        };
        buf.set_string(c, r, label.to_string(), plain.add_modifier(Modifier::BOLD));
        if let Glyph::Block(i, side) = g {
            let edges = (from_x, to_x, from_y, to_y);
            separate(buf, cs, (p, i, side, block, ink), edges, &levels);
        }
        if matches!(g, Glyph::Dead(_) | Glyph::Prisoner(_)) && lay.ch >= 3 {
            // The cross's arms on the rows above and below.
            for (dy, l, rr) in [(0u16, '╲', '╱'), (2, '╱', '╲')] {
                let y = r + dy - 1;
                buf.set_string(c - 1, y, l.to_string(), plain);
                buf.set_string(c + 1, y, rr.to_string(), plain);
            }
        }
    }
}

/// Where a block touches an earlier block of the same level (every other
/// level taken round both: a dark block of black stones between White's
/// stones and the dame), a line along its edge on that side, in its
/// label's colour: the two read as two shapes.
fn separate(
    buf: &mut Buffer,
    cs: &CountState,
    (p, i, side, level, line): (Point, usize, Color, Level, Tc),
    (from_x, to_x, from_y, to_y): (u16, u16, u16, u16),
    levels: &[(Color, Vec<Level>)],
) {
    let size = cs.session.board.size();
    let level_of = |j: usize| {
        levels
            .iter()
            .find(|(s, _)| *s == side)
            .and_then(|(_, v)| v.get(j).copied())
    };
    for (dx, dy, sym) in [(-1i8, 0i8, "▏"), (1, 0, "▕"), (0, -1, "▔"), (0, 1, "▁")] {
        let (x, y) = (p.x as i8 + dx, p.y as i8 + dy);
        if x < 0 || y < 0 || x as u8 >= size || y as u8 >= size {
            continue;
        }
        let q = Point::new(x as u8, y as u8);
        let Glyph::Block(j, s) = cs.glyph(q) else {
            continue;
        };
        if s != side || j == i || level_of(j) != Some(level) {
            continue;
        }
        let cells: Vec<(u16, u16)> = match (dx, dy) {
            (-1, _) => (from_y..=to_y).map(|y| (from_x, y)).collect(),
            (1, _) => (from_y..=to_y).map(|y| (to_x, y)).collect(),
            (_, -1) => (from_x..=to_x).map(|x| (x, from_y)).collect(),
            _ => (from_x..=to_x).map(|x| (x, to_y)).collect(),
        };
        for (x, y) in cells {
            let cell = &mut buf[(x, y)];
            if cell.symbol() == " " {
                cell.set_symbol(sym).set_fg(line);
            }
        }
    }
}

/// The legend beside a board drawn for the room: each key a small tile
/// as the board draws it, the meaning's first words after it.
pub(super) fn legend(
    cs: &CountState,
    look: Look,
    reach: u16,
    lang: crate::i18n::Lang,
    style: Style,
) -> Vec<Line<'static>> {
    super::legend::legend_entries(cs, look, reach, lang)
        .into_iter()
        .map(|(g, key, meaning)| {
            let short = meaning
                .split([',', '(', '，', '（', '、'])
                .next()
                .unwrap_or("")
                .trim_end()
                .to_string();
            let tile = g.and_then(|g| tile(g, look, LIGHT).map(|t| (g, t)));
            let key = match tile {
                Some((Glyph::Block(_, c), (back, _, ink))) => ratatui::text::Span::styled(
                    format!(" {} ", crate::count::glyph::block_labels(c)),
                    Style::default().bg(back).fg(ink),
                ),
                Some((_, (back, mark, ink))) => ratatui::text::Span::styled(
                    format!(" {mark} "),
                    Style::default().bg(back).fg(ink),
                ),
                None => ratatui::text::Span::styled(key.unwrap_or_default(), style),
            };
            Line::from(vec![
                key,
                ratatui::text::Span::styled(format!(" {short}"), style),
            ])
        })
        .collect()
}
