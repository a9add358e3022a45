//! What fills cells with colour on the board: a white stone's inside,
//! territory, the tiles of blocks of ten (each block one shape, in two
//! shades where blocks touch).

use super::*;
use crate::ui::layout::Layout;

/// Each side's blocks of ten on the board, with the shade of each.
pub(super) fn shades_shown(app: &App) -> Vec<(Color, Vec<u8>)> {
    shown_count(app)
        .map(|cs| {
            cs.steps()
                .blocks(cs.step)
                .into_iter()
                .map(|(c, blocks)| (c, crate::count::steps::block_shades(blocks)))
                .collect()
        })
        .unwrap_or_default()
}

/// Whether `side`'s block `i` takes the other shade (`block_alt`).
pub(super) fn in_alt_shade(shades: &[(Color, Vec<u8>)], side: Color, i: usize) -> bool {
    shades
        .iter()
        .find(|(s, _)| *s == side)
        .and_then(|(_, v)| v.get(i))
        .is_some_and(|&s| s == 1)
}

/// A white stone across its cells, filled as solidly as a black one where
/// the theme gives it a fill: at 4x2 the fill between two half cells of
/// its edge colour (`▐██▌` reversed at the ends), larger its outline on the
/// fill. Without a fill (print, NO_COLOR) it stays an outline.
pub(super) fn fill_white_stone(
    buf: &mut Buffer,
    look: Look,
    (c, r): (u16, u16),
    reach: u16,
    st: Style,
) {
    let (Some(fill), true) = (look.theme.white_fill, look.color) else {
        return;
    };
    let edge = look.theme.white.unwrap_or(Tc::Black);
    if reach == 1 {
        let end = Style::default().fg(fill).bg(edge);
        buf.set_string(c - 1, r, "▐", end);
        buf.set_string(c, r, "█", st.fg(fill));
        buf.set_string(c + 1, r, "▌", end);
    } else {
        let area = Rect::new(c - reach, r - 1, 2 * reach + 1, 3);
        buf.set_style(area, Style::default().bg(fill));
    }
}

/// Territory with colour: each point's whole cell (the space up to the
/// next point) takes its owner's background, so an area reads as one
/// surface from the back of a room; the grid stays drawn on it. A block
/// of ten the same, in its tile's shade: each block one shape.
pub(super) fn fill_territory(
    buf: &mut Buffer,
    cs: &CountState,
    look: Look,
    lay: &Layout,
    shades: &[(Color, Vec<u8>)],
) {
    for p in cs.session.board.points() {
        // A dead stone's point is its taker's territory: filled as such,
        // the dead stone's outline on it.
        let style = match cs.glyph(p) {
            Glyph::Territory(owner) => territory_fill(look, owner),
            Glyph::Dead(c) | Glyph::Prisoner(c) => territory_fill(look, c.opponent()),
            Glyph::Block(i, side) => {
                let alt = in_alt_shade(shades, side, i);
                let tile = if alt {
                    look.theme.block_alt
                } else {
                    look.theme.block
                };
                tile.map(|t| Style::default().bg(t))
            }
            _ => None,
        };
        let Some(style) = style else { continue };
        if let Some(area) = lay.cell_area(p) {
            buf.set_style(area, style);
        }
    }
}

/// The background of `owner`'s territory: on Black's dark fill the grid
/// in the wood's colour (a dark surface ruled by the board, never a black
/// stone).
fn territory_fill(look: Look, owner: Color) -> Option<Style> {
    match owner {
        Color::Black => look
            .theme
            .territory_black
            .map(|f| fg(Style::default(), look.theme.board).bg(f)),
        Color::White => look.theme.territory_white.map(|f| Style::default().bg(f)),
    }
}
