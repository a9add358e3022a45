//! The configuration file (TOML), pure: parsing with line numbers in the
//! errors, and the effective configuration as text. Reading the file is in
//! `storage`.

use serde::Deserialize;

use crate::i18n::Lang;

/// What is wrong with a configuration file, said in the user's language
/// (`words`); Display is English. The TOML parser's own words and a key
/// table's problem are kept as they came (the file's key names in them).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.words(Lang::En))]
pub enum ConfigError {
    /// The line (when known) and the TOML parser's message.
    Toml(Option<usize>, String),
    Size(usize),
    Rules(String),
    Coordinates(String),
    Keys(String),
}

impl ConfigError {
    pub fn words(&self, lang: Lang) -> String {
        match self {
            ConfigError::Toml(Some(l), why) => crate::tr!(lang, "cfg.line", line = l, why = why),
            ConfigError::Toml(None, why) | ConfigError::Keys(why) => why.clone(),
            ConfigError::Size(s) => crate::tr!(lang, "cfg.size", size = s),
            ConfigError::Rules(r) => crate::tr!(
                lang,
                "cfg.rules",
                rules = r,
                names = crate::game::rules::RULE_NAMES
            ),
            ConfigError::Coordinates(c) => crate::tr!(lang, "cfg.coordinates", value = c),
        }
    }
}

/// What the configuration file may set. Unknown keys are errors, so a typo
/// is reported instead of silently ignored.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Rules for new games (`chinese`, `japanese`, ...).
    pub rules: Option<String>,
    /// Komi for new games (default: the rules' komi).
    pub komi: Option<f64>,
    /// Board size for new games.
    pub size: Option<usize>,
    /// The theme (`default`, `light`, `projector`, `ascii`, `mono`, or a
    /// user theme).
    pub theme: Option<String>,
    /// How points are written: `gtp` (Q16, the default) or `sgf` (pd).
    pub coordinates: Option<String>,
    /// Clicks on the board (default true); false leaves the mouse to the
    /// terminal, to select text.
    pub mouse: Option<bool>,
    /// The language of what kifu shows (`en`, `zh-CN`, `zh-TW`, `ja`, `ko`,
    /// `de`; default: the locale's).
    pub language: Option<String>,
    /// The user's keys: action name = key (`pass = "ctrl-p"`), and count
    /// mode's in the `[keys.count]` table.
    pub keys: Option<std::collections::BTreeMap<String, KeyEntry>>,
    /// KataGo, for `--dead katago` and count mode's proposal.
    pub engine: Option<EngineSection>,
}

/// `[engine]`: where KataGo is.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineSection {
    /// The `katago` program.
    pub katago: Option<std::path::PathBuf>,
    /// Its network file.
    pub model: Option<std::path::PathBuf>,
    /// An analysis config (default: kifu writes one).
    pub config: Option<std::path::PathBuf>,
    /// Seconds one position may take (default 30).
    pub timeout: Option<f64>,
    /// Search visits per position (default 1: the network alone).
    pub visits: Option<u32>,
    /// Count mode proposes KataGo's dead stones (default: true when
    /// KataGo and the network are given).
    pub count_mode: Option<bool>,
}

/// An entry of `[keys]`: a key for a recording action, or the table of a
/// mode (`[keys.count]`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum KeyEntry {
    Key(String),
    Mode(std::collections::BTreeMap<String, String>),
}

impl Config {
    /// Reads a configuration. The error says the line and the problem.
    pub fn parse(text: &str) -> Result<Config, ConfigError> {
        let config: Config = toml::from_str(text).map_err(|e| {
            let line = e
                .span()
                .map(|s| text[..s.start.min(text.len())].matches('\n').count() + 1);
            ConfigError::Toml(line, e.message().trim().to_string())
        })?;
        if let Some(s) = config.size
            && !(2..=25).contains(&s)
        {
            return Err(ConfigError::Size(s));
        }
        if let Some(r) = &config.rules
            && !crate::game::rules::parse_rules(r).recognized
        {
            return Err(ConfigError::Rules(r.clone()));
        }
        if let Some(c) = &config.coordinates
            && c != "gtp"
            && c != "sgf"
        {
            return Err(ConfigError::Coordinates(c.clone()));
        }
        config.try_keymap().map_err(ConfigError::Keys)?;
        Ok(config)
    }

