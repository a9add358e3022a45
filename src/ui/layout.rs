//! Where things go on the screen, for drawing and for mapping mouse clicks
//! back to points: one computation for both. Points are `cw` columns apart
//! and `ch` rows apart: 2x1 (the compact board, 19x19 fits 80x24), then
//! 4x2, 6x3 and 8x4, the largest the terminal has room for (a projector
//! in a room: a 9x9 fills most of 160x50, a 19x19 takes 6x3 at 200x60).

use ratatui::layout::Rect;

use crate::game::Point;

/// The panel beside the board needs at least this many columns.
const PANEL_MIN: u16 = 24;

/// Presenting a count, the caption's column beside the board: at least
/// this wide (else it goes under the board), at most this wide.
const SIDE_MIN: u16 = 30;
const SIDE_MAX: u16 = 72;

/// Cell scales, largest first.
const SCALES: [(u16, u16); 4] = [(8, 4), (6, 3), (4, 2), (2, 1)];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    pub board: Rect,
    pub panel: Rect,
    pub status: Rect,
    size: u8,
    /// Columns and rows from one point to the next.
    pub cw: u16,
    pub ch: u16,
}

impl Layout {
    /// Columns and rows of the board with its coordinates at a scale
    /// (large cells keep a margin for stones drawn across their cell).
    pub fn board_size(size: u8, cw: u16, ch: u16) -> (u16, u16) {
        let n = u16::from(size).saturating_sub(1);
        let (mx, my) = margins(cw, ch);
        (cw * n + 8 + 2 * mx, ch * n + 3 + 2 * my)
    }

    /// Half the width of a stone drawn across its cell (0: one glyph).
    pub fn stone_reach(&self) -> u16 {
        stone_reach(self.cw, self.ch)
    }

    /// The top-left point's cell (the grid's origin).
    fn origin(&self) -> (u16, u16) {
        let (mx, my) = margins(self.cw, self.ch);
        (self.board.x + 3 + mx, self.board.y + 1 + my)
    }

    /// The smallest terminal kifu draws in, for a board of `size`.
    pub fn minimum(size: u8) -> (u16, u16) {
        let (w, h) = Layout::board_size(size, 2, 1);
        (w + PANEL_MIN, h + 1)
    }

    /// The layout in `area` at the largest scale that fits, or None when
    /// even the compact board does not.
    pub fn new(area: Rect, size: u8) -> Option<Layout> {
        Layout::with_panel(area, size, true)
    }

    /// The layout of the screen shown: the board and panel, or while
    /// presenting the board alone (`counting`: with the count's caption
    /// and result in a margin beside it). Drawing and clicks use this one.
    pub fn shown(area: Rect, size: u8, presenting: bool, counting: bool) -> Option<Layout> {
        match (presenting, counting) {
            (true, true) => Layout::presenting_count(area, size),
            (presenting, _) => Layout::with_panel(area, size, !presenting),
        }
    }

    /// Presenting a count: the largest cells whose board fits with the
    /// caption beside it (a projector is wider than tall: at 220x60 a 19x19
    /// takes 6x3 cells and the caption the margin), or under it.
    fn presenting_count(area: Rect, size: u8) -> Option<Layout> {
        SCALES.iter().find_map(|&(cw, ch)| {
            let (w, h) = Layout::board_size(size, cw, ch);
            let beside = area.width.saturating_sub(w + 2);
            if beside >= SIDE_MIN && area.height >= h {
                // The board and the caption's column, centred together;
                // the column no wider than a caption reads well.
                let side = beside.min(SIDE_MAX);
                let x = area.x + (area.width - w - 2 - side) / 2;
                let y = area.y + (area.height - h) / 2;
                return Some(Layout {
                    board: Rect::new(x, y, w, h),
                    panel: Rect::new(area.x + area.width, area.y, 0, 0),
                    status: Rect::new(x + w + 2, y, side, h),
                    size,
                    cw,
                    ch,
                });
            }
            if area.width < w || area.height < h + 2 {
                return None;
            }
            let x = area.x + (area.width - w) / 2;
            Some(Layout {
                board: Rect::new(x, area.y, w, h),
                panel: Rect::new(area.x + area.width, area.y, 0, 0),
                status: Rect::new(area.x, area.y + h, area.width, area.height - h),
                size,
                cw,
                ch,
            })
        })
    }

