//! Raw SGF nodes to game records: the properties kifu interprets become
//! moves, setup, comments and game info; every other property is kept
//! verbatim. Each repair is reported with its place (game, move number).

use crate::game::point::{MAX_SIZE, MIN_SIZE};
use crate::game::record::{GameInfo, GameRecord, Node, RawProp, RulesText};
use crate::game::result::GameResult;
use crate::game::rules::{Scoring, parse_rules};
use crate::game::{Color, Move, Point};

use super::parse::RawCollection;
use super::text::unescape;
use crate::i18n::Lang;
use crate::tr;

mod node;
use node::read_node;

/// One game of a file, read.
#[derive(Debug)]
pub struct LoadedGame {
    /// The game.
    pub record: GameRecord,
    /// What was repaired or is worth knowing, each with its place.
    pub notes: Vec<String>,
    /// Something was dropped: saving over the original would lose it.
    pub lossy: bool,
}

/// Why a game could not be read at all (the reason in the language the
/// game was read in).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("game {game}: {reason}")]
pub struct GameError {
    /// The game's number in the file, from 1.
    pub game: usize,
    /// Why it could not be read.
    pub reason: String,
}

impl GameError {
    /// Which game, and why, in `lang`.
    pub fn words(&self, lang: Lang) -> String {
        tr!(
            lang,
            "sgf.in_game",
            game = self.game,
            note = self.reason.clone()
        )
    }
}

/// The most nodes kifu reads in one game (moves, variations and setup
/// nodes together; a long real game has a few thousand).
pub const MAX_GAME_NODES: usize = 2_000_000;

struct Ctx {
    game: usize,
    /// The language of the notes.
    lang: Lang,
    notes: Vec<String>,
    /// Notes past `MAX_NOTES_KEPT`, counted only.
    dropped: usize,
    lossy: bool,
    size: u8,
    /// The file says it comes from Fox (AP[foxwq]...) or went through
    /// SGFC (gokifu's files), which write KM in hundredths.
    fox: bool,
    /// The root's HA (Fox writes a handicap game's half point as KM[50]).
    handicap: u32,
    /// The root's KM, read.
    komi: Option<f64>,
}

impl Ctx {
    fn note(&mut self, msg: String) {
        if self.notes.len() < super::parse::MAX_NOTES_KEPT {
            let game = self.game;
            self.notes
                .push(tr!(self.lang, "sgf.in_game", game = game, note = msg));
        } else {
            self.dropped += 1;
        }
    }
}

