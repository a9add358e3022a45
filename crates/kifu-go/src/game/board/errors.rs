//! What the board says when a move or a size is refused, and what a
//! legal move did.

use super::*;

/// Why a move is not allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IllegalReason {
    /// The point is not on the board.
    OffBoard,
    /// A stone is already there.
    Occupied,
    /// The stone would have no liberty and capture nothing.
    Suicide,
    /// An immediate retake of a ko.
    Ko,
    /// It would repeat an earlier whole-board position (positional superko).
    Superko,
}

/// An illegal move, with where it was tried.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub struct IllegalMove {
    /// Why it is refused.
    pub reason: IllegalReason,
    /// Where it was tried.
    pub point: Point,
    /// The board's size, to name the point in GTP coordinates.
    pub size: u8,
}

impl IllegalMove {
    /// Why, in a language: "D4 is already occupied".
    pub fn words(&self, lang: crate::i18n::Lang) -> String {
        let at = if self.point.is_on(self.size) {
            self.point.to_gtp(self.size)
        } else {
            format!("[{}]", self.point.to_sgf())
        };
        let key = match self.reason {
            IllegalReason::OffBoard => "ill.off_board",
            IllegalReason::Occupied => "ill.occupied",
            IllegalReason::Suicide => "ill.suicide",
            IllegalReason::Ko => "ill.ko",
            IllegalReason::Superko => "ill.superko",
        };
        crate::tr!(lang, key, at = at, size = self.size)
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words(crate::i18n::Lang::En))
    }
}

/// What a legal move did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PlayOutcome {
    /// Opponent stones removed.
    pub captured: u32,
    /// Own stones removed by an allowed suicide.
    pub suicided: u32,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardSizeError(pub usize);

impl BoardSizeError {
    /// Why, in `lang`.
    pub fn words(&self, lang: crate::i18n::Lang) -> String {
        let (n, min, max) = (self.0, MIN_SIZE, MAX_SIZE);
        crate::tr!(lang, "size.err", n = n, min = min, max = max)
    }
}

impl fmt::Display for BoardSizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words(crate::i18n::Lang::En))
    }
}

impl std::error::Error for BoardSizeError {}