    /// Whether the caption is beside the board (presenting a count).
    pub fn caption_beside(&self) -> bool {
        self.status.x >= self.board.x + self.board.width
    }

    /// The layout with or without the panel (presentation: the board
    /// alone, centred, and the status line for the caption).
    pub fn with_panel(area: Rect, size: u8, panel: bool) -> Option<Layout> {
        let room = if panel { PANEL_MIN } else { 0 };
        // The status line takes two rows (a caption to read aloud).
        let status = if panel { 1 } else { 2 };
        SCALES.iter().find_map(|&(cw, ch)| {
            let (w, h) = Layout::board_size(size, cw, ch);
            if area.width < w + room || area.height < h + status {
                return None;
            }
            let x = if panel {
                area.x
            } else {
                area.x + (area.width - w) / 2
            };
            Some(Layout {
                board: Rect::new(x, area.y, w, h),
                panel: if panel {
                    Rect::new(area.x + w + 1, area.y, area.width - w - 1, h)
                } else {
                    Rect::new(area.x + area.width, area.y, 0, 0)
                },
                status: Rect::new(area.x, area.y + h, area.width, area.height - h),
                size,
                cw,
                ch,
            })
        })
    }

    /// The screen cell of a point's stone.
    pub fn cell_of(&self, p: Point) -> (u16, u16) {
        let (x0, y0) = self.origin();
        (x0 + self.cw * u16::from(p.x), y0 + self.ch * u16::from(p.y))
    }

    /// A point's whole cell on the screen (the space up to the next
    /// point), clipped to the board's margin: what territory fills and
    /// a room's tile covers.
    pub fn cell_area(&self, p: Point) -> Option<Rect> {
        let last = self.size.saturating_sub(1);
        let (x0, y0) = self.cell_of(Point::new(0, 0));
        let (x1, y1) = self.cell_of(Point::new(last, last));
        let reach = self.stone_reach().max(1);
        let margin = self.ch.saturating_sub(1) / 2;
        let (c, r) = self.cell_of(p);
        let (cx, cy) = (c.saturating_sub(self.cw / 2), r.saturating_sub(self.ch / 2));
        let from_x = cx.max(x0.saturating_sub(reach));
        let to_x = (cx + self.cw - 1).min(x1 + reach);
        let from_y = cy.max(y0.saturating_sub(margin));
        let to_y = (cy + self.ch - 1).min(y1 + margin);
        (from_x <= to_x && from_y <= to_y)
            .then(|| Rect::new(from_x, from_y, to_x - from_x + 1, to_y - from_y + 1))
    }

    /// The point drawn nearest a screen cell, if the cell is on the board.
    pub fn point_at(&self, col: u16, row: u16) -> Option<Point> {
        let n = u16::from(self.size);
        let (x0, y0) = self.origin();
        let inside = (x0 - 1..=x0 + self.cw * (n - 1) + 1).contains(&col)
            && (y0..=y0 + self.ch * (n - 1)).contains(&row);
        if !inside {
            return None;
        }
        let x = (col + self.cw / 2).saturating_sub(x0) / self.cw;
        let y = (row + self.ch / 2 - y0) / self.ch;
        (x < n && y < n).then(|| Point::new(x as u8, y as u8))
    }
}

/// Half the width of a stone drawn across a cell of `cw` x `ch`: three
/// rows from 6x3 up (a projector's), three columns at 4x2, one glyph in
/// the compact board.
fn stone_reach(cw: u16, ch: u16) -> u16 {
    match (cw, ch) {
        (6.., 3..) => (cw - 2) / 2,
        // 4x2: three columns on the point's row.
        (4.., 2..) => 1,
        _ => 0,
    }
}

