//! The binary, run as a user would.

use crate::common;

use assert_cmd::Command;
use predicates::prelude::*;

fn kifu() -> Command {
    crate::common::kifu()
}

/// `kifu convert INPUT -o OUT`, run.
fn convert(input: &std::path::Path, out: &std::path::Path) -> assert_cmd::assert::Assert {
    kifu().arg("convert").arg(input).arg("-o").arg(out).assert()
}

fn sample(name: &str) -> String {
    format!("{}/samples/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The samples shipped in the repository.
const SAMPLES: [&str; 4] = [
    "9x9-finished.sgf",
    "9x9-seki.sgf",
    "13x13-variations.sgf",
    "19x19-handicap.sgf",
];

#[test]
fn show_prints_the_final_position_with_coordinates() {
    let out = kifu()
        .args(["show", &sample("9x9-finished.sgf")])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("   A B C D E F G H J\n"), "{text}");
    assert!(text.contains(" 5 X X X X X X X X X 5\n"), "{text}");
    assert!(text.contains(" 8 . . . . O . . . . 8\n"), "{text}");
    assert!(
        text.contains("Move 26, last move: White pass, Black to play"),
        "{text}"
    );
}

#[test]
fn show_ascii_rows_hold_only_board_characters() {
    let out = kifu()
        .args([
            "show",
            "--ascii",
            "--move",
            "21",
            &sample("9x9-finished.sgf"),
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| (1..=9).any(|n| l.starts_with(&format!("{n:>2} "))))
        .collect();
    assert_eq!(rows.len(), 9);
    for r in rows {
        let body = &r[3..r.len() - 2];
        assert!(body.chars().all(|c| "XO. ".contains(c)), "row {r:?}");
    }
    assert!(text.contains("Move 21, last move: Black J5"), "{text}");
    assert!(text.contains("Captures: Black 0, White 0"));
}

#[test]
fn show_marks_the_last_move_and_star_points() {
    kifu()
        .args(["show", "--move", "1", &sample("9x9-finished.sgf")])
        .assert()
        .success()
        .stdout(predicate::str::contains(" 5 . . . .(X). . . . 5"))
        .stdout(predicate::str::contains(" 3 . . + . . . + . . 3"));
}

#[test]
fn show_a_game_of_a_collection_and_bad_indexes() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("two.sgf");
    std::fs::write(&p, "(;SZ[9];B[ee])(;SZ[13];B[gg])").unwrap();
    kifu()
        .args(["show", "--game", "2", p.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicate::str::contains("13x13"));
    kifu()
        .args(["show", "--game", "3", p.to_str().unwrap()])
        .assert()
        .failure()
        .stderr(predicate::str::contains("there is no game 3"));
    kifu()
        .args(["show", "--move", "5", p.to_str().unwrap()])
        .assert()
        .failure()
        .stderr(predicate::str::contains("main line has 1 move"));
}

#[test]
fn missing_file_is_a_clear_error() {
    kifu()
        .args(["show", "/no/such/game.sgf"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("cannot read /no/such/game.sgf"));
}

#[test]
fn convert_writes_canonical_sgf_and_reports_repairs() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("fox.sgf");
    std::fs::write(&input, "(;GM[1]FF[3]SZ[19]KM[750]RE[W+Resign];B[pd];W[tt])").unwrap();
    kifu()
        .args(["convert", input.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "(;FF[4]GM[1]CA[UTF-8]SZ[19]KM[7.5]RE[W+R]\n",
        ))
        .stdout(predicate::str::contains(";W[]"))
        .stderr(predicate::str::contains("KM[750] read as 7.5"));
    let out = dir.path().join("out.sgf");
    convert(&input, &out).success();
    let first = std::fs::read(&out).unwrap();
    // Converting kifu's own output again gives the same bytes.
    let out2 = dir.path().join("out2.sgf");
    convert(&out, &out2)
        .success()
        .stderr(predicate::str::is_empty().not());
    assert_eq!(first, std::fs::read(&out2).unwrap());
}

#[test]
fn convert_refuses_to_overwrite_a_file_it_could_not_fully_read() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("cut.sgf");
    let original = "(;GM[1]SZ[19];B[pd];W[dd];B[q";
    std::fs::write(&input, original).unwrap();
    convert(&input, &input)
        .failure()
        .stderr(predicate::str::contains("will not overwrite"));
    assert_eq!(std::fs::read_to_string(&input).unwrap(), original);
}

#[test]
fn convert_of_a_non_sgf_file_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("notes.txt");
    std::fs::write(&input, "just some text").unwrap();
    let out = dir.path().join("out.sgf");
    convert(&input, &out)
        .failure()
        .stderr(predicate::str::contains(
            "not an SGF game record (no game tree found)",
        ));
    assert!(!out.exists());
}

#[test]
fn no_arguments_shows_the_sample() {
    kifu()
        .assert()
        .success()
        .stdout(predicate::str::contains("A sample 9x9 game"));
}

#[test]
fn new_game_options_are_checked() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("new.sgf");
    kifu()
        .args([
            p.to_str().unwrap(),
            "--size",
            "19",
            "--handicap",
            "4",
            "--rules",
            "japanese",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("handicap 4"))
        .stdout(predicate::str::contains("White to play"));
    kifu()
        .args([p.to_str().unwrap(), "--size", "30"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("board size 30 is not supported"));
    kifu()
        .args([p.to_str().unwrap(), "--rules", "martian"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("unknown rules"));
}

/// Unknown rules are refused before anything runs, by every command, as
/// any bad option is (exit 2): no board printed, no engine started.
#[test]
fn unknown_rules_exit_2_from_every_command() {
    let seki = sample("9x9-seki.sgf");
    for args in [
        vec!["score", "--rules", "foo", seki.as_str()],
        vec!["show", "--rules", "foo", seki.as_str()],
        vec!["gtp", "--rules", "foo"],
        vec!["--rules", "foo", seki.as_str()],
    ] {
        let out = kifu().args(&args).write_stdin("").output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}: {:?}", out.stdout);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("--rules foo: unknown rules; use chinese"),
            "{args:?}: {err}"
        );
    }
    // Known words and KataGo's rule strings still pass.
    kifu()
        .args(["score", "--rules", "aga", &seki])
        .assert()
        .success();
    kifu()
        .args(["score", "--rules", "koPOSITIONALscoreAREAtaxALLsui1", &seki])
        .assert()
        .success();
}

