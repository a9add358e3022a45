//! Drawing, and nothing else: the board, the panel, the status line and
//! the overlays, from the application state. `layout` is shared with the
//! mouse handling so a click lands on the point drawn under it.

pub mod layout;
pub mod theme;

use theme::Theme;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color as Tc, Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use crate::app::count::{CountState, View};
use crate::app::{App, Mode};
use crate::count::glyph::Glyph;
use crate::game::handicap::star_points;
use crate::game::{Color, GameResult, Move, Point};
use crate::text::printable;
use layout::Layout;

/// How the terminal can show things, decided from the environment
/// (crossterm does not look at the locale or TERM) and the theme.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Look {
    pub unicode: bool,
    pub color: bool,
    pub theme: Theme,
}

/// Sets a foreground colour when the theme has one.
fn fg(st: Style, c: Option<Tc>) -> Style {
    c.map_or(st, |c| st.fg(c))
}

/// Sets a background colour when the theme has one.
fn bg(st: Style, c: Option<Tc>) -> Style {
    c.map_or(st, |c| st.bg(c))
}

impl Look {
    /// The default theme with these capabilities (tests, fallbacks).
    pub fn basic(unicode: bool, color: bool) -> Look {
        let theme = Theme::builtin("default").unwrap_or_else(Theme::plain);
        Look {
            unicode,
            color,
            theme,
        }
    }

    /// A theme on this terminal: the theme's own limits and the
    /// terminal's both apply.
    pub fn with_theme(theme: Theme, get: impl Fn(&str) -> Option<String>) -> Look {
        let env = Look::from_env(get);
        Look {
            unicode: env.unicode && theme.unicode,
            color: env.color && theme.color,
            theme,
        }
    }

    /// Unicode when the locale says UTF-8 and TERM is not a bare console;
    /// colour unless NO_COLOR is set or TERM is dumb or a DEC vt.
    pub fn from_env(get: impl Fn(&str) -> Option<String>) -> Look {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"]
            .iter()
            .find_map(|k| get(k).filter(|v| !v.is_empty()))
            .unwrap_or_default()
            .to_ascii_lowercase();
        let utf8 = locale.contains("utf-8") || locale.contains("utf8");
        let term = get("TERM").unwrap_or_default();
        let bare = matches!(
            term.as_str(),
            "vt100" | "vt102" | "vt220" | "linux" | "dumb" | ""
        );
        // The DEC terminals have no colour: the cursor is bracketed there.
        Look::basic(
            utf8 && !bare,
            get("NO_COLOR").is_none_or(|v| v.is_empty())
                && !matches!(term.as_str(), "dumb" | "vt100" | "vt102" | "vt220" | ""),
        )
    }
}

const COLUMNS: &str = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

pub fn draw(frame: &mut Frame, app: &App, look: Look) {
    let area = frame.area();
    let buf = frame.buffer_mut();
    let size = app.record.size();
    let Some(lay) = Layout::with_panel(area, size, !app.presentation) else {
        let (w, h) = Layout::minimum(size);
        let msg = format!(
            "Terminal too small: kifu needs {w}x{h} for a {size}x{size} board (now {}x{}).",
            area.width, area.height
        );
        Paragraph::new(msg)
            .wrap(Wrap { trim: true })
            .render_in(area, buf);
        return;
    };
    draw_board(buf, app, look, &lay);
    if look.color && matches!(app.mode, Mode::Record | Mode::PlaceHandicap(..)) {
        let (cx, cy) = lay.cell_of(app.cursor);
        frame.set_cursor_position((cx, cy));
    }
    let buf = frame.buffer_mut();
    if !app.presentation {
        draw_panel(buf, app, lay.panel, look);
    }
    draw_status(buf, app, lay.status, look);
    match &app.mode {
        Mode::Help => draw_help(frame, area, look, app),
        Mode::Info(form) => draw_info(frame, area, look, form),
        Mode::Legend => draw_legend(frame, area, look, app),
        _ => {}
    }
    no_control_characters(frame.buffer_mut());
}

/// The last guard against text from a file reaching the terminal as
/// commands: a cell holding a control character (ESC, BEL, C1...) shows
/// `?` instead. Text from files is escaped where it is drawn (`\e`); this
/// catches anything missed.
fn no_control_characters(buf: &mut Buffer) {
    for cell in buf.content.iter_mut() {
        if cell.symbol().chars().any(char::is_control) {
            cell.set_symbol("?");
        }
    }
}