/// Reads `size` from SZ: a number, or `N:N` (square only).
fn read_size(value: &str, lang: Lang) -> Result<u8, String> {
    let v = value.trim();
    let (a, b) = match v.split_once(':') {
        Some((a, b)) => (a.trim(), b.trim()),
        None => (v, v),
    };
    let (Ok(w), Ok(h)) = (a.parse::<u32>(), b.parse::<u32>()) else {
        return Err(tr!(lang, "sgf.sz_bad", v = value));
    };
    if w != h {
        let shape = format!("{w}x{h}");
        return Err(tr!(lang, "sgf.sz_rect", v = value, shape = shape));
    }
    if w < u32::from(MIN_SIZE) || w > u32::from(MAX_SIZE) {
        let (min, max) = (MIN_SIZE, MAX_SIZE);
        return Err(tr!(lang, "sgf.sz_range", v = value, min = min, max = max));
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

/// Converts one game (the raw tree under `root`), its notes in `lang`.
pub fn read_game(
    raw: &RawCollection<'_>,
    root: usize,
    game: usize,
    lang: Lang,
) -> Result<LoadedGame, GameError> {
    let err = |reason: String| GameError { game, reason };
    let mut ctx = Ctx {
        game,
        lang,
        notes: Vec::new(),
        dropped: 0,
        lossy: false,
        size: 19,
        fox: false,
        handicap: 0,
        komi: None,
    };
    let n_nodes = count_nodes(raw, root, lang).map_err(err)?;
    check_root(raw, root, &mut ctx).map_err(err)?;
    let mut info = GameInfo::default();
    let mut rules = read_rules(raw, root, &mut ctx, &mut info);
    let nodes = build_nodes(raw, root, n_nodes, &mut ctx, &mut info, rules.scoring);
    fox_chinese_counting(&mut ctx, &mut rules, &mut info);
    if let Some(k) = ctx.komi {
        rules.komi = k;
        info.komi_given = true;
    }
    if ctx.dropped > 0 {
        let n = ctx.dropped;
        ctx.notes
            .push(tr!(lang, "sgf.more_notes", game = game, n = n));
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
        let color = loaded
            .record
            .node(id)
            .mv
            .map_or("?".to_string(), |(c, _)| crate::i18n::color_name(lang, c));
        let what = match problem.reason {
            crate::game::IllegalReason::Occupied | crate::game::IllegalReason::OffBoard => {
                tr!(lang, "sgf.illegal.kept")
            }
            _ => tr!(lang, "sgf.illegal.played"),
        };
        let why = problem.words(lang);
        loaded.notes.push(tr!(
            lang,
            "sgf.illegal",
            game = game,
            n = n,
            color = color,
            why = why,
            what = what
        ));
    }
    Ok(loaded)
}

/// Fox writes RU[Japanese] on games it counts the Chinese way, and the
/// file shows it: a komi in stones (KM[375] is 3.75 stones, KM[275] 2.75),
/// which only area counting gives. Such a game is counted under Chinese
/// rules, its komi in points (7.5, 5.5), said in a note, and written
/// back so (RU[Chinese]), so the file and kifu's copy mean the same.
fn fox_chinese_counting(ctx: &mut Ctx, rules: &mut crate::game::Rules, info: &mut GameInfo) {
    let stones = ctx.komi.filter(|k| [3.75, 2.75].contains(&k.abs()));
    if let Some(k) = stones
        && ctx.fox
        && rules.scoring == Scoring::Territory
    {
        *rules = crate::game::Rules::chinese();
        ctx.komi = Some(k * 2.0);
        let ru = info.rules_text.written(rules).unwrap_or_else(|| "?".into());
        let komi = crate::game::result::format_points(k * 2.0);
        let stones = crate::game::result::format_points(k);
        let note = tr!(
            ctx.lang,
            "sgf.fox_chinese",
            ru = ru,
            stones = stones,
            komi = komi
        );
        ctx.note(note);
        info.rules_text = RulesText::Named;
    }
}

/// The game's nodes, bounded before anything is built (the walk visits
/// every node).
fn count_nodes(raw: &RawCollection<'_>, root: usize, lang: Lang) -> Result<usize, String> {
    let mut n_nodes = 0usize;
    let mut walk = vec![root];
    while let Some(id) = walk.pop() {
        n_nodes += 1;
        if n_nodes > MAX_GAME_NODES {
            return Err(tr!(lang, "sgf.too_many_nodes", max = MAX_GAME_NODES));
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
                    return Err(tr!(ctx.lang, "sgf.not_go", v = v));
                }
            }
            "SZ" => ctx.size = read_size(values[0], ctx.lang)?,
            "AP" => {
                let ap = values[0].to_ascii_lowercase();
                ctx.fox |= ap.contains("fox") || ap.contains("sgfc");
            }
            "HA" => ctx.handicap = values[0].trim().parse().unwrap_or(0),
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
    let ru = raw.props(root).iter().find(|p| p.id == "RU").map(|p| {
        // Without the controls a save drops, before the trim: else a
        // value such as BEL then a line break reads back otherwise.
        let v: String = unescape(raw.values(p)[0])
            .chars()
            .filter(|&c| !crate::sgf::text::dropped_control(c))
            .collect();
        v.trim().to_string()
    });
    match ru.as_deref().map(parse_rules) {
        Some(pr) => {
            // A preset's name, however spelt, is written back as the
            // preset's; anything else as it was.
            info.rules_text = if pr.recognized && pr.rules.preset.is_some() {
                RulesText::Named
            } else {
                RulesText::Kept(pr.text.clone())
            };
            if !pr.recognized {
                let note = tr!(
                    ctx.lang,
                    "sgf.ru_unknown",
                    ru = pr.text,
                    rules = pr.rules.title(ctx.lang)
                );
                ctx.note(note);
            }
            pr.rules
        }
        None => crate::game::Rules::chinese(),
    }
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
