//! The file the open game came from, for the save policy: what saving over
//! it would lose, and the other games of its collection. Only the open game
//! is read; the others are kept as the text the file holds and written
//! back byte for byte, so opening a 100 MB collection costs its text, not
//! a record of every game.

use crate::game::record::GameRecord;
use crate::sgf::{FileFacts, GameText, SgfFile};

/// A game of the collection, as a save writes it back.
#[derive(Debug, Clone)]
pub enum Kept {
    /// Not opened: its text as the file holds it, written back as it is.
    Text(GameText),
    /// Read (a file not in UTF-8, another server's format, games sharing
    /// their text): written as kifu writes a game. Boxed: most collections
    /// hold only text.
    Record(Box<GameRecord>),
    /// A game kifu could not read: a save over the file would lose it.
    Unreadable,
}

/// The file the game came from, for the save policy: what saving over it
/// would lose, and the other games it holds.
#[derive(Debug, Clone, Default)]
pub struct Source {
    /// Reading the file dropped something (a repair): saving over it asks.
    pub repaired: bool,
    /// How many notes reading it gave.
    pub notes: usize,
    /// Every game of the file; the open one is `index`. A save writes them
    /// all back, the open one as it is now.
    pub games: Vec<Kept>,
    pub index: usize,
    /// The user chose to overwrite the repaired file anyway.
    pub overwrite_ok: bool,
    /// The other format the file is in (GIB, NGF, UGF): the game is saved
    /// as SGF beside it, never into it.
    pub format: Option<&'static str>,
    /// The text outside game trees before each game (by the index of
    /// `games`; empty: none) and after the last: notes, a README appended,
    /// a mail's headers. A save writes it back in its place.
    pub outside: Vec<String>,
    pub after: String,
    /// The open game's text as this session last read or wrote it (in a
    /// collection kept as text): a file changed on disk since in other
    /// games only is merged (`merge`).
    pub open_text: String,
}

/// What a collection changed on disk by another session comes to.
#[derive(Debug, PartialEq, Eq)]
pub enum OnDisk {
    /// Only other games changed: they are taken from the file (their
    /// numbers, from 1), and a save writes them with this session's game.
    Merged(Vec<usize>),
    /// The open game changed there too, or the games no longer match:
    /// these games (numbers from 1) differ, and `o` would drop their
    /// changes.
    Differs(Vec<usize>),
}

impl Source {
    /// Saving over the file would lose something: what was dropped in a
    /// repair, or games kifu could not read.
    pub fn lossy(&self) -> bool {
        self.repaired || self.games.iter().any(|g| matches!(g, Kept::Unreadable))
    }

    /// How many of its games a save writes.
    pub fn written(&self) -> usize {
        self.games
            .iter()
            .filter(|g| !matches!(g, Kept::Unreadable))
            .count()
    }

    /// The game was saved to another file: that file holds what kifu
    /// wrote (the games it could read), so nothing more is asked.
    pub fn saved_elsewhere(&mut self) {
        let index = self.games[..self.index.min(self.games.len())]
            .iter()
            .filter(|g| !matches!(g, Kept::Unreadable))
            .count();
        let mut read = self.games.iter().map(|g| !matches!(g, Kept::Unreadable));
        self.outside.retain(|_| read.next().unwrap_or(true));
        self.games.retain(|g| !matches!(g, Kept::Unreadable));
        self.index = index;
        self.repaired = false;
        self.notes = 0;
    }

    /// The game `number` (from 1) of a file read whole, with what a save
    /// over the file must know of it; the reader's words when that game is
    /// not there or could not be read.
    pub fn from_file(file: SgfFile, number: usize) -> Result<(GameRecord, Source), String> {
        let rec = file.game(number).map_err(|e| e.to_string())?.record.clone();
        let format = file.format;
        let source = Source {
            repaired: file.lossy(),
            notes: file.all_notes().len(),
            index: number.saturating_sub(1),
            games: file
                .games
                .into_iter()
                .map(|g| g.map_or(Kept::Unreadable, |l| Kept::Record(Box::new(l.record))))
                .collect(),
            overwrite_ok: false,
            format,
            outside: Vec::new(),
            after: String::new(),
            open_text: String::new(),
        };
        Ok((rec, source))
    }

