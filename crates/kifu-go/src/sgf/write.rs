//! kifu's own SGF writer: FF[4], CA[UTF-8], canonical RE, passes as `B[]`,
//! uninterpreted properties verbatim and in their order, stable output
//! (the same record always gives the same bytes). Iterative, like the
//! reader, so deep trees are safe.

use std::fmt::Write as _;

use crate::game::record::{GameRecord, Node, NodeId};
use crate::game::result::format_points;
use crate::game::{Move, Point};

use super::text::escape;

/// Nodes per line in a long sequence, to keep lines readable.
const NODES_PER_LINE: usize = 10;

fn push_prop(out: &mut String, id: &str, value: &str) {
    out.push_str(id);
    out.push('[');
    out.push_str(value);
    out.push(']');
}

fn push_text(out: &mut String, id: &str, value: &Option<String>) {
    if let Some(v) = value {
        push_prop(out, id, &escape(v, false));
    }
}

/// A point's two letters, written in place: most of a file is these, and
/// a String for each cost a tenth of `convert`.
fn push_point(out: &mut String, p: Point) {
    out.push('[');
    out.push(char::from(b'a' + p.x));
    out.push(char::from(b'a' + p.y));
    out.push(']');
}

fn push_points(out: &mut String, id: &str, pts: &[Point]) {
    if pts.is_empty() {
        return;
    }
    out.push_str(id);
    for &p in pts {
        push_point(out, p);
    }
}

fn write_node_body(out: &mut String, node: &Node) {
    if let Some((c, mv)) = node.mv {
        out.push(c.letter());
        match mv {
            Move::Play(p) => push_point(out, p),
            Move::Pass => out.push_str("[]"),
        }
    }
    if let Some(c) = node.to_play {
        out.push_str("PL[");
        out.push(c.letter());
        out.push(']');
    }
    push_points(out, "AB", &node.add_black);
    push_points(out, "AW", &node.add_white);
    push_points(out, "AE", &node.add_empty);
    // SGF allows a property once a node; a Fox file has two AP
    // (`AP[GNU Go:3.8]...AP[foxwq]`): they are written as one.
    let programs: Vec<&str> = node
        .props
        .iter()
        .filter(|p| p.id == "AP")
        .filter_map(|p| p.values.first().map(String::as_str))
        .collect();
    let mut ap_written = false;
    for p in &node.props {
        if p.id == "AP" && programs.len() > 1 {
            if !ap_written {
                ap_written = true;
                out.push_str("AP[");
                out.push_str(&super::text::without_controls(&merged_programs(&programs)));
                out.push(']');
            }
            continue;
        }
        out.push_str(&p.id);
        for v in &p.values {
            out.push('[');
            out.push_str(&super::text::without_controls(v));
            out.push(']');
        }
    }
    push_text(out, "C", &node.comment);
}

/// Several AP values (each `name:version`, as SGF writes them) as one:
/// every program but the last as "name version", then the last as it
/// is, joined by ", " (`AP[GNU Go 3.8, foxwq]`). A reader that takes the
/// text before the first colon as the name and the rest as the version
/// still reads the last program's version.
fn merged_programs(values: &[&str]) -> String {
    let mut parts: Vec<String> = Vec::new();
    for (k, v) in values.iter().enumerate() {
        let v = v.trim();
        if k + 1 == values.len() {
            parts.push(v.to_string());
            continue;
        }
        // The first colon that is not escaped separates the version.
        let mut split = None;
        let mut escaped = false;
        for (i, c) in v.char_indices() {
            match c {
                '\\' if !escaped => escaped = true,
                ':' if !escaped => {
                    split = Some(i);
                    break;
                }
                _ => escaped = false,
            }
        }
        parts.push(match split {
            Some(i) => format!("{} {}", v[..i].trim(), v[i + 1..].trim())
                .trim()
                .to_string(),
            None => v.to_string(),
        });
    }
    parts.retain(|p| !p.is_empty());
    parts.join(", ")
}

fn write_root(out: &mut String, rec: &GameRecord) {
    let info = &rec.info;
    out.push_str("FF[4]GM[1]CA[UTF-8]");
    push_prop(out, "SZ", &rec.size().to_string());
    push_text(out, "GN", &info.game_name);
    push_text(out, "PB", &info.black);
    push_text(out, "BR", &info.black_rank);
    push_text(out, "PW", &info.white);
    push_text(out, "WR", &info.white_rank);
    push_text(out, "EV", &info.event);
    push_text(out, "RO", &info.round);
    push_text(out, "DT", &info.date);
    push_text(out, "PC", &info.place);
    push_text(out, "RU", &info.rules_text.written(&rec.rules));
    if info.komi_given {
        let area = rec.rules.scoring == crate::game::rules::Scoring::Area;
        push_prop(out, "KM", &komi_text(rec.komi(), area));
    }
    if info.handicap > 0 {
        push_prop(out, "HA", &info.handicap.to_string());
    }
    if let Some(r) = &info.result {
        push_prop(out, "RE", &escape(&r.to_string(), false));
    }
    if let Some(t) = info.main_time {
        push_prop(out, "TM", &format_points(t));
    }
    push_text(out, "OT", &info.overtime);
    push_text(out, "GC", &info.game_comment);
    out.push('\n');
}

/// KM in points, spelled so the reader takes it back unchanged: under area
/// rules `3.75` and `2.75` (and their negatives) would be read as stones,
/// so they get a trailing zero there; elsewhere they are written plainly.
fn komi_text(k: f64, area: bool) -> String {
    match format_points(k).as_str() {
        t @ ("3.75" | "2.75" | "-3.75" | "-2.75") if area => format!("{t}0"),
        t => t.to_string(),
    }
}

enum Visit {
    Open,
    Close,
    Node(NodeId),
}

/// The record as SGF text (one game tree).
pub fn to_sgf(rec: &GameRecord) -> String {
    let mut out = String::with_capacity(64 + rec.nodes().len() * 7);
    out.push_str("(;");
    write_root(&mut out, rec);
    write_node_body(&mut out, rec.node(rec.root()));
    if !out.ends_with('\n') {
        out.push('\n');
    }
    let mut on_line = 0usize;
    let mut stack: Vec<Visit> = Vec::new();
    push_children(&mut stack, rec.node(rec.root()));
    while let Some(step) = stack.pop() {
        match step {
            Visit::Open => {
                if !out.ends_with('\n') {
                    out.push('\n');
                }
                out.push('(');
                on_line = 0;
            }
            Visit::Close => out.push(')'),
            Visit::Node(id) => {
                if on_line == NODES_PER_LINE {
                    out.push('\n');
                    on_line = 0;
                }
                out.push(';');
                write_node_body(&mut out, rec.node(id));
                on_line += 1;
                push_children(&mut stack, rec.node(id));
            }
        }
    }
    out.push_str(")\n");
    out
}

fn push_children(stack: &mut Vec<Visit>, node: &Node) {
    match node.children.as_slice() {
        [] => {}
        [only] => stack.push(Visit::Node(*only)),
        many => {
            for &c in many.iter().rev() {
                stack.push(Visit::Close);
                stack.push(Visit::Node(c));
                stack.push(Visit::Open);
            }
        }
    }
}

/// Several games as one collection.
pub fn collection_to_sgf<'a>(games: impl IntoIterator<Item = &'a GameRecord>) -> String {
    let mut out = String::new();
    for g in games {
        let _ = write!(out, "{}", to_sgf(g));
    }
    out
}
