//! Every built-in theme can be read from the back of a room: stones,
//! territory marks and dead marks against the board colour by the WCAG 2
//! contrast ratio (at least 4.5:1, the projector theme 7:1), computed from
//! the theme files as the themes are built into kifu.

use kifu::ui::theme::{Theme, contrast, rgb};

#[test]
fn every_theme_reads_against_its_board() {
    for name in Theme::names() {
        let Some(t) = Theme::builtin(name) else {
            panic!("{name} is built in");
        };
        if !t.color {
            continue;
        }
        let board = t
            .board
            .and_then(rgb)
            .unwrap_or_else(|| panic!("{name}: a board colour"));
        let floor = if name == "projector" { 7.0 } else { 4.5 };
        for (role, c) in [
            // Black also writes the caption and the result under the board
            // when presenting: what the audience reads.
            ("black", t.black),
            ("white", t.white),
            ("territory_black", t.territory_black),
            ("territory_white", t.territory_white),
            ("dead", t.dead),
        ] {
            let c = c
                .and_then(rgb)
                .unwrap_or_else(|| panic!("{name}.{role}: a colour"));
            let ratio = contrast(c, board);
            assert!(
                ratio >= floor,
                "{name}.{role} on the board: {ratio:.2}:1, under {floor}:1"
            );
        }
    }
}

#[test]
fn the_contrast_formula_is_wcag_s() {
    assert!((contrast((0, 0, 0), (255, 255, 255)) - 21.0).abs() < 1e-9);
    assert!((contrast((119, 119, 119), (255, 255, 255)) - 4.48).abs() < 0.01);
    assert_eq!(contrast((10, 20, 30), (10, 20, 30)), 1.0);
}
