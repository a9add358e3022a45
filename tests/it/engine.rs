//! KataGo as an optional engine, tested without KataGo: a stand-in
//! speaking the analysis engine's JSON lines (tests/fake_katago.py) with
//! canned ownership maps, one that sleeps, one that exits, one that answers
//! garbage. And an ignored report with the real engine when `KATAGO` and
//! `KATAGO_MODEL` name it.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::common;

fn fake() -> String {
    concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fake_katago.py").to_string()
}

fn sample(name: &str) -> String {
    format!("{}/samples/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn have_python() -> bool {
    std::process::Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// `kifu score --json --dead katago` with the stand-in in `mode`.
fn score(mode: &str, white: &str, config: &Path) -> (serde_json::Value, String, Duration) {
    let start = Instant::now();
    let out = crate::common::kifu()
        .env("KIFU_CONFIG_DIR", config)
        .env("KIFU_DATA_DIR", config.join("data"))
        .env("FAKE_KATAGO", mode)
        .env("FAKE_WHITE", white)
        .args([
            "score",
            "--json",
            "--dead",
            "katago",
            "--katago",
            &fake(),
            "--model",
            &fake(),
        ])
        .arg(sample("9x9-finished.sgf"))
        .output()
        .unwrap();
    let took = start.elapsed();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let v = serde_json::from_str(text.trim()).unwrap_or(serde_json::Value::Null);
    (v, String::from_utf8_lossy(&out.stderr).into_owned(), took)
}

/// A configuration with a one-second timeout.
fn config() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("config.toml"), "[engine]\ntimeout = 1\n").unwrap();
    dir
}

#[test]
fn the_engines_ownership_gives_the_dead_stones() {
    if !have_python() {
        crate::common::skipped("no python3 for the stand-in engine");
        return;
    }
    let dir = config();
    // Black owns the whole board: every white stone is dead.
    let (v, err, _) = score("own", "", dir.path());
    assert_eq!(v["dead_source"], "katago", "{v} {err}");
    let whites = 12; // samples/9x9-finished.sgf ends with 12 white stones
    assert_eq!(v["dead"].as_array().map(Vec::len), Some(whites), "{v}");
    assert_eq!(v["white"]["stones"], 0);
    // White owns its own area (every point but Black's): the same dead
    // stone the players agree on (E8) and no other.
    let black_area = "";
    let _ = black_area;
    let text = std::fs::read_to_string(sample("9x9-finished.sgf")).unwrap();
    let f = kifu::sgf::read_text(&text);
    let mut rec = f.game(1).unwrap().record.clone();
    rec.to_end();
    let board = rec.board();
    // White owns the white stones' points, except E8's stone.
    let white_points: Vec<String> = board
        .points()
        .filter(|&p| board.get(p) == Some(kifu::game::Color::White) && p.to_gtp(9) != "E8")
        .map(|p| p.to_gtp(9))
        .collect();
    let (v, err, _) = score("own", &white_points.join(","), dir.path());
    assert_eq!(v["dead_gtp"], serde_json::json!(["E8"]), "{v} {err}");
    assert_eq!(v["result"], "B+1.5");
}

