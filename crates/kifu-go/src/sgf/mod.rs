//! SGF reading and writing. Reading: bytes are decoded (`decode`), parsed
//! tolerantly into raw nodes (`parse`), then interpreted (`read`). Writing
//! is kifu's own (`write`). Files themselves are read and written by
//! `storage`.

mod check;
mod cut;
use crate::i18n::Lang;
use crate::tr;
use cut::{Cut, decoded_each, read_text_each};
pub(crate) mod decode;
pub(crate) mod foreign;
pub(crate) mod parse;
pub(crate) mod read;
mod spans;
pub mod territory;
pub(crate) mod text;
/// kifu's own machinery, public for the kifu application and its
/// tools, not part of the library's promise: it may change in any release.
#[doc(hidden)]
pub mod time;
pub(crate) mod write;

pub use check::round_trips;
pub use read::{GameError, LoadedGame};

pub use write::{collection_to_sgf, to_sgf};

/// Everything read from one file.
#[derive(Debug)]
pub struct SgfFile {
    /// Each game tree of the file, read, or why it could not be.
    pub games: Vec<Result<LoadedGame, GameError>>,
    /// The encoding the text was read in.
    pub encoding: &'static str,
    /// File-level repairs and guesses (encoding, syntax), each with its place.
    pub notes: Vec<String>,
    /// The syntax had to be repaired by dropping something.
    pub lossy: bool,
    /// Why this is not an SGF game record at all (binary data, no game
    /// tree): such a file is refused, never opened as an empty game.
    pub not_sgf: Option<String>,
    /// The other format the record was read from (GIB, NGF, UGF): a save
    /// never goes back into such a file.
    pub format: Option<&'static str>,
}

/// What a file holds apart from its games (see `read_each`).
#[derive(Debug, Clone, PartialEq)]
pub struct FileFacts {
    /// The encoding the text was read in.
    pub encoding: &'static str,
    /// File-level repairs and guesses, each with its place.
    pub notes: Vec<String>,
    /// The syntax had to be repaired by dropping something.
    pub lossy: bool,
    /// How many game trees were found.
    pub games: usize,
    /// Why this is not an SGF game record at all, if it is not.
    pub not_sgf: Option<String>,
    /// The other format the record was read from (see `SgfFile::format`).
    pub format: Option<&'static str>,
    /// The text outside game trees after the last game (notes, a README
    /// appended), kept so a save writes it back; empty when there is none
    /// but whitespace.
    pub after: String,
}

impl FileFacts {
    /// A file refused as no game record, and why.
    fn refused(encoding: &'static str, notes: Vec<String>, why: String) -> FileFacts {
        FileFacts {
            encoding,
            notes,
            lossy: true,
            games: 0,
            not_sgf: Some(why),
            format: None,
            after: String::new(),
        }
    }
}

/// Notes said in full per file; the rest are summarised by kind.
pub const NOTES_SHOWN: usize = 20;

/// The notes to show: the first `NOTES_SHOWN`, then one line per kind of
/// the rest, with its first note as written ("and 2343 more of the same
/// kind as: move 31 (White): illegal: D16 is already occupied"), a kind
/// being the note with its numbers and bracketed values left out.
pub fn summarize(notes: &[String], lang: Lang) -> Vec<String> {
    let mut out: Vec<String> = notes.iter().take(NOTES_SHOWN).cloned().collect();
    let mut kinds: Vec<(String, &String, usize)> = Vec::new();
    for n in notes.iter().skip(NOTES_SHOWN) {
        let k = note_kind(n);
        match kinds.iter_mut().find(|(kind, _, _)| *kind == k) {
            Some((_, _, c)) => *c += 1,
            None => kinds.push((k, n, 1)),
        }
    }
    for (_, first, c) in kinds {
        let more = c - 1;
        out.push(if more == 0 {
            first.clone()
        } else {
            tr!(lang, "sgf.more_of_kind", note = first.clone(), n = more)
        });
    }
    out
}

/// A note without its particulars: digits become `N`, values `[..]`.
fn note_kind(note: &str) -> String {
    let mut out = String::with_capacity(note.len());
    let mut depth = 0u32;
    for c in note.chars() {
        match c {
            '[' => {
                if depth == 0 {
                    out.push_str("[..]");
                }
                depth += 1;
            }
            ']' => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            '0'..='9' => {
                if !out.ends_with('N') {
                    out.push('N');
                }
            }
            c => out.push(c),
        }
    }
    out
}