/// Renders a widget into a buffer (ratatui's `Widget::render`, named so
/// the call sites read in order).
trait RenderIn {
    fn render_in(self, area: Rect, buf: &mut Buffer);
}

impl<W: ratatui::widgets::Widget> RenderIn for W {
    fn render_in(self, area: Rect, buf: &mut Buffer) {
        self.render(area, buf);
    }
}

fn draw_board(buf: &mut Buffer, app: &App, look: Look, lay: &Layout) {
    // Confirmation play draws its own copy of the position.
    let board = match &app.confirm {
        Some(cf) => &cf.board,
        None => app.record.board(),
    };
    let size = board.size();
    let stars = star_points(size);
    let last = match app.record.node(app.record.current()).mv {
        Some((_, Move::Play(p))) => Some(p),
        _ => None,
    };
    let ko = board.ko_point().map(|(p, _)| p);
    let counting = shown_count(app);
    let (cw, ch) = (lay.cw, lay.ch);
    let wood = if look.color {
        fg(bg(Style::default(), look.theme.board), look.theme.grid)
    } else {
        Style::default()
    };
    let label = Style::default();
    // With colour the terminal's own cursor marks the point (a move then
    // costs a few bytes); without colour, brackets [X] do, readable in any
    // terminal.
    let brackets = !look.color;
    let n = u16::from(size);
    let (x0, y0) = lay.cell_of(Point::new(0, 0));
    // The wood: from one column left of the first point to one right of
    // the last (where brackets go), every row of the grid.
    for r in y0..y0 + ch * (n - 1) + 1 {
        for c in x0 - 1..x0 + cw * (n - 1) + 2 {
            let between_rows = (r - y0) % ch != 0;
            let on_column = c >= x0 && (c - x0) % cw == 0;
            let sym = match (look.unicode, between_rows, on_column) {
                (true, true, true) => "│",
                (true, false, false) if c > x0 && c < x0 + cw * (n - 1) => "─",
                _ => " ",
            };
            buf.set_string(c, r, sym, wood);
        }
    }
    for x in 0..size {
        let (c, _) = lay.cell_of(Point::new(x, 0));
        let letter = COLUMNS.chars().nth(usize::from(x)).unwrap_or('?');
        buf.set_string(c, y0 - 1, letter.to_string(), label);
        buf.set_string(c, y0 + ch * (n - 1) + 1, letter.to_string(), label);
    }
    for y in 0..size {
        let (_, r) = lay.cell_of(Point::new(0, y));
        let num = n - u16::from(y);
        buf.set_string(lay.board.x, r, format!("{num:>2}"), label);
        buf.set_string(x0 + cw * (n - 1) + 3, r, format!("{num}"), label);
        for x in 0..size {
            let p = Point::new(x, y);
            let (c, _) = lay.cell_of(p);
            let stone = board.get(p);
            let empty = match look.unicode {
                true if stars.contains(&p) => '╋',
                true => grid_char(x, y, size),
                false if stars.contains(&p) => '+',
                false => '.',
            };
            let sym = match (stone, look.unicode) {
                (Some(Color::Black), true) => '●',
                (Some(Color::White), true) => '○',
                (Some(Color::Black), false) => 'X',
                (Some(Color::White), false) => 'O',
                // The point that may not be retaken now.
                (None, true) if Some(p) == ko => '□',
                (None, false) if Some(p) == ko => '#',
                (None, _) => empty,
            };
            let st = match (look.color, stone) {
                (true, Some(Color::Black)) => fg(wood, look.theme.black),
                (true, Some(Color::White)) => fg(wood, look.theme.white),
                (true, None) if stars.contains(&p) => fg(wood, look.theme.star),
                _ => wood,
            };
            let (sym, st) = match counting {
                Some(cs) => count_cell(cs, p, (sym, empty), st, look),
                None => (sym, st),
            };
            buf.set_string(c, r, sym.to_string(), st);
            // Marks on both sides of a point, readable without colour: the
            // cursor's brackets [X] and the last move's parentheses (X).
            let marks = if brackets && p == app.cursor {
                Some(("[", "]"))
            } else if Some(p) == last {
                Some(("(", ")"))
            } else {
                None
            };
            if let Some((l, rr)) = marks {
                let ms = if look.color && l == "(" {
                    fg(wood, look.theme.last_move)
                } else {
                    wood
                };
                buf.set_string(c - 1, r, l, ms);
                buf.set_string(c + 1, r, rr, ms);
            }
        }
    }
}

