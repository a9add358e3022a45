//! Fixed handicap placement on the usual star points (9x9, 13x13, 19x19),
//! in the traditional order: Black's upper right and lower left, then lower
//! right, upper left, centre (odd counts), the side points.

use super::point::Point;

/// Why a fixed handicap cannot be placed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HandicapError {
    /// Not a number of stones the board has star points for.
    #[error("{}", self.words(crate::i18n::Lang::En))]
    Count(u32),
    /// A board with no fixed handicap points.
    #[error("{}", self.words(crate::i18n::Lang::En))]
    Size(u8),
}

impl HandicapError {
    /// Why, in `lang`.
    pub fn words(&self, lang: crate::i18n::Lang) -> String {
        match self {
            HandicapError::Count(n) => crate::tr!(lang, "hc.err.count", n = n),
            HandicapError::Size(n) => crate::tr!(lang, "hc.err.size", n = n),
        }
    }
}

/// The points for a fixed handicap of `stones` on a `size` board.
pub fn fixed_handicap(size: u8, stones: u32) -> Result<Vec<Point>, HandicapError> {
    if !(2..=9).contains(&stones) {
        return Err(HandicapError::Count(stones));
    }
    // Distance of the corner star points from the edge, counted from 0.
    let d = match size {
        19 | 13 => 3,
        9 => 2,
        other => return Err(HandicapError::Size(other)),
    };
    let (lo, hi, mid) = (d, size - 1 - d, size / 2);
    let upper_right = Point::new(hi, lo);
    let lower_left = Point::new(lo, hi);
    let lower_right = Point::new(hi, hi);
    let upper_left = Point::new(lo, lo);
    let centre = Point::new(mid, mid);
    let left = Point::new(lo, mid);
    let right = Point::new(hi, mid);
    let top = Point::new(mid, lo);
    let bottom = Point::new(mid, hi);
    let corners = [upper_right, lower_left, lower_right, upper_left];
    let mut pts: Vec<Point> = corners
        .iter()
        .copied()
        .take(stones.min(4) as usize)
        .collect();
    if stones >= 6 {
        pts.extend([left, right]);
    }
    if stones >= 8 {
        pts.extend([top, bottom]);
    }
    if stones % 2 == 1 && stones >= 5 {
        pts.push(centre);
    }
    Ok(pts)
}

/// The fixed placement of the GTP 2 specification (section 4.1.1), which
/// `fixed_handicap` and `place_free_handicap` in `kifu gtp` answer with:
/// defined from 7x7 up, at most 4 stones on 7x7 and even sizes, else 9;
/// corner points on the third line below 13x13, the fourth from 13x13.
/// Its order (and its 3-stone set, D4 Q16 D16) is GTP's, not the
/// traditional one `fixed_handicap` gives the TUI.
pub fn gtp_fixed_handicap(size: u8, stones: u32) -> Result<Vec<Point>, HandicapError> {
    if size < 7 {
        return Err(HandicapError::Size(size));
    }
    let most = if size.is_multiple_of(2) || size == 7 {
        4
    } else {
        9
    };
    if !(2..=most).contains(&stones) {
        return Err(HandicapError::Count(stones));
    }
    let d = if size < 13 { 2 } else { 3 };
    let (lo, mid, hi) = (d, size / 2, size - 1 - d);
    // (column, row from the bottom) as the specification lists them.
    let at = |x: u8, row: u8| Point::new(x, size - 1 - row);
    let mut pts = vec![at(lo, lo), at(hi, hi), at(lo, hi), at(hi, lo)];
    pts.truncate(stones.min(4) as usize);
    if stones >= 6 {
        pts.extend([at(lo, mid), at(hi, mid)]);
    }
    if stones >= 8 {
        pts.extend([at(mid, lo), at(mid, hi)]);
    }
    if stones % 2 == 1 && stones >= 5 {
        pts.push(at(mid, mid));
    }
    Ok(pts)
}

/// Points for a free handicap of `stones` (GTP's `place_free_handicap`):
/// the fixed placement where it is defined, then the star points and the
/// rest of the board from the centre out, so any count up to one less than
/// the board's points has a placement.
pub fn free_handicap(size: u8, stones: u32) -> Result<Vec<Point>, HandicapError> {
    let points = u32::from(size) * u32::from(size);
    if stones < 2 || stones >= points {
        return Err(HandicapError::Count(stones));
    }
    if let Ok(pts) = gtp_fixed_handicap(size, stones) {
        return Ok(pts);
    }
    let mut pts =
        gtp_fixed_handicap(size, if size.is_multiple_of(2) { 4 } else { 9 }).unwrap_or_default();
    let c = i32::from(size - 1);
    let mut rest: Vec<Point> = (0..size)
        .flat_map(|y| (0..size).map(move |x| Point::new(x, y)))
        .filter(|p| !pts.contains(p))
        .collect();
    // From the centre out, ties in board order: deterministic.
    rest.sort_by_key(|p| {
        let (dx, dy) = (2 * i32::from(p.x) - c, 2 * i32::from(p.y) - c);
        dx * dx + dy * dy
    });
    pts.extend(rest);
    pts.truncate(stones as usize);
    Ok(pts)
}

