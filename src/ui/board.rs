//! The board: the grid, the stones, and in count mode each point's glyph
//! for the view and step shown.

use super::fills::{fill_territory, fill_white_stone, in_alt_shade, shades_shown};
use super::*;

/// `room`: the room's tiles go over it (`room.rs`), so the marks beside
/// stones are left out.
pub(super) fn draw_board(buf: &mut Buffer, app: &App, look: Look, lay: &Layout, room: bool) {
    // Confirmation play draws its own copy of the position.
    let board = match &app.confirm() {
        Some(cf) => &cf.board,
        None => app.record().board(),
    };
    let size = board.size();
    let wood = if look.color {
        fg(bg(Style::default(), look.theme.board), look.theme.grid)
    } else {
        Style::default()
    };
    draw_wood(buf, size, look, lay, wood);
    let last = match app.record().node(app.record().current()).mv {
        Some((_, Move::Play(p))) => Some(p),
        _ => None,
    };
    let point = PointLook {
        shades: shades_shown(app),
        stars: star_points(size),
        ko: board.ko_point().map(|(p, _)| p),
        counting: shown_count(app),
        wood,
        look,
    };
    let reach = if look.unicode { lay.stone_reach() } else { 0 };
    if let Some(cs) = point.counting.filter(|_| look.color) {
        fill_territory(buf, cs, look, lay, &point.shades);
    }
    for p in board.points() {
        let (c, r) = lay.cell_of(p);
        let (sym, st) = point.cell(board, p);
        buf.set_string(c, r, sym.to_string(), st);
        // A projector's cells: stones and marks fill them.
        let kind = match point.counting {
            Some(cs) => Big::of_glyph(cs.glyph(p)),
            None => board.get(p).map(Big::Stone),
        };
        // With colour, territory is its cells' background (drawn above).
        let kind = kind.filter(|k| !(look.color && matches!(k, Big::Territory(_))));
        if let Some(k) = kind.filter(|_| reach > 0) {
            draw_big(buf, look, k, (c, r), (reach, sym), st);
        }
        let (c_left, c_right) = match kind {
            Some(k) if reach > 0 && k.is_stone() => (c - reach, c + reach),
            _ => (c, c),
        };
        // Marks on both sides of a point, readable without colour: the
        // cursor's brackets [X] (without colour the terminal's cursor
        // does not show it), the last move's parentheses (X), and in count
        // mode a question mark after a stone of a group kifu's proposal is
        // unsure of (X?), which colour only highlights.
        let unsure = point.counting.is_some_and(|cs| cs.is_unsure(p));
        let marks = if !look.color && p == app.cursor() {
            Some(("[", "]"))
        } else if Some(p) == last {
            Some(("(", ")"))
        } else if unsure {
            Some(("", "?"))
        } else {
            None
        };
        if let Some((l, rr)) = marks.filter(|_| !room) {
            let ms = if look.color && l == "(" {
                fg(wood, look.theme.last_move)
            } else {
                wood
            };
            if !l.is_empty() {
                buf.set_string(c_left - 1, r, l, ms);
            }
            buf.set_string(c_right + 1, r, rr, ms);
        }
    }
}

/// A stone or mark across a large cell, centred on `(c, r)`.
fn draw_big(
    buf: &mut Buffer,
    look: Look,
    kind: Big,
    (c, r): (u16, u16),
    (reach, sym): (u16, char),
    st: Style,
) {
    let Some(rows) = kind.rows(reach, sym) else {
        return;
    };
    for (dy, row) in rows.iter().enumerate() {
        if !row.is_empty() {
            let w = row.chars().count() as u16;
            buf.set_string(c - w / 2, r + dy as u16 - 1, row, st);
        }
    }
    if kind == Big::Stone(Color::White) {
        fill_white_stone(buf, look, (c, r), reach, st);
    }
}

/// The wood and the grid lines, and the coordinates around them: from one
/// column left of the first point to one right of the last (where
/// brackets go), every row of the grid.
fn draw_wood(buf: &mut Buffer, size: u8, look: Look, lay: &Layout, wood: Style) {
    let (cw, ch) = (i32::from(lay.cw), i32::from(lay.ch));
    let n = i32::from(size);
    let (x0, y0) = lay.cell_of(Point::new(0, 0));
    let (x0, y0) = (i32::from(x0), i32::from(y0));
    let b = lay.board;
    // The wood between the coordinates (large cells leave a margin around
    // the grid for their stones).
    for r in b.y + 1..b.y + b.height - 1 {
        for c in b.x + 2..b.x + b.width - 2 {
            let (ci, ri) = (i32::from(c), i32::from(r));
            let in_rows = (y0..=y0 + ch * (n - 1)).contains(&ri);
            let between_rows = (ri - y0).rem_euclid(ch) != 0;
            let on_column = ci >= x0 && ci <= x0 + cw * (n - 1) && (ci - x0) % cw == 0;
            let sym = match (look.unicode && in_rows, between_rows, on_column) {
                (true, true, true) => "│",
                (true, false, false) if ci > x0 && ci < x0 + cw * (n - 1) => "─",
                _ => " ",
            };
            buf.set_string(c, r, sym, wood);
        }
    }
    let label = Style::default();
    for x in 0..size {
        let (c, _) = lay.cell_of(Point::new(x, 0));
        let letter = Point::column_letter(x);
        buf.set_string(c, b.y, letter.to_string(), label);
        buf.set_string(c, b.y + b.height - 1, letter.to_string(), label);
    }
    for y in 0..size {
        let (_, r) = lay.cell_of(Point::new(0, y));
        let num = u16::from(size) - u16::from(y);
        buf.set_string(b.x, r, format!("{num:>2}"), label);
        buf.set_string(b.x + b.width - 2, r, format!("{num}"), label);
    }
}

