//! The learned judge's training arrays from examples/label.rs's lines
//! (train/README.md), made by kifu's own input function so that training
//! and inference see the same planes; and the held-out report.
//!
//! cargo run --release --example planes -- OUT_DIR LABELS.jsonl...
//!   writes, per board size N: N.x.u8 (planes, count x PLANES x N x N),
//!   N.y.f32 (KataGo's ownership, count x N x N), N.meta.jsonl (file,
//!   split). Only positions whose count with KataGo's dead stones gives
//!   the recorded result are kept; the reasons for the others are printed.
//! cargo run --release --example planes -- --check DATA_DIR WEIGHTS.check.json
//!   kifu's inference (with the shipped weights) against train.py's on
//!   the first held-out position of each size: the largest difference.
//! cargo run --release --example planes -- --heldout LABELS.jsonl...
//!   kifu's judges against KataGo's dead stones on the held-out tenth.

use std::collections::BTreeMap;
use std::io::{BufRead, Write};

use kifu::count::judge::learned::planes::{planes, rules_estimate};

use kifu::game::rules::Scoring;
use kifu::game::{Board, Color, GameResult, Margin};

struct Position {
    file: String,
    board: Board,
    to_move: Color,
    scoring: Scoring,
    ownership: Vec<f64>,
    agrees: bool,
    result: String,
    recorded: String,
}

fn main() {
    if let Err(e) = run() {
        eprintln!("planes: {e}");
        std::process::exit(1);
    }
}

/// The held-out tenth: by a hash of the file's path, so every tool (and
/// train/train.py, which reads the split from the meta lines) agrees.
fn heldout(file: &str) -> bool {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in file.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    h.is_multiple_of(10)
}

fn read(paths: &[String]) -> Result<Vec<Position>, String> {
    let mut out = Vec::new();
    for path in paths {
        let f = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
        for line in std::io::BufReader::new(f).lines() {
            let line = line.map_err(|e| e.to_string())?;
            let v: serde_json::Value = serde_json::from_str(&line).map_err(|e| e.to_string())?;
            let rows: Vec<String> = v["board"]
                .as_array()
                .ok_or("no board")?
                .iter()
                .filter_map(|r| r.as_str().map(String::from))
                .collect();
            let board = Board::from_diagram(&rows.join("\n"))?;
            let s = |k: &str| v[k].as_str().unwrap_or_default().to_string();
            out.push(Position {
                file: s("file"),
                board,
                to_move: if s("to_move") == "W" {
                    Color::White
                } else {
                    Color::Black
                },
                scoring: if s("rules") == "area" {
                    Scoring::Area
                } else {
                    Scoring::Territory
                },
                ownership: v["ownership"]
                    .as_array()
                    .ok_or("no ownership")?
                    .iter()
                    .map(|x| x.as_f64().unwrap_or(0.0))
                    .collect(),
                agrees: v["agrees"].as_bool().unwrap_or(false),
                result: s("result"),
                recorded: s("recorded"),
            });
        }
    }
    Ok(out)
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((first, rest)) = args.split_first() else {
        return Err(
            "usage: planes OUT_DIR LABELS.jsonl... | planes --heldout LABELS.jsonl...".into(),
        );
    };
    if first == "--heldout" {
        return report(&read(rest)?);
    }
    if first == "--check" {
        return check(rest);
    }
    let positions = read(rest)?;
    std::fs::create_dir_all(first).map_err(|e| e.to_string())?;
    let mut by_size: BTreeMap<u8, (Vec<u8>, Vec<u8>, String)> = BTreeMap::new();
    let mut why: BTreeMap<&str, usize> = BTreeMap::new();
    for p in &positions {
        if !p.agrees {
            *why.entry(disagreement(p)).or_default() += 1;
            continue;
        }
        let e = by_size.entry(p.board.size()).or_default();
        let rules = rules_estimate(&p.board, p.scoring);
        e.0.extend(planes(&p.board, p.to_move, p.scoring, &rules));
        for v in &p.ownership {
            e.1.extend((*v as f32).to_le_bytes());
        }
        let split = if heldout(&p.file) { "val" } else { "train" };
        e.2 += &format!("{}\n", serde_json::json!({"file": p.file, "split": split}));
    }
    for (size, (x, y, meta)) in &by_size {
        let w = |ext: &str, bytes: &[u8]| {
            std::fs::write(format!("{first}/{size}.{ext}"), bytes).map_err(|e| e.to_string())
        };
        w("x.u8", x)?;
        w("y.f32", y)?;
        w("meta.jsonl", meta.as_bytes())?;
        println!("{size}x{size}: {} positions kept", meta.lines().count());
    }
    println!("{} positions read; not kept, by reason:", positions.len());
    for (k, v) in why {
        println!("  {v:5}  {k}");
    }
    Ok(())
}

/// Why a count with KataGo's dead stones differs from the recorded result.
fn disagreement(p: &Position) -> &'static str {
    let parse = |s: &str| GameResult::parse(s);
    match (parse(&p.result), parse(&p.recorded)) {
        (GameResult::Win(a, Margin::Points(x)), GameResult::Win(b, Margin::Points(y))) => {
            if a != b && (x - y).abs() < 1e-9 {
                "the recorded winner is the other side by the same margin (early KGS records)"
            } else if a == b && (x - y).abs() <= 1.0 {
                "a point or less apart (a dame or a seki counted otherwise)"
            } else if (x - y).abs() <= 10.0 || a != b && x + y <= 10.0 {
                "2 to 10 points apart (a small group judged otherwise)"
            } else {
                "more than 10 points apart (a large group judged otherwise, or the game not over)"
            }
        }
        _ => "no counted result",
    }
}