/// The count to draw: in count mode, and under its overlays.
fn shown_count(app: &App) -> Option<&CountState> {
    match app.mode {
        Mode::Count | Mode::ConfirmResult | Mode::Legend => app.count.as_ref(),
        Mode::Help if app.base == Mode::Count => app.count.as_ref(),
        _ => None,
    }
}

/// A point in count mode: what the view and the step show there (the
/// glyph of `count::glyph`), as a character that reads without colour and
/// a style where colour helps. `sym` is what the board has there.
fn count_cell(
    cs: &CountState,
    p: Point,
    (sym, empty): (char, char),
    st: Style,
    look: Look,
) -> (char, Style) {
    let g = cs.glyph(p);
    let (c, st) = glyph_cell(g, (sym, empty), st, look);
    // A chain kifu's proposal is unsure about: highlighted for the players
    // to decide (the panel lists them too).
    if matches!(g, Glyph::Stone(_) | Glyph::CountedStone(_)) && cs.unsure.contains(&p) && look.color
    {
        return (c, bg(st, look.theme.unsure));
    }
    (c, st)
}

/// The character of a glyph in this look: shapes in Unicode with colour,
/// letters otherwise (the same letters as `kifu show --count`). `sym` is
/// what the board shows at the point, `empty` what it shows without a
/// stone.
pub fn glyph_char(g: Glyph, (sym, empty): (char, char), look: Look) -> char {
    // Shapes where Unicode and colour help; the plain-text letters
    // (`Glyph::letter`) otherwise.
    let shape = look.unicode && look.color;
    match g {
        Glyph::Stone(_) | Glyph::CountedStone(_) => sym,
        Glyph::Empty => empty,
        Glyph::Territory(Color::Black) if shape => '▪',
        Glyph::Territory(Color::White) if shape => '▫',
        Glyph::SekiEye(_) if shape => '◦',
        Glyph::Shared if shape => '½',
        g => g.letter(),
    }
}

fn glyph_cell(g: Glyph, syms: (char, char), st: Style, look: Look) -> (char, Style) {
    let c = glyph_char(g, syms, look);
    if !look.color {
        // Counted stones are underlined: an attribute, not a colour.
        return match g {
            Glyph::CountedStone(_) => (c, st.add_modifier(Modifier::UNDERLINED)),
            _ => (c, st),
        };
    }
    let t = &look.theme;
    let owner = |c: Color| match c {
        Color::Black => t.territory_black,
        Color::White => t.territory_white,
    };
    let st = match g {
        Glyph::Stone(_) => st,
        Glyph::CountedStone(_) => st.add_modifier(Modifier::UNDERLINED),
        Glyph::Dead(_) | Glyph::Prisoner(_) => fg(st, t.dead),
        Glyph::Territory(c) | Glyph::SekiEye(c) | Glyph::Protect(c) => fg(st, owner(c)),
        Glyph::Block(_, c) => fg(bg(st, t.block), owner(c)),
        Glyph::Shared => bg(st, t.block),
        Glyph::SekiLiberty => fg(st, t.seki),
        Glyph::Dame => fg(st, t.dame),
        Glyph::Empty | Glyph::Aside => st,
    };
    (c, st)
}

/// The legend of the count on screen: each glyph now on the board with
/// its character in this look.
pub fn legend_lines(cs: &CountState, look: Look) -> Vec<String> {
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
                Glyph::Block(..) => "1-9 a-z".to_string(),
                Glyph::CountedStone(_) => format!("{sample} (underlined)"),
                _ => sample.to_string(),
            };
            format!("{key} {}", g.meaning())
        })
        .collect()
}

fn grid_char(x: u8, y: u8, size: u8) -> char {
    let (l, r, t, b) = (x == 0, x + 1 == size, y == 0, y + 1 == size);
    match (t, b, l, r) {
        (true, _, true, _) => '┌',
        (true, _, _, true) => '┐',
        (_, true, true, _) => '└',
        (_, true, _, true) => '┘',
        (true, _, _, _) => '┬',
        (_, true, _, _) => '┴',
        (_, _, true, _) => '├',
        (_, _, _, true) => '┤',
        _ => '┼',
    }
}

