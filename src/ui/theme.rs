//! Themes: semantic roles (board, stones, cursor, territory, ...) mapped to
//! colours, read from TOML. The built-in ones are embedded from `themes/`.

use ratatui::style::Color as Tc;
use serde::Deserialize;

const BUILTIN: [(&str, &str); 5] = [
    ("default", include_str!("../../themes/default.toml")),
    ("light", include_str!("../../themes/light.toml")),
    ("projector", include_str!("../../themes/projector.toml")),
    ("ascii", include_str!("../../themes/ascii.toml")),
    ("mono", include_str!("../../themes/mono.toml")),
];

/// A theme ready to draw with. `None` colours leave the terminal's own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    pub unicode: bool,
    pub color: bool,
    pub large: bool,
    pub board: Option<Tc>,
    pub grid: Option<Tc>,
    pub black: Option<Tc>,
    pub white: Option<Tc>,
    pub cursor: Option<Tc>,
    pub last_move: Option<Tc>,
    pub territory_black: Option<Tc>,
    pub territory_white: Option<Tc>,
    pub dame: Option<Tc>,
    pub seki: Option<Tc>,
    pub dead: Option<Tc>,
    pub block: Option<Tc>,
    pub unsure: Option<Tc>,
    pub star: Option<Tc>,
    pub panel: Option<Tc>,
    pub message: Option<Tc>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ThemeFile {
    unicode: Option<bool>,
    color: Option<bool>,
    large: Option<bool>,
    board: Option<String>,
    grid: Option<String>,
    black: Option<String>,
    white: Option<String>,
    cursor: Option<String>,
    last_move: Option<String>,
    territory_black: Option<String>,
    territory_white: Option<String>,
    dame: Option<String>,
    seki: Option<String>,
    dead: Option<String>,
    block: Option<String>,
    unsure: Option<String>,
    star: Option<String>,
    panel: Option<String>,
    message: Option<String>,
}

/// A colour as a theme writes it.
pub fn parse_color(text: &str) -> Result<Option<Tc>, String> {
    let t = text.trim().to_ascii_lowercase();
    if t == "none" || t.is_empty() {
        return Ok(None);
    }
    if let Some(hex) = t.strip_prefix('#') {
        let ok = hex.len() == 6 && hex.chars().all(|c| c.is_ascii_hexdigit());
        let v = u32::from_str_radix(hex, 16).ok().filter(|_| ok);
        return match v {
            Some(v) => Ok(Some(Tc::Rgb((v >> 16) as u8, (v >> 8) as u8, v as u8))),
            None => Err(format!("{text:?} is not a colour like \"#c8a060\"")),
        };
    }
    if let Some(n) = t.strip_prefix("indexed:") {
        return n
            .parse::<u8>()
            .map(|n| Some(Tc::Indexed(n)))
            .map_err(|_| format!("{text:?}: indexed colours go from 0 to 255"));
    }
    let named = match t.as_str() {
        "black" => Tc::Black,
        "red" => Tc::Red,
        "green" => Tc::Green,
        "yellow" => Tc::Yellow,
        "blue" => Tc::Blue,
        "magenta" => Tc::Magenta,
        "cyan" => Tc::Cyan,
        "gray" | "grey" => Tc::Gray,
        "dark_gray" | "dark_grey" => Tc::DarkGray,
        "white" => Tc::White,
        _ => {
            return Err(format!(
                "{text:?} is not a colour: use \"#c8a060\", a name like \"black\", \"indexed:179\" or \"none\""
            ));
        }
    };
    Ok(Some(named))
}

/// A colour as red, green, blue, taking the named and indexed colours as
/// xterm draws them by default (a terminal may differ; themes meant to be
/// read from afar should use `#rrggbb`).
pub fn rgb(c: Tc) -> Option<(u8, u8, u8)> {
    const ANSI: [(u8, u8, u8); 16] = [
        (0, 0, 0),
        (205, 0, 0),
        (0, 205, 0),
        (205, 205, 0),
        (0, 0, 238),
        (205, 0, 205),
        (0, 205, 205),
        (229, 229, 229),
        (127, 127, 127),
        (255, 0, 0),
        (0, 255, 0),
        (255, 255, 0),
        (92, 92, 255),
        (255, 0, 255),
        (0, 255, 255),
        (255, 255, 255),
    ];
    let indexed = |n: u8| -> (u8, u8, u8) {
        match n {
            0..=15 => ANSI[usize::from(n)],
            16..=231 => {
                let i = n - 16;
                let level = |v: u8| if v == 0 { 0 } else { 55 + 40 * v };
                (level(i / 36), level(i / 6 % 6), level(i % 6))
            }
            _ => {
                let v = 8 + 10 * (n - 232);
                (v, v, v)
            }
        }
    };
    Some(match c {
        Tc::Rgb(r, g, b) => (r, g, b),
        Tc::Indexed(n) => indexed(n),
        Tc::Black => ANSI[0],
        Tc::Red => ANSI[1],
        Tc::Green => ANSI[2],
        Tc::Yellow => ANSI[3],
        Tc::Blue => ANSI[4],
        Tc::Magenta => ANSI[5],
        Tc::Cyan => ANSI[6],
        Tc::Gray => ANSI[7],
        Tc::DarkGray => ANSI[8],
        Tc::LightRed => ANSI[9],
        Tc::LightGreen => ANSI[10],
        Tc::LightYellow => ANSI[11],
        Tc::LightBlue => ANSI[12],
        Tc::LightMagenta => ANSI[13],
        Tc::LightCyan => ANSI[14],
        Tc::White => ANSI[15],
        Tc::Reset => return None,
    })
}

