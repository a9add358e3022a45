//! Autosaves: private (0600 in a 0700 folder), one per session and
//! locked, offered back after a crash; discarded sessions kept a week.

use super::*;

/// How long a discarded session is kept (`kifu --recover` lists them).
pub const KEEP_DISCARDED: Duration = Duration::from_secs(7 * 24 * 3600);

/// How long the journal of an interrupted save into a file nobody opens
/// again is kept (docs/data-safety.md): ninety days from its save.
pub const KEEP_JOURNALS: Duration = Duration::from_secs(90 * 24 * 3600);

/// The name every autosave of a game file starts with: the file's name and
/// a hash of its full path (two `game.sgf` in different folders do not
/// meet), or `unnamed` for a game without a file; for a game after the
/// first of a collection, its number too (`-g2`): an autosave is offered
/// to its own game only, never recovered into another.
pub fn autosave_key(file: Option<&Path>, game: usize) -> String {
    let key = file_key(file);
    if game > 1 {
        format!("{key}-g{game}")
    } else {
        key
    }
}

fn file_key(file: Option<&Path>) -> String {
    match file {
        None => "unnamed".to_string(),
        Some(f) => {
            let full = canonical(f);
            let stem: String = full
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

/// The file's one name: links and `..` resolved (opened through a symbolic
/// link or another path, a file has the same autosave, so the recovery
/// offer and the "also open in another kifu" warning meet); a file not yet
/// made by its folder's name. Plainly absolute where neither resolves.
pub(crate) fn canonical(f: &Path) -> PathBuf {
    if let Ok(c) = std::fs::canonicalize(f) {
        return c;
    }
    let parent = f.parent().filter(|p| !p.as_os_str().is_empty());
    let folder = parent.map_or_else(|| std::fs::canonicalize("."), std::fs::canonicalize);
    match (folder, f.file_name()) {
        (Ok(dir), Some(name)) => dir.join(name),
        _ => std::path::absolute(f).unwrap_or_else(|_| f.to_path_buf()),
    }
}

/// A stable hash (the same on every run and machine, unlike std's).
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// A folder of kifu's own in the data directory `base`, private (0700),
/// refused when it is a symbolic link (someone could point it elsewhere).
pub(crate) fn private_dir(base: &Path, name: &str) -> Result<PathBuf> {
    std::fs::create_dir_all(base).with_context(|| Unwritable::Create(base.to_path_buf()))?;
    let dir = base.join(name);
    match std::fs::symlink_metadata(&dir) {
        Ok(m) if m.file_type().is_symlink() || !m.is_dir() => {
            return Err(Unwritable::NotAFolder(dir).into());
        }
        Ok(_) => {}
        Err(_) => {
            let mut b = std::fs::DirBuilder::new();
            #[cfg(unix)]
            std::os::unix::fs::DirBuilderExt::mode(&mut b, 0o700);
            b.create(&dir)
                .with_context(|| Unwritable::Create(dir.clone()))?;
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
pub(crate) fn write_private(path: &Path, contents: &[u8]) -> Result<()> {
    if std::fs::symlink_metadata(path).is_ok_and(|m| !m.is_file()) {
        return Err(Unwritable::NotAFile(path.to_path_buf()).into());
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
    pub fn start(base: &Path, file: Option<&Path>, game: usize) -> Result<(Autosave, Others)> {
        let dir = private_dir(base, "autosave")?;
        remove_stale_temps(&dir);
        remove_dead_locks(&dir);
        prune_discarded(base);
        prune_journals(base);
        let key = autosave_key(file, game);
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
            .with_context(|| Unwritable::Create(lock_path.clone()))?;
        lock.try_lock()
            .map_err(|e| anyhow::Error::new(e).context(Unwritable::Lock(lock_path.clone())))?;
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
                if let Some(pid) = rest.strip_suffix(".lock").and_then(pid_of)
                    && held(&e.path())
                {
                    found.live.push(pid);
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
    pub fn rename_for(&mut self, file: Option<&Path>, game: usize) -> Result<()> {
        let key = autosave_key(file, game);
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
    pub fn finish(self) {}
}

/// However a session ends without a crash (quit, the end of line mode's
/// input, an error), its lock file goes with it.
impl Drop for Autosave {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.lock_path);
    }
}

/// Removes the lock files that sessions killed (kill -9, a closed SSH
/// session, SIGHUP) left: nobody holds them and their process is gone. An
/// autosave beside one stays, offered for recovery: a missing lock marks it
/// as a session that ended without saving, as an unheld one did.
pub(crate) fn remove_dead_locks(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        // `KEY.PID.lock` or `KEY.PID-N.lock`.
        let pid = name
            .strip_suffix(".lock")
            .and_then(|r| r.rsplit('.').next())
            .and_then(|id| id.split('-').next())
            .and_then(|p| p.parse::<u32>().ok());
        let Some(pid) = pid else {
            continue;
        };
        // A live process may be between creating its lock and taking it.
        if !held(&e.path()) && !process_alive(pid) {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

/// Whether a process with this id runs (one of another user counts).
fn process_alive(pid: u32) -> bool {
    #[cfg(unix)]
    {
        let Some(pid) = i32::try_from(pid)
            .ok()
            .and_then(rustix::process::Pid::from_raw)
        else {
            return false;
        };
        match rustix::process::test_kill_process(pid) {
            Ok(()) => true,
            Err(e) => e != rustix::io::Errno::SRCH,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = pid;
        true
    }
}

pub(crate) fn held(lock: &Path) -> bool {
    match std::fs::OpenOptions::new().write(true).open(lock) {
        Ok(f) => matches!(f.try_lock(), Err(std::fs::TryLockError::WouldBlock)),
        Err(_) => false,
    }
}

pub(crate) fn modified(path: &Path) -> SystemTime {
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
        .with_context(|| Unwritable::Move(path.to_path_buf(), to.clone()))?;
    Ok(to)
}

/// When a session was discarded: the time its name carries
/// (`STEM.SECS.sgf`, written by `discard_autosave`), else its file's. The
/// seven days count from the discarding: a rename keeps the file's time of
/// its last write, which may be weeks before.
fn discarded_at(path: &Path) -> SystemTime {
    path.file_stem()
        .and_then(|s| s.to_str())
        .and_then(|s| s.rsplit('.').next())
        .and_then(|secs| secs.parse::<u64>().ok())
        .map(|secs| SystemTime::UNIX_EPOCH + Duration::from_secs(secs))
        .unwrap_or_else(|| modified(path))
}

/// Removes discarded sessions older than `KEEP_DISCARDED` (counted from
/// their discarding).
pub(crate) fn prune_discarded(base: &Path) {
    let dir = base.join("discarded");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return;
    };
    for e in entries.flatten() {
        let old = discarded_at(&e.path())
            .elapsed()
            .is_ok_and(|age| age > KEEP_DISCARDED);
        // Sessions, and journals put aside (`put_aside`).
        if old
            && e.path()
                .extension()
                .is_some_and(|x| x == "sgf" || x == "saving")
        {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

/// Removes the journals of interrupted saves older than `KEEP_JOURNALS`:
/// their file was not opened again in all that time.
pub(crate) fn prune_journals(base: &Path) {
    let Ok(entries) = std::fs::read_dir(base.join("journals")) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        let old = modified(&p).elapsed().is_ok_and(|age| age > KEEP_JOURNALS);
        if old && p.extension().is_some_and(|x| x == "saving") {
            let _ = std::fs::remove_file(p);
        }
    }
}

/// Moves a journal that does not prove its file into the private
/// `discarded` folder of the data directory, kept `KEEP_DISCARDED` and
/// said once, rather than warned of at every read. Returns its new place.
pub fn put_aside(journal: &Path) -> Option<PathBuf> {
    let base = super::data_dir()?;
    let dir = private_dir(&base, "discarded").ok()?;
    let stem = journal
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "journal".into());
    let secs = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let to = dir.join(format!("{stem}.{secs}.saving"));
    std::fs::rename(journal, &to).ok()?;
    Some(to)
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
            Err(e).with_context(|| Unwritable::Remove(path.to_path_buf()))
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A killed session's lock (nobody holds it, its process is gone) is
    /// removed at the next start, and its autosave offered; a lock whose
    /// process lives (it may be about to take it) stays.
    #[test]
    fn a_dead_session_s_lock_goes_at_the_next_start() {
        let base = tempfile::tempdir().unwrap();
        let file = base.path().join("g.sgf");
        let dir = private_dir(base.path(), "autosave").unwrap();
        let key = autosave_key(Some(&file), 1);
        // No process has an id this high (Linux's pid_max is 2^22).
        let dead = dir.join(format!("{key}.4999999.lock"));
        std::fs::write(&dead, b"").unwrap();
        std::fs::write(dir.join(format!("{key}.4999999.sgf")), b"(;GM[1])").unwrap();
        let alive = dir.join(format!("other.{}-77.lock", std::process::id()));
        std::fs::write(&alive, b"").unwrap();
        let (_me, others) = Autosave::start(base.path(), Some(&file), 1).unwrap();
        assert!(!dead.exists(), "the dead session's lock is gone");
        assert!(alive.exists(), "a live process's lock stays");
        assert_eq!(others.stale.len(), 1, "its autosave is offered");
    }

    /// F5: the autosave of game 2 of a collection is offered to game 2
    /// only, never to game 1 (whose record it would replace).
    #[test]
    fn an_autosave_belongs_to_its_game_of_a_collection() {
        let base = tempfile::tempdir().unwrap();
        let file = base.path().join("games.sgf");
        let (a, _) = Autosave::start(base.path(), Some(&file), 2).unwrap();
        a.write(b"(;GM[1]C[game two])").unwrap();
        let kept = a.path().to_path_buf();
        a.finish();
        let (_one, others) = Autosave::start(base.path(), Some(&file), 1).unwrap();
        assert!(others.stale.is_empty(), "not offered to game 1");
        let (_two, others) = Autosave::start(base.path(), Some(&file), 2).unwrap();
        assert_eq!(others.stale, vec![kept]);
        assert_ne!(autosave_key(Some(&file), 1), autosave_key(Some(&file), 2));
    }
}
