//! Handouts and slides: the count as pictures. One SVG per walkthrough
//! step (the board with coordinates, the step's glyphs, the caption under
//! it and a legend), a self-contained HTML page with both views side by
//! side, and a plain diagram of any position. Pure: returns strings; the
//! CLI and the TUI write them.
//!
//! Drawn from `count::glyph` and the walkthroughs' own captions, as the TUI
//! and `kifu show --count` are, so the three always agree. Black and white
//! print reads: every meaning has a shape or a letter (black stones filled,
//! white ones outlined, dead stones crossed, territory as small squares,
//! blocks of ten outlined and numbered); colour is never needed.

use std::fmt::Write as _;

use crate::count::glyph::{Glyph, Step, Steps, View, block_char};

mod facts;
pub(crate) mod text;
use crate::game::{Board, Color, Point};
use crate::i18n::Lang;
use crate::tr;
pub use facts::{Facts, facts};
pub use text::font_stack;
use text::{wrap, xml};

/// Points are this many pixels apart: 6.35 mm at 96 dpi, so a 19x19 board
/// still has lines at least 5 mm apart when printed at A5.
pub const SPACING: f64 = 24.0;
const MARGIN: f64 = 30.0;
const STONE_R: f64 = 11.0;
/// Caption lines are wrapped at this many characters.
const WRAP: usize = 64;
const LINE_H: f64 = 18.0;

struct Canvas {
    size: u8,
    out: String,
}

impl Canvas {
    fn at(&self, p: Point) -> (f64, f64) {
        (
            MARGIN + SPACING * f64::from(p.x),
            MARGIN + SPACING * f64::from(p.y),
        )
    }

    fn side(&self) -> f64 {
        2.0 * MARGIN + SPACING * f64::from(self.size.saturating_sub(1))
    }

    /// The wood, the grid, the star points and the coordinates.
    fn board(&mut self) {
        let n = self.size;
        let side = self.side();
        let end = MARGIN + SPACING * f64::from(n.saturating_sub(1));
        let _ = write!(
            self.out,
            r##"<rect class="board" x="0" y="0" width="{side}" height="{side}" fill="#f2dca0"/>"##
        );
        for i in 0..n {
            let v = MARGIN + SPACING * f64::from(i);
            let _ = write!(
                self.out,
                r##"<line x1="{MARGIN}" y1="{v}" x2="{end}" y2="{v}" stroke="#000" stroke-width="1"/><line x1="{v}" y1="{MARGIN}" x2="{v}" y2="{end}" stroke="#000" stroke-width="1"/>"##
            );
            let col = Point::column_letter(i);
            let row = n - i;
            let _ = write!(
                self.out,
                r##"<text class="coord" x="{v}" y="{}" text-anchor="middle">{col}</text><text class="coord" x="{v}" y="{}" text-anchor="middle">{col}</text><text class="coord" x="{}" y="{}" text-anchor="middle">{row}</text><text class="coord" x="{}" y="{}" text-anchor="middle">{row}</text>"##,
                MARGIN - 14.0,
                end + 22.0,
                MARGIN - 18.0,
                v + 4.0,
                end + 18.0,
                v + 4.0
            );
        }
        for p in crate::game::handicap::star_points(n) {
            let (x, y) = self.at(p);
            let _ = write!(
                self.out,
                r##"<circle class="star" cx="{x}" cy="{y}" r="3" fill="#000"/>"##
            );
        }
    }

    fn stone(&mut self, p: Point, c: Color, class: &str, r: f64) {
        let (x, y) = self.at(p);
        let (fill, name) = match c {
            Color::Black => ("#000", "black"),
            Color::White => ("#fff", "white"),
        };
        let _ = write!(
            self.out,
            r##"<circle class="{class} {name}" cx="{x}" cy="{y}" r="{r}" fill="{fill}" stroke="#000" stroke-width="1.5"/>"##
        );
    }

    fn letter(&mut self, p: Point, text: char, class: &str) {
        let (x, y) = self.at(p);
        let _ = write!(
            self.out,
            r##"<rect x="{}" y="{}" width="16" height="16" fill="#f2dca0"/><text class="{class}" x="{x}" y="{}" text-anchor="middle" font-weight="bold">{}</text>"##,
            x - 8.0,
            y - 8.0,
            y + 5.0,
            xml(&text.to_string())
        );
    }

