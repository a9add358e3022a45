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

/// Writes a game file (atomically), never one kifu itself would refuse to
/// open: the text is checked before anything is written.
pub fn write_sgf(path: &Path, text: &str) -> Result<()> {
    if let Some(why) = crate::sgf::binary_reason(text) {
        bail!(
            "{}: not saved: the game as written would look like {why}",
            path.display()
        );
    }
    write_atomic(path, text.as_bytes())
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
        let a = autosave_key(Some(Path::new("/a/game.sgf")), 1);
        let b = autosave_key(Some(Path::new("/b/game.sgf")), 1);
        assert_ne!(a, b);
        assert_eq!(a, autosave_key(Some(Path::new("/a/game.sgf")), 1));
        assert!(a.starts_with("game-"));
        assert_eq!(autosave_key(None, 1), "unnamed");
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
        let (a, others) = Autosave::start(base.path(), Some(&game), 1).unwrap();
        assert!(others.stale.is_empty() && others.live.is_empty());
        a.write(b"(;GM[1])").unwrap();
        assert_eq!(mode(a.path()), 0o600);
        assert_eq!(mode(&base.path().join("autosave")), 0o700);
        // A second session on the same game sees the first one running.
        let (b, others) = Autosave::start(base.path(), Some(&game), 1).unwrap();
        assert_eq!(others.live, vec![std::process::id()]);
        assert!(others.stale.is_empty(), "a live session is not offered");
        drop(b);
        // The first session ends without saving: the next one is offered it.
        let kept = a.path().to_path_buf();
        a.finish();
        let (_c, others) = Autosave::start(base.path(), Some(&game), 1).unwrap();
        assert_eq!(others.stale, vec![kept.clone()]);
        // Discarded: kept, listed by --recover, not offered again.
        let to = discard_autosave(base.path(), &kept).unwrap();
        assert!(to.exists() && !kept.exists());
        assert!(recoverable(base.path()).iter().any(|(p, _)| *p == to));
        let (_d, others) = Autosave::start(base.path(), Some(&game), 1).unwrap();
        assert!(others.stale.is_empty());
    }

    #[cfg(unix)]
    #[test]
    fn a_symlinked_autosave_folder_is_refused() {
        let base = tempfile::tempdir().unwrap();
        let elsewhere = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(elsewhere.path(), base.path().join("autosave")).unwrap();
        let e = Autosave::start(base.path(), None, 1)
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
