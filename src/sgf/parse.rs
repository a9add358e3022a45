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

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawProperty {
    pub id: String,
    /// Values as written, escapes included.
    pub values: Vec<String>,
    /// Offset of the identifier in the text.
    pub offset: usize,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RawNode {
    pub props: Vec<RawProperty>,
    pub children: Vec<usize>,
    pub offset: usize,
}

/// A parsed collection: an arena of nodes and the root of each game.
#[derive(Debug, Default)]
pub struct RawCollection {
    pub nodes: Vec<RawNode>,
    pub games: Vec<usize>,
    /// Repairs, each with its offset in the text.
    pub notes: Vec<String>,
    /// True when something was dropped (not merely reformatted).
    pub lossy: bool,
}

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    out: RawCollection,
    mixed_case_seen: bool,
}

pub fn parse(text: &str) -> RawCollection {
    let mut p = Parser {
        text,
        bytes: text.as_bytes(),
        pos: 0,
        out: RawCollection::default(),
        mixed_case_seen: false,
    };
    p.run();
    p.out
}

impl Parser<'_> {
    fn note(&mut self, lossy: bool, msg: String) {
        self.out.lossy |= lossy;
        self.out.notes.push(msg);
    }

    fn skip_ws(&mut self) {
        while self.pos < self.bytes.len() && self.bytes[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn new_node(&mut self, parent: Option<usize>, depth: usize) -> usize {
        let id = self.out.nodes.len();
        self.out.nodes.push(RawNode {
            offset: self.pos,
            ..RawNode::default()
        });
        match parent {
            Some(p) => self.out.nodes[p].children.push(id),
            None => {
                if depth > 1 {
                    // A variation that opens before any node: attach it to
                    // the game it sits in, or start a game.
                }
                self.out.games.push(id);
            }
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
                    let depth = stack.len();
                    current = Some(self.new_node(current, depth));
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
                        let depth = stack.len();
                        current = Some(self.new_node(current, depth));
                    }
                    if let (Some(prop), Some(node)) = (self.property(), current) {
                        self.out.nodes[node].props.push(prop);
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
    fn property(&mut self) -> Option<RawProperty> {
        let offset = self.pos;
        let mut id = String::new();
        let mut had_lower = false;
        while let Some(&b) = self.bytes.get(self.pos) {
            if b.is_ascii_uppercase() {
                id.push(char::from(b));
            } else if b.is_ascii_lowercase() {
                had_lower = true;
            } else {
                break;
            }
            self.pos += 1;
        }
        if had_lower && !self.mixed_case_seen {
            self.mixed_case_seen = true;
            self.note(
                false,
                format!("offset {offset}: FF[3] mixed-case identifiers (like {:?}) read by their capitals", &self.text[offset..self.pos]),
            );
        }
        let mut values = Vec::new();
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
                Some(e) => values.push(self.text[start..e].to_string()),
                None => {
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
        if values.is_empty() {
            self.note(
                false,
                format!("offset {offset}: property {id:?} has no value: ignored"),
            );
            return None;
        }
        if id.is_empty() {
            self.note(
                false,
                format!("offset {offset}: a value without a property name: ignored"),
            );
            return None;
        }
        Some(RawProperty { id, values, offset })
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
        assert_eq!(root.props[0].id, "SZ");
        let b1 = &c.nodes[root.children[0]];
        assert_eq!(b1.children.len(), 2);
    }

    #[test]
    fn escaped_brackets_stay_raw() {
        let c = parse(r"(;C[a \] b \\])");
        assert_eq!(c.nodes[0].props[0].values, [r"a \] b \\"]);
    }

    #[test]
    fn collections_and_multiple_values() {
        let c = parse("(;GM[1];B[aa])\n(;GM[1]AB[aa][bb]:x)");
        assert_eq!(c.games.len(), 2);
        assert_eq!(c.nodes[c.games[1]].props[1].values, ["aa", "bb"]);
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
        assert_eq!(c.nodes[0].props[0].id, "GM");
        assert_eq!(c.nodes[0].props[1].id, "AB");
        assert_eq!(c.nodes[1].props[0].id, "B");
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