fn draw_panel(buf: &mut Buffer, app: &App, area: Rect, look: Look) {
    let rec = &app.record;
    let info = &rec.info;
    let name = |n: &Option<String>, r: &Option<String>| {
        let n = n.as_deref().map_or("?".into(), printable);
        match r {
            Some(r) if !r.is_empty() => format!("{n} ({})", printable(r)),
            _ => n.into_owned(),
        }
    };
    let last = match rec.node(rec.current()).mv {
        Some((c, mv)) => format!("{} {}", c.name(), app.move_text(mv)),
        None => "none".into(),
    };
    let (vi, vn) = rec.variation_index();
    let mut lines = vec![
        Line::from(format!("Black: {}", name(&info.black, &info.black_rank))),
        Line::from(format!("White: {}", name(&info.white, &info.white_rank))),
        Line::from(format!(
            "{} rules, komi {}",
            rec.rules.name(),
            crate::game::result::format_points(rec.komi())
        )),
        Line::from(format!(
            "Move {}, {} to play",
            rec.move_number(),
            rec.to_move().name()
        )),
        Line::from(format!("Last: {last}")),
        Line::from(format!(
            "Captures: B {}  W {}",
            rec.board().captures(Color::Black),
            rec.board().captures(Color::White)
        )),
    ];
    // With colour the cursor is the terminal's own, so the panel names its
    // point; without colour the brackets on the board show it already.
    if look.color {
        lines.insert(
            5,
            Line::from(format!("Cursor: {}", app.point_text(app.cursor))),
        );
    }
    if vn > 1 {
        lines.push(Line::from(format!("Variation {vi} of {vn}")));
    }
    if let Some(r) = &info.result {
        lines.push(Line::from(format!("Result: {}", printable(&r.to_string()))));
    }
    let clock = |t: Option<f64>| t.map_or("-".into(), crate::game::clock::format_clock);
    if let (b @ Some(_), w) | (b, w @ Some(_)) = app.clocks() {
        lines.push(Line::from(format!("Clock: B {}  W {}", clock(b), clock(w))));
    }
    if let Some((p, _)) = rec.board().ko_point() {
        lines.push(Line::from(format!("Ko at {}", app.point_text(p))));
    }
    let file = match &app.path {
        Some(p) => p
            .file_name()
            .map(|f| printable(&f.to_string_lossy()).into_owned())
            .unwrap_or_default(),
        None => "(no file)".into(),
    };
    if let Some(cf) = &app.confirm {
        let size = cf.board.size();
        lines = vec![
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
    } else if let Some(cs) = shown_count(app) {
        lines = count_panel(cs);
        if let Some(t) = app.engine_thinking {
            // A spinner that reads without colour: the seconds go up.
            lines.insert(1, Line::from(format!("KataGo: thinking ({t:.1} s)")));
        }
        // The legend when the panel has room for it, else the key to it.
        let legend = legend_lines(cs, look);
        let width = usize::from(area.width.max(1));
        let used: usize = lines.iter().map(|l| l.width().div_ceil(width).max(1)).sum();
        let need: usize = legend.iter().map(|l| l.len().div_ceil(width).max(1)).sum();
        if used + need + 3 <= usize::from(area.height) {
            lines.push(Line::from("Legend:"));
            lines.extend(legend.into_iter().map(Line::from));
        } else {
            lines.push(Line::from("L: the legend of the symbols"));
        }
    }
    // What a save will do to the file, and why it would ask.
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
    lines.push(Line::from(format!(
        "{file}{}",
        if app.dirty { " *" } else { "" }
    )));
    lines.push(Line::from("? help  : command  q quit"));
    // The comment last: a long one is what gets cut at the panel's end.
    if shown_count(app).is_none() {
        let node = rec.node(rec.current());
        let comments = [
            (
                "Game",
                info.game_comment
                    .as_ref()
                    .filter(|_| rec.current() == rec.root()),
            ),
            ("Comment", node.comment.as_ref()),
        ];
        for (label, text) in comments {
            if let Some(text) = text {
                let mut first = true;
                for l in text.lines() {
                    let l = printable(l);
                    lines.push(Line::from(if first {
                        format!("{label}: {l}")
                    } else {
                        format!("  {l}")
                    }));
                    first = false;
                }
            }
        }
    }
    let style = if look.color {
        fg(Style::default(), look.theme.panel)
    } else {
        Style::default()
    };
    Paragraph::new(lines)
        .style(style)
        .wrap(Wrap { trim: true })
        .render_in(area, buf);
}

fn count_panel(cs: &CountState) -> Vec<Line<'static>> {
    use crate::game::result::format_points as f;
    let c = &cs.count;
    let steps = cs.view.steps();
    let step = if cs.step > 0 {
        format!(", step {} of {steps}", cs.step)
    } else {
        String::new()
    };
    let rules = cs.setup.rules.name();
    let area_result = GameResult::from_margin(c.area.margin);
    let terr_result = GameResult::from_margin(c.territory.margin);
    let mut lines = vec![
        Line::from(format!("COUNT: {} view{step}", cs.view.name())),
        // The result of the game's own rules first, named.
        Line::from(format!("Result under {rules} rules: {}", cs.result())),
    ];
    let (b, w) = (&c.black, &c.white);
    match cs.view {
        View::Area => {
            let half = c.area.half;
            let share = f(c.neutral() as f64 / 2.0);
            lines.push(Line::from("Area: stones + territory + half shared"));
            lines.push(Line::from(format!(
                " B {} + {} + {share} = {}",
                b.stones,
                b.area - b.stones,
                f(c.area.black)
            )));
            lines.push(Line::from(format!(
                " W {} + {} + {share} = {}",
                w.stones,
                w.area - w.stones,
                f(c.area.white)
            )));
            lines.push(Line::from(format!(
                " B needs > {} + {} = {}",
                f(half),
                f(c.area.compensation),
                f(half + c.area.compensation)
            )));
            lines.push(Line::from(format!(
                " {area_result} ({})",
                c.stones_text().replace(" wins by ", " by ")
            )));
            lines.push(Line::from(format!("Territory (comparison): {terr_result}")));
        }
        View::Territory => {
            lines.push(Line::from("Territory: points + prisoners"));
            lines.push(Line::from(format!(
                " B {} + {} = {}",
                b.territory,
                b.prisoners,
                f(c.territory.black)
            )));
            lines.push(Line::from(format!(
                " W {} + {} + komi {} = {}",
                w.territory,
                w.prisoners,
                f(c.komi),
                f(c.territory.white)
            )));
            lines.push(Line::from(format!(" {terr_result}")));
            lines.push(Line::from(format!("Area (comparison): {area_result}")));
        }
    }
    lines.push(Line::from(format!(
        "Dead: {} B, {} W",
        cs.class.dead_count(Color::Black),
        cs.class.dead_count(Color::White),
    )));
    // Advice only where it changes the count.
    match cs.view {
        View::Area if c.dame > 0 => {
            lines.push(Line::from(format!("Fill the {} dame (!) first", c.dame)));
        }
        View::Territory if b.to_fill + w.to_fill > 0 => {
            let n = b.to_fill + w.to_fill;
            lines.push(Line::from(if n == 1 {
                "Fill the point (p) that protects".to_string()
            } else {
                format!("Fill the {n} points (p) that protect")
            }));
        }
        _ => {}
    }
    // The running totals of the step's blocks of ten.
    let totals = |blocks: &[crate::count::steps::Block]| {
        blocks
            .iter()
            .enumerate()
            .map(|(i, b)| format!("{}:{}", crate::count::glyph::block_char(i), b.total))
            .collect::<Vec<_>>()
            .join(" ")
    };
    match (cs.view, cs.step) {
        (View::Area, 2) => lines.push(Line::from(format!(
            "Running total: {}",
            totals(&cs.chinese.territory_blocks)
        ))),
        (View::Area, 3) => lines.push(Line::from(format!(
            "Running total: {}",
            totals(&cs.chinese.stone_blocks)
        ))),
        (View::Territory, 3) => {
            for c in [Color::Black, Color::White] {
                lines.push(Line::from(format!(
                    "{}: {}",
                    c.name(),
                    totals(&cs.japanese.remaining_blocks[c.index()])
                )));
            }
        }
        _ => {}
    }
    for d in cs.differences() {
        lines.push(Line::from(d));
    }
    if !cs.unsure.is_empty() {
        let size = cs.board.size();
        let mut heads: Vec<String> = Vec::new();
        for &p in &cs.unsure {
            let chain = cs.board.chain(p);
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
        lines.push(Line::from(format!("Unsure: {}", heads.join(" "))));
    }
    lines
}

fn draw_status(buf: &mut Buffer, app: &App, area: Rect, look: Look) {
    let caption = match (&app.mode, &app.count) {
        (Mode::Count, Some(cs)) => cs.caption(),
        _ => None,
    };
    let text = match &app.mode {
        _ if caption.is_some() => caption.unwrap_or_default(),
        Mode::Command(t) => format!(":{t}_"),
        Mode::Coordinate(t) => format!("play at: {t}_ (Enter plays, Esc cancels)"),
        _ => app
            .message
            .as_deref()
            .map(|m| printable(m).into_owned())
            .unwrap_or_default(),
    };
    let style = if look.color {
        fg(Style::default(), look.theme.message)
    } else {
        Style::default()
    };
    Paragraph::new(text)
        .style(style)
        .wrap(Wrap { trim: true })
        .render_in(area, buf);
}

/// The frame of an overlay: line characters, or 7-bit ones in ASCII.
fn overlay_block(title: &str, look: Look) -> Block<'_> {
    Block::default()
        .borders(Borders::ALL)
        .border_set(if look.unicode {
            ratatui::symbols::border::PLAIN
        } else {
            ASCII_BORDER
        })
        .title(title)
}

