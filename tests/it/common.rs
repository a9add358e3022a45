//! Helpers shared by the TUI tests: the screen as text, and the two looks.

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

/// The screen's cells with their styles.
#[allow(dead_code)]
pub fn buffer(app: &App, look: Look, w: u16, h: u16) -> ratatui::buffer::Buffer {
    let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
    term.draw(|f| ui::draw(f, app, look)).unwrap();
    term.backend().buffer().clone()
}

/// The kifu binary speaking English whatever the tester's locale
/// (LC_MESSAGES decides the language after LC_ALL); a test of another
/// language says so with `--lang` or its own locale.
#[allow(dead_code)]
pub fn kifu() -> assert_cmd::Command {
    let mut c = assert_cmd::Command::cargo_bin("kifu").expect("the kifu binary");
    c.env_remove("LC_ALL").env("LC_MESSAGES", "C");
    c
}

const LETTERS: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/// The screen's styles: each cell a letter, each letter one style
/// (foreground, background, modifiers) listed below the grid, so a
/// snapshot of it changes when a colour does.
#[allow(dead_code)] // not every test binary draws themes
pub fn styles(app: &App, look: Look, w: u16, h: u16) -> String {
    let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
    term.draw(|f| ui::draw(f, app, look)).unwrap();
    let buf = term.backend().buffer().clone();
    let mut seen: Vec<String> = Vec::new();
    let mut out = String::new();
    for y in 0..h {
        for x in 0..w {
            let c = &buf[(x, y)];
            let style = format!("fg {:?}, bg {:?}, {:?}", c.fg, c.bg, c.modifier);
            let i = seen.iter().position(|s| *s == style).unwrap_or_else(|| {
                seen.push(style);
                seen.len() - 1
            });
            out.push(LETTERS.chars().nth(i).unwrap_or('?'));
        }
        out.push('\n');
    }
    for (s, l) in seen.iter().zip(LETTERS.chars()) {
        out.push_str(&format!("{l}: {s}\n"));
    }
    out
}

pub fn ascii() -> Look {
    Look::basic(false, false)
}

pub fn unicode() -> Look {
    Look::basic(true, true)
}

/// Runs a `:` command as typed: `:`, the text, Enter.
pub fn command(a: &mut App, text: &str) -> kifu::app::Effect {
    use kifu::app::Action;
    a.update(Action::Command);
    for c in text.chars() {
        a.update(Action::Input(c));
    }
    a.update(Action::Submit).main
}

/// Driving an `App` as the event loop does, through its one door
/// (`update`), for tests that look at one effect at a time.
#[allow(dead_code)]
pub trait Drive {
    /// An action: what it asked for (the main effect).
    fn act(&mut self, action: kifu::app::Action) -> kifu::app::Effect;
    /// A key as the terminal sends it.
    fn key(&mut self, key: kifu::app::key::KeyEvent) -> kifu::app::Effect;
    /// The clock at `seconds` since the session began: whether the
    /// terminal rang.
    fn tick(&mut self, seconds: f64) -> bool;
}

impl Drive for App {
    fn act(&mut self, action: kifu::app::Action) -> kifu::app::Effect {
        self.update(action).main
    }
    fn key(&mut self, key: kifu::app::key::KeyEvent) -> kifu::app::Effect {
        self.update(kifu::app::Action::Key(key)).main
    }
    fn tick(&mut self, seconds: f64) -> bool {
        let t = std::time::Duration::from_secs_f64(seconds.max(0.0));
        self.update(kifu::app::Action::Outside(kifu::app::Outside::Tick(t)))
            .bell
    }
}

/// What the keeper must know of `app`'s game, as the front ends tell it.
#[allow(dead_code)]
pub fn opening(app: &App) -> kifu::keeper::Opening {
    kifu::keeper::Opening::new(
        app.path().clone(),
        app.source().as_ref(),
        app.record(),
        app.lang(),
    )
}

/// A game as `kifu FILE` opens it: `rec` read from `file` (its `source`),
/// saved back there, with its keeper (the autosave in `data`).
pub fn opened_from(
    rec: kifu::game::record::GameRecord,
    source: kifu::app::Source,
    file: &std::path::Path,
    data: &std::path::Path,
) -> (App, kifu::keeper::Keeper) {
    let mut a = App::with(
        rec,
        kifu::app::Options {
            path: Some(file.to_path_buf()),
            source: Some(source),
            ..kifu::app::Options::default()
        },
    );
    let k = keeper(&mut a, Some(data.to_path_buf()));
    (a, k)
}

/// A keeper started for `app` as a front end starts it, what it has to
/// say fed to `app`.
#[allow(dead_code)]
pub fn keeper(app: &mut App, data: Option<std::path::PathBuf>) -> kifu::keeper::Keeper {
    let (mut k, said) = kifu::keeper::Keeper::start(data, opening(app));
    for a in said {
        k.handle(app, a, &mut |_| None);
    }
    k
}