/// What a point shows in a large cell: a stone across the cell (black
/// filled, white an outline), a dead stone or prisoner as a dashed outline
/// round its letter, territory as a small square (black filled, white
/// shaded), a block of ten as a tile round its label. Anything else stays
/// one glyph. Shapes, not colour, tell them apart.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Big {
    Stone(Color),
    Dead,
    Territory(Color),
    Block,
}

impl Big {
    fn of_glyph(g: Glyph) -> Option<Big> {
        match g {
            Glyph::Stone(c) | Glyph::CountedStone(c) => Some(Big::Stone(c)),
            Glyph::Dead(_) | Glyph::Prisoner(_) => Some(Big::Dead),
            Glyph::Territory(c) => Some(Big::Territory(c)),
            Glyph::Block(..) => Some(Big::Block),
            _ => None,
        }
    }

    fn is_stone(self) -> bool {
        matches!(self, Big::Stone(_) | Big::Dead)
    }

    /// The three rows (above, on and below the point) of the shape, `reach`
    /// columns each side of the point; `sym` is the one-glyph mark (a
    /// letter or a label) it keeps in the middle.
    fn rows(self, reach: u16, sym: char) -> Option<[String; 3]> {
        if reach == 1 {
            // One row, three columns.
            let mid = match self {
                Big::Stone(Color::Black) => "▐█▌".to_string(),
                Big::Stone(Color::White) => "▕○▏".to_string(),
                Big::Dead => format!("┊{sym}┊"),
                Big::Block => format!(" {sym} "),
                Big::Territory(_) => return None,
            };
            return Some([String::new(), mid, String::new()]);
        }
        let inner = usize::from(2 * reach - 1);
        let line = |l: &str, m: &str, r: &str| format!("{l}{}{r}", m.repeat(inner));
        let centred = |l: &str, r: &str| {
            let side = " ".repeat(inner / 2);
            format!("{l}{side}{sym}{side}{r}")
        };
        Some(match self {
            Big::Stone(Color::Black) => [
                line("▄", "█", "▄"),
                line("█", "█", "█"),
                line("▀", "█", "▀"),
            ],
            Big::Stone(Color::White) => [
                line("╭", "─", "╮"),
                line("│", " ", "│"),
                line("╰", "─", "╯"),
            ],
            Big::Dead => [line("┌", "┄", "┐"), centred("┆", "┆"), line("└", "┄", "┘")],
            Big::Territory(Color::Black) => [String::new(), "███".into(), String::new()],
            Big::Territory(Color::White) => [String::new(), "░░░".into(), String::new()],
            Big::Block => [
                " ".repeat(inner + 2),
                centred(" ", " "),
                " ".repeat(inner + 2),
            ],
        })
    }
}

/// What every point of the board is drawn with.
struct PointLook<'a> {
    /// The shade of each block of ten on the board, by side.
    shades: Vec<(Color, Vec<u8>)>,
    stars: Vec<Point>,
    ko: Option<Point>,
    counting: Option<&'a CountState>,
    wood: Style,
    look: Look,
}

impl PointLook<'_> {
    /// The character and style of point `p`: its stone, the ko that may
    /// not be retaken, a star point or the grid, and in count mode its
    /// glyph.
    fn cell(&self, board: &crate::game::Board, p: Point) -> (char, Style) {
        let (look, wood) = (self.look, self.wood);
        let size = board.size();
        let star = self.stars.contains(&p);
        let empty = match look.unicode {
            true if star => '╋',
            true => grid_char(p.x, p.y, size),
            false if star => '+',
            false => '.',
        };
        let stone = board.get(p);
        let sym = match (stone, look.unicode) {
            (Some(Color::Black), true) => '●',
            (Some(Color::White), true) => '○',
            (Some(Color::Black), false) => 'X',
            (Some(Color::White), false) => 'O',
            // The point that may not be retaken now.
            (None, true) if Some(p) == self.ko => '□',
            (None, false) if Some(p) == self.ko => '#',
            (None, _) => empty,
        };
        let st = match (look.color, stone) {
            (true, Some(Color::Black)) => fg(wood, look.theme.black),
            (true, Some(Color::White)) => fg(wood, look.theme.white),
            (true, None) if star => fg(wood, look.theme.star),
            _ => wood,
        };
        match self.counting {
            Some(cs) => {
                let (c, st) = count_cell(cs, p, (sym, empty), st, look);
                // A block beside another in the other shade.
                match cs.glyph(p) {
                    Glyph::Block(i, side) if look.color => {
                        let alt = in_alt_shade(&self.shades, side, i);
                        (
                            c,
                            if alt {
                                bg(st, look.theme.block_alt)
                            } else {
                                st
                            },
                        )
                    }
                    _ => (c, st),
                }
            }
            None => (sym, st),
        }
    }
}

