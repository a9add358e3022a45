//! The reading regression set (tests/positions/reading/, written by
//! scripts/reading-set): local fights kifu's proposal must judge as GNU
//! Go's owl module does (races with approach moves and shared liberties,
//! bent four in every corner, corner shapes, throw-ins, a false seki;
//! sekis with black stones inside White's group and their false twins,
//! eye shapes of three to seven points in the corner, on the edge and in
//! the centre), at 9x9, 13x13 and 19x19, with Japanese rules (the
//! attacker moves first in the confirmation, art. 7); bent four in the
//! corner under every rule set kifu knows.

use std::path::{Path, PathBuf};

use kifu_go::count::Terms;
use kifu_go::count::score::Dame;
use kifu_go::count::session::{DeadStones, Session};
use kifu_go::game::rules::{Preset, Rules};
use kifu_go::game::{Board, Color, Point};

/// One position of the set: its file, class, board and statuses.
struct Position {
    file: PathBuf,
    class: String,
    board: Board,
    /// (point as GNU Go names it, dead)
    statuses: Vec<(String, bool)>,
}

fn read(file: &Path) -> Position {
    let text = std::fs::read_to_string(file).unwrap();
    let mut class = String::new();
    let mut statuses = Vec::new();
    let mut diagram = String::new();
    for line in text.lines() {
        match line.strip_prefix("# ") {
            Some(c) if c.starts_with("class: ") => class = c["class: ".len()..].to_string(),
            Some(s) if s.starts_with("dead ") || s.starts_with("alive ") => {
                let (status, v) = s.split_once(' ').unwrap();
                statuses.push((v.to_string(), status == "dead"));
            }
            Some(_) => {}
            None => {
                diagram.push_str(line);
                diagram.push('\n');
            }
        }
    }
    let board = Board::from_diagram(&diagram).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    Position {
        file: file.to_path_buf(),
        class,
        board,
        statuses,
    }
}

fn the_set() -> Vec<Position> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/positions/reading");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    files.iter().map(|f| read(f)).collect()
}

fn terms(preset: Preset) -> Terms {
    let rules = Rules::preset(preset);
    Terms {
        dame: Dame::InTurn(Color::Black),
        komi: rules.komi,
        rules,
        handicap: 0,
    }
}

/// The rule sets a position is judged under: bent four in the corner
/// under every one kifu knows (dead under each: docs/rules.md), the rest
/// under Japanese rules, as GNU Go's owl reads them.
fn rule_sets(class: &str) -> Vec<Preset> {
    if class == "bent-four" {
        Preset::ALL.to_vec()
    } else {
        vec![Preset::Japanese]
    }
}

/// What kifu's proposal (`--dead auto`) says of each status of the set.
fn misjudged() -> (usize, Vec<String>) {
    let (mut asked, mut wrong) = (0, Vec::new());
    for pos in the_set() {
        let n = pos.board.size();
        for preset in rule_sets(&pos.class) {
            let session = Session::new(
                pos.board.clone(),
                terms(preset),
                DeadStones::Estimate(Color::White),
            );
            for (v, dead) in &pos.statuses {
                asked += 1;
                let p = Point::from_gtp(v, n).unwrap();
                if session.marks.is_dead(p) != *dead {
                    let name = pos.file.file_name().unwrap().to_string_lossy().into_owned();
                    let said = if *dead { "alive" } else { "dead" };
                    let open = if session.finished {
                        ""
                    } else {
                        ", called not finished"
                    };
                    wrong.push(format!(
                        "{} ({}, {preset:?}): {v} judged {said}{open}",
                        name, pos.class
                    ));
                }
            }
        }
    }
    (asked, wrong)
}

/// At least ten positions of each class, each with a status.
#[test]
fn the_set_has_ten_positions_of_each_class() {
    let set = the_set();
    for class in [
        "race",
        "bent-four",
        "corner-shape",
        "throw-in",
        "false-seki",
        "seki",
        "seki-twin",
        "eye-shape",
    ] {
        let n = set
            .iter()
            .filter(|p| p.class == class && !p.statuses.is_empty())
            .count();
        assert!(n >= 10, "{class}: {n} positions");
    }
}

