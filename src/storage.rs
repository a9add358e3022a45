//! File I/O in one place: reading SGF files and writing any file
//! atomically (a temporary file in the same folder, fsync, rename), so a
//! crash never leaves half a file.

use std::io::Write;
use std::path::{Path, PathBuf};

use std::time::{Duration, SystemTime};

use anyhow::{Context, Result, bail};

use crate::sgf::{self, SgfFile};

mod autosave;
pub use autosave::*;
mod write;
pub use write::*;
mod why;
pub use why::*;
mod hash;
use hash::Hasher;
mod journal;
pub use journal::{Interrupted, finish_interrupted_save, interrupted_save};
use journal::{Journal, bytes_as_saved, journal_path};
pub mod stream;

/// The largest file kifu reads (an archive of a hundred thousand games
/// fits in a few hundred MB).
pub const MAX_FILE_BYTES: u64 = 1 << 30;

/// `-`: standard input where a file is read, standard output where one
/// is written.
pub fn is_stdio(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Reads a file's bytes (`-`: standard input), refusing a folder or what
/// is larger than kifu reads. A pipe, a FIFO or a device is read with the
/// same bound, as it comes, and refused at once when its first bytes are
/// binary (`/dev/zero`, `/dev/urandom`); a FIFO nobody writes to reads as
/// empty rather than blocking (`stream`).
fn read_bytes(path: &Path) -> Result<Vec<u8>> {
    if is_stdio(path) {
        return stream::read_bounded(std::io::stdin().lock(), STDIN_NAME);
    }
    let cannot = |e: std::io::Error| Unreadable::of(path, &e);
    let meta = std::fs::metadata(path).map_err(cannot)?;
    if meta.is_dir() {
        return Err(Unreadable::Folder(path.to_path_buf()).into());
    }
    if !meta.is_file() {
        let file = stream::open_special(path).map_err(cannot)?;
        return stream::read_bounded(file, &path.display().to_string());
    }
    if meta.len() > MAX_FILE_BYTES {
        let (mb, max) = (meta.len() >> 20, MAX_FILE_BYTES >> 20);
        return Err(Unreadable::TooLarge(path.to_path_buf(), mb, max).into());
    }
    Ok(std::fs::read(path).map_err(cannot)?)
}

/// Reads and parses an SGF file; what is not an SGF game record at all is
/// refused here, with one line saying why.
pub fn read_sgf(path: &Path) -> Result<SgfFile> {
    read_sgf_in(path, crate::i18n::Lang::En)
}

/// `read_sgf` with its notes and refusal in `lang`.
pub fn read_sgf_in(path: &Path, lang: crate::i18n::Lang) -> Result<SgfFile> {
    let (bytes, finished) = bytes_as_saved(path, lang)?;
    let mut file = sgf::read_owned(bytes, lang);
    if let Some(why) = &file.not_sgf {
        bail!(Unreadable::NotSgf(path.to_path_buf(), why.clone()));
    }
    file.notes.extend(finished);
    Ok(file)
}

/// Reads an SGF file game by game (see `sgf::read_each`), refusing what is
/// not an SGF game record.
pub fn read_sgf_each(
    path: &Path,
    lang: crate::i18n::Lang,
    each: &mut sgf::EachGame<'_>,
) -> Result<sgf::FileFacts> {
    facts_of(path, lang, |bytes| sgf::read_each_owned(bytes, lang, each))
}

/// Splits an SGF file into the text of each game (see `sgf::split_each`),
/// refusing what is not an SGF game record: the games are read by whoever
/// takes their text (`kifu score`'s workers).
pub fn split_sgf_each(
    path: &Path,
    lang: crate::i18n::Lang,
    each: &mut sgf::EachText<'_>,
) -> Result<sgf::FileFacts> {
    facts_of(path, lang, |bytes| sgf::split_each(bytes, lang, each))
}

/// An SGF file as the text of each game, unread (the TUI reads the one it
/// opens: `app::Source::from_texts`), with what the file holds apart from
/// them; what is not an SGF game record refused.
pub fn split_sgf(
    path: &Path,
    lang: crate::i18n::Lang,
) -> Result<(sgf::FileFacts, Vec<sgf::GameText>)> {
    let mut texts = Vec::new();
    let facts = split_sgf_each(path, lang, &mut |_, t, _| texts.push(t))?;
    Ok((facts, texts))
}

/// `split_sgf` for the TUI, which opens a file to write it: a save into
/// it that was interrupted is finished first, where its journal proves it
/// belongs (`finish_interrupted_save`), and said once among the notes.
pub fn split_sgf_to_edit(
    path: &Path,
    lang: crate::i18n::Lang,
) -> Result<(sgf::FileFacts, Vec<sgf::GameText>)> {
    let finished = finish_interrupted_save(path, lang);
    let (mut facts, texts) = split_sgf(path, lang)?;
    if let Some(f) = finished.filter(|f| !facts.notes.contains(f)) {
        facts.notes.insert(0, f);
    }
    Ok((facts, texts))
}

/// A file's bytes (as an interrupted save left them: `bytes_as_saved`)
/// through `read`, and what is not an SGF game record refused with one
/// line saying why. Reads only: nothing is written.
fn facts_of(
    path: &Path,
    lang: crate::i18n::Lang,
    read: impl FnOnce(Vec<u8>) -> sgf::FileFacts,
) -> Result<sgf::FileFacts> {
    let (bytes, finished) = bytes_as_saved(path, lang)?;
    let mut facts = read(bytes);
    if let Some(why) = &facts.not_sgf {
        let path = path.display().to_string();
        bail!(
            "{}",
            crate::tr!(lang, "file.not_sgf", path = path, why = why)
        );
    }
    facts.notes.extend(finished);
    Ok(facts)
}

/// A file as kifu last read or wrote it (length and a hash of its
/// bytes): a save over it asks first when it changed since, by another
/// program or a second kifu.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seen {
    len: u64,
    hash: u64,
}