#[test]
fn help_and_version() {
    kifu()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("show"))
        .stdout(predicate::str::contains("convert"));
    kifu()
        .arg("--version")
        .assert()
        .success()
        .stdout(predicate::str::contains(env!("CARGO_PKG_VERSION")));
}

fn stdout_of(args: &[&str]) -> (String, String, i32) {
    let out = kifu().args(args).output().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn score_reads_dead_stones_from_tb_tw_and_shows_both_views() {
    let (out, _, code) = stdout_of(&["score", &sample("9x9-seki.sgf")]);
    assert_eq!(code, 0);
    assert!(
        out.contains("dead stones from the file's TB/TW marks"),
        "{out}"
    );
    assert!(
        out.contains(
            "Area:      Black 52.5 against 40.5 + 3.75: Black wins by 8 1/4 stones, B+16.5"
        ),
        "{out}"
    );
    assert!(
        out.contains("Territory: Black 32 against White 16.5 (komi 7.5): B+15.5"),
        "{out}"
    );
    assert!(out.contains("(recorded: B+16.5, the same)"), "{out}");
}

#[test]
fn score_json_lines_carry_the_documented_fields() {
    let (out, _, code) = stdout_of(&[
        "score",
        "--json",
        &sample("9x9-seki.sgf"),
        "--dead-at",
        "hb,de,bf,hf",
    ]);
    assert_eq!(code, 0);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 1);
    let seki = &lines[0];
    for key in [
        "file",
        "game",
        "size",
        "rules",
        "komi",
        "handicap",
        "dead",
        "black",
        "white",
        "neutral",
        "seki_points",
        "result",
        "margin",
        "stones",
    ] {
        assert!(seki.get(key).is_some(), "missing {key}: {seki}");
    }
    assert_eq!(
        seki["dead"],
        serde_json::json!(["bf", "de", "ee", "hb", "hc", "hf"])
    );
    assert_eq!(seki["black"]["area"], 52);
    assert_eq!(seki["black"]["prisoners"], 6);
    assert_eq!(seki["neutral"], 1);
    assert_eq!(seki["result"], "B+16.5");
    assert_eq!(seki["margin"], 16.5);
    assert_eq!(seki["stones"], "Black wins by 8 1/4 stones");
}

#[test]
fn score_under_japanese_rules_gives_points_only() {
    let (out, _, _) = stdout_of(&[
        "score",
        "--json",
        "--rules",
        "japanese",
        "--komi",
        "6.5",
        "--dead-at",
        "E8",
        &sample("9x9-finished.sgf"),
    ]);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["rules"], "Japanese");
    assert_eq!(v["komi"], 6.5);
    assert!(v.get("stones").is_none(), "{v}");
    assert_eq!(v["dead"], serde_json::json!(["eb"]));
    assert_eq!(v["result"], "B+2.5");
}

#[test]
fn score_goes_on_after_a_bad_file_and_fails_at_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.sgf");
    std::fs::write(&bad, "this is not sgf").unwrap();
    let bad = bad.to_string_lossy().into_owned();
    let missing = dir
        .path()
        .join("missing.sgf")
        .to_string_lossy()
        .into_owned();
    let (out, err, code) = stdout_of(&["score", "--json", &bad, &missing, &sample("9x9-seki.sgf")]);
    assert_eq!(code, 1);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert!(lines[0]["error"].is_string(), "{}", lines[0]);
    assert!(lines[1]["error"].as_str().unwrap().contains("missing.sgf"));
    assert_eq!(lines[2]["result"], "B+16.5");
    assert!(err.contains("2 of 3 files could not be counted"), "{err}");
}

#[test]
fn dead_auto_estimates_the_dead_stones() {
    let (out, _, code) = stdout_of(&["score", "--json", &sample("9x9-finished.sgf")]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["dead"], serde_json::json!(["eb"]));
    assert_eq!(v["result"], "B+1.5");
    assert!(v["uncertain"].is_array(), "{v}");
}

