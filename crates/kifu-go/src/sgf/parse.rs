//! SGF text to a raw tree of nodes and properties, tolerant of the mess real
//! files hold (truncation, text outside the collection, FF[3] mixed-case
//! identifiers, values without a closing bracket) and telling where it
//! repaired what. Iterative, so very deep trees cannot overflow the stack.
//!
//! Why not sgf-parse: its lexer is private, so it cannot say where a file
//! is broken; its lenient mode silently drops everything after the first
//! error; and it stores point lists in hash sets, which loses the order
//! that "keep every property verbatim" needs. The test suite uses
//! sgf-parse as an independent reader to cross-check this one.

use std::borrow::Cow;

use smallvec::SmallVec;

use crate::i18n::Lang;
use crate::tr;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawProperty<'a> {
    /// The identifier (a slice of the text unless FF[3] lowercase letters
    /// had to be dropped).
    pub id: Cow<'a, str>,
    /// Range into `RawCollection::values`.
    values: (u32, u32),
    /// Offset of the identifier in the text.
    pub offset: usize,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RawNode {
    /// Range into `RawCollection::props` (a node's properties are stored
    /// together).
    props: (u32, u32),
    /// Most nodes have one child: kept inline, no allocation.
    pub children: SmallVec<[u32; 1]>,
    pub offset: usize,
}

/// Text before the first game up to this length is a header (a mail's
/// headers, a note on the game), never a reason to call the file mostly
/// not SGF.
const HEADER_BYTES: usize = 4096;

/// A parsed collection: arenas of nodes, properties and values (slices of
/// the text, escapes included), and the root of each game. Flat arenas
/// because a game record is mostly one short property per node.
#[derive(Debug, Default)]
pub struct RawCollection<'a> {
    pub nodes: Vec<RawNode>,
    props: Vec<RawProperty<'a>>,
    values: Vec<&'a str>,
    pub games: Vec<usize>,
    /// Repairs, each with its offset in the text.
    pub notes: Vec<String>,
    /// True when something was dropped (not merely reformatted).
    pub lossy: bool,
    /// Bytes skipped as text that is not SGF: before the first game (past
    /// a header's length) and inside games; not between games or after
    /// the last, which a save keeps.
    pub skipped: usize,
    /// With a sink: the text of the game trees handed over (from the `(`
    /// that began them to where they ended), to read them again elsewhere.
    pub span: (usize, usize),
}

impl<'a> RawCollection<'a> {
    pub fn props(&self, node: usize) -> &[RawProperty<'a>] {
        let (s, e) = self.nodes[node].props;
        &self.props[s as usize..e as usize]
    }

    /// The values of a property, as written (escapes included).
    pub fn values(&self, prop: &RawProperty<'a>) -> &[&'a str] {
        &self.values[prop.values.0 as usize..prop.values.1 as usize]
    }

    fn push_prop(&mut self, node: usize, prop: RawProperty<'a>) {
        let (s, e) = self.nodes[node].props;
        if e as usize != self.props.len() {
            // Properties after a closed variation belong to an older node:
            // move its properties to the end so they stay together.
            let start = self.props.len() as u32;
            for k in s..e {
                let p = self.props[k as usize].clone();
                self.props.push(p);
            }
            self.nodes[node].props = (start, self.props.len() as u32);
        }
        self.props.push(prop);
        self.nodes[node].props.1 += 1;
    }
}

/// The longest property value kifu reads (a comment of 4 MiB is a book);
/// a longer one is dropped with a note, so the file is never overwritten.
pub const MAX_VALUE_BYTES: usize = 4 << 20;

/// Notes kept per file; past this only their number is kept (a hostile
/// file can hold millions of faults).
pub const MAX_NOTES_KEPT: usize = 1000;

/// Called with the arenas each time a game tree is complete (streaming).
type Sink<'s, 'a> = &'s mut dyn FnMut(&RawCollection<'a>);

struct Parser<'a, 's> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    out: RawCollection<'a>,
    mixed_case_seen: bool,
    /// With a sink, each finished game tree is handed over and its arenas
    /// cleared, so memory follows one game, not the whole collection.
    sink: Option<Sink<'s, 'a>>,
    /// Notes not kept (past `MAX_NOTES_KEPT`).
    notes_dropped: usize,
    /// Where the game tree being read began (its `(`).
    tree_start: usize,
    /// The language of the notes.
    lang: Lang,
}

/// Parses the whole text into one collection (every game kept).
pub fn parse(text: &str) -> RawCollection<'_> {
    let mut p = Parser::new(text, None, Lang::En);
    // A move node takes about 7 bytes of text: reserve to avoid
    // regrowing (and copying) the arenas.
    p.out.nodes.reserve(text.len() / 7 + 1);
    p.out.props.reserve(text.len() / 7 + 16);
    p.out.values.reserve(text.len() / 6 + 16);
    p.run();
    p.finish()
}

