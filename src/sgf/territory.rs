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

/// Writes TB and TW on the record's current node, replacing any there (an
/// empty list writes no property).
pub fn set_territory_marks(rec: &mut GameRecord, tb: &[Point], tw: &[Point]) {
    let node = rec.current();
    let props = &mut rec.node_mut(node).props;
    props.retain(|p| p.id != "TB" && p.id != "TW");
    for (id, list) in [("TB", tb), ("TW", tw)] {
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
        set_territory_marks(&mut rec, &[a, b], &[c]);
        assert_eq!(territory_marks(&rec), Some((vec![a, b], vec![c])));
        set_territory_marks(&mut rec, &[], &[c]);
        assert_eq!(territory_marks(&rec), Some((vec![], vec![c])));
    }
}
