//! One node's properties: moves, setup points (with their rectangles),
//! comments, and the root's game information, komi and handicap read
//! with their repairs noted.

use super::*;

/// Point lists: single points or `aa:cc` rectangles (compressed lists).
/// A rectangle is clipped to the board (one note for the value, not one per
/// point), and each point is kept once, so a list holds at most size²
/// points whatever the file says.
pub(super) fn read_points(ctx: &mut Ctx, id: &str, values: &[&str], move_no: usize) -> Vec<Point> {
    let size = ctx.size;
    let mut seen = vec![false; usize::from(size) * usize::from(size)];
    let mut out = Vec::new();
    for v in values {
        let v = v.trim();
        let Some((a, b)) = point_rect(v) else {
            if !(v.is_empty() || (v == "tt" && size <= 19)) {
                let note = tr!(ctx.lang, "sgf.not_point", n = move_no, id = id, v = v);
                ctx.note(note);
                ctx.lossy = true;
            }
            continue;
        };
        let (x0, x1) = (a.x.min(b.x), a.x.max(b.x));
        let (y0, y1) = (a.y.min(b.y), a.y.max(b.y));
        if x1 >= size || y1 >= size {
            let note = tr!(
                ctx.lang,
                "sgf.off_board",
                n = move_no,
                id = id,
                v = v,
                size = size
            );
            ctx.note(note);
            ctx.lossy = true;
        }
        for y in y0..=y1.min(size.saturating_sub(1)) {
            for x in x0..=x1.min(size.saturating_sub(1)) {
                let p = Point::new(x, y);
                let i = usize::from(y) * usize::from(size) + usize::from(x);
                if let Some(s) = seen.get_mut(i)
                    && !*s
                {
                    *s = true;
                    out.push(p);
                }
            }
        }
    }
    out
}

/// KM as written, read one way, so a file and kifu's copy of it always
/// mean the same komi. Two real-world conventions, each said in a note:
/// - Fox writes hundredths (`KM[750]`, `KM[375]`): applied to a whole
///   number written without a decimal point when the file says it is
///   Fox's or went through SGFC (AP) and it is 100 or more, or when it
///   is 100 or more and its
///   hundredth is a komi in quarter points (6.5, 7.5, 3.75...), which no
///   real komi in points is, or when it is 50 in a handicap game (Fox's
///   half point, KM[50]).
/// - Some Chinese programs give the compensation in stones (`KM[3.75]`,
///   `KM[2.75]` under Chinese rules): read as twice that in points.
///
/// kifu writes KM in points (`KM[7.5]`), which neither rule touches again.
/// A value that is no number, or out of range, is kept in the file as
/// written and the rules' komi is used (`None`).
pub(super) fn read_komi(ctx: &mut Ctx, value: &str, area: bool) -> Option<f64> {
    let v = value.trim();
    let k = match v.parse::<f64>() {
        Ok(k) if k.is_finite() => k,
        _ => {
            let note = tr!(ctx.lang, "sgf.km_nan", v = v);
            ctx.note(note);
            return None;
        }
    };
    let whole = !v.contains(['.', 'e', 'E']);
    let hundredths = k / 100.0;
    let quarter = (hundredths * 4.0).fract() == 0.0 && hundredths.abs() <= 100.0;
    let (mut points, mut how) = (k, None);
    let half_point = ctx.handicap >= 2 && k.abs() == 50.0;
    if whole && ((k.abs() >= 100.0 && (ctx.fox || quarter)) || half_point) {
        points = hundredths;
        how = Some(if ctx.fox {
            "sgf.km.fox_file"
        } else {
            "sgf.km.fox"
        });
    }
    let points = match crate::game::rules::check_komi(points) {
        Ok(p) => p,
        Err(e) => {
            let why = e.words(ctx.lang);
            let note = tr!(ctx.lang, "sgf.km_range", v = v, why = why);
            ctx.note(note);
            return None;
        }
    };
    let mut points = points;
    // Only these exact spellings: kifu writes such a komi in points as
    // `3.750`, which this rule leaves alone.
    // Negative values alike: KM[-375] is -7.5 as KM[375] is 7.5.
    let stones = if how.is_some() {
        points.abs() == 3.75 || points.abs() == 2.75
    } else {
        matches!(v, "3.75" | "2.75" | "-3.75" | "-2.75")
    };
    if area && stones {
        points *= 2.0;
        how = Some(match how {
            Some(_) => "sgf.km.fox_stones",
            None => "sgf.km.stones",
        });
    }
    if let Some(how) = how {
        let how = tr!(ctx.lang, how);
        let p = crate::game::result::format_points(points);
        let note = tr!(ctx.lang, "sgf.km_read", v = v, points = p, how = how);
        ctx.note(note);
    }
    Some(points)
}

pub(super) fn text_value(values: &[&str]) -> String {
    // The control characters kifu never writes are not kept either (the
    // file's note says so), so what is read is what a save writes.
    values
        .first()
        .map(|v| {
            let mut t = unescape(v);
            t.retain(|c| !crate::sgf::text::dropped_control(c));
            t
        })
        .unwrap_or_default()
}