/// The WCAG 2 contrast ratio of two colours (1 to 21).
pub fn contrast(a: (u8, u8, u8), b: (u8, u8, u8)) -> f64 {
    let lum = |(r, g, b): (u8, u8, u8)| {
        let ch = |v: u8| {
            let v = f64::from(v) / 255.0;
            if v <= 0.03928 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b)
    };
    let (x, y) = (lum(a), lum(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

impl Theme {
    /// No colours at all, everything allowed: the base every theme file
    /// fills in.
    pub fn plain() -> Theme {
        Theme {
            unicode: true,
            color: true,
            large: false,
            board: None,
            grid: None,
            black: None,
            white: None,
            cursor: None,
            last_move: None,
            territory_black: None,
            territory_white: None,
            dame: None,
            seki: None,
            dead: None,
            block: None,
            unsure: None,
            star: None,
            panel: None,
            message: None,
        }
    }

    /// The names of the built-in themes.
    pub fn names() -> Vec<&'static str> {
        BUILTIN.iter().map(|(n, _)| *n).collect()
    }

    /// A built-in theme by name.
    pub fn builtin(name: &str) -> Option<Theme> {
        let (_, text) = BUILTIN.iter().find(|(n, _)| *n == name)?;
        Theme::parse(text).ok()
    }

    /// Reads a theme. The error names the line and the problem.
    pub fn parse(text: &str) -> Result<Theme, String> {
        let file: ThemeFile = toml::from_str(text).map_err(|e| {
            let line = e
                .span()
                .map(|s| text[..s.start.min(text.len())].matches('\n').count() + 1);
            match line {
                Some(l) => format!("line {l}: {}", e.message()),
                None => e.message().to_string(),
            }
        })?;
        let c = |name: &str, v: &Option<String>| -> Result<Option<Tc>, String> {
            match v {
                None => Ok(None),
                Some(t) => parse_color(t).map_err(|e| {
                    let line = text
                        .lines()
                        .position(|l| l.trim_start().starts_with(name))
                        .map_or(0, |i| i + 1);
                    format!("line {line}: {name}: {e}")
                }),
            }
        };
        Ok(Theme {
            unicode: file.unicode.unwrap_or(true),
            color: file.color.unwrap_or(true),
            large: file.large.unwrap_or(false),
            board: c("board", &file.board)?,
            grid: c("grid", &file.grid)?,
            black: c("black", &file.black)?,
            white: c("white", &file.white)?,
            cursor: c("cursor", &file.cursor)?,
            last_move: c("last_move", &file.last_move)?,
            territory_black: c("territory_black", &file.territory_black)?,
            territory_white: c("territory_white", &file.territory_white)?,
            dame: c("dame", &file.dame)?,
            seki: c("seki", &file.seki)?,
            dead: c("dead", &file.dead)?,
            block: c("block", &file.block)?,
            unsure: c("unsure", &file.unsure)?,
            message: c("message", &file.message)?,
            panel: c("panel", &file.panel)?,
            star: c("star", &file.star)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_theme_parses() {
        for name in Theme::names() {
            assert!(Theme::builtin(name).is_some(), "{name}");
        }
        let ascii = Theme::builtin("ascii").unwrap_or_else(|| panic!("ascii"));
        assert!(!ascii.unicode && !ascii.color);
    }

    #[test]
    fn a_bad_colour_is_reported_with_its_line() {
        let err = Theme::parse("unicode = true\n\nboard = \"brownish\"\n").unwrap_err();
        assert!(err.starts_with("line 3: board:"), "{err}");
        assert!(err.contains("#c8a060"), "{err}");
    }

    #[test]
    fn an_unknown_key_is_reported_not_ignored() {
        let err = Theme::parse("color = true\nbackgrund = \"#000000\"\n").unwrap_err();
        assert!(err.starts_with("line 2:"), "{err}");
        assert!(err.contains("backgrund"), "{err}");
    }

    #[test]
    fn colours_in_all_their_forms() {
        assert_eq!(parse_color("#c8a060"), Ok(Some(Tc::Rgb(0xc8, 0xa0, 0x60))));
        assert_eq!(parse_color("indexed:179"), Ok(Some(Tc::Indexed(179))));
        assert_eq!(parse_color("Black"), Ok(Some(Tc::Black)));
        assert_eq!(parse_color("none"), Ok(None));
        assert!(parse_color("#12345").is_err());
        assert!(parse_color("indexed:300").is_err());
    }
}