/// White's corner can only become the bent-four ko: dead under Japanese
/// rules, proposed dead but listed as unsure under Chinese ones.
#[test]
fn dead_auto_kills_bent_four_in_the_corner_under_every_rule_set() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bent4.sgf");
    std::fs::write(
        &file,
        "(;GM[1]FF[4]SZ[9]RU[Japanese]KM[6.5]\
         AB[aa][ab][ac][da][db][dc][dd][ae][be][ce][de]\
         [ag][bg][cg][dg][eg][fg][gg][hg][ig]\
         AW[ca][bb][cb][cc][ad][bd][cd][ah][bh][ch][dh][eh][fh][gh][hh][ih])",
    )
    .unwrap();
    let file = file.to_string_lossy().to_string();
    let white_corner = ["ad", "bb", "bd", "ca", "cb", "cc", "cd"];
    let (out, err, code) = stdout_of(&["score", "--json", "--dead", "auto", &file]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["dead"], serde_json::json!(white_corner), "{v}");

    let (out, err, code) = stdout_of(&[
        "score", "--json", "--dead", "auto", "--rules", "chinese", &file,
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    // Dead under area rules too: the attacker removes every ko threat at
    // no cost before taking the ko (docs/rules.md). A proof, not a doubt.
    assert_eq!(v["dead"], serde_json::json!(white_corner), "{v}");
    assert_eq!(v["uncertain"], serde_json::json!([]), "{v}");
}

#[test]
fn show_count_prints_the_walkthrough_step_by_step() {
    let (out, _, code) = stdout_of(&["show", "--count", "chinese", &sample("9x9-seki.sgf")]);
    assert_eq!(code, 0);
    for step in 1..=5 {
        assert!(out.contains(&format!("Step {step}:")), "{out}");
    }
    assert!(
        out.contains(
            "Step 2: count Black's territory in blocks of ten: 2 tens and 7 more make 27."
        ),
        "{out}"
    );
    assert!(out.contains("running total: 1:10 2:20 3:27"), "{out}");
    assert!(
        out.contains("Step 6: check by counting White too: White has 28.5; Black 52.5 + White 28.5 = 81, the 81 points of the board."),
        "{out}"
    );
    assert!(
        out.contains(
            "Black has 52.5 (White 81 - 52.5 = 28.5): Black wins by 8 1/4 stones, B+16.5."
        ),
        "{out}"
    );
    assert!(out.is_ascii(), "the handout is plain ASCII");

    let (out, _, _) = stdout_of(&[
        "show",
        "--count",
        "japanese",
        "--komi",
        "6.5",
        &sample("9x9-seki.sgf"),
    ]);
    assert!(
        out.contains("Step 5: Black 26 against White 9.5: Black wins by 16.5 points, B+16.5."),
        "{out}"
    );
}

#[test]
fn list_themes_names_the_builtin_ones() {
    let (out, _, code) = stdout_of(&["--list-themes"]);
    assert_eq!(code, 0);
    assert_eq!(out, "default\nlight\nprojector\nascii\nmono\n");
}

fn with_config(dir: &std::path::Path, args: &[&str]) -> (String, String, i32) {
    let out = kifu()
        .env("KIFU_CONFIG_DIR", dir)
        .env("KIFU_DATA_DIR", dir.join("data"))
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn print_config_shows_defaults_then_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let (out, _, code) = with_config(dir.path(), &["--print-config"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("rules = \"chinese\"\nkomi = 7.5\nsize = 19\ntheme = \"default\"\n"),
        "{out}"
    );
    std::fs::write(
        dir.path().join("config.toml"),
        "rules = \"japanese\"\nsize = 13\n",
    )
    .unwrap();
    let (out, _, _) = with_config(dir.path(), &["--print-config"]);
    assert!(
        out.contains("rules = \"japanese\"\nkomi = 6.5\nsize = 13\n"),
        "{out}"
    );
    // A new game takes its defaults from the configuration.
    let game = dir.path().join("new.sgf");
    let (out, _, code) = with_config(dir.path(), &[game.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(out.contains("13x13, Japanese rules, komi 6.5"), "{out}");
}

#[test]
fn a_broken_config_is_named_and_the_defaults_used() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("config.toml"),
        "rules = \"japanese\"\nsise = 9\n",
    )
    .unwrap();
    let (out, err, code) = with_config(dir.path(), &["--print-config"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("config.toml: line 2:") && err.contains("sise"),
        "{err}"
    );
    assert!(out.contains("rules = \"chinese\""), "{out}");
    // kifu still runs.
    let (out, err, code) = with_config(dir.path(), &[&sample("9x9-seki.sgf")]);
    assert_eq!(code, 0);
    assert!(err.contains("using the defaults"), "{err}");
    assert!(out.contains("9x9"), "{out}");
}

/// A configuration directory holding one user theme, `mine`, of these
/// bytes.
fn with_theme(bytes: &[u8]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("themes")).unwrap();
    std::fs::write(dir.path().join("themes/mine.toml"), bytes).unwrap();
    dir
}

#[test]
fn a_broken_user_theme_is_named_and_kifu_goes_on() {
    let dir = with_theme(b"unicode = true\ncolor = true\nboard = \"brownish\"\n");
    let (out, err, code) = with_config(dir.path(), &["--theme", "mine", &sample("9x9-seki.sgf")]);
    assert_eq!(code, 0);
    assert!(err.contains("themes/mine.toml: line 3: board:"), "{err}");
    assert!(err.contains("#c8a060"), "{err}");
    assert!(out.contains("9x9"), "{out}");
}

/// A theme file that is not text (here binary bytes) is said as such,
/// not taken for a missing theme.
#[test]
fn an_unreadable_user_theme_is_said_and_kifu_goes_on() {
    let dir = with_theme(&[0xff, 0xfe, 0x00, 0x9f]);
    let (out, err, code) = with_config(dir.path(), &["--theme", "mine", &sample("9x9-seki.sgf")]);
    assert_eq!(code, 0);
    assert!(
        err.contains("cannot read") && err.contains("themes/mine.toml"),
        "{err}"
    );
    assert!(!err.contains("no such theme"), "{err}");
    assert!(out.contains("9x9"), "{out}");
}

/// Every line `kifu score --json` writes for the samples (each game of
/// each, counted three ways, and files that cannot be read) follows
/// docs/score.schema.json.
#[test]
fn score_json_follows_the_schema() {
    let validator = common::score_schema();
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.sgf");
    std::fs::write(&bad, "no game here").unwrap();
    let mut files: Vec<String> = SAMPLES.iter().map(|s| sample(s)).collect();
    files.push(bad.to_string_lossy().into_owned());
    let mut lines = 0;
    for dead in ["auto", "marked", "none"] {
        let mut args = vec!["score", "--json", "--game", "all", "--dead", dead];
        args.extend(files.iter().map(String::as_str));
        let (out, _, _) = stdout_of(&args);
        for l in out.lines() {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let errors: Vec<String> = validator.iter_errors(&v).map(|e| e.to_string()).collect();
            assert!(errors.is_empty(), "{l}\n{errors:?}");
            lines += 1;
        }
    }
    assert!(lines >= 3 * 5, "{lines}");
}

#[test]
fn one_thread_or_two_give_the_same_bytes() {
    let files: Vec<String> = SAMPLES.iter().map(|s| sample(s)).collect();
    let run = |j: &str| {
        let mut args = vec!["score", "--json", "--game", "all", "-j", j];
        args.extend(files.iter().map(String::as_str));
        args.extend(files.iter().map(String::as_str));
        stdout_of(&args).0
    };
    let one = run("1");
    assert_eq!(one.lines().count(), 8);
    assert_eq!(one, run("2"));
    assert_eq!(one, run("7"));
}

#[test]
fn four_shards_take_every_file_exactly_once() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(sample("9x9-finished.sgf")).unwrap();
    let mut names = Vec::new();
    for i in 0..40 {
        let p = dir.path().join(format!("g{i:02}.sgf"));
        std::fs::write(&p, &text).unwrap();
        names.push(p.to_string_lossy().into_owned());
    }
    let mut seen: Vec<String> = Vec::new();
    for shard in ["1/4", "2/4", "3/4", "4/4"] {
        let mut args = vec!["score", "--json", "--dead", "none", "--shard", shard];
        args.extend(names.iter().map(String::as_str));
        let (out, _, code) = stdout_of(&args);
        assert_eq!(code, 0);
        let files: Vec<String> = out
            .lines()
            .map(|l| {
                serde_json::from_str::<serde_json::Value>(l).unwrap()["file"]
                    .as_str()
                    .unwrap()
                    .to_string()
            })
            .collect();
        assert!(!files.is_empty(), "shard {shard} is not empty for 40 files");
        seen.extend(files);
    }
    seen.sort();
    assert_eq!(seen, names);
    let (_, err, code) = stdout_of(&["score", "--shard", "5/4", &names[0]]);
    assert_eq!(code, 2, "{err}");
}

/// KGS games with the players' marks (../shared/data; skips without it):
/// every line follows the schema, counted from the marks and estimated.
#[test]
#[ignore]
fn score_json_of_kgs_games_follows_the_schema() {
    let mut files: Vec<String> = common::shared_sgf_files("kgs-2017q1-markup")
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if files.is_empty() {
        crate::common::skipped("no KGS games in ../shared/data");
        return;
    }
    files.sort();
    files.truncate(40);
    let validator = common::score_schema();
    for dead in ["marked", "auto"] {
        let mut args = vec!["score", "--json", "--quiet", "--dead", dead];
        args.extend(files.iter().map(String::as_str));
        let (out, _, _) = stdout_of(&args);
        assert_eq!(out.lines().count(), files.len());
        for l in out.lines() {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let errors: Vec<String> = validator.iter_errors(&v).map(|e| e.to_string()).collect();
            assert!(errors.is_empty(), "{l}\n{errors:?}");
        }
    }
}

/// The commentary on art. 10 (Japanese 1989): a dead stone in the eye of a
/// group in seki, counted from the file as a user would.
#[test]
fn score_counts_a_seki_behind_a_dead_stone() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("fig17.sgf");
    std::fs::write(
        &f,
        "(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese]AB[ba][ga][bb][cb][gb][ac][bc][dc][ec][fc][gc][dd][de][df][dg][dh][di]\nAW[aa][da][fa][db][eb][fb][cc][ad][bd][cd][ce][cf][cg][ch][ci]TB[aa])",
    )
    .unwrap();
    let f = f.to_string_lossy().into_owned();
    let (out, _, _) = stdout_of(&["score", "--rules", "japanese", &f]);
    assert!(out.contains("Result under Japanese rules: B+19.5"), "{out}");
    let (out, _, _) = stdout_of(&["score", "--rules", "chinese", &f]);
    assert!(out.contains("Result under Chinese rules: B+23.5"), "{out}");
}

