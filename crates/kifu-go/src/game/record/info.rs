//! The game information a record keeps: the root's properties kifu
//! interprets, and what the file said of its rules.

use crate::game::result::GameResult;
use crate::game::rules::Rules;

/// The game information (root properties kifu interprets).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GameInfo {
    /// `PB`: Black's name.
    pub black: Option<String>,
    /// `PW`: White's name.
    pub white: Option<String>,
    /// `BR`: Black's rank.
    pub black_rank: Option<String>,
    /// `WR`: White's rank.
    pub white_rank: Option<String>,
    /// `DT`: the date played.
    pub date: Option<String>,
    /// `EV`: the event.
    pub event: Option<String>,
    /// `RO`: the round.
    pub round: Option<String>,
    /// `PC`: the place.
    pub place: Option<String>,
    /// `GN`: the game's name.
    pub game_name: Option<String>,
    /// The komi was given (the file's KM, or set by a person): a save
    /// writes it (KM). Else the rules' own komi applies, and the file
    /// keeps saying nothing of it. The komi itself is the record's rules'
    /// ([`crate::GameRecord::komi`]).
    pub komi_given: bool,
    /// `HA`: the handicap stones the record says were given.
    pub handicap: u32,
    /// What the file's RU said; the rules themselves are the record's
    /// ([`crate::GameRecord::rules`]).
    pub rules_text: RulesText,
    /// `RE`: the result.
    pub result: Option<GameResult>,
    /// `GC`: a comment on the whole game.
    pub game_comment: Option<String>,
    /// `TM`: the main time of each player, in seconds.
    pub main_time: Option<f64>,
    /// `OT`: the overtime (byo-yomi) as written, like "5x30 byo-yomi".
    pub overtime: Option<String>,
}

/// What a record says of its rules (SGF `RU`), beside the rules kifu
/// applies ([`crate::GameRecord::rules`]): a save writes RU from this.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum RulesText {
    /// The file names no rules: kifu's default applies, and no RU is
    /// written.
    #[default]
    Absent,
    /// The rules are a preset kifu knows (whatever spelling the file
    /// used): RU is written as the preset's name.
    Named,
    /// The file's own text, written back as it was: rules kifu did not
    /// understand (its default applies, said in a note), or rules given
    /// field by field (KataGo's `koPOSITIONALscoreAREA...`) that no
    /// preset names.
    Kept(String),
}

impl RulesText {
    /// The RU value to write for `rules`, if any.
    pub fn written(&self, rules: &Rules) -> Option<String> {
        match self {
            RulesText::Absent => None,
            RulesText::Named => Some(rules.name()),
            RulesText::Kept(t) => Some(t.clone()),
        }
    }
}
