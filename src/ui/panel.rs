//! The panel beside the board (the game, or the count with its legend)
//! and the status line under it.

use super::*;
use crate::i18n::{Lang, color_name};
use crate::text::wrap_columns;
use crate::tr;

use super::legend::{legend_lines, legend_styled};

pub(super) fn draw_panel(buf: &mut Buffer, app: &App, area: Rect, look: Look, reach: u16) {
    let mut lines = if let Some(cf) = &app.confirm() {
        confirmation_lines(app, cf)
    } else if let Some(cs) = shown_count(app) {
        count_lines(app, cs, area, look, reach)
    } else {
        game_lines(app, look)
    };
    // A game clock that still runs stays on screen over count mode too.
    if (app.confirm().is_some() || shown_count(app).is_some())
        && let Some(l) = super::clock::clock_line(app, look)
    {
        lines.insert(0, l);
    }
    if let Some(sh) = &app.sharing() {
        let n = sh.followers;
        lines.insert(
            0,
            Line::from(tr!(app.lang(), "share.panel", n = n, at = sh.at.clone())),
        );
    }
    for (k, l) in together_lines(app).into_iter().enumerate() {
        lines.insert(k, l);
    }
    for w in app.watching().iter().rev() {
        lines.insert(0, Line::from(w.clone()));
    }
    // A follower has no file and none of the presenter's keys.
    if app.watching().is_empty() {
        lines.extend(file_lines(app));
    }
    // The comment last: a long one is what gets cut at the panel's end.
    if shown_count(app).is_none() {
        lines.extend(comment_lines(app));
    }
    let lines = fit_wide(lines, area.width);
    let style = look.role(look.theme.panel);
    Paragraph::new(lines)
        .style(style)
        .wrap(Wrap { trim: true })
        .render_in(area, buf);
    resend_wide_rows(buf, area);
}

/// Lines too wide for the panel that hold a wide (CJK) character, wrapped
/// by columns here: ratatui's own wrap lets such a character start in the
/// panel's last column, and a terminal then wraps it onto the next row, at
/// the board's left edge (ratatui#2679). A line of one style keeps it.
fn fit_wide(lines: Vec<Line<'static>>, width: u16) -> Vec<Line<'static>> {
    use unicode_width::UnicodeWidthChar;
    let w = usize::from(width);
    lines
        .into_iter()
        .flat_map(|l| {
            let text: String = l.spans.iter().map(|s| s.content.as_ref()).collect();
            let wide = text.chars().any(|c| c.width().unwrap_or(0) > 1);
            if l.width() <= w || !wide || l.spans.len() > 1 {
                return vec![l];
            }
            let style = l.spans.first().map_or(l.style, |s| l.style.patch(s.style));
            crate::text::wrap_columns(&text, w)
                .into_iter()
                .map(|t| Line::styled(t, style))
                .collect()
        })
        .collect()
}

/// Counting together, as both seats see it: with whom, who accepted (in
/// words, never a colour alone), the last change and by whom, and the
/// agreement once both accepted.
fn together_lines(app: &App) -> Vec<Line<'static>> {
    let Some(t) = app.together() else {
        return Vec::new();
    };
    let lang = app.lang();
    let Some(name) = t.partner.clone() else {
        return vec![Line::from(tr!(lang, "tg.panel.waiting"))];
    };
    if let Some(result) = &t.agreed {
        return vec![Line::from(tr!(
            lang,
            "tg.panel.agreed",
            result = result.clone()
        ))];
    }
    let word = |yes: bool| tr!(lang, if yes { "tg.panel.yes" } else { "tg.panel.no" });
    let mut lines = vec![Line::from(tr!(
        lang,
        "tg.panel.with",
        name = name.clone(),
        host = word(t.host_accepted),
        partner = word(t.partner_accepted)
    ))];
    // Agreeing on a game that does not look finished is allowed (the
    // judge may be wrong), never unsaid.
    if let Some(cs) = app.count().as_ref()
        && !cs.session.finished
    {
        let n = cs.session.undecided;
        lines.push(Line::from(tr!(lang, "tg.panel.unfinished", n = n)));
    }
    if let Some((who, at)) = &t.last
        && let Some(p) = crate::game::Point::from_sgf(at)
    {
        let who = match who {
            crate::app::together::Who::Host => tr!(lang, "tg.panel.host"),
            crate::app::together::Who::Partner => name,
        };
        let at = app.point_text(p);
        lines.push(Line::from(tr!(lang, "tg.panel.last", who = who, at = at)));
    }
    lines
}

