//! The journal of a save into a hard-linked file (`write_linked`): the
//! complete new content, kept beside the file until the file holds it.
//!
//! A journal proves which file it belongs to and in what state: it holds
//! the file's device and inode, its content before the save and the new
//! content. It is applied only when the file is still that file and holds,
//! byte for byte, nothing but a mix of the two (what a save killed half
//! way leaves), and only by a command that writes the file (the TUI when
//! it opens it). A read-only command (`show`, `score`, GTP's `loadsgf`)
//! never writes: it reads the new content from a journal that proves
//! itself, and says so. A journal that does not (the file was changed by
//! someone since, or is another file that got the same inode number) is
//! never applied; the user is told where it is.

use super::*;

/// The first line of a journal: its kind and version, then the device,
/// the inode, the old and the new length, in decimal.
const MAGIC: &str = "kifu-journal 2";

/// What a journal holds.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Journal {
    pub(super) dev: u64,
    ino: u64,
    old: Vec<u8>,
    new: Vec<u8>,
}

impl Journal {
    /// The journal of a save of `new` over the file with metadata `m` and
    /// content `old`.
    #[cfg(unix)]
    pub(super) fn of(m: &std::fs::Metadata, old: Vec<u8>, new: &[u8]) -> Journal {
        use std::os::unix::fs::MetadataExt;
        Journal {
            dev: m.dev(),
            ino: m.ino(),
            old,
            new: new.to_vec(),
        }
    }

    pub(super) fn encode(&self) -> Vec<u8> {
        let mut out = format!(
            "{MAGIC} {} {} {} {}\n",
            self.dev,
            self.ino,
            self.old.len(),
            self.new.len()
        )
        .into_bytes();
        out.extend_from_slice(&self.old);
        out.extend_from_slice(&self.new);
        out
    }

    /// None: not a journal of this version (an older kifu's, or damaged),
    /// which is never applied.
    pub(super) fn decode(bytes: &[u8]) -> Option<Journal> {
        let end = bytes.iter().position(|&b| b == b'\n')?;
        let head = std::str::from_utf8(&bytes[..end]).ok()?;
        let rest = head.strip_prefix(MAGIC)?.trim_start();
        let nums: Vec<u64> = rest
            .split(' ')
            .map(str::parse)
            .collect::<Result<_, _>>()
            .ok()?;
        let [dev, ino, old_len, new_len] = nums[..] else {
            return None;
        };
        let body = &bytes[end + 1..];
        let old_len = usize::try_from(old_len).ok()?;
        let new_len = usize::try_from(new_len).ok()?;
        if body.len() != old_len.checked_add(new_len)? {
            return None;
        }
        Some(Journal {
            dev,
            ino,
            old: body[..old_len].to_vec(),
            new: body[old_len..].to_vec(),
        })
    }

    /// True when `file` (with metadata `m`) is the file this journal was
    /// made for, in a state its save could have left: the same device and
    /// inode, a length from the old one to the new one (a growing save
    /// writes the new tail first, so a kill there leaves a length between
    /// them), and every byte the old one or the new one at its place.
    #[cfg(unix)]
    fn proves(&self, m: &std::fs::Metadata, file: &[u8]) -> bool {
        use std::os::unix::fs::MetadataExt;
        if m.dev() != self.dev || m.ino() != self.ino {
            return false;
        }
        let (short, long) = (
            self.old.len().min(self.new.len()),
            self.old.len().max(self.new.len()),
        );
        if file.len() < short || file.len() > long {
            return false;
        }
        file.iter()
            .enumerate()
            .all(|(i, b)| self.new.get(i) == Some(b) || self.old.get(i) == Some(b))
    }
}

/// Where the journal of a save into `target` goes: kifu's data folder
/// (`journals/DEVICE-INODE.saving`), where every name of the file, in any
/// folder, finds it; beside the file when there is no data folder to
/// write in.
#[cfg(unix)]
pub(super) fn journal_path(target: &Path, m: &std::fs::Metadata) -> PathBuf {
    let (central, beside) = journal_places(target, m);
    match central {
        Some(c) if c.parent().is_some_and(|d| make_dir(d).is_ok()) => c,
        _ => beside,
    }
}

/// Where a journal of the file may be: in kifu's data folder, by device
/// and inode, and beside the file, by inode.
#[cfg(unix)]
fn journal_places(target: &Path, m: &std::fs::Metadata) -> (Option<PathBuf>, PathBuf) {
    use std::os::unix::fs::MetadataExt;
    let central = data_dir().map(|d| {
        d.join("journals")
            .join(format!("{}-{}{JOURNAL_SUFFIX}", m.dev(), m.ino()))
    });
    let beside = folder_of(target).join(format!("{TEMP_PREFIX}{}{JOURNAL_SUFFIX}", m.ino()));
    (central, beside)
}

