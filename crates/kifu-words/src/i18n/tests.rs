//! The catalogues agree with English: the same keys, the same
//! placeholders, no key used in the code that English lacks.

use super::*;
use crate::tr;

fn keys(lang: Lang) -> Vec<&'static str> {
    lang.table().iter().map(|(k, _)| *k).collect()
}

#[test]
fn every_language_has_exactly_the_english_keys() {
    let en = keys(Lang::En);
    let mut seen = std::collections::HashSet::new();
    for k in &en {
        assert!(seen.insert(*k), "en: {k} twice");
    }
    for lang in Lang::ALL {
        let mine = keys(lang);
        let missing: Vec<_> = en.iter().filter(|k| !mine.contains(k)).collect();
        let extra: Vec<_> = mine.iter().filter(|k| !en.contains(k)).collect();
        assert!(missing.is_empty(), "{}: missing {missing:?}", lang.code());
        assert!(
            extra.is_empty(),
            "{}: not in English {extra:?}",
            lang.code()
        );
        assert_eq!(mine.len(), en.len(), "{}: a key twice", lang.code());
    }
}

#[test]
fn every_sentence_has_the_english_placeholders() {
    for lang in Lang::ALL {
        for (k, text) in lang.table() {
            let mut want = placeholders(Lang::En.text(k));
            let mut have = placeholders(text);
            want.sort_unstable();
            want.dedup();
            have.sort_unstable();
            have.dedup();
            assert_eq!(have, want, "{} {k}: {text}", lang.code());
        }
    }
}

/// Every `tr!(…, "key"` and `lang.text("key")` in the source names a key
/// English has (a typo would show the key itself on screen).
#[test]
fn every_key_the_code_uses_is_in_english() {
    // The words are used by the whole workspace: the Go library and the
    // application.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = vec![root.join("src"), root.join("crates/kifu-go/src")];
    let mut unknown = Vec::new();
    while let Some(p) = files.pop() {
        if p.is_dir() {
            for e in std::fs::read_dir(&p).into_iter().flatten().flatten() {
                files.push(e.path());
            }
            continue;
        }
        if p.extension().is_none_or(|e| e != "rs") || p.starts_with(p.with_file_name("i18n")) {
            continue;
        }
        let text = std::fs::read_to_string(&p).unwrap_or_default();
        for piece in unknown_keys(&text) {
            unknown.push(format!("{}: {piece}", p.display()));
        }
    }
    assert!(unknown.is_empty(), "keys English lacks: {unknown:?}");
}

/// Quoted words in `text` that look like keys ("cm.enter": a dot, lower
/// case, and a first word that some English key has) and are none. The
/// first words come from the catalogue itself: a hand-typed list missed
/// `ask.`, `cf.` and `ill.`, so `"ask.ofer"` passed.
fn unknown_keys(text: &str) -> Vec<&str> {
    let english = Lang::En.map();
    let firsts: std::collections::HashSet<&str> =
        english.keys().filter_map(|k| k.split('.').next()).collect();
    text.split('"')
        .skip(1)
        .step_by(2)
        .filter(|piece| {
            piece.contains('.')
                && !piece.contains(' ')
                && piece
                    .split('.')
                    .all(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
                && piece.split('.').next().is_some_and(|f| firsts.contains(f))
                && ![".html", ".txt", ".svg", ".sock"]
                    .iter()
                    .any(|e| piece.ends_with(e))
                && english.get(piece).is_none()
        })
        .collect()
}

#[test]
fn a_misspelt_key_of_any_family_is_caught() {
    let code = r#"tr!(lang, "ask.ofer"); tr!(lang, "cf.oops"); tr!(lang, "ill.nope"); tr!(lang, "ask.offer"); "file.txt""#;
    assert_eq!(unknown_keys(code), ["ask.ofer", "cf.oops", "ill.nope"]);
}

#[test]
fn locales_choose_the_language() {
    let env = |pairs: &'static [(&str, &str)]| {
        move |k: &str| {
            pairs
                .iter()
                .find(|(n, _)| *n == k)
                .map(|(_, v)| v.to_string())
        }
    };
    assert_eq!(Lang::from_locale(env(&[("LANG", "de_DE.UTF-8")])), Lang::De);
    assert_eq!(
        Lang::from_locale(env(&[("LANG", "zh_TW.UTF-8")])),
        Lang::ZhTw
    );
    assert_eq!(
        Lang::from_locale(env(&[("LANG", "zh_HK.Big5")])),
        Lang::ZhTw
    );
    assert_eq!(
        Lang::from_locale(env(&[("LANG", "zh_CN.GB18030")])),
        Lang::ZhCn
    );
    assert_eq!(Lang::from_locale(env(&[("LANG", "ja_JP.eucJP")])), Lang::Ja);
    assert_eq!(Lang::from_locale(env(&[("LANG", "ko_KR.UTF-8")])), Lang::Ko);
    // LC_ALL before LC_MESSAGES before LANG.
    let all = env(&[
        ("LC_ALL", "ja_JP.UTF-8"),
        ("LC_MESSAGES", "de_DE"),
        ("LANG", "ko_KR"),
    ]);
    assert_eq!(Lang::from_locale(all), Lang::Ja);
    let messages = env(&[("LC_MESSAGES", "de_DE"), ("LANG", "ko_KR")]);
    assert_eq!(Lang::from_locale(messages), Lang::De);
    // C, POSIX, an empty value, a language kifu does not speak: English.
    assert_eq!(Lang::from_locale(env(&[("LANG", "C")])), Lang::En);
    assert_eq!(
        Lang::from_locale(env(&[("LC_ALL", "POSIX"), ("LANG", "de_DE")])),
        Lang::En
    );
    assert_eq!(
        Lang::from_locale(env(&[("LC_ALL", ""), ("LANG", "de_DE")])),
        Lang::De
    );
    assert_eq!(Lang::from_locale(env(&[("LANG", "it_IT.UTF-8")])), Lang::En);
    assert_eq!(Lang::from_locale(env(&[("LANG", "fr_FR.UTF-8")])), Lang::Fr);
    assert_eq!(Lang::from_locale(env(&[("LANG", "fr_CA.UTF-8")])), Lang::Fr);
    assert_eq!(Lang::from_locale(env(&[])), Lang::En);
    for lang in Lang::ALL {
        assert_eq!(Lang::parse(lang.code()), Some(lang));
    }
    assert_eq!(Lang::parse("zh-Hant"), Some(Lang::ZhTw));
    assert_eq!(Lang::parse("de_DE@euro"), Some(Lang::De));
}

