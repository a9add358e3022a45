//! File I/O in one place: reading SGF files and writing any file
//! atomically (a temporary file in the same folder, fsync, rename), so a
//! crash never leaves half a file.

use std::io::Write;
use std::path::{Path, PathBuf};

use std::time::{Duration, SystemTime};

use anyhow::{Context, Result, bail};

use crate::sgf::{self, SgfFile};

/// The largest file kifu reads (an archive of a hundred thousand games
/// fits in a few hundred MB).
pub const MAX_FILE_BYTES: u64 = 1 << 30;

/// Reads a file's bytes, refusing a folder or what is larger than kifu
/// reads.
fn read_bytes(path: &Path) -> Result<Vec<u8>> {
    let meta =
        std::fs::metadata(path).with_context(|| format!("cannot read {}", path.display()))?;
    if meta.is_dir() {
        bail!("{} is a folder, not an SGF file", path.display());
    }
    if meta.is_file() && meta.len() > MAX_FILE_BYTES {
        bail!(
            "{} is {} MB, larger than kifu reads ({} MB)",
            path.display(),
            meta.len() >> 20,
            MAX_FILE_BYTES >> 20
        );
    }
    std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))
}

/// Reads and parses an SGF file; what is not an SGF game record at all is
/// refused here, with one line saying why.
pub fn read_sgf(path: &Path) -> Result<SgfFile> {
    let file = sgf::read_bytes(&read_bytes(path)?);
    if let Some(why) = &file.not_sgf {
        bail!("{}: not an SGF game record ({why})", path.display());
    }
    Ok(file)
}

/// Reads an SGF file game by game (see `sgf::read_each`), refusing what is
/// not an SGF game record.
pub fn read_sgf_each(path: &Path, each: &mut sgf::EachGame<'_>) -> Result<sgf::FileFacts> {
    let facts = sgf::read_each(&read_bytes(path)?, each);
    if let Some(why) = &facts.not_sgf {
        bail!("{}: not an SGF game record ({why})", path.display());
    }
    Ok(facts)
}

/// True when the file is empty or blank: nothing to lose, so a new game.
pub fn is_blank(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() < 4096)
        && std::fs::read(path).is_ok_and(|b| b.iter().all(u8::is_ascii_whitespace))
}

/// Where a save to `path` really goes, or why kifu will not write there.
/// A symbolic link is followed (the file it points to is replaced, in its
/// own folder, and the link stays); a folder, a FIFO, a device or a socket
/// is refused, and so is a read-only file: kifu never replaces what its
/// owner protected.
pub fn save_target(path: &Path) -> Result<PathBuf> {
    let mut target = path.to_path_buf();
    // Follow links by hand: the target may not exist yet (a dangling link
    // names the file to create), which canonicalize refuses.
    for _ in 0..40 {
        match std::fs::symlink_metadata(&target) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = std::fs::read_link(&target)
                    .with_context(|| format!("cannot read the link {}", target.display()))?;
                target = match target.parent() {
                    Some(dir) if to.is_relative() => dir.join(to),
                    _ => to,
                };
            }
            Ok(m) => {
                if m.is_dir() {
                    bail!(
                        "{} is a folder: give a file name (:w FILE, -o FILE)",
                        path.display()
                    );
                }
                if !m.is_file() {
                    bail!(
                        "{} is not a regular file (a FIFO, a device or a socket): kifu writes only regular files; save to a file with :w FILE or -o FILE",
                        path.display()
                    );
                }
                if m.permissions().readonly() {
                    bail!(
                        "{} is read-only: kifu will not replace it; make it writable (chmod u+w) or save elsewhere with :w FILE",
                        path.display()
                    );
                }
                return Ok(target);
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(target),
            Err(e) => {
                return Err(e).with_context(|| format!("cannot look at {}", target.display()));
            }
        }
    }
    bail!("{}: too many levels of symbolic links", path.display())
}

/// Writes `contents` to `path` atomically (a temporary file in the same
/// folder, fsync, rename), under the save policy of `save_target`. An
/// existing file keeps its permissions and, where the system allows, its
/// owner; a new one gets 0666 less the umask, like any program's. A file
/// with several hard links is written in place so that every name still
/// sees it (the autosave, removed only after a save, covers a crash then).
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
            // In place: the whole text first, so a failing `fill` leaves
            // the file as it was.
            let mut contents = Vec::new();
            fill(&mut contents)?;
            let mut f = std::fs::OpenOptions::new()
                .write(true)
                .truncate(true)
                .open(&target)
                .with_context(|| format!("cannot write {}", target.display()))?;
            f.write_all(&contents)
                .and_then(|()| f.sync_all())
                .with_context(|| format!("cannot write {}", target.display()))?;
            return Ok(());
        }
    }
    let perms = existing.as_ref().map(std::fs::Metadata::permissions);
    write_replacing(&target, fill, perms, existing.as_ref())
}

