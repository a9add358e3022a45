//! The title block of the HTML page: the game's terms, its recorded
//! result, which view is the game's own and why the two counts differ.

use crate::count::glyph::View;
use crate::i18n::Lang;
use crate::tr;

/// What the page says of the game above the two views: its terms, the
/// recorded result, which view is the game's own, and why the two differ.
#[derive(Debug, Clone, Default)]
pub struct Facts {
    /// The language of the page.
    pub lang: Lang,
    /// The rules' name, as a phrase ("Japanese rules").
    pub rules: String,
    /// The view the game's rules count with.
    pub game_view: Option<View>,
    pub komi: f64,
    pub handicap: u32,
    /// The file's RE, if any.
    pub recorded: Option<String>,
    /// Each view's result.
    pub results: [String; 2],
    /// Why the two views' results differ (empty when they agree).
    pub why_differ: Vec<String>,
}

impl Facts {
    /// The title block's lines, in words.
    pub(super) fn lines(&self) -> Vec<String> {
        let lang = self.lang;
        let name = |v: View| {
            tr!(
                lang,
                match v {
                    View::Area => "facts.view.area",
                    View::Territory => "facts.view.territory",
                }
            )
        };
        let handicap = if self.handicap > 0 {
            tr!(lang, "facts.handicap", n = self.handicap)
        } else {
            tr!(lang, "facts.no_handicap")
        };
        let mut out = vec![tr!(
            lang,
            "facts.terms",
            rules = self.rules,
            komi = crate::game::result::format_points(self.komi),
            handicap = handicap
        )];
        out.push(match &self.recorded {
            Some(re) => tr!(lang, "facts.recorded", result = re),
            None => tr!(lang, "facts.no_result"),
        });
        if let Some(v) = self.game_view {
            let i = usize::from(v == View::Territory);
            let other = if v == View::Area {
                View::Territory
            } else {
                View::Area
            };
            out.push(tr!(
                lang,
                "facts.game_view",
                view = name(v),
                result = self.results[i],
                rules = self.rules,
                other = name(other),
                other_result = self.results[1 - i]
            ));
        }
        if !self.why_differ.is_empty() {
            let why = self.why_differ.join(&tr!(lang, "list.sep"));
            out.push(tr!(lang, "facts.why", why = why));
        }
        out
    }
}

/// The page's facts of a counted game: its terms, the recorded result,
/// each view's result and why they differ (`placed`: the stones each side
/// placed).
pub fn facts(
    terms: &crate::count::Terms,
    count: &crate::count::Count,
    recorded: Option<String>,
    placed: [usize; 2],
    lang: Lang,
) -> Facts {
    use crate::game::GameResult;
    Facts {
        lang,
        rules: terms.rules.title(lang),
        game_view: Some(match terms.rules.scoring {
            crate::game::rules::Scoring::Area => View::Area,
            crate::game::rules::Scoring::Territory => View::Territory,
        }),
        komi: terms.komi,
        handicap: terms.handicap,
        recorded,
        results: [
            GameResult::from_margin(count.area.margin).to_string(),
            GameResult::from_margin(count.territory.margin).to_string(),
        ],
        why_differ: count.differences(placed, lang),
    }
}
