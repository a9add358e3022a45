//! SGF's time left at a move, `BL` and `WL` (seconds), set and read in
//! one place; the time settings `TM` and `OT` are game information
//! (read/node.rs, write.rs).

use crate::game::record::{GameRecord, Node, NodeId};
use crate::game::{Color, RawProp};

/// Notes the time `color` has left at this node (`BL` or `WL`),
/// replacing an earlier note.
pub fn set_time_left(node: &mut Node, color: Color, seconds: f64) {
    let id = if color == Color::Black { "BL" } else { "WL" };
    node.props.retain(|p| p.id != id);
    node.props.push(RawProp {
        id: id.into(),
        values: vec![crate::game::result::format_points(seconds)],
    });
}

/// The time each side had left at `at`: the last `BL` and `WL` noted on
/// the way to it (Black, White).
pub fn time_left(rec: &GameRecord, at: NodeId) -> (Option<f64>, Option<f64>) {
    let mut out = (None, None);
    for id in rec.path_to(at) {
        for p in &rec.node(id).props {
            let v = p.values.first().and_then(|v| v.trim().parse::<f64>().ok());
            match p.id.as_str() {
                "BL" if v.is_some() => out.0 = v,
                "WL" if v.is_some() => out.1 = v,
                _ => {}
            }
        }
    }
    out
}
