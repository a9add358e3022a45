//! SGF's time at a move, set and read in one place: the time left
//! (`BL`, `WL`, seconds) and the overtime periods or stones left (`OB`,
//! `OW`); the time settings `TM` and `OT` are game information
//! (read/node.rs, write.rs); kifu's own running clock is the root's `KC`.

use crate::game::record::{GameRecord, Node, NodeId};
use crate::game::{Color, RawProp};

/// kifu's private root property: the state of the game clock, so that an
/// autosave or a save gives the clocks back exactly.
pub const CLOCK_STATE: &str = "KC";

fn ids(color: Color) -> (&'static str, &'static str) {
    match color {
        Color::Black => ("BL", "OB"),
        Color::White => ("WL", "OW"),
    }
}

fn set(node: &mut Node, id: &str, value: Option<String>) {
    node.props.retain(|p| p.id != id);
    if let Some(v) = value {
        node.props.push(RawProp {
            id: id.into(),
            values: vec![v],
        });
    }
}

/// Notes the time `color` has left at this node (`BL` or `WL`),
/// replacing an earlier note.
pub fn set_time_left(node: &mut Node, color: Color, seconds: f64) {
    // Tenths are what a clock shows; more digits are noise in the file.
    let tenths = (seconds.max(0.0) * 10.0).round() / 10.0;
    set(
        node,
        ids(color).0,
        Some(crate::game::result::format_points(tenths)),
    );
}

/// Notes the overtime periods (byo-yomi) or stones (Canadian) `color` has
/// left at this node (`OB` or `OW`); None removes the note.
pub fn set_overtime_left(node: &mut Node, color: Color, count: Option<u32>) {
    set(node, ids(color).1, count.map(|c| c.to_string()));
}

/// One side's time noted at a node: the time left and the periods or
/// stones left.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Noted {
    pub left: Option<f64>,
    pub count: Option<u32>,
}

/// What this node notes for `color`.
pub fn noted_at(node: &Node, color: Color) -> Noted {
    let (l, o) = ids(color);
    let value = |id: &str| {
        node.props
            .iter()
            .rev()
            .find(|p| p.id == id)
            .and_then(|p| p.values.first())
            .map(|v| v.trim().to_string())
    };
    Noted {
        left: value(l)
            .and_then(|v| v.parse::<f64>().ok())
            .filter(|v| v.is_finite() && *v >= 0.0),
        count: value(o).and_then(|v| v.parse::<u32>().ok()),
    }
}

/// The time each side had at `at`: the last notes on the way to it
/// (Black, White). A node that notes the time left without periods
/// means the main time (the periods of an earlier note no longer hold).
pub fn time_at(rec: &GameRecord, at: NodeId) -> [Noted; 2] {
    let mut out = [Noted::default(); 2];
    for id in rec.path_to(at) {
        for (i, c) in [Color::Black, Color::White].into_iter().enumerate() {
            let n = noted_at(rec.node(id), c);
            if n.left.is_some() {
                out[i] = n;
            } else if n.count.is_some() {
                out[i].count = n.count;
            }
        }
    }
    out
}

/// The time each side had left at `at` (Black, White).
pub fn time_left(rec: &GameRecord, at: NodeId) -> (Option<f64>, Option<f64>) {
    let [b, w] = time_at(rec, at);
    (b.left, w.left)
}
