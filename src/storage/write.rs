//! Writing any file so that a crash, a kill or a full disk leaves either
//! the old or the new content complete under its name: a temporary file
//! in the same folder, fsync, rename; for a file with several hard links
//! (which a rename would split), a journal copy first, then in place.

use super::*;

/// Where a save to `path` really goes, or why kifu will not write there.
/// A symbolic link is followed (the file it points to is replaced, in its
/// own folder, and the link stays), except one that another user planted
/// in a shared sticky folder such as /tmp (as the kernel's
/// protected_symlinks rule). A folder, a FIFO, a device or a socket is
/// refused, and so is a file its owner made read-only or that this user
/// may not write (tested by opening it, not by reading the mode bits: a
/// file of root's in your own folder is not yours to replace).
pub fn save_target(path: &Path) -> Result<PathBuf> {
    let mut target = path.to_path_buf();
    // Follow links by hand: the target may not exist yet (a dangling link
    // names the file to create), which canonicalize refuses.
    for _ in 0..40 {
        match std::fs::symlink_metadata(&target) {
            Ok(m) if m.file_type().is_symlink() => {
                #[cfg(unix)]
                if planted_link(&target, &m) {
                    return Err(Refused::PlantedLink(path.to_path_buf()).into());
                }
                let to = std::fs::read_link(&target)
                    .with_context(|| Unwritable::ReadLink(target.clone()))?;
                target = match target.parent() {
                    Some(dir) if to.is_relative() => dir.join(to),
                    _ => to,
                };
            }
            Ok(m) => {
                writable_file(path, &target, &m)?;
                return Ok(target);
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(target),
            Err(e) => {
                return Err(e).with_context(|| Unwritable::LookAt(target.clone()));
            }
        }
    }
    Err(Refused::TooManyLinks(path.to_path_buf()).into())
}

/// Refuses what a save must not replace (see `save_target`).
fn writable_file(path: &Path, target: &Path, m: &std::fs::Metadata) -> Result<()> {
    if m.is_dir() {
        return Err(Refused::Folder(path.to_path_buf()).into());
    }
    if !m.is_file() {
        return Err(Refused::NotRegular(path.to_path_buf()).into());
    }
    if m.permissions().readonly() {
        return Err(Refused::ReadOnly(path.to_path_buf()).into());
    }
    // Real access, as the system decides it (owner, groups, ACLs): opened
    // for writing, neither truncated nor created, then closed.
    match std::fs::OpenOptions::new().write(true).open(target) {
        Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied => {
            Err(Refused::NotYours(path.to_path_buf()).into())
        }
        _ => Ok(()),
    }
}

/// A link in a sticky, world-writable folder (/tmp) that belongs neither
/// to this user nor to the folder's owner: following it would let that
/// user choose which file kifu replaces.
#[cfg(unix)]
fn planted_link(link: &Path, m: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    let dir = match link.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let Ok(d) = std::fs::metadata(dir) else {
        return false;
    };
    let shared = d.mode() & 0o1000 != 0 && d.mode() & 0o002 != 0;
    let me = rustix::process::geteuid().as_raw();
    shared && m.uid() != me && m.uid() != d.uid()
}

/// Writes `contents` to `path` atomically (a temporary file in the same
/// folder, fsync, rename), under the save policy of `save_target`. An
/// existing file keeps its permissions and, where the system allows, its
/// owner; a new one gets 0666 less the umask, like any program's. A file
/// with several hard links keeps them: see `write_linked`.
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<()> {
    write_atomic_with(path, &mut |w| Ok(w.write_all(contents)?))
}

/// `write_atomic` with the contents written by `fill`, which may stream
/// them (a large collection, game by game). If `fill` fails, nothing is
/// replaced and its error is returned.
pub fn write_atomic_with(
    path: &Path,
    fill: &mut dyn FnMut(&mut dyn Write) -> Result<()>,
) -> Result<()> {
    let target = save_target(path)?;
    let existing = std::fs::metadata(&target).ok();
    #[cfg(unix)]
    if let Some(m) = &existing {
        use std::os::unix::fs::MetadataExt;
        if m.nlink() > 1 {
            // The whole text first, so a failing `fill` leaves the file
            // as it was.
            let mut contents = Vec::new();
            fill(&mut contents)?;
            return write_linked(&target, &contents, m);
        }
    }
    let perms = existing.as_ref().map(std::fs::Metadata::permissions);
    write_replacing(&target, fill, perms, existing.as_ref())
}

/// A file with several hard links is written in place (a rename would
/// leave the other names on the old content), and still never left cut:
/// 1. the complete new content goes to a journal beside it (atomically;
///    a full disk stops the save here, the file untouched);
/// 2. the part beyond the old end is written first, so room is found
///    before a byte of the old content changes (a full disk: the file is
///    cut back to its old length, as it was);
/// 3. then the rest in place, and the journal goes.
///
/// A kill during step 3 leaves the journal complete, with the proof that
/// it belongs to this file (`journal.rs`): the TUI opening the file
/// finishes the save (`finish_interrupted_save`), and read-only commands
/// read the journal's content.
#[cfg(unix)]
fn write_linked(target: &Path, contents: &[u8], m: &std::fs::Metadata) -> Result<()> {
    let journal = journal_path(target, m);
    let old = std::fs::read(target).with_context(|| Unwritable::NotSaved(target.to_path_buf()))?;
    let proof = Journal::of(m, old, contents).encode();
    write_replacing(
        &journal,
        &mut |w| Ok(w.write_all(&proof)?),
        Some(m.permissions()),
        Some(m),
    )
    .with_context(|| Unwritable::NotSaved(target.to_path_buf()))?;
    match overwrite_in_place(target, contents) {
        Ok(()) => {
            let _ = std::fs::remove_file(&journal);
            sync_folder(folder_of(target));
            Ok(())
        }
        Err(InPlace::Untouched(e)) => {
            let _ = std::fs::remove_file(&journal);
            Err(e)
        }
        Err(InPlace::Cut(e)) => Err(e.context(Unwritable::Cut(target.to_path_buf(), journal))),
    }
}

/// How an in-place write failed: before the old content changed, or
/// after (the journal is then the complete copy).
#[cfg(unix)]
pub(super) enum InPlace {
    Untouched(anyhow::Error),
    Cut(anyhow::Error),
}

#[cfg(unix)]
impl InPlace {
    pub(super) fn into_error(self) -> anyhow::Error {
        match self {
            InPlace::Untouched(e) | InPlace::Cut(e) => e,
        }
    }
}

/// Steps 2 and 3 of `write_linked`.
#[cfg(unix)]
pub(super) fn overwrite_in_place(target: &Path, contents: &[u8]) -> Result<(), InPlace> {
    use std::os::unix::fs::FileExt;
    let untouched = |e: std::io::Error, what: Unwritable| {
        InPlace::Untouched(anyhow::Error::from(e).context(what))
    };
    let not_saved = || Unwritable::NotSaved(target.to_path_buf());
    let f = std::fs::OpenOptions::new()
        .write(true)
        .open(target)
        .map_err(|e| untouched(e, not_saved()))?;
    let old_len = f.metadata().map_err(|e| untouched(e, not_saved()))?.len();
    let new_len = contents.len() as u64;
    let keep = usize::try_from(old_len)
        .unwrap_or(usize::MAX)
        .min(contents.len());
    if new_len > old_len {
        let grown = f
            .write_all_at(&contents[keep..], old_len)
            .and_then(|()| f.sync_data());
        if let Err(e) = grown {
            let _ = f.set_len(old_len);
            let _ = f.sync_all();
            return Err(untouched(e, Unwritable::DiskFull(target.to_path_buf())));
        }
    }
    f.write_all_at(&contents[..keep], 0)
        .and_then(|()| f.set_len(new_len))
        .and_then(|()| f.sync_all())
        .map_err(|e| {
            InPlace::Cut(
                anyhow::Error::from(e)
                    .context(Unwritable::NotCompletelyWritten(target.to_path_buf())),
            )
        })
}

pub(super) fn folder_of(target: &Path) -> &Path {
    match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// Makes a rename or removal in `dir` durable.
fn sync_folder(dir: &Path) {
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
}

/// The temporary-file-and-rename write itself. `perms` None: a new file
/// (0666 less the umask).
pub(crate) fn write_replacing(
    target: &Path,
    fill: &mut dyn FnMut(&mut dyn Write) -> Result<()>,
    perms: Option<std::fs::Permissions>,
    owner: Option<&std::fs::Metadata>,
) -> Result<()> {
    let dir = folder_of(target);
    remove_stale_temps(dir);
    let mut builder = tempfile::Builder::new();
    builder.prefix(TEMP_PREFIX).suffix(TEMP_SUFFIX);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // Created with 0666: the kernel applies the umask.
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder
        .tempfile_in(dir)
        .with_context(|| Unwritable::NoTemp(target.to_path_buf(), dir.to_path_buf()))?;
    if let Some(p) = perms {
        let _ = tmp.as_file().set_permissions(p);
    }
    #[cfg(unix)]
    if let Some(m) = owner {
        use std::os::unix::fs::MetadataExt;
        // Only root can give a file away; for anyone else this is the
        // owner already, or fails harmlessly.
        let _ = std::os::unix::fs::fchown(tmp.as_file(), Some(m.uid()), Some(m.gid()));
    }
    let not_saved = || Unwritable::DiskFull(target.to_path_buf());
    {
        let mut w = SyncingWriter {
            inner: std::io::BufWriter::new(tmp.as_file_mut()),
            unsynced: 0,
            failed: false,
        };
        if let Err(e) = fill(&mut w) {
            // Only a failed write is the disk's doing; anything else (the
            // input of `convert` not readable, say) is said as it is.
            return Err(if w.failed {
                e.context(not_saved())
            } else {
                e.context(Unwritable::NotSaved(target.to_path_buf()))
            });
        }
        w.inner.flush().with_context(not_saved)?;
    }
    tmp.as_file().sync_all().with_context(not_saved)?;
    tmp.persist(target)
        .map_err(|e| e.error)
        .with_context(|| Unwritable::Replace(target.to_path_buf()))?;
    sync_folder(dir);
    Ok(())
}

/// A large output goes to the disk as it is written, a few megabytes at a
/// time, while the rest is still being made (`convert` of a collection):
/// the final sync then waits only for the last part. Small saves never
/// reach the mark and sync once, at the end.
struct SyncingWriter<'a> {
    inner: std::io::BufWriter<&'a mut std::fs::File>,
    unsynced: usize,
    /// A write or sync failed (a full disk, most likely).
    failed: bool,
}

impl SyncingWriter<'_> {
    fn write_and_sync(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.unsynced += n;
        if self.unsynced >= SYNC_EVERY {
            self.inner.flush()?;
            self.inner.get_ref().sync_data()?;
            self.unsynced = 0;
        }
        Ok(n)
    }
}

