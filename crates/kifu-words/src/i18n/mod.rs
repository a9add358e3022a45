//! The words kifu shows a person, in six languages: one catalogue per
//! language, a table of key and sentence, with `{name}` placeholders
//! filled by `tr!`. Pure: the language is a value passed to whatever
//! writes words (no global locale), so tests render several languages at
//! once and the CLI's JSON stays English.
//!
//! The catalogues are gettext PO files (`po.rs`), which translators' tools
//! edit; the lookup is our own rather than fluent or rust-i18n: fluent
//! wraps every placeholder in Unicode isolation marks (FSI/PDI), which
//! terminals show as junk or count as width and which kifu's printable
//! filter escapes; rust-i18n keeps the locale in a process-wide global, so
//! two languages cannot be drawn side by side. What they would add (plural
//! rules) is a handful of `_one` keys here. `tests` checks that every
//! language has exactly the English keys and placeholders.

use std::collections::HashMap;
use std::fmt::Display;
use std::sync::OnceLock;

pub mod po;

/// The catalogues, compiled in: English (the template, `kifu.pot`) and
/// one PO file per language.
fn source(lang: Lang) -> &'static str {
    match lang {
        Lang::En => include_str!("../../po/kifu.pot"),
        Lang::ZhCn => include_str!("../../po/zh-CN.po"),
        Lang::ZhTw => include_str!("../../po/zh-TW.po"),
        Lang::Ja => include_str!("../../po/ja.po"),
        Lang::Ko => include_str!("../../po/ko.po"),
        Lang::De => include_str!("../../po/de.po"),
        Lang::Fr => include_str!("../../po/fr.po"),
    }
}

/// A language's catalogue as read: its sentences by key, and its help by
/// the English help text.
struct Catalogue {
    text: Vec<(String, String)>,
    help: Vec<(String, String)>,
}

/// The catalogue of `lang`, read at first use. A file that does not read
/// gives an empty catalogue (English shows instead); the tests make sure
/// every file reads.
fn catalogue(lang: Lang) -> &'static Catalogue {
    static CATS: [OnceLock<Catalogue>; LANGS] = [const { OnceLock::new() }; LANGS];
    CATS[lang.index()].get_or_init(|| {
        let (mut text, mut help) = (Vec::new(), Vec::new());
        for e in po::parse(source(lang)).unwrap_or_default() {
            if e.ctxt == "help" {
                if !e.text.is_empty() {
                    help.push((e.id, e.text));
                }
            } else if lang == Lang::En {
                text.push((e.ctxt, e.id));
            } else if !e.text.is_empty() {
                text.push((e.ctxt, e.text));
            }
        }
        Catalogue { text, help }
    })
}

/// Borrowed views of a catalogue's pairs, made once.
fn pairs(
    views: &'static [OnceLock<Vec<(&'static str, &'static str)>>; LANGS],
    lang: Lang,
    of: fn(&'static Catalogue) -> &'static [(String, String)],
) -> &'static [(&'static str, &'static str)] {
    views[lang.index()].get_or_init(|| {
        of(catalogue(lang))
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect()
    })
}

#[cfg(test)]
mod tests;

/// How many languages kifu speaks.
pub const LANGS: usize = 7;

/// A language kifu speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Lang {
    #[default]
    En,
    ZhCn,
    ZhTw,
    Ja,
    Ko,
    De,
    Fr,
}

impl Lang {
    pub const ALL: [Lang; LANGS] = [
        Lang::En,
        Lang::ZhCn,
        Lang::ZhTw,
        Lang::Ja,
        Lang::Ko,
        Lang::De,
        Lang::Fr,
    ];

