//! Points, colours and moves, and the two coordinate systems players meet:
//! GTP (`Q16`: column letter without I, row counted from the bottom) and
//! SGF (`pd`: column then row, both from the top-left, `a` = 1).

use std::fmt;

/// Smallest and largest supported board sizes (square boards only).
pub const MIN_SIZE: u8 = 2;
pub const MAX_SIZE: u8 = 25;

/// GTP column letters: A to Z without I (25 columns, enough for 25x25).
const GTP_COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// A player's colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Black, who plays first.
    Black,
    /// White.
    White,
}

impl Color {
    /// The other colour.
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White: index into per-colour arrays.
    pub fn index(self) -> usize {
        match self {
            Color::Black => 0,
            Color::White => 1,
        }
    }

    /// The SGF property letter (`B` / `W`).
    pub fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }

    /// "Black" or "White".
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::White => "White",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A point on the board: `x` is the column from the left, `y` the row from
/// the top, both from 0 (the SGF orientation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// The column, from the left, from 0.
    pub x: u8,
    /// The row, from the top, from 0.
    pub y: u8,
}

impl Point {
    /// The point at column `x` and row `y`, both from the top left, from 0.
    pub const fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }

    /// True when the point is on a `size` board.
    pub fn is_on(self, size: u8) -> bool {
        self.x < size && self.y < size
    }

    /// The GTP letter of column `x` (`A`..`Z` without `I`; `?` past the
    /// 25th): the one list of them, for every board kifu draws.
    pub fn column_letter(x: u8) -> char {
        GTP_COLUMNS
            .get(usize::from(x))
            .map_or('?', |&c| char::from(c))
    }

    /// GTP text, e.g. `Q16` on 19x19. Needs the board size because rows
    /// count from the bottom.
    pub fn to_gtp(self, size: u8) -> String {
        let col = Point::column_letter(self.x);
        // Off the board (a stale cursor) shows as `?`, never a wrapped row.
        match u16::from(size).checked_sub(u16::from(self.y)) {
            Some(row) if row > 0 => format!("{col}{row}"),
            _ => format!("{col}?"),
        }
    }

    /// Parses GTP text (`Q16`, `q16`, `J10`). `I` is not a column letter.
    pub fn from_gtp(text: &str, size: u8) -> Result<Point, CoordError> {
        let text = text.trim();
        let mut chars = text.chars();
        let letter = chars
            .next()
            .ok_or_else(|| CoordError::Malformed(text.to_string()))?
            .to_ascii_uppercase();
        if letter == 'I' {
            return Err(CoordError::LetterI(text.to_string()));
        }
        let x = GTP_COLUMNS
            .iter()
            .position(|&c| char::from(c) == letter)
            .ok_or_else(|| CoordError::Malformed(text.to_string()))?;
        let row: u16 = chars
            .as_str()
            .parse()
            .map_err(|_| CoordError::Malformed(text.to_string()))?;
        let (x, size16) = (x as u16, u16::from(size));
        if x >= size16 || row == 0 || row > size16 {
            return Err(CoordError::OffBoard(text.to_string(), size));
        }
        Ok(Point::new(x as u8, (size16 - row) as u8))
    }

    /// SGF text, e.g. `pd`. Sizes above 26 are not supported, so one
    /// lowercase letter per axis is enough.
    pub fn to_sgf(self) -> String {
        let mut s = String::with_capacity(2);
        s.push(char::from(b'a' + self.x));
        s.push(char::from(b'a' + self.y));
        s
    }

    /// Parses an SGF point (`pd`). Accepts uppercase letters as 27-52 per
    /// the spec, which are off every supported board.
    pub fn from_sgf(text: &str) -> Option<Point> {
        let b = text.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let coord = |c: u8| match c {
            b'a'..=b'z' => Some(c - b'a'),
            b'A'..=b'Z' => Some(c - b'A' + 26),
            _ => None,
        };
        Some(Point::new(coord(b[0])?, coord(b[1])?))
    }

    /// Parses either notation: GTP first when it looks like one (a letter
    /// then digits), else SGF.
    pub fn parse_any(text: &str, size: u8) -> Result<Point, CoordError> {
        // Full-width forms (Ｑ１６ from a CJK input method) read as ASCII.
        let t: String = text
            .trim()
            .chars()
            .map(|c| match c {
                '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
                c => c,
            })
            .collect();
        let t = t.trim();
        // By characters, never by bytes: any text is an answer, not a panic.
        let mut chars = t.chars();
        let looks_gtp = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
            && !chars.as_str().is_empty()
            && chars.as_str().bytes().all(|b| b.is_ascii_digit());
        if looks_gtp {
            return Point::from_gtp(t, size);
        }
        match Point::from_sgf(t) {
            Some(p) if p.is_on(size) => Ok(p),
            Some(_) => Err(CoordError::OffBoard(t.to_string(), size)),
            None => Err(CoordError::Malformed(t.to_string())),
        }
    }
}

