//! Where things go on the screen, for drawing and for mapping mouse clicks
//! back to points: one computation for both.

use ratatui::layout::Rect;

use crate::game::Point;

/// The panel beside the board needs at least this many columns.
const PANEL_MIN: u16 = 24;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    pub board: Rect,
    pub panel: Rect,
    pub status: Rect,
    size: u8,
}

impl Layout {
    /// Columns and rows of the board with its coordinates: each point takes
    /// two columns (a gap and the stone).
    pub fn board_size(size: u8) -> (u16, u16) {
        (2 * u16::from(size) + 6, u16::from(size) + 2)
    }

    /// The smallest terminal kifu draws in, for a board of `size`.
    pub fn minimum(size: u8) -> (u16, u16) {
        let (w, h) = Layout::board_size(size);
        (w + PANEL_MIN, h + 1)
    }

    /// The layout in `area`, or None when it is too small.
    pub fn new(area: Rect, size: u8) -> Option<Layout> {
        let (w, h) = Layout::board_size(size);
        let (mw, mh) = Layout::minimum(size);
        if area.width < mw || area.height < mh {
            return None;
        }
        let board = Rect::new(area.x, area.y, w, h);
        let panel = Rect::new(area.x + w + 1, area.y, area.width - w - 1, h);
        let status = Rect::new(area.x, area.y + h, area.width, area.height - h);
        Some(Layout {
            board,
            panel,
            status,
            size,
        })
    }

    /// The point drawn at a screen cell, if any (the gap before a point
    /// counts as the point).
    pub fn point_at(&self, col: u16, row: u16) -> Option<Point> {
        let dx = col.checked_sub(self.board.x + 2)?;
        let dy = row.checked_sub(self.board.y + 1)?;
        let (x, y) = (dx / 2, dy);
        let n = u16::from(self.size);
        (x < n && y < n).then(|| Point::new(x as u8, y as u8))
    }

    /// The screen cell of a point's stone.
    pub fn cell_of(&self, p: Point) -> (u16, u16) {
        (
            self.board.x + 3 + 2 * u16::from(p.x),
            self.board.y + 1 + u16::from(p.y),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_19x19_board_and_panel_fit_in_80x24() {
        let lay = Layout::new(Rect::new(0, 0, 80, 24), 19);
        assert!(lay.is_some());
        assert!(Layout::new(Rect::new(0, 0, 60, 24), 19).is_none());
    }

    #[test]
    fn clicks_map_back_to_the_points_drawn() {
        let Some(lay) = Layout::new(Rect::new(0, 0, 80, 24), 19) else {
            panic!("fits");
        };
        for p in [Point::new(0, 0), Point::new(18, 18), Point::new(3, 15)] {
            let (c, r) = lay.cell_of(p);
            assert_eq!(lay.point_at(c, r), Some(p));
            assert_eq!(lay.point_at(c - 1, r), Some(p), "the gap before it");
        }
        assert_eq!(lay.point_at(0, 5), None, "row labels");
        assert_eq!(lay.point_at(10, 0), None, "column letters");
    }
}
