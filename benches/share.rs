//! A class on loopback: a teacher steps through both walkthroughs of a
//! 19x19 count while 30 followers draw every state (the follower's own
//! code: the feed, `App::following`, `ui::draw` at 80x24), and one more
//! follower, a real `kifu follow` process, is stopped with SIGSTOP
//! throughout. Prints the time from the teacher's key to each follower's
//! frame (median, 99th percentile, worst), the frames missed, and how long
//! the teacher's key, draw and publish took. A bench binary, not a test:
//! timings are figures to read, never pass or fail.
//!
//! cargo bench --bench share [-- FOLLOWERS ROUNDS]

use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use kifu::app::key::{KeyCode, KeyEvent, KeyModifiers};
use kifu::app::{Action, App, Shown};
use kifu::i18n::Lang;
use kifu::share::{Address, Feed, FeedEvent, ShareOptions, Teacher};
use kifu::ui::{self, Look};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// The states published, and when their key was pressed.
type Sent = Arc<Mutex<Vec<(Shown, Instant)>>>;

fn teacher_app() -> App {
    let text = include_str!("../samples/19x19-handicap.sgf");
    let file = kifu::sgf::read_text(text);
    let rec = match file.games.into_iter().next() {
        Some(Ok(g)) => g.record,
        _ => {
            eprintln!("the sample does not read");
            std::process::exit(1)
        }
    };
    let mut rec = rec;
    rec.to_end();
    App::new(rec, None)
}

fn keys() -> Vec<KeyCode> {
    use KeyCode::*;
    let mut k = vec![Char('c')];
    k.extend([Char('n'); 7]);
    k.extend([Char('b'), Char('v')]);
    k.extend([Char('n'); 6]);
    k.extend([Char('v'), F(5), Char('n'), Char('n'), F(5), Char('0')]);
    k
}

/// One follower: draws each state it gets and notes how long after the
/// key it was on its screen.
fn follower(address: Address, lang: Lang, sent: Sent, lags: mpsc::Sender<f64>) -> Feed {
    let (tx, rx) = mpsc::channel::<FeedEvent>();
    std::thread::spawn(move || {
        let Ok(mut term) = Terminal::new(TestBackend::new(80, 24));
        let look = Look::basic(true, true);
        while let Ok(first) = rx.recv() {
            // The latest of what waits, as `kifu follow` draws it.
            let latest = std::iter::once(first)
                .chain(rx.try_iter())
                .filter_map(|e| match e {
                    FeedEvent::State(s) => Some(s),
                    _ => None,
                })
                .last();
            let Some(shown) = latest else { continue };
            let Ok(app) = App::following(&shown, lang) else {
                continue;
            };
            if term.draw(|f| ui::draw(f, &app, look)).is_err() {
                return;
            }
            let done = Instant::now();
            let sent = sent.lock().unwrap_or_else(|e| e.into_inner());
            if let Some((_, at)) = sent.iter().rev().find(|(s, _)| *s == *shown) {
                let _ = lags.send(done.duration_since(*at).as_secs_f64() * 1000.0);
            }
        }
    });
    Feed::start(address, Default::default(), move |e| tx.send(e).is_ok())
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let n = args.first().copied().unwrap_or(30);
    let rounds = args.get(1).copied().unwrap_or(5);
    // With the stopped follower and without it: it must change nothing.
    let alone = class(n, rounds, false);
    let stopped = class(n, rounds, true);
    // The goals (docs/share.md): a bench fails when one is not met.
    let met = [alone, stopped]
        .iter()
        .all(|&(median, p99, missed)| median < GOAL_MEDIAN_MS && p99 < GOAL_P99_MS && missed == 0);
    println!(
        "goal: median under {GOAL_MEDIAN_MS} ms, 99th percentile under {GOAL_P99_MS} ms, no frame missed, with and without the stopped follower: {}",
        if met { "met" } else { "NOT MET" }
    );
    if !met {
        std::process::exit(1);
    }
}

/// The goals of a class on loopback, in milliseconds.
const GOAL_MEDIAN_MS: f64 = 50.0;
const GOAL_P99_MS: f64 = 200.0;