    fn try_keymap(&self) -> Result<crate::app::action::Keymap, String> {
        use crate::app::action::{Keymap, Scope};
        let mut km = Keymap::default();
        let Some(keys) = &self.keys else {
            return Ok(km);
        };
        let record: Vec<(&String, &String)> = keys
            .iter()
            .filter_map(|(n, e)| match e {
                KeyEntry::Key(k) => Some((n, k)),
                KeyEntry::Mode(_) => None,
            })
            .collect();
        km.add(Scope::Record, record)?;
        for (name, e) in keys {
            match (name.as_str(), e) {
                ("count", KeyEntry::Mode(t)) => km.add(Scope::Count, t)?,
                ("confirm", KeyEntry::Mode(t)) => km.add(Scope::Confirm, t)?,
                ("handicap", KeyEntry::Mode(t)) => km.add(Scope::Handicap, t)?,
                (_, KeyEntry::Mode(_)) => {
                    return Err(format!(
                        "keys.{name}: no such mode; the tables are [keys], [keys.count], [keys.confirm] and [keys.handicap]"
                    ));
                }
                _ => {}
            }
        }
        Ok(km)
    }

    /// The user's keymap (empty when none is set).
    pub fn keymap(&self) -> crate::app::action::Keymap {
        self.try_keymap().unwrap_or_default()
    }

    /// The effective configuration as TOML, defaults filled in.
    pub fn to_text(&self) -> String {
        let rules = self.rules.clone().unwrap_or_else(|| "chinese".into());
        let komi = self
            .komi
            .unwrap_or_else(|| crate::game::rules::parse_rules(&rules).rules.komi);
        let mut text = format!(
            "rules = {rules:?}\nkomi = {}\nsize = {}\ntheme = {:?}\ncoordinates = {:?}\nmouse = {}\n",
            crate::game::result::format_points(komi),
            self.size.unwrap_or(19),
            self.theme.clone().unwrap_or_else(|| "default".into()),
            self.coordinates.clone().unwrap_or_else(|| "gtp".into()),
            self.mouse.unwrap_or(true),
        );
        if let Some(l) = &self.language {
            text.push_str(&format!("language = {l:?}\n"));
        }
        if let Some(keys) = &self.keys {
            text.push_str("\n[keys]\n");
            for (k, v) in keys {
                if let KeyEntry::Key(v) = v {
                    text.push_str(&format!("{k} = {v:?}\n"));
                }
            }
            for (k, v) in keys {
                if let KeyEntry::Mode(t) = v {
                    text.push_str(&format!("\n[keys.{k}]\n"));
                    for (n, key) in t {
                        text.push_str(&format!("{n} = {key:?}\n"));
                    }
                }
            }
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_overrides() {
        let c = Config::parse("").unwrap_or_default();
        assert_eq!(c, Config::default());
        assert_eq!(
            c.to_text(),
            "rules = \"chinese\"\nkomi = 7.5\nsize = 19\ntheme = \"default\"\ncoordinates = \"gtp\"\nmouse = true\n"
        );
        let c = Config::parse("rules = \"japanese\"\nsize = 13\ntheme = \"light\"\n")
            .unwrap_or_default();
        assert_eq!(
            c.to_text(),
            "rules = \"japanese\"\nkomi = 6.5\nsize = 13\ntheme = \"light\"\ncoordinates = \"gtp\"\nmouse = true\n"
        );
        let c = Config::parse("komi = 0.5").unwrap_or_default();
        assert_eq!(c.komi, Some(0.5));
    }

    #[test]
    fn errors_name_the_line() {
        let parse = |t: &str| Config::parse(t).map_err(|e| e.to_string());
        let e = parse("rules = \"chinese\"\nsise = 9\n").unwrap_err();
        assert!(e.starts_with("line 2:") && e.contains("sise"), "{e}");
        let e = parse("komi = \"lots\"\n").unwrap_err();
        assert!(e.starts_with("line 1:"), "{e}");
        let e = parse("size = 40\n").unwrap_err();
        assert!(e.contains("2 to 25"), "{e}");
        let e = parse("rules = \"chess\"\n").unwrap_err();
        assert!(e.contains("japanese"), "{e}");
        let e = parse("coordinates = \"xy\"\n").unwrap_err();
        assert!(e.contains("gtp"), "{e}");
        let e = parse("[keys]\npas = \"P\"\n").unwrap_err();
        assert!(e.starts_with("keys.pas: no such action"), "{e}");
        let e = parse("[keys]\npass = \"PP\"\n").unwrap_err();
        assert!(e.contains("not a key"), "{e}");
        let e = parse("[keys.count]\npass = \"x\"\n").unwrap_err();
        assert!(e.starts_with("keys.count.pass: no such action"), "{e}");
    }

    #[test]
    fn a_key_remap_reaches_the_keymap() {
        use crate::app::action::Scope;
        let text = "[keys]\npass = \"ctrl-p\"\n\n[keys.count]\nview = \"t\"\n";
        let c = Config::parse(text).unwrap_or_default();
        let km = c.keymap();
        assert_eq!(
            km.keys_for(Scope::Record, &crate::app::Action::Pass),
            ["ctrl-p"]
        );
        assert_eq!(
            km.keys_for(Scope::Count, &crate::app::Action::SwitchView),
            ["t"]
        );
        assert!(c.to_text().ends_with(text), "{}", c.to_text());
    }
}