    /// One point's glyph.
    fn glyph(&mut self, p: Point, g: Glyph) {
        let (x, y) = self.at(p);
        match g {
            Glyph::Stone(c) => self.stone(p, c, "stone", STONE_R),
            Glyph::CountedStone(c) => {
                self.stone(p, c, "stone counted", STONE_R);
                // Counted: a bar under the stone.
                let _ = write!(
                    self.out,
                    r##"<line class="counted-mark" x1="{}" y1="{}" x2="{}" y2="{}" stroke="#000" stroke-width="2"/>"##,
                    x - 7.0,
                    y + STONE_R + 1.5,
                    x + 7.0,
                    y + STONE_R + 1.5
                );
            }
            Glyph::Dead(c) => {
                self.stone(p, c, "stone dead", STONE_R);
                let ink = if c == Color::Black { "#fff" } else { "#000" };
                let d = 6.0;
                let _ = write!(
                    self.out,
                    r##"<path class="cross" d="M{} {} L{} {} M{} {} L{} {}" stroke="{ink}" stroke-width="2.5"/>"##,
                    x - d,
                    y - d,
                    x + d,
                    y + d,
                    x - d,
                    y + d,
                    x + d,
                    y - d
                );
            }
            Glyph::Prisoner(c) => self.stone(p, c, "prisoner", 7.0),
            Glyph::Territory(c) => {
                let fill = if c == Color::Black { "#000" } else { "#fff" };
                let _ = write!(
                    self.out,
                    r##"<rect class="territory" x="{}" y="{}" width="9" height="9" fill="{fill}" stroke="#000" stroke-width="1.5"/>"##,
                    x - 4.5,
                    y - 4.5
                );
            }
            Glyph::Block(i, c) => self.letter(p, block_char(i, c), "block"),
            Glyph::Empty => {}
            g => self.letter(p, g.letter(), "mark"),
        }
    }

    /// Outlines every block of ten: a line on each side of a point whose
    /// neighbour is not in the same block.
    fn outline_blocks(&mut self, glyph: &dyn Fn(Point) -> Glyph) {
        let n = self.size;
        let half = SPACING / 2.0;
        for y in 0..n {
            for x in 0..n {
                let p = Point::new(x, y);
                let Glyph::Block(i, _) = glyph(p) else {
                    continue;
                };
                let (cx, cy) = self.at(p);
                let same = |dx: i16, dy: i16| {
                    let (qx, qy) = (i16::from(x) + dx, i16::from(y) + dy);
                    qx >= 0
                        && qy >= 0
                        && qx < i16::from(n)
                        && qy < i16::from(n)
                        && matches!(glyph(Point::new(qx as u8, qy as u8)), Glyph::Block(j, _) if j == i)
                };
                for (dx, dy, x1, y1, x2, y2) in [
                    (0, -1, cx - half, cy - half, cx + half, cy - half),
                    (0, 1, cx - half, cy + half, cx + half, cy + half),
                    (-1, 0, cx - half, cy - half, cx - half, cy + half),
                    (1, 0, cx + half, cy - half, cx + half, cy + half),
                ] {
                    if !same(dx, dy) {
                        let _ = write!(
                            self.out,
                            r##"<line class="block-edge" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#000" stroke-width="2.5"/>"##
                        );
                    }
                }
            }
        }
    }
}

/// The legend of a picture: each glyph drawn small, with its meaning.
fn legend_rows(glyphs: &[Glyph], lang: Lang) -> Vec<(Glyph, String)> {
    glyphs
        .iter()
        .map(|&g| {
            let meaning = match g {
                Glyph::CountedStone(_) => tr!(lang, "handout.bar", meaning = g.meaning(lang)),
                _ => g.meaning(lang).to_string(),
            };
            (g, meaning)
        })
        .collect()
}

fn svg_open(w: f64, h: f64, title: &str, lang: Lang) -> String {
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" xml:lang="{}" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="{}" font-size="13"><title>{}</title>"##,
        lang.code(),
        font_stack(lang),
        xml(title)
    )
}