/// Runs kifu with its output read until the first line, then closed (as
/// `| head -1` does): kifu must end soon after, quietly, whatever it was
/// doing. The minute's wait only catches a hang, it times nothing.
fn closed_after_one_line(args: &[String], stdin: &[u8]) -> (std::process::ExitStatus, String) {
    use std::io::{BufRead, BufReader, Read, Write};
    use std::process::Stdio;
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("kifu"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    // From a thread: kifu may fill its output before it reads all of this.
    std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    for _ in 0..600 {
        if let Some(status) = child.try_wait().unwrap() {
            let mut err = String::new();
            child
                .stderr
                .take()
                .unwrap()
                .read_to_string(&mut err)
                .unwrap();
            return (status, err);
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let _ = child.kill();
    panic!(
        "kifu {:?}... did not end after its output was closed",
        &args[..2]
    );
}

#[test]
fn a_closed_output_ends_every_command_quietly() {
    let many: Vec<String> = std::iter::repeat_n(sample("9x9-seki.sgf"), 3000).collect();
    let score = |flags: &[&str]| -> Vec<String> {
        let mut a = vec!["score".to_string()];
        a.extend(flags.iter().map(|f| f.to_string()));
        a.extend(many.iter().cloned());
        a
    };
    for args in [score(&[]), score(&["-j2"]), score(&["--json"])] {
        let (status, err) = closed_after_one_line(&args, b"");
        assert!(status.success(), "{status:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    let board = "board\n".repeat(20_000);
    let (status, err) = closed_after_one_line(
        &["--plain".into(), sample("9x9-seki.sgf")],
        board.as_bytes(),
    );
    assert!(status.success(), "{status:?}: {err}");
}

#[test]
fn a_full_disk_is_said_as_such() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return;
    };
    let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("kifu"))
        .args(["score", &sample("9x9-seki.sgf")])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot write the output"), "{err}");
    assert!(err.contains("no space left on the disk"), "{err}");
    // In the user's language, the system's reason too.
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return;
    };
    let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("kifu"))
        .args(["score", "--lang", "de", &sample("9x9-seki.sgf")])
        .stdout(full)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err.trim_end(),
        "kifu: die Ausgabe kann nicht geschrieben werden: kein Platz mehr auf dem \
         Datenträger; schaffe Platz oder schreibe woanders hin"
    );
}

#[test]
fn help_names_every_rule_set_and_every_file_argument() {
    let help = |args: &[&str]| {
        String::from_utf8(
            kifu()
                .args(args)
                .assert()
                .success()
                .get_output()
                .stdout
                .clone(),
        )
        .unwrap()
    };
    let main = help(&["--help"]);
    assert!(
        main.contains("chinese, japanese, korean, aga, nz, goe or tromp-taylor"),
        "{main}"
    );
    assert!(
        main.contains("--black <NAME>") && main.contains("--white <NAME>"),
        "{main}"
    );
    let score = help(&["score", "--help"]);
    assert!(score.contains("goe"), "{score}");
    for (args, arg) in [
        (&["score", "--help"][..], "[FILES]..."),
        (&["show", "--help"][..], "<FILE>"),
        (&["convert", "--help"][..], "<INPUT>"),
    ] {
        let text = help(args);
        // The argument's line in "Arguments:" has a description after it.
        let line = text
            .lines()
            .skip_while(|l| !l.starts_with("Arguments:"))
            .skip(1)
            .take(3)
            .collect::<Vec<_>>()
            .join(" ");
        let described = line.trim().strip_prefix(arg).unwrap_or("").trim();
        assert!(!described.is_empty(), "{arg} undescribed: {text}");
    }
}

#[test]
fn a_new_game_takes_the_players_names() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("new.sgf");
    let (text, err, code) = stdout_of(&[
        "--black",
        "Honinbo Shusaku",
        "--white",
        "Gennan Inseki",
        file.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        text.contains("Honinbo Shusaku") && text.contains("Gennan Inseki"),
        "{text}"
    );
}

