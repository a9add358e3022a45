//! How a new game starts: the one policy for the command line's new game
//! and the game-information form's board settings (size, rules, handicap
//! fixed or free, komi). Above the record and the handicap points, which
//! it puts together.

use super::handicap::HandicapError;
use super::record::GameRecord;

/// How a new game starts: the one policy for the command line's new game
/// and the game-information form's board settings.
#[derive(Debug, Clone, PartialEq)]
pub struct GameStart {
    pub size: usize,
    pub rules: crate::game::rules::Rules,
    /// Handicap stones: 0 for none, else 2 to 9.
    pub handicap: u32,
    /// The handicap stones are placed by hand (`GameStart::begin` then
    /// leaves them to place).
    pub free: bool,
    /// The komi asked for; None: the rules' own, or 0.5 with a handicap
    /// (no jigo in a handicap game, under every preset).
    pub komi: Option<f64>,
}

/// Why a new game cannot start so.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("{0}")]
    Size(#[from] crate::game::board::BoardSizeError),
    #[error("{0}")]
    Handicap(#[from] HandicapError),
}

impl StartError {
    /// Why, in `lang`.
    pub fn words(&self, lang: crate::i18n::Lang) -> String {
        match self {
            StartError::Size(e) => e.words(lang),
            StartError::Handicap(e) => e.words(lang),
        }
    }
}

impl GameStart {
    /// The new game, and how many handicap stones are still to be placed
    /// by hand (free placement).
    pub fn begin(&self) -> Result<(GameRecord, u32), StartError> {
        let mut rec = GameRecord::new(self.size, self.rules.clone())?;
        let mut to_place = 0;
        match (self.handicap, self.free) {
            (0, _) => {}
            (h, true) if h >= 2 => to_place = h,
            (h, true) => return Err(HandicapError::Count(h).into()),
            (h, false) => rec.set_fixed_handicap(h)?,
        }
        let komi = match self.komi {
            Some(k) => Some(k),
            None if self.handicap >= 2 => Some(rec.rules.komi_for_handicap(self.handicap)),
            None => None,
        };
        if let Some(k) = komi {
            rec.set_komi(k);
        }
        Ok((rec, to_place))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rules::Rules;

    fn start(handicap: u32, free: bool, komi: Option<f64>) -> GameStart {
        GameStart {
            size: 9,
            rules: Rules::japanese(),
            handicap,
            free,
            komi,
        }
    }

    /// One policy for both ways of starting a game: fixed stones placed,
    /// free ones left to place, half a point of komi with a handicap
    /// unless one is given, and a handicap of one stone refused.
    #[test]
    fn a_new_game_starts_by_one_policy() {
        let (rec, left) = start(2, false, None).begin().unwrap();
        let want = crate::game::Board::from_diagram(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . X . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . X . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        )
        .unwrap();
        assert_eq!(rec.board().to_diagram(), want.to_diagram());
        assert_eq!((left, rec.komi(), rec.info.komi_given), (0, 0.5, true));
        let (rec, left) = start(3, true, None).begin().unwrap();
        assert_eq!(
            (left, rec.board().count_stones(crate::game::Color::Black)),
            (3, 0)
        );
        let (rec, _) = start(0, false, None).begin().unwrap();
        assert_eq!((rec.komi(), rec.info.komi_given), (6.5, true));
        let (rec, _) = start(4, false, Some(5.5)).begin().unwrap();
        assert_eq!(rec.rules.komi, 5.5);
        assert!(start(1, false, None).begin().is_err());
        assert!(start(1, true, None).begin().is_err());
    }
}
