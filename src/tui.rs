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

use crate::screen::{screen_modes, suspend};
use ratatui::crossterm::event::{self, Event, KeyEventKind, MouseButton, MouseEventKind};

use crate::app::{self, Action, App, EngineAnswer, Outside, action};
use crate::game::record::GameRecord;
use crate::keeper::{EngineWorker, Flow, Front, Keeper, Opening};
use crate::storage;
use crate::ui::theme::Theme;
use crate::ui::{self, Look};

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
    /// `--share`: where to share the screen.
    pub share: Option<crate::share::ShareOptions>,
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
        share,
    } = opts;
    // Shared before the screen is taken: an address in use is said plainly.
    let mut problems = problems;
    let teacher = match share {
        Some(s) => {
            Some(crate::share::Teacher::start(&s, lang, &mut problems).map_err(io::Error::other)?)
        }
        None => None,
    };
    let mut look = Look::with_theme(theme, |k| std::env::var(k).ok());
    let opening = Opening::new(path.clone(), source.as_ref(), &record, lang);
    let options = crate::app::Options {
        path,
        keymap,
        plain,
        sgf_coords,
        lang,
        source,
        engine: engine.is_some(),
        message: None,
        started: Some(jiff::Zoned::now()),
    };
    let mut app = App::with(record, options);
    if let Some(tc) = clock {
        app.start_clock(tc);
    }
    let engine = engine.map(EngineWorker::new);
    if let Some(why) = app.source().as_ref().and_then(|s| s.why_ask(lang)) {
        app.update(Action::Notice(crate::tr!(lang, "file.will_ask", why = why)));
    }
    say_at_start(&mut app, &problems, teacher.as_ref());
    let (mut keeper, said) = Keeper::start(storage::data_dir(), opening);
    // A signal only sets the flag; the loop saves and leaves cleanly.
    let stop = Arc::new(AtomicBool::new(false));
    for sig in [
        signal_hook::consts::SIGHUP,
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGINT,
    ] {
        signal_hook::flag::register(sig, Arc::clone(&stop))?;
    }
    watch_parent(Arc::clone(&stop));
    let mut terminal = ratatui::try_init()?;
    screen_modes(true, mouse);
    let mut parts = Parts {
        terminal: &mut terminal,
        look: &mut look,
        engine,
        mouse,
        failure: None,
        teacher,
        reported: None,
        lang,
    };
    let result = event_loop(&mut parts, &mut app, &mut keeper, &stop, said);
    screen_modes(false, mouse);
    ratatui::restore();
    keeper.finish();
    // Every follower is told the share ended.
    drop(parts.teacher.take());
    result
}

/// If the terminal is gone (a closed SSH connection), crossterm can spin
/// on the dead tty without returning to the loop; this watchdog then
/// ends the process. The autosave is already on disk.
/// A hang-up is noticed by the signal, or by kifu losing its parent
/// (the SSH session ended without one).
fn watch_parent(watched: Arc<AtomicBool>) {
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
}

/// The first message: a broken configuration or theme, else where the
/// screen is shared.
fn say_at_start(app: &mut App, problems: &[String], teacher: Option<&crate::share::Teacher>) {
    let lang = app.lang();
    if let Some(p) = problems.first() {
        app.update(Action::Notice(p.clone()));
    }
    // Where the screen is shared; the partner's command and its code even
    // over a problem (without it nobody can join).
    if let Some(t) = teacher
        && (problems.is_empty() || t.code().is_some())
    {
        app.update(Action::Notice(crate::share::started(t, lang)));
    }
}

/// What the event loop carries out itself: the terminal, its look, the
/// engine.
struct Parts<'a> {
    terminal: &'a mut ratatui::DefaultTerminal,
    look: &'a mut Look,
    engine: Option<EngineWorker>,
    mouse: bool,
    /// The terminal failed while suspending: the loop ends with it.
    failure: Option<io::Error>,
    /// The share, when the screen is shared.
    teacher: Option<crate::share::Teacher>,
    /// The share, as the panel was last told.
    reported: Option<app::Sharing>,
    /// The language of what the user reads.
    lang: crate::i18n::Lang,
}