/// One class: (median, 99th percentile) from key to frame, and the frames
/// missed.
fn class(n: usize, rounds: usize, with_stopped: bool) -> (f64, f64, usize) {
    let Ok(dir) = tempfile::tempdir() else {
        eprintln!("no temporary folder");
        std::process::exit(1)
    };
    let address = Address::Unix(dir.path().join("class.sock"));
    let opts = ShareOptions {
        address: address.clone(),
        group: false,
        together: None,
    };
    let mut teacher = match Teacher::start(&opts, Lang::En, &mut Vec::new()) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1)
        }
    };
    // The stopped follower: a real kifu follow, stopped with SIGSTOP.
    let stopped = if with_stopped {
        std::process::Command::new(env!("CARGO_BIN_EXE_kifu"))
            .args(["follow", "--plain"])
            .arg(dir.path().join("class.sock"))
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .map_err(|e| e.to_string())
    } else {
        Err("none asked for".to_string())
    };
    let extra = usize::from(with_stopped);
    let sent: Sent = Arc::default();
    let (lag_tx, lag_rx) = mpsc::channel();
    let langs = [
        Lang::En,
        Lang::ZhCn,
        Lang::De,
        Lang::Ja,
        Lang::Ko,
        Lang::ZhTw,
    ];
    let feeds: Vec<Feed> = (0..n)
        .map(|i| {
            follower(
                address.clone(),
                langs[i % 6],
                Arc::clone(&sent),
                lag_tx.clone(),
            )
        })
        .collect();
    let until = Instant::now() + Duration::from_secs(10);
    while teacher.followers() < n + extra && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(10));
    }
    if let Ok(child) = &stopped {
        let _ = std::process::Command::new("kill")
            .args(["-STOP", &child.id().to_string()])
            .status();
    }
    let mut app = teacher_app();
    let mut screen = Terminal::new(TestBackend::new(160, 50)).ok();
    let look = Look::basic(true, true);
    let mut teacher_ms = Vec::new();
    let mut published = 0;
    for _ in 0..rounds {
        for k in keys() {
            let at = Instant::now();
            app.update(Action::Key(KeyEvent::new(k, KeyModifiers::NONE)));
            // The teacher's own loop: draw, then publish the same state.
            if let Some(t) = screen.as_mut() {
                let _ = t.draw(|f| ui::draw(f, &app, look));
            }
            let shown = app.shown();
            let new = sent
                .lock()
                .map(|s| s.last().map(|(l, _)| l) != Some(&shown))
                .unwrap_or(true);
            if new {
                sent.lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push((shown.clone(), at));
                published += 1;
            }
            teacher.publish(shown);
            teacher_ms.push(at.elapsed().as_secs_f64() * 1000.0);
            // A presenter's pace, quicker than any person's.
            std::thread::sleep(Duration::from_millis(100));
        }
        // Back to recording for the next round.
        app.update(Action::Key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE)));
        app.update(Action::Key(KeyEvent::new(
            KeyCode::Char('c'),
            KeyModifiers::NONE,
        )));
    }
    std::thread::sleep(Duration::from_millis(500));
    drop(lag_tx);
    drop(feeds);
    let mut lags: Vec<f64> = lag_rx.try_iter().collect();
    lags.sort_by(f64::total_cmp);
    teacher_ms.sort_by(f64::total_cmp);
    let still = teacher.followers();
    drop(teacher);
    if let Ok(mut child) = stopped {
        let _ = child.kill();
        let _ = child.wait();
    }
    let expected = published * n;
    let more = if with_stopped {
        "one more stopped (SIGSTOP) throughout"
    } else {
        "none stopped"
    };
    println!("share: {n} followers drawing 80x24, {more}");
    println!(
        "  frames: {} of {expected} states drawn by followers ({} missed)",
        lags.len(),
        expected.saturating_sub(lags.len())
    );
    println!(
        "  key to follower frame: median {:.1} ms, 99th percentile {:.1} ms, worst {:.1} ms",
        percentile(&lags, 0.5),
        percentile(&lags, 0.99),
        lags.last().copied().unwrap_or(f64::NAN)
    );
    println!(
        "  teacher key + draw 160x50 + publish: median {:.2} ms, worst {:.2} ms",
        percentile(&teacher_ms, 0.5),
        teacher_ms.last().copied().unwrap_or(f64::NAN)
    );
    println!("  followers still connected at the end: {still}");
    (
        percentile(&lags, 0.5),
        percentile(&lags, 0.99),
        expected.saturating_sub(lags.len()),
    )
}