fn draw_info(frame: &mut Frame, area: Rect, look: Look, form: &crate::app::info::InfoForm) {
    let mut lines: Vec<Line> = form
        .fields
        .iter()
        .enumerate()
        .map(|(i, (f, v))| {
            let here = i == form.selected;
            let note = match f {
                crate::app::info::Field::Komi => format!("  ({})", form.komi_source),
                _ => String::new(),
            };
            let text = format!(
                "{} {:<13} {}{}{note}",
                if here { '>' } else { ' ' },
                f.label(),
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
        lines.push(Line::from(
            "Size and handicap are fixed once moves are played.",
        ));
    }
    lines.push(Line::from(
        "Up/Down or Tab: field  Enter: apply  Esc: cancel",
    ));
    let h = (lines.len() as u16 + 2).min(area.height);
    let w = area.width.min(60);
    let rect = Rect::new(
        area.x + (area.width - w) / 2,
        area.y + 1.min(area.height - h),
        w,
        h,
    );
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines).block(overlay_block(" game information ", look)),
        rect,
    );
}

/// Box borders in 7-bit characters, for terminals without Unicode.
const ASCII_BORDER: ratatui::symbols::border::Set = ratatui::symbols::border::Set {
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
fn draw_legend(frame: &mut Frame, area: Rect, look: Look, app: &App) {
    let Some(cs) = app.count.as_ref() else {
        return;
    };
    let mut lines: Vec<Line> = legend_lines(cs, look).into_iter().map(Line::from).collect();
    lines.push(Line::from(""));
    lines.push(Line::from("Any key closes the legend."));
    let h = (lines.len() as u16 + 2).min(area.height);
    let w = area.width.min(64);
    let rect = Rect::new(area.x + (area.width - w) / 2, area.y, w, h);
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .block(overlay_block(" legend ", look)),
        rect,
    );
}

fn draw_help(frame: &mut Frame, area: Rect, look: Look, app: &App) {
    let title = match app.scope() {
        crate::app::Scope::Record => " kifu keys: recording ",
        crate::app::Scope::Count => " kifu keys: count mode ",
    };
    let lines: Vec<Line> = app
        .help_lines()
        .into_iter()
        .map(|(k, h)| Line::from(format!("{k:<16} {h}")))
        .collect();
    let inner = area.height.saturating_sub(3);
    let more = lines.len() as u16 > inner;
    // Scrolled no further than the last line.
    let top = app
        .help_scroll
        .min((lines.len() as u16).saturating_sub(inner));
    let mut shown: Vec<Line> = lines.into_iter().skip(usize::from(top)).collect();
    shown.truncate(usize::from(inner));
    shown.push(Line::from(if more {
        "Up/Down scroll, any other key closes this help."
    } else {
        "Any key closes this help."
    }));
    let h = (shown.len() as u16 + 2).min(area.height);
    let w = area.width.min(78);
    let rect = Rect::new(area.x + (area.width - w) / 2, area.y, w, h);
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(shown).block(overlay_block(title, look)),
        rect,
    );
}
