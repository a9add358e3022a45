//! Handouts: every SVG and HTML file kifu writes for the samples parses as
//! XML, draws as many stones as the position holds, and carries the same
//! captions as the text handout (`kifu show --count`).

use std::path::{Path, PathBuf};

use assert_cmd::Command;

fn kifu() -> Command {
    crate::common::kifu()
}

fn sample(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("samples")
        .join(name)
}

const SAMPLES: [&str; 4] = [
    "9x9-finished.sgf",
    "9x9-seki.sgf",
    "13x13-variations.sgf",
    "19x19-handicap.sgf",
];

/// `kifu show --format html` of a file, written into `dir` and read back.
fn page_of(dir: &Path, file: &Path) -> String {
    let page = dir.join("page.html");
    kifu()
        .args(["show", "--format", "html", "-o"])
        .arg(&page)
        .arg(file)
        .assert()
        .success();
    std::fs::read_to_string(&page).unwrap()
}

fn parse(text: &str) -> roxmltree::Document<'_> {
    let opts = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..roxmltree::ParsingOptions::default()
    };
    roxmltree::Document::parse_with_options(text, opts)
        .unwrap_or_else(|e| panic!("not XML: {e}\n{}", &text[..text.len().min(400)]))
}

fn has_class(n: &roxmltree::Node<'_, '_>, class: &str) -> bool {
    n.attribute("class")
        .is_some_and(|c| c.split_whitespace().any(|w| w == class))
}

/// The stones on the board of a file's final position.
fn stones_of(file: &Path) -> (usize, usize) {
    let text = std::fs::read_to_string(file).unwrap();
    let f = kifu::sgf::read_text(&text);
    let mut rec = f.game(1).unwrap().record.clone();
    rec.to_end();
    let b = rec.board();
    let n = |c| b.points().filter(|&p| b.get(p) == Some(c)).count();
    (n(kifu::game::Color::Black), n(kifu::game::Color::White))
}

/// The walkthrough's captions as the text handout prints them.
fn text_captions(file: &Path, method: &str) -> Vec<String> {
    let out = kifu()
        .args(["show", "--count", method])
        .arg(file)
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| l.starts_with("Step "))
        .map(str::to_string)
        .collect()
}

#[test]
fn every_step_of_every_sample_parses_and_draws_the_stones() {
    let dir = tempfile::tempdir().unwrap();
    for name in SAMPLES {
        let file = sample(name);
        let (black, white) = stones_of(&file);
        for (method, view) in [("chinese", "area"), ("japanese", "territory")] {
            let out = dir.path().join(format!("{name}-{method}"));
            let status = kifu()
                .args(["show", "--count", method, "--format", "svg", "-o"])
                .arg(&out)
                .arg(&file)
                .output()
                .unwrap();
            assert!(
                status.status.success(),
                "{}",
                String::from_utf8_lossy(&status.stderr)
            );
            let captions = text_captions(&file, method);
            for (step, caption) in std::iter::once(None)
                .chain(captions.iter().map(Some))
                .enumerate()
            {
                let path = out.join(format!("{view}-step-{step}.svg"));
                let svg = std::fs::read_to_string(&path)
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                let doc = parse(&svg);
                // Step 0 (the map) and step 1 show every stone, dead or alive.
                if step <= 1 {
                    // On the board: not the legend's samples.
                    let circles = |col: &str| {
                        doc.descendants()
                            .filter(|n| {
                                n.has_tag_name("circle")
                                    && has_class(n, "stone")
                                    && has_class(n, col)
                            })
                            .filter(|n| !n.ancestors().any(|a| has_class(&a, "legend")))
                            .count()
                    };
                    assert_eq!(
                        (circles("black"), circles("white")),
                        (black, white),
                        "{name} {view} step {step}"
                    );
                }
                // The caption under the board is the text handout's.
                if let Some(caption) = caption {
                    let text: String = doc
                        .descendants()
                        .filter(|n| n.has_tag_name("text") && has_class(n, "caption"))
                        .filter_map(|n| n.text())
                        .collect::<Vec<_>>()
                        .join(" ");
                    assert_eq!(&text, caption, "{name} {view} step {step}");
                }
            }
        }
        // The page: both views, every caption, no script.
        let page = dir.path().join(format!("{name}.html"));
        let status = kifu()
            .args(["show", "--format", "html", "-o"])
            .arg(&page)
            .arg(&file)
            .output()
            .unwrap();
        assert!(status.status.success());
        let html = std::fs::read_to_string(&page).unwrap();
        let doc = parse(&html);
        assert!(!doc.descendants().any(|n| n.has_tag_name("script")));
        assert!(
            !html.contains("http://")
                || html.matches("http://").count()
                    == html.matches("xmlns=\"http://www.w3.org/2000/svg\"").count(),
            "nothing fetched"
        );
        let figcaptions: Vec<String> = doc
            .descendants()
            .filter(|n| n.has_tag_name("figcaption"))
            .map(|n| n.text().unwrap_or("").to_string())
            .collect();
        for method in ["chinese", "japanese"] {
            for c in text_captions(&file, method) {
                assert!(figcaptions.contains(&c), "{name}: {c}");
            }
        }
        assert_eq!(
            figcaptions.len(),
            7 + 6,
            "both views, every step and the map"
        );
    }
}