/// kifu's proposal against GNU Go's statuses: every one, as issue 52
/// asks (docs/reading.md).
#[test]
fn kifu_judges_the_set_as_gnu_go_does() {
    let (asked, wrong) = misjudged();
    let right = asked - wrong.len();
    println!("reading set: {right} of {asked} statuses as GNU Go's owl");
    assert!(wrong.is_empty(), "{wrong:#?}");
    assert!(asked >= 1100, "the set shrank: {asked} statuses");
}

/// GNU Go, asked again, gives every status of the set (needs gnugo).
#[test]
#[ignore]
fn gnu_go_gives_the_statuses_of_the_set() {
    let Some(gnugo) = ["gnugo", "/usr/games/gnugo"].into_iter().find(|g| {
        std::process::Command::new(g)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    }) else {
        crate::skipped("GNU Go (gnugo) is not installed");
        return;
    };
    // The top corners: the bottom ones are the same positions with the
    // colours swapped, labelled from the top (scripts/reading-set). GNU Go
    // takes about a second a position, so CI asks one in four (every class
    // is spread over the set); KIFU_READING_ALL=1 asks every one.
    let every = if std::env::var_os("KIFU_READING_ALL").is_some() {
        1
    } else {
        4
    };
    let top: Vec<_> = the_set()
        .into_iter()
        .filter(|p| p.file.to_string_lossy().contains("-top-"))
        .enumerate()
        .filter(|(k, _)| k % every == 0)
        .map(|(_, p)| p)
        .collect();
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let chunk = top.len().div_ceil(threads).max(1);
    let wrong: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = top
            .chunks(chunk)
            .map(|part| {
                s.spawn(move || {
                    part.iter()
                        .flat_map(|p| ask_gnu_go(gnugo, p))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    println!("GNU Go asked on {} positions of the set", top.len());
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// GNU Go's answers on one position that differ from the set's labels.
fn ask_gnu_go(gnugo: &str, pos: &Position) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let n = pos.board.size();
    let sgf = dir.path().join("p.sgf");
    let mut rec =
        kifu_go::game::record::GameRecord::new(usize::from(n), Rules::preset(Preset::Japanese))
            .unwrap();
    for p in pos.board.points() {
        if let Some(c) = pos.board.get(p) {
            rec.add_setup(p, Some(c));
        }
    }
    std::fs::write(&sgf, kifu_go::sgf::to_sgf(&rec)).unwrap();
    let mut input = format!("loadsgf {}\n", sgf.display());
    for (v, _) in &pos.statuses {
        input.push_str(&format!(
            "owl_attack {v}\nowl_defend {v}\nfinal_status {v}\n"
        ));
    }
    input.push_str("quit\n");
    let out = assert_cmd::Command::new(gnugo)
        .args(["--mode", "gtp"])
        .write_stdin(input)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let answers: Vec<&str> = text
        .split("\n\n")
        .map(str::trim)
        .filter(|a| !a.is_empty())
        .skip(1)
        .collect();
    let code = |a: &str| {
        a.trim_start_matches("= ")
            .split(' ')
            .next()
            .unwrap_or("")
            .to_string()
    };
    let mut wrong = Vec::new();
    for (k, (v, dead)) in pos.statuses.iter().enumerate() {
        let (attack, defend, fin) = (
            code(answers[3 * k]),
            code(answers[3 * k + 1]),
            code(answers[3 * k + 2]),
        );
        // The rule scripts/reading-set labels by: owl, but final_status
        // for a seki (owl has no notion of one).
        let gnu_dead = if fin == "seki" {
            false
        } else {
            defend == "0" || attack == "1" || attack == "2"
        };
        if gnu_dead != *dead {
            wrong.push(format!(
                "{} {v}: owl_attack {attack}, owl_defend {defend}, final_status {fin}",
                pos.file.display()
            ));
        }
    }
    wrong
}
