//! Flags name their reason: the same reason for the same group in
//! `kifu score`'s JSON, GTP's `kifu-uncertain`, the count panel and the
//! message at a typed point.

use std::process::Command;

use crate::common::{self, Drive};
use kifu::app::key::{KeyCode, KeyEvent, KeyModifiers};
use kifu::app::{Action, App};
use kifu::count::Doubt;

/// A 13x13 game the judge flags several groups of, for several reasons.
fn sample() -> String {
    format!(
        "{}/samples/13x13-variations.sgf",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// (GTP point, reason word) of each flag in `kifu score --json`.
fn json_flags() -> Vec<(String, String)> {
    let out = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["score", "--json", &sample()])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let errors: Vec<String> = common::score_schema()
        .iter_errors(&v)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:?}\n{v}");
    let list = |k: &str| -> Vec<String> {
        v[k].as_array()
            .unwrap_or_else(|| panic!("no {k}: {v}"))
            .iter()
            .map(|x| x.as_str().unwrap().to_string())
            .collect()
    };
    let (at, why) = (list("uncertain_gtp"), list("uncertain_why"));
    assert_eq!(at.len(), why.len(), "{v}");
    at.into_iter().zip(why).collect()
}

#[test]
fn score_names_a_reason_for_every_flag() {
    let flags = json_flags();
    assert!(!flags.is_empty());
    for (at, why) in &flags {
        assert!(Doubt::from_word(why).is_some(), "{at}: {why}");
    }
    // The reasons differ from group to group: they are not one label.
    let mut kinds: Vec<&str> = flags.iter().map(|(_, w)| w.as_str()).collect();
    kinds.sort();
    kinds.dedup();
    assert!(kinds.len() >= 2, "{flags:?}");
}

#[test]
fn gtp_says_the_same_reasons_as_score() {
    let input = format!("loadsgf {}\nkifu-uncertain\nquit\n", sample());
    let text = crate::common::gtp_transcript(env!("CARGO_MANIFEST_DIR"), &input, &[]);
    let answer = text
        .split("\n\n")
        .nth(1)
        .unwrap_or("")
        .trim_start_matches("= ");
    // One chain a line, its reason first.
    let mut said: Vec<(String, String)> = Vec::new();
    for line in answer.lines() {
        let mut words = line.split_whitespace();
        let why = words.next().unwrap_or("").to_string();
        assert!(Doubt::from_word(&why).is_some(), "{line:?} in {text}");
        let stones: Vec<String> = words.map(String::from).collect();
        assert!(!stones.is_empty(), "{line:?}");
        said.push((why, stones.join(" ")));
    }
    let flags = json_flags();
    assert_eq!(said.len(), flags.len(), "{text}");
    for (at, why) in &flags {
        assert!(
            said.iter()
                .any(|(w, stones)| w == why && stones.split(' ').any(|s| s == at)),
            "{at} {why} not in {text}"
        );
    }
}

#[test]
fn the_count_panel_and_a_typed_point_name_the_reason() {
    let text = std::fs::read_to_string(sample()).unwrap();
    let file = kifu::sgf::read_text(&text);
    let mut rec = file.game(1).unwrap().record.clone();
    rec.to_end();
    let mut a = App::new(rec, None);
    a.update(Action::Count);
    let flags = json_flags();
    let screen = common::screen(&a, common::ascii(), 160, 50);
    let (at, why) = &flags[0];
    let words = kifu::i18n::doubt_name(kifu::i18n::Lang::En, Doubt::from_word(why).unwrap());
    assert!(
        screen.contains(&format!("({words})")),
        "no reason {words:?} on the panel:\n{screen}"
    );
    // A typed point on a flagged group says why kifu is unsure of it.
    for c in at
        .to_lowercase()
        .chars()
        .map(KeyCode::Char)
        .chain([KeyCode::Enter])
    {
        a.key(KeyEvent::new(c, KeyModifiers::NONE));
    }
    let said = a.message().clone().unwrap_or_default();
    assert!(
        said.contains(&format!("kifu is unsure of this group: {words}")),
        "{at}: {said}"
    );
}
