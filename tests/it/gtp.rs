//! `kifu gtp`, run as a controller runs it: a transcript with numbered
//! commands, comments, blank lines and errors; a GNU Go style regression
//! file; and the answers compared with `kifu score` on every sample.

use std::io::Write;
use std::process::{Command, Stdio};

fn kifu_gtp(input: &str, extra: &[&str]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .arg("gtp")
        .args(extra)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
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

#[test]
fn a_transcript_with_ids_comments_and_errors() {
    let input = "protocol_version\n1 name\n# a comment\n\n  \t\n2 boardsize 30\n3 frobnicate\n\
                 4 boardsize 9\n5 komi 6.5\n6 play B E5\n7 play W E5\n8 play black j9x\n\
                 9 play white pass\n10 undo\n11 undo\n12 undo\n13 known_command final_score\n\
                 14 known_command genmove\n15 final_score # a trailing comment\nquit\nname\n";
    let want = "= 2\n\n=1 kifu\n\n?2 unacceptable size\n\n?3 unknown command\n\n=4\n\n=5\n\n\
                =6\n\n?7 illegal move\n\n?8 invalid coordinate\n\n=9\n\n=10\n\n=11\n\n\
                ?12 cannot undo\n\n=13 true\n\n=14 false\n\n=15 W+5.5\n\n=\n\n";
    assert_eq!(kifu_gtp(input, &[]), want);
}

#[test]
fn list_commands_are_the_known_commands() {
    let out = kifu_gtp("list_commands\n", &[]);
    let listed: Vec<&str> = out.trim_start_matches("= ").trim().lines().collect();
    assert!(listed.contains(&"final_status_list") && listed.contains(&"kgs-rules"));
    let mut input = String::new();
    for c in &listed {
        input.push_str(&format!("known_command {c}\n"));
    }
    let answers = kifu_gtp(&input, &[]);
    assert_eq!(answers.matches("= true").count(), listed.len(), "{answers}");
}

/// The expected answers of a .tst file are in `#?` comments after each
/// numbered command, as in GNU Go's regression suites.
#[test]
fn a_regression_file_runs_and_its_answers_hold() {
    let tst = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/gtp/regression.tst"
    ))
    .unwrap();
    let out = kifu_gtp(&tst, &[]);
    let answer = |id: &str| -> String {
        let start = out
            .find(&format!("={id}"))
            .unwrap_or_else(|| panic!("no answer {id}: {out}"));
        let rest = &out[start + 1 + id.len()..];
        rest[..rest.find("\n\n").unwrap_or(rest.len())]
            .trim()
            .to_string()
    };
    assert_eq!(answer("1"), "E8");
    assert_eq!(answer("2"), "B+1.5");
    assert!(answer("4").starts_with("B+"), "{out}");
    assert!(answer("5").contains("A B C D E F G H J"), "{out}");
    assert!(!out.contains('?'), "no errors: {out}");
}

/// The dead stones and the result are `kifu score`'s, on every sample and
/// under each rule set asked for.
#[test]
fn the_answers_are_those_of_kifu_score() {
    let dir = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/samples"));
    let files = crate::common::sgf_files_under(dir, false);
    for rules in [None, Some("japanese")] {
        for f in &files {
            let mut args = vec!["score", "--json"];
            if let Some(r) = rules {
                args.extend(["--rules", r]);
            }
            let score = Command::new(env!("CARGO_BIN_EXE_kifu"))
                .args(&args)
                .arg(f)
                .output()
                .unwrap();
            let v: serde_json::Value =
                serde_json::from_slice(&score.stdout).unwrap_or(serde_json::Value::Null);
            let mut extra = Vec::new();
            if let Some(r) = rules {
                extra = vec!["--rules", r];
            }
            let out = kifu_gtp(
                &format!(
                    "loadsgf {}\n1 final_score\n2 final_status_list dead\n",
                    f.display()
                ),
                &extra,
            );
            let result = v["result"].as_str().unwrap_or("none");
            assert!(
                out.contains(&format!("=1 {result}\n")),
                "{}: {out}",
                f.display()
            );
            let mut dead: Vec<String> = v["dead_gtp"]
                .as_array()
                .map(|a| {
                    a.iter()
                        .filter_map(|x| x.as_str().map(String::from))
                        .collect()
                })
                .unwrap_or_default();
            dead.sort();
            let listed = &out[out.find("=2").unwrap_or(0) + 2..];
            let mut said: Vec<String> = listed.split_whitespace().map(String::from).collect();
            said.sort();
            assert_eq!(said, dead, "{}", f.display());
        }
    }
}

