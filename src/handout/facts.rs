//! The title block of the HTML page: the game's terms, its recorded
//! result, which view is the game's own and why the two counts differ.

use crate::count::glyph::View;

/// What the page says of the game above the two views: its terms, the
/// recorded result, which view is the game's own, and why the two differ.
#[derive(Debug, Clone, Default)]
pub struct Facts {
    /// The rules' name ("Japanese").
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
        let name = |v: View| match v {
            View::Area => "area counting (Chinese)",
            View::Territory => "territory counting (Japanese)",
        };
        let mut out = vec![format!(
            "Rules: {}, komi {}{}.",
            self.rules,
            crate::game::result::format_points(self.komi),
            if self.handicap > 0 {
                format!(", handicap {} stones", self.handicap)
            } else {
                ", no handicap".to_string()
            }
        )];
        out.push(match &self.recorded {
            Some(re) => format!("Recorded result: {re}."),
            None => "No result recorded.".to_string(),
        });
        if let Some(v) = self.game_view {
            let i = usize::from(v == View::Territory);
            out.push(format!(
                "The game's result is the {} view: {} under {} rules; the other view ({}) gives {} and is a comparison.",
                name(v),
                self.results[i],
                self.rules,
                name(if v == View::Area { View::Territory } else { View::Area }),
                self.results[1 - i]
            ));
        }
        if !self.why_differ.is_empty() {
            out.push(format!(
                "Why the two counts differ: {}.",
                self.why_differ.join("; ")
            ));
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
) -> Facts {
    use crate::game::GameResult;
    Facts {
        rules: terms.rules.name(),
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
        why_differ: count.differences(placed),
    }
}
