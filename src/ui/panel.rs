//! The panel beside the board (the game, or the count with its legend)
//! and the status line under it.

use super::*;
use crate::count::score::stones_by;
use crate::i18n::{Lang, color_name};
use crate::tr;
use unicode_width::UnicodeWidthStr;

/// The legend of the count on screen: each glyph now on the board with
/// its character in this look, as drawn at this stone size (`reach`: half
/// a stone's width in columns, 0 for one glyph).
pub fn legend_lines(cs: &CountState, look: Look, reach: u16, lang: Lang) -> Vec<String> {
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
                    if reach == 1 { "▕○▏" } else { "╭─╮" }.to_string()
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
            format!("{key} {}", g.meaning(lang))
        })
        .chain((!cs.unsure().is_empty()).then(|| tr!(lang, "legend.unsure")))
        .collect()
}

pub(super) fn draw_panel(buf: &mut Buffer, app: &App, area: Rect, look: Look, reach: u16) {
    let mut lines = if let Some(cf) = &app.confirm {
        confirmation_lines(app, cf)
    } else if let Some(cs) = shown_count(app) {
        count_lines(app, cs, area, look, reach)
    } else {
        game_lines(app, look)
    };
    // A game clock that still runs stays on screen over count mode too.
    if (app.confirm.is_some() || shown_count(app).is_some())
        && let Some(l) = super::clock::clock_line(app, look)
    {
        lines.insert(0, l);
    }
    lines.extend(file_lines(app));
    // The comment last: a long one is what gets cut at the panel's end.
    if shown_count(app).is_none() {
        lines.extend(comment_lines(app));
    }
    let style = look.role(look.theme.panel);
    Paragraph::new(lines)
        .style(style)
        .wrap(Wrap { trim: true })
        .render_in(area, buf);
}

/// The game: the players, the rules, the move, captures, clocks, ko.
fn game_lines(app: &App, look: Look) -> Vec<Line<'static>> {
    let rec = &app.record;
    let info = &rec.info;
    let name = crate::text::player;
    let lang = app.lang;
    let last = match rec.node(rec.current()).mv {
        Some((c, mv)) => format!("{} {}", color_name(lang, c), app.move_text(mv)),
        None => tr!(lang, "panel.last.none"),
    };
    let (vi, vn) = rec.variation_index();
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
            5,
            Line::from(tr!(lang, "panel.cursor", at = app.point_text(app.cursor))),
        );
    }
    if vn > 1 {
        lines.push(Line::from(tr!(lang, "panel.variation", i = vi, n = vn)));
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
    let mut lines = vec![
        Line::from("CONFIRMATION PLAY"),
        Line::from("(not recorded in the game)"),
        Line::from(format!("{} to move", cf.to_move.name())),
        Line::from(format!("{} rules", app.record.rules.name())),
    ];
    for (c, k) in &cf.banned {
        lines.push(Line::from(format!(
            "{} may not retake {} before passing",
            c.name(),
            k.to_gtp(size)
        )));
    }
    lines.push(Line::from("p pass  Esc: end, mark the result"));
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
    let lang = app.lang;
    let mut lines = count_panel(cs, lang);
    if let Some(t) = app.engine_thinking {
        // A spinner that reads without colour: the seconds go up.
        lines.insert(1, Line::from(format!("KataGo: thinking ({t:.1} s)")));
    }
    let legend = legend_lines(cs, look, reach, lang);
    let width = usize::from(area.width.max(1));
    let used: usize = lines.iter().map(|l| l.width().div_ceil(width).max(1)).sum();
    let need: usize = legend
        .iter()
        .map(|l| UnicodeWidthStr::width(l.as_str()).div_ceil(width).max(1))
        .sum();
    if used + need + 3 <= usize::from(area.height) {
        lines.push(Line::from(tr!(lang, "panel.legend")));
        lines.extend(legend.into_iter().map(Line::from));
    } else {
        lines.push(Line::from(tr!(lang, "panel.legend.key")));
    }
    lines
}

/// What a save will do to the file, and why it would ask; the file's name
/// and the keys.
fn file_lines(app: &App) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    if let Some(src) = &app.source {
        if src.games.len() > 1 {
            lines.push(Line::from(format!(
                "Game {} of {} (a save writes all {})",
                src.index + 1,
                src.games.len(),
                src.games.iter().filter(|g| g.is_some()).count()
            )));
        }
        if src.repaired {
            lines.push(Line::from(format!(
                "Repaired on reading ({} notes): a save over it asks",
                src.notes
            )));
        } else if src.lossy() {
            lines.push(Line::from("Some games unreadable: a save over it asks"));
        }
    }
    let file = match &app.path {
        Some(p) => p
            .file_name()
            .map(|f| printable(&f.to_string_lossy()).into_owned())
            .unwrap_or_default(),
        None => "(no file)".into(),
    };
    lines.push(Line::from(format!(
        "{file}{}",
        if app.dirty { " *" } else { "" }
    )));
    lines.push(Line::from(app.hint_line()));
    lines
}