/// Control characters that never occur in a text file kifu could read:
/// all C0 but tab, line feed, form feed, carriage return and the DOS end
/// of file (^Z).
/// How many bytes of `text` are control characters (below 0x20) other
/// than `except`: written without branches, so the compiler vectorises
/// the pass over a collection of 100 MB.
fn count_controls<const N: usize>(text: &str, except: [u8; N]) -> usize {
    // Counted in bytes over chunks of 255 (no overflow), so the compiler
    // packs 32 bytes a step.
    let mut total = 0;
    for chunk in text.as_bytes().chunks(255) {
        let mut n: u8 = 0;
        for &b in chunk {
            let keep = except.iter().fold(b < 0x20, |k, &e| k & (b != e));
            n += u8::from(keep);
        }
        total += usize::from(n);
    }
    total
}

fn is_binary_char(c: char) -> bool {
    (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\x0c' | '\r' | '\x1a')
}

/// Binary data (an executable, an image, an archive, random bytes): more
/// than 64 control characters making over one in twenty (text has none
/// but line breaks and tabs; a stray NUL or a UTF-16 comment in a text
/// file stays under that). Says where the first one is.
pub fn binary_reason(text: &str, lang: Lang) -> Option<String> {
    // Control characters are single bytes below 0x20 in UTF-8: scan bytes
    // (a count without branches, which the compiler vectorises), and find
    // the first only when there are enough to matter.
    let count = count_controls(text, *b"\t\n\x0c\r\x1a");
    if count <= 64 || count * 20 <= text.chars().count() {
        return None;
    }
    let first = text.bytes().position(|b| is_binary_char(char::from(b)))?;
    Some(tr!(lang, "sgf.binary", n = count, at = first))
}

/// Text that is mostly not SGF (a README renamed `.sgf` holding a `(` and
/// a `B[`): when the file does not begin with a game tree, a dry parse
/// measures what it would skip; more than half of a file of some size is
/// not a game record, whatever repairs could make of the rest. A real
/// record begins with `(`, so it never pays for the dry parse.
fn mostly_not_sgf(text: &str, lang: Lang) -> Option<String> {
    let start = text.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    if start.starts_with('(') || text.len() < 256 {
        return None;
    }
    let dry = parse::parse_each(text, lang, &mut |_| {});
    (dry.skipped * 2 > text.len())
        .then(|| tr!(lang, "sgf.mostly_text", n = dry.skipped, of = text.len()))
}

impl SgfFile {
    /// All notes: the file's, then each game's (and each unreadable game).
    pub fn all_notes(&self) -> Vec<String> {
        let mut out = self.notes.clone();
        for g in &self.games {
            match g {
                Ok(l) => out.extend(l.notes.iter().cloned()),
                Err(e) => out.push(format!("{e}: not read")),
            }
        }
        out
    }

    /// The `index`-th game (from 1), or a message saying why not.
    pub fn game(&self, index: usize) -> Result<&LoadedGame, String> {
        self.game_in(index, crate::i18n::Lang::En)
    }

    /// `game`, saying why not in `lang`.
    pub fn game_in(&self, index: usize, lang: crate::i18n::Lang) -> Result<&LoadedGame, String> {
        use crate::tr;
        if let Some(why) = &self.not_sgf {
            return Err(tr!(lang, "file.not_game", why = why));
        }
        if self.games.is_empty() {
            return Err(tr!(lang, "file.no_game"));
        }
        match self.games.get(index.wrapping_sub(1)) {
            Some(Ok(g)) => Ok(g),
            Some(Err(e)) => Err(e.words(lang)),
            None => Err(tr!(
                lang,
                "file.no_game_n",
                game = index,
                n = self.games.len()
            )),
        }
    }

    /// True when writing the games back would lose something of the file.
    pub fn lossy(&self) -> bool {
        self.lossy
            || self
                .games
                .iter()
                .any(|g| g.as_ref().map_or(true, |l| l.lossy))
    }
}

/// Reads SGF from bytes. Never panics; what could not be read is said in
/// the notes and the errors.
pub fn read_bytes(bytes: &[u8]) -> SgfFile {
    collect(|each| read_each(bytes, Lang::En, each))
}

/// Reads SGF from text already decoded.
pub fn read_text(text: &str) -> SgfFile {
    collect(|each| {
        read_text_each(
            &std::sync::Arc::new(text.to_string()),
            ("UTF-8", Lang::En),
            Vec::new(),
            Cut::Parse,
            &mut |_, raw, k, count, notes, _| {
                each(
                    count,
                    read::read_game(raw, raw.games[k], count, Lang::En),
                    notes,
                );
            },
        )
    })
}

/// What `read_each` hands over per game: its number (from 1), the game or
/// why it could not be read, and the notes on the file found since the
/// previous game (the decoding's with the first game).
pub type EachGame<'a> = dyn FnMut(usize, Result<LoadedGame, GameError>, Vec<String>) + 'a;

fn collect(run: impl FnOnce(&mut EachGame<'_>) -> FileFacts) -> SgfFile {
    let mut games = Vec::new();
    let facts = run(&mut |_, g, _| games.push(g));
    SgfFile {
        games,
        encoding: facts.encoding,
        notes: facts.notes,
        lossy: facts.lossy,
        not_sgf: facts.not_sgf,
        format: facts.format,
    }
}

/// Reads SGF from bytes one game at a time: `each` gets every game (its
/// number from 1, and the game or why it could not be read) as soon as its
/// tree is complete, so memory follows the largest game, not the file.
/// The notes are in `lang`.
pub fn read_each(bytes: &[u8], lang: Lang, each: &mut EachGame<'_>) -> FileFacts {
    read_decoded_each(decode::decode(bytes, lang), each)
}

/// `read_each` of bytes it may keep (plain UTF-8 is not copied).
pub fn read_each_owned(bytes: Vec<u8>, lang: Lang, each: &mut EachGame<'_>) -> FileFacts {
    read_decoded_each(decode::decode_owned(bytes, lang), each)
}

/// `read_bytes` of bytes it may keep (plain UTF-8 is not copied), its
/// notes in `lang`.
pub fn read_owned(bytes: Vec<u8>, lang: Lang) -> SgfFile {
    collect(|each| read_each_owned(bytes, lang, each))
}

fn read_decoded_each(decoded: decode::Decoded, each: &mut EachGame<'_>) -> FileFacts {
    let lang = decoded.lang;
    decoded_each(decoded, Cut::Parse, &mut |_, raw, k, count, notes, _| {
        each(
            count,
            read::read_game(raw, raw.games[k], count, lang),
            notes,
        );
    })
}

/// A game's text cut from its file, to be read (interpreted and replayed)
/// on another thread: `read` gives what `read_each` would have.
#[derive(Debug, Clone, PartialEq)]
pub struct GameText {
    /// The whole decoded text of the file, shared by all its games; this
    /// game is `span` of it.
    all: std::sync::Arc<String>,
    span: (usize, usize),
    /// Which game tree of the text (a stray extra `(` can hold several).
    root: usize,
    /// The text outside game trees just before this game (notes, a mail's
    /// headers), kept so a save writes it back; empty when there is none
    /// but whitespace.
    before: String,
}

impl GameText {
    /// The text outside game trees just before this game, as the file
    /// holds it (empty: none but whitespace).
    pub fn before(&self) -> &str {
        &self.before
    }

    /// The game's text as the file holds it (decoded).
    pub fn text(&self) -> &str {
        self.all.get(self.span.0..self.span.1).unwrap_or_default()
    }

    /// Whether its text holds other game trees before this one (a stray
    /// extra `(`): then the text is not this game's alone.
    pub fn shares_text(&self) -> bool {
        self.root > 0
    }

    /// The game, read as `read_each` reads it (the syntax notes were
    /// given with the text already), its notes in `lang`.
    pub fn read(&self, number: usize, lang: Lang) -> Result<LoadedGame, GameError> {
        let raw = parse::parse(self.text());
        match raw.games.get(self.root) {
            Some(&root) => read::read_game(&raw, root, number, lang),
            None => Err(GameError {
                game: number,
                reason: "its text no longer holds a game tree".into(),
            }),
        }
    }
}

/// What `split_each` hands over per game: its number, its text, and the
/// notes on the file found since the previous game.
pub type EachText<'a> = dyn FnMut(usize, GameText, Vec<String>) + 'a;

/// Splits SGF bytes into the text of each game, as `read_each` finds them
/// (the same numbers, notes and facts), without reading the games: the
/// reading is left to whoever takes the text (`GameText::read`).
pub fn split_each(bytes: Vec<u8>, lang: Lang, each: &mut EachText<'_>) -> FileFacts {
    decoded_each(
        decode::decode_owned(bytes, lang),
        Cut::Spans,
        &mut |text, raw, k, count, notes, before| {
            let before = before.to_string();
            each(
                count,
                GameText {
                    all: std::sync::Arc::clone(text),
                    span: raw.span,
                    root: k,
                    before,
                },
                notes,
            );
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The byte count finds what a count of characters finds, whatever
    /// the text (multi-byte characters never hold a byte below 0x20).
    #[test]
    fn control_bytes_are_counted_as_characters_are() {
        let mut text = String::from("(;C[é中\u{1f600}\t\n\r]");
        for b in 0u8..0x20 {
            text.push(char::from(b));
            text.push('ü');
        }
        let long = text.repeat(40);
        for t in [text.as_str(), long.as_str(), "", "plain"] {
            let by_chars = t.chars().filter(|&c| text::dropped_control(c)).count();
            assert_eq!(count_controls(t, *b"\t\n\r"), by_chars);
            let binary = t.chars().filter(|&c| is_binary_char(c)).count();
            assert_eq!(count_controls(t, *b"\t\n\x0c\r\x1a"), binary);
        }
    }
}
