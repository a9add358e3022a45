//! `kifu print`: figures of N moves as players print a game. Each figure
//! read back as a reader of the page would (numbered stones, then the
//! moves listed under it) gives the game's moves; the HTML prints a
//! figure a page in Chromium.

use super::common::kifu;
use kifu::game::record::GameRecord;
use kifu::game::rules::Rules;
use kifu::game::{Color, Move, Point};
use kifu::i18n::Lang;
use kifu::print::{figures, render};
use std::path::{Path, PathBuf};

fn sample(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("samples")
        .join(name)
}

fn record(path: &Path) -> Option<GameRecord> {
    let bytes = std::fs::read(path).ok()?;
    let file = kifu::sgf::read_bytes(&bytes);
    Some(file.game(1).ok()?.record.clone())
}

/// The main line's moves, in order.
fn main_line(rec: &GameRecord) -> Vec<(Color, Move)> {
    rec.main_line()
        .iter()
        .filter_map(|&id| rec.node(id).mv)
        .collect()
}

/// Every main-line figure replayed back, in order, gives the game; every
/// variation's figure gives its branch; the figures hold `per` moves but
/// the last.
fn check_replays(rec: &GameRecord, per: usize) -> Result<usize, String> {
    let figs = figures(rec, per, true);
    let main: Vec<&kifu::print::Figure> =
        figs.iter().filter(|f| f.variation_of.is_none()).collect();
    let replayed: Vec<(Color, Move)> = main.iter().flat_map(|f| f.replay()).collect();
    if replayed != main_line(rec) {
        return Err(format!(
            "replayed {} moves, the game has {}",
            replayed.len(),
            main_line(rec).len()
        ));
    }
    for (k, f) in main.iter().enumerate() {
        let n = f.last + 1 - f.first;
        if k + 1 < main.len() && n != per {
            return Err(format!("figure {} holds {n} moves", k + 1));
        }
        if f.first != k * per + 1 {
            return Err(format!("figure {} starts at {}", k + 1, f.first));
        }
    }
    for f in figs.iter().filter(|f| f.variation_of.is_some()) {
        if f.replay().len() != f.last + 1 - f.first {
            return Err("a variation's figure lost a move".into());
        }
    }
    Ok(figs.len())
}

#[test]
fn the_samples_replay_from_their_figures() {
    for name in [
        "9x9-finished.sgf",
        "9x9-seki.sgf",
        "13x13-variations.sgf",
        "19x19-handicap.sgf",
    ] {
        let rec = record(&sample(name)).unwrap_or_else(|| panic!("{name}"));
        for per in [1, 7, 50, 100] {
            check_replays(&rec, per).unwrap_or_else(|e| panic!("{name}, {per} a figure: {e}"));
        }
    }
}

fn played(size: usize, moves: &[&str]) -> GameRecord {
    let mut rec = GameRecord::new(size, Rules::japanese()).unwrap_or_else(|e| panic!("{e:?}"));
    for s in moves {
        let mv = if *s == "pass" {
            Move::Pass
        } else {
            Move::Play(Point::parse_any(s, size as u8).unwrap_or_else(|e| panic!("{s}: {e:?}")))
        };
        rec.play(mv).unwrap_or_else(|e| panic!("{s}: {e:?}"));
    }
    rec
}

/// A ko fought on a small board: each recapture is listed under the
/// figure at the stone it replaces, marked ko, never drawn twice.
///
/// ```text
/// . X O . .      Black takes at C4 (9), White retakes at B4 (12)
/// X O . O .      after a threat, Black retakes at C4 (15).
/// . X O . .
/// ```
#[test]
fn ko_recaptures_are_listed_at_the_stone_they_replace() {
    let rec = played(
        5,
        &[
            "B5", "C5", "A4", "B4", "B3", "C3", "E1", "D4", "C4", "A1", "A2", "B4", "E5", "D1",
            "C4",
        ],
    );
    let figs = figures(&rec, 100, false);
    assert_eq!(
        render::listed(&figs[0], Lang::En),
        vec!["12 at 4 (ko)".to_string(), "15 at 9 (ko)".to_string()]
    );
    assert_eq!(
        render::listed(&figs[0], Lang::ZhCn),
        vec!["12＝4（劫）".to_string(), "15＝9（劫）".to_string()]
    );
    assert_eq!(figs[0].replay(), main_line(&rec));
}

