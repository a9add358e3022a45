//! The rules of Go, pure: no terminal, no files.

pub(crate) mod board;
/// kifu's own machinery, public for the kifu application and its
/// tools, not part of the library's promise: it may change in any release.
#[doc(hidden)]
pub mod clock;
pub mod handicap;
pub(crate) mod point;
pub mod record;
pub mod result;
pub mod rules;
/// kifu's own machinery, public for the kifu application and its
/// tools, not part of the library's promise: it may change in any release.
#[doc(hidden)]
pub mod start;

pub use board::{Board, IllegalMove, IllegalReason, PlayOutcome};
pub use point::{Color, Move, Point};
pub use record::{GameInfo, GameRecord, Node, NodeId, RawProp, RulesText};
pub use result::{GameResult, Margin};
pub use rules::{Preset, Rules};
