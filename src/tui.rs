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

mod screen;
use ratatui::crossterm::event::{self, Event, KeyEventKind, MouseButton, MouseEventKind};
use screen::{screen_modes, suspend};

use crate::app::{self, Action, App, Effect, Mode, action};
use crate::game::record::GameRecord;
use crate::ui::theme::Theme;
use crate::ui::{self, Look, layout::Layout};
use crate::{sgf, storage};

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
    } = opts;
    let mut look = Look::with_theme(theme, |k| std::env::var(k).ok());
    let mut app = App::new(record, path);
    app.keymap = keymap;
    app.plain = plain;
    app.sgf_coords = sgf_coords;
    app.source = source;
    app.engine = engine.is_some();
    let engine = engine.map(EngineWorker::new);
    if let Some(src) = &app.source {
        app.message = src
            .why_ask()
            .map(|why| format!("this file: {why}; a save over it will ask first"));
    }
    // A broken configuration or theme is said in the message line too.
    if let Some(p) = problems.first() {
        app.message = Some(p.clone());
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

/// The game's files as the event loop keeps them: this session's autosave
/// (written after every change), the autosave of an earlier session
/// offered for recovery, and the file the game was read from (a save over
/// it follows the save policy).
pub struct Keeper {
    /// kifu's data directory (autosaves, discarded sessions).
    base: Option<PathBuf>,
    autosave: Option<storage::Autosave>,
    /// The earlier session's autosave being offered.
    offered: Option<PathBuf>,
    /// The revision last autosaved.
    written: u64,
    /// The file the game was read from.
    source_path: Option<PathBuf>,
}

/// What the event loop does after an effect.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

impl Keeper {
    /// Starts the autosave of `app`'s game in the data directory `base`,
    /// offers the newest unsaved session an earlier kifu left for it, and
    /// says when another kifu has the same game open.
    pub fn start(app: &mut App, base: Option<PathBuf>) -> Keeper {
        let mut k = Keeper {
            base: base.clone(),
            autosave: None,
            offered: None,
            written: app.revision,
            source_path: app.source.as_ref().and(app.path.clone()),
        };
        let Some(base) = base else {
            app.message = Some("no data directory: autosave is off (set KIFU_DATA_DIR)".into());
            return k;
        };
        let game = app.source.as_ref().map_or(1, |s| s.index + 1);
        let others = match storage::Autosave::start(&base, app.path.as_deref(), game) {
            Ok((a, others)) => {
                k.autosave = Some(a);
                others
            }
            Err(e) => {
                app.message = Some(format!("autosave is off: {e:#}"));
                return k;
            }
        };
        if let Some(&pid) = others.live.first() {
            app.message = Some(format!(
                "this game is also open in another kifu (process {pid}): each autosaves on its own, and the last save wins"
            ));
        }
        let mut put_away = 0;
        for (i, stale) in others.stale.iter().enumerate() {
            if i == 0 && k.offer(app, stale) {
                continue;
            }
            if i > 0 && storage::discard_autosave(&base, stale).is_ok() {
                put_away += 1;
            }
        }
        if put_away > 0 && app.mode == Mode::Recover {
            let m = app.message.take().unwrap_or_default();
            app.message = Some(format!(
                "{m} ({put_away} older one(s) put away: kifu --recover lists them)"
            ));
        }
        k
    }

    /// Offers an earlier session's autosave when it holds something the
    /// file does not (one that holds the same is simply removed).
    fn offer(&mut self, app: &mut App, autosave: &Path) -> bool {
        let Some(mut rec) = storage::read_sgf(autosave)
            .ok()
            .and_then(|f| f.game(1).ok().map(|g| g.record.clone()))
        else {
            return false;
        };
        if sgf::to_sgf(&rec) == sgf::to_sgf(&app.record) {
            let _ = storage::remove_autosave(autosave);
            return false;
        }
        rec.to_start();
        rec.to_end();
        let moves = rec.move_number();
        app.offer_recovery(rec, moves);
        self.offered = Some(autosave.to_path_buf());
        true
    }

    /// This session's autosave file, if autosave is on.
    pub fn autosave_path(&self) -> Option<&Path> {
        self.autosave.as_ref().map(storage::Autosave::path)
    }

    /// Writes the autosave when the record changed since the last one.
    pub fn after_update(&mut self, app: &mut App) {
        if app.revision == self.written {
            return;
        }
        if let Some(a) = &self.autosave
            && let Err(e) = a.write(sgf::to_sgf(&app.record).as_bytes())
        {
            app.message = Some(format!("autosave failed: {e:#}"));
        }
        self.written = app.revision;
    }

    /// Carries out what `App::update` asked for that touches files.
    pub fn carry_out(&mut self, app: &mut App, effect: Effect) -> Flow {
        match effect {
            Effect::None | Effect::Theme(_) | Effect::Suspend => Flow::Continue,
            Effect::Export(dir, files) => {
                let written = std::fs::create_dir_all(&dir)
                    .map_err(anyhow::Error::from)
                    .and_then(|()| {
                        for (name, contents) in &files {
                            storage::write_atomic(&dir.join(name), contents.as_bytes())?;
                        }
                        Ok(())
                    });
                app.message = Some(match written {
                    Ok(()) => format!(
                        "wrote the handout ({} files) to {}: open handout.html in a browser",
                        files.len(),
                        dir.display()
                    ),
                    Err(e) => format!("handout not written: {e:#}"),
                });
                Flow::Continue
            }
            Effect::Quit => Flow::Quit,
            Effect::DiscardAutosave | Effect::RecoveredAutosave => {
                if let (Some(base), Some(old)) = (&self.base, self.offered.take())
                    && let Err(e) = storage::discard_autosave(base, &old)
                {
                    app.message = Some(format!("{e:#}"));
                }
                Flow::Continue
            }
            Effect::Save(p) => self.save(app, p, false),
            Effect::SaveAndQuit(p) => self.save(app, p, true),
            Effect::SaveOver(p) => self.write(app, p, false),
            Effect::SaveNew(p, quit) => {
                let p = storage::free_name(&p);
                self.write(app, p, quit)
            }
        }
    }

    fn save(&mut self, app: &mut App, p: PathBuf, quit: bool) -> Flow {
        let same = self
            .source_path
            .as_deref()
            .is_some_and(|s| storage::same_file(&p, s));
        if app.must_confirm(same) {
            app.confirm_overwrite(p, quit);
            return Flow::Continue;
        }
        // Another file that exists is not replaced unasked (as vim's :w
        // refuses and :w! overwrites).
        // The file named on the command line is the game's own (a new game
        // in an empty file included).
        let own = app
            .path
            .as_deref()
            .is_some_and(|a| storage::same_file(&p, a));
        if !same && !own && p.exists() {
            app.message = Some(format!(
                "{} exists and is another file: not replaced; :w! {} replaces it, or :w NEWNAME",
                crate::text::printable(&p.display().to_string()),
                crate::text::printable(&p.display().to_string())
            ));
            return Flow::Continue;
        }
        self.write(app, p, quit)
    }

    /// Writes the game; once it is safely in its file, the autosave goes,
    /// and later changes are autosaved under the file's new name.
    fn write(&mut self, app: &mut App, p: PathBuf, quit: bool) -> Flow {
        let r = storage::write_sgf(&p, &app.file_text()).map_err(|e| format!("{e:#}"));
        let ok = r.is_ok();
        app.saved(p.clone(), r);
        let elsewhere = !self
            .source_path
            .as_deref()
            .is_some_and(|s| storage::same_file(&p, s));
        if ok
            && elsewhere
            && let Some(src) = app.source.as_mut()
        {
            src.saved_elsewhere();
        }
        if ok {
            // The game's file is now the one just written.
            self.source_path = Some(p.clone());
        }
        if ok && let Some(a) = self.autosave.as_mut() {
            let _ = a.remove();
            let game = app.source.as_ref().map_or(1, |s| s.index + 1);
            if let Err(e) = a.rename_for(Some(&p), game) {
                app.message = Some(format!("saved; autosave is off: {e:#}"));
            }
        }
        if ok && quit {
            Flow::Quit
        } else {
            Flow::Continue
        }
    }

    /// Ends the session: the lock goes; an unsaved autosave stays for the
    /// next start to offer.
    pub fn finish(self) {
        if let Some(a) = self.autosave {
            a.finish();
        }
    }
}

/// KataGo in the background: started on the first position and kept; its
/// answers come back on a channel the event loop reads between keys, so
/// the keys never wait for it.
struct EngineWorker {
    config: crate::engine::EngineConfig,
    engine: Arc<std::sync::OnceLock<Result<crate::engine::Engine, String>>>,
    answers: std::sync::mpsc::Receiver<(
        crate::game::Board,
        Result<crate::count::ownership::Judgment, String>,
    )>,
    tx: std::sync::mpsc::Sender<(
        crate::game::Board,
        Result<crate::count::ownership::Judgment, String>,
    )>,
    asked: Option<std::time::Instant>,
}

impl EngineWorker {
    fn new(config: crate::engine::EngineConfig) -> EngineWorker {
        let (tx, answers) = std::sync::mpsc::channel();
        EngineWorker {
            config,
            engine: Arc::new(std::sync::OnceLock::new()),
            answers,
            tx,
            asked: None,
        }
    }

    fn ask(&mut self, req: crate::app::EngineRequest) {
        let (cell, tx, cfg) = (
            Arc::clone(&self.engine),
            self.tx.clone(),
            self.config.clone(),
        );
        self.asked = Some(std::time::Instant::now());
        std::thread::spawn(move || {
            let engine = cell.get_or_init(|| {
                let work = storage::data_dir()
                    .unwrap_or_else(std::env::temp_dir)
                    .join("katago");
                crate::engine::Engine::start(&cfg, &work)
            });
            let answer = match engine {
                Ok(e) => e
                    .ownership(&req.board, &req.rules, req.komi, req.to_move)
                    .and_then(|o| {
                        crate::count::ownership::judge(&req.board, &o).ok_or_else(|| {
                            "KataGo's ownership map does not fit the board".to_string()
                        })
                    }),
                Err(e) => Err(e.clone()),
            };
            let _ = tx.send((req.board, answer));
        });
    }
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
    loop {
        // The engine: send what the app asks, take what it answered.
        if let Some(w) = engine.as_mut() {
            if let Some(req) = app.engine_request.take() {
                w.ask(req);
            }
            while let Ok((board, answer)) = w.answers.try_recv() {
                app.engine_answer(&board, answer);
                w.asked = None;
                redraw = true;
            }
            if let (Some(t), Some(_)) = (w.asked, app.engine_thinking) {
                app.engine_thinking = Some(t.elapsed().as_secs_f64());
                redraw = true;
            }
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
        let action = match event::read()? {
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
                Layout::with_panel(area, app.record.size(), !app.presentation)
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
            app.message = Some(problems.first().cloned().unwrap_or(format!("theme {name}")));
            Ok(false)
        }
        Effect::Suspend => {
            suspend(terminal, mouse)?;
            Ok(false)
        }
        effect => Ok(keeper.carry_out(app, effect) == Flow::Quit),
    }
}
