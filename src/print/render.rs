//! The printed record's pages: each figure as an SVG (a white board, as
//! books print it: plain stones, numbered stones, the moves listed under
//! it), all of them in one HTML page with print CSS (a figure a page, A4
//! or Letter), and a plain-text figure for email and screen readers.

use super::{Elsewhere, Figure, Spot};
use crate::game::record::{GameRecord, RulesText};
use crate::game::{Color, Move, Point};
use crate::handout::text::{font_stack, xml};
use crate::i18n::Lang;
use crate::tr;
use std::fmt::Write;

const CELL: f64 = 24.0;
const MARGIN: f64 = 34.0;
const R: f64 = 11.2;

/// A figure's heading: "Figure 2 (101-200)", or a variation's.
pub fn heading(fig: &Figure, n: usize, lang: Lang) -> String {
    let moves = if fig.first == fig.last {
        fig.first.to_string()
    } else {
        format!("{}-{}", fig.first, fig.last)
    };
    match fig.variation_of {
        Some(m) => tr!(lang, "print.variation", m = m, moves = moves),
        None => tr!(lang, "print.figure", n = n, moves = moves),
    }
}

/// The moves listed under a figure, one phrase each: "23 at 17", "45 at
/// D4", "31 at 25 (ko)", "60 pass".
pub fn listed(fig: &Figure, lang: Lang) -> Vec<String> {
    fig.elsewhere
        .iter()
        .map(|e: &Elsewhere| {
            let said = match e.at {
                Spot::Pass => tr!(lang, "print.pass", n = e.number),
                Spot::Stone(k) => tr!(lang, "print.at", n = e.number, at = k),
                Spot::Point(p) => tr!(lang, "print.at", n = e.number, at = p.to_gtp(fig.size)),
            };
            if e.ko {
                tr!(lang, "print.ko", said = said)
            } else {
                said
            }
        })
        .collect()
}

/// A figure as an SVG: the board and its coordinates, the stones before
/// it plain, the figure's moves numbered; `scale` 1 for a figure, less
/// for a variation's.
pub fn svg(fig: &Figure, title: &str, lang: Lang, scale: f64) -> String {
    let n = fig.size;
    let side = 2.0 * MARGIN + CELL * f64::from(n.saturating_sub(1));
    let at = |p: Point| {
        (
            MARGIN + CELL * f64::from(p.x),
            MARGIN + CELL * f64::from(p.y),
        )
    };
    let mut out = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" xml:lang="{}" width="{w}" height="{w}" viewBox="0 0 {side} {side}" font-family="{}"><title>{}</title><rect x="0" y="0" width="{side}" height="{side}" fill="#fff"/>"##,
        lang.code(),
        font_stack(lang),
        xml(title),
        w = side * scale,
    );
    let end = MARGIN + CELL * f64::from(n.saturating_sub(1));
    for i in 0..n {
        let v = MARGIN + CELL * f64::from(i);
        let col = Point::column_letter(i);
        let row = n - i;
        let _ = write!(
            out,
            r##"<line x1="{MARGIN}" y1="{v}" x2="{end}" y2="{v}" stroke="#000" stroke-width="0.8"/><line x1="{v}" y1="{MARGIN}" x2="{v}" y2="{end}" stroke="#000" stroke-width="0.8"/><text x="{v}" y="{}" font-size="10" text-anchor="middle">{col}</text><text x="{}" y="{}" font-size="10" text-anchor="middle">{row}</text>"##,
            MARGIN - 14.0,
            MARGIN - 22.0,
            v + 3.5,
        );
    }
    for p in crate::game::handicap::star_points(n) {
        let (x, y) = at(p);
        let _ = write!(out, r##"<circle cx="{x}" cy="{y}" r="2.5" fill="#000"/>"##);
    }
    let stone = |out: &mut String, p: Point, c: Color| {
        let (x, y) = at(p);
        let fill = if c == Color::Black { "#000" } else { "#fff" };
        let _ = write!(
            out,
            r##"<circle class="stone" cx="{x}" cy="{y}" r="{R}" fill="{fill}" stroke="#000" stroke-width="1.2"/>"##
        );
    };
    for &(p, c) in &fig.before {
        stone(&mut out, p, c);
    }
    for &(p, c, k) in &fig.numbered {
        stone(&mut out, p, c);
        let (x, y) = at(p);
        let ink = if c == Color::Black { "#fff" } else { "#000" };
        let size = if k >= 100 { 9.5 } else { 12.0 };
        let _ = write!(
            out,
            r##"<text class="number" x="{x}" y="{}" font-size="{size}" text-anchor="middle" fill="{ink}">{k}</text>"##,
            y + size * 0.36
        );
    }
    out.push_str("</svg>\n");
    out
}

