//! `kifu score --write`: the counted result (RE) and the marks (TB/TW,
//! seki marks) written into each counted game, a file of many games
//! written once, through kifu's safe save (a temporary file and a rename,
//! a journal for a hard-linked file, a lock, and a refusal when the file
//! changed since it was read). A game it could not count keeps its text;
//! a file it did not fully understand (another format, another encoding,
//! a game it could not read, a repair on reading) is not written at all.

use std::path::{Path, PathBuf};

use crate::cli::counted::Counted;
use crate::game::record::GameRecord;
use crate::storage::{self, Seen};

/// What the producer knows of a file once it is split: passed with the
/// file's last job.
pub(super) struct FileEnd {
    pub(super) file: PathBuf,
    /// The text after the last game.
    pub(super) after: String,
    /// Why the file may not be written, whatever its games say.
    pub(super) block: Option<String>,
    /// The file as it was read (`--write`): a save refuses a file
    /// changed since.
    pub(super) seen: Option<Seen>,
}

/// One game of a file `--write` may write: its text as the file holds
/// it, and its new text when the count changes it.
pub(super) struct GameWrite {
    pub(super) before: String,
    pub(super) original: String,
    pub(super) new: Option<String>,
    /// What kifu does to this game, as the JSON says it.
    pub(super) said: String,
    /// Why the whole file may not be written (a game unreadable or read
    /// with repairs).
    pub(super) block: Option<String>,
}

/// A game's text as the file holds it, kept for `--write`.
pub(super) struct Kept {
    before: String,
    original: String,
    /// Its text holds other game trees too (a stray `(`).
    shares: bool,
}

impl Kept {
    pub(super) fn of(t: &crate::sgf::GameText) -> Kept {
        Kept {
            before: t.before().to_string(),
            original: t.text().to_string(),
            shares: t.shares_text(),
        }
    }

    /// The game left as it is, saying why.
    pub(super) fn keep(&self, said: String, block: Option<String>) -> GameWrite {
        GameWrite {
            before: self.before.clone(),
            original: self.original.clone(),
            new: None,
            said,
            block,
        }
    }

    /// What `--write` does to counted game `i` (`lossy`: read with
    /// repairs, which blocks its whole file).
    pub(super) fn plan(
        &self,
        (i, lossy): (usize, bool),
        rec: &GameRecord,
        c: &Counted,
        args: &crate::cli::args::ScoreArgs,
    ) -> GameWrite {
        let block = if lossy {
            Some(format!("game {i} was repaired on reading"))
        } else if self.shares {
            Some(format!("game {i} shares its text with another game tree"))
        } else {
            None
        };
        let (new, said) = match rewrite(rec, c, (args.r#move.is_some(), args.force)) {
            Ok(Some(new)) => (Some(new), "result and marks".to_string()),
            Ok(None) => (None, "unchanged: its RE and marks are the count's".into()),
            Err(why) => (None, why),
        };
        let mut w = self.keep(said, block);
        w.new = new;
        w
    }
}

/// What a counted game becomes: None when nothing changes (its RE and
/// marks are the count's already), else its new text; Err: why it is
/// left as it is.
pub(super) fn rewrite(
    rec: &GameRecord,
    c: &Counted,
    (moved, force): (bool, bool),
) -> Result<Option<String>, String> {
    let s = &c.session;
    if moved {
        return Err("counted before its end (--move): left as it is".into());
    }
    if !s.finished {
        return Err("does not look finished: left as it is".into());
    }
    let result = s.count.result();
    if let Some(old) = &rec.info.result
        && *old != result
        && !force
    {
        return Err(format!(
            "recorded {old}, counted {result}: left as it is (--force writes it)"
        ));
    }
    let mut new = rec.clone();
    s.write_result(&mut new);
    let (before, after) = (crate::sgf::to_sgf(rec), crate::sgf::to_sgf(&new));
    Ok((before != after).then_some(after))
}

/// The outcome of one file: whether it was (or, with `--dry-run`, would
/// be) written, and the line that says so.
pub(super) struct Outcome {
    pub(super) written: bool,
    pub(super) said: String,
}

/// Writes the file once, from its games' texts, when any changed and
/// nothing blocks it.
pub(super) fn finish(end: &FileEnd, games: &[&GameWrite], dry_run: bool) -> Outcome {
    let changed = games.iter().filter(|g| g.new.is_some()).count();
    let not = |why: String| Outcome {
        written: false,
        said: format!("not written: {why}"),
    };
    if changed == 0 {
        return Outcome {
            written: false,
            said: "nothing to write".into(),
        };
    }
    if let Some(why) = end
        .block
        .clone()
        .or_else(|| games.iter().find_map(|g| g.block.clone()))
    {
        return not(why);
    }
    let mut text = String::new();
    for g in games {
        text.push_str(&g.before);
        match &g.new {
            Some(new) => text.push_str(new),
            None => {
                text.push_str(&g.original);
                text.push('\n');
            }
        }
    }
    text.push_str(&end.after);
    let games_word = if changed == 1 { "game" } else { "games" };
    if dry_run {
        return Outcome {
            written: false,
            said: format!("would write the result and marks of {changed} {games_word}"),
        };
    }
    match save(&end.file, end.seen.as_ref(), &text) {
        Ok(()) => Outcome {
            written: true,
            said: format!("wrote the result and marks of {changed} {games_word}"),
        },
        Err(why) => not(why),
    }
}

/// The save itself: under the file's lock, refused when the file changed
/// since it was read (another program, or a second kifu), then kifu's
/// safe write.
fn save(path: &Path, seen: Option<&Seen>, text: &str) -> Result<(), String> {
    let _lock = storage::SaveLock::on(path);
    if Seen::conflict(seen, path).is_some() {
        return Err("the file changed since it was read; count it again".into());
    }
    storage::write_sgf(path, text).map_err(|e| format!("{e:#}"))
}

/// Why a file may not be written at all, known once it is split: it
/// could not be read, it is another server's format (SGF goes beside
/// it: `kifu convert`), another encoding (kifu writes UTF-8), or kifu
/// repaired it on reading; or it changed while it was read.
pub(super) fn file_block(
    file: &Path,
    read: &anyhow::Result<crate::sgf::FileFacts>,
    seen: Option<&Seen>,
    writing: bool,
) -> Option<String> {
    if !writing {
        return None;
    }
    let facts = match read {
        Err(e) => return Some(format!("{e:#}")),
        Ok(f) => f,
    };
    if let Some(format) = facts.format {
        return Some(format!(
            "a {format} record: kifu writes SGF beside it (kifu convert), never over it"
        ));
    }
    if !matches!(facts.encoding, "UTF-8" | "ASCII") {
        return Some(format!(
            "written in {}: kifu would write it in UTF-8",
            facts.encoding
        ));
    }
    if facts.lossy {
        return Some("kifu repaired it on reading".into());
    }
    if seen.is_none() || Seen::conflict(seen, file).is_some() {
        return Some("it changed while it was read".into());
    }
    None
}
