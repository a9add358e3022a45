//! File I/O in one place: reading SGF files and writing any file
//! atomically (a temporary file in the same folder, fsync, rename), so a
//! crash never leaves half a file.

use std::io::Write;
use std::path::Path;

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
    }

    #[test]
    fn missing_folder_is_an_error_not_a_panic() {
        let err = write_atomic(Path::new("/nonexistent/dir/x.sgf"), b"x").unwrap_err();
        assert!(format!("{err:#}").contains("/nonexistent/dir"));
    }
}