/// `kifu score` on a game given as text (written to a file first).
fn score_sgf(text: &str) -> (String, String, i32) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.sgf");
    std::fs::write(&file, text).unwrap();
    stdout_of(&["score", file.to_str().unwrap()])
}

#[test]
fn one_move_is_said_in_the_singular() {
    let (out, _, _) = score_sgf("(;FF[4]GM[1]SZ[9];B[ee])");
    assert!(out.contains(", 1 move;"), "{out}");
}

#[test]
fn a_resigned_game_is_said_as_such_not_as_a_count() {
    let (out, err, code) =
        score_sgf("(;FF[4]GM[1]SZ[9]RU[Chinese]KM[7.5]RE[B+R];B[ee];W[cc];B[gg])");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Not counted: White resigned (B+R); the board as it stands would count"),
        "{out}"
    );
    assert!(!out.contains("Result under"), "{out}");
    // A resigned game is expected to be unfinished: no note for it.
    assert!(!err.contains("does not look finished"), "{err}");
}

#[test]
fn unfinished_games_are_one_line_at_the_end_and_named_with_verbose() {
    let unfinished = sample("13x13-variations.sgf");
    let (_, err, _) = stdout_of(&["score", &unfinished, &unfinished, &sample("9x9-seki.sgf")]);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(
        lines,
        [
            "kifu: 2 of 3 games do not look finished (those that ended by resignation or on time aside); --verbose names them"
        ],
        "{err}"
    );
    let (_, err, _) = stdout_of(&["score", "--verbose", &unfinished]);
    assert!(
        err.contains("13x13-variations.sgf: the game does not look finished"),
        "{err}"
    );
    // The JSON keeps the note on its game.
    let (out, _, _) = stdout_of(&["score", "--json", &unfinished]);
    assert!(out.contains("does not look finished"), "{out}");
}

/// F4: `convert F -o F` refuses when the game reader dropped anything (a
/// move's extra values, a point that is none, a point off the board), says
/// so, and leaves the file as it was; `--force` overwrites.
#[test]
fn convert_in_place_refuses_what_the_game_reader_dropped() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("f.sgf");
    for text in [
        "(;FF[4]GM[1]SZ[9];B[ee][ff];W[cc])",
        "(;FF[4]GM[1]SZ[9]AE[xyz];B[ee])",
        "(;FF[4]GM[1]SZ[9]AB[zz][aa];B[ee])",
    ] {
        std::fs::write(&file, text).unwrap();
        let out = convert(&file, &file).code(1).get_output().stderr.clone();
        let err = String::from_utf8_lossy(&out);
        assert!(
            err.contains("will not overwrite it") && err.contains("--force"),
            "{err}"
        );
        assert_eq!(std::fs::read_to_string(&file).unwrap(), text, "unchanged");
    }
    kifu()
        .args(["convert", "--force"])
        .arg(&file)
        .arg("-o")
        .arg(&file)
        .assert()
        .success();
    assert!(!std::fs::read_to_string(&file).unwrap().contains("[zz]"));
}

/// F11/F16: text from a file never reaches the terminal as commands: an
/// ESC and a C1 control in RE are dropped on reading, a bidi override in a
/// name is escaped by `show` and a \u escape in `score --json` (the same
/// string to a JSON reader).
#[test]
fn text_from_a_file_is_made_safe_for_the_terminal_and_for_json() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("evil.sgf");
    std::fs::write(
        &file,
        "(;FF[4]GM[1]SZ[9]CA[UTF-8]PB[\u{202e}evil]RE[W+\u{9b}2J\u{1b}];B[ee])".as_bytes(),
    )
    .unwrap();
    let (out, _, _) = stdout_of(&["show", file.to_str().unwrap()]);
    for bad in ['\u{1b}', '\u{9b}', '\u{202e}'] {
        assert!(!out.contains(bad), "{bad:?} in {out:?}");
    }
    assert!(out.contains("\\u{202e}evil"), "{out}");
    let (json, _, _) = stdout_of(&["score", "--json", file.to_str().unwrap()]);
    for bad in ['\u{1b}', '\u{9b}', '\u{202e}'] {
        assert!(!json.contains(bad), "{bad:?} in {json:?}");
    }
    let v: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    // Neither ESC nor the C1 control is kept (control characters are
    // dropped on reading, a note says so).
    assert_eq!(v["recorded"], "W+2J", "the controls dropped");
}

/// F17: new-game options without a file open that new game, not the 9x9
/// sample; KM in hundredths reads alike for negative values, and a komi of
/// 3.75 points is written plainly where no stones rule applies.
#[test]
fn new_game_options_without_a_file_and_komi_round_trips() {
    let (out, _, _) = stdout_of(&["--size", "13"]);
    assert!(out.contains("A new game") && out.contains("13x13"), "{out}");
    let (out, _, _) = stdout_of(&[]);
    assert!(out.contains("A sample 9x9 game"), "{out}");
    let dir = tempfile::tempdir().unwrap();
    for (km, rules, written) in [
        ("-375", "Chinese", "KM[-7.5]"),
        ("375", "Chinese", "KM[7.5]"),
        ("375", "Japanese", "KM[3.75]"),
        ("3.750", "Chinese", "KM[3.750]"),
    ] {
        let file = dir.path().join("km.sgf");
        std::fs::write(&file, format!("(;GM[1]SZ[19]RU[{rules}]KM[{km}];B[pd])")).unwrap();
        let (once, _, _) = stdout_of(&["convert", file.to_str().unwrap()]);
        assert!(once.contains(written), "KM[{km}] {rules}: {once}");
        std::fs::write(&file, &once).unwrap();
        let (twice, _, _) = stdout_of(&["convert", file.to_str().unwrap()]);
        assert_eq!(once, twice, "KM[{km}] {rules} reads back the same");
    }
}

