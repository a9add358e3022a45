//! File I/O in one place: reading SGF files and writing any file
//! atomically (a temporary file in the same folder, fsync, rename), so a
//! crash never leaves half a file.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use crate::sgf::{self, SgfFile};

/// Reads and parses an SGF file.
pub fn read_sgf(path: &Path) -> Result<SgfFile> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    Ok(sgf::read_bytes(&bytes))
}

/// Writes `contents` to `path` atomically.
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::Builder::new()
        .prefix(".kifu-")
        .suffix(".tmp")
        .tempfile_in(dir)
        .with_context(|| format!("cannot create a temporary file in {}", dir.display()))?;
    // The temporary file is private (0600); the file keeps the permissions
    // it had, and a new one gets the usual 0644.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let perms = std::fs::metadata(path)
            .map(|m| m.permissions())
            .unwrap_or_else(|_| std::fs::Permissions::from_mode(0o644));
        let _ = tmp.as_file().set_permissions(perms);
    }
    tmp.write_all(contents)
        .and_then(|()| tmp.as_file().sync_all())
        .with_context(|| format!("cannot write to {}", dir.display()))?;
    tmp.persist(path)
        .map_err(|e| e.error)
        .with_context(|| format!("cannot replace {}", path.display()))?;
    // Make the rename itself durable.
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
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

/// The autosave file of a game: one per game file (named after it, with a
/// hash of its full path so two `game.sgf` in different folders do not
/// meet), and one for the unnamed game.
pub fn autosave_path(file: Option<&Path>) -> Option<PathBuf> {
    let dir = data_dir()?.join("autosave");
    let name = match file {
        None => "unnamed.sgf".to_string(),
        Some(f) => {
            let full = std::path::absolute(f).unwrap_or_else(|_| f.to_path_buf());
            let stem = f
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| "game".into());
            format!(
                "{stem}-{:016x}.sgf",
                fnv1a(full.to_string_lossy().as_bytes())
            )
        }
    };
    Some(dir.join(name))
}

/// A stable hash (the same on every run and machine, unlike std's).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Writes an autosave, creating its folder.
pub fn write_autosave(path: &Path, contents: &[u8]) -> Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    write_atomic(path, contents)
}

/// Removes an autosave once the game is saved (a missing one is fine).
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
        let a = autosave_path(Some(Path::new("/a/game.sgf")));
        let b = autosave_path(Some(Path::new("/b/game.sgf")));
        assert_ne!(a, b);
        assert_eq!(a, autosave_path(Some(Path::new("/a/game.sgf"))));
        if let Some(a) = a {
            let name = a.file_name().map(|n| n.to_string_lossy().into_owned());
            assert!(name.is_some_and(|n| n.starts_with("game-")));
        }
    }

    #[test]
    fn missing_folder_is_an_error_not_a_panic() {
        let err = write_atomic(Path::new("/nonexistent/dir/x.sgf"), b"x").unwrap_err();
        assert!(format!("{err:#}").contains("/nonexistent/dir"));
    }
}
