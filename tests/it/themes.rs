//! Every built-in theme can be read from the back of a room, computed from
//! the theme files as the themes are built into kifu (WCAG 2 contrast,
//! which is a ratio of luminances: colours 3:1 apart are told apart in a
//! grayscale picture too):
//! - the stones, both territories' fills and the dead marks stand at least
//!   3:1 from the board; black, which also writes the presenting caption,
//!   4.5:1 (text);
//! - a white stone is filled as solidly as a black one, and its fill and
//!   a black stone stand 3:1 apart, as do the two territories;
//! - the tiles of blocks of ten stand 3:1 from the board, and from each
//!   other enough to be seen as two shades;
//! - the message line reads 4.5:1 on the terminal (dark; light for the
//!   light theme).

use kifu::ui::theme::{Theme, contrast, rgb};

fn colour(name: &str, role: &str, c: Option<ratatui::style::Color>) -> (u8, u8, u8) {
    c.and_then(rgb)
        .unwrap_or_else(|| panic!("{name}.{role}: a colour"))
}

#[test]
fn every_theme_reads_against_its_board() {
    for name in Theme::names() {
        let Some(t) = Theme::builtin(name) else {
            panic!("{name} is built in");
        };
        if !t.color {
            continue;
        }
        let board = colour(name, "board", t.board);
        let floor = |role: &str| if role == "black" { 4.5 } else { 3.0 };
        for (role, c) in [
            ("black", t.black),
            ("white", t.white),
            ("white_fill", t.white_fill),
            ("territory_black", t.territory_black),
            ("territory_white", t.territory_white),
            ("dead", t.dead),
            ("block", t.block),
            ("block_alt", t.block_alt),
        ] {
            let ratio = contrast(colour(name, role, c), board);
            assert!(
                ratio >= floor(role),
                "{name}.{role} on the board: {ratio:.2}:1, under {}:1",
                floor(role)
            );
        }
        for (a, b, floor) in [
            ("black", "white_fill", 3.0),
            ("territory_black", "territory_white", 3.0),
            ("block", "block_alt", 1.3),
        ] {
            let pick = |role: &str| match role {
                "black" => t.black,
                "white_fill" => t.white_fill,
                "territory_black" => t.territory_black,
                "territory_white" => t.territory_white,
                "block" => t.block,
                _ => t.block_alt,
            };
            let ratio = contrast(colour(name, a, pick(a)), colour(name, b, pick(b)));
            assert!(
                ratio >= floor,
                "{name}: {a} and {b} {ratio:.2}:1, under {floor}:1"
            );
        }
        // The message line, on the terminal's background: dark, but for
        // the light theme's.
        let terminal = if name == "light" {
            (255, 255, 255)
        } else {
            (0, 0, 0)
        };
        if let Some(m) = t.message.and_then(rgb) {
            let ratio = contrast(m, terminal);
            assert!(ratio >= 4.5, "{name}.message on {terminal:?}: {ratio:.2}:1");
        }
    }
}

#[test]
fn the_contrast_formula_is_wcag_s() {
    assert!((contrast((0, 0, 0), (255, 255, 255)) - 21.0).abs() < 1e-9);
    assert!((contrast((119, 119, 119), (255, 255, 255)) - 4.48).abs() < 0.01);
    assert_eq!(contrast((10, 20, 30), (10, 20, 30)), 1.0);
}