/// Bytes written between two syncs of a large output.
pub(super) const SYNC_EVERY: usize = 4 << 20;

impl Write for SyncingWriter<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let written = self.write_and_sync(buf);
        self.failed |= written.is_err();
        written
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let flushed = self.inner.flush();
        self.failed |= flushed.is_err();
        flushed
    }
}

pub(super) const TEMP_PREFIX: &str = ".kifu-";
const TEMP_SUFFIX: &str = ".tmp";

/// Temporary files older than this are left over from a killed save.
const STALE_TEMP: Duration = Duration::from_secs(600);

/// Removes kifu's own temporary files (`.kifu-*.tmp`) that a killed save
/// left in `dir`. Young ones may belong to a save under way and stay.
/// Journals (`.kifu-*.saving`) are never removed here: one may hold the
/// only complete copy of a game.
pub fn remove_stale_temps(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name();
        let name = name.to_string_lossy();
        if !(name.starts_with(TEMP_PREFIX) && name.ends_with(TEMP_SUFFIX)) {
            continue;
        }
        let old = e
            .metadata()
            .ok()
            .filter(std::fs::Metadata::is_file)
            .and_then(|m| m.modified().ok())
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age > STALE_TEMP);
        if old {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

/// True when both paths name the same file (through links, `./` and the
/// like); paths that do not exist are compared as written.
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(x), Ok(y)) => x == y,
        _ => a == b,
    }
}

/// Writes a game file (atomically), never one kifu itself would refuse to
/// open: the text is checked before anything is written.
pub fn write_sgf(path: &Path, text: &str) -> Result<()> {
    if let Some(why) = crate::sgf::binary_reason(text, crate::i18n::Lang::En) {
        bail!(Unwritable::WouldLookBinary(path.to_path_buf(), why));
    }
    write_atomic(path, text.as_bytes())
}
