//! The reading stage of `kifu score`: files split into their games'
//! texts, handed to the workers in batches.

use std::path::{Path, PathBuf};
use std::sync::mpsc::SyncSender;

use super::{Games, Job, Shard, storage, write};
use crate::sgf::GameText;
use crate::storage::Seen;

/// How many games go to a worker at once: fewer wake-ups and messages
/// than one game each, and still a fair share for every core.
const BATCH: usize = 16;

/// Splits every file into its games' texts and hands those of this shard
/// to the workers in batches (blocking while the workers are behind, so
/// memory stays bounded). The workers read (interpret and replay) and
/// count; this thread only decodes and splits.
pub(super) fn produce(
    files: &[PathBuf],
    (games, lang, writing): (Games, crate::i18n::Lang, bool),
    shard: Option<Shard>,
    tx: SyncSender<Vec<Job>>,
) {
    let mut seq = 0;
    let mut batch: Vec<Job> = Vec::with_capacity(BATCH);
    let mut send = |file: &Path, game, notes, end: Option<Box<write::FileEnd>>, last: bool| {
        if let Some(game) = game {
            batch.push(Job {
                seq,
                file: file.to_path_buf(),
                game,
                notes,
                end,
            });
            seq += 1;
        }
        if (batch.len() >= BATCH || last) && !batch.is_empty() {
            return tx.send(std::mem::take(&mut batch)).is_ok();
        }
        true
    };
    let mine = |file: &Path, game: usize| shard.is_none_or(|s| s.takes(file, game));
    for file in files {
        let mut found = false;
        let mut stop = false;
        // Each game waits for the next: the last of a file goes with its end.
        let mut held: Option<(usize, GameText, Vec<String>)> = None;
        let seen = writing.then(|| Seen::of(file)).flatten();
        let read = storage::split_sgf_each(file, lang, &mut |i, g, file_notes| {
            if stop || !(games == Games::All || games == Games::One(i)) {
                return;
            }
            found = true;
            if mine(file, i)
                && let Some((k, t, n)) = held.replace((i, g, file_notes))
            {
                stop = !send(file, Some(Ok((k, t))), n, None, false);
            }
        });
        if stop {
            return;
        }
        let missing_follows = read.is_err();
        let end = || file_end(file, &read, seen.as_ref(), writing);
        if let Some((k, t, n)) = held
            && !send(
                file,
                Some(Ok((k, t))),
                n,
                (!missing_follows).then(end).flatten(),
                false,
            )
        {
            return;
        }
        let missing = missing(&read, games, found, lang);
        let key = match games {
            Games::One(n) => n,
            Games::All => 1,
        };
        if let Some(e) = missing.filter(|_| mine(file, key)) {
            // storage names the file already (": ", " : " or "："): once.
            let name = file.display().to_string();
            let e = [": ", "：", " : "]
                .iter()
                .find_map(|colon| e.strip_prefix(&format!("{name}{colon}")))
                .map(str::to_string)
                .unwrap_or(e);
            if !send(file, Some(Err(e)), Vec::new(), end(), false) {
                return;
            }
        }
    }
    send(Path::new(""), None, Vec::new(), None, true);
}

/// Why a file gives no game to count: it could not be read, or it lacks
/// the game asked for, or holds none.
fn missing(
    read: &anyhow::Result<crate::sgf::FileFacts>,
    games: Games,
    found: bool,
    lang: crate::i18n::Lang,
) -> Option<String> {
    match (read, games) {
        (Err(e), _) => Some(storage::said(e, lang)),
        (Ok(f), Games::One(n)) if !found => {
            let all = f.games;
            Some(crate::tr!(lang, "file.no_game_n", game = n, n = all))
        }
        (Ok(f), Games::All) if f.games == 0 => Some(crate::tr!(lang, "file.no_game")),
        _ => None,
    }
}

/// What goes with a file's last job: its text after the last game, and
/// for `--write` whether it may be written and what it was when read.
fn file_end(
    file: &Path,
    read: &anyhow::Result<crate::sgf::FileFacts>,
    seen: Option<&Seen>,
    writing: bool,
) -> Option<Box<write::FileEnd>> {
    Some(Box::new(write::FileEnd {
        file: file.to_path_buf(),
        after: read.as_ref().map(|f| f.after.clone()).unwrap_or_default(),
        block: write::file_block(file, read, seen, writing),
        seen: seen.cloned(),
    }))
}
