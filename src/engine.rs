//! KataGo as an optional engine: its analysis engine (`katago analysis`,
//! JSON lines on stdin and stdout) started once and kept, positions sent as
//! initial stones with the game's rules and komi, several at a time (KataGo
//! batches them), and the ownership maps read back. Every exchange has a
//! timeout; an engine that is missing, crashes or answers something kifu
//! cannot read gives one line saying so, and callers fall back to kifu's
//! own estimate. I/O: this is the one place kifu runs another program.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc::{Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::game::rules::{Preset, Rules, Scoring};
use crate::game::{Board, Color};

/// Where KataGo and its network are, and how long to wait.
#[derive(Debug, Clone, PartialEq)]
pub struct EngineConfig {
    /// The `katago` program.
    pub katago: PathBuf,
    /// The network file (`.bin.gz`).
    pub model: PathBuf,
    /// An analysis config; None: kifu writes its own (1 visit, every core).
    pub config: Option<PathBuf>,
    /// How long one position may take, the engine's start included.
    pub timeout: Duration,
    /// Search visits per position (1: the network's judgment alone).
    pub visits: u32,
}

/// The analysis config kifu writes when none is given: one visit (the
/// network's own judgment, about 0.25 s a 19x19 position on 2 cores),
/// every core, ownership from Black's side.
pub fn default_config(log_dir: &Path) -> String {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    format!(
        "logDir = {}\nreportAnalysisWinratesAs = BLACK\nmaxVisits = 1\nnumAnalysisThreads = 1\n\
         numSearchThreads = {cores}\nnnMaxBatchSize = 16\nnnRandomize = false\n\
         numEigenThreadsPerModel = {cores}\n",
        log_dir.display()
    )
}

type Waiters = Arc<Mutex<HashMap<String, Sender<Result<Vec<f64>, EngineError>>>>>;

/// A running KataGo, in a process group of its own: ending kifu ends it
/// and whatever it started.
pub struct Engine {
    child: Arc<Mutex<Child>>,
    stdin: Mutex<ChildStdin>,
    waiters: Waiters,
    next: std::sync::atomic::AtomicU64,
    timeout: Duration,
    visits: u32,
    /// Why the engine stopped answering, once it has.
    broken: Arc<Mutex<Option<EngineError>>>,
    /// When the engine last answered: a position queued behind others is
    /// taken no earlier, so its time counts from then.
    progress: Arc<Mutex<Instant>>,
    /// Positions in a row that got no answer in time (any answer resets
    /// it): one slow position does not condemn the engine, three do.
    silences: Arc<AtomicU32>,
}

/// Positions in a row without an answer after which the engine is given
/// up for the rest of the run.
const SILENCES_TO_GIVE_UP: u32 = 3;

/// The rules as KataGo names them.
fn katago_rules(rules: &Rules) -> &'static str {
    match (rules.preset, rules.scoring) {
        (Some(Preset::Japanese), _) => "japanese",
        (Some(Preset::Korean), _) => "korean",
        (Some(Preset::Aga), _) => "aga",
        (Some(Preset::NewZealand), _) => "new-zealand",
        (Some(Preset::TrompTaylor), _) => "tromp-taylor",
        (Some(_), _) | (None, Scoring::Area) => "chinese",
        (None, Scoring::Territory) => "japanese",
    }
}

/// The program to start: a path as given (it must exist), or a bare name
/// looked up on PATH, as the system will start it (not in the current
/// folder, which the system does not search).
fn find_program(p: &Path) -> Option<std::path::PathBuf> {
    if p.components().count() > 1 {
        return p.exists().then(|| p.to_path_buf());
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(p))
        .find(|c| c.is_file())
}

/// The analysis config to start KataGo with: the one given, or kifu's own
/// written into `work`.
fn config_file(cfg: &EngineConfig, work: &Path) -> Result<PathBuf, EngineError> {
    if let Some(c) = &cfg.config {
        return Ok(c.clone());
    }
    let logs = work.join("logs");
    let unwritable = |e: anyhow::Error| {
        EngineError::NoWorkFolder(
            work.display().to_string(),
            crate::storage::SystemReason::of_chain(&e),
        )
    };
    crate::storage::make_dir(&logs).map_err(unwritable)?;
    let p = work.join("analysis.cfg");
    crate::storage::write_atomic(&p, default_config(&logs).as_bytes()).map_err(unwritable)?;
    Ok(p)
}