#[test]
fn placeholders_are_filled_by_name() {
    assert_eq!(
        fill("{a} + {b} = {c}", &[("a", &1), ("b", &2), ("c", &"3")]),
        "1 + 2 = 3"
    );
    // One not given stays as it is; a lone brace is kept.
    assert_eq!(fill("{a} {x} {", &[("a", &"y")]), "y {x} {");
    assert_eq!(tr!(Lang::De, "color.black"), "Schwarz");
}

/// Numbers as each language writes them: the decimal comma in German, the
/// half point after 目 (Nihon Ki-in: "コミ6目半", "半目勝ち") and 집 ("6집 반",
/// "반집"); an SGF result is left as it is.
#[test]
fn half_points_and_decimal_commas_as_each_language_writes_them() {
    let t = |lang, tpl: &str, v: &str| fill_in(lang, tpl, &[("p", &v)]);
    assert_eq!(t(Lang::Ja, "黒の{p}目勝ち", "15.5"), "黒の15目半勝ち");
    assert_eq!(t(Lang::Ja, "黒の{p}目勝ち", "0.5"), "黒の半目勝ち");
    assert_eq!(t(Lang::Ja, "黒の{p}目勝ち", "15"), "黒の15目勝ち");
    assert_eq!(t(Lang::ZhCn, "黑方胜{p}目", "6.5"), "黑方胜6目半");
    assert_eq!(t(Lang::ZhTw, "黑方勝{p}目", "0.5"), "黑方勝半目");
    assert_eq!(t(Lang::Ko, "흑 {p}집 승", "6.5"), "흑 6집 반 승");
    assert_eq!(t(Lang::Ko, "흑 {p}집 승", "0.5"), "흑 반집 승");
    assert_eq!(t(Lang::De, "Komi {p}", "7.5"), "Komi 7,5");
    assert_eq!(t(Lang::De, "Ergebnis {p}", "B+16.5"), "Ergebnis B+16.5");
    assert_eq!(t(Lang::En, "komi {p}", "7.5"), "komi 7.5");
    // Not a half point, or not before the unit: as it is.
    assert_eq!(t(Lang::Ja, "{p}目", "7.25"), "7.25目");
    assert_eq!(t(Lang::ZhCn, "贴目{p}即", "7.5"), "贴目7.5即");
    assert_eq!(t(Lang::De, "{missing}", "1.5"), "{missing}");
}

/// Every catalogue reads as a PO file, each sentence once.
#[test]
fn every_catalogue_reads() {
    for lang in Lang::ALL {
        let entries = po::parse(source(lang));
        assert!(entries.is_ok(), "{}: {:?}", lang.code(), entries.err());
        let keys = keys(lang);
        let mut unique = keys.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), keys.len(), "{}: a key twice", lang.code());
        assert!(
            keys.len() > 300,
            "{}: {} sentences",
            lang.code(),
            keys.len()
        );
    }
}

#[test]
fn an_sgf_value_in_brackets_stays_as_the_file_wrote_it() {
    let t = "KM[{v}] gelesen als {points} Punkte";
    assert_eq!(
        fill_in(Lang::De, t, &[("v", &"3.75"), ("points", &"7.5")]),
        "KM[3.75] gelesen als 7,5 Punkte"
    );
}