    /// The code `--lang` and the configuration take, and HTML's `lang`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::ZhCn => "zh-CN",
            Lang::ZhTw => "zh-TW",
            Lang::Ja => "ja",
            Lang::Ko => "ko",
            Lang::De => "de",
            Lang::Fr => "fr",
        }
    }

    /// The language's own name, for messages and `--print-config`.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::ZhCn => "简体中文",
            Lang::ZhTw => "繁體中文",
            Lang::Ja => "日本語",
            Lang::Ko => "한국어",
            Lang::De => "Deutsch",
            Lang::Fr => "Français",
        }
    }

    /// A language from a code or a locale name: `de`, `zh-CN`, `zh_TW`,
    /// `ja_JP.UTF-8`, `de_DE@euro`, `zh-Hant`; Hong Kong and Macau read
    /// Traditional Chinese, plain `zh` Simplified. None for C, POSIX and
    /// languages kifu does not speak.
    pub fn parse(text: &str) -> Option<Lang> {
        let base = text.split(['.', '@']).next().unwrap_or("").trim();
        let lower = base.to_ascii_lowercase().replace('_', "-");
        let mut parts = lower.split('-');
        let lang = parts.next().unwrap_or("");
        let rest: Vec<&str> = parts.collect();
        match lang {
            "en" => Some(Lang::En),
            "de" => Some(Lang::De),
            "fr" => Some(Lang::Fr),
            "ja" => Some(Lang::Ja),
            "ko" => Some(Lang::Ko),
            "zh" if rest
                .iter()
                .any(|r| matches!(*r, "tw" | "hk" | "mo" | "hant")) =>
            {
                Some(Lang::ZhTw)
            }
            "zh" => Some(Lang::ZhCn),
            _ => None,
        }
    }

    /// The language of the locale, as POSIX says: LC_ALL, else
    /// LC_MESSAGES, else LANG; the first one set decides, and C or a
    /// language kifu does not speak is English (no error).
    pub fn from_locale(var: impl Fn(&str) -> Option<String>) -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|v| var(v))
            .find(|v| !v.is_empty())
            .and_then(|v| Lang::parse(&v))
            .unwrap_or_default()
    }

    /// The codes, for messages: "en, zh-CN, zh-TW, ja, ko, de, fr".
    pub fn codes() -> String {
        Lang::ALL.map(Lang::code).join(", ")
    }

    /// The place of the language in `ALL`.
    fn index(self) -> usize {
        Lang::ALL.iter().position(|&l| l == self).unwrap_or(0)
    }

    /// The language's sentences: (key, sentence).
    pub fn table(self) -> &'static [(&'static str, &'static str)] {
        static VIEWS: [OnceLock<Vec<(&str, &str)>>; LANGS] = [const { OnceLock::new() }; LANGS];
        pairs(&VIEWS, self, |c| &c.text)
    }

    fn map(self) -> &'static HashMap<&'static str, &'static str> {
        static MAPS: [OnceLock<HashMap<&str, &str>>; LANGS] = [const { OnceLock::new() }; LANGS];
        MAPS[self.index()].get_or_init(|| self.table().iter().copied().collect())
    }

    /// The sentence of `key` in this language; English where a language
    /// lacks it (the tests make sure none does), the key itself where
    /// English lacks it too.
    pub fn text(self, key: &'static str) -> &'static str {
        self.map()
            .get(key)
            .or_else(|| Lang::En.map().get(key))
            .copied()
            .unwrap_or(key)
    }
}

/// The help of a key or a command in a language. The key table and the
/// commands hold it in English (one place for keys, help and names);
/// the English text is its key in the other languages' `HELP`.
pub fn help(lang: Lang, english: &'static str) -> &'static str {
    static MAPS: [OnceLock<HashMap<&str, &str>>; LANGS] = [const { OnceLock::new() }; LANGS];
    MAPS[lang.index()]
        .get_or_init(|| help_table(lang).iter().copied().collect())
        .get(english)
        .copied()
        .unwrap_or(english)
}

/// A language's help table: each English help text and its translation
/// (English: none).
pub fn help_table(lang: Lang) -> &'static [(&'static str, &'static str)] {
    static VIEWS: [OnceLock<Vec<(&str, &str)>>; LANGS] = [const { OnceLock::new() }; LANGS];
    pairs(&VIEWS, lang, |c| &c.help)
}

/// A sentence with its `{name}` placeholders filled.
pub fn fill(template: &str, args: &[(&str, &dyn Display)]) -> String {
    fill_in(Lang::En, template, args)
}

