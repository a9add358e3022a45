//! The user's settings: the configuration file and the themes, read
//! through `storage`, with every problem noted for the caller to say. The
//! command line and the TUI both use them (so neither imports the other).

use crate::config::Config;
use crate::i18n::Lang;
use crate::storage;
use crate::ui::theme::Theme;

/// The configuration file, or the defaults with the problem noted.
pub fn load_config(problems: &mut Vec<String>) -> Config {
    let Some(path) = storage::config_dir().map(|d| d.join("config.toml")) else {
        return Config::default();
    };
    match storage::read_optional(&path) {
        Ok(None) => Config::default(),
        Ok(Some(text)) => Config::parse(&text).unwrap_or_else(|e| {
            problems.push(format!("{}: {e}; using the defaults", path.display()));
            Config::default()
        }),
        Err(e) => {
            problems.push(format!("{e:#}; using the defaults"));
            Config::default()
        }
    }
}

/// A theme by name: a user theme in the config directory's `themes/`
/// first, then the built-in ones; problems are noted and the default used.
pub fn resolve_theme(name: Option<&str>, problems: &mut Vec<String>) -> Theme {
    let fallback = || Theme::builtin("default").unwrap_or_else(Theme::plain);
    let Some(name) = name else {
        return fallback();
    };
    let user = storage::config_dir().map(|d| d.join("themes").join(format!("{name}.toml")));
    if let Some(path) = user {
        match storage::read_optional(&path) {
            Ok(Some(text)) => {
                return Theme::parse(&text).unwrap_or_else(|e| {
                    problems.push(format!("{}: {e}; using the default theme", path.display()));
                    fallback()
                });
            }
            Ok(None) => {}
            // A theme file that cannot be read is said, not taken for a
            // missing one.
            Err(e) => {
                problems.push(format!("{e:#}; using the default theme"));
                return fallback();
            }
        }
    }
    Theme::builtin(name).unwrap_or_else(|| {
        problems.push(format!(
            "theme {name}: no such theme ({}); using the default",
            Theme::names().join(", ")
        ));
        fallback()
    })
}

/// The language of what kifu shows: `--lang`, else the configuration's
/// `language` (an unknown one noted), else the locale (LC_ALL,
/// LC_MESSAGES, LANG; C or an unknown language is English, silently).
/// Without a UTF-8 locale kifu speaks English: its other languages need
/// characters such a terminal would show as junk (said when asked for).
pub fn language(flag: Option<Lang>, config: &Config, problems: &mut Vec<String>) -> Lang {
    let env = |k: &str| std::env::var(k).ok();
    let utf8 = crate::text::utf8_locale(env);
    let asked = flag.or_else(|| {
        let code = config.language.as_deref()?;
        let lang = Lang::parse(code);
        if lang.is_none() {
            problems.push(format!(
                "language = {code:?} in the configuration: kifu speaks {}; using the locale's",
                Lang::codes()
            ));
        }
        lang
    });
    match asked {
        Some(l) if l != Lang::En && !utf8 => {
            problems.push(format!(
                "{} needs a UTF-8 locale (LANG=C.UTF-8 or the like); English instead",
                l.native_name()
            ));
            Lang::En
        }
        Some(l) => l,
        None if utf8 => Lang::from_locale(env),
        None => Lang::En,
    }
}