/// The SVG of one step of a view (or its map), with its caption and
/// legend under the board.
pub fn step_svg(
    steps: &Steps<'_>,
    (view, step): (View, Step),
    caption: &str,
    title: &str,
    lang: Lang,
) -> String {
    let size = steps.class.size();
    let mut c = Canvas {
        size,
        out: String::new(),
    };
    c.board();
    let glyph = |p: Point| steps.glyph(view, step, p);
    for y in 0..size {
        for x in 0..size {
            let p = Point::new(x, y);
            c.glyph(p, glyph(p));
        }
    }
    c.outline_blocks(&glyph);
    let side = c.side();
    let caption_lines = wrap(caption, WRAP);
    let legend = legend_rows(&steps.legend(view, step), lang);
    let h = side + 12.0 + LINE_H * (caption_lines.len() + legend.len() + 1) as f64;
    let mut out = svg_open(side.max(480.0), h, title, lang);
    out.push_str(&c.out);
    let mut y = side + 16.0;
    for l in &caption_lines {
        let _ = write!(
            out,
            r##"<text class="caption" x="10" y="{y}" font-size="14">{}</text>"##,
            xml(l)
        );
        y += LINE_H;
    }
    y += 4.0;
    // Each legend sample drawn by the same code as on the board.
    for (g, meaning) in &legend {
        let mut sample = Canvas {
            size: 1,
            out: String::new(),
        };
        sample.glyph(Point::new(0, 0), *g);
        let _ = write!(
            out,
            r##"<g class="legend" transform="translate({}, {}) scale(0.6)">{}</g><text class="legend" x="34" y="{}">{}</text>"##,
            10.0 - MARGIN * 0.6 + 8.0,
            y - 5.0 - MARGIN * 0.6,
            sample.out,
            y,
            xml(meaning)
        );
        y += LINE_H;
    }
    out.push_str("</svg>\n");
    out
}

/// The captions of a view's walkthrough, step 0 (the map) first.
pub fn captions(steps: &Steps<'_>, view: View, map_caption: &str, lang: Lang) -> Vec<String> {
    let mut out = vec![map_caption.to_string()];
    out.extend(match view {
        View::Area => steps.chinese.captions(lang),
        View::Territory => steps.japanese.captions(lang),
    });
    out
}

/// Every step of a view as SVG files: (file name, contents). The file
/// names stay English (`area-step-2.svg`): they are for scripts too.
pub fn view_svgs(
    steps: &Steps<'_>,
    view: View,
    map_caption: &str,
    lang: Lang,
) -> Vec<(String, String)> {
    captions(steps, view, map_caption, lang)
        .iter()
        .enumerate()
        .map(|(i, cap)| {
            let name = format!("{}-step-{i}.svg", view.name());
            let title = tr!(lang, "handout.svg.title", view = view.title(lang), i = i);
            let step = Step::numbered(view, i).unwrap_or(Step::Map);
            (name, step_svg(steps, (view, step), cap, &title, lang))
        })
        .collect()
}

/// One self-contained page: the game's terms and result, then both views
/// side by side, every step with its caption (inline SVG; no script, no
/// font or file from elsewhere).
pub fn html(steps: &Steps<'_>, title: &str, map_captions: [&str; 2], facts: &Facts) -> String {
    let lang = facts.lang;
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\"/>",
        lang.code()
    );
    let _ = write!(out, "<title>{}</title>", xml(title));
    let _ = write!(out, "<style>body{{font-family:{}}}", font_stack(lang));
    out.push_str(
        "body{margin:1em;color:#000;background:#fff}\
         .views{display:grid;grid-template-columns:1fr 1fr;gap:2em}\
         figure{margin:0 0 2em 0;break-inside:avoid}figcaption{font-size:1.1em;margin-top:.3em}\
         svg{max-width:100%;height:auto}.facts{font-size:1.1em;margin-bottom:1.5em}</style></head><body>",
    );
    let _ = write!(out, "<h1>{}</h1><div class=\"facts\">", xml(title));
    for l in facts.lines() {
        let _ = write!(out, "<p>{}</p>", xml(&l));
    }
    out.push_str("</div><div class=\"views\">");
    for (view, map) in [
        (View::Area, map_captions[0]),
        (View::Territory, map_captions[1]),
    ] {
        let name = tr!(
            lang,
            match view {
                View::Area => "handout.view.area",
                View::Territory => "handout.view.territory",
            }
        );
        let role = if facts.game_view == Some(view) {
            tr!(lang, "handout.role.game")
        } else {
            tr!(lang, "handout.role.comparison")
        };
        // "Name: role", with the language's own colon.
        let heading = crate::tr!(lang, "panel.labelled", label = name, values = role);
        let _ = write!(out, "<section><h2>{}</h2>", xml(&heading));
        for (i, cap) in captions(steps, view, map, lang).iter().enumerate() {
            let step = Step::numbered(view, i).unwrap_or(Step::Map);
            let title = tr!(lang, "handout.step", name = name, i = i);
            let svg = step_svg(steps, (view, step), "", &title, lang);
            // The caption above its picture: it reads as the step's title.
            let _ = write!(
                out,
                "<figure><figcaption>{}</figcaption>{svg}</figure>",
                xml(cap)
            );
        }
        out.push_str("</section>");
    }
    out.push_str("</div></body></html>\n");
    out
}

