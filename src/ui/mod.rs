//! Drawing, and nothing else: the board, the panel, the status line and
//! the overlays, from the application state. `layout` is shared with the
//! mouse handling so a click lands on the point drawn under it.

mod board;
mod clock;
mod count_panel;
mod fills;
pub mod layout;
mod legend;
mod overlays;
mod panel;
mod room;
pub mod theme;

pub use board::glyph_char;
use board::{draw_board, shown_count};
use count_panel::count_panel;
pub use legend::legend_lines;
use overlays::{draw_help, draw_info, draw_legend};
use panel::{draw_panel, draw_status};

use theme::Theme;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color as Tc, Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use crate::app::count_state::{CountState, View};
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
    /// The style of a role's colour: none without colour (NO_COLOR, mono).
    pub(crate) fn role(&self, c: Option<Tc>) -> Style {
        if self.color {
            fg(Style::default(), c)
        } else {
            Style::default()
        }
    }
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
        let utf8 = crate::text::utf8_locale(&get);
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

/// Presenting a count: the board with the count's caption beside it.
pub fn presenting_count(app: &App) -> bool {
    app.presentation() && *app.base() == Mode::Count && app.count().is_some()
}

/// The board point under a click at (`column`, `row`) of a terminal of
/// `area`, as `draw` lays the screen out.
pub fn point_at(
    app: &App,
    area: ratatui::layout::Rect,
    column: u16,
    row: u16,
) -> Option<crate::game::Point> {
    layout::Layout::shown(
        area,
        app.record().size(),
        app.presentation(),
        presenting_count(app),
    )
    .and_then(|l| l.point_at(column, row))
}

pub fn draw(frame: &mut Frame, app: &App, look: Look) {
    let area = frame.area();
    let buf = frame.buffer_mut();
    let size = app.record().size();
    let Some(lay) = Layout::shown(area, size, app.presentation(), presenting_count(app)) else {
        let (w, h) = Layout::minimum(size);
        let now = format!("{}x{}", area.width, area.height);
        let msg = crate::tr!(
            app.lang(),
            "ui.too_small",
            need = format!("{w}x{h}"),
            size = size,
            now = now
        );
        Paragraph::new(msg)
            .wrap(Wrap { trim: true })
            .render_in(area, buf);
        return;
    };
    // Presenting a count to a room: tiles over count mode's drawing.
    let room = app.presentation() && lay.stone_reach() > 0 && look.unicode && room::paints(look);
    draw_board(buf, app, look, &lay, room);
    if let Some(cs) = board::shown_count(app).filter(|_| room) {
        room::paint(buf, cs, look, &lay);
    }
    // The terminal's cursor marks the cursor point with colour (without,
    // brackets do); in count mode too, where `x` marks at it and a typed
    // point goes to it; presenting, only where a point was just typed (a
    // teacher pointing at it).
    let counting = *app.mode() == Mode::Count && (!app.presentation() || app.pointed());
    if look.color && (counting || matches!(app.mode(), Mode::Record | Mode::PlaceHandicap(..))) {
        let (cx, cy) = lay.cell_of(app.cursor());
        frame.set_cursor_position((cx, cy));
    }
    let buf = frame.buffer_mut();
    let reach = lay.stone_reach();
    if app.presentation() {
        clock::draw_big_clocks(buf, app, look, area, lay.board);
    } else {
        draw_panel(buf, app, lay.panel, look, reach);
    }
    draw_status(buf, app, lay.status, look, reach, lay.caption_beside());
    match &app.mode() {
        Mode::Help => draw_help(frame, area, look, app),
        Mode::Info(form) => draw_info(frame, area, look, form, app.lang()),
        Mode::Legend => draw_legend(frame, area, look, app, reach),
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

/// Marks the rows of `area` that hold a wide (CJK) character to be sent
/// again each frame. A terminal blanks the other half of a wide character
/// that something is drawn over, in its default colours, and ratatui's diff
/// does not know it: without this, a step of a Chinese caption leaves black
/// gaps on the board's colour. Rows without one cost nothing.
fn resend_wide_rows(buf: &mut Buffer, area: Rect) {
    use unicode_width::UnicodeWidthStr;
    for y in area.y..area.bottom() {
        let wide = (area.x..area.right()).any(|x| buf[(x, y)].symbol().width() > 1);
        if wide {
            for x in area.x..area.right() {
                buf[(x, y)].set_diff_option(ratatui::buffer::CellDiffOption::AlwaysUpdate);
            }
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
