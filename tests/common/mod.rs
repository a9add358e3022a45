//! Helpers shared by the TUI tests: the screen as text, and the two looks.
// Each test binary uses some of these helpers.
#![allow(dead_code)]

use kifu::app::App;
use kifu::ui::{self, Look};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// What the screen shows, one line per row, trailing spaces trimmed.
pub fn screen(app: &App, look: Look, w: u16, h: u16) -> String {
    let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
    term.draw(|f| ui::draw(f, app, look)).unwrap();
    let buf = term.backend().buffer().clone();
    let mut out = String::new();
    for y in 0..h {
        let line: String = (0..w).map(|x| buf[(x, y)].symbol().to_string()).collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

pub fn ascii() -> Look {
    Look::basic(false, false)
}

pub fn unicode() -> Look {
    Look::basic(true, true)
}