/// One action through the keeper, as the event loop sends it: whether
/// kifu is to quit.
#[allow(dead_code)]
pub fn through(
    k: &mut kifu::keeper::Keeper,
    app: &mut App,
    action: kifu::app::Action,
) -> kifu::keeper::Flow {
    k.handle(app, action, &mut |_| None).0
}

/// Every `.sgf` below a folder of ../shared/data, sorted (empty without
/// the data).
pub fn shared_sgf_files(sub: &str) -> Vec<std::path::PathBuf> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data")
        .join(sub);
    sgf_files_under(&root, false)
}

/// Every SGF file below `root`, sorted; `any_case` takes `.SGF` too.
#[allow(dead_code)] // not every test binary walks the data
pub fn sgf_files_under(root: &std::path::Path, any_case: bool) -> Vec<std::path::PathBuf> {
    files_under(root, &|x| {
        if any_case {
            x.eq_ignore_ascii_case("sgf")
        } else {
            x == "sgf"
        }
    })
}

/// Every file below `root` whose extension `wanted` takes, sorted.
pub fn files_under(
    root: &std::path::Path,
    wanted: &dyn Fn(&str) -> bool,
) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| wanted(&x.to_string_lossy())) {
                files.push(p);
            }
        }
    }
    files.sort();
    files
}

/// The OGS score estimator's test positions (../shared/data): name, board,
/// and the stones their removal map takes off, in board order.
pub fn ogs_positions() -> Vec<(String, kifu::game::Board, Vec<kifu::game::Point>)> {
    use kifu::game::{Board, Point};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data/ogs-score-estimator/test_games");
    let mut files = Vec::new();
    for sub in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
        for f in std::fs::read_dir(sub.path())
            .into_iter()
            .flatten()
            .flatten()
        {
            files.push(f.path());
        }
    }
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let Ok(text) = std::fs::read_to_string(&f) else {
            continue;
        };
        let rows: Vec<Vec<i32>> = text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter(|l| l.trim().starts_with(['-', '0', '1']))
            .map(|l| {
                l.split_whitespace()
                    .filter_map(|t| t.parse().ok())
                    .collect()
            })
            .collect();
        let n = rows.first().map_or(0, Vec::len);
        if n < 2 || rows.len() < 2 * n || rows.iter().any(|r| r.len() != n) {
            continue;
        }
        let (stones, removal) = rows.split_at(n);
        let diagram: String = stones
            .iter()
            .map(|r| {
                r.iter()
                    .map(|v| match v {
                        1 => "X ",
                        -1 => "O ",
                        _ => ". ",
                    })
                    .collect::<String>()
                    + "\n"
            })
            .collect();
        let Ok(board) = Board::from_diagram(&diagram) else {
            continue;
        };
        let mut theirs = Vec::new();
        for (y, row) in removal.iter().take(n).enumerate() {
            for (x, &v) in row.iter().enumerate() {
                let p = Point::new(x as u8, y as u8);
                if v == 1 && board.get(p).is_some() {
                    theirs.push(p);
                }
            }
        }
        theirs.sort_by_key(|p| (p.y, p.x));
        let name = f.strip_prefix(&dir).unwrap_or(&f).display().to_string();
        out.push((name, board, theirs));
    }
    out
}

/// A validator of `kifu score --json` lines (docs/score.schema.json).
pub fn score_schema() -> jsonschema::Validator {
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/docs/score.schema.json"
        ))
        .unwrap(),
    )
    .unwrap();
    jsonschema::validator_for(&schema).unwrap()
}

/// Moves the form's selection to the field with this label.
pub fn select(a: &mut App, label: &str) {
    for _ in 0..20 {
        if let kifu::app::Mode::Info(f) = &a.mode()
            && f.fields[f.selected].0.label(kifu::i18n::Lang::En) == label
        {
            return;
        }
        a.update(kifu::app::Action::Down);
    }
    panic!("no field {label}");
}

/// A game whose root sets up the diagram's stones.
#[allow(dead_code)]
pub fn record_of(diagram: &str, rules: kifu::game::rules::Rules) -> kifu::game::record::GameRecord {
    let board = kifu::game::Board::from_diagram(diagram).unwrap();
    let mut rec = kifu::game::record::GameRecord::new(usize::from(board.size()), rules).unwrap();
    for p in board.points() {
        if let Some(c) = board.get(p) {
            rec.add_setup(p, Some(c));
        }
    }
    rec
}

/// Says that a test over optional data or tools did not run, on the real
/// standard error: libtest captures `eprintln!` of a passing test, so a
/// skip would otherwise read as a plain `ok`.
#[allow(dead_code)] // not every test binary skips
pub fn skipped(why: &str) {
    use std::io::Write;
    // One write, so the line does not interleave with libtest's own.
    let line = format!("skipped: {why}\n");
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
}

/// `kifu gtp EXTRA` run from `dir`, fed `input`: everything it answered.
#[allow(dead_code)]
pub fn gtp_transcript(dir: &str, input: &str, extra: &[&str]) -> String {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_kifu"))
        .current_dir(dir)
        .arg("gtp")
        .args(extra)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stdout).into_owned()
}
