//! Unit tests of the storage layer: links, modes, temporary files,
//! journals and autosaves.
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

/// A large output, synced to the disk as it is written, arrives whole and
/// in order, whatever the sizes of the writes that made it.
#[test]
fn a_large_output_synced_on_the_way_is_whole() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("big.sgf");
    let piece: Vec<u8> = (0..=250u8).cycle().take(70_001).collect();
    let pieces = 2 * write::SYNC_EVERY / piece.len() + 3;
    write_atomic_with(&p, &mut |w| {
        for k in 0..pieces {
            w.write_all(&piece[k % 7..])?;
        }
        Ok(())
    })
    .unwrap();
    let want: Vec<u8> = (0..pieces).flat_map(|k| piece[k % 7..].to_vec()).collect();
    assert!(want.len() > 2 * write::SYNC_EVERY);
    assert_eq!(std::fs::read(&p).unwrap(), want);
}

/// A save that fails for another reason than writing (what was to be
/// written could not be made) says that reason, not a full disk, and
/// leaves the file as it was.
#[test]
fn a_failure_before_writing_is_not_called_a_full_disk() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("g.sgf");
    write_atomic(&p, b"one").unwrap();
    let err = write_atomic_with(&p, &mut |_| anyhow::bail!("in.sgf: not an SGF game record"))
        .unwrap_err();
    let said = format!("{err:#}");
    assert!(!said.contains("disk full"), "{said}");
    assert!(
        said.contains("not saved") && said.contains("not an SGF game record"),
        "{said}"
    );
    assert_eq!(std::fs::read(&p).unwrap(), b"one");
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

#[cfg(unix)]
fn journals_in(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().ends_with(".saving"))
        .collect()
}

#[cfg(unix)]
#[test]
fn a_hard_linked_save_leaves_no_journal_and_grows_or_shrinks() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.sgf");
    let b = dir.path().join("b.sgf");
    std::fs::write(&a, "(;GM[1]SZ[9];B[ee])").unwrap();
    std::fs::hard_link(&a, &b).unwrap();
    let longer = "(;GM[1]SZ[9];B[ee];W[cc];B[gg])";
    write_atomic(&a, longer.as_bytes()).unwrap();
    assert_eq!(std::fs::read_to_string(&b).unwrap(), longer);
    write_atomic(&b, b"(;GM[1])").unwrap();
    assert_eq!(std::fs::read_to_string(&a).unwrap(), "(;GM[1])");
    assert!(journals_in(dir.path()).is_empty());
}

/// A hard-linked `a.sgf`/`b.sgf` as a save killed half way through its
/// in-place write leaves it (the new text's start over the old text's
/// end), with the journal that save wrote beside it.
#[cfg(unix)]
fn a_killed_linked_save(dir: &Path, old: &str, new: &str) -> (PathBuf, PathBuf, PathBuf) {
    let a = dir.join("a.sgf");
    let b = dir.join("b.sgf");
    std::fs::write(&a, old).unwrap();
    std::fs::hard_link(&a, &b).unwrap();
    let m = std::fs::metadata(&a).unwrap();
    let journal = journal_path(&a, &m);
    std::fs::write(
        &journal,
        Journal::of(&m, old.as_bytes().to_vec(), new.as_bytes()).encode(),
    )
    .unwrap();
    let mut cut = new.as_bytes()[..new.len() / 2].to_vec();
    cut.extend_from_slice(&old.as_bytes()[new.len() / 2..]);
    std::fs::write(&a, cut).unwrap();
    (a, b, journal)
}

const OLD_TEXT: &str = "(;GM[1]SZ[9];B[ee];W[gg];B[gc];W[cg])";
const NEW_TEXT: &str = "(;GM[1]SZ[9];B[ee];W[cc])";

/// Reading a file whose save was killed half way: a read-only read
/// (show, score, loadsgf) gets the saved game from the journal and writes
/// nothing; the TUI opening it (by any of its names) finishes the save.
#[cfg(unix)]
#[test]
fn a_killed_linked_save_is_read_from_its_journal_and_finished_only_to_edit() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b, journal) = a_killed_linked_save(dir.path(), OLD_TEXT, NEW_TEXT);
    let cut = std::fs::read(&a).unwrap();
    let file = read_sgf(&b).unwrap();
    assert!(
        file.notes.iter().any(|n| n.contains("interrupted")),
        "{:?}",
        file.notes
    );
    let record = |f: &SgfFile| sgf::to_sgf(&f.game(1).unwrap().record);
    assert_eq!(
        record(&file),
        record(&sgf::read_text(NEW_TEXT)),
        "the journal's game, not the cut file"
    );
    assert_eq!(std::fs::read(&a).unwrap(), cut, "a read-only read wrote");
    assert!(journal.exists());
    let (facts, texts) = split_sgf_to_edit(&b, crate::i18n::Lang::En).unwrap();
    assert!(facts.notes.iter().any(|n| n.contains("finished it")));
    assert_eq!(texts.len(), 1);
    assert_eq!(std::fs::read_to_string(&a).unwrap(), NEW_TEXT);
    assert!(!journal.exists());
}