/// The game's facts for the header, each with its label: players and
/// ranks, date, event, place, rules, komi, handicap, result.
pub fn facts(rec: &GameRecord, lang: Lang) -> Vec<(String, String)> {
    let i = &rec.info;
    let who = |name: &Option<String>, rank: &Option<String>| {
        let name = name.clone().unwrap_or_else(|| "?".into());
        match rank {
            Some(r) => format!("{name} {r}"),
            None => name,
        }
    };
    let mut out = vec![
        (tr!(lang, "form.field.black"), who(&i.black, &i.black_rank)),
        (tr!(lang, "form.field.white"), who(&i.white, &i.white_rank)),
    ];
    let mut add = |key: &'static str, v: Option<String>| {
        if let Some(v) = v.filter(|v| !v.trim().is_empty()) {
            out.push((lang.text(key).to_string(), v));
        }
    };
    add("form.field.date", i.date.clone());
    add("form.field.event", i.event.clone());
    add("print.place", i.place.clone());
    add(
        "form.field.rules",
        Some(match &i.rules_text {
            RulesText::Kept(t) => t.clone(),
            _ => rec.rules.title(lang),
        }),
    );
    add(
        "form.field.komi",
        Some(crate::game::result::format_points(rec.komi())),
    );
    add(
        "form.field.handicap",
        (i.handicap > 0).then(|| i.handicap.to_string()),
    );
    add(
        "form.field.result",
        i.result.as_ref().map(|r| r.to_string()),
    );
    out
}

/// The title of the record: the players, else the file's name.
pub fn title(rec: &GameRecord, file: &str, lang: Lang) -> String {
    match (&rec.info.black, &rec.info.white) {
        (Some(b), Some(w)) => tr!(lang, "print.title", black = b, white = w),
        _ => file.to_string(),
    }
}

