//! What GoGui and referees ask of kifu's GTP engine besides the score:
//! the analyze commands (their answers checked against kifu's own count,
//! and, with Java and ../shared/peers/gogui, read and drawn by GoGui's
//! own classes), `printsgf`, `cputime`, and `final_status` on a seki eye.

use std::process::Command;

/// `kifu gtp ARGS` fed `input` from the repository's root: its answers
/// without their `=`, in order.
fn answers(input: &str, args: &[&str]) -> Vec<String> {
    crate::common::gtp_transcript(env!("CARGO_MANIFEST_DIR"), input, args)
        .split("\n\n")
        .filter(|a| !a.trim().is_empty())
        .map(|a| {
            assert!(a.starts_with('='), "an error: {a}");
            a[1..].trim().to_string()
        })
        .collect()
}

#[test]
fn the_analyze_commands_are_gogui_lines_of_known_commands() {
    let a = answers("gogui-analyze_commands\nlist_commands\nquit\n", &[]);
    let known: Vec<&str> = a[1].lines().collect();
    let lines: Vec<&str> = a[0].lines().collect();
    assert!(lines.len() >= 4, "{lines:?}");
    for line in lines {
        let parts: Vec<&str> = line.splitn(3, '/').collect();
        assert_eq!(parts.len(), 3, "type/label/command: {line}");
        assert!(
            ["gfx", "plist", "pspairs", "string"].contains(&parts[0]),
            "{line}"
        );
        let command = parts[2].split(' ').next().unwrap_or("");
        assert!(known.contains(&command), "{command} not in list_commands");
    }
}

/// The count GoGui draws is the count: dead stones marked are
/// final_status_list dead, seki stones squared are its seki, and the
/// territory squares of each colour are the points final_status gives
/// that colour; the status line has final_score.
#[test]
fn the_count_drawn_for_gogui_is_the_count() {
    let a = answers(
        "loadsgf samples/9x9-seki.sgf\nkifu-gogui-count\nfinal_status_list dead\n\
         final_status_list seki\nfinal_score\nquit\n",
        &["--rules", "japanese"],
    );
    let gfx = &a[1];
    let line = |word: &str| -> Vec<String> {
        let mut v: Vec<String> = gfx
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{word} ")))
            .unwrap_or("")
            .split_whitespace()
            .map(String::from)
            .collect();
        v.sort();
        v
    };
    let listed = |k: usize| -> Vec<String> {
        let mut v: Vec<String> = a[k].split_whitespace().map(String::from).collect();
        v.sort();
        v
    };
    assert_eq!(line("MARK"), listed(2), "{gfx}");
    assert_eq!(line("SQUARE"), listed(3), "{gfx}");
    assert!(gfx.contains(&format!("TEXT {} (Japanese", a[4])), "{gfx}");
    // Every territory point is its colour's by final_status.
    let mut input = String::from("loadsgf samples/9x9-seki.sgf\n");
    let (black, white) = (line("BLACK"), line("WHITE"));
    for p in black.iter().chain(&white) {
        input.push_str(&format!("final_status {p}\n"));
    }
    input.push_str("quit\n");
    let said = answers(&input, &["--rules", "japanese"]);
    for (p, s) in black.iter().chain(&white).zip(&said[1..]) {
        let want = if black.contains(p) {
            ["black_territory", "dead"]
        } else {
            ["white_territory", "dead"]
        };
        assert!(want.contains(&s.as_str()), "{p}: {s}");
    }
    assert!(
        !black.contains(&"A9".to_string()),
        "a seki eye is no territory"
    );
}

/// A seki's eye is dame under territory rules, as GNU Go answers; under
/// area rules it is its owner's.
#[test]
fn a_seki_eye_is_dame_under_japanese_rules() {
    let input = "loadsgf samples/9x9-seki.sgf\nfinal_status A9\nquit\n";
    assert_eq!(answers(input, &["--rules", "japanese"])[1], "dame");
    assert_eq!(
        answers(input, &["--rules", "chinese"])[1],
        "black_territory"
    );
}

/// printsgf writes the count into the game (RE, TB/TW, the rules counted
/// with), and the written file counts the same from its marks.
#[test]
fn printsgf_writes_the_count_that_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("counted.sgf");
    let a = answers(
        &format!(
            "loadsgf samples/9x9-finished.sgf\nfinal_score\nprintsgf {}\nprintsgf\nquit\n",
            file.display()
        ),
        &["--rules", "japanese"],
    );
    let result = &a[1];
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(written.contains(&format!("RE[{result}]")), "{written}");
    assert!(written.contains("RU[Japanese]"), "{written}");
    assert!(
        written.contains("TB[") && written.contains("TW["),
        "{written}"
    );
    assert_eq!(
        a[3].trim(),
        written.trim(),
        "printsgf with no file answers it"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["score", "--json", "--dead", "marked"])
        .arg(&file)
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["result"].as_str(), Some(result.as_str()), "{v}");
}

#[test]
fn cputime_is_seconds_of_processor_time() {
    let a = answers(
        "cputime\nloadsgf samples/9x9-finished.sgf\nfinal_score\ncputime\nquit\n",
        &[],
    );
    let first: f64 = a[0].parse().unwrap();
    let last: f64 = a[3].parse().unwrap();
    assert!(first >= 0.0 && last >= first, "{a:?}");
}

/// GoGui's own classes (../shared/peers/gogui's jar, with Java) parse
/// kifu's analyze commands, send them, and draw every answer on their
/// board: the count as GoGui shows it (docs/images/gogui-count.png is
/// its picture).
#[test]
#[ignore]
fn gogui_reads_and_draws_the_analyze_commands() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let jar = root.join("../shared/peers/gogui/gogui-1.6.0.jar");
    let javac = Command::new("javac").arg("-version").output();
    if !jar.exists() || !javac.is_ok_and(|o| o.status.success()) {
        crate::common::skipped("GoGui's jar (../shared/peers/gogui) or a JDK is missing");
        return;
    }
    let classes = tempfile::tempdir().unwrap();
    let built = Command::new("javac")
        .arg("-cp")
        .arg(&jar)
        .arg("-d")
        .arg(classes.path())
        .arg(root.join("tests/gogui/bundle/text.java"))
        .arg(root.join("tests/gogui/KifuAnalyze.java"))
        .output()
        .unwrap();
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    let png = classes.path().join("count.png");
    let cp = format!("{}:{}", jar.display(), classes.path().display());
    let run = Command::new("java")
        .args(["-Djava.awt.headless=true", "-cp", &cp, "KifuAnalyze"])
        .arg(env!("CARGO_BIN_EXE_kifu"))
        .arg(root.join("samples/9x9-seki.sgf"))
        .arg(&png)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{said}\n{}",
        String::from_utf8_lossy(&run.stderr)
    );
    println!("{said}");
    // The count: 6 dead stones crossed, 12 seki stones squared, 35 points
    // of territory (26 Black's, 9 White's), the result in the text.
    assert!(
        said.contains("GFX | kifu: Count | marks 6 squares 12 labels 0 territory 35"),
        "{said}"
    );
    assert!(said.contains("text B+15.5 (Japanese"), "{said}");
    assert!(said.contains("PLIST | kifu: Dead stones |"), "{said}");
    assert!(said.contains("points 6"), "{said}");
    assert!(std::fs::metadata(&png).is_ok_and(|m| m.len() > 1000));
}