#[test]
fn a_move_on_a_stone_of_the_figure_is_listed_with_its_number() {
    // White takes Black's corner stone (1) with 4 and, after a pass,
    // plays there: listed "6 at 1", not drawn over the 1.
    let rec = played(5, &["A5", "B5", "D1", "A4", "pass", "A5"]);
    let figs = figures(&rec, 100, false);
    let listed = render::listed(&figs[0], Lang::En);
    assert_eq!(
        listed,
        vec!["5 pass".to_string(), "6 at 1".to_string()],
        "{figs:?}"
    );
    assert_eq!(figs[0].replay(), main_line(&rec));
    // Three moves a figure: the second begins with the 1 on the board,
    // drawn plain, so the move played there is listed at its point.
    let figs = figures(&rec, 3, false);
    assert_eq!(
        render::listed(&figs[1], Lang::En),
        vec!["5 pass".to_string(), "6 at A5".to_string()]
    );
    assert_eq!(render::heading(&figs[1], 2, Lang::Ja), "第2譜（4-6）");
    assert_eq!(render::heading(&figs[0], 1, Lang::ZhCn), "第1谱（1-3）");
}

#[test]
fn print_writes_a_page_figures_and_text() {
    let file = sample("13x13-variations.sgf");
    let out = kifu()
        .args(["print", "--format", "txt", "--moves", "5"])
        .arg(&file)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for want in [
        "Figure 1 (1-5)",
        "Figure 3 (11-13)",
        "Moves in order: 1 B K10; 2 W D4",
        "Move 5: Tengen",
    ] {
        assert!(text.contains(want), "{want} in:\n{text}");
    }
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let svg = dir.path().join("figs");
    let out = kifu()
        .args(["print", "--format", "svg", "--variations", "-o"])
        .arg(&svg)
        .arg(&file)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let names: Vec<String> = std::fs::read_dir(&svg)
        .map(|d| {
            d.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    assert!(names.contains(&"figure-1.svg".to_string()), "{names:?}");
    assert!(
        names.iter().any(|n| n.starts_with("figure-1-v")),
        "a variation's figure: {names:?}"
    );
    let out = kifu()
        .args(["print", "--format", "svg"])
        .arg(&file)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("name a folder with -o"));
    let page = dir.path().join("game.html");
    let out = kifu()
        .args(["print", "--lang", "ja", "-o"])
        .arg(&page)
        .arg(&file)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(out.status.success());
    let html = std::fs::read_to_string(&page).unwrap_or_default();
    assert!(
        html.contains("第1譜（1-13）") && html.contains("コミ") && html.contains("@page"),
        "{html}"
    );
}

fn data() -> Option<PathBuf> {
    let d = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    d.is_dir().then_some(d)
}

fn sgfs(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            sgfs(&p, out);
        } else if p.extension().is_some_and(|x| x == "sgf") {
            out.push(p);
        }
    }
}

/// The shared KGS games (every tenth of January 2017) and the pro games,
/// printed at 100 and 50 moves a figure with their variations: every
/// figure replays to the game.
#[test]
#[ignore = "needs ../shared/data; run with --ignored"]
fn the_shared_games_replay_from_their_figures() {
    let Some(d) = data() else {
        eprintln!("skipped: ../shared/data is not there");
        return;
    };
    let mut files = Vec::new();
    sgfs(&d.join("kgs-2017q1-markup/KGS-2017_01-19-733-"), &mut files);
    files.sort();
    let mut files: Vec<PathBuf> = files.into_iter().step_by(10).collect();
    sgfs(&d.join("pro-ai-games"), &mut files);
    let (mut games, mut figs) = (0, 0);
    for f in &files {
        let Some(rec) = record(f) else { continue };
        for per in [100, 50] {
            figs += check_replays(&rec, per).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        }
        games += 1;
    }
    eprintln!("{games} games, {figs} figures replayed");
    assert!(games >= 70, "{games}");
}