impl Seen {
    /// As one word, to keep with an autosave (`len-hash`).
    pub fn token(&self) -> String {
        format!("{}-{:x}", self.len, self.hash)
    }

    /// From `token`'s word.
    pub fn from_token(word: &str) -> Option<Seen> {
        let (len, hash) = word.split_once('-')?;
        Some(Seen {
            len: len.parse().ok()?,
            hash: u64::from_str_radix(hash, 16).ok()?,
        })
    }

    /// The file's length in bytes.
    pub fn bytes(&self) -> u64 {
        self.len
    }

    /// The file at `path` now; None when there is no regular file there.
    pub fn of(path: &Path) -> Option<Seen> {
        std::fs::metadata(path)
            .ok()
            .filter(std::fs::Metadata::is_file)?;
        // Hashed as it is read: the file is never held whole here.
        let mut file = std::fs::File::open(path).ok()?;
        let mut h = Hasher::default();
        let mut buf = vec![0u8; 1 << 16];
        let mut len = 0u64;
        loop {
            let n = std::io::Read::read(&mut file, &mut buf).ok()?;
            if n == 0 {
                break;
            }
            len += n as u64;
            h.feed(&buf[..n]);
        }
        Some(Seen {
            len,
            hash: h.finish(),
        })
    }

    /// Why a save over `path` must ask (its catalogue key), given what kifu saw of it before
    /// (None: no file was there): it was made, or changed, since. Its
    /// removal is no conflict (the save makes it again), nor a touch that
    /// left the same bytes.
    pub fn conflict(before: Option<&Seen>, path: &Path) -> Option<&'static str> {
        std::fs::metadata(path)
            .ok()
            .filter(std::fs::Metadata::is_file)?;
        let Some(before) = before else {
            return Some("disk.made_elsewhere");
        };
        // The bytes are compared every time: an edit of the same length
        // that kept the time of change (a tool that restores it, a
        // filesystem with coarse times) is a change too.
        match Seen::of(path) {
            Some(now) if now.len == before.len && now.hash == before.hash => None,
            _ => Some("disk.changed"),
        }
    }
}

