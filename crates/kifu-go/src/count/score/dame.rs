//! How the dame left open count under area rules: filled in turn, as a
//! finished count's marks give them, or for nobody (Tromp-Taylor).

use crate::count::classify::{Classification, PointClass};
use crate::game::rules::Rules;
use crate::game::{Color, Point};

/// How the dame left unfilled count under area rules.
#[derive(Debug, Clone, PartialEq)]
pub enum Dame {
    /// Filled in turn, this player (the one to move) first: the Chinese
    /// rules fill the neutral points before counting, so a record that
    /// ends with some left counts as the players would fill them. The
    /// point of a dead stone left in dame is its taker's.
    InTurn(Color),
    /// As a finished count's territory marks give them (TB, TW): a dame
    /// point under a mark is that side's, one under none is shared half
    /// each, as the count that wrote the marks left it (KGS, for one,
    /// leaves dame to nobody: the same margin).
    Marked(Vec<Point>, Vec<Point>),
    /// Counted for nobody, as Tromp-Taylor counts a point that reaches
    /// both colours (docs/rules.md section 1); a dead stone's point in
    /// dame, empty once it is taken off, too.
    Nobody,
}

impl Dame {
    /// How many of the `dame` points count for each side, and who fills
    /// first when they are filled in turn.
    /// `taken`: for each side, the dame that held a dead stone it took.
    /// How `rules` take the dame left open, `to_move` filling first where
    /// they are filled.
    pub fn of_rules(rules: &Rules, to_move: Color) -> Dame {
        match rules.preset {
            Some(crate::game::Preset::TrompTaylor) => Dame::Nobody,
            _ => Dame::InTurn(to_move),
        }
    }

    pub(super) fn counted(
        &self,
        class: &Classification,
        dame: usize,
        taken: [usize; 2],
    ) -> ([usize; 2], Option<Color>) {
        match self {
            Dame::Nobody => ([0, 0], None),
            Dame::InTurn(first) => {
                // The point of a dead stone left in dame is its taker's; the
                // other dame are filled in turn.
                let filled = taken;
                let turns = fill_in_turn(dame - filled[0] - filled[1], *first);
                ([filled[0] + turns[0], filled[1] + turns[1]], Some(*first))
            }
            Dame::Marked(tb, tw) => (marked_dame(class, tb, tw), None),
        }
    }
}

/// The dame points under a territory mark, for each side.
fn marked_dame(class: &Classification, tb: &[Point], tw: &[Point]) -> [usize; 2] {
    let mut filled = [0usize; 2];
    for (p, k) in class.points() {
        if k == PointClass::Dame {
            if tb.contains(&p) {
                filled[0] += 1;
            } else if tw.contains(&p) {
                filled[1] += 1;
            }
        }
    }
    filled
}

/// `dame` points filled in turn, `first` first: how many each side fills
/// (index: `Color::index()`).
pub fn fill_in_turn(dame: usize, first: Color) -> [usize; 2] {
    let mut filled = [0usize; 2];
    filled[first.index()] = dame.div_ceil(2);
    filled[first.opponent().index()] = dame / 2;
    filled
}