/// The margin around the grid that large stones need: columns beyond the
/// first column's stone, a row above and below.
fn margins(cw: u16, ch: u16) -> (u16, u16) {
    match stone_reach(cw, ch) {
        0 | 1 => (0, 0),
        k => (k - 1, 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_19x19_board_and_panel_fit_in_80x24() {
        let lay = Layout::new(Rect::new(0, 0, 80, 24), 19);
        assert_eq!(lay.map(|l| (l.cw, l.ch)), Some((2, 1)));
        assert!(Layout::new(Rect::new(0, 0, 60, 24), 19).is_none());
    }

    #[test]
    fn big_terminals_get_larger_cells() {
        let lay = Layout::new(Rect::new(0, 0, 120, 45), 19);
        assert_eq!(lay.map(|l| (l.cw, l.ch)), Some((4, 2)));
        // A 9x9 board has larger cells already at 80x24.
        let lay = Layout::new(Rect::new(0, 0, 80, 24), 9);
        assert_eq!(lay.map(|l| (l.cw, l.ch)), Some((4, 2)));
        // A projector's terminal: 8x4 for a 9x9, 6x3 for a 19x19.
        let lay = Layout::new(Rect::new(0, 0, 160, 50), 9);
        assert_eq!(lay.map(|l| (l.cw, l.ch)), Some((8, 4)));
        let lay = Layout::new(Rect::new(0, 0, 200, 60), 19);
        assert_eq!(lay.map(|l| (l.cw, l.ch)), Some((6, 3)));
        // Without the panel the board takes the width.
        let lay = Layout::new(Rect::new(0, 0, 90, 40), 9);
        assert_eq!(lay.map(|l| (l.cw, l.ch)), Some((6, 3)));
        let lay = Layout::with_panel(Rect::new(0, 0, 90, 40), 9, false);
        assert_eq!(lay.map(|l| (l.cw, l.ch)), Some((8, 4)));
    }

    #[test]
    fn presenting_a_count_takes_the_largest_cells_with_the_caption_beside() {
        let cells = |w, h, size| {
            Layout::shown(Rect::new(0, 0, w, h), size, true, true)
                .map(|l| (l.cw, l.ch, l.caption_beside()))
        };
        // The teacher story's projector sizes: 6x3 for a 19x19.
        assert_eq!(cells(220, 60, 19), Some((6, 3, true)));
        assert_eq!(cells(200, 60, 19), Some((6, 3, true)));
        assert_eq!(cells(160, 50, 19), Some((4, 2, true)));
        assert_eq!(cells(160, 50, 9), Some((8, 4, true)));
        assert_eq!(cells(80, 24, 19), Some((2, 1, true)));
        // Too narrow for a column beside it: the caption goes under.
        assert_eq!(cells(60, 30, 19), Some((2, 1, false)));
        // The board and the caption never overlap, and stay on screen.
        for (w, h) in [
            (220, 60),
            (200, 60),
            (160, 50),
            (80, 24),
            (60, 30),
            (300, 90),
        ] {
            for size in [9, 13, 19] {
                let area = Rect::new(0, 0, w, h);
                let Some(l) = Layout::shown(area, size, true, true) else {
                    panic!("{w}x{h}");
                };
                assert!(l.board.intersection(l.status).is_empty(), "{w}x{h} {size}");
                assert_eq!(area.union(l.board), area, "{w}x{h} {size}");
                assert_eq!(area.union(l.status), area, "{w}x{h} {size}");
            }
        }
    }

    #[test]
    fn clicks_map_back_to_the_points_drawn() {
        for area in [Rect::new(0, 0, 80, 24), Rect::new(0, 0, 120, 45)] {
            let Some(lay) = Layout::new(area, 19) else {
                panic!("fits");
            };
            for p in [Point::new(0, 0), Point::new(18, 18), Point::new(3, 15)] {
                let (c, r) = lay.cell_of(p);
                assert_eq!(lay.point_at(c, r), Some(p));
                assert_eq!(lay.point_at(c - 1, r), Some(p), "the cell before it");
            }
            assert_eq!(lay.point_at(0, 5), None, "row labels");
            assert_eq!(lay.point_at(10, 0), None, "column letters");
        }
    }
}