/// One snapshot per step of the seki sample, both views.
#[test]
fn the_seki_sample_step_by_step() {
    let dir = tempfile::tempdir().unwrap();
    for method in ["chinese", "japanese"] {
        let out = dir.path().join(method);
        kifu()
            .args(["show", "--count", method, "--format", "svg", "-o"])
            .arg(&out)
            .arg(sample("9x9-seki.sgf"))
            .assert()
            .success();
        let mut names: Vec<_> = std::fs::read_dir(&out)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        for n in names {
            let svg = std::fs::read_to_string(out.join(&n)).unwrap();
            insta::assert_snapshot!(format!("seki9_{n}"), svg);
        }
    }
}

#[test]
fn a_position_as_a_numbered_diagram() {
    let out = kifu()
        .args(["show", "--format", "svg", "--numbers"])
        .arg(sample("9x9-finished.sgf"))
        .output()
        .unwrap();
    let svg = String::from_utf8_lossy(&out.stdout).into_owned();
    let doc = parse(&svg);
    let (black, white) = stones_of(&sample("9x9-finished.sgf"));
    let stones = doc
        .descendants()
        .filter(|n| n.has_tag_name("circle") && has_class(n, "stone"))
        .count();
    assert_eq!(stones, black + white);
    let numbers = doc
        .descendants()
        .filter(|n| n.has_tag_name("text") && has_class(n, "number"))
        .count();
    assert!(numbers > 0 && numbers <= stones);
    // Lines at least 5 mm apart at 96 dpi (A5 print): measured on the
    // drawing, two neighbouring vertical lines.
    let mut xs: Vec<f64> = doc
        .descendants()
        .filter(|n| n.has_tag_name("line"))
        .filter(|n| n.attribute("x1") == n.attribute("x2"))
        .filter_map(|n| n.attribute("x1")?.parse().ok())
        .collect();
    xs.sort_by(f64::total_cmp);
    xs.dedup();
    let gap = xs[1] - xs[0];
    assert!(gap * 25.4 / 96.0 >= 5.0, "{gap} px");
}

#[test]
fn the_tui_exports_the_same_handout() {
    use kifu::app::{Action, App, Effect};
    let text = std::fs::read_to_string(sample("9x9-seki.sgf")).unwrap();
    let f = kifu::sgf::read_text(&text);
    let mut rec = f.game(1).unwrap().record.clone();
    rec.to_end();
    let mut a = App::new(rec, None);
    a.update(Action::Count);
    let effect = a.command(":export /tmp/handout");
    let Effect::Export(dir, order) = effect else {
        panic!("{effect:?}");
    };
    let files = order.render();
    assert_eq!(dir, PathBuf::from("/tmp/handout"));
    assert_eq!(files.len(), 7 + 6 + 1);
    let page = &files.iter().find(|(n, _)| n == "handout.html").unwrap().1;
    for c in text_captions(&sample("9x9-seki.sgf"), "chinese") {
        assert!(page.contains(&c), "{c}");
    }
}

/// A 19x19 KGS game with the players' marks (from ../shared/data; skips
/// without it): every picture parses and draws the game's stones.
#[test]
#[ignore]
fn a_kgs_game_as_a_handout() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/kgs-2017q1-markup");
    let Some(file) = std::fs::read_dir(&root)
        .ok()
        .and_then(|mut d| d.next())
        .and_then(|e| e.ok())
        .and_then(|e| std::fs::read_dir(e.path()).ok())
        .and_then(|d| d.flatten().find(|e| e.path().is_dir()))
        .and_then(|e| std::fs::read_dir(e.path()).ok())
        .and_then(|d| {
            d.flatten()
                .map(|e| e.path())
                .find(|p| p.extension().is_some_and(|x| x == "sgf"))
        })
    else {
        crate::common::skipped("no KGS games in ../shared/data");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (black, white) = stones_of(&file);
    let html = page_of(dir.path(), &file);
    let doc = parse(&html);
    // The first picture is the area map: every stone of the game.
    let Some(svg) = doc.descendants().find(|n| n.has_tag_name("svg")) else {
        panic!("no picture");
    };
    let circles = |col: &str| {
        svg.descendants()
            .filter(|n| n.has_tag_name("circle") && has_class(n, "stone") && has_class(n, col))
            .filter(|n| !n.ancestors().any(|a| has_class(&a, "legend")))
            .count()
    };
    assert_eq!(
        (circles("black"), circles("white")),
        (black, white),
        "{}",
        file.display()
    );
}

/// The page says which result is the game's: the rules, komi, handicap
/// and recorded result in its title block, which view is the game's and
/// which a comparison, and why the two counts differ.
#[test]
fn the_page_says_which_result_is_the_game_s_and_why_the_views_differ() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("seki.sgf");
    let text = std::fs::read_to_string(sample("9x9-seki.sgf"))
        .unwrap()
        .replacen("RU[Chinese]", "RU[Japanese]", 1)
        .replacen("KM[7.5]", "KM[6.5]", 1);
    std::fs::write(&file, text).unwrap();
    let html = page_of(dir.path(), &file);
    let doc = parse(&html);
    let facts: String = doc
        .descendants()
        .filter(|n| has_class(n, "facts"))
        .flat_map(|n| n.descendants().filter_map(|t| t.text()).collect::<Vec<_>>())
        .collect::<Vec<_>>()
        .join(" ");
    for want in [
        "Japanese rules, komi 6.5, no handicap.",
        "Recorded result:",
        "The game's result is the territory counting (Japanese) view",
        "Why the two counts differ: seki: 2 eye points count under area, not under territory",
    ] {
        assert!(facts.contains(want), "{want} in {facts}");
    }
    let headings: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("h2"))
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(
        headings,
        [
            "Area counting (Chinese): a comparison",
            "Territory counting (Japanese): the game's result"
        ]
    );
}
