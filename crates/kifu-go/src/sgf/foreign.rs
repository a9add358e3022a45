//! Records of other servers, turned into SGF text that kifu's own reader
//! then reads: Tygem's GIB, WBaduk/CyberORO's NGF, Pandanet's UGF and UGI.
//! The format is found by content, not by the file's name. Players,
//! ranks, date, rules, komi, handicap, result and time settings go to
//! their SGF properties; a broken file is said with its line and what was
//! expected.

use crate::game::Point;
use crate::game::handicap::fixed_handicap;
use crate::i18n::Lang;
use crate::tr;

mod gib;
mod ngf;
mod ugf;
use gib::gib;
use ngf::{ngf, ngf_gi};
use ugf::ugf;

/// A record of another format as SGF, with what reading it noticed.
#[derive(Debug)]
pub struct Converted {
    pub sgf: String,
    /// The format's name, for the notes and the TUI ("Tygem GIB").
    pub format: &'static str,
    pub notes: Vec<String>,
    /// Something was dropped (a cut file, a move off the board).
    pub lossy: bool,
}

/// The record in `text` when it is GIB, NGF or UGF (None: not one of
/// them); an error names the line and what was expected.
pub fn convert(text: &str, lang: Lang) -> Option<Result<Converted, String>> {
    let start = text.trim_start_matches('\u{feff}').trim_start();
    if start.starts_with('(') {
        return None;
    }
    if start.starts_with("\\HS") || text.contains("\\[GAMEBLACKNAME=") {
        return Some(gib(text, lang));
    }
    if text.contains("[Header]") && text.contains("[Data]") {
        return Some(ugf(text, lang));
    }
    let lines: Vec<&str> = text.lines().collect();
    let moves = lines.iter().any(|l| l.trim_start().starts_with("PM"));
    if moves && lines.first().is_some_and(|l| l.starts_with("GI")) {
        return Some(ngf_gi(&lines, lang));
    }
    let sized = lines
        .get(1)
        .is_some_and(|l| l.trim().parse::<u8>().is_ok_and(|n| (2..=25).contains(&n)));
    if sized && moves {
        return Some(ngf(&lines, lang));
    }
    // Move lines of NGF under a header it does not have: said, with where.
    let pm = lines
        .iter()
        .filter(|l| l.trim().starts_with("PM") && l.trim().len() >= 7)
        .count();
    if pm >= 3 {
        let found = lines.get(1).map_or("", |l| l.trim());
        return Some(Err(tr!(lang, "foreign.ngf_header", found = found)));
    }
    None
}

/// SGF text escaping for a value.
fn esc(v: &str) -> String {
    v.replace('\\', "\\\\").replace(']', "\\]")
}

fn sgf_point(x: u8, y: u8) -> String {
    format!("{}{}", char::from(b'a' + x), char::from(b'a' + y))
}

/// The root properties and the moves, as one game tree.
struct Tree {
    root: Vec<(&'static str, String)>,
    moves: String,
    notes: Vec<String>,
    lossy: bool,
    /// The language of the notes.
    lang: Lang,
}

impl Tree {
    /// A tree of a record `source` (a server's program) wrote: its AP
    /// names that program and kifu, which wrote the SGF, in one value.
    fn new(size: u8, source: &str, lang: Lang) -> Tree {
        let ap = format!("{source}, kifu:{}", env!("CARGO_PKG_VERSION"));
        Tree {
            root: vec![
                ("GM", "1".into()),
                ("FF", "4".into()),
                ("SZ", size.to_string()),
                ("AP", esc(&ap)),
            ],
            moves: String::new(),
            notes: Vec::new(),
            lossy: false,
            lang,
        }
    }

    fn set(&mut self, id: &'static str, value: &str) {
        let value = value.trim();
        if !value.is_empty() {
            self.root.retain(|(k, _)| *k != id);
            self.root.push((id, esc(value)));
        }
    }

    /// Handicap stones on their points; `tygem`: Tygem and WBaduk put the
    /// third stone on the upper left, not the lower right.
    fn handicap(&mut self, size: u8, stones: u32, tygem: bool, line: usize) {
        if stones < 2 {
            return;
        }
        match fixed_handicap(size, stones) {
            Ok(mut pts) => {
                if tygem && stones == 3 {
                    let d = if size == 9 { 2 } else { 3 };
                    pts = vec![
                        Point::new(size - 1 - d, d),
                        Point::new(d, size - 1 - d),
                        Point::new(d, d),
                    ];
                }
                self.set("HA", &stones.to_string());
                let ab: String = pts.iter().map(|p| format!("[{}]", p.to_sgf())).collect();
                self.root.push(("AB", ab));
            }
            Err(e) => {
                let note = tr!(
                    self.lang,
                    "foreign.handicap",
                    line = line,
                    n = stones,
                    why = e.words(self.lang)
                );
                self.notes.push(note);
                self.lossy = true;
            }
        }
    }

    /// A move at (x, y) from the top left, or why not.
    fn play(&mut self, black: bool, x: i64, y: i64, size: u8, line: usize) {
        let on = |v: i64| (0..i64::from(size)).contains(&v);
        if on(x) && on(y) {
            self.moves.push_str(&format!(
                ";{}[{}]",
                if black { 'B' } else { 'W' },
                sgf_point(x as u8, y as u8)
            ));
        } else {
            let at = format!("({x}, {y})");
            let note = tr!(
                self.lang,
                "foreign.off_board",
                line = line,
                at = at,
                size = size
            );
            self.notes.push(note);
            self.lossy = true;
        }
    }

    fn finish(self, format: &'static str) -> Converted {
        let mut sgf = String::from("(;");
        for (k, v) in &self.root {
            if k == &"AB" {
                sgf.push_str(&format!("AB{v}"));
            } else {
                sgf.push_str(&format!("{k}[{v}]"));
            }
        }
        sgf.push_str(&self.moves);
        sgf.push(')');
        let mut notes = vec![tr!(self.lang, "foreign.read_as", format = format)];
        notes.extend(self.notes);
        Converted {
            sgf,
            format,
            notes,
            lossy: self.lossy,
        }
    }
}