/// The game comment (at the root) and the move's comment.
fn comment_lines(app: &App) -> Vec<Line<'static>> {
    let rec = &app.record;
    let node = rec.node(rec.current());
    let comments = [
        (
            "Game",
            rec.info
                .game_comment
                .as_ref()
                .filter(|_| rec.current() == rec.root()),
        ),
        ("Comment", node.comment.as_ref()),
    ];
    let mut lines = Vec::new();
    for (label, text) in comments {
        for (i, l) in text.iter().flat_map(|t| t.lines()).enumerate() {
            let l = printable(l);
            lines.push(Line::from(if i == 0 {
                format!("{label}: {l}")
            } else {
                format!("  {l}")
            }));
        }
    }
    lines
}

pub(super) fn count_panel(cs: &CountState, lang: Lang) -> Vec<Line<'static>> {
    let c = &cs.session.count;
    let steps = cs.view.steps();
    let view = cs.view.title(lang);
    let mut lines = vec![
        Line::from(if cs.step_number() > 0 {
            tr!(
                lang,
                "panel.count.step",
                view = view,
                i = cs.step_number(),
                n = steps
            )
        } else {
            tr!(lang, "panel.count", view = view)
        }),
        // The result of the game's own rules first, named.
        Line::from(result_line(cs, lang)),
    ];
    lines.extend(view_lines(cs, lang));
    lines.push(Line::from(tr!(
        lang,
        "panel.dead",
        b = cs.session.class.dead_count(Color::Black),
        w = cs.session.class.dead_count(Color::White),
    )));
    // Advice only where it changes the count.
    let (b, w) = (&c.black, &c.white);
    match cs.view {
        View::Area if c.dame > 0 => {
            lines.push(Line::from(match c.first_to_fill {
                Some(first) => {
                    tr!(
                        lang,
                        "panel.dame",
                        n = c.dame,
                        first = color_name(lang, first)
                    )
                }
                None => tr!(lang, "panel.dame.marked", n = c.dame),
            }));
        }
        View::Territory if b.to_fill + w.to_fill > 0 => {
            let n = b.to_fill + w.to_fill;
            lines.push(Line::from(if n == 1 {
                tr!(lang, "panel.fill.one")
            } else {
                tr!(lang, "panel.fill", n = n)
            }));
        }
        _ => {}
    }
    lines.extend(running_totals(cs, lang));
    lines.extend(cs.differences(lang).into_iter().map(Line::from));
    lines.extend(unsure_line(cs, lang));
    lines
}

/// "Result under Japanese rules: B+3.5".
fn result_line(cs: &CountState, lang: Lang) -> String {
    tr!(
        lang,
        "panel.count.result",
        rules = cs.session.terms.rules.title(lang),
        result = cs.result()
    )
}

/// The view's sums: area against half the board, or territory with
/// prisoners and komi; the other view's result as a comparison.
fn view_lines(cs: &CountState, lang: Lang) -> Vec<Line<'static>> {
    use crate::game::result::format_points as f;
    let c = &cs.session.count;
    let (b, w) = (&c.black, &c.white);
    let area_result = GameResult::from_margin(c.area.margin);
    let terr_result = GameResult::from_margin(c.territory.margin);
    match cs.view {
        View::Area => {
            let half = c.area.half;
            // The terms shown are those this count has: dame filled in
            // turn, half the seki points.
            let shared_points = c.seki_liberties + c.dame_shared;
            let share = f(shared_points as f64 / 2.0);
            let mut head = tr!(lang, "panel.area");
            let filled = c.dame_filled[0] + c.dame_filled[1] > 0;
            if filled {
                head.push_str(&tr!(lang, "panel.area.dame"));
            }
            if shared_points > 0 {
                head.push_str(&tr!(lang, "panel.area.shared"));
            }
            let sum = |name: String, s: &crate::count::score::Side, color: Color, total: f64| {
                let mut t = format!(" {name} {} + {}", s.stones, s.area - s.stones);
                if filled {
                    t.push_str(&format!(" + {}", c.dame_filled[color.index()]));
                }
                if shared_points > 0 {
                    t.push_str(&format!(" + {share}"));
                }
                Line::from(format!("{t} = {}", f(total)))
            };
            vec![
                Line::from(head),
                sum(tr!(lang, "panel.b"), b, Color::Black, c.area.black),
                sum(tr!(lang, "panel.w"), w, Color::White, c.area.white),
                Line::from(tr!(
                    lang,
                    "panel.area.needs",
                    half = f(half),
                    comp = f(c.area.compensation),
                    target = f(half + c.area.compensation)
                )),
                Line::from(format!(
                    " {area_result} ({})",
                    stones_by(lang, c.area.margin_stones)
                )),
                Line::from(tr!(lang, "panel.territory.cmp", result = terr_result)),
            ]
        }
        View::Territory => vec![
            Line::from(tr!(lang, "panel.territory")),
            Line::from(tr!(
                lang,
                "panel.territory.b",
                territory = b.territory,
                prisoners = b.prisoners,
                total = f(c.territory.black)
            )),
            Line::from(tr!(
                lang,
                "panel.territory.w",
                territory = w.territory,
                prisoners = w.prisoners,
                komi = f(c.komi),
                total = f(c.territory.white)
            )),
            Line::from(format!(" {terr_result}")),
            Line::from(tr!(lang, "panel.area.cmp", result = area_result)),
        ],
    }
}

