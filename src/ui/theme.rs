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

/// A theme ready to draw with, read from TOML as it is: every role a
/// colour (ratatui's names, `#rrggbb`, an xterm number) or `"none"`, which
/// leaves the terminal's own. Roles a file leaves out have none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Theme {
    pub unicode: bool,
    pub color: bool,
    pub large: bool,
    #[serde(deserialize_with = "colour")]
    pub board: Option<Tc>,
    #[serde(deserialize_with = "colour")]
    pub grid: Option<Tc>,
    #[serde(deserialize_with = "colour")]
    pub black: Option<Tc>,
    /// A white stone's edge (and its glyph where it is one character).
    #[serde(deserialize_with = "colour")]
    pub white: Option<Tc>,
    /// The inside of a white stone drawn across its cells (none: an
    /// outline, as in print).
    #[serde(deserialize_with = "colour")]
    pub white_fill: Option<Tc>,
    #[serde(deserialize_with = "colour")]
    pub cursor: Option<Tc>,
    #[serde(deserialize_with = "colour")]
    pub last_move: Option<Tc>,
    /// The background that fills a point of Black's territory (its mark
    /// drawn in `black` on it).
    #[serde(deserialize_with = "colour")]
    pub territory_black: Option<Tc>,
    /// The same for White's (its mark in `white`).
    #[serde(deserialize_with = "colour")]
    pub territory_white: Option<Tc>,
    #[serde(deserialize_with = "colour")]
    pub dame: Option<Tc>,
    #[serde(deserialize_with = "colour")]
    pub seki: Option<Tc>,
    #[serde(deserialize_with = "colour")]
    pub dead: Option<Tc>,
    /// A block of ten's tile, and the tile of a block beside it.
    #[serde(deserialize_with = "colour")]
    pub block: Option<Tc>,
    #[serde(deserialize_with = "colour")]
    pub block_alt: Option<Tc>,
    #[serde(deserialize_with = "colour")]
    pub unsure: Option<Tc>,
    /// Presenting a count (F5): each territory's tile, a mid-tone of its
    /// own hue (none: F5 draws as count mode; see `ui/room.rs`).
    #[serde(deserialize_with = "colour")]
    pub room_territory_black: Option<Tc>,
    #[serde(deserialize_with = "colour")]
    pub room_territory_white: Option<Tc>,
    /// The cross on a dead stone's tile there.
    #[serde(deserialize_with = "colour")]
    pub room_dead: Option<Tc>,
    /// A block of ten's tile there, and the tile of a block beside it.
    #[serde(deserialize_with = "colour")]
    pub room_block: Option<Tc>,
    #[serde(deserialize_with = "colour")]
    pub room_block_alt: Option<Tc>,
    #[serde(deserialize_with = "colour")]
    pub star: Option<Tc>,
    #[serde(deserialize_with = "colour")]
    pub panel: Option<Tc>,
    #[serde(deserialize_with = "colour")]
    pub message: Option<Tc>,
}

impl Default for Theme {
    /// No colours at all, everything allowed: the base every theme file
    /// fills in.
    fn default() -> Theme {
        Theme {
            unicode: true,
            color: true,
            large: false,
            board: None,
            grid: None,
            black: None,
            white: None,
            white_fill: None,
            cursor: None,
            last_move: None,
            territory_black: None,
            territory_white: None,
            dame: None,
            seki: None,
            dead: None,
            block: None,
            block_alt: None,
            unsure: None,
            room_territory_black: None,
            room_territory_white: None,
            room_dead: None,
            room_block: None,
            room_block_alt: None,
            star: None,
            panel: None,
            message: None,
        }
    }
}

/// A role's colour in a theme file.
fn colour<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Tc>, D::Error> {
    let text = String::deserialize(d)?;
    parse_color(&text).map_err(serde::de::Error::custom)
}

/// A colour as a theme writes it: ratatui's own reading (`black`,
/// `dark_gray`, `#c8a060`, `179`), or `none`. `indexed:179`, the form of
/// earlier theme files, is read as `179`.
pub fn parse_color(text: &str) -> Result<Option<Tc>, String> {
    let t = text.trim();
    if t.is_empty() || t.eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    let t = t.strip_prefix("indexed:").unwrap_or(t);
    t.parse::<Tc>().map(Some).map_err(|_| {
        format!(
            "{text:?} is not a colour: use \"#c8a060\", a name like \"black\", an xterm number like \"179\" or \"none\""
        )
    })
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
    /// No colours at all, everything allowed.
    pub fn plain() -> Theme {
        Theme::default()
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

    /// Reads a theme. The error names the line, the key and the problem.
    pub fn parse(text: &str) -> Result<Theme, crate::config::ConfigError> {
        toml::from_str(text).map_err(|e| {
            let line = e
                .span()
                .map(|s| text[..s.start.min(text.len())].matches('\n').count() + 1);
            let key = line
                .and_then(|l| text.lines().nth(l - 1))
                .and_then(|l| l.split_once('='))
                .map(|(k, _)| k.trim());
            let message = match key {
                Some(k) => format!("{k}: {}", e.message()),
                None => e.message().to_string(),
            };
            crate::config::ConfigError::Toml(line, message)
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
        let err = Theme::parse("unicode = true\n\nboard = \"brownish\"\n")
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("line 3: board:"), "{err}");
        assert!(err.contains("#c8a060"), "{err}");
    }

    #[test]
    fn an_unknown_key_is_reported_not_ignored() {
        let err = Theme::parse("color = true\nbackgrund = \"#000000\"\n")
            .unwrap_err()
            .to_string();
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
        assert_eq!(parse_color("179"), Ok(Some(Tc::Indexed(179))));
        assert_eq!(parse_color("dark_gray"), Ok(Some(Tc::DarkGray)));
    }
}