/// The temporary-file-and-rename write itself. `perms` None: a new file
/// (0666 less the umask).
fn write_replacing(
    target: &Path,
    fill: &mut dyn FnMut(&mut dyn Write) -> Result<()>,
    perms: Option<std::fs::Permissions>,
    owner: Option<&std::fs::Metadata>,
) -> Result<()> {
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
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
        .with_context(|| format!("cannot create a temporary file in {}", dir.display()))?;
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
    {
        let mut w = std::io::BufWriter::new(tmp.as_file_mut());
        fill(&mut w)?;
        w.flush()
            .with_context(|| format!("cannot write to {} (is the disk full?)", dir.display()))?;
    }
    tmp.as_file()
        .sync_all()
        .with_context(|| format!("cannot write to {} (is the disk full?)", dir.display()))?;
    tmp.persist(target)
        .map_err(|e| e.error)
        .with_context(|| format!("cannot replace {}", target.display()))?;
    // Make the rename itself durable.
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

const TEMP_PREFIX: &str = ".kifu-";
const TEMP_SUFFIX: &str = ".tmp";

/// Temporary files older than this are left over from a killed save.
const STALE_TEMP: Duration = Duration::from_secs(600);

/// Removes kifu's own temporary files (`.kifu-*.tmp`) that a killed save
/// left in `dir`. Young ones may belong to a save under way and stay.
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
        Err(e) => Err(e).with_context(|| format!("cannot read {}", path.display())),
    }
}

/// How long a discarded session is kept (`kifu --recover` lists them).
pub const KEEP_DISCARDED: Duration = Duration::from_secs(7 * 24 * 3600);

/// The name every autosave of a game file starts with: the file's name and
/// a hash of its full path (two `game.sgf` in different folders do not
/// meet), or `unnamed` for a game without a file.
pub fn autosave_key(file: Option<&Path>) -> String {
    match file {
        None => "unnamed".to_string(),
        Some(f) => {
            let full = std::path::absolute(f).unwrap_or_else(|_| f.to_path_buf());
            let stem: String = f
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| "game".into())
                .chars()
                .map(|c| if c.is_control() || c == '.' { '_' } else { c })
                .collect();
            format!("{stem}-{:016x}", fnv1a(full.to_string_lossy().as_bytes()))
        }
    }
}

/// A stable hash (the same on every run and machine, unlike std's).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// A folder of kifu's own in the data directory `base`, private (0700),
/// refused when it is a symbolic link (someone could point it elsewhere).
fn private_dir(base: &Path, name: &str) -> Result<PathBuf> {
    std::fs::create_dir_all(base).with_context(|| format!("cannot create {}", base.display()))?;
    let dir = base.join(name);
    match std::fs::symlink_metadata(&dir) {
        Ok(m) if m.file_type().is_symlink() || !m.is_dir() => {
            bail!(
                "{} is a symbolic link or not a folder: kifu will not keep autosaves there; remove it",
                dir.display()
            );
        }
        Ok(_) => {}
        Err(_) => {
            let mut b = std::fs::DirBuilder::new();
            #[cfg(unix)]
            std::os::unix::fs::DirBuilderExt::mode(&mut b, 0o700);
            b.create(&dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
        }
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // Made private again if it was created by an older kifu.
        let _ = std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700));
    }
    Ok(dir)
}

/// Writes a private file (0600) atomically; a symbolic link in its place
/// is refused, never followed.
fn write_private(path: &Path, contents: &[u8]) -> Result<()> {
    if std::fs::symlink_metadata(path).is_ok_and(|m| !m.is_file()) {
        bail!(
            "{} is a symbolic link or not a file: not written",
            path.display()
        );
    }
    #[cfg(unix)]
    let perms = {
        use std::os::unix::fs::PermissionsExt;
        Some(std::fs::Permissions::from_mode(0o600))
    };
    #[cfg(not(unix))]
    let perms = None;
    write_replacing(path, &mut |w| Ok(w.write_all(contents)?), perms, None)
}

/// This kifu's autosave of the game it has open: `KEY.PID.sgf` in the
/// private autosave folder, with `KEY.PID.lock` locked while kifu runs. A
/// lock that nobody holds marks the autosave of a session that ended
/// without saving (a crash, a closed terminal): that one is offered for
/// recovery. A held lock is another kifu on the same file.
pub struct Autosave {
    dir: PathBuf,
    key: String,
    file: PathBuf,
    lock_path: PathBuf,
    /// Held open: the lock lasts as long as the process.
    _lock: std::fs::File,
}

