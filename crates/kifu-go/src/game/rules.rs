//! Rule sets as separate fields, with the presets players name. The facts
//! behind each preset are in docs/rules.md section 1.

use std::fmt;

/// How the result is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Scoring {
    /// Stones + territory (Chinese, AGA, Tromp-Taylor).
    Area,
    /// Territory + prisoners (Japanese, Korean).
    Territory,
}

/// Which repetitions are forbidden.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum KoRule {
    /// Only the immediate recapture of a single stone is forbidden.
    Simple,
    /// No move may recreate an earlier whole-board position (Chinese 2002 art. 6).
    PositionalSuperko,
}

/// How a dispute over life and death is settled once both players have
/// passed (docs/rules.md, section 11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Settling {
    /// Played out in the game: under area counting a move inside one's
    /// own area costs nothing, so the players settle it on the board.
    PlayOut,
    /// Confirmation by play on a copy of the board, the game's board left
    /// as it was; a ko taken may be taken back only after a pass (Japanese
    /// 1989, art. 7-2 and 9).
    Confirmation,
    /// Confirmation with no ko threat from elsewhere, and play resumed for
    /// real: after a second pair of passes, a neutral point that still
    /// changes the count may be played by the player who passed first
    /// (Korean rules).
    Resumption,
}

/// What White receives for Black's handicap stones under area counting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum HandicapBonus {
    /// Nothing.
    None,
    /// AGA: one point per handicap stone after the first.
    HMinusOne,
    /// Chinese: one point per handicap stone (Black returns H/2 stones).
    H,
}

impl HandicapBonus {
    /// Points White receives for `handicap` stones. One stone (Black just
    /// plays first) is not a handicap game (docs/rules.md section 4).
    pub fn points(self, handicap: u32) -> f64 {
        if handicap < 2 {
            return 0.0;
        }
        match self {
            HandicapBonus::None => 0.0,
            HandicapBonus::HMinusOne => f64::from(handicap - 1),
            HandicapBonus::H => f64::from(handicap),
        }
    }
}

/// The rule sets players name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Preset {
    /// Chinese 2002: area counting, superko, White gets a point per handicap
    /// stone.
    Chinese,
    /// Japanese 1989: territory with prisoners, confirmation by play.
    Japanese,
    /// Korean: territory with prisoners, play resumed after the passes.
    Korean,
    /// AGA: area counting with a pass stone; White gets H-1 points.
    Aga,
    /// New Zealand: area counting, suicide allowed.
    NewZealand,
    /// Ing (GOE): area counting, suicide allowed, komi 8.
    Ing,
    /// Tromp-Taylor: area counting, suicide allowed, the dame count for
    /// nobody.
    TrompTaylor,
}

impl Preset {
    /// Every preset.
    pub const ALL: [Preset; 7] = [
        Preset::Chinese,
        Preset::Japanese,
        Preset::Korean,
        Preset::Aga,
        Preset::NewZealand,
        Preset::Ing,
        Preset::TrompTaylor,
    ];

