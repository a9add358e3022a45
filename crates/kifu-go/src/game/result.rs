//! Game results as SGF `RE` records them, read defensively (real files hold
//! `B+1.50`, `W+Resign`, `Draw`, `D+J`, bare `W`, ...) and written in the
//! canonical form (`B+1.5`, `W+R`, `0`, `Void`, `?`).

use std::fmt;

use super::point::Color;

/// By how much a game was won.
#[derive(Debug, Clone, PartialEq)]
pub enum Margin {
    /// By points (`B+1.5`).
    Points(f64),
    /// By resignation (`B+R`).
    Resign,
    /// On time (`B+T`).
    Time,
    /// By forfeit (`B+F`).
    Forfeit,
    /// A winner with no margin given (`B+`, bare `B`).
    Unspecified,
}

/// A game's result, as SGF `RE` records it.
#[derive(Debug, Clone, PartialEq)]
pub enum GameResult {
    /// A win by a colour, and by how much.
    Win(Color, Margin),
    /// A draw (jigo, `0`).
    Draw,
    /// No result (`Void`).
    Void,
    /// Unknown (`?`).
    Unknown,
    /// Text kifu does not understand, kept as it was.
    Other(String),
}

impl GameResult {
    /// Reads an `RE` value leniently (`B+1.50`, `W+Resign`, `jigo`, bare
    /// `W`); text it does not understand is kept as `Other`.
    pub fn parse(text: &str) -> GameResult {
        let t = text.trim();
        let lower = t.to_ascii_lowercase();
        match lower.as_str() {
            "0" | "draw" | "jigo" | "d" | "d+j" | "=" => return GameResult::Draw,
            "void" | "no result" => return GameResult::Void,
            "?" | "" | "unknown" => return GameResult::Unknown,
            _ => {}
        }
        let winner = match lower.as_bytes().first() {
            Some(b'b') => Color::Black,
            Some(b'w') => Color::White,
            _ => return GameResult::Other(t.to_string()),
        };
        let rest = &lower[1..];
        let rest = rest.strip_prefix('+').unwrap_or(rest).trim();
        let margin = match rest {
            "" => Margin::Unspecified,
            "r" | "res" | "resign" | "resignation" => Margin::Resign,
            "t" | "time" => Margin::Time,
            "f" | "forfeit" => Margin::Forfeit,
            other => match other.parse::<f64>() {
                Ok(v) if v.is_finite() && v >= 0.0 => {
                    if v == 0.0 {
                        return GameResult::Draw;
                    }
                    Margin::Points(v)
                }
                _ => return GameResult::Other(t.to_string()),
            },
        };
        GameResult::Win(winner, margin)
    }

    /// From a point margin (> 0: Black ahead).
    pub fn from_margin(margin: f64) -> GameResult {
        if margin > 0.0 {
            GameResult::Win(Color::Black, Margin::Points(margin))
        } else if margin < 0.0 {
            GameResult::Win(Color::White, Margin::Points(-margin))
        } else {
            GameResult::Draw
        }
    }

    /// Signed margin in points when the result is a count.
    pub fn margin(&self) -> Option<f64> {
        match self {
            GameResult::Win(Color::Black, Margin::Points(v)) => Some(*v),
            GameResult::Win(Color::White, Margin::Points(v)) => Some(-*v),
            GameResult::Draw => Some(0.0),
            _ => None,
        }
    }
}

/// Points without a trailing `.0` and with no more decimals than needed.
pub fn format_points(v: f64) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

impl fmt::Display for GameResult {
    /// The canonical SGF text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Win(c, m) => {
                write!(f, "{}+", c.letter())?;
                match m {
                    Margin::Points(v) => f.write_str(&format_points(*v)),
                    Margin::Resign => f.write_str("R"),
                    Margin::Time => f.write_str("T"),
                    Margin::Forfeit => f.write_str("F"),
                    Margin::Unspecified => Ok(()),
                }
            }
            GameResult::Draw => f.write_str("0"),
            GameResult::Void => f.write_str("Void"),
            GameResult::Unknown => f.write_str("?"),
            GameResult::Other(t) => f.write_str(t),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canon(s: &str) -> String {
        GameResult::parse(s).to_string()
    }

    #[test]
    fn canonical_forms() {
        assert_eq!(canon("B+1.50"), "B+1.5");
        assert_eq!(canon("W+0.5"), "W+0.5");
        assert_eq!(canon("w+64"), "W+64");
        assert_eq!(canon("W+Resign"), "W+R");
        assert_eq!(canon("B+Time"), "B+T");
        assert_eq!(canon("B+F"), "B+F");
        assert_eq!(canon("Draw"), "0");
        assert_eq!(canon("D+J"), "0");
        assert_eq!(canon("void"), "Void");
        assert_eq!(canon(""), "?");
        assert_eq!(canon("W"), "W+");
        assert_eq!(canon("B+AW"), "B+AW");
    }

    #[test]
    fn margins() {
        assert_eq!(GameResult::parse("B+1.5").margin(), Some(1.5));
        assert_eq!(GameResult::parse("W+0.5").margin(), Some(-0.5));
        assert_eq!(GameResult::parse("W+R").margin(), None);
        assert_eq!(GameResult::from_margin(-2.5).to_string(), "W+2.5");
        assert_eq!(GameResult::from_margin(0.0).to_string(), "0");
        assert_eq!(format_points(0.25), "0.25");
    }
}