/// A move property (`B` or `W`): played when it is one (the first of
/// several values; `tt` and empty pass); false when it is kept in the file
/// as written instead (a second move in the node, a point off the board).
pub(super) fn read_move(
    ctx: &mut Ctx,
    id: &str,
    values: &[&str],
    node: &mut Node,
    move_no: usize,
    this_move: &mut usize,
) -> bool {
    let color = if id == "B" {
        Color::Black
    } else {
        Color::White
    };
    if node.mv.is_some() {
        let note = tr!(
            ctx.lang,
            "sgf.second_move",
            n = move_no + 1,
            id = id,
            v = values[0]
        );
        ctx.note(note);
        return false;
    }
    if values.len() > 1 {
        let note = tr!(
            ctx.lang,
            "sgf.many_values",
            n = move_no + 1,
            id = id,
            count = values.len(),
            v = values[0]
        );
        ctx.note(note);
        ctx.lossy = true;
    }
    let v = values[0].trim();
    let mv = if v.is_empty() || (v == "tt" && ctx.size <= 19) {
        Some(Move::Pass)
    } else {
        match Point::from_sgf(v) {
            Some(pt) if pt.is_on(ctx.size) => Some(Move::Play(pt)),
            _ => None,
        }
    };
    match mv {
        Some(m) => {
            node.mv = Some((color, m));
            *this_move = move_no + 1;
            true
        }
        None => {
            let note = tr!(
                ctx.lang,
                "sgf.move_off_board",
                n = move_no + 1,
                id = id,
                v = v,
                size = ctx.size
            );
            ctx.note(note);
            false
        }
    }
}

/// A game-information property of the root; false when kifu keeps it as
/// written (not one it reads, or a value it cannot read).
pub(super) fn read_root_prop(
    ctx: &mut Ctx,
    id: &str,
    values: &[&str],
    info: &mut GameInfo,
    area: bool,
) -> bool {
    match id {
        "FF" | "GM" | "CA" | "SZ" => {}
        "PB" => info.black = Some(text_value(values)),
        "PW" => info.white = Some(text_value(values)),
        "BR" => info.black_rank = Some(text_value(values)),
        "WR" => info.white_rank = Some(text_value(values)),
        "DT" => info.date = Some(text_value(values)),
        "EV" => info.event = Some(text_value(values)),
        "RO" => info.round = Some(text_value(values)),
        "PC" => info.place = Some(text_value(values)),
        "GN" => info.game_name = Some(text_value(values)),
        "RU" => {}
        "KM" => match read_komi(ctx, &text_value(values), area) {
            Some(k) => ctx.komi = Some(k),
            // Not a komi: kept as written, and a komi read elsewhere
            // in the node stands.
            None => return false,
        },
        "HA" => match text_value(values).trim().parse::<u32>() {
            // Fox's HA[1]: Black moves first without komi; no stones, so
            // no handicap to count.
            Ok(1) => {
                let note = tr!(ctx.lang, "sgf.ha_one");
                ctx.note(note);
                return false;
            }
            // A handicap the board cannot hold (as many stones as points,
            // or more) is no handicap: kept as written, counted as none.
            Ok(h) if u64::from(h) >= u64::from(ctx.size) * u64::from(ctx.size) => {
                let note = tr!(ctx.lang, "sgf.ha_too_many", v = values[0], size = ctx.size);
                ctx.note(note);
                return false;
            }
            Ok(h) => info.handicap = h,
            Err(_) => {
                let note = tr!(ctx.lang, "sgf.ha_nan", v = values[0]);
                ctx.note(note);
                return false;
            }
        },
        "RE" => info.result = Some(GameResult::parse(&text_value(values))),
        "GC" => info.game_comment = Some(text_value(values)),
        "OT" => info.overtime = Some(text_value(values)),
        "TM" => match text_value(values).trim().parse::<f64>() {
            Ok(t) if t.is_finite() && t >= 0.0 => info.main_time = Some(t),
            _ => return false,
        },
        _ => return false,
    }
    true
}

#[allow(clippy::too_many_arguments)]
pub(super) fn read_node(
    ctx: &mut Ctx,
    raw: &RawCollection<'_>,
    rid: usize,
    node: &mut Node,
    info: &mut GameInfo,
    is_root: bool,
    move_no: usize,
    area: bool,
    this_move: &mut usize,
) {
    for p in raw.props(rid) {
        let id = p.id.as_ref();
        let values = raw.values(p);
        let keep = |node: &mut Node| {
            node.props.push(RawProp {
                id: id.to_string(),
                values: values.iter().map(|v| v.to_string()).collect(),
            })
        };
        match id {
            "B" | "W" => {
                if !read_move(ctx, id, values, node, move_no, this_move) {
                    keep(node);
                }
            }
            "AB" => node.add_black = read_points(ctx, id, values, move_no),
            "AW" => node.add_white = read_points(ctx, id, values, move_no),
            "AE" => node.add_empty = read_points(ctx, id, values, move_no),
            "PL" => match values[0].trim().to_ascii_uppercase().as_str() {
                "B" | "1" => node.to_play = Some(Color::Black),
                "W" | "2" => node.to_play = Some(Color::White),
                _ => keep(node),
            },
            "C" => node.comment = Some(text_value(values)),
            _ if is_root => {
                if !read_root_prop(ctx, id, values, info, area) {
                    keep(node);
                }
            }
            _ => keep(node),
        }
    }
}