/// An exclusive lock on a file for the length of a save (its check for
/// changes on disk, then the write): two sessions saving the same file at
/// once take turns, and the second sees the first's save as a change on
/// disk and asks, rather than both "saving". Advisory (`flock`): other
/// programs are not held back. None when the file cannot be locked (it
/// does not exist yet, or the system has no such locks).
pub struct SaveLock(#[allow(dead_code)] std::fs::File);

impl SaveLock {
    pub fn on(path: &Path) -> Option<SaveLock> {
        let file = std::fs::File::open(path).ok()?;
        #[cfg(unix)]
        rustix::fs::flock(&file, rustix::fs::FlockOperation::LockExclusive).ok()?;
        Some(SaveLock(file))
    }
}

/// Makes a folder and those above it (a handout's folder, the engine's
/// logs): every folder kifu makes is made here.
pub fn make_dir(dir: &Path) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| Unwritable::MakeFolder(dir.to_path_buf()))
}

/// Files into a folder (made if need be), each written atomically: a
/// handout's or a printed game's pages.
pub fn write_files(dir: &Path, files: &[(String, String)]) -> Result<()> {
    make_dir(dir)?;
    for (name, contents) in files {
        write_atomic(&dir.join(name), contents.as_bytes())?;
    }
    Ok(())
}

/// True when the file is empty or blank: nothing to lose, so a new game.
pub fn is_blank(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() < 4096)
        && std::fs::read(path).is_ok_and(|b| b.iter().all(u8::is_ascii_whitespace))
}

/// A name for saving a copy next to `path` that names no file yet:
/// `NAME-kifu.sgf`, else `NAME-kifu-2.sgf`, and so on.
pub fn free_name(path: &Path) -> PathBuf {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "game".into());
    let dir = path.parent().unwrap_or(Path::new(""));
    (1..)
        .map(|n| {
            let name = if n == 1 {
                format!("{stem}-kifu.sgf")
            } else {
                format!("{stem}-kifu-{n}.sgf")
            };
            dir.join(name)
        })
        .find(|p| std::fs::symlink_metadata(p).is_err())
        .unwrap_or_else(|| dir.join(format!("{stem}-kifu.sgf")))
}

/// Where kifu keeps its data (autosaves): `KIFU_DATA_DIR` when set (tests
/// and users can point elsewhere), else the platform's data directory
/// (`$XDG_DATA_HOME/kifu` on Linux).
pub fn data_dir() -> Option<PathBuf> {
    match std::env::var_os("KIFU_DATA_DIR") {
        Some(d) if !d.is_empty() => Some(PathBuf::from(d)),
        _ => directories::ProjectDirs::from("", "", "kifu").map(|p| p.data_dir().to_path_buf()),
    }
}

/// Where kifu reads its configuration (`config.toml`) and user themes
/// (`themes/NAME.toml`): `KIFU_CONFIG_DIR` when set, else the platform's
/// config directory (`$XDG_CONFIG_HOME/kifu` on Linux).
pub fn config_dir() -> Option<PathBuf> {
    match std::env::var_os("KIFU_CONFIG_DIR") {
        Some(d) if !d.is_empty() => Some(PathBuf::from(d)),
        _ => directories::ProjectDirs::from("", "", "kifu").map(|p| p.config_dir().to_path_buf()),
    }
}

/// A text file's contents, or None when it does not exist.
pub fn read_optional(path: &Path) -> Result<Option<String>> {
    match std::fs::read_to_string(path) {
        Ok(t) => Ok(Some(t)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(Unreadable::of(path, &e).into()),
    }
}

#[cfg(test)]
mod tests;
