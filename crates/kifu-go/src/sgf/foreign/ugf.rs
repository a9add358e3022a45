//! Pandanet's UGF and UGI: `[Header]` and `[Data]` sections, IGS
//! coordinates (rows from the bottom), `YA` for a pass.

use super::*;

pub(super) fn ugf(text: &str, lang: Lang) -> Result<Converted, String> {
    let mut section = String::new();
    let mut size: u8 = 19;
    let mut t = Tree::new(size, "Pandanet", lang);
    let mut review = Review::default();
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(s) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            section = s.to_string();
            continue;
        }
        match section.as_str() {
            "Header" => {
                let (key, value) = line.split_once('=').unwrap_or((line, ""));
                let first = value.split(',').next().unwrap_or("").trim();
                match key {
                    "Crypt" if !first.starts_with('0') => {
                        return Err(tr!(lang, "foreign.ugf_crypt", n = n, v = value));
                    }
                    "CoordinateType" if first != "IGS" => {
                        let want = "CoordinateType=IGS";
                        return Err(tr!(lang, "foreign.want", n = n, want = want, found = value));
                    }
                    "Size" => {
                        size = first
                            .parse()
                            .map_err(|_| tr!(lang, "foreign.want_size", n = n, found = value))?;
                        t.set("SZ", first);
                    }
                    _ => ugf_header(&mut t, key, value, size, n),
                }
            }
            "Data" => ugf_move(&mut t, line, size, (n, lang))?,
            "ReviewNode" => review.node_line(line, size, (n, lang))?,
            "ReviewComment" => review.comment_line(raw),
            _ => {}
        }
    }
    // A UGI's review holds the game and its variations: it replaces the
    // plain moves, with the comments on their nodes.
    if let Some(moves) = review.sgf(&mut t) {
        t.moves = moves;
    }
    Ok(t.finish("Pandanet UGF"))
}

/// A move line of `[Data]` (`XY,B1,NUMBER,TIME`; `YA` a pass).
fn ugf_move(t: &mut Tree, line: &str, size: u8, (n, lang): (usize, Lang)) -> Result<(), String> {
    let f: Vec<&str> = line.split(',').collect();
    let bad = || {
        let want = "XY,B1,NUMBER,TIME";
        tr!(lang, "foreign.want_move", n = n, want = want, found = line)
    };
    let (Some(at), Some(colour)) = (f.first(), f.get(1)) else {
        return Err(bad());
    };
    let b = at.as_bytes();
    if b.len() != 2 || !(colour.starts_with('B') || colour.starts_with('W')) {
        return Err(bad());
    }
    // Pandanet writes a pass as YA.
    if b == b"YA" {
        t.moves.push_str(if colour.starts_with('B') {
            ";B[]"
        } else {
            ";W[]"
        });
        return Ok(());
    }
    let x = i64::from(b[0]) - i64::from(b'A');
    let y = i64::from(size) - 1 - (i64::from(b[1]) - i64::from(b'A'));
    t.play(colour.starts_with('B'), x, y, size, n);
    Ok(())
}

/// A UGI's review: its nodes (`NODE,ID,COLOUR,X,Y`, columns and rows
/// from 1, rows from the bottom), its variations (`VARIATION,` ...
/// `VARIATIONEND,`, each an alternative to the node after it), and its
/// comments (`.Comment,ID` then lines).
/// How deep a UGI's variations may nest.
const MAX_REVIEW_DEPTH: usize = 200;

#[derive(Default)]
struct Review {
    /// The open sequences, the outermost first.
    open: Vec<Vec<Item>>,
    main: Vec<Item>,
    comments: std::collections::HashMap<u32, String>,
    commenting: Option<u32>,
}

enum Item {
    /// A move: its node id, Black or not, and its SGF point (None: pass).
    Move(u32, bool, Option<(u8, u8)>),
    Variation(Vec<Item>),
}

impl Review {
    fn node_line(&mut self, line: &str, size: u8, (n, lang): (usize, Lang)) -> Result<(), String> {
        let want = "NODE,ID,COLOUR,X,Y | VARIATION";
        let expected = || tr!(lang, "foreign.want", n = n, want = want, found = line);
        if line.starts_with("VARIATIONEND") {
            let done = self.open.pop().ok_or_else(expected)?;
            self.current().push(Item::Variation(done));
            return Ok(());
        }
        if line.starts_with("VARIATION") {
            // The review is written back recursively: its depth is bounded.
            if self.open.len() >= MAX_REVIEW_DEPTH {
                let max = MAX_REVIEW_DEPTH;
                return Err(tr!(lang, "foreign.too_deep", n = n, max = max));
            }
            self.open.push(Vec::new());
            return Ok(());
        }
        let f: Vec<u32> = line
            .strip_prefix("NODE,")
            .ok_or_else(expected)?
            .split(',')
            .map(|v| v.trim().parse::<u32>())
            .collect::<Result<_, _>>()
            .map_err(|_| expected())?;
        let [id, colour, x, y] = f[..] else {
            return Err(expected());
        };
        if colour == 0 {
            return Ok(()); // the root
        }
        let on = |v: u32| (1..=u32::from(size)).contains(&v);
        let point = (on(x) && on(y)).then(|| ((x - 1) as u8, (u32::from(size) - y) as u8));
        self.current().push(Item::Move(id, colour == 1, point));
        Ok(())
    }