/// The journal of the file, wherever it is.
#[cfg(unix)]
fn find_journal(target: &Path, m: &std::fs::Metadata) -> Option<(PathBuf, std::fs::Metadata)> {
    let (central, beside) = journal_places(target, m);
    central
        .into_iter()
        .chain([beside])
        .find_map(|p| std::fs::symlink_metadata(&p).ok().map(|j| (p, j)))
}

pub(super) const JOURNAL_SUFFIX: &str = ".saving";

/// A save into the file at `path` that was interrupted, as a journal beside
/// it tells.
pub enum Interrupted {
    /// The journal proves itself: the content the save was writing, and
    /// where the journal is.
    Proven { new: Vec<u8>, journal: PathBuf },
    /// A journal that does not belong to the file as it is now: never
    /// applied; where it is.
    Stale(PathBuf),
}

/// The interrupted save of `path`, if a journal tells of one. Reads only.
pub fn interrupted_save(path: &Path) -> Option<Interrupted> {
    #[cfg(unix)]
    {
        let m = std::fs::metadata(path).ok()?;
        if !m.is_file() {
            return None;
        }
        let (journal, j) = find_journal(path, &m)?;
        let stale = || Interrupted::Stale(journal.clone());
        // Twice the file's own bound: the old and the new content.
        if !j.is_file() || j.len() > 2 * MAX_FILE_BYTES + 4096 || m.len() > MAX_FILE_BYTES {
            return Some(stale());
        }
        let proven = std::fs::read(&journal)
            .ok()
            .and_then(|b| Journal::decode(&b))
            .zip(std::fs::read(path).ok())
            .filter(|(jour, file)| jour.proves(&m, file));
        Some(match proven {
            Some((jour, _)) => Interrupted::Proven {
                new: jour.new,
                journal,
            },
            None => stale(),
        })
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        None
    }
}

/// Finishes a save into a hard-linked file that was killed half way (see
/// `write_linked`), for a command that writes the file (the TUI opening
/// it): the journal's new content is written in again, when the journal
/// proves it belongs to the file as it is. Returns what to tell the user,
/// or None when there was nothing to do.
pub fn finish_interrupted_save(path: &Path, lang: crate::i18n::Lang) -> Option<String> {
    match interrupted_save(path)? {
        Interrupted::Stale(journal) => Some(stale_words(path, &journal, lang)),
        #[cfg(unix)]
        Interrupted::Proven { new, journal } => Some(match overwrite_in_place(path, &new) {
            Ok(()) => {
                let _ = std::fs::remove_file(&journal);
                crate::tr!(lang, "io.save_finished", path = path.display().to_string())
            }
            Err(e) => super::said(&e.into_error(), lang),
        }),
        #[cfg(not(unix))]
        Interrupted::Proven { .. } => None,
    }
}

/// The bytes of `path` as a read-only command reads them: the content of an
/// interrupted save where its journal proves it (the file itself may be
/// cut half way), the file's otherwise; and what to tell the user.
pub(super) fn bytes_as_saved(
    path: &Path,
    lang: crate::i18n::Lang,
) -> Result<(Vec<u8>, Option<String>)> {
    match interrupted_save(path) {
        Some(Interrupted::Proven { new, journal }) => Ok((
            new,
            Some(crate::tr!(
                lang,
                "io.read_from_journal",
                path = path.display().to_string(),
                journal = journal.display().to_string()
            )),
        )),
        Some(Interrupted::Stale(journal)) => {
            Ok((read_bytes(path)?, Some(stale_words(path, &journal, lang))))
        }
        None => Ok((read_bytes(path)?, None)),
    }
}

/// A journal that does not belong to `path` as it is now, said once: it is
/// put aside among the discarded sessions (kept a week), so no later read
/// says it again; where it cannot be moved, it stays and is said.
fn stale_words(path: &Path, journal: &Path, lang: crate::i18n::Lang) -> String {
    match super::autosave::put_aside(journal) {
        Some(kept) => crate::tr!(
            lang,
            "io.stale_journal_kept",
            kept = kept.display().to_string(),
            path = path.display().to_string()
        ),
        None => crate::tr!(
            lang,
            "io.stale_journal",
            journal = journal.display().to_string(),
            path = path.display().to_string()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_journal_reads_back_as_written_and_refuses_damage() {
        let j = Journal {
            dev: 2049,
            ino: 77,
            old: b"(;GM[1];B[aa])".to_vec(),
            new: b"(;GM[1]\n;B[aa];W[bb])".to_vec(),
        };
        let bytes = j.encode();
        assert_eq!(Journal::decode(&bytes), Some(j));
        assert_eq!(Journal::decode(&bytes[..bytes.len() - 1]), None);
        assert_eq!(Journal::decode(b"(;GM[1];B[aa])"), None);
        assert_eq!(Journal::decode(b"kifu-journal 2 1 2 3\n"), None);
    }
}
