//! Flags: the groups a judge asks a person to look at, each with the
//! reason it is not sure. Every judge (playouts, the learned network,
//! an engine's ownership, eye space, local reading) flags through here,
//! so a flag always names one chain and one reason.

use crate::game::{Board, Point};

/// Why a judge is not sure of a group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Doubt {
    /// The judges are split: ownership near even, the network against
    /// the rules estimator, or a kill spared because it contradicted
    /// another.
    Judges,
    /// Its life hangs on a ko.
    Ko,
    /// A capturing race: it shares its last liberties with an enemy
    /// chain as short of them, and reading did not settle who wins.
    Race,
    /// Kept alive short of two eyes (a seki, most often), and no proof
    /// holds it: reading could not read it out.
    Seki,
    /// Reading ran out of its budget before it settled the group.
    Budget,
}

impl Doubt {
    /// Every reason, in the order reports list them.
    pub const ALL: [Doubt; 5] = [
        Doubt::Judges,
        Doubt::Ko,
        Doubt::Race,
        Doubt::Seki,
        Doubt::Budget,
    ];

    /// The reason as one stable word: `kifu score`'s JSON and GTP's
    /// `kifu-uncertain` say it so, in every language.
    pub fn word(self) -> &'static str {
        match self {
            Doubt::Judges => "judges",
            Doubt::Ko => "ko",
            Doubt::Race => "race",
            Doubt::Seki => "seki",
            Doubt::Budget => "budget",
        }
    }

    /// The reason from its word.
    pub fn from_word(word: &str) -> Option<Doubt> {
        Doubt::ALL.into_iter().find(|d| d.word() == word)
    }
}

/// One flagged chain: a point of it (its first stone in board order, so
/// the same chain is named alike however the board was built) and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Flag {
    /// A stone of the chain.
    pub at: Point,
    /// Why the judge is not sure of it.
    pub why: Doubt,
}

/// Adds the chain through `p` to `flags` with its reason, unless it is
/// flagged already (the first reason found stays).
pub fn flag(board: &Board, p: Point, why: Doubt, flags: &mut Vec<Flag>) {
    let chain = board.chain(p);
    if !flags.iter().any(|f| chain.contains(&f.at)) {
        let at = chain.iter().copied().min_by_key(|q| (q.y, q.x));
        flags.push(Flag {
            at: at.unwrap_or(p),
            why,
        });
    }
}

/// Whether any flag names a stone of `chain`.
pub fn flagged(flags: &[Flag], chain: &[Point]) -> bool {
    flags.iter().any(|f| chain.contains(&f.at))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chain_is_flagged_once_by_its_first_stone_with_its_first_reason() {
        let b = Board::from_diagram(
            "\
. . . . .
. X X . .
. . X . .
. . . . .
. . . . .",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let mut flags = Vec::new();
        flag(&b, Point::new(2, 2), Doubt::Race, &mut flags);
        flag(&b, Point::new(1, 1), Doubt::Budget, &mut flags);
        assert_eq!(
            flags,
            vec![Flag {
                at: Point::new(1, 1),
                why: Doubt::Race
            }]
        );
        assert!(flagged(&flags, &b.chain(Point::new(2, 1))));
    }

    #[test]
    fn every_reason_has_a_word_that_reads_back() {
        for d in Doubt::ALL {
            assert_eq!(Doubt::from_word(d.word()), Some(d));
        }
        assert_eq!(Doubt::from_word("maybe"), None);
    }
}