    fn current(&mut self) -> &mut Vec<Item> {
        match self.open.last_mut() {
            Some(v) => v,
            None => &mut self.main,
        }
    }

    fn comment_line(&mut self, raw: &str) {
        if let Some(id) = raw.trim().strip_prefix(".Comment,") {
            self.commenting = id.trim().parse().ok();
            return;
        }
        if let Some(id) = self.commenting {
            let c = self.comments.entry(id).or_default();
            if !c.is_empty() {
                c.push('\n');
            }
            c.push_str(raw.trim());
        }
    }

    /// The review as an SGF sequence with its variations, the root's
    /// comment set on `t`; None when there is no review. A variation
    /// left open at the end of the file is closed there.
    fn sgf(&mut self, t: &mut Tree) -> Option<String> {
        while let Some(v) = self.open.pop() {
            self.current().push(Item::Variation(v));
        }
        if self.main.is_empty() {
            return None;
        }
        if let Some(c) = self.comments.get(&1) {
            t.set("C", c);
        }
        let mut out = String::new();
        self.emit(&self.main, &mut out);
        Some(out)
    }

    fn emit(&self, items: &[Item], out: &mut String) {
        for (i, item) in items.iter().enumerate() {
            match item {
                Item::Move(id, black, point) => {
                    out.push_str(if *black { ";B[" } else { ";W[" });
                    if let Some((x, y)) = point {
                        out.push_str(&sgf_point(*x, *y));
                    }
                    out.push(']');
                    if let Some(c) = self.comments.get(id) {
                        out.push_str(&format!("C[{}]", esc(c)));
                    }
                }
                Item::Variation(_) => {
                    // The variations here, then the line they leave.
                    let rest = items[i..]
                        .iter()
                        .position(|it| matches!(it, Item::Move(..)))
                        .map_or(items.len(), |k| i + k);
                    if rest < items.len() {
                        out.push('(');
                        self.emit(&items[rest..], out);
                        out.push(')');
                    }
                    for v in &items[i..rest] {
                        if let Item::Variation(v) = v {
                            out.push('(');
                            self.emit(v, out);
                            out.push(')');
                        }
                    }
                    return;
                }
            }
        }
    }
}

fn ugf_header(t: &mut Tree, key: &str, value: &str, size: u8, line: usize) {
    let parts: Vec<&str> = value.split(',').map(str::trim).collect();
    let first = parts.first().copied().unwrap_or("");
    match key {
        "PlayerB" | "PlayerW" => {
            let black = key == "PlayerB";
            t.set(if black { "PB" } else { "PW" }, first);
            if let Some(r) = parts.get(1) {
                t.set(if black { "BR" } else { "WR" }, r);
            }
        }
        "Hdcp" => {
            t.handicap(size, first.parse().unwrap_or(0), false, line);
            if let Some(k) = parts.get(1).and_then(|k| k.parse::<f64>().ok()) {
                // The komi as written, its sign kept as Sabaki keeps it: a
                // negative komi is given to Black (the shared amateur.ugf,
                // Hdcp=0,-5.50, then counts its recorded B+7.5 exactly).
                t.set("KM", &crate::game::result::format_points(k));
            }
        }
        "Rule" => {
            let rules = match first {
                "JPN" => "Japanese",
                "CHN" => "Chinese",
                "KOR" => "Korean",
                other => other,
            };
            t.set("RU", rules);
        }
        "Date" => t.set("DT", &first.replace('/', "-")),
        "Place" => t.set("PC", first),
        "Title" => t.set("EV", &parts.join(" ")),
        "Copyright" => t.set("CP", first),
        "Winner" => {
            if let ("B" | "W", Some(m)) = (first, parts.get(1).copied()) {
                let margin = m
                    .parse::<f64>()
                    .map(crate::game::result::format_points)
                    .unwrap_or_else(|_| m.chars().take(1).collect());
                t.set("RE", &format!("{first}+{margin}"));
            }
        }
        _ => {}
    }
}
