//! The terminal program: sets the terminal up, runs the event loop (key and
//! mouse events to actions, `App::update`, effects, one draw per change)
//! and always restores the terminal, also on panic (ratatui's hook).

use std::io;
use std::path::PathBuf;

use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyEventKind, MouseButton, MouseEventKind,
};
use ratatui::crossterm::execute;

use crate::app::{Action, App, Effect, Mode, action};
use crate::game::record::GameRecord;
use crate::ui::{self, Look, layout::Layout};
use crate::{sgf, storage};

/// Runs the TUI on a game until the user quits.
pub fn run(record: GameRecord, path: Option<PathBuf>) -> io::Result<()> {
    let look = Look::from_env(|k| std::env::var(k).ok());
    let mut app = App::new(record, path);
    let mut terminal = ratatui::try_init()?;
    execute!(io::stdout(), EnableMouseCapture)?;
    let result = event_loop(&mut terminal, &mut app, look);
    let _ = execute!(io::stdout(), DisableMouseCapture);
    ratatui::restore();
    result
}

fn event_loop(
    terminal: &mut ratatui::DefaultTerminal,
    app: &mut App,
    look: Look,
) -> io::Result<()> {
    let mut redraw = true;
    loop {
        if redraw {
            terminal.draw(|f| ui::draw(f, app, look))?;
        }
        redraw = true;
        let action = match event::read()? {
            Event::Key(k) if k.kind == KeyEventKind::Press => match app.mode {
                Mode::Record => action::record_key(k),
                Mode::Command(_) | Mode::Coordinate(_) => action::input_key(k),
                // Any key closes the help; y or anything else answers.
                Mode::Help | Mode::ConfirmQuit => action::input_key(k).or(Some(Action::Cancel)),
            },
            Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                let area = terminal.size()?;
                let area = ratatui::layout::Rect::new(0, 0, area.width, area.height);
                Layout::new(area, app.record.size())
                    .and_then(|l| l.point_at(m.column, m.row))
                    .map(Action::PlayAt)
            }
            Event::Resize(..) => None,
            _ => {
                redraw = false;
                None
            }
        };
        let Some(action) = action else {
            continue;
        };
        match app.update(action) {
            Effect::None => {}
            Effect::Quit => return Ok(()),
            Effect::Save(p) => {
                let r = save(&app.record, &p);
                app.saved(p, r);
            }
            Effect::SaveAndQuit(p) => {
                let r = save(&app.record, &p);
                let ok = r.is_ok();
                app.saved(p, r);
                if ok {
                    return Ok(());
                }
            }
        }
    }
}

fn save(record: &GameRecord, path: &std::path::Path) -> Result<(), String> {
    storage::write_atomic(path, sgf::to_sgf(record).as_bytes()).map_err(|e| e.to_string())
}
