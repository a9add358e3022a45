//! The user's settings: the configuration file and the themes, read
//! through `storage`, with every problem noted for the caller to say. The
//! command line and the TUI both use them (so neither imports the other).

use std::path::PathBuf;

use crate::config::Config;
use crate::i18n::Lang;
use crate::storage;
use crate::ui::theme::Theme;

/// A problem with the user's settings, said in their language once it is
/// known (the configuration may set it): `words`.
#[derive(Debug)]
pub enum Problem {
    /// The configuration file and what is wrong in it.
    Config(PathBuf, crate::config::ConfigError),
    ConfigUnreadable(anyhow::Error),
    /// A theme file and what is wrong in it.
    Theme(PathBuf, crate::config::ConfigError),
    ThemeUnreadable(anyhow::Error),
    NoTheme(String),
    Language(String),
    NeedsUtf8(Lang),
}

impl Problem {
    pub fn words(&self, lang: Lang) -> String {
        use crate::tr;
        let at = |p: &PathBuf| p.display().to_string();
        match self {
            Problem::Config(p, e) => tr!(
                lang,
                "settings.config_bad",
                path = at(p),
                why = e.words(lang)
            ),
            Problem::ConfigUnreadable(e) => {
                tr!(
                    lang,
                    "settings.config_unreadable",
                    why = storage::said(e, lang)
                )
            }
            Problem::Theme(p, e) => {
                tr!(
                    lang,
                    "settings.theme_bad",
                    path = at(p),
                    why = e.words(lang)
                )
            }
            Problem::ThemeUnreadable(e) => {
                tr!(
                    lang,
                    "settings.theme_unreadable",
                    why = storage::said(e, lang)
                )
            }
            Problem::NoTheme(name) => tr!(
                lang,
                "settings.no_theme",
                name = name,
                names = Theme::names().join(", ")
            ),
            Problem::Language(code) => {
                tr!(
                    lang,
                    "settings.language",
                    code = code,
                    codes = Lang::codes()
                )
            }
            Problem::NeedsUtf8(l) => tr!(lang, "settings.needs_utf8", lang = l.native_name()),
        }
    }
}

/// Problems said in `lang`.
pub fn said(problems: &[Problem], lang: Lang) -> Vec<String> {
    problems.iter().map(|p| p.words(lang)).collect()
}

/// The configuration file, or the defaults with the problem noted.
pub fn load_config(problems: &mut Vec<Problem>) -> Config {
    let Some(path) = storage::config_dir().map(|d| d.join("config.toml")) else {
        return Config::default();
    };
    match storage::read_optional(&path) {
        Ok(None) => Config::default(),
        Ok(Some(text)) => Config::parse(&text).unwrap_or_else(|e| {
            problems.push(Problem::Config(path.clone(), e));
            Config::default()
        }),
        Err(e) => {
            problems.push(Problem::ConfigUnreadable(e));
            Config::default()
        }
    }
}

/// A theme by name: a user theme in the config directory's `themes/`
/// first, then the built-in ones; problems are noted and the default used.
pub fn resolve_theme(name: Option<&str>, problems: &mut Vec<Problem>) -> Theme {
    let fallback = || Theme::builtin("default").unwrap_or_else(Theme::plain);
    let Some(name) = name else {
        return fallback();
    };
    let user = storage::config_dir().map(|d| d.join("themes").join(format!("{name}.toml")));
    if let Some(path) = user {
        match storage::read_optional(&path) {
            Ok(Some(text)) => {
                return Theme::parse(&text).unwrap_or_else(|e| {
                    problems.push(Problem::Theme(path.clone(), e));
                    fallback()
                });
            }
            Ok(None) => {}
            // A theme file that cannot be read is said, not taken for a
            // missing one.
            Err(e) => {
                problems.push(Problem::ThemeUnreadable(e));
                return fallback();
            }
        }
    }
    Theme::builtin(name).unwrap_or_else(|| {
        problems.push(Problem::NoTheme(name.to_string()));
        fallback()
    })
}

/// The language of what kifu shows: `--lang`, else the configuration's
/// `language` (an unknown one noted), else the locale (LC_ALL,
/// LC_MESSAGES, LANG; C or an unknown language is English, silently).
/// Without a UTF-8 locale kifu speaks English: its other languages need
/// characters such a terminal would show as junk (said when asked for).
pub fn language(flag: Option<Lang>, config: &Config, problems: &mut Vec<Problem>) -> Lang {
    let env = |k: &str| std::env::var(k).ok();
    let utf8 = crate::text::utf8_locale(env);
    let asked = flag.or_else(|| {
        let code = config.language.as_deref()?;
        let lang = Lang::parse(code);
        if lang.is_none() {
            problems.push(Problem::Language(code.to_string()));
        }
        lang
    });
    match asked {
        Some(l) if l != Lang::En && !utf8 => {
            problems.push(Problem::NeedsUtf8(l));
            Lang::En
        }
        Some(l) => l,
        None if utf8 => Lang::from_locale(env),
        None => Lang::En,
    }
}