/// A sentence of `lang` with its placeholders filled, numbers written as
/// that language writes them (docs/glossary.md, "Numbers"): a decimal
/// comma in German (7,5); a half point after 目 or 집 as Japanese,
/// Chinese and Korean texts write it (6目半, 半目; 6집 반, 반집). A value
/// that is not a plain number (an SGF result such as B+16.5, a path) is
/// left as it is, and so is an SGF value quoted in brackets (`KM[{v}]`).
pub fn fill_in(lang: Lang, template: &str, args: &[(&str, &dyn Display)]) -> String {
    if args.is_empty() {
        return template.to_string();
    }
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else {
            out.push_str(&rest[open..]);
            return out;
        };
        let name = &after[..close];
        rest = &after[close + 1..];
        match args.iter().find(|(n, _)| *n == name) {
            // An SGF value quoted in brackets (KM[{v}]) is the file's
            // own text: as written.
            Some((_, v)) if out.ends_with('[') && rest.starts_with(']') => {
                out.push_str(&v.to_string());
            }
            Some((_, v)) => {
                let (value, unit_taken) = number_in(lang, &v.to_string(), rest);
                out.push_str(&value);
                rest = &rest[unit_taken..];
            }
            None => {
                out.push('{');
                out.push_str(name);
                out.push('}');
            }
        }
    }
    out.push_str(rest);
    out
}

/// A placeholder's value as `lang` writes it, and how many bytes of the
/// text after it (a unit the half point goes after) it took.
fn number_in(lang: Lang, value: &str, after: &str) -> (String, usize) {
    let plain = {
        let digits = value.strip_prefix('-').unwrap_or(value);
        let mut parts = digits.splitn(2, '.');
        let whole = parts.next().unwrap_or("");
        let frac = parts.next();
        !whole.is_empty()
            && whole.bytes().all(|b| b.is_ascii_digit())
            && frac.is_some_and(|f| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()))
    };
    if !plain {
        return (value.to_string(), 0);
    }
    let half = value.strip_suffix(".5").filter(|w| !w.starts_with('-'));
    match (lang, half) {
        // The decimal comma (German and French Go texts: 6,5 points of komi).
        (Lang::De | Lang::Fr, _) => (value.replace('.', ","), 0),
        (Lang::Ja | Lang::ZhCn | Lang::ZhTw, Some(whole)) if after.starts_with('目') => {
            let unit = '目'.len_utf8();
            if whole == "0" {
                ("半目".to_string(), unit)
            } else {
                (format!("{whole}目半"), unit)
            }
        }
        (Lang::Ko, Some(whole)) if after.starts_with('집') => {
            let unit = '집'.len_utf8();
            if whole == "0" {
                ("반집".to_string(), unit)
            } else {
                (format!("{whole}집 반"), unit)
            }
        }
        _ => (value.to_string(), 0),
    }
}

/// A number as the language writes it outside a sentence (7,5 in German
/// and French).
pub fn number(lang: Lang, value: &str) -> String {
    number_in(lang, value, "").0
}

/// The placeholders of a sentence, in order of appearance.
pub fn placeholders(template: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else { break };
        out.push(&after[..close]);
        rest = &after[close + 1..];
    }
    out
}

/// `tr!(lang, "key")` or `tr!(lang, "key", name = value, ...)`: the
/// sentence of `key` in `lang` with its placeholders filled.
#[macro_export]
macro_rules! tr {
    ($lang:expr, $key:expr) => {
        $crate::i18n::Lang::text($lang, $key).to_string()
    };
    ($lang:expr, $key:expr, $($name:ident = $val:expr),+ $(,)?) => {
        $crate::i18n::fill_in(
            $lang,
            $crate::i18n::Lang::text($lang, $key),
            &[$((stringify!($name), &$val as &dyn ::std::fmt::Display)),+],
        )
    };
}

/// A step's number as the language writes it in "Step 2", "第二步":
/// Chinese numerals in Chinese, digits elsewhere.
pub fn step_number(lang: Lang, n: usize) -> String {
    const ZH: [&str; 10] = ["一", "二", "三", "四", "五", "六", "七", "八", "九", "十"];
    match lang {
        Lang::ZhCn | Lang::ZhTw if (1..=10).contains(&n) => ZH[n - 1].to_string(),
        _ => n.to_string(),
    }
}

/// A number of moves: "1 move", "12 moves", "12手".
pub fn moves(lang: Lang, n: usize) -> String {
    counted(lang, n, "moves.one", "moves")
}

/// A number with its noun, by the sentence of one (`one`) or of several
/// (`many`), each with an `{n}`: "1 period", "5 periods".
pub fn counted(lang: Lang, n: usize, one: &'static str, many: &'static str) -> String {
    tr!(lang, if n == 1 { one } else { many }, n = n)
}