    /// The game `number` (from 1) of a file split into the text of each
    /// game (`storage::split_sgf`): only that game is read. A file in UTF-8
    /// keeps the others as text; one decoded from another encoding or
    /// converted from another format, or whose games share their text, has
    /// them all read (their text is not the file's bytes). Gives the notes
    /// to say too: the file's and the open game's.
    pub fn from_texts(
        facts: FileFacts,
        texts: Vec<GameText>,
        number: usize,
        lang: crate::i18n::Lang,
    ) -> Result<(GameRecord, Source, Vec<String>), String> {
        if let Some(why) = &facts.not_sgf {
            return Err(crate::tr!(lang, "file.not_game", why = why));
        }
        if texts.is_empty() {
            return Err(crate::tr!(lang, "file.no_game"));
        }
        let Some(open) = texts.get(number.wrapping_sub(1)) else {
            let n = texts.len();
            return Err(crate::tr!(lang, "file.no_game_n", game = number, n = n));
        };
        let loaded = open.read(number, lang).map_err(|e| e.words(lang))?;
        // As is only where the text is the file's bytes and nothing in it
        // was dropped (a control character kifu never writes, a repair).
        let as_is = facts.format.is_none()
            && !facts.lossy
            && matches!(facts.encoding, "UTF-8" | "ASCII")
            && !texts.iter().any(GameText::shares_text);
        let outside: Vec<String> = texts.iter().map(|t| t.before().to_string()).collect();
        let open_text = if as_is {
            open.text().trim().to_string()
        } else {
            String::new()
        };
        let mut notes = facts.notes;
        notes.extend(loaded.notes.iter().cloned());
        let mut lossy = facts.lossy || loaded.lossy;
        let games = if as_is {
            texts.into_iter().map(Kept::Text).collect()
        } else {
            let mut games = Vec::with_capacity(texts.len());
            for (i, t) in texts.iter().enumerate() {
                games.push(match t.read(i + 1, lang) {
                    Ok(g) if i + 1 == number => Kept::Record(Box::new(g.record)),
                    Ok(g) => {
                        lossy |= g.lossy;
                        notes.extend(g.notes);
                        Kept::Record(Box::new(g.record))
                    }
                    Err(e) => {
                        notes.push(crate::tr!(lang, "file.not_read", why = e.words(lang)));
                        Kept::Unreadable
                    }
                });
            }
            games
        };
        let source = Source {
            repaired: lossy,
            notes: notes.len(),
            index: number - 1,
            games,
            overwrite_ok: false,
            format: facts.format,
            outside,
            after: facts.after,
            open_text,
        };
        Ok((loaded.record, source, notes))
    }

    /// The file as another session left it (`facts`, `now`), against what
    /// this one read or wrote: merged when only other games changed (kept
    /// as text, the file in UTF-8, nothing repaired), else which games
    /// differ.
    pub fn merge(&mut self, facts: &FileFacts, now: &[GameText]) -> OnDisk {
        let differs: Vec<usize> = (0..self.games.len().max(now.len()))
            .filter(|&i| {
                let theirs = now.get(i).map(|t| t.text().trim());
                let ours = match self.games.get(i) {
                    _ if i == self.index => Some(self.open_text.as_str()),
                    Some(Kept::Text(t)) => Some(t.text().trim()),
                    _ => None,
                };
                theirs.is_none() || ours != theirs
            })
            .map(|i| i + 1)
            .collect();
        let as_text = self.games.iter().all(|g| matches!(g, Kept::Text(_)))
            && !self.open_text.is_empty()
            && facts.format.is_none()
            && !facts.lossy
            && matches!(facts.encoding, "UTF-8" | "ASCII")
            && !now.iter().any(GameText::shares_text);
        if !as_text || now.len() != self.games.len() || differs.contains(&(self.index + 1)) {
            return OnDisk::Differs(differs);
        }
        for (i, t) in now.iter().enumerate() {
            if i != self.index {
                self.games[i] = Kept::Text(t.clone());
            }
        }
        self.outside = now.iter().map(|t| t.before().to_string()).collect();
        self.after = facts.after.clone();
        OnDisk::Merged(differs)
    }

    /// Why a save over the file asks first, for the panel and the question.
    pub fn why_ask(&self, lang: crate::i18n::Lang) -> Option<String> {
        let unread = self.games.len() - self.written();
        if unread > 0 {
            let n = self.games.len();
            Some(crate::tr!(lang, "source.unread", unread = unread, n = n))
        } else if self.repaired {
            Some(crate::tr!(lang, "source.repaired"))
        } else {
            None
        }
    }

    /// Whether a save must write more than the open game: other games, or
    /// text outside the game trees.
    pub fn holds_more(&self) -> bool {
        self.games.len() > 1 || !self.after.is_empty() || self.outside.iter().any(|o| !o.is_empty())
    }

    /// The text a save writes for the collection, with `open` as the open
    /// game is now: each untouched game as the file holds it, and the text
    /// outside the game trees in its place.
    pub fn collection_text(&self, open: &GameRecord) -> String {
        let mut out = String::new();
        for (i, g) in self.games.iter().enumerate() {
            if let Some(before) = self.outside.get(i) {
                out.push_str(before);
            }
            match g {
                _ if i == self.index => out.push_str(&crate::sgf::to_sgf(open)),
                Kept::Text(t) => {
                    out.push_str(t.text());
                    out.push('\n');
                }
                Kept::Record(r) => out.push_str(&crate::sgf::to_sgf(r)),
                Kept::Unreadable => {}
            }
        }
        out.push_str(&self.after);
        out
    }
}
