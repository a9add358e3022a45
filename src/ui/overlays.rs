//! The overlays drawn over the board: the game information form, the
//! legend and the help.

use super::*;
use crate::tr;

/// The frame of an overlay: line characters, or 7-bit ones in ASCII.
/// Clears the rectangle an overlay covers, and a wide (CJK) character
/// just left of it: half under the overlay's border, the terminal would
/// keep showing it there (ratatui skips the cell a wide character covers).
fn clear(frame: &mut Frame, rect: Rect) {
    frame.render_widget(Clear, rect);
    if rect.x == 0 {
        return;
    }
    let buf = frame.buffer_mut();
    for y in rect.y..rect.bottom() {
        let left = &mut buf[(rect.x - 1, y)];
        if unicode_width::UnicodeWidthStr::width(left.symbol()) > 1 {
            left.set_symbol(" ");
        }
    }
}

pub(super) fn overlay_block(title: &str, look: Look) -> Block<'_> {
    Block::default()
        .borders(Borders::ALL)
        .border_set(if look.unicode {
            ratatui::symbols::border::PLAIN
        } else {
            ASCII_BORDER
        })
        .title(title)
}

pub(super) fn draw_info(
    frame: &mut Frame,
    area: Rect,
    look: Look,
    form: &crate::app::info::InfoForm,
    lang: crate::i18n::Lang,
) {
    // The labels padded to one width in columns (a CJK character is two).
    let width = form
        .fields
        .iter()
        .map(|(f, _)| unicode_width::UnicodeWidthStr::width(f.label(lang).as_str()))
        .max()
        .unwrap_or(0);
    let mut lines: Vec<Line> = form
        .fields
        .iter()
        .enumerate()
        .map(|(i, (f, v))| {
            let here = i == form.selected;
            let note = match f {
                crate::app::info::Field::Komi => format!("  ({})", tr!(lang, form.komi_source)),
                _ => String::new(),
            };
            let label = f.label(lang);
            let pad = width.saturating_sub(unicode_width::UnicodeWidthStr::width(label.as_str()));
            let text = format!(
                "{} {label}{} {}{}{note}",
                if here { '>' } else { ' ' },
                " ".repeat(pad),
                printable(v),
                if here { "_" } else { "" }
            );
            if here && look.color {
                Line::styled(text, Style::default().add_modifier(Modifier::REVERSED))
            } else {
                Line::from(text)
            }
        })
        .collect();
    lines.push(Line::from(""));
    if !form.board_editable {
        lines.push(Line::from(tr!(lang, "form.fixed_board")));
    }
    lines.push(Line::from(tr!(lang, "form.keys")));
    let w = area.width.min(60);
    // The notes below the fields wrap (a long language's sentence would
    // be cut at the frame): each line takes the rows its width needs.
    let inner = usize::from(w.saturating_sub(2).max(1));
    let rows: usize = lines.iter().map(|l| l.width().div_ceil(inner).max(1)).sum();
    let h = u16::try_from(rows + 2).unwrap_or(u16::MAX).min(area.height);
    let rect = Rect::new(
        area.x + (area.width - w) / 2,
        area.y + 1.min(area.height - h),
        w,
        h,
    );
    clear(frame, rect);
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(overlay_block(
                &format!(" {} ", tr!(lang, "form.title")),
                look,
            )),
        rect,
    );
    super::resend_wide_rows(frame.buffer_mut(), rect);
}

/// Box borders in 7-bit characters, for terminals without Unicode.
pub(super) const ASCII_BORDER: ratatui::symbols::border::Set = ratatui::symbols::border::Set {
    top_left: "+",
    top_right: "+",
    bottom_left: "+",
    bottom_right: "+",
    vertical_left: "|",
    vertical_right: "|",
    horizontal_top: "-",
    horizontal_bottom: "-",
};

/// Count mode's legend as an overlay (`L`), for a terminal whose panel has
/// no room for it.
pub(super) fn draw_legend(frame: &mut Frame, area: Rect, look: Look, app: &App, reach: u16) {
    let Some(cs) = app.count().as_ref() else {
        return;
    };
    let mut lines: Vec<Line> = super::legend::legend_styled(cs, look, reach, app.lang());
    lines.push(Line::from(""));
    lines.push(Line::from(crate::tr!(app.lang(), "legend.close")));
    let h = (lines.len() as u16 + 2).min(area.height);
    let w = area.width.min(64);
    let rect = Rect::new(area.x + (area.width - w) / 2, area.y, w, h);
    clear(frame, rect);
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .block(overlay_block(&crate::tr!(app.lang(), "legend.title"), look)),
        rect,
    );
    super::resend_wide_rows(frame.buffer_mut(), rect);
}

pub(super) fn draw_help(frame: &mut Frame, area: Rect, look: Look, app: &App) {
    let scope = app.lang().text(match app.scope() {
        crate::app::action::Scope::Record => "scope.record",
        crate::app::action::Scope::Count => "scope.count",
        crate::app::action::Scope::Confirm => "scope.confirm",
        crate::app::action::Scope::Handicap => "scope.handicap",
    });
    let title = crate::tr!(app.lang(), "help.title", scope = scope);
    let lines: Vec<Line> = app
        .help_lines()
        .into_iter()
        .map(|(k, h)| {
            // Padded by columns: a CJK key word is two columns a character.
            let pad = 16usize.saturating_sub(unicode_width::UnicodeWidthStr::width(k.as_str()));
            Line::from(format!("{k}{} {h}", " ".repeat(pad)))
        })
        .collect();
    let inner = area.height.saturating_sub(3);
    let more = lines.len() as u16 > inner;
    // Scrolled no further than the last line.
    let top = app
        .help_scroll()
        .min((lines.len() as u16).saturating_sub(inner));
    let mut shown: Vec<Line> = lines.into_iter().skip(usize::from(top)).collect();
    shown.truncate(usize::from(inner));
    shown.push(Line::from(if more {
        crate::tr!(app.lang(), "help.scroll")
    } else {
        crate::tr!(app.lang(), "help.close")
    }));
    let h = (shown.len() as u16 + 2).min(area.height);
    let w = area.width.min(78);
    let rect = Rect::new(area.x + (area.width - w) / 2, area.y, w, h);
    clear(frame, rect);
    frame.render_widget(
        Paragraph::new(shown).block(overlay_block(&title, look)),
        rect,
    );
    super::resend_wide_rows(frame.buffer_mut(), rect);
}
