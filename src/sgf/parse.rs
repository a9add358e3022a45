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

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    out: RawCollection<'a>,
    mixed_case_seen: bool,
}

pub fn parse(text: &str) -> RawCollection<'_> {
    let mut p = Parser {
        text,
        bytes: text.as_bytes(),
        pos: 0,
        // A move node takes about 7 bytes of text: reserve to avoid
        // regrowing (and copying) the arenas.
        out: RawCollection {
            nodes: Vec::with_capacity(text.len() / 7 + 1),
            props: Vec::with_capacity(text.len() / 7 + 16),
            values: Vec::with_capacity(text.len() / 6 + 16),
            ..RawCollection::default()
        },
        mixed_case_seen: false,
    };
    p.run();
    p.out
}

impl<'a> Parser<'a> {
    fn note(&mut self, lossy: bool, msg: String) {
        self.out.lossy |= lossy;
        self.out.notes.push(msg);
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
        // Text before the first '(' is not SGF (mail headers, notes).
        match self.bytes.iter().position(|&b| b == b'(') {
            Some(0) => {}
            Some(start) => {
                if !self.text[..start].trim().is_empty() {
                    self.note(
                        false,
                        format!("skipped {start} bytes of text before the first game"),
                    );
                }
                self.pos = start;
            }
            None => {
                if !self.text.trim().is_empty() {
                    self.note(true, "no '(' found: this is not an SGF game record".into());
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
            if !matches!(b, b'(' | b')' | b';') && !b.is_ascii_uppercase() {
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
                    // Between games: ignorable.
                } else {
                    self.note(
                        false,
                        format!(
                            "offset {at}: skipped text that is not SGF ({} bytes)",
                            self.pos - at
                        ),
                    );
                }
            }
            match b {
                b'(' => {
                    self.pos += 1;
                    stack.push(current);
                }
                b')' => {
                    self.pos += 1;
                    match stack.pop() {
                        Some(prev) => current = prev,
                        None => self.note(
                            false,
                            format!("offset {}: an extra ')' was ignored", self.pos - 1),
                        ),
                    }
                }
                b';' => {
                    self.pos += 1;
                    if stack.is_empty() {
                        // A node outside any game tree: open one.
                        self.note(
                            false,
                            format!(
                                "offset {}: a node outside '(...)': read as a new game",
                                self.pos - 1
                            ),
                        );
                        stack.push(None);
                        current = None;
                    }
                    current = Some(self.new_node(current));
                }
                _ => {
                    // A property.
                    if current.is_none() || stack.is_empty() {
                        if stack.is_empty() {
                            stack.push(None);
                        }
                        self.note(
                            false,
                            format!(
                                "offset {}: properties before the first ';': read as a node",
                                self.pos
                            ),
                        );
                        current = Some(self.new_node(current));
                    }
                    let prop = self.property();
                    if let (Some(prop), Some(node)) = (prop, current) {
                        self.out.push_prop(node, prop);
                    }
                }
            }
        }
        if !stack.is_empty() {
            self.note(
                true,
                format!(
                    "the file ends at offset {} with {} game tree(s) still open: it looks truncated; read what was there",
                    self.bytes.len(),
                    stack.len()
                ),
            );
        }
    }

    /// Reads `ID[v][v]...`. Lowercase letters in identifiers are FF[3]
    /// habits (`AddBlack` means `AB`) and are dropped.
    fn property(&mut self) -> Option<RawProperty<'a>> {
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
        let id: Cow<'a, str> = if had_lower {
            if !self.mixed_case_seen {
                self.mixed_case_seen = true;
                self.note(
                    false,
                    format!(
                        "offset {offset}: FF[3] mixed-case identifiers (like {written:?}) read by their capitals"
                    ),
                );
            }
            Cow::Owned(written.chars().filter(char::is_ascii_uppercase).collect())
        } else {
            Cow::Borrowed(written)
        };
        let first = self.out.values.len();
        loop {
            self.skip_ws();
            if self.bytes.get(self.pos) != Some(&b'[') {
                break;
            }
            self.pos += 1;
            let start = self.pos;
            let mut escaped = false;
            let mut end = None;
            while let Some(&b) = self.bytes.get(self.pos) {
                self.pos += 1;
                if escaped {
                    escaped = false;
                } else if b == b'\\' {
                    escaped = true;
                } else if b == b']' {
                    end = Some(self.pos - 1);
                    break;
                }
            }
            match end {
                Some(e) => self.out.values.push(&self.text[start..e]),
                None => {
                    self.out.values.truncate(first);
                    self.note(
                        true,
                        format!(
                            "offset {}: the value of {id} is not closed before the end of the file (truncated?): dropped",
                            start - 1
                        ),
                    );
                    return None;
                }
            }
        }
        if self.out.values.len() == first {
            self.note(
                false,
                format!("offset {offset}: property {id:?} has no value: ignored"),
            );
            return None;
        }
        if id.is_empty() {
            self.out.values.truncate(first);
            self.note(
                false,
                format!("offset {offset}: a value without a property name: ignored"),
            );
            return None;
        }
        Some(RawProperty {
            id,
            values: (first as u32, self.out.values.len() as u32),
            offset,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simple_game_with_variation() {
        let c = parse("(;SZ[9];B[ee](;W[cc])(;W[gg];B[cg]))");
        assert!(c.notes.is_empty(), "{:?}", c.notes);
        assert_eq!(c.games.len(), 1);
        let root = &c.nodes[c.games[0]];
        assert_eq!(c.props(c.games[0])[0].id, "SZ");
        let b1 = &c.nodes[root.children[0] as usize];
        assert_eq!(b1.children.len(), 2);
    }

    #[test]
    fn escaped_brackets_stay_raw() {
        let c = parse(r"(;C[a \] b \\])");
        assert_eq!(c.values(&c.props(0)[0]), [r"a \] b \\"]);
    }

    #[test]
    fn collections_and_multiple_values() {
        let c = parse("(;GM[1];B[aa])\n(;GM[1]AB[aa][bb]:x)");
        assert_eq!(c.games.len(), 2);
        let p = &c.props(c.games[1])[1];
        assert_eq!(c.values(p), ["aa", "bb"]);
    }

    #[test]
    fn truncated_file_is_reported_with_offset() {
        let c = parse("(;SZ[19];B[pd];W[dd];B[p");
        assert!(c.lossy);
        assert!(
            c.notes.iter().any(|n| n.contains("not closed")),
            "{:?}",
            c.notes
        );
        assert!(c.notes.iter().any(|n| n.contains("truncated")));
        assert_eq!(c.nodes.len(), 4);
    }

    #[test]
    fn mixed_case_identifiers() {
        let c = parse("(;GaMe[1]AddBlack[aa];Black[bb])");
        assert_eq!(c.props(0)[0].id, "GM");
        assert_eq!(c.props(0)[1].id, "AB");
        assert_eq!(c.props(1)[0].id, "B");
        assert_eq!(c.notes.len(), 1);
    }

    #[test]
    fn garbage_and_headers_are_skipped() {
        let c = parse("From: someone\n\n(;SZ[9] ;B[aa] junk ;W[bb])");
        assert_eq!(c.nodes.len(), 3);
        assert_eq!(c.notes.len(), 2, "{:?}", c.notes);
    }

    #[test]
    fn deep_tree_does_not_recurse() {
        let mut s = String::from("(;SZ[19]");
        for _ in 0..100_000 {
            s.push_str("(;B[aa]");
        }
        for _ in 0..100_000 {
            s.push(')');
        }
        s.push(')');
        let c = parse(&s);
        assert_eq!(c.nodes.len(), 100_001);
        assert!(c.notes.is_empty());
    }

    #[test]
    fn not_sgf() {
        let c = parse("hello world");
        assert!(c.games.is_empty());
        assert!(c.lossy);
    }
}