impl Parts<'_> {
    /// What only the terminal can do; a theme's problems are said.
    fn front(&mut self, f: Front) -> Option<Action> {
        match f {
            Front::Theme(name) => {
                let mut problems = Vec::new();
                let theme = crate::settings::resolve_theme(Some(&name), &mut problems);
                *self.look = Look::with_theme(theme, |k| std::env::var(k).ok());
                Some(Action::Notice(
                    problems
                        .first()
                        .map(|p| p.words(self.lang))
                        .unwrap_or(crate::tr!(self.lang, "cmd.theme_set", name = name)),
                ))
            }
            Front::Share(at) => Some(Action::Notice(crate::share::command(
                &mut self.teacher,
                &at,
                self.lang,
            ))),
            Front::Suspend => {
                if let Err(e) = suspend(self.terminal, self.mouse) {
                    self.failure = Some(e);
                }
                None
            }
            Front::Bell => {
                use std::io::Write;
                let mut out = io::stdout();
                let _ = out.write_all(b"\x07").and_then(|()| out.flush());
                None
            }
            Front::Engine(req) => {
                if let Some(w) = self.engine.as_mut() {
                    w.ask(*req);
                }
                None
            }
        }
    }
}

/// One action through the keeper (`Keeper::handle`): whether kifu quits,
/// and whether the screen changed.
fn handle(
    app: &mut App,
    keeper: &mut Keeper,
    parts: &mut Parts,
    action: Action,
) -> io::Result<(Flow, bool)> {
    let r = keeper.handle(app, action, &mut |f| parts.front(f));
    match parts.failure.take() {
        Some(e) => Err(e),
        None => Ok(r),
    }
}

/// The engine: what it answered, and how long it has been thinking.
/// True when the screen must show it.
fn engine_turn(app: &mut App, keeper: &mut Keeper, parts: &mut Parts) -> io::Result<bool> {
    let answers: Vec<_> = match parts.engine.as_mut() {
        Some(w) => {
            let got: Vec<_> = w.answers.try_iter().collect();
            if !got.is_empty() {
                w.asked = None;
            }
            got
        }
        None => Vec::new(),
    };
    let mut redraw = false;
    for (board, answer) in answers {
        let a = Action::Outside(Outside::EngineAnswered(Box::new(EngineAnswer {
            board,
            answer,
        })));
        redraw |= handle(app, keeper, parts, a)?.1;
    }
    if let Some(t) = parts.engine.as_ref().and_then(|w| w.asked) {
        let a = Action::Outside(Outside::EngineThinking(t.elapsed()));
        redraw |= handle(app, keeper, parts, a)?.1;
    }
    Ok(redraw)
}

/// The share's followers came or went: the panel says how many; the
/// partner's asks, when counting together, go to the app in order.
fn followers_turn(app: &mut App, keeper: &mut Keeper, parts: &mut Parts) -> io::Result<bool> {
    let asks = crate::share::partner_asks(parts.teacher.as_ref(), app.together().is_some());
    let mut redraw = false;
    for ask in asks {
        let a = Action::Outside(Outside::Partner(ask));
        redraw |= handle(app, keeper, parts, a)?.1;
    }
    Ok(sharing_turn(app, keeper, parts)? || redraw)
}

/// The share's followers came or went: the panel says how many.
fn sharing_turn(app: &mut App, keeper: &mut Keeper, parts: &mut Parts) -> io::Result<bool> {
    let now = parts.teacher.as_ref().map(|t| app::Sharing {
        at: t.address().text(),
        followers: t.followers(),
    });
    if parts.reported == now {
        return Ok(false);
    }
    parts.reported.clone_from(&now);
    let a = Action::Outside(Outside::Sharing(now));
    Ok(handle(app, keeper, parts, a)?.1)
}