/// Star points (hoshi) drawn on the board: the handicap points of 9x9,
/// 13x13 and 19x19, and for other sizes the corner points where they fit
/// and the centre of odd boards.
pub fn star_points(size: u8) -> Vec<Point> {
    // 19x19 shows all nine handicap points; 9x9 and 13x13 only the
    // corners and the centre, as printed boards do.
    let count = if size == 19 { 9 } else { 5 };
    if let Ok(pts) = fixed_handicap(size, count) {
        return pts;
    }
    let d = if size >= 12 { 3 } else { 2 };
    let mut pts = Vec::new();
    if size >= 7 {
        let (lo, hi) = (d, size - 1 - d);
        pts.extend([
            Point::new(lo, lo),
            Point::new(hi, lo),
            Point::new(lo, hi),
            Point::new(hi, hi),
        ]);
    }
    if size % 2 == 1 && size >= 5 {
        pts.push(Point::new(size / 2, size / 2));
    }
    pts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gtp(size: u8, n: u32) -> Vec<String> {
        fixed_handicap(size, n)
            .unwrap()
            .into_iter()
            .map(|p| p.to_gtp(size))
            .collect()
    }

    #[test]
    fn gtp_layout_is_the_specifications() {
        let gtp = |size: u8, n: u32| -> Vec<String> {
            gtp_fixed_handicap(size, n)
                .unwrap()
                .into_iter()
                .map(|p| p.to_gtp(size))
                .collect()
        };
        assert_eq!(gtp(19, 3), ["D4", "Q16", "D16"]);
        assert_eq!(
            gtp(19, 9),
            ["D4", "Q16", "D16", "Q4", "D10", "Q10", "K4", "K16", "K10"]
        );
        assert_eq!(gtp(9, 5), ["C3", "G7", "C7", "G3", "E5"]);
        assert_eq!(gtp(13, 2), ["D4", "K10"]);
        assert_eq!(gtp(7, 4), ["C3", "E5", "C5", "E3"]);
        assert_eq!(gtp(10, 4), ["C3", "H8", "C8", "H3"]);
        assert!(gtp_fixed_handicap(7, 5).is_err());
        assert!(gtp_fixed_handicap(6, 2).is_err());
        assert!(gtp_fixed_handicap(19, 10).is_err());
    }

    #[test]
    fn free_handicap_has_a_placement_for_every_count() {
        for size in [5u8, 9, 19] {
            let all = u32::from(size) * u32::from(size);
            for n in 2..all {
                let pts = free_handicap(size, n).unwrap();
                let mut seen = pts.clone();
                seen.sort_by_key(|p| (p.y, p.x));
                seen.dedup();
                assert_eq!(seen.len(), n as usize, "{size}x{size}, {n} stones");
                assert!(pts.iter().all(|p| p.x < size && p.y < size));
            }
            assert!(free_handicap(size, all).is_err());
            assert!(free_handicap(size, 1).is_err());
        }
    }

    #[test]
    fn nineteen_by_nineteen() {
        assert_eq!(gtp(19, 2), ["Q16", "D4"]);
        assert_eq!(gtp(19, 3), ["Q16", "D4", "Q4"]);
        assert_eq!(gtp(19, 4), ["Q16", "D4", "Q4", "D16"]);
        assert_eq!(gtp(19, 5), ["Q16", "D4", "Q4", "D16", "K10"]);
        assert_eq!(gtp(19, 6), ["Q16", "D4", "Q4", "D16", "D10", "Q10"]);
        assert_eq!(gtp(19, 7), ["Q16", "D4", "Q4", "D16", "D10", "Q10", "K10"]);
        assert_eq!(
            gtp(19, 9),
            ["Q16", "D4", "Q4", "D16", "D10", "Q10", "K16", "K4", "K10"]
        );
    }

    #[test]
    fn small_boards() {
        assert_eq!(gtp(9, 2), ["G7", "C3"]);
        assert_eq!(gtp(9, 5), ["G7", "C3", "G3", "C7", "E5"]);
        assert_eq!(gtp(13, 4), ["K10", "D4", "K4", "D10"]);
        assert_eq!(gtp(13, 9).len(), 9);
    }

    #[test]
    fn star_points_per_size() {
        assert_eq!(star_points(19).len(), 9);
        assert_eq!(star_points(13).len(), 5);
        assert_eq!(star_points(9).len(), 5);
        assert_eq!(star_points(7).len(), 5);
        assert!(star_points(4).is_empty());
    }

    #[test]
    fn bad_requests() {
        assert_eq!(fixed_handicap(19, 1), Err(HandicapError::Count(1)));
        assert_eq!(fixed_handicap(19, 10), Err(HandicapError::Count(10)));
        assert_eq!(fixed_handicap(15, 4), Err(HandicapError::Size(15)));
    }
}