    /// The name used on the command line and written to SGF RU.
    pub fn name(self) -> &'static str {
        match self {
            Preset::Chinese => "Chinese",
            Preset::Japanese => "Japanese",
            Preset::Korean => "Korean",
            Preset::Aga => "AGA",
            Preset::NewZealand => "NZ",
            Preset::Ing => "GOE",
            Preset::TrompTaylor => "Tromp-Taylor",
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The rules of a game, field by field (a preset fills them).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Rules {
    /// The preset these fields came from, if any.
    pub preset: Option<Preset>,
    /// Area or territory counting.
    pub scoring: Scoring,
    /// Which repetitions are forbidden.
    pub ko: KoRule,
    /// Multi-stone (and single-stone) suicide is allowed (NZ, Ing, Tromp-Taylor).
    pub suicide_allowed: bool,
    /// Eye points of groups in seki count as territory (area rules: yes;
    /// Japanese/Korean: no, art. 8).
    pub seki_points_count: bool,
    /// What White gets for Black's handicap stones.
    pub handicap_bonus: HandicapBonus,
    /// How a dispute over life and death is settled after the passes.
    pub settling: Settling,
    /// Komi in points.
    pub komi: f64,
}

impl Rules {
    /// The rules of a preset, with its komi.
    pub fn preset(p: Preset) -> Rules {
        let area = |komi, ko, suicide, bonus| Rules {
            preset: Some(p),
            scoring: Scoring::Area,
            ko,
            suicide_allowed: suicide,
            seki_points_count: true,
            handicap_bonus: bonus,
            settling: Settling::PlayOut,
            komi,
        };
        let territory = |komi| Rules {
            preset: Some(p),
            scoring: Scoring::Territory,
            ko: KoRule::Simple,
            suicide_allowed: false,
            seki_points_count: false,
            handicap_bonus: HandicapBonus::None,
            settling: if p == Preset::Korean {
                Settling::Resumption
            } else {
                Settling::Confirmation
            },
            komi,
        };
        match p {
            Preset::Chinese => area(7.5, KoRule::PositionalSuperko, false, HandicapBonus::H),
            Preset::Japanese | Preset::Korean => territory(6.5),
            Preset::Aga => area(
                7.5,
                KoRule::PositionalSuperko,
                false,
                HandicapBonus::HMinusOne,
            ),
            Preset::NewZealand => area(7.0, KoRule::PositionalSuperko, true, HandicapBonus::None),
            Preset::Ing => area(8.0, KoRule::PositionalSuperko, true, HandicapBonus::None),
            Preset::TrompTaylor => area(7.5, KoRule::PositionalSuperko, true, HandicapBonus::None),
        }
    }

    /// The komi a new game gets under these rules with `handicap` stones
    /// (when nobody gives one): half a point in a handicap game (2 stones
    /// or more), as Japanese, Korean, AGA and Chinese practice have it, so
    /// that a jigo is impossible; else the preset's.
    pub fn komi_for_handicap(&self, handicap: u32) -> f64 {
        if handicap >= 2 { 0.5 } else { self.komi }
    }

    /// Chinese rules, komi 7.5.
    pub fn chinese() -> Rules {
        Rules::preset(Preset::Chinese)
    }

    /// Japanese rules, komi 6.5.
    pub fn japanese() -> Rules {
        Rules::preset(Preset::Japanese)
    }

    /// A short name: the preset's, or a description of the fields.
    pub fn name(&self) -> String {
        match self.preset {
            Some(p) => p.name().to_string(),
            None => format!(
                "custom ({} scoring, {} ko, suicide {})",
                match self.scoring {
                    Scoring::Area => "area",
                    Scoring::Territory => "territory",
                },
                match self.ko {
                    KoRule::Simple => "simple",
                    KoRule::PositionalSuperko => "superko",
                },
                if self.suicide_allowed {
                    "allowed"
                } else {
                    "forbidden"
                }
            ),
        }
    }
}

impl Rules {
    /// The rules' name in a language, as a phrase: "Chinese rules",
    /// "中国规则", "japanische Regeln".
    pub fn title(&self, lang: crate::i18n::Lang) -> String {
        let key = match self.preset {
            Some(Preset::Chinese) => "rules.chinese",
            Some(Preset::Japanese) => "rules.japanese",
            Some(Preset::Korean) => "rules.korean",
            Some(p) => return crate::tr!(lang, "rules.named", name = p.name()),
            None => {
                let scoring = lang.text(match self.scoring {
                    Scoring::Area => "view.area",
                    Scoring::Territory => "view.territory",
                });
                return crate::tr!(lang, "rules.custom", scoring = scoring);
            }
        };
        crate::tr!(lang, key)
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::chinese()
    }
}

/// The rule names kifu takes (`--rules`, the form, `rules =` in the
/// configuration), as a literal so that clap's help can hold it too.
#[doc(hidden)]
#[macro_export]
macro_rules! rule_names {
    () => {
        "chinese, japanese, korean, aga, nz, goe or tromp-taylor"
    };
}

/// The rule names kifu takes, in words.
pub const RULE_NAMES: &str = rule_names!();

/// The same names one by one (shell completion offers them).
pub const RULE_WORDS: &[&str] = &[
    "chinese",
    "japanese",
    "korean",
    "aga",
    "nz",
    "goe",
    "tromp-taylor",
];

/// Komi is below this many points in absolute value, wherever it comes
/// from (file, command line, form): a real komi is under 20, and a bound
/// below 100 keeps kifu's written `KM` from ever looking like Fox's
/// hundredths.
pub const MAX_KOMI: f64 = 100.0;

/// A komi kifu accepts: a finite number of points under `MAX_KOMI`,
/// rounded to hundredths (as it is written), or why not.
pub fn check_komi(k: f64) -> Result<f64, KomiError> {
    if !k.is_finite() || k.abs() >= MAX_KOMI {
        return Err(KomiError);
    }
    Ok((k * 100.0).round() / 100.0)
}

/// A komi out of range (`check_komi`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.words(crate::i18n::Lang::En))]
pub struct KomiError;

impl KomiError {
    /// Why, in `lang`.
    pub fn words(&self, lang: crate::i18n::Lang) -> String {
        crate::tr!(lang, "komi.err", max = MAX_KOMI)
    }
}

/// The result of reading an `RU` value or a `--rules` argument.
#[derive(Debug, Clone, PartialEq)]
pub struct ParsedRules {
    /// The rules read (a default when not recognized).
    pub rules: Rules,
    /// False when the text was not understood and a default was used.
    pub recognized: bool,
    /// The text as given (written back to RU unchanged when unrecognized).
    pub text: String,
}

/// Maps a rules name to a preset, case-insensitively, with the spellings
/// seen in real files.
pub fn preset_from_name(text: &str) -> Option<Preset> {
    let t: String = text
        .trim()
        .to_ascii_lowercase()
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_' | '.'))
        .collect();
    Some(match t.as_str() {
        "chinese" | "cn" | "china" | "cwa" | "chinese2002" | "中国" | "中国规则" => {
            Preset::Chinese
        }
        "japanese" | "jp" | "ja" | "japan" | "nihonkiin" | "j1989" | "日本" | "日本规则" => {
            Preset::Japanese
        }
        "korean" | "ko" | "kr" | "kba" | "korea" => Preset::Korean,
        "aga" | "american" | "bga" | "french" => Preset::Aga,
        "nz" | "newzealand" => Preset::NewZealand,
        "goe" | "ing" | "ing1996" | "sst" => Preset::Ing,
        "tromptaylor" | "tt" | "cgos" => Preset::TrompTaylor,
        _ => return None,
    })
}

/// Reads a KataGo-style rules string such as
/// `koPOSITIONALscoreAREAtaxALLsui1` into fields.
fn parse_katago(text: &str) -> Option<Rules> {
    let t = text.trim();
    if !t.starts_with("ko") || !t.contains("score") {
        return None;
    }
    let mut rules = Rules::chinese();
    rules.preset = None;
    rules.handicap_bonus = HandicapBonus::None;
    rules.ko = if t.contains("koSIMPLE") {
        KoRule::Simple
    } else {
        KoRule::PositionalSuperko
    };
    if t.contains("scoreTERRITORY") {
        rules.scoring = Scoring::Territory;
        rules.seki_points_count = false;
        rules.settling = Settling::Confirmation;
        rules.komi = 6.5;
    }
    rules.suicide_allowed = t.contains("sui1");
    if t.contains("whbN-1") {
        rules.handicap_bonus = HandicapBonus::HMinusOne;
    } else if t.contains("whbN") {
        rules.handicap_bonus = HandicapBonus::H;
    }
    Some(rules)
}

/// Parses rules text from SGF RU or the command line. Unknown text keeps
/// the text and falls back to Chinese rules (said in `recognized`).
pub fn parse_rules(text: &str) -> ParsedRules {
    if let Some(p) = preset_from_name(text) {
        return ParsedRules {
            rules: Rules::preset(p),
            recognized: true,
            text: text.to_string(),
        };
    }
    if let Some(rules) = parse_katago(text) {
        return ParsedRules {
            rules,
            recognized: true,
            text: text.to_string(),
        };
    }
    ParsedRules {
        rules: Rules::chinese(),
        recognized: false,
        text: text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_have_the_documented_fields() {
        let c = Rules::chinese();
        assert_eq!(c.komi, 7.5);
        assert_eq!(c.ko, KoRule::PositionalSuperko);
        assert_eq!(c.handicap_bonus, HandicapBonus::H);
        assert_eq!(c.scoring, Scoring::Area);
        let j = Rules::japanese();
        assert_eq!(
            (j.komi, j.ko, j.scoring),
            (6.5, KoRule::Simple, Scoring::Territory)
        );
        assert!(!j.seki_points_count);
        assert_eq!(Rules::preset(Preset::Korean).komi, 6.5);
        let aga = Rules::preset(Preset::Aga);
        assert_eq!(
            (aga.komi, aga.handicap_bonus),
            (7.5, HandicapBonus::HMinusOne)
        );
        assert!(Rules::preset(Preset::TrompTaylor).suicide_allowed);
        assert!(Rules::preset(Preset::NewZealand).suicide_allowed);
        assert!(!c.suicide_allowed);
    }

    #[test]
    fn handicap_bonus_points() {
        assert_eq!(HandicapBonus::H.points(4), 4.0);
        assert_eq!(HandicapBonus::HMinusOne.points(4), 3.0);
        assert_eq!(HandicapBonus::H.points(1), 0.0);
        assert_eq!(HandicapBonus::None.points(9), 0.0);
    }

    #[test]
    fn the_rule_names_are_every_preset() {
        let words: Vec<&str> = RULE_NAMES
            .split([',', ' '])
            .filter(|w| !w.is_empty() && *w != "or")
            .collect();
        assert_eq!(words.len(), Preset::ALL.len());
        for (w, p) in words.iter().zip(Preset::ALL) {
            assert_eq!(parse_rules(w).rules.preset, Some(p), "{w}");
        }
    }

    #[test]
    fn ru_values_map_case_insensitively() {
        for (text, p) in [
            ("Chinese", Preset::Chinese),
            ("cn", Preset::Chinese),
            ("CHINESE", Preset::Chinese),
            ("Japanese", Preset::Japanese),
            ("jp", Preset::Japanese),
            ("AGA", Preset::Aga),
            ("aga", Preset::Aga),
            ("NZ", Preset::NewZealand),
            ("GOE", Preset::Ing),
            ("Korean", Preset::Korean),
            ("tromp-taylor", Preset::TrompTaylor),
        ] {
            let parsed = parse_rules(text);
            assert!(parsed.recognized, "{text}");
            assert_eq!(parsed.rules.preset, Some(p), "{text}");
        }
    }

    #[test]
    fn unknown_rules_text_is_kept_and_reported() {
        let parsed = parse_rules("Club rules of 1974");
        assert!(!parsed.recognized);
        assert_eq!(parsed.text, "Club rules of 1974");
        assert_eq!(parsed.rules, Rules::chinese());
    }

    #[test]
    fn katago_rules_strings() {
        let parsed = parse_rules("koPOSITIONALscoreAREAtaxALLsui1");
        assert!(parsed.recognized);
        assert!(parsed.rules.suicide_allowed);
        assert_eq!(parsed.rules.scoring, Scoring::Area);
        let parsed = parse_rules("koSIMPLEscoreTERRITORYtaxSEKIsui0");
        assert_eq!(parsed.rules.scoring, Scoring::Territory);
        assert_eq!(parsed.rules.ko, KoRule::Simple);
    }
}
