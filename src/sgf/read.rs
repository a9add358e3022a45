//! Raw SGF nodes to game records: the properties kifu interprets become
//! moves, setup, comments and game info; every other property is kept
//! verbatim. Each repair is reported with its place (game, move number).

use crate::game::point::{MAX_SIZE, MIN_SIZE};
use crate::game::record::{GameInfo, GameRecord, Node, RawProp};
use crate::game::result::GameResult;
use crate::game::rules::{Scoring, parse_rules};
use crate::game::{Color, Move, Point};

use super::parse::RawCollection;
use super::text::unescape;

/// One game of a file, read.
#[derive(Debug)]
pub struct LoadedGame {
    pub record: GameRecord,
    /// What was repaired or is worth knowing, each with its place.
    pub notes: Vec<String>,
    /// Something was dropped: saving over the original would lose it.
    pub lossy: bool,
}

/// Why a game could not be read at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("game {game}: {reason}")]
pub struct GameError {
    pub game: usize,
    pub reason: String,
}

/// The most nodes kifu reads in one game (moves, variations and setup
/// nodes together; a long real game has a few thousand).
pub const MAX_GAME_NODES: usize = 2_000_000;

struct Ctx {
    game: usize,
    notes: Vec<String>,
    /// Notes past `MAX_NOTES_KEPT`, counted only.
    dropped: usize,
    lossy: bool,
    size: u8,
    /// The file says it comes from Fox (AP[foxwq]...), which writes KM in
    /// hundredths.
    fox: bool,
}

impl Ctx {
    fn note(&mut self, msg: String) {
        if self.notes.len() < super::parse::MAX_NOTES_KEPT {
            self.notes.push(format!("game {}: {msg}", self.game));
        } else {
            self.dropped += 1;
        }
    }
}

/// Reads `size` from SZ: a number, or `N:N` (square only).
fn read_size(value: &str) -> Result<u8, String> {
    let v = value.trim();
    let (a, b) = match v.split_once(':') {
        Some((a, b)) => (a.trim(), b.trim()),
        None => (v, v),
    };
    let (Ok(w), Ok(h)) = (a.parse::<u32>(), b.parse::<u32>()) else {
        return Err(format!("SZ[{value}] is not a board size"));
    };
    if w != h {
        return Err(format!(
            "SZ[{value}]: rectangular boards ({w}x{h}) are not supported"
        ));
    }
    if w < u32::from(MIN_SIZE) || w > u32::from(MAX_SIZE) {
        return Err(format!(
            "SZ[{value}]: kifu supports boards from {MIN_SIZE}x{MIN_SIZE} to {MAX_SIZE}x{MAX_SIZE}"
        ));
    }
    Ok(w as u8)
}

/// One value of a point list: a point, or an `aa:cc` rectangle.
fn point_rect(v: &str) -> Option<(Point, Point)> {
    match v.split_once(':') {
        Some((a, b)) => Point::from_sgf(a).zip(Point::from_sgf(b)),
        None => Point::from_sgf(v).map(|p| (p, p)),
    }
}

/// The points of a list property kifu keeps verbatim (such as TB and TW),
/// expanded; values that are not points on the board are skipped.
pub fn point_list(values: &[String], size: u8) -> Vec<Point> {
    let mut out = Vec::new();
    for v in values {
        if let Some((a, b)) = point_rect(v.trim()) {
            for y in a.y.min(b.y)..=a.y.max(b.y) {
                for x in a.x.min(b.x)..=a.x.max(b.x) {
                    let p = Point::new(x, y);
                    if p.is_on(size) && !out.contains(&p) {
                        out.push(p);
                    }
                }
            }
        }
    }
    out
}

/// The TB and TW points of the record's current node, when it has either
/// (the territory marks CGoban, KGS and kifu write after a count).
pub fn territory_marks(rec: &GameRecord) -> Option<(Vec<Point>, Vec<Point>)> {
    let node = rec.node(rec.current());
    let size = rec.size();
    let list = |id: &str| node.prop(id).map(|p| point_list(&p.values, size));
    match (list("TB"), list("TW")) {
        (None, None) => None,
        (tb, tw) => Some((tb.unwrap_or_default(), tw.unwrap_or_default())),
    }
}