/// The terminal's key as kifu's state knows it (`app::key`): the one
/// place the two meet.
pub fn key_of(k: event::KeyEvent) -> crate::app::key::KeyEvent {
    use crate::app::key::{KeyCode as K, KeyModifiers as M};
    use event::{KeyCode as T, KeyModifiers as TM};
    let code = match k.code {
        T::Char(c) => K::Char(c),
        T::F(n) => K::F(n),
        T::Left => K::Left,
        T::Right => K::Right,
        T::Up => K::Up,
        T::Down => K::Down,
        T::Home => K::Home,
        T::End => K::End,
        T::PageUp => K::PageUp,
        T::PageDown => K::PageDown,
        T::Enter => K::Enter,
        T::Esc => K::Esc,
        T::Tab => K::Tab,
        T::BackTab => K::BackTab,
        T::Backspace => K::Backspace,
        T::Delete => K::Delete,
        T::Insert => K::Insert,
        _ => K::Other,
    };
    let mut mods = M::NONE;
    for (t, m) in [
        (TM::SHIFT, M::SHIFT),
        (TM::CONTROL, M::CONTROL),
        (TM::ALT, M::ALT),
    ] {
        if k.modifiers.contains(t) {
            mods |= m;
        }
    }
    crate::app::key::KeyEvent::new(code, mods)
}

/// The action a terminal event asks for: keys go through the app's own
/// table (it knows the mode), a click to the point under it.
fn action_of(event: Event, app: &App, parts: &mut Parts) -> io::Result<Option<Action>> {
    Ok(match event {
        Event::Key(k) if k.kind == KeyEventKind::Press => Some(Action::Key(key_of(k))),
        Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
            let size = parts.terminal.size()?;
            let area = ratatui::layout::Rect::new(0, 0, size.width, size.height);
            ui::point_at(app, area, m.column, m.row).map(Action::PlayAt)
        }
        Event::Paste(text) => Some(Action::Paste(text)),
        _ => None,
    })
}

fn event_loop(
    parts: &mut Parts,
    app: &mut App,
    keeper: &mut Keeper,
    stop: &AtomicBool,
    said: Vec<Action>,
) -> io::Result<()> {
    for a in said {
        handle(app, keeper, parts, a)?;
    }
    let mut redraw = true;
    // The game clock's time: from the start of this session.
    let start = std::time::Instant::now();
    loop {
        let tick = || Action::Outside(Outside::Tick(start.elapsed()));
        redraw |= handle(app, keeper, parts, tick())?.1;
        redraw |= engine_turn(app, keeper, parts)?;
        if stop.load(Ordering::Relaxed) {
            // The autosave is already current; the terminal is restored by
            // the caller.
            return Ok(());
        }
        redraw |= followers_turn(app, keeper, parts)?;
        if redraw {
            let l = *parts.look;
            parts.terminal.draw(|f| ui::draw(f, app, l))?;
            // Followers get what the screen shows, from the same state.
            if let Some(t) = parts.teacher.as_mut() {
                t.publish(app.shown());
            }
        }
        redraw = false;
        // Poll so that a signal is noticed even without input.
        if !event::poll(Duration::from_millis(200))? {
            continue;
        }
        let event = event::read()?;
        let resized = matches!(event, Event::Resize(..));
        // The clock stops at the moment of the key, not at the last poll.
        handle(app, keeper, parts, tick())?;
        let action = action_of(event, app, parts)?;
        redraw = action.is_some() || resized;
        let Some(action) = action else {
            continue;
        };
        if handle(app, keeper, parts, action)?.0 == Flow::Quit {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::key_of;
    use crate::app::key::{KeyCode as K, KeyModifiers as M};
    use ratatui::crossterm::event::{KeyCode as T, KeyEvent, KeyModifiers as TM};

    /// Every key the table names arrives as itself, its modifiers kept;
    /// a key kifu has no use for arrives as `Other`, never as another.
    #[test]
    fn the_terminals_keys_become_kifus() {
        let k = key_of(KeyEvent::new(T::Char('S'), TM::CONTROL | TM::SHIFT));
        assert_eq!(k.code, K::Char('S'));
        assert_eq!(k.modifiers, M::CONTROL | M::SHIFT);
        for (t, want) in [
            (T::F(5), K::F(5)),
            (T::BackTab, K::BackTab),
            (T::PageDown, K::PageDown),
            (T::Esc, K::Esc),
            (T::CapsLock, K::Other),
            (T::Null, K::Other),
        ] {
            let k = key_of(KeyEvent::new(t, TM::ALT));
            assert_eq!((k.code, k.modifiers), (want, M::ALT), "{t:?}");
        }
    }
}