/// A journal is never applied to a file it does not prove it belongs to:
/// the file changed by another program since the kill, another file that
/// got the same inode number after both names went, or a journal without
/// the proof (an older kifu's).
#[cfg(unix)]
#[test]
fn a_journal_that_does_not_prove_its_file_is_never_applied() {
    // Each case plants its journal, reads, and finds the file untouched,
    // the journal said once and put aside (removed from there again).
    let check = |a: &Path, journal: &Path, expect: &[u8], planted: &[u8]| {
        std::fs::write(journal, planted).unwrap();
        let (facts, _) = split_sgf_to_edit(a, crate::i18n::Lang::En).unwrap();
        let said = facts
            .notes
            .iter()
            .find(|n| n.contains("does not match"))
            .cloned()
            .unwrap_or_else(|| panic!("{:?}", facts.notes));
        assert_eq!(std::fs::read(a).unwrap(), expect);
        if let Some(kept) = said
            .split("kifu put it in ")
            .nth(1)
            .and_then(|r| r.split(" (kept a week)").next())
        {
            assert!(!journal.exists(), "put aside: {said}");
            assert_eq!(std::fs::read(kept).unwrap(), planted);
            let _ = std::fs::remove_file(kept);
        } else {
            assert!(journal.exists(), "{said}");
        }
    };
    // Another program's edit after the kill.
    let dir = tempfile::tempdir().unwrap();
    let (a, _, journal) = a_killed_linked_save(dir.path(), OLD_TEXT, NEW_TEXT);
    let proof = std::fs::read(&journal).unwrap();
    let edited = b"(;GM[1]SZ[9];B[ee];W[dd];C[another program's edit])";
    std::fs::write(&a, edited).unwrap();
    check(&a, &journal, edited, &proof);
    // The same name and inode number, another file's content.
    let other = b"(;GM[1]SZ[19]C[another game, the same inode number])";
    std::fs::write(&a, other).unwrap();
    check(&a, &journal, other, &proof);
    // Another device: the journal names a different one.
    let m = std::fs::metadata(&a).unwrap();
    let mut j = Journal::of(&m, OLD_TEXT.as_bytes().to_vec(), NEW_TEXT.as_bytes());
    j.dev ^= 1;
    std::fs::write(&a, OLD_TEXT).unwrap();
    check(&a, &journal, OLD_TEXT.as_bytes(), &j.encode());
    // An older kifu's journal: the content alone, no proof.
    check(&a, &journal, OLD_TEXT.as_bytes(), NEW_TEXT.as_bytes());
    // It may be in kifu's data folder, outside the temporary one.
    let _ = std::fs::remove_file(&journal);
}

/// A link that another user planted in a shared sticky folder (as in
/// /tmp) is not followed; one of the folder's owner or of this user is.
/// Needs root to give the link away; skipped otherwise.
#[cfg(unix)]
#[test]
fn a_link_planted_by_another_user_in_a_sticky_folder_is_not_followed() {
    use std::os::unix::fs::PermissionsExt;
    if rustix::process::geteuid().as_raw() != 0 {
        eprintln!("skipped: needs root to make a link of another user");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o1777)).unwrap();
    let victim = dir.path().join("victim.sgf");
    std::fs::write(&victim, "keep").unwrap();
    let link = dir.path().join("game.sgf");
    std::os::unix::fs::symlink(&victim, &link).unwrap();
    std::os::unix::fs::lchown(&link, Some(65534), Some(65534)).unwrap();
    let e = format!("{:#}", write_atomic(&link, b"x").unwrap_err());
    assert!(e.contains("another user"), "{e}");
    assert_eq!(std::fs::read(&victim).unwrap(), b"keep");
    // This user's own link there is followed.
    std::os::unix::fs::lchown(&link, Some(0), Some(0)).unwrap();
    write_atomic(&link, b"new").unwrap();
    assert_eq!(std::fs::read(&victim).unwrap(), b"new");
}