/// A move: a stone at a point, or a pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// A stone played at a point.
    Play(Point),
    /// A pass.
    Pass,
}

impl Move {
    /// The move in GTP form: `Q16` or `pass`.
    pub fn to_gtp(self, size: u8) -> String {
        match self {
            Move::Play(p) => p.to_gtp(size),
            Move::Pass => "pass".to_string(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CoordError {
    Malformed(String),
    LetterI(String),
    OffBoard(String, u8),
}

impl CoordError {
    /// Why, in a language: "\"Z99\" is off the 9x9 board".
    pub fn words(&self, lang: crate::i18n::Lang) -> String {
        match self {
            CoordError::Malformed(t) => crate::tr!(lang, "coord.malformed", text = t),
            CoordError::LetterI(t) => crate::tr!(lang, "coord.letter_i", text = t),
            CoordError::OffBoard(t, size) => {
                crate::tr!(lang, "coord.off_board", text = t, size = size)
            }
        }
    }
}

impl std::fmt::Display for CoordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.words(crate::i18n::Lang::En))
    }
}

impl std::error::Error for CoordError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gtp_round_trip_on_19() {
        let p = Point::from_gtp("Q16", 19).unwrap();
        assert_eq!(p, Point::new(15, 3));
        assert_eq!(p.to_sgf(), "pd");
        assert_eq!(p.to_gtp(19), "Q16");
        assert_eq!(Point::from_gtp("a1", 19).unwrap(), Point::new(0, 18));
        assert_eq!(Point::from_gtp("T19", 19).unwrap(), Point::new(18, 0));
    }

    #[test]
    fn column_after_h_is_j() {
        assert_eq!(Point::from_gtp("J10", 19).unwrap(), Point::new(8, 9));
        assert_eq!(Point::new(8, 9).to_gtp(19), "J10");
        assert!(matches!(
            Point::from_gtp("I5", 19),
            Err(CoordError::LetterI(_))
        ));
    }

    #[test]
    fn gtp_on_25x25_uses_z() {
        assert_eq!(Point::from_gtp("Z25", 25).unwrap(), Point::new(24, 0));
        assert_eq!(Point::new(24, 24).to_gtp(25), "Z1");
    }

    #[test]
    fn any_text_is_an_answer_not_a_panic() {
        for t in [
            "é4",
            "ö4",
            "中",
            "é",
            "Ｑ",
            "4é",
            "",
            " ",
            "\u{1b}[2J",
            "a\u{0301}4",
            "Q99999999",
        ] {
            assert!(Point::parse_any(t, 19).is_err(), "{t:?}");
        }
        // Full-width coordinates from a CJK input method are read.
        assert_eq!(Point::parse_any("Ｑ１６", 19), Point::from_gtp("Q16", 19));
        assert_eq!(Point::parse_any("ｐｄ", 19), Point::from_gtp("Q16", 19));
        // A cursor left off a smaller board shows as `?`, not a wrapped row.
        assert_eq!(Point::new(3, 12).to_gtp(9), "D?");
    }

    #[test]
    fn off_board_and_malformed() {
        assert!(matches!(
            Point::from_gtp("U1", 19),
            Err(CoordError::OffBoard(..))
        ));
        assert!(matches!(
            Point::from_gtp("A20", 19),
            Err(CoordError::OffBoard(..))
        ));
        assert!(matches!(
            Point::from_gtp("A0", 19),
            Err(CoordError::OffBoard(..))
        ));
        assert!(matches!(
            Point::from_gtp("", 19),
            Err(CoordError::Malformed(_))
        ));
        assert!(matches!(
            Point::from_gtp("Q", 19),
            Err(CoordError::Malformed(_))
        ));
        assert!(Point::from_sgf("p").is_none());
        assert!(Point::from_sgf("p1").is_none());
    }

    #[test]
    fn parse_any_takes_both_styles() {
        assert_eq!(Point::parse_any("pd", 19).unwrap(), Point::new(15, 3));
        assert_eq!(Point::parse_any("Q16", 19).unwrap(), Point::new(15, 3));
        assert!(Point::parse_any("tt", 19).is_err());
        assert_eq!(Point::parse_any("ee", 9).unwrap(), Point::new(4, 4));
    }
}
