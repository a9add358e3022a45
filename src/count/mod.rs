//! Counting, pure: dead-stone marks, the classification of every point,
//! the area and territory counts, and the walkthrough data the TUI and
//! `kifu show --count` draw. RULES.md is the reference.

pub mod classify;
pub mod marks;
pub mod score;
pub mod steps;

pub use classify::{Classification, PointClass};
pub use marks::Marks;
pub use score::{Count, Setup};

use crate::game::Board;

/// Classifies and counts a position in one call.
pub fn count(board: &Board, marks: &Marks, setup: &Setup) -> (Classification, Count) {
    let class = Classification::classify(board, marks);
    let count = Count::new(board, &class, setup);
    (class, count)
}
