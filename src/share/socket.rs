//! A share's Unix socket: bound where no other user can reach it for a
//! moment, in a folder that is the user's alone.

use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::os::unix::net::UnixListener;

use crate::i18n::Lang;
use crate::tr;

/// Binds the socket at `path`: an old socket nobody answers on is
/// replaced; a live one, or a file that is not a socket, is an error
/// (never removed). The socket is the user's only (0600), or the group's
/// too (0660). The default folder is made the user's only (0700).
pub(super) fn bind_unix(
    path: &std::path::Path,
    group: bool,
    lang: Lang,
) -> Result<(UnixListener, u64), String> {
    let at = path.display().to_string();
    let fail = |why: String| tr!(lang, "share.cannot", at = at.clone(), why = why);
    if let Some(dir) = path.parent().filter(|d| *d == super::default_folder()) {
        use std::os::unix::fs::DirBuilderExt;
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(dir)
            .map_err(|e| fail(e.to_string()))?;
        private_folder(dir, lang)?;
    }
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_socket() => {
            if std::os::unix::net::UnixStream::connect(path).is_ok() {
                return Err(tr!(lang, "share.in_use", at = at.clone()));
            }
            std::fs::remove_file(path).map_err(|e| fail(e.to_string()))?;
        }
        Ok(_) => return Err(tr!(lang, "share.not_socket", at = at.clone())),
        Err(_) => {}
    }
    // Bound in a folder of this user's only, given its mode there, then
    // renamed into place: no moment when another user could connect.
    let parent = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    let private = tempfile::Builder::new()
        .prefix(".kifu-share-")
        .tempdir_in(parent)
        .map_err(|e| fail(e.to_string()))?;
    let inside = private.path().join("s");
    let l = UnixListener::bind(&inside).map_err(|e| fail(e.to_string()))?;
    let mode = if group { 0o660 } else { 0o600 };
    std::fs::set_permissions(&inside, std::fs::Permissions::from_mode(mode))
        .map_err(|e| fail(e.to_string()))?;
    std::fs::rename(&inside, path).map_err(|e| fail(e.to_string()))?;
    let ino = std::fs::symlink_metadata(path)
        .map_err(|e| fail(e.to_string()))?
        .ino();
    Ok((l, ino))
}

/// The folder the socket goes in when XDG_RUNTIME_DIR is not set: it must
/// be this user's alone (theirs, 0700, not a link), else another local
/// user could put their own socket there and show followers a board of
/// their making.
pub fn private_folder(dir: &std::path::Path, lang: Lang) -> Result<(), String> {
    let at = dir.display().to_string();
    let m = std::fs::symlink_metadata(dir)
        .map_err(|e| tr!(lang, "share.cannot", at = at.clone(), why = e.to_string()))?;
    let mine = m.uid() == rustix::process::geteuid().as_raw();
    if m.file_type().is_symlink() || !m.is_dir() || !mine || m.mode() & 0o077 != 0 {
        return Err(tr!(
            lang,
            "share.folder_unsafe",
            at = at,
            owner = m.uid(),
            mode = format!("{:o}", m.mode() & 0o7777)
        ));
    }
    Ok(())
}