#[test]
fn completions_and_the_manual_page() {
    let kifu = env!("CARGO_BIN_EXE_kifu");
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = Command::new(kifu)
            .args(["completions", shell])
            .output()
            .unwrap();
        assert!(out.status.success() && out.stdout.len() > 500, "{shell}");
    }
    let bash = Command::new(kifu)
        .args(["completions", "bash"])
        .output()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("kifu.bash");
    std::fs::write(&script, &bash.stdout).unwrap();
    if let Ok(check) = Command::new("bash").arg("-n").arg(&script).output() {
        assert!(
            check.status.success(),
            "{}",
            String::from_utf8_lossy(&check.stderr)
        );
    }
    let man = Command::new(kifu).arg("man").output().unwrap();
    let page = String::from_utf8_lossy(&man.stdout);
    assert!(
        page.starts_with(".ie") || page.contains(".TH kifu"),
        "{page}"
    );
    assert!(page.contains("gtp") && page.contains("completions"));
    let roff = dir.path().join("kifu.1");
    std::fs::write(&roff, man.stdout).unwrap();
    if let Ok(shown) = Command::new("man").arg("-l").arg(&roff).output() {
        let text = String::from_utf8_lossy(&shown.stdout);
        assert!(
            shown.status.success() && text.contains("SYNOPSIS"),
            "{text}"
        );
    }
}

/// What a controller script printed: loadsgf's answer, the dead stones,
/// the score.
fn controller_said(program: &str, args: &[&str], envs: &[(&str, &str)]) -> Option<String> {
    let out = Command::new(program)
        .args(args)
        .envs(envs.iter().copied())
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Real controllers drive `kifu gtp` as their programs do: Sabaki's
/// @sabaki/gtp 3.0.0 (npm, installed into a temporary folder) and gomill
/// 0.8.3's gtp_controller (PyPI, Python 2 only). Each is skipped when it
/// cannot be had here; the answers must be `kifu score`'s.
#[test]
#[ignore]
fn real_gtp_controllers_drive_kifu() {
    let kifu = env!("CARGO_BIN_EXE_kifu");
    let sgf = "samples/9x9-finished.sgf";
    let want = "loadsgf black\ndead E8\nscore B+1.5\n";
    let score = Command::new(kifu)
        .args(["score", "--json", sgf])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&score.stdout).unwrap();
    assert_eq!(v["result"], "B+1.5");
    assert_eq!(v["dead_gtp"], serde_json::json!(["E8"]));
    let dir = tempfile::tempdir().unwrap();
    let npm = Command::new("npm")
        .args(["install", "--no-audit", "--no-fund", "@sabaki/gtp@3.0.0"])
        .current_dir(dir.path())
        .output();
    let modules = dir.path().join("node_modules");
    if npm.is_ok_and(|o| o.status.success()) {
        let said = controller_said(
            "node",
            &["scripts/gtp-controllers/sabaki.js", kifu, sgf],
            &[("NODE_PATH", &modules.to_string_lossy())],
        );
        assert_eq!(said.as_deref(), Some(want), "Sabaki's controller");
        println!("@sabaki/gtp 3.0.0: {}", want.replace('\n', "; "));
    } else {
        eprintln!("skipped Sabaki's controller: npm could not install @sabaki/gtp");
    }
    // python2 as it is, or pyenv's 2.7 when that is how it is had.
    let py2 = |args: &[&str], env: &[(&str, &str)]| {
        Command::new("python2")
            .args(args)
            .envs(env.iter().copied())
            .output()
            .is_ok_and(|o| o.status.success())
    };
    let env: Vec<(&str, &str)> = [vec![], vec![("PYENV_VERSION", "2.7.18")]]
        .into_iter()
        .find(|e| {
            py2(&["-c", "import gomill"], e)
                || py2(&["-m", "pip", "install", "-q", "gomill==0.8.3"], e)
        })
        .unwrap_or_default();
    if py2(&["-c", "import gomill"], &env) {
        let said = controller_said(
            "python2",
            &["scripts/gtp-controllers/gomill_check.py", kifu, sgf],
            &env,
        );
        assert_eq!(said.as_deref(), Some(want), "gomill's controller");
        println!("gomill 0.8.3: {}", want.replace('\n', "; "));
    } else {
        eprintln!("skipped gomill: no python2 with gomill 0.8.3 here");
    }
}