/// The running totals of the blocks of ten the step counts (the same
/// blocks the board draws).
fn running_totals(cs: &CountState, lang: Lang) -> Vec<Line<'static>> {
    let blocks = cs.steps().blocks(cs.step);
    let both = blocks.len() > 1;
    blocks
        .into_iter()
        .map(|(c, blocks)| {
            let totals: Vec<String> = blocks
                .iter()
                .enumerate()
                .map(|(i, b)| format!("{}:{}", crate::count::glyph::block_char(i, c), b.total))
                .collect();
            let label = if both {
                color_name(lang, c)
            } else {
                tr!(lang, "panel.running")
            };
            Line::from(format!("{label}: {}", totals.join(" ")))
        })
        .collect()
}

/// The chains kifu's proposal is unsure of, by their first stone.
fn unsure_line(cs: &CountState, lang: Lang) -> Option<Line<'static>> {
    if cs.unsure().is_empty() {
        return None;
    }
    let size = cs.session.board.size();
    let mut heads: Vec<String> = Vec::new();
    for &p in &cs.unsure() {
        let chain = cs.session.board.chain(p);
        let first = chain
            .iter()
            .min_by_key(|q| (q.y, q.x))
            .copied()
            .unwrap_or(p);
        let name = first.to_gtp(size);
        if !heads.contains(&name) {
            heads.push(name);
        }
    }
    Some(Line::from(tr!(lang, "panel.unsure", at = heads.join(" "))))
}

/// Presenting: what the audience reads under the board, on the board's own
/// colours (the theme's contrast, not the terminal's): the step's caption,
/// or at the map the result; then the result and a one-line legend. No
/// key hints: they are the operator's.
fn draw_presentation_status(
    buf: &mut Buffer,
    cs: &CountState,
    area: Rect,
    look: Look,
    reach: u16,
    lang: Lang,
) {
    let result = result_line(cs, lang);
    let legend: Vec<String> = legend_lines(cs, look, reach, lang)
        .into_iter()
        .filter(|l| !l.starts_with("? "))
        .map(|l| {
            // The key and the meaning's first words: "x dead black stone".
            l.split([',', '(']).next().unwrap_or("").trim().to_string()
        })
        .collect();
    // Black stones' colour on the board: the theme's tested contrast.
    let style = if look.color {
        fg(bg(Style::default(), look.theme.board), look.theme.black)
    } else {
        Style::default()
    };
    let mut lines = Vec::new();
    if let Some(c) = cs.caption(lang) {
        lines.push(Line::styled(c, style));
    }
    lines.push(Line::styled(result, style));
    lines.push(Line::styled(legend.join("  "), style));
    Paragraph::new(lines)
        .style(style)
        .wrap(Wrap { trim: true })
        .render_in(area, buf);
}

pub(super) fn draw_status(buf: &mut Buffer, app: &App, area: Rect, look: Look, reach: u16) {
    if app.presentation
        && let (Mode::Count, Some(cs)) = (&app.mode, &app.count)
    {
        draw_presentation_status(buf, cs, area, look, reach, app.lang);
        return;
    }
    let caption = match (&app.mode, &app.count) {
        (Mode::Count, Some(cs)) => cs.caption(app.lang),
        _ => None,
    };
    let text = match &app.mode {
        _ if caption.is_some() => caption.unwrap_or_default(),
        Mode::Command(t) => format!(":{t}_"),
        Mode::Coordinate(t) => tr!(app.lang, "status.play_at", typed = t),
        _ => app
            .message
            .as_deref()
            .map(|m| printable(m).into_owned())
            .unwrap_or_default(),
    };
    let style = look.role(look.theme.message);
    Paragraph::new(text)
        .style(style)
        .wrap(Wrap { trim: true })
        .render_in(area, buf);
}