/// A handout to render (`:export`): the count as it stands, the page's
/// title, both maps' captions and the facts beside them. `App::update`
/// orders it; the keeper renders and writes it.
#[derive(Debug, Clone)]
pub struct Order {
    pub class: crate::count::Classification,
    pub chinese: crate::count::steps::Chinese,
    pub japanese: crate::count::steps::Japanese,
    pub title: String,
    pub maps: [String; 2],
    pub facts: Facts,
}

/// Two orders are the same handout when their pages are (the board and
/// every caption are on them).
impl PartialEq for Order {
    fn eq(&self, other: &Order) -> bool {
        self.render() == other.render()
    }
}

impl Order {
    /// The handout's files, as `files` makes them.
    pub fn render(&self) -> Vec<(String, String)> {
        let steps = Steps {
            class: &self.class,
            chinese: &self.chinese,
            japanese: &self.japanese,
        };
        files(
            &steps,
            &self.title,
            [&self.maps[0], &self.maps[1]],
            &self.facts,
        )
    }
}

/// The whole handout of a count: every step of both views as SVG, and the
/// page with both side by side (`handout.html`), as (file name, contents).
pub fn files(
    steps: &Steps<'_>,
    title: &str,
    map_captions: [&str; 2],
    facts: &Facts,
) -> Vec<(String, String)> {
    let mut out = view_svgs(steps, View::Area, map_captions[0], facts.lang);
    out.extend(view_svgs(
        steps,
        View::Territory,
        map_captions[1],
        facts.lang,
    ));
    out.push((
        "handout.html".into(),
        html(steps, title, map_captions, facts),
    ));
    out
}

/// The caption of the map (step 0) of a view: where the dead stones come
/// from and the result it gives.
pub fn map_caption(view: View, dead_note: &str, result: &str, lang: Lang) -> String {
    tr!(
        lang,
        "handout.map",
        view = view.title(lang),
        dead = dead_note,
        result = result
    )
}

/// The moves of a line that placed the stones now on the board, for
/// numbered diagrams: (point, move number), later moves last.
pub fn move_numbers(rec: &crate::game::record::GameRecord) -> Vec<(Point, usize)> {
    let mut out = Vec::new();
    let mut n = 0;
    for id in rec.path_to(rec.current()) {
        if let Some((_, mv)) = rec.node(id).mv {
            n += 1;
            if let crate::game::Move::Play(p) = mv
                && rec.board().get(p).is_some()
            {
                out.push((p, n));
            }
        }
    }
    out
}

/// A position as a diagram: the stones, and with `numbers` the move that
/// placed each stone still on the board (from `moves`: point and number).
pub fn position_svg(board: &Board, numbers: &[(Point, usize)], title: &str) -> String {
    let size = board.size();
    let mut c = Canvas {
        size,
        out: String::new(),
    };
    c.board();
    for p in board.points() {
        if let Some(col) = board.get(p) {
            c.stone(p, col, "stone", STONE_R);
            if let Some((_, n)) = numbers.iter().rev().find(|(q, _)| *q == p) {
                let (x, y) = c.at(p);
                let ink = if col == Color::Black { "#fff" } else { "#000" };
                let _ = write!(
                    c.out,
                    r##"<text class="number" x="{x}" y="{}" text-anchor="middle" font-size="11" fill="{ink}">{n}</text>"##,
                    y + 4.0
                );
            }
        }
    }
    let side = c.side();
    let mut out = svg_open(side, side, title, Lang::En);
    out.push_str(&c.out);
    out.push_str("</svg>\n");
    out
}