/// The game: the players, the rules, the move, captures, clocks, ko.
fn game_lines(app: &App, look: Look) -> Vec<Line<'static>> {
    let rec = app.record();
    let info = &rec.info;
    let name = crate::text::player;
    let lang = app.lang();
    let last = match rec.node(rec.current()).mv {
        Some((c, mv)) => format!("{} {}", color_name(lang, c), app.move_text(mv)),
        None => tr!(lang, "panel.last.none"),
    };
    let mut lines = vec![
        Line::from(tr!(
            lang,
            "panel.black",
            name = name(&info.black, &info.black_rank)
        )),
        Line::from(tr!(
            lang,
            "panel.white",
            name = name(&info.white, &info.white_rank)
        )),
        Line::from(tr!(
            lang,
            "panel.terms",
            rules = rec.rules.title(lang),
            komi = crate::game::result::format_points(rec.komi())
        )),
        Line::from(tr!(
            lang,
            "panel.move",
            n = rec.move_number(),
            side = color_name(lang, rec.to_move())
        )),
        // Where the move shown stands, always: the main line, or which
        // variation from which move.
        Line::from(match rec.place(rec.current()).variation {
            None => tr!(lang, "panel.main"),
            Some(v) => tr!(
                lang,
                "panel.variation",
                i = v.number,
                n = v.of,
                from = v.from_move
            ),
        }),
        Line::from(tr!(lang, "panel.last", last = last)),
        Line::from(tr!(
            lang,
            "panel.captures",
            b = rec.board().captures(Color::Black),
            w = rec.board().captures(Color::White)
        )),
    ];
    // With colour the cursor is the terminal's own, so the panel names its
    // point; without colour the brackets on the board show it already.
    if look.color {
        lines.insert(
            6,
            Line::from(tr!(lang, "panel.cursor", at = app.point_text(app.cursor()))),
        );
    }

    if let Some(r) = &info.result {
        let r = printable(&r.to_string()).into_owned();
        lines.push(Line::from(tr!(lang, "panel.result", result = r)));
    }
    lines.extend(super::clock::clock_lines(app, look));
    if let Some((p, _)) = rec.board().ko_point() {
        lines.push(Line::from(tr!(lang, "panel.ko", at = app.point_text(p))));
    }
    lines
}

/// Confirmation play: who moves, the kos waiting for a pass.
fn confirmation_lines(app: &App, cf: &crate::app::confirm::Confirmation) -> Vec<Line<'static>> {
    let size = cf.board.size();
    let lang = app.lang();
    let mut lines = vec![
        Line::from(tr!(lang, "confirm.title")),
        Line::from(tr!(lang, "confirm.not_recorded")),
        Line::from(tr!(
            lang,
            "confirm.to_move",
            side = color_name(lang, cf.to_move)
        )),
        Line::from(app.record().rules.title(lang)),
    ];
    for (c, k) in &cf.banned {
        lines.push(Line::from(tr!(
            lang,
            "confirm.ko",
            side = color_name(lang, *c),
            at = k.to_gtp(size)
        )));
    }
    lines.push(Line::from(tr!(lang, "confirm.keys")));
    lines
}

