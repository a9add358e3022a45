//! The command line and the TUI count a file alike: `kifu score --json`
//! (the binary) and count mode (`App`) find the same dead stones, the same
//! source wording, the same result and name the same unsure groups alike,
//! on every sample and on a game with no marks (the estimator's proposal).

use std::path::Path;
use std::process::Command;

use kifu::app::{Action, App};

fn tui_count(text: &str) -> (Vec<String>, String, String, Vec<String>) {
    let file = kifu::sgf::read_text(text);
    let mut rec = file.game(1).unwrap().record.clone();
    rec.to_end();
    let size = rec.size();
    let mut a = App::new(rec, None);
    a.update(Action::Count);
    let cs = a.count().as_ref().unwrap();
    let mut dead: Vec<String> = cs
        .session
        .marks
        .dead_points()
        .iter()
        .map(|p| p.to_gtp(size as u8))
        .collect();
    dead.sort();
    // Each unsure chain by its first stone in board order, as the panel
    // names it.
    let mut unsure: Vec<String> = cs
        .unsure()
        .iter()
        .filter_map(|&p| {
            cs.session
                .board
                .chain(p)
                .into_iter()
                .min_by_key(|q| (q.y, q.x))
        })
        .map(|p| p.to_gtp(size as u8))
        .collect();
    unsure.sort();
    unsure.dedup();
    (
        dead,
        cs.result().to_string(),
        cs.source(kifu::i18n::Lang::En).clone(),
        unsure,
    )
}

fn cli_count(path: &Path) -> (Vec<String>, String, String, String, Vec<String>) {
    let out = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["score", "--json", "--quiet"])
        .arg(path)
        .output()
        .unwrap();
    let line = String::from_utf8_lossy(&out.stdout);
    let v: serde_json::Value = serde_json::from_str(line.lines().next().unwrap_or("")).unwrap();
    let mut dead: Vec<String> = v["dead_gtp"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_str().unwrap().to_string())
        .collect();
    dead.sort();
    let notes = v["notes"].to_string();
    let source = v["dead_source"].as_str().unwrap_or("").to_string();
    let result = v["result"].as_str().unwrap_or("").to_string();
    let mut unsure: Vec<String> = v["uncertain_gtp"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|d| d.as_str())
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default();
    unsure.sort();
    (dead, result, notes, source, unsure)
}

#[test]
fn score_and_count_mode_agree_on_every_sample() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    // A small game with no marks: both take the estimator's proposal.
    let unmarked = dir.path().join("unmarked.sgf");
    std::fs::write(
        &unmarked,
        "(;GM[1]FF[4]SZ[9]KM[7]RU[Chinese]AB[cc][cd][ce][cf][cg][dg][eg][fg][gg][ee]\
         AW[dc][dd][de][df][ed][fd][gd][gc][gf][ff][hh])",
    )
    .unwrap();
    let mut files = crate::common::sgf_files_under(&root.join("samples"), false);
    files.push(unmarked);
    assert!(files.len() >= 5);
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let (tui_dead, tui_result, tui_source, tui_unsure) = tui_count(&text);
        let (cli_dead, cli_result, cli_notes, cli_source, cli_unsure) = cli_count(f);
        let name = f.display();
        assert_eq!(tui_dead, cli_dead, "{name}: dead stones");
        assert_eq!(tui_unsure, cli_unsure, "{name}: unsure groups");
        assert_eq!(tui_result, cli_result, "{name}: result");
        // Where the dead stones came from: a warning is said in the same
        // words; otherwise count mode's sentence names score's source.
        if tui_source.starts_with("dead stones") {
            let source = match () {
                _ if tui_source.contains("file's TB/TW marks") => "marked",
                _ if tui_source.contains("kifu's rules estimator") => "rules",
                _ if tui_source.contains("proposed by kifu") => "auto",
                _ => "?",
            };
            assert_eq!(source, cli_source, "{name}: {tui_source:?}");
        } else {
            assert!(
                cli_notes.contains(&tui_source),
                "{name}: count mode says {tui_source:?}, score says {cli_notes}"
            );
        }
    }
}
