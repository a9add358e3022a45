//! Plain-text views of a position for `kifu show`: a diagram with
//! coordinates on all sides and the facts below it. Pure: returns strings.

use crate::game::handicap::star_points;
use crate::game::record::GameRecord;
use crate::game::{Color, Move, Point};

const GTP_COLUMNS: &str = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

fn column_line(size: u8) -> String {
    let mut s = String::from("   ");
    for c in GTP_COLUMNS.chars().take(usize::from(size)) {
        s.push(c);
        s.push(' ');
    }
    s.trim_end().to_string()
}

/// The board of the record's current position. With `ascii`, rows hold only
/// `X`, `O`, `.` and spaces; otherwise star points show as `+` and the last
/// move is bracketed like `(X)`.
pub fn diagram(rec: &GameRecord, ascii: bool) -> String {
    let board = rec.board();
    let size = board.size();
    let stars = if ascii { Vec::new() } else { star_points(size) };
    let last = match rec.node(rec.current()).mv {
        Some((_, Move::Play(p))) if !ascii => Some(p),
        _ => None,
    };
    frame(size, last, |p| match board.get(p) {
        Some(Color::Black) => 'X',
        Some(Color::White) => 'O',
        None if stars.contains(&p) => '+',
        None => '.',
    })
}

/// A board of one character per point, with coordinates on all sides and
/// `last` bracketed.
pub fn frame(size: u8, last: Option<Point>, cell: impl Fn(Point) -> char) -> String {
    let mut out = column_line(size);
    out.push('\n');
    for y in 0..size {
        let row = size - y;
        out.push_str(&format!("{row:>2}"));
        for x in 0..size {
            let p = Point::new(x, y);
            let sep = if Some(p) == last {
                '('
            } else if x > 0 && Some(Point::new(x - 1, y)) == last {
                ')'
            } else {
                ' '
            };
            out.push(sep);
            out.push(cell(p));
        }
        let end = if Some(Point::new(size - 1, y)) == last {
            ')'
        } else {
            ' '
        };
        out.push(end);
        out.push_str(&format!("{row}\n"));
    }
    out.push_str(&column_line(size));
    out.push('\n');
    out
}

/// The facts below the diagram: move number, last move, who plays,
/// captures.
pub fn facts(rec: &GameRecord) -> String {
    let size = rec.size();
    let board = rec.board();
    let last = match rec.node(rec.current()).mv {
        Some((c, mv)) => format!("{} {}", c.name(), mv.to_gtp(size)),
        None => "none".to_string(),
    };
    format!(
        "Move {}, last move: {}, {} to play\nCaptures: Black {}, White {}\n",
        rec.move_number(),
        last,
        rec.to_move().name(),
        board.captures(Color::Black),
        board.captures(Color::White),
    )
}

/// A header with the players, rules and komi.
pub fn header(rec: &GameRecord) -> String {
    let info = &rec.info;
    let who = |name: &Option<String>, rank: &Option<String>| {
        let n = name.clone().unwrap_or_else(|| "?".into());
        match rank {
            Some(r) if !r.is_empty() => format!("{n} ({r})"),
            _ => n,
        }
    };
    let mut s = format!(
        "Black: {}  White: {}\n{}x{}, {} rules, komi {}",
        who(&info.black, &info.black_rank),
        who(&info.white, &info.white_rank),
        rec.size(),
        rec.size(),
        info.rules_text.clone().unwrap_or_else(|| rec.rules.name()),
        crate::game::result::format_points(rec.komi()),
    );
    if info.handicap > 0 {
        s.push_str(&format!(", handicap {}", info.handicap));
    }
    if let Some(r) = &info.result {
        s.push_str(&format!(", result {r}"));
    }
    s.push('\n');
    s
}

pub mod count;