/// Under LANG=C `kifu show` keeps to ASCII: names as \u{...}, never raw
/// UTF-8 bytes; with a UTF-8 locale they are shown as written.
#[test]
fn show_keeps_to_ascii_without_a_utf8_locale() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("names.sgf");
    std::fs::write(
        &file,
        "(;FF[4]GM[1]SZ[9]CA[UTF-8]PB[李昌镐]PW[Müller];B[ee])",
    )
    .unwrap();
    let show = |lang: &str| {
        let out = kifu()
            .env_remove("LC_ALL")
            .env_remove("LC_CTYPE")
            .env("LANG", lang)
            .args(["show"])
            .arg(&file)
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let c = show("C");
    assert!(c.is_ascii(), "{c}");
    assert!(
        c.contains("Black: \\u{674e}\\u{660c}\\u{9550}  White: M\\u{fc}ller"),
        "{c}"
    );
    let utf8 = show("C.UTF-8");
    assert!(utf8.contains("Black: 李昌镐  White: Müller"), "{utf8}");
}

/// `-` is standard input for show, score and convert, and `-o -` standard
/// output: `curl .../game.sgf | kifu score -` works, and no file named `-`
/// is ever made. The board refuses `-` (its keys come from the terminal).
#[test]
fn a_dash_is_standard_input_and_output() {
    let dir = tempfile::tempdir().unwrap();
    let game = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/samples/9x9-finished.sgf"
    ))
    .unwrap();
    let run = |args: &[&str]| {
        crate::common::kifu()
            .current_dir(dir.path())
            .args(args)
            .write_stdin(game.clone())
            .output()
            .unwrap()
    };
    let score = run(&["score", "--json", "-"]);
    let v: serde_json::Value = serde_json::from_slice(&score.stdout).unwrap();
    assert_eq!(
        (v["file"].as_str(), v["result"].as_str()),
        (Some("-"), Some("B+1.5"))
    );
    let show = run(&["show", "-"]);
    assert!(String::from_utf8_lossy(&show.stdout).contains("Aiko"));
    let converted = run(&["convert", "-", "-o", "-"]);
    assert!(converted.status.success());
    assert!(String::from_utf8_lossy(&converted.stdout).starts_with("(;FF[4]GM[1]"));
    let board = run(&["-"]);
    assert!(!board.status.success());
    assert!(String::from_utf8_lossy(&board.stderr).contains("kifu show -"));
    assert!(!dir.path().join("-").exists(), "no file named -");
}

/// One collection of 40 games, spread over shards by game: every game in
/// exactly one shard, the shards together exactly the single run's lines.
#[test]
fn shards_split_one_collection_by_game() {
    let dir = tempfile::tempdir().unwrap();
    let one = std::fs::read_to_string(sample("9x9-finished.sgf")).unwrap();
    let file = dir.path().join("all.sgf");
    std::fs::write(&file, one.trim().repeat(40)).unwrap();
    let name = file.to_string_lossy().into_owned();
    let lines = |extra: &[&str]| -> Vec<String> {
        let mut args = vec!["score", "--json", "--dead", "none", "--game", "all"];
        args.extend(extra);
        args.push(&name);
        let (out, err, code) = stdout_of(&args);
        assert_eq!(code, 0, "{err}");
        out.lines().map(str::to_string).collect()
    };
    let whole = lines(&[]);
    assert_eq!(whole.len(), 40);
    let mut halves: Vec<String> = Vec::new();
    for s in ["1/2", "2/2"] {
        let half = lines(&["--shard", s]);
        assert!((12..=28).contains(&half.len()), "shard {s}: {}", half.len());
        halves.extend(half);
    }
    let mut quarters: Vec<String> = Vec::new();
    for i in ["0", "1", "2", "3"] {
        quarters.extend(lines(&["--shard-index", i, "--shard-count", "4"]));
    }
    let mut whole_sorted = whole.clone();
    whole_sorted.sort();
    for mut got in [halves, quarters] {
        got.sort();
        assert_eq!(got, whole_sorted);
    }
    let (_, err, code) = stdout_of(&["score", "--shard-index", "4", "--shard-count", "4", &name]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("the index goes from 0 to the count less one"),
        "{err}"
    );
    let (_, err, code) = stdout_of(&["score", "--shard-index", "1", &name]);
    assert_eq!(code, 2, "needs --shard-count: {err}");
}

/// A folder is every .sgf below it in a stable order; --files-from takes
/// a list (standard input too).
#[test]
fn score_takes_folders_and_lists() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(sample("9x9-finished.sgf")).unwrap();
    for f in ["b/2.sgf", "a.sgf", "b/1.sgf", "b/readme.txt"] {
        let p = dir.path().join(f);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, &text).unwrap();
    }
    let root = dir.path().to_string_lossy().into_owned();
    let files_of = |out: &str| -> Vec<String> {
        out.lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                let f = v["file"].as_str().unwrap().to_string();
                f.strip_prefix(&root).unwrap_or(&f).to_string()
            })
            .collect()
    };
    let (out, err, code) = stdout_of(&["score", "--json", "--dead", "none", &root]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(files_of(&out), ["/a.sgf", "/b/1.sgf", "/b/2.sgf"]);
    let list = format!("{root}/b/2.sgf\n\n{root}/a.sgf\n");
    let out = crate::common::kifu()
        .args(["score", "--json", "--dead", "none", "--files-from", "-"])
        .write_stdin(list)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        files_of(&String::from_utf8_lossy(&out.stdout)),
        ["/b/2.sgf", "/a.sgf"]
    );
    let (_, err, code) = stdout_of(&["score", "--files-from", "/no/such/list"]);
    assert_ne!(code, 0);
    assert!(
        err.contains("--files-from /no/such/list: cannot open it"),
        "{err}"
    );
}

/// The README's scale-out recipes run for real (scripts/shard-recipes:
/// xargs, an array job's tasks, GNU parallel over a loopback SSH when
/// they are here) over a folder of real games: each gives exactly the
/// lines of one machine. Skips without ../shared/data.
#[test]
#[ignore]
fn the_scale_out_recipes_give_one_machines_lines() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let data = root.join("../shared/data/kgs-2017q1-markup");
    if !data.is_dir() {
        crate::common::skipped("no ../shared/data");
        return;
    }
    let out = std::process::Command::new(root.join("scripts/shard-recipes"))
        .arg(assert_cmd::cargo::cargo_bin("kifu"))
        .arg(&data)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    eprintln!("{said}{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{said}");
    assert!(said.contains("xargs -P 2: the same"), "{said}");
    assert!(said.contains("array job, 4 tasks: the same"), "{said}");
}

