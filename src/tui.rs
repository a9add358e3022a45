//! The terminal program: sets the terminal up, runs the event loop (key and
//! mouse events to actions, `App::update`, effects, one draw per change),
//! autosaves after every change, and always restores the terminal: on quit,
//! on SIGHUP/SIGTERM/SIGINT (a closed SSH connection), and on panic
//! (ratatui's hook).

use std::io;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

mod screen;
use ratatui::crossterm::event::{self, Event, KeyEventKind, MouseButton, MouseEventKind};
use screen::{screen_modes, suspend};

use crate::app::{self, Action, App, Effect, action};
use crate::game::record::GameRecord;
use crate::keeper::{EngineWorker, Flow, Keeper};
use crate::storage;
use crate::ui::theme::Theme;
use crate::ui::{self, Look, layout::Layout};

/// How the TUI was asked to look and behave.
pub struct Options {
    /// KataGo for count mode's proposals, when configured.
    pub engine: Option<crate::engine::EngineConfig>,
    pub theme: Theme,
    pub keymap: action::Keymap,
    pub plain: bool,
    pub sgf_coords: bool,
    /// Clicks on the board (the configuration's `mouse = false` turns
    /// them off).
    pub mouse: bool,
    /// Problems found in the configuration or theme, said at the start.
    pub problems: Vec<String>,
    /// The file the game came from (its other games, its repairs).
    pub source: Option<app::Source>,
    /// `--clock`: a game clock to start.
    pub clock: Option<crate::game::clock::TimeControl>,
    /// The language of what the user reads.
    pub lang: crate::i18n::Lang,
}

/// Runs the TUI on a game until the user quits.
pub fn run(record: GameRecord, path: Option<PathBuf>, opts: Options) -> io::Result<()> {
    let Options {
        engine,
        theme,
        keymap,
        plain,
        sgf_coords,
        mouse,
        problems,
        source,
        clock,
        lang,
    } = opts;
    let mut look = Look::with_theme(theme, |k| std::env::var(k).ok());
    let mut app = App::new(record, path);
    app.keymap = keymap;
    app.plain = plain;
    app.sgf_coords = sgf_coords;
    app.lang = lang;
    app.source = source;
    app.engine = engine.is_some();
    if let Some(tc) = clock {
        app.start_clock(tc);
    }
    let engine = engine.map(EngineWorker::new);
    if let Some(why) = app.source.as_ref().and_then(app::Source::why_ask) {
        app.update(Action::Notice(format!(
            "this file: {why}; a save over it will ask first"
        )));
    }
    // A broken configuration or theme is said in the message line too.
    if let Some(p) = problems.first() {
        app.update(Action::Notice(p.clone()));
    }
    let mut keeper = Keeper::start(&mut app, storage::data_dir());
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
    screen_modes(true, mouse);
    let result = event_loop(
        &mut terminal,
        &mut app,
        &mut look,
        &mut keeper,
        &stop,
        engine,
        mouse,
    );
    screen_modes(false, mouse);
    ratatui::restore();
    keeper.finish();
    result
}

fn event_loop(
    terminal: &mut ratatui::DefaultTerminal,
    app: &mut App,
    look: &mut Look,
    keeper: &mut Keeper,
    stop: &AtomicBool,
    mut engine: Option<EngineWorker>,
    mouse: bool,
) -> io::Result<()> {
    let mut redraw = true;
    // The game clock's time: from the start of this session.
    let start = std::time::Instant::now();
    loop {
        if tick(app, keeper, start) {
            redraw = true;
        }
        if let Some(w) = engine.as_mut()
            && engine_turn(app, w)
        {
            redraw = true;
        }
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
        let event = event::read()?;
        // The clock stops at the moment of the key, not at the last poll.
        tick(app, keeper, start);
        let action = match event {
            // Keys go through the app's own table (it knows the mode).
            Event::Key(k) if k.kind == KeyEventKind::Press => {
                let effect = app.key(k);
                keeper.after_update(app);
                if carry_out(terminal, app, look, keeper, effect, mouse)? {
                    return Ok(());
                }
                continue;
            }
            Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                let size = terminal.size()?;
                let area = ratatui::layout::Rect::new(0, 0, size.width, size.height);
                Layout::shown(
                    area,
                    app.record.size(),
                    app.presentation,
                    crate::ui::presenting_count(app),
                )
                .and_then(|l| l.point_at(m.column, m.row))
                .map(Action::PlayAt)
            }
            Event::Paste(text) => Some(Action::Paste(text)),
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
        keeper.after_update(app);
        if carry_out(terminal, app, look, keeper, effect, mouse)? {
            return Ok(());
        }
    }
}

/// The engine: send what the app asks, take what it answered. True when
/// the screen must show it.
fn engine_turn(app: &mut App, w: &mut EngineWorker) -> bool {
    let mut changed = false;
    if let Some(req) = app.engine_request.take() {
        w.ask(req);
    }
    while let Ok((board, answer)) = w.answers.try_recv() {
        app.engine_answer(&board, answer);
        w.asked = None;
        changed = true;
    }
    if let (Some(t), Some(_)) = (w.asked, app.engine_thinking) {
        app.engine_thinking = Some(t.elapsed().as_secs_f64());
        changed = true;
    }
    changed
}

/// The clocks take the time passed; the autosave follows them, and the
/// terminal rings for the timekeeper's calls. True when the screen must
/// show it.
fn tick(app: &mut App, keeper: &mut Keeper, start: std::time::Instant) -> bool {
    if app.clock.is_none() {
        return false;
    }
    let before = (app.revision, app.message.clone());
    app.tick(start.elapsed().as_secs_f64());
    keeper.after_update(app);
    if std::mem::take(&mut app.bell) {
        use std::io::Write;
        let mut out = io::stdout();
        let _ = out.write_all(b"\x07").and_then(|()| out.flush());
    }
    before != (app.revision, app.message.clone())
}

/// Carries out an effect in the terminal (theme, suspend) or through the
/// keeper (files). True when kifu is to quit.
fn carry_out(
    terminal: &mut ratatui::DefaultTerminal,
    app: &mut App,
    look: &mut Look,
    keeper: &mut Keeper,
    effect: Effect,
    mouse: bool,
) -> io::Result<bool> {
    match effect {
        Effect::Theme(name) => {
            let mut problems = Vec::new();
            let theme = crate::settings::resolve_theme(Some(&name), &mut problems);
            *look = Look::with_theme(theme, |k| std::env::var(k).ok());
            app.update(Action::Notice(
                problems.first().cloned().unwrap_or(format!("theme {name}")),
            ));
            Ok(false)
        }
        Effect::Suspend => {
            suspend(terminal, mouse)?;
            Ok(false)
        }
        effect => Ok(keeper.carry_out(app, effect) == Flow::Quit),
    }
}