/// The count to draw: in count mode, and under its overlays.
pub(super) fn shown_count(app: &App) -> Option<&CountState> {
    match app.mode() {
        Mode::Count | Mode::Ask(crate::app::Question::Result) | Mode::Legend => {
            app.count().as_ref()
        }
        Mode::Help if *app.base() == Mode::Count => app.count().as_ref(),
        _ => None,
    }
}

/// A point in count mode: what the view and the step show there (the
/// glyph of `count::glyph`), as a character that reads without colour and
/// a style where colour helps. `sym` is what the board has there.
pub(super) fn count_cell(
    cs: &CountState,
    p: Point,
    (sym, empty): (char, char),
    st: Style,
    look: Look,
) -> (char, Style) {
    let g = cs.glyph(p);
    let (c, st) = glyph_cell(g, (sym, empty), st, look);
    // A chain kifu's proposal is unsure about: highlighted for the players
    // to decide (the panel lists them too).
    if matches!(g, Glyph::Stone(_) | Glyph::CountedStone(_)) && cs.is_unsure(p) && look.color {
        return (c, bg(st, look.theme.unsure));
    }
    (c, st)
}

/// The character of a glyph in this look: shapes in Unicode with colour,
/// letters otherwise (the same letters as `kifu show --count`). `sym` is
/// what the board shows at the point, `empty` what it shows without a
/// stone.
pub fn glyph_char(g: Glyph, (sym, empty): (char, char), look: Look) -> char {
    // Shapes where Unicode and colour help; the plain-text letters
    // (`Glyph::letter`) otherwise.
    let shape = look.unicode && look.color;
    match g {
        Glyph::Stone(_) | Glyph::CountedStone(_) => sym,
        Glyph::Empty => empty,
        Glyph::Territory(Color::Black) if shape => '▪',
        Glyph::Territory(Color::White) if shape => '▫',
        Glyph::SekiEye(_) if shape => '◦',
        Glyph::Shared if shape => '½',
        g => g.letter(),
    }
}

pub(super) fn glyph_cell(g: Glyph, syms: (char, char), st: Style, look: Look) -> (char, Style) {
    let c = glyph_char(g, syms, look);
    if !look.color {
        // Counted stones are underlined: an attribute, not a colour.
        return match g {
            Glyph::CountedStone(_) => (c, st.add_modifier(Modifier::UNDERLINED)),
            _ => (c, st),
        };
    }
    let t = &look.theme;
    // A territory's fill, and the colour of its side's marks on it.
    let fill = |c: Color| match c {
        Color::Black => t.territory_black,
        Color::White => t.territory_white,
    };
    // On Black's dark fill its mark is drawn in the wood's colour.
    let mark = |c: Color| match c {
        Color::Black if t.territory_black.is_some() => t.board,
        Color::Black => t.black,
        Color::White => t.white,
    };
    let st = match g {
        Glyph::Stone(_) => st,
        Glyph::CountedStone(_) => st.add_modifier(Modifier::UNDERLINED),
        // On its taker's fill: in the wood's colour on Black's dark one,
        // in `dead` on White's light one.
        Glyph::Dead(c) | Glyph::Prisoner(c) => match fill(c.opponent()) {
            Some(f) => fg(
                bg(st, Some(f)),
                if c == Color::White {
                    mark(Color::Black)
                } else {
                    t.dead
                },
            ),
            None => fg(st, t.dead),
        },
        Glyph::Territory(c) => fg(bg(st, fill(c)), mark(c)),
        Glyph::SekiEye(c) | Glyph::Protect(c) => fg(st, fill(c)),
        Glyph::Block(_, c) => fg(
            bg(st, t.block),
            match c {
                Color::Black => t.black,
                Color::White => t.white,
            },
        ),
        Glyph::Shared => bg(st, t.block),
        Glyph::SekiLiberty => fg(st, t.seki),
        Glyph::Dame => fg(st, t.dame),
        Glyph::Empty | Glyph::Aside => st,
    };
    (c, st)
}

pub(super) fn grid_char(x: u8, y: u8, size: u8) -> char {
    let (l, r, t, b) = (x == 0, x + 1 == size, y == 0, y + 1 == size);
    match (t, b, l, r) {
        (true, _, true, _) => '┌',
        (true, _, _, true) => '┐',
        (_, true, true, _) => '└',
        (_, true, _, true) => '┘',
        (true, _, _, _) => '┬',
        (_, true, _, _) => '┴',
        (_, _, true, _) => '├',
        (_, _, _, true) => '┤',
        _ => '┼',
    }
}
