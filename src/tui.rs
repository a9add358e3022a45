//! The terminal program: sets the terminal up, runs the event loop (key and
//! mouse events to actions, `App::update`, effects, one draw per change),
//! autosaves after every change, and always restores the terminal: on quit,
//! on SIGHUP/SIGTERM/SIGINT (a closed SSH connection), and on panic
//! (ratatui's hook).

use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyEventKind, MouseButton, MouseEventKind,
};
use ratatui::crossterm::execute;

use crate::app::{Action, App, Effect, Mode, action};
use crate::game::record::GameRecord;
use crate::ui::theme::Theme;
use crate::ui::{self, Look, layout::Layout};
use crate::{sgf, storage};

/// Runs the TUI on a game until the user quits.
/// How the TUI was asked to look and behave.
pub struct Options {
    pub theme: Theme,
    pub keymap: action::Keymap,
    pub plain: bool,
    pub sgf_coords: bool,
    /// Problems found in the configuration or theme, said at the start.
    pub problems: Vec<String>,
}

pub fn run(record: GameRecord, path: Option<PathBuf>, opts: Options) -> io::Result<()> {
    let Options {
        theme,
        keymap,
        plain,
        sgf_coords,
        problems,
    } = opts;
    let mut look = Look::with_theme(theme, |k| std::env::var(k).ok());
    let autosave = storage::autosave_path(path.as_deref());
    let mut app = App::new(record, path);
    app.keymap = keymap;
    app.plain = plain;
    app.sgf_coords = sgf_coords;
    // A broken configuration or theme is said in the message line too.
    app.message = problems.first().cloned();
    if let Some(a) = &autosave {
        offer_recovery(&mut app, a);
    }
    // A signal only sets the flag; the loop saves and leaves cleanly.
    let stop = Arc::new(AtomicBool::new(false));
    for sig in [
        signal_hook::consts::SIGHUP,
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGINT,
    ] {
        signal_hook::flag::register(sig, Arc::clone(&stop))?;
    }
    // If the terminal is gone (a closed SSH connection), crossterm can spin
    // on the dead tty without returning to the loop; this watchdog then
    // ends the process. The autosave is already on disk.
    // A hang-up is noticed by the signal, or by kifu losing its parent
    // (the SSH session ended without one).
    let watched = Arc::clone(&stop);
    let parent = std::os::unix::process::parent_id();
    std::thread::spawn(move || {
        while !watched.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(100));
            if std::os::unix::process::parent_id() != parent {
                watched.store(true, Ordering::Relaxed);
            }
        }
        // The loop restores the terminal and returns well within this time
        // when it can; if it has not, the terminal is gone (restoring it
        // could block on crossterm's locks), so just end.
        std::thread::sleep(Duration::from_millis(700));
        std::process::exit(0);
    });
    let mut terminal = ratatui::try_init()?;
    let _ = execute!(io::stdout(), EnableMouseCapture);
    let result = event_loop(
        &mut terminal,
        &mut app,
        &mut look,
        autosave.as_deref(),
        &stop,
    );
    let _ = execute!(io::stdout(), DisableMouseCapture);
    ratatui::restore();
    result
}

/// If an autosave of this game holds something the file does not, offers it.
pub fn offer_recovery(app: &mut App, autosave: &Path) {
    if !autosave.exists() {
        return;
    }
    let Ok(file) = storage::read_sgf(autosave) else {
        return;
    };
    let Ok(game) = file.game(1) else {
        return;
    };
    let mut rec = game.record.clone();
    if sgf::to_sgf(&rec) == sgf::to_sgf(&app.record) {
        let _ = storage::remove_autosave(autosave);
        return;
    }
    rec.to_start();
    rec.to_end();
    let moves = rec.move_number();
    app.offer_recovery(rec, moves);
}

fn event_loop(
    terminal: &mut ratatui::DefaultTerminal,
    app: &mut App,
    look: &mut Look,
    autosave: Option<&Path>,
    stop: &AtomicBool,
) -> io::Result<()> {
    let mut redraw = true;
    let mut autosaved = app.revision;
    loop {
        if stop.load(Ordering::Relaxed) {
            // The autosave is already current; the terminal is restored by
            // the caller.
            return Ok(());
        }
        if redraw {
            let l = *look;
            terminal.draw(|f| ui::draw(f, app, l))?;
        }
        redraw = false;
        // Poll so that a signal is noticed even without input.
        if !event::poll(Duration::from_millis(200))? {
            continue;
        }
        redraw = true;
        let action = match event::read()? {
            Event::Key(k) if k.kind == KeyEventKind::Press => match app.mode {
                Mode::Record | Mode::PlaceHandicap(..) => action::record_key_with(&app.keymap, k),
                Mode::Info(_) => action::form_key(k),
                Mode::Count => action::count_key(k),
                Mode::ConfirmResult => action::input_key(k).or(Some(Action::Cancel)),
                Mode::Command(_) | Mode::Coordinate(_) => action::input_key(k),
                // Any key closes the help; the questions take y, r, d.
                Mode::Help | Mode::ConfirmQuit | Mode::Recover => {
                    action::input_key(k).or(Some(Action::Cancel))
                }
            },
            Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                let size = terminal.size()?;
                let area = ratatui::layout::Rect::new(0, 0, size.width, size.height);
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
        let effect = app.update(action);
        if let Some(a) = autosave {
            autosave_if_changed(app, a, &mut autosaved);
        }
        match effect {
            Effect::None => {}
            Effect::Quit => return Ok(()),
            Effect::Theme(name) => {
                let mut problems = Vec::new();
                let theme = crate::cli::resolve_theme(Some(&name), &mut problems);
                *look = Look::with_theme(theme, |k| std::env::var(k).ok());
                app.message = Some(problems.first().cloned().unwrap_or(format!("theme {name}")));
            }
            Effect::DiscardAutosave => {
                if let Some(a) = autosave {
                    let _ = storage::remove_autosave(a);
                }
            }
            Effect::Save(p) => {
                let r = save(&app.record, &p, autosave);
                app.saved(p, r);
            }
            Effect::SaveAndQuit(p) => {
                let r = save(&app.record, &p, autosave);
                let ok = r.is_ok();
                app.saved(p, r);
                if ok {
                    return Ok(());
                }
            }
        }
    }
}

/// Writes the autosave when the record changed since the last one
/// (`autosaved` holds the revision last written).
pub fn autosave_if_changed(app: &mut App, autosave: &Path, autosaved: &mut u64) {
    if app.revision == *autosaved {
        return;
    }
    if let Err(e) = storage::write_autosave(autosave, sgf::to_sgf(&app.record).as_bytes()) {
        app.message = Some(format!("autosave failed: {e:#}"));
    }
    *autosaved = app.revision;
}

/// Saves the game; once it is safely in its file, the autosave goes.
fn save(record: &GameRecord, path: &Path, autosave: Option<&Path>) -> Result<(), String> {
    storage::write_atomic(path, sgf::to_sgf(record).as_bytes()).map_err(|e| format!("{e:#}"))?;
    if let Some(a) = autosave {
        let _ = storage::remove_autosave(a);
    }
    Ok(())
}