/// What `Autosave::start` found of other sessions on the same game.
#[derive(Debug, Default)]
pub struct Others {
    /// Autosaves of sessions that ended without saving, newest first.
    pub stale: Vec<PathBuf>,
    /// Process ids of other kifu sessions open on this game now.
    pub live: Vec<u32>,
}

impl Autosave {
    /// Starts this session's autosave for `file` (None: an unnamed game)
    /// in the data directory `base`, and says what other sessions left or
    /// hold.
    pub fn start(base: &Path, file: Option<&Path>) -> Result<(Autosave, Others)> {
        let dir = private_dir(base, "autosave")?;
        remove_stale_temps(&dir);
        prune_discarded(base);
        let key = autosave_key(file);
        let others = Self::others(&dir, &key);
        let me = Self::lock(&dir, key)?;
        Ok((me, others))
    }

    fn lock(dir: &Path, key: String) -> Result<Autosave> {
        // The process id, and a number when one process holds several
        // (tests do).
        static SESSIONS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = SESSIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let pid = std::process::id();
        let id = if n == 0 {
            pid.to_string()
        } else {
            format!("{pid}-{n}")
        };
        let lock_path = dir.join(format!("{key}.{id}.lock"));
        let lock = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)
            .with_context(|| format!("cannot create {}", lock_path.display()))?;
        lock.try_lock()
            .map_err(|e| anyhow::anyhow!("cannot lock {}: {e}", lock_path.display()))?;
        Ok(Autosave {
            dir: dir.to_path_buf(),
            file: dir.join(format!("{key}.{id}.sgf")),
            key,
            lock_path,
            _lock: lock,
        })
    }

    /// The autosaves and locks of other sessions on `key`.
    fn others(dir: &Path, key: &str) -> Others {
        let mut found = Others::default();
        let mut stale: Vec<(SystemTime, PathBuf)> = Vec::new();
        let Ok(entries) = std::fs::read_dir(dir) else {
            return found;
        };
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            let Some(rest) = name.strip_prefix(key).and_then(|r| r.strip_prefix('.')) else {
                // The autosave of kifu before per-session names: `KEY.sgf`.
                if name == format!("{key}.sgf") {
                    stale.push((modified(&e.path()), e.path()));
                }
                continue;
            };
            // `ID.sgf` or `ID.lock`, the id being `PID` or `PID-N`.
            let pid_of = |id: &str| id.split('-').next().and_then(|p| p.parse::<u32>().ok());
            let Some(id) = rest.strip_suffix(".sgf").filter(|id| pid_of(id).is_some()) else {
                if let Some(pid) = rest.strip_suffix(".lock").and_then(pid_of) {
                    if held(&e.path()) {
                        found.live.push(pid);
                    } else if !dir
                        .join(format!("{key}.{}", rest.replace(".lock", ".sgf")))
                        .exists()
                    {
                        // A lock nobody holds, its session gone.
                        let _ = std::fs::remove_file(e.path());
                    }
                }
                continue;
            };
            let lock = dir.join(format!("{key}.{id}.lock"));
            if !held(&lock) {
                stale.push((modified(&e.path()), e.path()));
            }
        }
        stale.sort_by_key(|e| std::cmp::Reverse(e.0));
        found.stale = stale.into_iter().map(|(_, p)| p).collect();
        found.live.sort_unstable();
        found
    }

    /// This session's autosave file.
    pub fn path(&self) -> &Path {
        &self.file
    }

    /// Follows the game to a new file name (after `:w other.sgf`): later
    /// changes are autosaved under the new name, and the old autosave goes.
    pub fn rename_for(&mut self, file: Option<&Path>) -> Result<()> {
        let key = autosave_key(file);
        if key == self.key {
            return Ok(());
        }
        let next = Self::lock(&self.dir, key)?;
        if self.file.exists() {
            let _ = std::fs::rename(&self.file, &next.file);
        }
        let _ = std::fs::remove_file(&self.lock_path);
        *self = next;
        Ok(())
    }

    /// Writes the autosave (private, atomic).
    pub fn write(&self, contents: &[u8]) -> Result<()> {
        write_private(&self.file, contents)
    }

    /// Removes the autosave once the game is saved (a missing one is fine).
    pub fn remove(&self) -> Result<()> {
        remove_autosave(&self.file)
    }

    /// Ends the session: the lock file goes; an unsaved autosave stays, to
    /// be offered next time.
    pub fn finish(self) {
        let _ = std::fs::remove_file(&self.lock_path);
    }
}