#[test]
fn a_session_that_ends_leaves_no_lock_file() {
    let base = tempfile::tempdir().unwrap();
    let game = base.path().join("club.sgf");
    let (a, _) = Autosave::start(base.path(), Some(&game), 1).unwrap();
    a.write(b"(;GM[1])").unwrap();
    drop(a);
    let locks: Vec<_> = std::fs::read_dir(base.path().join("autosave"))
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".lock"))
        .collect();
    assert!(locks.is_empty(), "{locks:?}");
}

/// A session discarded today is kept seven days from today, however long
/// ago it was last written (a rename keeps that time); one discarded eight
/// days ago goes.
#[test]
fn discarded_sessions_are_kept_seven_days_from_their_discarding() {
    let base = tempfile::tempdir().unwrap();
    let old = base.path().join("game-0123.sgf");
    std::fs::write(&old, "(;GM[1];B[aa])").unwrap();
    let month_ago = SystemTime::now() - Duration::from_secs(30 * 24 * 3600);
    std::fs::File::options()
        .write(true)
        .open(&old)
        .unwrap()
        .set_modified(month_ago)
        .unwrap();
    let kept = discard_autosave(base.path(), &old).unwrap();
    // One discarded eight days ago (its name says when).
    let eight_days = SystemTime::now() - Duration::from_secs(8 * 24 * 3600);
    let secs = eight_days
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let gone = kept.with_file_name(format!("other-0456.{secs}.sgf"));
    std::fs::write(&gone, "(;GM[1];B[bb])").unwrap();
    prune_discarded(base.path());
    assert!(kept.exists(), "discarded today: kept");
    assert!(!gone.exists(), "discarded eight days ago: gone");
}

/// One file, one autosave: through a symbolic link, a `..` path or its
/// own name, the key is the same (N10); a file not made yet too.
#[cfg(unix)]
#[test]
fn a_file_has_one_autosave_whatever_path_opens_it() {
    let dir = tempfile::tempdir().unwrap();
    let sub = dir.path().join("sub");
    std::fs::create_dir(&sub).unwrap();
    let game = sub.join("game.sgf");
    std::fs::write(&game, "(;GM[1])").unwrap();
    let link = dir.path().join("link.sgf");
    std::os::unix::fs::symlink(&game, &link).unwrap();
    let dotted = sub.join("..").join("sub").join("game.sgf");
    let key = autosave_key(Some(&game), 1);
    assert_eq!(autosave_key(Some(&link), 1), key);
    assert_eq!(autosave_key(Some(&dotted), 1), key);
    let new = sub.join("..").join("sub").join("new.sgf");
    assert_eq!(
        autosave_key(Some(&new), 1),
        autosave_key(Some(&sub.join("new.sgf")), 1)
    );
}

/// A change of the same length that kept the file's time is a change
/// (N11); a touch that left the same bytes is not.
#[test]
fn a_same_length_edit_that_kept_the_time_is_a_change() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("g.sgf");
    std::fs::write(&f, "(;GM[1];B[aa])").unwrap();
    let when = std::fs::metadata(&f).unwrap().modified().unwrap();
    let seen = Seen::of(&f);
    assert!(Seen::conflict(seen.as_ref(), &f).is_none());
    std::fs::write(&f, "(;GM[1];B[bb])").unwrap();
    let file = std::fs::File::options().write(true).open(&f).unwrap();
    file.set_modified(when).unwrap();
    drop(file);
    assert!(Seen::conflict(seen.as_ref(), &f).is_some());
    std::fs::write(&f, "(;GM[1];B[aa])").unwrap();
    assert!(
        Seen::conflict(seen.as_ref(), &f).is_none(),
        "the same bytes"
    );
}

/// A save holds the file: a second save's lock waits until the first is
/// done (tried here without waiting).
#[cfg(unix)]
#[test]
fn a_save_holds_its_file_until_it_is_done() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("g.sgf");
    std::fs::write(&f, "(;GM[1])").unwrap();
    let held = SaveLock::on(&f).unwrap();
    let other = std::fs::File::open(&f).unwrap();
    let try_lock =
        || rustix::fs::flock(&other, rustix::fs::FlockOperation::NonBlockingLockExclusive).is_ok();
    assert!(!try_lock(), "held by the first save");
    drop(held);
    assert!(try_lock(), "free once it is done");
}
