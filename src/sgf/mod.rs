//! SGF reading and writing. Reading: bytes are decoded (`decode`), parsed
//! tolerantly into raw nodes (`parse`), then interpreted (`read`). Writing
//! is kifu's own (`write`). Files themselves are read and written by
//! `storage`.

pub mod decode;
pub mod parse;
pub mod read;
pub mod text;
pub mod write;

pub use read::{GameError, LoadedGame};
pub use write::{collection_to_sgf, to_sgf};

/// Everything read from one file.
#[derive(Debug)]
pub struct SgfFile {
    pub games: Vec<Result<LoadedGame, GameError>>,
    pub encoding: &'static str,
    /// File-level repairs and guesses (encoding, syntax), each with its place.
    pub notes: Vec<String>,
    /// The syntax had to be repaired by dropping something.
    pub lossy: bool,
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
        if self.games.is_empty() {
            return Err("the file holds no game".into());
        }
        match self.games.get(index.wrapping_sub(1)) {
            Some(Ok(g)) => Ok(g),
            Some(Err(e)) => Err(e.to_string()),
            None => Err(format!(
                "there is no game {index}: the file holds {} game(s) (use --game 1 to {})",
                self.games.len(),
                self.games.len()
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
    let decoded = decode::decode(bytes);
    read_text_with(decoded.text.as_str(), decoded.encoding, decoded.notes)
}

/// Reads SGF from text already decoded.
pub fn read_text(text: &str) -> SgfFile {
    read_text_with(text, "UTF-8", Vec::new())
}

fn read_text_with(text: &str, encoding: &'static str, mut notes: Vec<String>) -> SgfFile {
    let raw = parse::parse(text);
    notes.extend(raw.notes.iter().cloned());
    let games = read::read_collection(&raw);
    SgfFile {
        games,
        encoding,
        notes,
        lossy: raw.lossy,
    }
}
