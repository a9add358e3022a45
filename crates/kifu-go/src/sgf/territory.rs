//! The territory marks TB and TW (CGoban, KGS and kifu write them after a
//! count; a stone under the opponent's mark is dead): read and written by
//! this one pair of functions.

use crate::game::Point;
use crate::game::record::{GameRecord, RawProp};

use super::read::point_list;

/// The TB and TW points of the record's current node, when it has either.
pub fn territory_marks(rec: &GameRecord) -> Option<(Vec<Point>, Vec<Point>)> {
    let node = rec.node(rec.current());
    let size = rec.size();
    let list = |id: &str| node.prop(id).map(|p| point_list(&p.values, size));
    match (list("TB"), list("TW")) {
        (None, None) => None,
        (tb, tw) => Some((tb.unwrap_or_default(), tw.unwrap_or_default())),
    }
}

/// kifu's own property for the groups the players marked as seki in count
/// mode (SGF has none; other programs keep or ignore it): one stone of each
/// such chain. Without it a seki marked by hand would not count again the
/// same when the file is reopened.
pub const SEKI: &str = "KIFUSEKI";

/// The stones of the current node's seki marks (`KIFUSEKI`).
pub fn seki_marks(rec: &GameRecord) -> Vec<Point> {
    rec.node(rec.current())
        .prop(SEKI)
        .map(|p| point_list(&p.values, rec.size()))
        .unwrap_or_default()
}

/// Writes TB, TW and the seki marks on the record's current node,
/// replacing any there (an empty list writes no property).
pub fn set_territory_marks(rec: &mut GameRecord, tb: &[Point], tw: &[Point], seki: &[Point]) {
    let node = rec.current();
    let props = &mut rec.node_mut(node).props;
    props.retain(|p| p.id != "TB" && p.id != "TW" && p.id != SEKI);
    // No territory and no dead stone is a count too: `TB[]` (an empty
    // list, as FF[4] allows) says so, so that reopening does not propose
    // dead stones where the players marked none.
    if tb.is_empty() && tw.is_empty() {
        props.push(RawProp {
            id: "TB".into(),
            values: vec![String::new()],
        });
    }
    for (id, list) in [("TB", tb), ("TW", tw), (SEKI, seki)] {
        if !list.is_empty() {
            props.push(RawProp {
                id: id.into(),
                values: list.iter().map(|p| p.to_sgf()).collect(),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rules::Rules;

    #[test]
    fn marks_written_are_read_back() {
        let mut rec = GameRecord::new(9, Rules::japanese()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(territory_marks(&rec), None);
        let (a, b, c) = (Point::new(0, 0), Point::new(1, 0), Point::new(8, 8));
        set_territory_marks(&mut rec, &[a, b], &[c], &[b]);
        assert_eq!(territory_marks(&rec), Some((vec![a, b], vec![c])));
        assert_eq!(seki_marks(&rec), vec![b]);
        set_territory_marks(&mut rec, &[], &[c], &[]);
        assert_eq!(territory_marks(&rec), Some((vec![], vec![c])));
        assert_eq!(seki_marks(&rec), vec![]);
        // Nothing to mark is still a count with marks: TB[].
        set_territory_marks(&mut rec, &[], &[], &[]);
        assert_eq!(territory_marks(&rec), Some((vec![], vec![])));
    }
}