fn held(lock: &Path) -> bool {
    match std::fs::OpenOptions::new().write(true).open(lock) {
        Ok(f) => matches!(f.try_lock(), Err(std::fs::TryLockError::WouldBlock)),
        Err(_) => false,
    }
}

fn modified(path: &Path) -> SystemTime {
    std::fs::metadata(path)
        .and_then(|m| m.modified())
        .unwrap_or(SystemTime::UNIX_EPOCH)
}

/// Moves an autosave the user discarded (or that was recovered) into the
/// private `discarded` folder of the data directory `base`, where it stays
/// for `KEEP_DISCARDED` and is never offered again. Returns its new place.
pub fn discard_autosave(base: &Path, path: &Path) -> Result<PathBuf> {
    let dir = private_dir(base, "discarded")?;
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "session".into());
    let secs = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let to = dir.join(format!("{stem}.{secs}.sgf"));
    std::fs::rename(path, &to)
        .or_else(|_| std::fs::copy(path, &to).and_then(|_| std::fs::remove_file(path)))
        .with_context(|| format!("cannot move {} to {}", path.display(), to.display()))?;
    Ok(to)
}

/// Removes discarded sessions older than `KEEP_DISCARDED`.
fn prune_discarded(base: &Path) {
    let dir = base.join("discarded");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return;
    };
    for e in entries.flatten() {
        let old = modified(&e.path())
            .elapsed()
            .is_ok_and(|age| age > KEEP_DISCARDED);
        if old && e.path().extension().is_some_and(|x| x == "sgf") {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

/// Sessions one can still recover: the autosaves of sessions that ended
/// without saving, and the discarded ones of the last seven days, newest
/// first, with when they were last written.
pub fn recoverable(base: &Path) -> Vec<(PathBuf, SystemTime)> {
    let mut out = Vec::new();
    for name in ["autosave", "discarded"] {
        let dir = base.join(name);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.extension().is_none_or(|x| x != "sgf") {
                continue;
            }
            // A running session's autosave is not to be recovered.
            if name == "autosave" && held(&p.with_extension("lock")) {
                continue;
            }
            out.push((p.clone(), modified(&p)));
        }
    }
    out.sort_by_key(|e| std::cmp::Reverse(e.1));
    out
}

/// Removes an autosave (a missing one is fine).
pub fn remove_autosave(path: &Path) -> Result<()> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            Err(e).with_context(|| format!("cannot remove {}", path.display()))
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_replaces_and_leaves_no_temp() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("g.sgf");
        write_atomic(&p, b"one").unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"two");
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&p).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o644, "not the temporary file's 0600");
        }
    }

    #[test]
    fn autosave_names_differ_by_folder_and_are_stable() {
        let a = autosave_key(Some(Path::new("/a/game.sgf")));
        let b = autosave_key(Some(Path::new("/b/game.sgf")));
        assert_ne!(a, b);
        assert_eq!(a, autosave_key(Some(Path::new("/a/game.sgf"))));
        assert!(a.starts_with("game-"));
        assert_eq!(autosave_key(None), "unnamed");
    }

    #[cfg(unix)]
    fn mode(p: &Path) -> u32 {
        use std::os::unix::fs::PermissionsExt;
        std::fs::metadata(p).unwrap().permissions().mode() & 0o777
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_is_followed_and_stays_a_link() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.sgf");
        let link = dir.path().join("link.sgf");
        std::fs::write(&real, "old").unwrap();
        std::os::unix::fs::symlink("real.sgf", &link).unwrap();
        write_atomic(&link, b"new").unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read(&real).unwrap(), b"new");
        // A dangling link names the file to create.
        let dangling = dir.path().join("d.sgf");
        std::os::unix::fs::symlink("made.sgf", &dangling).unwrap();
        write_atomic(&dangling, b"made").unwrap();
        assert_eq!(std::fs::read(dir.path().join("made.sgf")).unwrap(), b"made");
    }

    #[cfg(unix)]
    #[test]
    fn fifos_devices_folders_and_read_only_files_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let e = format!("{:#}", write_atomic(&fifo, b"x").unwrap_err());
            assert!(e.contains("not a regular file"), "{e}");
            assert!(!std::fs::metadata(&fifo).unwrap().is_file());
        }
        let e = format!(
            "{:#}",
            write_atomic(Path::new("/dev/null"), b"x").unwrap_err()
        );
        assert!(e.contains("not a regular file"), "{e}");
        let e = format!("{:#}", write_atomic(dir.path(), b"x").unwrap_err());
        assert!(e.contains("is a folder"), "{e}");
        let ro = dir.path().join("ro.sgf");
        std::fs::write(&ro, "keep").unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o444)).unwrap();
        let e = format!("{:#}", write_atomic(&ro, b"x").unwrap_err());
        assert!(e.contains("read-only"), "{e}");
        assert_eq!(std::fs::read(&ro).unwrap(), b"keep");
    }

    #[cfg(unix)]
    #[test]
    fn hard_links_stay_joined_and_modes_are_kept() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a.sgf");
        let b = dir.path().join("b.sgf");
        std::fs::write(&a, "old").unwrap();
        std::fs::hard_link(&a, &b).unwrap();
        write_atomic(&a, b"new").unwrap();
        assert_eq!(std::fs::read(&b).unwrap(), b"new", "the other name sees it");
        use std::os::unix::fs::PermissionsExt;
        let c = dir.path().join("c.sgf");
        std::fs::write(&c, "old").unwrap();
        std::fs::set_permissions(&c, std::fs::Permissions::from_mode(0o640)).unwrap();
        write_atomic(&c, b"new").unwrap();
        assert_eq!(mode(&c), 0o640);
    }

    #[cfg(unix)]
    #[test]
    fn stale_temporary_files_are_removed_young_ones_kept() {
        let dir = tempfile::tempdir().unwrap();
        let old = dir.path().join(".kifu-old.tmp");
        let young = dir.path().join(".kifu-young.tmp");
        let other = dir.path().join("notes.tmp");
        for p in [&old, &young, &other] {
            std::fs::write(p, "x").unwrap();
        }
        let long_ago = SystemTime::now() - Duration::from_secs(3600);
        std::fs::File::options()
            .write(true)
            .open(&old)
            .unwrap()
            .set_modified(long_ago)
            .unwrap();
        std::fs::File::options()
            .write(true)
            .open(&other)
            .unwrap()
            .set_modified(long_ago)
            .unwrap();
        write_atomic(&dir.path().join("g.sgf"), b"x").unwrap();
        assert!(!old.exists());
        assert!(young.exists() && other.exists());
    }

    #[cfg(unix)]
    #[test]
    fn autosaves_are_private_and_locked_per_session() {
        let base = tempfile::tempdir().unwrap();
        let game = base.path().join("club.sgf");
        let (a, others) = Autosave::start(base.path(), Some(&game)).unwrap();
        assert!(others.stale.is_empty() && others.live.is_empty());
        a.write(b"(;GM[1])").unwrap();
        assert_eq!(mode(a.path()), 0o600);
        assert_eq!(mode(&base.path().join("autosave")), 0o700);
        // A second session on the same game sees the first one running.
        let (b, others) = Autosave::start(base.path(), Some(&game)).unwrap();
        assert_eq!(others.live, vec![std::process::id()]);
        assert!(others.stale.is_empty(), "a live session is not offered");
        drop(b);
        // The first session ends without saving: the next one is offered it.
        let kept = a.path().to_path_buf();
        a.finish();
        let (_c, others) = Autosave::start(base.path(), Some(&game)).unwrap();
        assert_eq!(others.stale, vec![kept.clone()]);
        // Discarded: kept, listed by --recover, not offered again.
        let to = discard_autosave(base.path(), &kept).unwrap();
        assert!(to.exists() && !kept.exists());
        assert!(recoverable(base.path()).iter().any(|(p, _)| *p == to));
        let (_d, others) = Autosave::start(base.path(), Some(&game)).unwrap();
        assert!(others.stale.is_empty());
    }

    #[cfg(unix)]
    #[test]
    fn a_symlinked_autosave_folder_is_refused() {
        let base = tempfile::tempdir().unwrap();
        let elsewhere = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(elsewhere.path(), base.path().join("autosave")).unwrap();
        let e = Autosave::start(base.path(), None)
            .err()
            .map(|e| format!("{e:#}"));
        assert!(e.is_some_and(|e| e.contains("symbolic link")));
    }

    #[test]
    fn free_names_do_not_overwrite() {
        let dir = tempfile::tempdir().unwrap();
        let g = dir.path().join("game.sgf");
        assert_eq!(free_name(&g), dir.path().join("game-kifu.sgf"));
        std::fs::write(dir.path().join("game-kifu.sgf"), "x").unwrap();
        assert_eq!(free_name(&g), dir.path().join("game-kifu-2.sgf"));
    }

    #[test]
    fn missing_folder_is_an_error_not_a_panic() {
        let err = write_atomic(Path::new("/nonexistent/dir/x.sgf"), b"x").unwrap_err();
        assert!(format!("{err:#}").contains("/nonexistent/dir"));
    }
}
