//! The legend of the count on screen: each glyph now on the board, its key
//! as this look draws it and its meaning; as text, and styled as the
//! board draws each key.

use super::board::glyph_char;
use super::*;
use crate::i18n::Lang;
use crate::tr;

/// The legend of the count on screen: each glyph now on the board with
/// its character in this look, as drawn at this stone size (`reach`: half
/// a stone's width in columns, 0 for one glyph).
pub fn legend_lines(cs: &CountState, look: Look, reach: u16, lang: Lang) -> Vec<String> {
    legend_entries(cs, look, reach, lang)
        .into_iter()
        .map(|(_, key, meaning)| match key {
            Some(k) => format!("{k} {meaning}"),
            None => meaning,
        })
        .collect()
}

/// The legend as lines to draw: each key in the colours the board draws
/// it with (a black stone black on the wood, never the terminal's own
/// foreground, which on a dark terminal is light), its meaning plain.
pub(super) fn legend_styled(
    cs: &CountState,
    look: Look,
    reach: u16,
    lang: Lang,
) -> Vec<Line<'static>> {
    legend_entries(cs, look, reach, lang)
        .into_iter()
        .map(|(g, key, meaning)| match (g, key) {
            (Some(g), Some(k)) => Line::from(vec![
                ratatui::text::Span::styled(k, sample_style(g, look)),
                ratatui::text::Span::raw(format!(" {meaning}")),
            ]),
            (_, k) => Line::from(match k {
                Some(k) => format!("{k} {meaning}"),
                None => meaning,
            }),
        })
        .collect()
}

/// The style of a legend key: the glyph's on the board's wood.
fn sample_style(g: Glyph, look: Look) -> Style {
    if !look.color {
        return Style::default();
    }
    let t = &look.theme;
    let wood = fg(bg(Style::default(), t.board), t.grid);
    match g {
        Glyph::Stone(Color::Black) | Glyph::CountedStone(Color::Black) => fg(wood, t.black),
        Glyph::Stone(Color::White) | Glyph::CountedStone(Color::White) => match t.white_fill {
            Some(fill) => fg(wood, t.white).bg(fill),
            None => fg(wood, t.white),
        },
        g => super::board::glyph_cell(g, ('.', '.'), wood, look).1,
    }
}

/// Each legend entry: the glyph, its key as drawn, its meaning.
pub(super) fn legend_entries(
    cs: &CountState,
    look: Look,
    reach: u16,
    lang: Lang,
) -> Vec<(Option<Glyph>, Option<String>, String)> {
    let big = look.unicode && reach > 0;
    let steps = cs.steps();
    steps
        .legend(cs.view, cs.step)
        .into_iter()
        .map(|g| {
            let sample =
                match g {
                    Glyph::Stone(Color::Black) | Glyph::CountedStone(Color::Black) => {
                        if look.unicode { '●' } else { 'X' }
                    }
                    Glyph::Stone(Color::White) | Glyph::CountedStone(Color::White) => {
                        if look.unicode { '○' } else { 'O' }
                    }
                    _ => glyph_char(g, ('.', '.'), look),
                };
            let key = match g {
                // Stones across their cells, as the board draws them.
                Glyph::Stone(Color::Black) | Glyph::CountedStone(Color::Black) if big => {
                    "▐█▌".to_string()
                }
                Glyph::Stone(Color::White) | Glyph::CountedStone(Color::White) if big => {
                    match (reach, look.color && look.theme.white_fill.is_some()) {
                        (_, true) => " ○ ",
                        (1, false) => "▕○▏",
                        _ => "╭─╮",
                    }
                    .to_string()
                }
                Glyph::Dead(_) | Glyph::Prisoner(_) if big => {
                    let edge = if reach == 1 { '┊' } else { '┆' };
                    format!("{edge}{}{edge}", g.letter())
                }
                Glyph::Block(_, c) => crate::count::glyph::block_labels(c).to_string(),
                // As the board draws an empty point: the grid, or a star.
                Glyph::Empty if look.unicode => "┼ ╋".to_string(),
                Glyph::Empty => ". +".to_string(),
                Glyph::CountedStone(_) => tr!(lang, "legend.underlined", sample = sample),
                _ => sample.to_string(),
            };
            (Some(g), Some(key), g.meaning(lang).to_string())
        })
        .chain((!cs.unsure().is_empty()).then(|| (None, None, tr!(lang, "legend.unsure"))))
        .collect()
}
