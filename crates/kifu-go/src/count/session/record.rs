//! A record counted as `kifu score` counts it, in one call: the rules and
//! komi given or the file's, the handicap's compensation, the dead stones
//! given or the file's TB/TW marks (with its seki marks and the dame it
//! marked) or kifu's estimate.

use super::{DeadStones, Session};
use crate::count::Terms;
use crate::count::score::Dame;
use crate::game::record::GameRecord;
use crate::game::rules::Rules;
use crate::sgf::territory::{seki_marks, set_territory_marks, territory_marks};

/// Where the dead stones of a record's count come from.
#[derive(Debug, Clone, Default)]
pub enum Dead<'a> {
    /// The file's TB/TW marks when it has them, else kifu's estimate:
    /// what `kifu score` does when not told.
    #[default]
    FileOrEstimate,
    /// The file's marks; none when it has none (`--dead marked`).
    File,
    /// kifu's judge on the record's position, whatever the file marked
    /// (`--dead auto`).
    Judge,
    /// As given: kifu's estimate, the rules estimator, an engine's
    /// judgment, chains through points, or none.
    Given(DeadStones<'a>),
}

/// How to count a record: each `None` takes the record's own.
#[derive(Debug, Clone, Default)]
pub struct Counting<'a> {
    /// The rules (None: the record's, from its RU).
    pub rules: Option<Rules>,
    /// The komi (None: the record's KM, else the rules' own).
    pub komi: Option<f64>,
    /// The dead stones.
    pub dead: Dead<'a>,
}

impl Session {
    /// The record's current position counted as `kifu score` counts it:
    /// the rules and komi of `how`, else the file's; the handicap's
    /// compensation from the record; the dead stones of `how`, and with
    /// the file's marks its seki marks (KIFUSEKI) and the dame its TB/TW
    /// leave unmarked. A record just read stands at its root: go to its
    /// end first (`GameRecord::to_end`) to count the game.
    pub fn of_record(rec: &GameRecord, how: Counting<'_>) -> Session {
        let mut rules = how.rules.unwrap_or_else(|| rec.rules.clone());
        // The file's komi stands under other rules; the rules' own komi
        // only when the file gave none.
        let given = rec.info.komi_given.then(|| rec.komi());
        let komi = how.komi.or(given).unwrap_or(rules.komi);
        rules.komi = komi;
        let marked = territory_marks(rec);
        let file = || DeadStones::Marks(marked.as_ref().map(|(b, w)| (b.as_slice(), w.as_slice())));
        let dead = match how.dead {
            Dead::Given(d) => d,
            Dead::File => file(),
            Dead::FileOrEstimate if marked.is_some() => file(),
            Dead::FileOrEstimate | Dead::Judge => DeadStones::Estimate(rec.to_move()),
        };
        let terms = Terms {
            dame: Dame::of_rules(&rules, rec.to_move()),
            rules,
            komi,
            ..Terms::of_record(rec)
        }
        .with_marked_dame(marked.as_ref());
        let marks_used = matches!(dead, DeadStones::Marks(Some(_)));
        let mut session = Session::new(rec.board().clone(), terms, dead);
        if marks_used {
            session.mark_seki(&seki_marks(rec));
        }
        session
    }

    /// Writes this count onto the record at its current node, as kifu's
    /// `R` and `kifu score --write` do: the result (RE), each side's
    /// territory with the dead stones it took (TB/TW), and the points
    /// the players marked seki (KIFUSEKI).
    pub fn write_result(&self, rec: &mut GameRecord) {
        let (tb, tw, seki) = self.territory_marks();
        set_territory_marks(rec, &tb, &tw, &seki);
        rec.info.result = Some(self.count.result());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::session::Source;
    use crate::game::Point;

    /// Black's wall on E, White's on F; a white stone at B5 inside Black's
    /// area, under Black's TB mark in the file.
    const MARKED: &str = "(;GM[1]FF[4]SZ[9]KM[7.5]RU[Japanese]\
        AB[ea][eb][ec][ed][ee][ef][eg][eh][ei]AW[fa][fb][fc][fd][fe][ff][fg][fh][fi][be]\
        ;B[];W[]TB[aa][ab][be])";

    fn at_end(text: &str) -> GameRecord {
        let file = crate::sgf::read_text(text);
        let mut rec = file
            .game(1)
            .map(|g| g.record.clone())
            .unwrap_or_else(|e| panic!("{e}"));
        rec.to_end();
        rec
    }

    #[test]
    fn a_record_counts_from_its_own_marks_rules_and_komi_unless_told() {
        let rec = at_end(MARKED);
        let b5 = Point::new(1, 4);
        let s = Session::of_record(&rec, Counting::default());
        assert_eq!(s.source, Source::Marked);
        assert!(s.marks.is_dead(b5));
        assert_eq!(s.terms.komi, 7.5);
        assert!(
            s.terms
                .rules
                .title(crate::i18n::Lang::En)
                .contains("Japanese")
        );
        // Told otherwise: no dead stones, Chinese rules, komi 5.5.
        let told = Counting {
            rules: Some(Rules::chinese()),
            komi: Some(5.5),
            dead: Dead::Given(DeadStones::None),
        };
        let s = Session::of_record(&rec, told);
        assert!(!s.marks.is_dead(b5));
        assert_eq!(s.terms.komi, 5.5);
        assert_eq!(s.terms.rules.komi, 5.5);
        // The file's marks asked for, where there are none: none dead.
        let bare = at_end(&MARKED.replace("TB[aa][ab][be]", ""));
        let s = Session::of_record(
            &bare,
            Counting {
                dead: Dead::File,
                ..Counting::default()
            },
        );
        assert_eq!(s.source, Source::NoMarks);
    }
}