/// The whole record as one HTML page with print CSS: the header, then a
/// figure a page (the SVG, the moves listed under it, its notes).
pub fn html(
    rec: &GameRecord,
    figs: &[Figure],
    title_text: &str,
    lang: Lang,
    letter: bool,
) -> String {
    let paper = if letter { "letter" } else { "A4" };
    let mut out = format!(
        r#"<!DOCTYPE html>
<html lang="{}"><head><meta charset="utf-8"><title>{}</title>
<style>
@page {{ size: {paper}; margin: 12mm; }}
body {{ font-family: {}; color: #000; background: #fff; margin: 0; }}
h1 {{ font-size: 16pt; margin: 0 0 2mm; }}
h2 {{ font-size: 13pt; margin: 0 0 2mm; }}
table.facts {{ border-collapse: collapse; font-size: 10pt; margin-bottom: 3mm; }}
table.facts th {{ text-align: left; padding-right: 4mm; font-weight: normal; color: #333; }}
section.figure {{ break-after: page; page-break-after: always; break-inside: avoid; }}
section.figure:last-of-type {{ break-after: auto; page-break-after: auto; }}
section.figure svg {{ display: block; width: 150mm; max-width: 100%; height: auto; }}
section.variation svg {{ width: 95mm; }}
p.listed {{ font-size: 10pt; margin: 2mm 0; }}
ol.notes {{ font-size: 9pt; margin: 1mm 0; padding-left: 8mm; }}
</style></head><body>
<header><h1>{}</h1><table class="facts">"#,
        lang.code(),
        xml(title_text),
        font_stack(lang),
        xml(title_text),
    );
    for (label, value) in facts(rec, lang) {
        let _ = write!(
            out,
            "<tr><th>{}</th><td>{}</td></tr>",
            xml(&label),
            xml(&value)
        );
    }
    out.push_str("</table>");
    if let Some(gc) = rec
        .info
        .game_comment
        .as_deref()
        .filter(|t| !t.trim().is_empty())
    {
        let _ = write!(out, r#"<p class="game-comment">{}</p>"#, xml(gc));
    }
    out.push_str("</header>\n");
    let mut main = 0;
    for fig in figs {
        if fig.variation_of.is_none() {
            main += 1;
        }
        section(&mut out, fig, main, lang);
    }
    out.push_str("</body></html>\n");
    out
}

/// One figure's section of the page: its heading, the SVG, the moves
/// listed under it and its notes.
fn section(out: &mut String, fig: &Figure, main: usize, lang: Lang) {
    let head = heading(fig, main, lang);
    let class = if fig.variation_of.is_some() {
        "figure variation"
    } else {
        "figure"
    };
    let scale = if fig.variation_of.is_some() { 0.6 } else { 1.0 };
    let _ = write!(
        out,
        "<section class=\"{class}\"><h2>{}</h2>\n{}",
        xml(&head),
        svg(fig, &head, lang, scale)
    );
    let listed = listed(fig, lang);
    if !listed.is_empty() {
        let sep = tr!(lang, "list.sep");
        let _ = write!(out, "<p class=\"listed\">{}</p>", xml(&listed.join(&sep)));
    }
    if !fig.notes.is_empty() {
        out.push_str("<ol class=\"notes\">");
        for (k, text) in &fig.notes {
            let _ = write!(
                out,
                "<li>{}</li>",
                xml(&tr!(lang, "print.note", n = k, text = text.trim()))
            );
        }
        out.push_str("</ol>");
    }
    out.push_str("</section>\n");
}

/// The record as plain text: the header, then each figure as an ASCII
/// board (numbers on the stones of its moves, `X` and `O` the stones
/// before it), the moves listed under it, its notes, and every move in
/// order with its colour and point, for a screen reader.
pub fn txt(rec: &GameRecord, figs: &[Figure], title_text: &str, lang: Lang) -> String {
    let mut out = format!("{title_text}\n");
    for (label, value) in facts(rec, lang) {
        let _ = writeln!(
            out,
            "{}",
            tr!(lang, "print.fact", label = label, value = value)
        );
    }
    let mut main = 0;
    for fig in figs {
        if fig.variation_of.is_none() {
            main += 1;
        }
        let _ = writeln!(out, "\n{}\n", heading(fig, main, lang));
        out.push_str(&ascii_board(fig));
        let listed = listed(fig, lang);
        if !listed.is_empty() {
            let _ = writeln!(out, "{}", listed.join(&tr!(lang, "list.sep")));
        }
        for (k, text) in &fig.notes {
            let _ = writeln!(
                out,
                "{}",
                tr!(lang, "print.note", n = k, text = text.trim())
            );
        }
        let moves: Vec<String> = fig
            .replay()
            .iter()
            .zip(fig.first..)
            .map(|((c, mv), k)| {
                let c = if *c == Color::Black { "B" } else { "W" };
                match mv {
                    Move::Play(p) => format!("{k} {c} {}", p.to_gtp(fig.size)),
                    Move::Pass => format!("{k} {c} {}", tr!(lang, "rec.pass")),
                }
            })
            .collect();
        let moves = moves.join(&tr!(lang, "list.sep"));
        let _ = writeln!(out, "{}", tr!(lang, "print.order", moves = moves));
    }
    out
}

/// A figure's board in ASCII: each point as wide as its largest number.
fn ascii_board(fig: &Figure) -> String {
    let n = fig.size;
    let width = fig.last.to_string().len().max(1) + 1;
    let mut out = String::new();
    let letters: String = (0..n)
        .map(|x| format!("{:>width$}", Point::column_letter(x)))
        .collect();
    let _ = writeln!(out, "   {letters}");
    for y in 0..n {
        let _ = write!(out, "{:>3}", n - y);
        for x in 0..n {
            let p = Point::new(x, y);
            let cell = if let Some((_, _, k)) = fig.numbered.iter().find(|(q, _, _)| *q == p) {
                k.to_string()
            } else if let Some((_, c)) = fig.before.iter().find(|(q, _)| *q == p) {
                if *c == Color::Black { "X" } else { "O" }.to_string()
            } else {
                ".".to_string()
            };
            let _ = write!(out, "{cell:>width$}");
        }
        let _ = writeln!(out, " {}", n - y);
    }
    let _ = writeln!(out, "   {letters}");
    out
}