/// Positions, learned judge right, rules estimator right, and per flag
/// threshold: chains flagged, flagged and wrong, wrong and not flagged,
/// right games with a flag.
type SizeFigures = (usize, usize, usize, Vec<[usize; 4]>);

/// kifu's judges against KataGo's dead stones, game by game, on the
/// held-out tenth of the kept positions, by board size; and how the
/// learned judge's flags fall for a few thresholds (a flag is right when
/// its group is judged otherwise than KataGo).
fn report(positions: &[Position]) -> Result<(), String> {
    let held: Vec<&Position> = positions
        .iter()
        .filter(|p| p.agrees && heldout(&p.file))
        .collect();
    let thresholds: Vec<kifu::count::judge::learned::FlagBelow> = [
        (0.2, 0.2),
        (0.3, 0.3),
        (0.3, 0.6),
        (0.3, 0.8),
        (0.3, 0.9),
        (0.3, 0.97),
        (0.5, 0.9),
    ]
    .iter()
    .map(|&(unsure, doubted)| kifu::count::judge::learned::FlagBelow { unsure, doubted })
    .collect();
    // Per size: positions, learned same, rules same; per threshold:
    // (flagged chains, flagged and wrong, wrong and not flagged, games
    // right with a flag).
    let mut sizes: BTreeMap<u8, SizeFigures> = BTreeMap::new();
    for p in &held {
        let Some(teacher) = kifu::count::judge::judge_map(&p.board, &p.ownership) else {
            continue;
        };
        let e = sizes
            .entry(p.board.size())
            .or_insert_with(|| (0, 0, 0, vec![[0; 4]; thresholds.len()]));
        e.0 += 1;
        // The rules estimator as `--dead rules` judges (its full budget);
        // the network reads the planes' lighter judgment.
        let by_rules = kifu::count::judge::estimate::estimate(&p.board, None, p.scoring);
        e.2 += usize::from(by_rules.marks.dead_points() == teacher.marks.dead_points());
        let rules = rules_estimate(&p.board, p.scoring);
        let Some(own) =
            kifu::count::judge::learned::ownership(&p.board, p.to_move, p.scoring, &rules)
        else {
            continue;
        };
        for (k, &t) in thresholds.iter().enumerate() {
            let l = kifu::count::judge::learned::judge_with(&p.board, own.clone(), &rules, t);
            let right = l.marks.dead_points() == teacher.marks.dead_points();
            if k == 0 {
                e.1 += usize::from(right);
            }
            let f = &mut e.3[k];
            f[3] += usize::from(right && !l.uncertain.is_empty());
            let mut seen = Vec::new();
            for q in p.board.points() {
                if p.board.get(q).is_none() || seen.contains(&q) {
                    continue;
                }
                let chain = p.board.chain(q);
                seen.extend(chain.iter().copied());
                let flagged = l.uncertain.iter().any(|u| chain.contains(&u.at));
                let wrong = l.marks.is_dead(q) != teacher.marks.is_dead(q);
                f[0] += usize::from(flagged);
                f[1] += usize::from(flagged && wrong);
                f[2] += usize::from(wrong && !flagged);
            }
        }
    }
    let mut out = std::io::stdout();
    for (size, (n, learned, rules, flags)) in &sizes {
        let _ = writeln!(
            out,
            "held out {size}x{size}: {n} positions; dead stones as KataGo's: learned {learned}, rules {rules}"
        );
        for (t, f) in thresholds.iter().zip(flags) {
            let _ = writeln!(
                out,
                "  flags below {} ({} where the rules estimator doubts): {} chains flagged, {} of them wrong; {} wrong chains not flagged; {} right games with a flag",
                t.unsure, t.doubted, f[0], f[1], f[2], f[3]
            );
        }
    }
    // The figure docs/learned-judge.md and the README claim, as a floor.
    match sizes.get(&19) {
        Some(&(n, learned, ..)) if n >= HELD_OUT_19.1 && learned < HELD_OUT_19.0 => Err(format!(
            "held out 19x19: the learned judge agrees with KataGo in {learned}, below the {} documented",
            HELD_OUT_19.0
        )),
        _ => Ok(()),
    }
}

/// The learned judge on the held-out 19x19 positions: at least this many
/// of these many as KataGo judges them (docs/learned-judge.md).
const HELD_OUT_19: (usize, usize) = (763, 778);

/// kifu's inference against the training script's on the same positions.
fn check(args: &[String]) -> Result<(), String> {
    let [dir, json] = args else {
        return Err("usage: planes --check DATA_DIR WEIGHTS.check.json".into());
    };
    let text = std::fs::read_to_string(json).map_err(|e| format!("{json}: {e}"))?;
    let v: serde_json::Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let net = kifu::count::judge::learned::network().ok_or("the shipped weights do not read")?;
    let map = v.as_object().ok_or("not an object")?;
    for (size, theirs) in map {
        let n: usize = size.parse().map_err(|_| format!("{size}: not a size"))?;
        let meta =
            std::fs::read_to_string(format!("{dir}/{n}.meta.jsonl")).map_err(|e| e.to_string())?;
        let first = meta
            .lines()
            .position(|l| l.contains("\"val\""))
            .ok_or("no held-out position")?;
        let x = std::fs::read(format!("{dir}/{n}.x.u8")).map_err(|e| e.to_string())?;
        let k = net.planes() * n * n;
        let ours = net.ownership(&x[first * k..(first + 1) * k], n);
        let diff = theirs
            .as_array()
            .ok_or("not a list")?
            .iter()
            .zip(&ours)
            .map(|(t, o)| (t.as_f64().unwrap_or(f64::NAN) - o).abs())
            .fold(0.0, f64::max);
        println!("{n}x{n}: largest difference from train.py's ownership {diff:.2e}");
    }
    Ok(())
}