/// Count mode: the count, and the legend when the panel has room for it,
/// else the key to it.
fn count_lines(
    app: &App,
    cs: &CountState,
    area: Rect,
    look: Look,
    reach: u16,
) -> Vec<Line<'static>> {
    let lang = app.lang();
    let mut lines = count_panel(cs, lang);
    if let Some(t) = app.engine_thinking() {
        // A spinner that reads without colour: the seconds go up.
        let t = format!("{t:.1}");
        lines.insert(1, Line::from(tr!(lang, "panel.katago_thinking", t = t)));
    }
    let legend = legend_styled(cs, look, reach, lang);
    let width = usize::from(area.width.max(1));
    let used: usize = lines.iter().map(|l| l.width().div_ceil(width).max(1)).sum();
    let need: usize = legend
        .iter()
        .map(|l| l.width().div_ceil(width).max(1))
        .sum();
    if used + need + 3 <= usize::from(area.height) {
        lines.push(Line::from(tr!(lang, "panel.legend")));
        lines.extend(legend);
    } else if app.watching().is_empty() {
        // (A follower's keys are its own: its status line says them.)
        lines.push(Line::from(tr!(lang, "panel.legend.key")));
    }
    lines
}

/// What a save will do to the file, and why it would ask; the file's name
/// and the keys.
fn file_lines(app: &App) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    if let Some(src) = &app.source() {
        if src.games.len() > 1 {
            lines.push(Line::from(tr!(
                app.lang(),
                "panel.game_of",
                i = src.index + 1,
                n = src.games.len(),
                all = src.written()
            )));
        }
        if src.repaired {
            lines.push(Line::from(tr!(app.lang(), "panel.repaired", n = src.notes)));
        } else if src.lossy() {
            lines.push(Line::from(tr!(app.lang(), "panel.unreadable")));
        }
    }
    let file = match &app.path() {
        Some(p) => p
            .file_name()
            .map(|f| printable(&f.to_string_lossy()).into_owned())
            .unwrap_or_default(),
        None => crate::tr!(app.lang(), "panel.no_file"),
    };
    lines.push(Line::from(format!(
        "{file}{}",
        if app.dirty() { " *" } else { "" }
    )));
    lines.push(Line::from(app.hint_line()));
    lines
}

/// The game comment (at the root) and the move's comment.
fn comment_lines(app: &App) -> Vec<Line<'static>> {
    let rec = app.record();
    let node = rec.node(rec.current());
    let comments = [
        (
            "panel.game_comment",
            rec.info
                .game_comment
                .as_ref()
                .filter(|_| rec.current() == rec.root()),
        ),
        ("panel.comment", node.comment.as_ref()),
    ];
    let mut lines = Vec::new();
    for (key, text) in comments {
        for (i, l) in text.iter().flat_map(|t| t.lines()).enumerate() {
            let l = printable(l);
            lines.push(Line::from(if i == 0 {
                crate::tr!(app.lang(), key, text = l)
            } else {
                format!("  {l}")
            }));
        }
    }
    lines
}