/// `--quiet` drops progress and notes, never a failed file's name and
/// reason: one line each on standard error, and the tally.
#[test]
fn quiet_still_names_the_files_it_could_not_count() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.sgf");
    std::fs::write(&good, "(;GM[1]SZ[9]KM[7.5];B[ee];W[cc];B[];W[])").unwrap();
    let broken = dir.path().join("broken.sgf");
    std::fs::write(&broken, "(;GM[1]SZ[99];B[ee])").unwrap();
    let missing = dir.path().join("missing.sgf");
    let out = common::kifu()
        .args(["score", "--quiet"])
        .arg(&missing)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(said.lines().count(), 1, "{said}");
    assert!(
        said.contains("missing.sgf") && said.to_lowercase().contains("no such file"),
        "{said}"
    );
    for json in [false, true] {
        let mut c = common::kifu();
        c.args(["score", "--quiet"]);
        if json {
            c.arg("--json");
        }
        let out = c.arg(&good).arg(&missing).arg(&broken).output().unwrap();
        let said = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{said}");
        let lines: Vec<&str> = said.lines().collect();
        assert_eq!(lines.len(), 3, "{said}");
        assert!(lines[0].contains("missing.sgf"), "{said}");
        assert!(
            lines[1].contains("broken.sgf") && lines[1].contains("99"),
            "{said}"
        );
        assert!(
            lines[2].contains("2 of 3 files could not be counted"),
            "{said}"
        );
    }
}

/// A game kifu creates says so (`AP[kifu:VERSION]`) and when (`DT`, as
/// the SGF specification writes dates); a file's own DT and AP are kept.
#[test]
fn a_new_game_has_its_program_and_date() {
    let dir = tempfile::tempdir().unwrap();
    let new = dir.path().join("new.sgf");
    common::kifu()
        .arg("--plain")
        .arg(&new)
        .write_stdin("D4\n:w\nquit\n")
        .assert()
        .success();
    let text = std::fs::read_to_string(&new).unwrap();
    let ap = format!("AP[kifu:{}]", env!("CARGO_PKG_VERSION"));
    assert!(text.contains(&ap), "{text}");
    let dt = text
        .split("DT[")
        .nth(1)
        .and_then(|r| r.get(..10))
        .unwrap_or("");
    let digits = |r: std::ops::Range<usize>| dt[r].bytes().all(|b| b.is_ascii_digit());
    assert!(
        dt.len() == 10
            && digits(0..4)
            && &dt[4..5] == "-"
            && digits(5..7)
            && &dt[7..8] == "-"
            && digits(8..10),
        "{text}"
    );
    let old = dir.path().join("old.sgf");
    std::fs::write(
        &old,
        "(;GM[1]FF[4]SZ[9]AP[Sabaki:0.52]DT[1999-12-31];B[ee])",
    )
    .unwrap();
    common::kifu()
        .arg("--plain")
        .arg(&old)
        .write_stdin("D4\n:w\nquit\n")
        .assert()
        .success();
    let text = std::fs::read_to_string(&old).unwrap();
    assert!(
        text.contains("DT[1999-12-31]") && text.contains("AP[Sabaki:0.52]"),
        "{text}"
    );
    assert!(!text.contains("AP[kifu"), "{text}");
}

/// Every read is bounded (issue "Nothing lost, round three", N6-N8): under
/// a 1 GB limit on memory, each command over /dev/zero, /dev/urandom, a
/// FIFO nobody writes to and a 10 GB sparse file ends at once with a clear
/// message, and a FIFO or a link to a device in a scored folder does not
/// stop the other files.
#[test]
#[cfg(target_os = "linux")]
fn every_read_is_bounded() {
    let bash = std::process::Command::new("bash").arg("--version").output();
    let mkfifo = std::process::Command::new("mkfifo")
        .arg("--version")
        .output();
    if !bash.is_ok_and(|o| o.status.success()) || !mkfifo.is_ok_and(|o| o.status.success()) {
        crate::common::skipped("no bash or mkfifo");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let fifo = d.join("fifo.sgf");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let sparse = d.join("sparse.sgf");
    std::fs::File::create(&sparse)
        .unwrap()
        .set_len(10 << 30)
        .unwrap();
    let kifu = env!("CARGO_BIN_EXE_kifu");
    let run = |args: &str, stdin: &str| {
        let script = format!("ulimit -v 1048576; exec timeout 60 {kifu} {args} < {stdin}");
        std::process::Command::new("bash")
            .args(["-c", &script])
            .env("LC_MESSAGES", "C")
            .output()
            .unwrap()
    };
    let sources = [
        "/dev/zero".to_string(),
        "/dev/urandom".to_string(),
        fifo.display().to_string(),
        sparse.display().to_string(),
    ];
    for src in &sources {
        for cmd in [
            format!("show {src}"),
            format!("score {src}"),
            format!("convert {src} -o {}/out.sgf", d.display()),
            format!("--plain {src}"),
        ] {
            let out = run(&cmd, "/dev/null");
            let said = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{cmd}: {said}");
            assert!(
                said.contains(src.as_str()) && said.lines().count() <= 3,
                "{cmd}: {said}"
            );
            assert!(!said.contains("memory allocation"), "{cmd}: {said}");
        }
        let out = run("gtp", "/dev/null");
        assert!(out.status.success());
        let gtp = std::process::Command::new("bash")
            .args([
                "-c",
                &format!(
                    "ulimit -v 1048576; printf 'loadsgf {src}\\nname\\n' | timeout 60 {kifu} gtp"
                ),
            ])
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&gtp.stdout);
        assert!(
            said.starts_with("? cannot load file") && said.contains("= kifu"),
            "{said}"
        );
    }
    // Standard input as a stream, GTP's own lines, a list of files.
    for (cmd, stdin) in [
        ("show -", "/dev/zero"),
        ("score -", "/dev/urandom"),
        ("gtp", "/dev/zero"),
        ("score --files-from /dev/zero", "/dev/null"),
        ("score --files-from -", "/dev/zero"),
        ("score --files-from /dev/urandom", "/dev/null"),
        ("score --files-from -", "/dev/urandom"),
        ("--plain", "/dev/zero"),
    ] {
        let out = run(cmd, stdin);
        let said = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{cmd} < {stdin}: {said}");
        assert!(
            !said.is_empty() && !said.contains("memory allocation"),
            "{cmd}: {said}"
        );
    }
    // A list from a FIFO nobody writes to: no wait, nothing to count.
    let out = run(
        &format!("score --files-from {}", fifo.display()),
        "/dev/null",
    );
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains("nothing to count"), "{said}");
    // A follower fed /dev/zero keeps following (here, waiting for a
    // share) within its memory, until stopped.
    let follow = std::process::Command::new("bash")
        .args([
            "-c",
            &format!(
                "ulimit -v 1048576; exec timeout 5 {kifu} follow --plain 127.0.0.1:1 < /dev/zero"
            ),
        ])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&follow.stderr);
    assert_eq!(
        follow.status.code(),
        Some(124),
        "stopped by timeout only: {said}"
    );
    assert!(!said.contains("memory allocation"), "{said}");
    let gtp = std::process::Command::new("bash")
        .args(["-c", &format!("printf 'loadsgf -\\nname\\n' | {kifu} gtp")])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&gtp.stdout);
    assert!(
        said.contains("standard input is GTP's own") && said.contains("= kifu"),
        "{said}"
    );
    // A folder with a FIFO and a link to /dev/zero among its games: the
    // games are counted, the two said, nothing waits.
    let folder = d.join("games");
    std::fs::create_dir(&folder).unwrap();
    let game = "(;GM[1]SZ[9]KM[7.5]RU[Chinese];B[ee];W[cc];B[];W[])";
    std::fs::write(folder.join("a.sgf"), game).unwrap();
    assert!(
        std::process::Command::new("mkfifo")
            .arg(folder.join("b.sgf"))
            .status()
            .unwrap()
            .success()
    );
    std::os::unix::fs::symlink("/dev/zero", folder.join("c.sgf")).unwrap();
    std::fs::write(folder.join("d.sgf"), game).unwrap();
    let out = run(&format!("score --json {}", folder.display()), "/dev/null");
    let counted = String::from_utf8_lossy(&out.stdout);
    assert_eq!(counted.matches("\"result\"").count(), 2, "{counted}");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("b.sgf") && said.contains("c.sgf"), "{said}");
}