#[test]
fn an_engine_that_fails_is_said_in_one_line_and_kifu_estimates() {
    if !have_python() {
        crate::common::skipped("no python3 for the stand-in engine");
        return;
    }
    let dir = config();
    for (mode, why) in [
        ("sleep", "no answer within 1.0 s"),
        ("exit", "KataGo exited"),
        ("garbage", "cannot read"),
        ("error", "KataGo refused the position: a bad query"),
    ] {
        let (v, err, took) = score(mode, "", dir.path());
        // kifu's own estimate: on this 9x9 board, the rules estimator's.
        assert_eq!(v["dead_source"], "rules", "{mode}: {v}");
        assert_eq!(
            v["dead"],
            serde_json::json!(["eb"]),
            "kifu's own estimate: {mode}"
        );
        let said: Vec<&str> = err
            .lines()
            .chain(
                v["notes"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|n| n.as_str()),
            )
            .filter(|l| l.contains(why))
            .collect();
        assert_eq!(said.len(), 1, "{mode}: one line: {err} {v}");
        assert!(took < Duration::from_secs(10), "{mode}: {took:?}");
    }
    // Not there at all.
    let out = crate::common::kifu()
        .env("KIFU_CONFIG_DIR", dir.path())
        .args([
            "score",
            "--dead",
            "katago",
            "--katago",
            "/nonexistent/katago",
            "--model",
            "x",
        ])
        .arg(sample("9x9-finished.sgf"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("KataGo not found at /nonexistent/katago"),
        "{err}"
    );
    assert!(out.status.success());
    // In the user's language.
    let out = crate::common::kifu()
        .env("KIFU_CONFIG_DIR", dir.path())
        .args(["score", "--lang", "ja", "--dead", "katago"])
        .args(["--katago", "/nonexistent/katago", "--model", "x"])
        .arg(sample("9x9-finished.sgf"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("/nonexistent/katago に KataGo が見つかりません"),
        "{err}"
    );
}

/// The real engine over the development games and the OGS positions, when
/// `KATAGO` and `KATAGO_MODEL` name it (../shared/peers/setup-katago.sh).
///
/// KATAGO=... KATAGO_MODEL=... cargo test --release --test engine -- --ignored --nocapture
#[test]
#[ignore]
fn report_with_the_real_engine() {
    let (Ok(katago), Ok(model)) = (std::env::var("KATAGO"), std::env::var("KATAGO_MODEL")) else {
        crate::common::skipped("KATAGO and KATAGO_MODEL are not set");
        return;
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/kgs-2017q1-markup");
    let manifest = std::fs::read_to_string(root.join("MANIFEST.csv")).unwrap_or_default();
    let mut files: Vec<PathBuf> = common::shared_sgf_files("kgs-2017q1-markup")
        .into_iter()
        .filter(|p| {
            let name = p
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            manifest.lines().any(|l| {
                l.contains(&name) && (l.contains("verified_by_recount=yes") || l.ends_with(",yes"))
            })
        })
        .collect();
    files.sort();
    if files.is_empty() {
        crate::common::skipped("no verified KGS games");
        return;
    }
    let run = |dead: &str| -> Vec<serde_json::Value> {
        let mut cmd = crate::common::kifu();
        cmd.args([
            "score", "--json", "--quiet", "--dead", dead, "--katago", &katago, "--model", &model,
        ]);
        cmd.args(&files);
        let out = cmd.output().unwrap();
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter_map(|l| serde_json::from_str(l).ok())
            .collect()
    };
    let marked = run("marked");
    let start = Instant::now();
    let kata = run("katago");
    let kata_s = start.elapsed().as_secs_f64();
    let start = Instant::now();
    let auto = run("auto");
    let auto_s = start.elapsed().as_secs_f64();
    let same = |a: &[serde_json::Value]| {
        a.iter()
            .zip(&marked)
            .filter(|(x, m)| x["dead"] == m["dead"])
            .count()
    };
    let re = |a: &[serde_json::Value]| {
        a.iter()
            .filter(|x| x.get("recorded").is_some() && x["recorded"] == x["result"])
            .count()
    };
    println!(
        "{} KGS games: dead stones as the players marked them: KataGo {} (count equals RE {}), {:.2} s a game; kifu's estimate {} ({}), {:.3} s a game",
        files.len(),
        same(&kata),
        re(&kata),
        kata_s / files.len() as f64,
        same(&auto),
        re(&auto),
        auto_s / files.len() as f64
    );
    assert!(
        same(&kata) + 5 >= same(&auto),
        "KataGo is not far behind kifu's estimate"
    );
    ogs_positions(&katago, &model);
}

/// The OGS score estimator's test positions: KataGo's dead stones (judged
/// by kifu's grouping) against their removal maps, beside kifu's estimate.
fn ogs_positions(katago: &str, model: &str) {
    use kifu::game::Color;
    use kifu::game::rules::{Rules, Scoring};
    let work = tempfile::tempdir().unwrap();
    let cfg = kifu::engine::EngineConfig {
        katago: katago.into(),
        model: model.into(),
        config: None,
        timeout: Duration::from_secs(60),
        visits: std::env::var("KATAGO_VISITS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(1),
    };
    let Ok(engine) = kifu::engine::Engine::start(&cfg, work.path()) else {
        eprintln!("KataGo did not start");
        return;
    };
    let (mut total, mut kata, mut own) = (0, 0, 0);
    for (_, board, theirs) in common::ogs_positions() {
        total += 1;
        let judged = engine
            .ownership(&board, &Rules::japanese(), 6.5, Color::Black)
            .ok()
            .and_then(|o| kifu::count::judge::judge_map(&board, &o));
        if judged.is_some_and(|j| j.marks.dead_points() == theirs) {
            kata += 1;
        }
        let est = kifu::count::judge::estimate::estimate(&board, None, Scoring::Territory);
        if est.marks.dead_points() == theirs {
            own += 1;
        }
    }
    println!(
        "OGS removal maps: {total} positions, dead stones identical: KataGo {kata}, kifu's estimate {own}"
    );
}

/// Count mode with an engine configured: the proposal is asked for, the
/// panel says KataGo is thinking (keys keep working), and the answer
/// replaces kifu's proposal unless the players marked stones meanwhile.
#[test]
fn count_mode_asks_the_engine_without_waiting_for_it() {
    use kifu::app::{Action, App, Mode};
    use kifu::count::judge::judge_map as judge;
    let text = std::fs::read_to_string(sample("9x9-finished.sgf")).unwrap();
    let f = kifu::sgf::read_text(&text);
    let mut rec = f.game(1).unwrap().record.clone();
    rec.to_end();
    let mut a = App::new(rec.clone(), None);
    a.set_engine(true);
    let req = a
        .update(Action::Count)
        .engine
        .expect("a position for KataGo");
    assert_eq!(req.board, *rec.board());
    let s = common_screen(&a);
    assert!(s.contains("KataGo: thinking"), "{s}");
    // Keys work while it thinks.
    a.update(Action::SwitchView);
    assert_eq!(*a.mode(), Mode::Count);
    // Its answer: every white stone dead (Black owns the board).
    let board = rec.board().clone();
    let own = vec![0.9; 81];
    a.update(answered(&board, Ok(judge(&board, &own).unwrap())));
    let cs = a.count().as_ref().unwrap();
    assert_eq!(cs.session.marks.dead_points().len(), 12);
    assert!(
        cs.source(kifu::i18n::Lang::En)
            .contains("proposed by KataGo"),
        "{}",
        cs.source(kifu::i18n::Lang::En)
    );
    assert_eq!(a.engine_thinking(), None);
    // Once the players mark a stone, a late answer keeps their marks.
    let mut b = App::new(rec.clone(), None);
    b.set_engine(true);
    b.update(Action::Count);
    b.update(Action::PlayAt(kifu::game::Point::new(4, 1)));
    let before = b.count().as_ref().unwrap().session.marks.dead_points();
    b.update(answered(&board, Ok(judge(&board, &own).unwrap())));
    assert_eq!(
        b.count().as_ref().unwrap().session.marks.dead_points(),
        before
    );
    assert!(
        b.message()
            .as_deref()
            .unwrap_or("")
            .contains("your marks are kept")
    );
    // A failure is said; kifu's own proposal stays.
    let mut c = App::new(rec, None);
    c.set_engine(true);
    c.update(Action::Count);
    let before = c.count().as_ref().unwrap().session.marks.dead_points();
    c.update(answered(&board, Err(kifu::engine::EngineError::Exited)));
    assert_eq!(
        c.count().as_ref().unwrap().session.marks.dead_points(),
        before
    );
    assert!(
        c.message()
            .as_deref()
            .unwrap_or("")
            .starts_with("KataGo exited; kifu's own proposal stays")
    );
    // In the user's language, the engine's failure too.
    c.set_lang(kifu::i18n::Lang::De);
    c.update(answered(
        &board,
        Err(kifu::engine::EngineError::GivenUp(2.5, 3)),
    ));
    assert_eq!(
        c.message().as_deref(),
        Some(
            "KataGo hat 3 Stellungen in Folge nicht innerhalb von 2,5 s geantwortet; \
             kifus eigener Vorschlag bleibt"
        )
    );
}

fn common_screen(a: &kifu::app::App) -> String {
    let mut term = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).unwrap();
    term.draw(|f| kifu::ui::draw(f, a, kifu::ui::Look::basic(false, false)))
        .unwrap();
    let buf = term.backend().buffer().clone();
    (0..24)
        .map(|y| {
            (0..80)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A bare `--katago NAME` is looked up on PATH, as the system starts it,
/// not in the current folder: one there is not taken, and the message says
/// how to name it.
#[test]
fn a_bare_program_name_is_looked_up_on_path_only() {
    let dir = tempfile::tempdir().unwrap();
    let fake = dir.path().join("fakekatago");
    std::fs::write(&fake, "#!/bin/sh\nexit 1\n").unwrap();
    std::fs::write(dir.path().join("model.bin.gz"), "").unwrap();
    let out = crate::common::kifu()
        .current_dir(dir.path())
        .env("KIFU_DATA_DIR", dir.path().join("data"))
        .env("KIFU_CONFIG_DIR", dir.path().join("config"))
        .args([
            "score",
            "--dead",
            "katago",
            "--katago",
            "fakekatago",
            "--model",
            "model.bin.gz",
        ])
        .arg(sample("9x9-seki.sgf"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("fakekatago is not a program on PATH (give its path, like ./fakekatago"),
        "{err}"
    );
    assert!(out.status.success(), "kifu's own estimate instead: {err}");
}

/// `kifu score -j4 --dead katago` over four games, the engine taking 1.6 s
/// a position one at a time, with a 5 s timeout (room for a loaded
/// machine): each position's time counts from when the engine takes it,
/// so all four are KataGo's (timed from sending, the fourth would time out
/// at 6.4 s). One position the
/// engine never answers costs that position alone.
#[test]
fn a_slow_or_stuck_engine_is_timed_per_position() {
    if !have_python() {
        crate::common::skipped("no python3 for the stand-in engine");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("config.toml"), "[engine]\ntimeout = 5\n").unwrap();
    let games: Vec<std::path::PathBuf> = (0..4)
        .map(|i| {
            let p = dir.path().join(format!("g{i}.sgf"));
            std::fs::copy(sample("9x9-finished.sgf"), &p).unwrap();
            p
        })
        .collect();
    let run = |mode: &str, jobs: &str| {
        let out = crate::common::kifu()
            .env("KIFU_CONFIG_DIR", dir.path())
            .env("KIFU_DATA_DIR", dir.path().join("data"))
            .env("FAKE_KATAGO", mode)
            .env("FAKE_DELAY", "1.6")
            .env("FAKE_STUCK", "1")
            .args(["score", "--json", "-j", jobs, "--dead", "katago"])
            .args(["--katago", &fake(), "--model", &fake()])
            .args(&games)
            .output()
            .unwrap();
        let sources: Vec<String> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .filter_map(|v| v["dead_source"].as_str().map(str::to_string))
            .collect();
        (sources, String::from_utf8_lossy(&out.stderr).into_owned())
    };
    let (sources, err) = run("slow", "4");
    assert_eq!(sources, ["katago"; 4], "{err}");
    let (mut sources, err) = run("stuck", "1");
    sources.sort();
    assert_eq!(sources, ["katago", "katago", "katago", "rules"], "{err}");
}

/// The state of a process ('Z' a zombie), or None when it is gone.
fn process_state(pid: u32) -> Option<char> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    stat.rsplit(')').next()?.trim().chars().next()
}

/// An engine that exits is reaped at once (no zombie while kifu runs on),
/// and ending the engine ends what it started.
#[test]
fn engines_are_reaped_and_end_with_their_children() {
    if !have_python() || !std::path::Path::new("/proc/self/stat").exists() {
        crate::common::skipped("no python3 or no /proc");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let cfg = kifu::engine::EngineConfig {
        katago: fake().into(),
        model: fake().into(),
        config: None,
        timeout: Duration::from_secs(2),
        visits: 1,
    };
    let board = kifu::game::Board::new(9).unwrap();
    let rules = kifu::game::rules::Rules::chinese();
    let pidfile = dir.path().join("child.pid");
    let with_env = |mode: &str| {
        let wrapper = dir.path().join(format!("{mode}.sh"));
        std::fs::write(
            &wrapper,
            format!(
                "#!/bin/sh\nFAKE_KATAGO={mode} FAKE_PIDFILE={} exec python3 {} \"$@\"\n",
                pidfile.display(),
                fake()
            ),
        )
        .unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
        kifu::engine::EngineConfig {
            katago: wrapper,
            ..cfg.clone()
        }
    };
    let e = kifu::engine::Engine::start(&with_env("exit"), dir.path()).unwrap();
    let pid = e.pid().unwrap();
    assert!(
        e.ownership(&board, &rules, 7.5, kifu::game::Color::Black)
            .is_err()
    );
    std::thread::sleep(Duration::from_millis(300));
    assert_ne!(process_state(pid), Some('Z'), "reaped while kifu runs");
    drop(e);
    let e = kifu::engine::Engine::start(&with_env("spawn"), dir.path()).unwrap();
    assert!(
        e.ownership(&board, &rules, 7.5, kifu::game::Color::Black)
            .is_ok()
    );
    let child: u32 = std::fs::read_to_string(&pidfile)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!(process_state(child).is_some(), "the engine's child runs");
    drop(e);
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        matches!(process_state(child), None | Some('Z')),
        "the engine's child ended with it: {:?}",
        process_state(child)
    );
}

/// KataGo's own error text is escaped wherever kifu says it: `show
/// --count` as `score` (it would reach the terminal raw, escapes and all).
#[test]
fn an_engines_error_text_never_reaches_the_terminal_raw() {
    if !have_python() {
        crate::common::skipped("no python3 for the stand-in engine");
        return;
    }
    let dir = config();
    for sub in [vec!["show", "--count", "chinese"], vec!["score"]] {
        let out = crate::common::kifu()
            .env("KIFU_CONFIG_DIR", dir.path())
            .env("KIFU_DATA_DIR", dir.path().join("data"))
            .env("FAKE_KATAGO", "escape")
            .args(&sub)
            .args(["--dead", "katago", "--katago", &fake(), "--model", &fake()])
            .arg(sample("9x9-finished.sgf"))
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(said.contains("pwned"), "{sub:?}: the error is said: {said}");
        assert!(
            !said.contains('\u{1b}') && !said.contains('\u{7}'),
            "{sub:?}: raw escapes: {said:?}"
        );
    }
}

/// An engine given up for its silence is ended at once, not left running
/// until kifu quits.
#[test]
fn a_silent_engine_given_up_is_ended() {
    if !have_python() || !std::path::Path::new("/proc/self/stat").exists() {
        crate::common::skipped("no python3 or no /proc");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let wrapper = dir.path().join("sleep.sh");
    std::fs::write(
        &wrapper,
        format!(
            "#!/bin/sh\nFAKE_KATAGO=sleep exec python3 {} \"$@\"\n",
            fake()
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    let cfg = kifu::engine::EngineConfig {
        katago: wrapper,
        model: fake().into(),
        config: None,
        timeout: Duration::from_millis(300),
        visits: 1,
    };
    let e = kifu::engine::Engine::start(&cfg, dir.path()).unwrap();
    let pid = e.pid().unwrap();
    let board = kifu::game::Board::new(9).unwrap();
    let rules = kifu::game::rules::Rules::chinese();
    for _ in 0..3 {
        assert!(
            e.ownership(&board, &rules, 7.5, kifu::game::Color::Black)
                .is_err()
        );
    }
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        matches!(process_state(pid), None | Some('Z')),
        "given up, the engine still runs: {:?}",
        process_state(pid)
    );
    drop(e);
}

/// The engine's answer for `board`, as the event loop hands it in.
fn answered(
    board: &kifu::game::Board,
    answer: Result<kifu::count::judge::Judgment, kifu::engine::EngineError>,
) -> kifu::app::Action {
    kifu::app::Action::Outside(kifu::app::Outside::EngineAnswered(Box::new(
        kifu::app::EngineAnswer {
            board: board.clone(),
            answer,
        },
    )))
}