/// Presenting a count: the step's caption, the game's result (and
/// whether the walkthrough shown is the game's count or a comparison),
/// the result again in large digits where there is room, and the legend;
/// in black on the board's colour, in a column beside the board (or in
/// the rows under it when the terminal is narrow).
fn draw_presentation_status(
    buf: &mut Buffer,
    cs: &CountState,
    area: Rect,
    look: Look,
    reach: u16,
    lang: Lang,
    beside: bool,
) {
    let legend: Vec<String> = legend_lines(cs, look, reach, lang)
        .into_iter()
        .filter(|l| !l.starts_with("? "))
        .map(|l| {
            // The key and the meaning's first words: "x dead black stone".
            l.split([',', '(', '，', '（', '、'])
                .next()
                .unwrap_or("")
                .trim()
                .to_string()
        })
        .collect();
    // Black on the white stones' fill (21:1 in the projector theme), so
    // the caption reads across a room; on the board's colour where a
    // theme has no fill.
    let style = if look.color {
        let paper = look.theme.white_fill.or(look.theme.board);
        fg(bg(Style::default(), paper), look.theme.black)
    } else {
        Style::default()
    };
    let width = usize::from(area.width);
    let wrap = |t: &str| wrap_columns(t, width);
    let mut top: Vec<String> = cs.caption(lang).iter().flat_map(|c| wrap(c)).collect();
    let results: Vec<String> = super::count_panel::presented_results(cs, lang)
        .iter()
        .flat_map(|t| wrap(t))
        .collect();
    let mut legend_rows: Vec<String> = if beside {
        Vec::new()
    } else {
        wrap(&legend.join("  "))
    };
    let legend_lines: Vec<Line> = if beside {
        short_legend(cs, look, reach, lang, style)
    } else {
        Vec::new()
    };
    let big = super::clock::big_text(&cs.result().to_string(), look.unicode);
    let big_width = big[0].chars().count();
    let gap = usize::from(beside);
    let rows = usize::from(area.height);
    let needed = top.len() + results.len() + legend_rows.len() + 2 * gap;
    if beside {
        top.push(String::new());
    }
    top.extend(results);
    // The result in large digits, when the room has it (the back row),
    // with a margin of paper round them so no digit touches the edge.
    if big_width + 4 <= width && needed + big.len() + 1 < rows {
        top.push(String::new());
        top.extend(big.iter().map(|r| format!("  {r}  ")));
    }
    if beside {
        top.push(String::new());
    }
    top.append(&mut legend_rows);
    let mut lines: Vec<Line> = top.into_iter().map(|l| Line::styled(l, style)).collect();
    lines.extend(legend_lines);
    // The paper as tall as its text and a row of margin, not the whole
    // column: no empty box under the legend.
    let used = (lines.len() as u16 + 1).min(area.height);
    let paper = Rect::new(area.x, area.y, area.width, used);
    buf.set_style(paper, style);
    Paragraph::new(lines).style(style).render_in(paper, buf);
    resend_wide_rows(buf, area);
}

/// Beside the board: each key in its board colours, one per line, the
/// meaning's first words after it in `style`.
fn short_legend(
    cs: &CountState,
    look: Look,
    reach: u16,
    lang: Lang,
    style: Style,
) -> Vec<Line<'static>> {
    if reach > 0 && super::room::paints(look) {
        return super::room::legend(cs, look, reach, lang, style);
    }
    legend_styled(cs, look, reach, lang)
        .into_iter()
        .map(|mut l| {
            if let Some(last) = l.spans.last_mut() {
                let short = last
                    .content
                    .split([',', '(', '，', '（', '、'])
                    .next()
                    .unwrap_or("")
                    .trim_end()
                    .to_string();
                last.content = short.into();
                last.style = style;
            }
            l
        })
        .collect()
}

pub(super) fn draw_status(
    buf: &mut Buffer,
    app: &App,
    area: Rect,
    look: Look,
    reach: u16,
    beside: bool,
) {
    if app.presentation()
        && let (Mode::Count, Some(cs)) = (&app.mode(), &app.count())
    {
        draw_presentation_status(buf, cs, area, look, reach, app.lang(), beside);
        return;
    }
    let caption = match (&app.mode(), &app.count()) {
        (Mode::Count, Some(cs)) => cs.caption(app.lang()),
        _ => None,
    };
    let text = match &app.mode() {
        _ if caption.is_some() => caption.unwrap_or_default(),
        Mode::Command(t) => format!(":{t}_"),
        // In count mode a typed point is shown, never played or marked.
        Mode::Coordinate(t) if *app.base() == Mode::Count => {
            tr!(app.lang(), "status.show_at", typed = t)
        }
        Mode::Coordinate(t) => tr!(app.lang(), "status.play_at", typed = t),
        _ => app
            .message()
            .as_deref()
            .map(|m| printable(m).into_owned())
            .unwrap_or_default(),
    };
    let style = look.role(look.theme.message);
    // Wrapped by columns here: ratatui's wrapping lets a wide (CJK)
    // character start in the last column, half of it off the screen.
    let lines: Vec<Line> = wrap_columns(&text, usize::from(area.width))
        .into_iter()
        .map(Line::from)
        .collect();
    Paragraph::new(lines).style(style).render_in(area, buf);
    resend_wide_rows(buf, area);
}