impl Engine {
    /// Starts KataGo. `work` is a folder for its config and logs.
    pub fn start(cfg: &EngineConfig, work: &Path) -> Result<Engine, EngineError> {
        let Some(katago) = find_program(&cfg.katago) else {
            let shown = cfg.katago.display().to_string();
            return Err(if cfg.katago.components().count() == 1 {
                EngineError::NotOnPath(shown)
            } else {
                EngineError::NotAt(shown)
            });
        };
        if !cfg.model.exists() {
            return Err(EngineError::NoNetwork(cfg.model.display().to_string()));
        }
        let config = config_file(cfg, work)?;
        let mut command = Command::new(&katago);
        // A group of its own: kifu ends the engine and its children
        // together, and a Ctrl-C meant for kifu does not reach it.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .arg("analysis")
            .arg("-model")
            .arg(&cfg.model)
            .arg("-config")
            .arg(&config)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| {
                EngineError::CannotStart(
                    cfg.katago.display().to_string(),
                    crate::storage::SystemReason::of(&e),
                )
            })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(EngineError::NoPipes);
        };
        let child = Arc::new(Mutex::new(child));
        let waiters: Waiters = Arc::new(Mutex::new(HashMap::new()));
        let broken = Arc::new(Mutex::new(None));
        let progress = Arc::new(Mutex::new(Instant::now()));
        let silences = Arc::new(AtomicU32::new(0));
        let reader = Reader {
            waiters: Arc::clone(&waiters),
            broken: Arc::clone(&broken),
            progress: Arc::clone(&progress),
            silences: Arc::clone(&silences),
        };
        let gone = Arc::clone(&child);
        std::thread::spawn(move || {
            read_answers(BufReader::new(stdout), &reader);
            // Its output ended: reap it (no zombie while kifu runs on).
            end(&gone);
        });
        Ok(Engine {
            child,
            stdin: Mutex::new(stdin),
            waiters,
            next: std::sync::atomic::AtomicU64::new(0),
            timeout: cfg.timeout,
            visits: cfg.visits.clamp(1, 10_000),
            broken,
            progress,
            silences,
        })
    }

    /// The ownership map of a position (row by row from the top left,
    /// Black positive), or why not, within the timeout.
    pub fn ownership(
        &self,
        board: &Board,
        rules: &Rules,
        komi: f64,
        to_move: Color,
    ) -> Result<Vec<f64>, EngineError> {
        if let Ok(b) = self.broken.lock()
            && let Some(why) = b.as_ref()
        {
            return Err(why.clone());
        }
        let size = board.size();
        let id = format!(
            "q{}",
            self.next.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        );
        let stones: Vec<serde_json::Value> = board
            .points()
            .filter_map(|p| {
                board.get(p).map(|c| {
                    serde_json::json!([if c == Color::Black { "B" } else { "W" }, p.to_gtp(size)])
                })
            })
            .collect();
        // KataGo takes komi in halves of a point.
        let komi = (komi * 2.0).round() / 2.0;
        let query = serde_json::json!({
            "id": id,
            "initialStones": stones,
            "initialPlayer": if to_move == Color::Black { "B" } else { "W" },
            "moves": [],
            "rules": katago_rules(rules),
            "komi": komi,
            "boardXSize": size,
            "boardYSize": size,
            "includeOwnership": true,
            "maxVisits": self.visits,
        });
        let (tx, rx) = channel();
        // How many positions the engine holds, this one included: it is
        // taken at the latest when those before it are answered.
        let queued = match self.waiters.lock() {
            Ok(mut w) => {
                w.insert(id.clone(), tx);
                u32::try_from(w.len()).unwrap_or(u32::MAX)
            }
            Err(_) => 1,
        };
        let sent = self.send(&query.to_string());
        if let Err(e) = sent {
            self.forget(&id);
            return Err(e);
        }
        self.wait(&id, &rx, Instant::now(), queued)
    }

    /// The ownership map as kifu's judgment of the board (dead stones,
    /// seki, the points each side owns), or why not: the one path from the
    /// engine to a count, for the CLI and the TUI.
    pub fn judge(
        &self,
        board: &Board,
        rules: &Rules,
        komi: f64,
        to_move: Color,
    ) -> Result<crate::count::judge::Judgment, EngineError> {
        let o = self.ownership(board, rules, komi, to_move)?;
        crate::count::judge::judge_map(board, &o).ok_or(EngineError::MapDoesNotFit)
    }

    fn send(&self, line: &str) -> Result<(), EngineError> {
        self.stdin
            .lock()
            .map_err(|_| EngineError::NotUsable)
            .and_then(|mut s| {
                writeln!(s, "{line}").and_then(|()| s.flush()).map_err(|e| {
                    EngineError::StoppedListening(crate::storage::SystemReason::of(&e))
                })
            })
    }

    /// Waits for the answer to `id`. Its time counts from when the engine
    /// took it: not before it was sent, nor before the engine's last
    /// answer (it was busy with earlier positions until then), and at the
    /// latest `queued` timeouts after sending.
    fn wait(
        &self,
        id: &str,
        rx: &std::sync::mpsc::Receiver<Result<Vec<f64>, EngineError>>,
        sent: Instant,
        queued: u32,
    ) -> Result<Vec<f64>, EngineError> {
        let latest = sent + self.timeout * queued.max(1);
        loop {
            let taken = self.progress.lock().map_or(sent, |p| (*p).max(sent));
            let deadline = (taken + self.timeout).min(latest);
            let now = Instant::now();
            if now >= deadline {
                return Err(self.silence(id));
            }
            match rx.recv_timeout(deadline - now) {
                Ok(answer) => return answer,
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(self.broken_why().unwrap_or(EngineError::Exited));
                }
            }
        }
    }

    /// A position got no answer in time: it is dropped (and the engine
    /// asked to stop on it); after a few in a row, the engine is given up.
    fn silence(&self, id: &str) -> EngineError {
        self.forget(id);
        let _ = self.send(&serde_json::json!({"id": format!("stop-{id}"), "action": "terminate", "terminateId": id}).to_string());
        let seconds = self.timeout.as_secs_f64();
        let n = self.silences.fetch_add(1, Ordering::Relaxed) + 1;
        if n >= SILENCES_TO_GIVE_UP {
            if let Ok(mut b) = self.broken.lock() {
                b.get_or_insert(EngineError::GivenUp(seconds, n));
            }
            // Given up: it is ended now, not left running (and using both
            // cores) until kifu quits.
            self.shutdown();
        }
        EngineError::Silent(seconds)
    }

    fn broken_why(&self) -> Option<EngineError> {
        self.broken.lock().ok().and_then(|b| b.clone())
    }

    fn forget(&self, id: &str) {
        if let Ok(mut w) = self.waiters.lock() {
            w.remove(id);
        }
    }
}

impl Engine {
    /// The engine's process id.
    pub fn pid(&self) -> Option<u32> {
        self.child.lock().ok().map(|c| c.id())
    }

    /// Ends the engine and everything it started, and reaps it.
    pub fn shutdown(&self) {
        end(&self.child);
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// Kills the engine's process group (the engine and its children) and
/// reaps the engine; harmless when it has ended already.
fn end(child: &Mutex<Child>) {
    let Ok(mut c) = child.lock() else { return };
    if matches!(c.try_wait(), Ok(Some(_))) {
        kill_group(c.id());
        return;
    }
    kill_group(c.id());
    let _ = c.kill();
    let _ = c.wait();
}

#[cfg(unix)]
fn kill_group(pid: u32) {
    if let Some(pid) = i32::try_from(pid)
        .ok()
        .and_then(rustix::process::Pid::from_raw)
    {
        let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
    }
}

#[cfg(not(unix))]
fn kill_group(_pid: u32) {}

mod read;
mod why;
use read::{Reader, read_answers};
pub use why::EngineError;