/// Parses game by game: `each` gets the arenas holding the games finished
/// since the last call (`games` lists their roots); they are cleared after.
/// Returns the file-level notes and whether something was dropped (the
/// arenas of the returned collection are empty).
pub fn parse_each<'a>(
    text: &'a str,
    lang: Lang,
    each: &mut dyn FnMut(&RawCollection<'a>),
) -> RawCollection<'a> {
    let mut p = Parser::new(text, Some(each), lang);
    p.run();
    p.flush();
    p.finish()
}

impl<'a, 's> Parser<'a, 's> {
    fn new(text: &'a str, sink: Option<Sink<'s, 'a>>, lang: Lang) -> Self {
        Parser {
            text,
            bytes: text.as_bytes(),
            pos: 0,
            out: RawCollection::default(),
            mixed_case_seen: false,
            sink,
            notes_dropped: 0,
            tree_start: 0,
            lang,
        }
    }

    fn finish(mut self) -> RawCollection<'a> {
        if self.notes_dropped > 0 {
            let n = self.notes_dropped;
            let more = tr!(self.lang, "sgf.more_syntax", n = n);
            self.out.notes.push(more);
        }
        self.out
    }

    /// Hands the finished games to the sink and clears the arenas.
    fn flush(&mut self) {
        if self.out.games.is_empty() {
            return;
        }
        self.out.span = (self.tree_start, self.pos);
        if let Some(sink) = self.sink.as_mut() {
            sink(&self.out);
            self.out.nodes.clear();
            self.out.props.clear();
            self.out.values.clear();
            self.out.games.clear();
        }
    }

    fn note(&mut self, lossy: bool, msg: String) {
        self.out.lossy |= lossy;
        if self.out.notes.len() < MAX_NOTES_KEPT {
            self.out.notes.push(msg);
        } else {
            self.notes_dropped += 1;
        }
    }

    /// `(` starts a game tree only when a node follows: `(;`, or a
    /// property at once (`(SZ[9]`, as some programs write the root), spaces
    /// allowed. A lone `(` in text or binary data is not one.
    fn starts_tree(&self, at: usize) -> bool {
        let rest = &self.bytes[at + 1..];
        let Some(i) = rest.iter().position(|b| !b.is_ascii_whitespace()) else {
            return false;
        };
        if rest[i] == b';' {
            return true;
        }
        let id = rest[i..]
            .iter()
            .take_while(|b| b.is_ascii_alphabetic())
            .count();
        id > 0
            && rest[i + id..]
                .iter()
                .find(|b| !b.is_ascii_whitespace())
                .is_some_and(|&b| b == b'[')
    }

    fn skip_ws(&mut self) {
        while self.pos < self.bytes.len() && self.bytes[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn new_node(&mut self, parent: Option<usize>) -> usize {
        let id = self.out.nodes.len();
        let at = self.out.props.len() as u32;
        self.out.nodes.push(RawNode {
            offset: self.pos,
            props: (at, at),
            children: SmallVec::new(),
        });
        match parent {
            Some(p) => self.out.nodes[p].children.push(id as u32),
            None => self.out.games.push(id),
        }
        id
    }

    fn run(&mut self) {
        // Text before the first game tree is not SGF (mail headers, notes).
        let first = (0..self.bytes.len()).find(|&i| self.bytes[i] == b'(' && self.starts_tree(i));
        match first {
            Some(0) => {}
            Some(start) => {
                // Counted as skipped past a header's length: a README
                // with a game at its end is mostly not SGF
                // (`mostly_not_sgf`), a mail's headers or a short note
                // before a game are not.
                if start > HEADER_BYTES && !self.text[..start].trim().is_empty() {
                    self.out.skipped += start;
                }
                self.pos = start;
            }
            None => {
                if !self.text.trim().is_empty() {
                    let note = tr!(self.lang, "sgf.no_open");
                    self.note(true, note);
                }
                return;
            }
        }
        // Stack of the last node before each open '(' (None at game level).
        let mut stack: Vec<Option<usize>> = Vec::new();
        let mut current: Option<usize> = None;
        let mut garbage_at: Option<usize> = None;
        loop {
            self.skip_ws();
            let Some(&b) = self.bytes.get(self.pos) else {
                break;
            };
            // Between games only a game tree counts: anything else (a lone
            // '(' included) is text outside the collection.
            let outside = stack.is_empty() && !(b == b'(' && self.starts_tree(self.pos));
            if outside || (!matches!(b, b'(' | b')' | b';') && !b.is_ascii_uppercase()) {
                // Anything else between nodes is noise: skip it, once noted.
                if garbage_at.is_none() {
                    garbage_at = Some(self.pos);
                }
                self.pos += self.text[self.pos..]
                    .chars()
                    .next()
                    .map_or(1, char::len_utf8);
                continue;
            }
            if let Some(at) = garbage_at.take() {
                if stack.is_empty() {
                    // Between games: text outside the trees, kept on save
                    // (`cut.rs`), so not counted against the file: a save
                    // that writes smaller games must not leave a file
                    // kifu then refuses.
                } else {
                    self.out.skipped += self.pos - at;
                    // Inside a game it is usually the rest of a value cut
                    // short by an unescaped ']': dropped, so lossy.
                    let n = self.pos - at;
                    let note = tr!(self.lang, "sgf.skipped", at = at, n = n);
                    self.note(true, note);
                }
            }
            match b {
                b'(' => {
                    if stack.is_empty() {
                        self.tree_start = self.pos;
                    }
                    self.pos += 1;
                    stack.push(current);
                }
                b')' => {
                    self.pos += 1;
                    match stack.pop() {
                        Some(prev) => {
                            current = prev;
                            if stack.is_empty() {
                                self.flush();
                            }
                        }
                        None => {
                            let at = self.pos - 1;
                            let note = tr!(self.lang, "sgf.extra_close", at = at);
                            self.note(false, note);
                        }
                    }
                }
                b';' => {
                    self.pos += 1;
                    current = Some(self.new_node(current));
                }
                _ => {
                    // A property.
                    if current.is_none() {
                        let note = tr!(self.lang, "sgf.props_first", at = self.pos);
                        self.note(false, note);
                        current = Some(self.new_node(current));
                    }
                    let prop = self.property();
                    if let (Some(prop), Some(node)) = (prop, current) {
                        self.out.push_prop(node, prop);
                    }
                }
            }
        }
        // Text after the last game tree is not counted: a game with notes
        // or a README appended is a game record (the notes are kept).
        if let Some(at) = garbage_at.filter(|_| !stack.is_empty()) {
            self.out.skipped += self.pos - at;
        }
        if !stack.is_empty() {
            let (at, n) = (self.bytes.len(), stack.len());
            let note = tr!(self.lang, "sgf.truncated", at = at, n = n);
            self.note(true, note);
        }
    }

    /// Reads `ID[v][v]...`.
    fn property(&mut self) -> Option<RawProperty<'a>> {
        let offset = self.pos;
        let id = self.identifier();
        let first = self.out.values.len();
        loop {
            self.skip_ws();
            if self.bytes.get(self.pos) != Some(&b'[') {
                break;
            }
            self.pos += 1;
            let start = self.pos;
            let problem = match self.value_end() {
                Some(e) if e - start > MAX_VALUE_BYTES => tr!(
                    self.lang,
                    "sgf.value_long",
                    at = start - 1,
                    id = id,
                    n = e - start,
                    max = MAX_VALUE_BYTES >> 20
                ),
                Some(e) => {
                    self.out.values.push(&self.text[start..e]);
                    continue;
                }
                None => tr!(self.lang, "sgf.value_open", at = start - 1, id = id),
            };
            self.out.values.truncate(first);
            self.note(true, problem);
            return None;
        }
        let problem = if self.out.values.len() == first {
            let id = format!("{id:?}");
            tr!(self.lang, "sgf.no_value", at = offset, id = id)
        } else if id.is_empty() {
            tr!(self.lang, "sgf.no_name", at = offset)
        } else {
            return Some(RawProperty {
                id,
                values: (first as u32, self.out.values.len() as u32),
                offset,
            });
        };
        self.out.values.truncate(first);
        self.note(false, problem);
        None
    }

    /// A property's identifier. Lowercase letters in identifiers are FF[3]
    /// habits (`AddBlack` means `AB`) and are dropped.
    fn identifier(&mut self) -> Cow<'a, str> {
        let offset = self.pos;
        let mut had_lower = false;
        while let Some(&b) = self.bytes.get(self.pos) {
            if b.is_ascii_lowercase() {
                had_lower = true;
            } else if !b.is_ascii_uppercase() {
                break;
            }
            self.pos += 1;
        }
        let written = &self.text[offset..self.pos];
        if !had_lower {
            return Cow::Borrowed(written);
        }
        if !self.mixed_case_seen {
            self.mixed_case_seen = true;
            let like = format!("{written:?}");
            let note = tr!(self.lang, "sgf.mixed_case", at = offset, like = like);
            self.note(false, note);
        }
        Cow::Owned(written.chars().filter(char::is_ascii_uppercase).collect())
    }

    /// Past a value's closing `]` (a `\` escapes the next byte): the
    /// offset of the `]`, or None when the file ends first.
    fn value_end(&mut self) -> Option<usize> {
        let mut escaped = false;
        while let Some(&b) = self.bytes.get(self.pos) {
            self.pos += 1;
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b']' {
                return Some(self.pos - 1);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests;
