//! Training data for the learned dead-stone judge (train/README.md): the
//! final position of each finished game, KataGo's ownership of it, and
//! whether counting it with the dead stones that ownership gives (kifu's
//! grouping and rules) reproduces the game's recorded result.
//!
//! cargo run --release --example label -- OUT.jsonl FILE... (or @LIST, a path a line)
//!
//! KataGo comes from $KATAGO, $KATAGO_MODEL and $KATAGO_CFG (as
//! ../shared/peers/setup-katago.sh prints them); $VISITS visits a position
//! (default 1). One JSON object a line: `file`, `size`, `board` (rows from
//! the top, `X` black, `O` white, `.` empty), `to_move`, `komi`, `rules`
//! (`area`/`territory`), `ownership` (Black positive, two decimals),
//! `result` (kifu's count with KataGo's dead stones), `recorded`, `agrees`.
//! A game without a counted result (B+n or W+n) is skipped; so is one
//! whose result the position cannot have come from (`why`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use kifu::count::Terms;
use kifu::count::session::{DeadStones, Session};
use kifu::engine::{Engine, EngineConfig};
use kifu::game::rules::Scoring;
use kifu::game::{Color, GameResult, Margin};

fn main() {
    if let Err(e) = run() {
        eprintln!("label: {e}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let out = args.next().ok_or("usage: label OUT.jsonl FILE...")?;
    // `@LIST`: the paths in LIST, a line each (more than a command line holds).
    let mut files: Vec<PathBuf> = Vec::new();
    for a in args {
        match a.strip_prefix('@') {
            Some(list) => {
                let text = std::fs::read_to_string(list).map_err(|e| format!("{list}: {e}"))?;
                files.extend(text.lines().filter(|l| !l.is_empty()).map(PathBuf::from));
            }
            None => files.push(PathBuf::from(a)),
        }
    }
    let var = |k: &str| std::env::var(k).map_err(|_| format!("${k} is not set"));
    let cfg = EngineConfig {
        katago: var("KATAGO")?.into(),
        model: var("KATAGO_MODEL")?.into(),
        config: std::env::var("KATAGO_CFG").ok().map(PathBuf::from),
        timeout: std::time::Duration::from_secs(60),
        visits: std::env::var("VISITS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(1),
    };
    let work = std::env::temp_dir().join("kifu-label");
    let engine = Engine::start(&cfg, &work).map_err(|e| e.to_string())?;
    let out = Mutex::new(std::io::BufWriter::new(
        std::fs::File::create(&out).map_err(|e| format!("{out}: {e}"))?,
    ));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let done = std::sync::atomic::AtomicUsize::new(0);
    // Several positions in flight keep the engine's batch full.
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(f) = files.get(i) else { break };
                    if let Some(line) = label(&engine, f)
                        && let Ok(mut o) = out.lock()
                    {
                        let _ = writeln!(o, "{line}");
                    }
                    let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                    if n.is_multiple_of(200) {
                        eprintln!("{n} of {}", files.len());
                    }
                }
            });
        }
    });
    engine.shutdown();
    out.into_inner()
        .map_err(|_| "output lock poisoned".to_string())?
        .flush()
        .map_err(|e| e.to_string())
}

/// One game's line, or None when it has no counted result.
fn label(engine: &Engine, file: &Path) -> Option<String> {
    let sgf = kifu::storage::read_sgf(file).ok()?;
    let mut rec = sgf.games.into_iter().next()?.ok()?.record;
    rec.to_start();
    rec.to_end();
    let recorded = rec.info.result.clone()?;
    if !matches!(recorded, GameResult::Win(_, Margin::Points(_))) {
        return None;
    }
    let board = rec.board().clone();
    let size = usize::from(board.size());
    let terms = Terms::of_record(&rec);
    let komi = terms.komi;
    let own = match engine.ownership(&board, &rec.rules, komi, rec.to_move()) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{}: {e}", file.display());
            return None;
        }
    };
    let judged = kifu::count::judge::judge_map(&board, &own)?;
    let session = Session::new(board.clone(), terms, DeadStones::Judged(judged, "KataGo"));
    let result = session.count.result();
    let rows: Vec<String> = (0..size)
        .map(|y| {
            (0..size)
                .map(
                    |x| match board.get(kifu::game::Point::new(x as u8, y as u8)) {
                        Some(Color::Black) => 'X',
                        Some(Color::White) => 'O',
                        None => '.',
                    },
                )
                .collect()
        })
        .collect();
    let own: Vec<f64> = own.iter().map(|v| (v * 100.0).round() / 100.0).collect();
    let line = serde_json::json!({
        "file": file.display().to_string(),
        "size": size,
        "board": rows,
        "to_move": if rec.to_move() == Color::Black { "B" } else { "W" },
        "komi": komi,
        "rules": if rec.rules.scoring == Scoring::Area { "area" } else { "territory" },
        "ownership": own,
        "dead": session.marks.dead_points().iter().map(|p| p.to_gtp(board.size())).collect::<Vec<_>>(),
        "result": result.to_string(),
        "recorded": recorded.to_string(),
        "agrees": result.to_string() == recorded.to_string(),
    });
    Some(line.to_string())
}
