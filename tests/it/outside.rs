//! kifu-go used as another program uses it: its example `count_files`
//! (crates/kifu-go/examples, the crate's public face only) counts the
//! shared KGS 2017 games as `kifu score --dead auto` counts them.

use std::collections::HashMap;
use std::path::PathBuf;

/// Every `step`th SGF file below `dir`, sorted.
fn sgf_files(dir: &std::path::Path, step: usize) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "sgf") {
                files.push(p);
            }
        }
    }
    files.sort();
    files.into_iter().step_by(step).collect()
}

/// The same result and the same dead stones for every game, the example
/// against the binary. Every fourth game in CI's debug build
/// (`KIFU_OUTSIDE_STEP=1` for all of them).
#[test]
#[ignore = "needs ../shared/data; run with --ignored"]
fn the_example_program_counts_as_kifu_score_dead_auto() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data/kgs-2017q1-markup");
    if !root.is_dir() {
        crate::common::skipped(&format!("{} is not there", root.display()));
        return;
    }
    let step = std::env::var("KIFU_OUTSIDE_STEP")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(4);
    let files = sgf_files(&root, step);
    let built = std::process::Command::new(env!("CARGO"))
        .args([
            "build",
            "--quiet",
            "-p",
            "kifu-go",
            "--example",
            "count_files",
        ])
        .status()
        .expect("cargo runs");
    assert!(built.success());
    let example =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/debug/examples/count_files");
    let example = std::env::var_os("CARGO_TARGET_DIR")
        .map(|t| PathBuf::from(t).join("debug/examples/count_files"))
        .unwrap_or(example);
    let theirs = std::process::Command::new(&example)
        .args(&files)
        .output()
        .expect("the example runs");
    let ours = crate::common::kifu()
        .args(["score", "--json", "--quiet", "--dead", "auto"])
        .args(&files)
        .output()
        .expect("kifu score runs");
    let mut by_game: HashMap<(String, usize), (String, Vec<String>)> = HashMap::new();
    for line in String::from_utf8_lossy(&ours.stdout).lines() {
        let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        let (Some(file), Some(game), Some(result)) =
            (v["file"].as_str(), v["game"].as_u64(), v["result"].as_str())
        else {
            continue;
        };
        let mut dead: Vec<String> = v["dead_gtp"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|d| d.as_str().map(String::from))
            .collect();
        dead.sort();
        by_game.insert(
            (file.to_string(), game as usize),
            (result.to_string(), dead),
        );
    }
    let mut same = 0;
    for line in String::from_utf8_lossy(&theirs.stdout).lines() {
        let cols: Vec<&str> = line.split('\t').collect();
        let [file, game, result, dead] = cols[..] else {
            panic!("a line of four columns: {line:?}");
        };
        let mut dead: Vec<String> = dead.split_whitespace().map(String::from).collect();
        dead.sort();
        let key = (file.to_string(), game.parse().unwrap_or(0));
        let Some((want, want_dead)) = by_game.get(&key) else {
            panic!("kifu score did not count {key:?}");
        };
        assert_eq!((result, &dead), (want.as_str(), want_dead), "{key:?}");
        same += 1;
    }
    eprintln!(
        "{same} KGS games: the example's result and dead stones are kifu score --dead auto's"
    );
    assert!(same * step >= 1900, "{same} games of {} files", files.len());
    assert_eq!(same, by_game.len(), "every game kifu score counted");
}