/// The HTML of a long KGS game and a pro game printed by headless
/// Chromium: as many pages as figures (a figure that did not fit would
/// run onto a page of its own), on A4 and on Letter.
#[test]
#[ignore = "needs ../shared/data and chromium; run with --ignored"]
fn chromium_prints_a_figure_a_page() {
    let Some(d) = data() else {
        eprintln!("skipped: ../shared/data is not there");
        return;
    };
    let chromium = ["chromium", "chromium-browser"].into_iter().find(|c| {
        std::process::Command::new(c)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    });
    let Some(chromium) = chromium else {
        eprintln!("skipped: no chromium");
        return;
    };
    let mut files = Vec::new();
    sgfs(&d.join("pro-ai-games"), &mut files);
    files.sort();
    files.truncate(2);
    files.push(d.join("kgs-2017q1-markup/KGS-2017_01-19-733-/kgs-19-2017-01-new/2017-01-01-1.sgf"));
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    for f in &files {
        for paper in ["a4", "letter"] {
            let html = dir.path().join("p.html");
            let pdf = dir.path().join("p.pdf");
            let out = kifu()
                .args(["print", "--variations", "--paper", paper, "-o"])
                .arg(&html)
                .arg(f)
                .output()
                .unwrap_or_else(|e| panic!("{e}"));
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            let page = std::fs::read_to_string(&html).unwrap_or_default();
            let sections = page.matches("<section").count();
            let status = std::process::Command::new(chromium)
                .args([
                    "--headless",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--no-pdf-header-footer",
                ])
                .arg(format!("--print-to-pdf={}", pdf.display()))
                .arg(format!("file://{}", html.display()))
                .output()
                .unwrap_or_else(|e| panic!("{e}"));
            assert!(status.status.success());
            let bytes = std::fs::read(&pdf).unwrap_or_default();
            let pages = count_pages(&bytes);
            assert_eq!(
                pages,
                sections,
                "{} on {paper}: {pages} pages for {sections} figures",
                f.display()
            );
        }
    }
}

/// The pages of a PDF: its `/Type /Page` objects (not `/Pages`).
fn count_pages(pdf: &[u8]) -> usize {
    let text = String::from_utf8_lossy(pdf);
    text.match_indices("/Type")
        .filter(|(i, _)| {
            let rest = text[i + 5..].trim_start();
            rest.starts_with("/Page") && !rest.starts_with("/Pages")
        })
        .count()
}

/// `:export print FOLDER` in the TUI orders the same files as `kifu print`
/// makes: the page, each figure's SVG (variations too) and the text; and
/// without a folder it says how.
#[test]
fn the_tui_exports_the_printed_game() {
    use kifu::app::{App, Effect};
    let file = sample("13x13-variations.sgf");
    let mut a = App::new(record(&file).unwrap_or_else(|| panic!("sample")), None);
    let effect = a.command(":export print /tmp/printed");
    let Effect::Print(dir, files) = effect else {
        panic!("{effect:?}");
    };
    assert_eq!(dir, PathBuf::from("/tmp/printed"));
    let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    assert!(
        names.contains(&"print.html") && names.contains(&"print.txt"),
        "{names:?}"
    );
    assert!(
        names.contains(&"figure-1.svg") && names.iter().any(|n| n.starts_with("figure-1-v")),
        "{names:?}"
    );
    let effect = a.command(":export print");
    assert!(matches!(effect, Effect::None));
    assert!(
        a.message()
            .as_deref()
            .is_some_and(|m| m.contains(":export print FOLDER")),
        "{:?}",
        a.message()
    );
}