/// `convert` never writes a control character (DEL and the C1 controls
/// included, which some terminals obey), as docs/commands.md says.
#[test]
fn convert_writes_no_control_characters() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("c1.sgf");
    std::fs::write(
        &input,
        "(;GM[1]SZ[9]C[a\u{7f}b\u{9b}c\u{85}d\u{1b}e]PB[x\u{90}y];B[ee])",
    )
    .unwrap();
    let output = dir.path().join("out.sgf");
    common::kifu()
        .arg("convert")
        .arg(&input)
        .arg("-o")
        .arg(&output)
        .assert()
        .success();
    let text = std::fs::read_to_string(&output).unwrap();
    assert!(
        !text
            .chars()
            .any(|c| c.is_control() && !matches!(c, '\n' | '\t' | '\r')),
        "{text:?}"
    );
    assert!(
        text.contains("C[abcde]") && text.contains("PB[xy]"),
        "{text}"
    );
}

/// `kifu convert F -o F` keeps the text outside the game trees in its
/// place (headers before, notes between, a README after), says so, and a
/// second run gives the same bytes. A README with a game at its end is
/// refused as not a game record, as a README renamed .sgf is.
#[test]
fn convert_over_itself_keeps_the_text_outside_the_games() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("club.sgf");
    let readme = format!("\n# Notes\n\n{}", "Appended notes. ".repeat(1300));
    let text = format!(
        "From: the club\n\n(;GM[1]SZ[9];B[ee])\nbetween games\n(;GM[1]SZ[9];B[aa])\n{readme}"
    );
    std::fs::write(&file, &text).unwrap();
    convert(&file, &file)
        .success()
        .stderr(predicate::str::contains(
            "between games 1 and 2 (not SGF): kept",
        ))
        .stderr(predicate::str::contains(
            "after the last game (not SGF): kept",
        ));
    let once = std::fs::read_to_string(&file).unwrap();
    assert!(once.starts_with("From: the club\n\n(;"), "{once}");
    assert!(once.contains(")\nbetween games\n(;"), "{once}");
    assert!(once.ends_with(&readme));
    convert(&file, &file).success();
    assert_eq!(std::fs::read_to_string(&file).unwrap(), once);
    let readme_first = dir.path().join("readme.sgf");
    std::fs::write(&readme_first, format!("{readme}\n(;GM[1]SZ[9];B[aa])\n")).unwrap();
    for cmd in ["show", "score"] {
        kifu()
            .arg(cmd)
            .arg(&readme_first)
            .assert()
            .failure()
            .stderr(predicate::str::contains("mostly text that is not SGF"));
    }
}

/// `kifu --version` names the version, and the commit when built from a
/// git checkout (as here, and in CI's clone).
#[test]
fn version_names_the_release_and_the_commit() {
    let out = crate::common::kifu().arg("--version").output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(
        text.starts_with(&format!("kifu {}", env!("CARGO_PKG_VERSION"))),
        "{text}"
    );
    let git = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(".git");
    let in_checkout = std::process::Command::new("git")
        .args(["rev-parse", "--short=7", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()
        .filter(|o| o.status.success() && git.exists());
    if let Some(o) = in_checkout {
        let commit = String::from_utf8_lossy(&o.stdout).trim().to_string();
        // Built from this checkout, maybe a commit or two before it.
        assert!(text.contains("(commit "), "{text} (HEAD {commit})");
    }
}

/// A negative komi is a difference in the area line ("40.5 - 2.75"),
/// never "40.5 + -2.75", in the summary and on the count panel.
#[test]
fn a_negative_komi_reads_as_a_difference() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("neg.sgf");
    std::fs::write(
        &file,
        "(;GM[1]SZ[9]KM[-5.5]RU[Chinese];B[ee];W[cc];B[];W[])",
    )
    .unwrap();
    let out = kifu().arg("score").arg(&file).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("40.5 - 2.75"), "{text}");
    assert!(!text.contains("+ -"), "{text}");
    let rec = kifu::sgf::read_text(&std::fs::read_to_string(&file).unwrap())
        .game(1)
        .unwrap()
        .record
        .clone();
    let mut rec = rec;
    rec.to_end();
    let mut a = kifu::app::App::new(rec, None);
    a.update(kifu::app::Action::Count);
    let screen = common::screen(&a, common::ascii(), 80, 24);
    assert!(!screen.contains("+ -"), "{screen}");
}
