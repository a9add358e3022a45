//! The rules of Go, pure: no terminal, no files.

pub(crate) mod board;
pub mod clock;
pub mod handicap;
pub(crate) mod point;
pub mod record;
pub mod result;
pub mod rules;
pub mod start;

pub use board::{Board, IllegalMove, IllegalReason, PlayOutcome};
pub use point::{Color, Move, Point};
pub use record::{GameInfo, GameRecord, Node, NodeId, RawProp};
pub use result::{GameResult, Margin};
pub use rules::{Preset, Rules};