/// Point lists: single points or `aa:cc` rectangles (compressed lists).
/// A rectangle is clipped to the board (one note for the value, not one per
/// point), and each point is kept once, so a list holds at most size²
/// points whatever the file says.
fn read_points(ctx: &mut Ctx, id: &str, values: &[&str], move_no: usize) -> Vec<Point> {
    let size = ctx.size;
    let mut seen = vec![false; usize::from(size) * usize::from(size)];
    let mut out = Vec::new();
    for v in values {
        let v = v.trim();
        let Some((a, b)) = point_rect(v) else {
            if !(v.is_empty() || (v == "tt" && size <= 19)) {
                ctx.note(format!(
                    "after move {move_no}: {id}[{v}] is not a point: ignored"
                ));
                ctx.lossy = true;
            }
            continue;
        };
        let (x0, x1) = (a.x.min(b.x), a.x.max(b.x));
        let (y0, y1) = (a.y.min(b.y), a.y.max(b.y));
        if x1 >= size || y1 >= size {
            ctx.note(format!(
                "after move {move_no}: {id}[{v}] is (partly) off the {size}x{size} board: the points off it are ignored"
            ));
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
/// - Fox writes hundredths (`KM[750]`, `KM[375]`): applied when the file
///   says it is Fox's (AP), or when the value is a whole number of 100 or
///   more with no decimal point whose hundredth is a komi in quarter points
///   (6.5, 7.5, 3.75, 0.5...), which no real komi in points is.
/// - Some Chinese programs give the compensation in stones (`KM[3.75]`,
///   `KM[2.75]` under Chinese rules): read as twice that in points.
///
/// kifu writes KM in points (`KM[7.5]`), which neither rule touches again.
/// A value that is no number, or out of range, is kept in the file as
/// written and the rules' komi is used (`None`).
fn read_komi(ctx: &mut Ctx, value: &str, area: bool) -> Option<f64> {
    let v = value.trim();
    let k = match v.parse::<f64>() {
        Ok(k) if k.is_finite() => k,
        _ => {
            ctx.note(format!(
                "KM[{v}] is not a number: kept as written; the rules' komi is used"
            ));
            return None;
        }
    };
    let whole = !v.contains(['.', 'e', 'E']);
    let hundredths = k / 100.0;
    let quarter = (hundredths * 4.0).fract() == 0.0 && hundredths.abs() <= 100.0;
    let (mut points, mut how) = (k, None);
    if whole && k.abs() >= 100.0 && (ctx.fox || quarter) {
        points = hundredths;
        how = Some(if ctx.fox {
            "hundredths, as the Fox file says"
        } else {
            "hundredths, as Fox writes it"
        });
    }
    let points = match crate::game::rules::check_komi(points) {
        Ok(p) => p,
        Err(e) => {
            ctx.note(format!(
                "KM[{v}] is out of range ({e}): kept as written; the rules' komi is used"
            ));
            return None;
        }
    };
    let mut points = points;
    // Only these exact spellings: kifu writes such a komi in points as
    // `3.750`, which this rule leaves alone.
    let stones = if how.is_some() {
        points == 3.75 || points == 2.75
    } else {
        v == "3.75" || v == "2.75"
    };
    if area && stones {
        points *= 2.0;
        how = Some(match how {
            Some(_) => {
                "hundredths of the compensation in stones, as Fox writes it under Chinese rules"
            }
            None => "the compensation in stones, under Chinese rules",
        });
    }
    if let Some(how) = how {
        ctx.note(format!("KM[{v}] read as {points} points ({how})"));
    }
    Some(points)
}

fn text_value(values: &[&str]) -> String {
    values.first().map(|v| unescape(v)).unwrap_or_default()
}

/// Converts one game (the raw tree under `root`).
pub fn read_game(
    raw: &RawCollection<'_>,
    root: usize,
    game: usize,
) -> Result<LoadedGame, GameError> {
    let err = |reason: String| GameError { game, reason };
    let mut ctx = Ctx {
        game,
        notes: Vec::new(),
        dropped: 0,
        lossy: false,
        size: 19,
        fox: false,
    };
    let n_nodes = count_nodes(raw, root).map_err(err)?;
    check_root(raw, root, &mut ctx).map_err(err)?;
    let mut info = GameInfo::default();
    let mut rules = read_rules(raw, root, &mut ctx, &mut info);
    let nodes = build_nodes(raw, root, n_nodes, &mut ctx, &mut info, rules.scoring);
    if let Some(k) = info.komi {
        rules.komi = k;
    }
    if ctx.dropped > 0 {
        ctx.notes.push(format!(
            "game {game}: and {} more notes, not kept",
            ctx.dropped
        ));
    }
    let record = GameRecord::from_nodes(usize::from(ctx.size), nodes, info, rules)
        .map_err(|e| err(e.to_string()))?;
    let mut loaded = LoadedGame {
        record,
        notes: ctx.notes,
        lossy: ctx.lossy,
    };
    let main = loaded.record.main_line();
    for (n, id, problem) in loaded.record.problems_on(&main) {
        let color = loaded.record.node(id).mv.map_or("?", |(c, _)| c.name());
        let what = match problem.reason {
            crate::game::IllegalReason::Occupied | crate::game::IllegalReason::OffBoard => {
                "kept in the record, not played"
            }
            _ => "played as recorded",
        };
        loaded.notes.push(format!(
            "game {game}, move {n} ({color}): illegal: {problem}; {what}"
        ));
    }
    Ok(loaded)
}

/// The game's nodes, bounded before anything is built (the walk visits
/// every node).
fn count_nodes(raw: &RawCollection<'_>, root: usize) -> Result<usize, String> {
    let mut n_nodes = 0usize;
    let mut walk = vec![root];
    while let Some(id) = walk.pop() {
        n_nodes += 1;
        if n_nodes > MAX_GAME_NODES {
            return Err(format!(
                "more than {MAX_GAME_NODES} nodes: larger than kifu reads; not read"
            ));
        }
        walk.extend(raw.nodes[id].children.iter().map(|&c| c as usize));
    }
    Ok(n_nodes)
}

/// Root checks first: game type and size decide how to read the rest.
fn check_root(raw: &RawCollection<'_>, root: usize, ctx: &mut Ctx) -> Result<(), String> {
    for p in raw.props(root) {
        let values = raw.values(p);
        match p.id.as_ref() {
            "GM" => {
                let v = values[0].trim();
                if !v.is_empty() && v != "1" {
                    return Err(format!(
                        "GM[{v}] is not a game of Go (GM[1]); kifu reads Go records only"
                    ));
                }
            }
            "SZ" => ctx.size = read_size(values[0])?,
            "AP" => ctx.fox |= values[0].to_ascii_lowercase().contains("fox"),
            _ => {}
        }
    }
    Ok(())
}

/// The rules of RU (Chinese without it), noted when kifu does not know
/// them; the text kept as written.
fn read_rules(
    raw: &RawCollection<'_>,
    root: usize,
    ctx: &mut Ctx,
    info: &mut GameInfo,
) -> crate::game::Rules {
    let ru = raw
        .props(root)
        .iter()
        .find(|p| p.id == "RU")
        .map(|p| unescape(raw.values(p)[0]).trim().to_string());
    let rules = match ru.as_deref().map(parse_rules) {
        Some(pr) => {
            if !pr.recognized {
                ctx.note(format!(
                    "RU[{}] is not a rule set kifu knows: kept as written, counted with {} rules",
                    pr.text,
                    pr.rules.name()
                ));
            }
            pr.rules
        }
        None => crate::game::Rules::chinese(),
    };
    info.rules_text = ru;
    rules
}

/// Walks the raw tree iteratively, building the arena in the same shape.
/// Children are pushed in reverse, so they are created, and listed in
/// their parent, in order.
fn build_nodes(
    raw: &RawCollection<'_>,
    root: usize,
    n_nodes: usize,
    ctx: &mut Ctx,
    info: &mut GameInfo,
    scoring: Scoring,
) -> Vec<Node> {
    let area = scoring == Scoring::Area;
    let mut nodes: Vec<Node> = Vec::with_capacity(n_nodes);
    // (raw id, parent arena id, move number before it)
    let mut stack = vec![(root, None::<usize>, 0usize)];
    while let Some((rid, parent, move_no)) = stack.pop() {
        let id = nodes.len();
        let is_root = parent.is_none();
        // Built in place: a node is large, moving it costs.
        nodes.push(Node {
            parent,
            ..Node::default()
        });
        let node = &mut nodes[id];
        let mut this_move = move_no;
        read_node(
            ctx,
            raw,
            rid,
            node,
            info,
            is_root,
            move_no,
            area,
            &mut this_move,
        );
        if let Some(p) = parent {
            nodes[p].children.push(id);
        }
        for &c in raw.nodes[rid].children.iter().rev() {
            stack.push((c as usize, Some(id), this_move));
        }
    }
    nodes
}

/// A move property (`B` or `W`): played when it is one (the first of
/// several values; `tt` and empty pass); false when it is kept in the file
/// as written instead (a second move in the node, a point off the board).
fn read_move(
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
        ctx.note(format!(
            "move {}: a second move {id}[{}] in the same node: kept in the file, not played",
            move_no + 1,
            values[0]
        ));
        return false;
    }
    if values.len() > 1 {
        ctx.note(format!(
            "move {}: {id} has {} values; the first, [{}], is played, the rest dropped",
            move_no + 1,
            values.len(),
            values[0]
        ));
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
            ctx.note(format!(
                "move {}: {id}[{v}] is not a point of the {1}x{1} board: kept in the file, not played",
                move_no + 1,
                ctx.size
            ));
            false
        }
    }
}

/// A game-information property of the root; false when kifu keeps it as
/// written (not one it reads, or a value it cannot read).
fn read_root_prop(
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
            Some(k) => info.komi = Some(k),
            // Not a komi: kept as written, and a komi read elsewhere
            // in the node stands.
            None => return false,
        },
        "HA" => match text_value(values).trim().parse::<u32>() {
            Ok(h) => info.handicap = h,
            Err(_) => {
                ctx.note(format!(
                    "HA[{}] is not a number: kept as written",
                    values[0]
                ));
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
fn read_node(
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

/// Reads every game of a collection. A game that cannot be read gives an
/// error; the others are still read.
pub fn read_collection(raw: &RawCollection<'_>) -> Vec<Result<LoadedGame, GameError>> {
    raw.games
        .iter()
        .enumerate()
        .map(|(i, &root)| read_game(raw, root, i + 1))
        .collect()
}
