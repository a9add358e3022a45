//! A save never leaves a file cut, and never replaces what is not the
//! user's to replace: a full disk, a kill at any moment, a hard link, a
//! file of another user. These need root (a small filesystem mounted for
//! the full disk, another user to run kifu as), so they are ignored tests
//! that `./scripts/test` runs and that skip cleanly where they cannot.

use crate::common;
use crate::common::Drive;
use std::path::{Path, PathBuf};
use std::process::Command;

fn kifu_bin() -> &'static str {
    env!("CARGO_BIN_EXE_kifu")
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"0\n"))
}

/// A game whose file is `bytes` long or so (one long comment).
fn game_of(bytes: usize, fill: char) -> String {
    format!(
        "(;GM[1]FF[4]SZ[9]C[{}];B[ee];W[cc])",
        fill.to_string().repeat(bytes)
    )
}

/// A small tmpfs mounted for one test, unmounted when dropped.
struct SmallDisk {
    dir: tempfile::TempDir,
}

impl SmallDisk {
    fn mount(kib: u32) -> Option<SmallDisk> {
        if !is_root() {
            return None;
        }
        let dir = tempfile::tempdir().ok()?;
        let ok = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={kib}k"), "tmpfs"])
            .arg(dir.path())
            .status()
            .is_ok_and(|s| s.success());
        ok.then_some(SmallDisk { dir })
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(self.dir.path()).status();
    }
}

fn names_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .map(|r| {
            r.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// A disk too full for the new game: the save fails with the file's
/// name, the file (plain or hard-linked) keeps its old content whole, and
/// no temporary file or journal is left.
#[test]
#[ignore]
fn a_full_disk_leaves_the_old_file_whole() {
    let Some(disk) = SmallDisk::mount(160) else {
        crate::common::skipped("needs root and mount to make a small disk");
        return;
    };
    let old = game_of(40_000, 'a');
    // Too big for the room left even written in place (the journal of the
    // hard-linked save goes to the data folder, off this disk).
    let big = game_of(130_000, 'b');
    let plain = disk.path("plain.sgf");
    let linked = disk.path("linked.sgf");
    std::fs::write(&plain, &old).unwrap();
    std::fs::write(&linked, &old).unwrap();
    std::fs::hard_link(&linked, disk.path("other-name.sgf")).unwrap();
    for target in [&plain, &linked] {
        let e = kifu::storage::write_sgf(target, &big).unwrap_err();
        let e = format!("{e:#}");
        assert!(e.contains(&target.display().to_string()), "{e}");
        assert!(e.contains("as it was"), "{e}");
        assert_eq!(std::fs::read_to_string(target).unwrap(), old);
    }
    assert_eq!(
        std::fs::read_to_string(disk.path("other-name.sgf")).unwrap(),
        old
    );
    assert_eq!(
        names_in(disk.dir.path()),
        ["linked.sgf", "other-name.sgf", "plain.sgf"]
    );
}

/// `kifu convert NEW -o FILE`, FILE hard-linked to a second name in
/// another folder, killed (SIGKILL) at random moments of the save. Each
/// time a read-only read of the other name (`convert` of it to a third
/// file) writes nothing and reads the old game or the new one whole (the
/// new one from the journal when the file was cut), and opening it to edit
/// (line mode) leaves both names on the old game or the new one.
#[test]
#[ignore]
fn a_hard_linked_file_killed_mid_save_holds_the_old_or_the_new_game() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let kifu = || {
        let mut c = Command::new(kifu_bin());
        c.env("KIFU_DATA_DIR", &data)
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped());
        c
    };
    let old = game_of(1_500_000, 'a');
    let input = dir.path().join("new.sgf");
    std::fs::write(&input, game_of(2_000_000, 'b')).unwrap();
    // What the save writes, made once in a file of its own; how long it
    // takes sets when the kills come (from half of it to just after).
    let reference = dir.path().join("reference.sgf");
    let start = std::time::Instant::now();
    let made = kifu()
        .arg("convert")
        .arg(&input)
        .arg("-o")
        .arg(&reference)
        .output()
        .unwrap();
    assert!(made.status.success());
    let took = start.elapsed().as_micros() as u64;
    let new = std::fs::read_to_string(&reference).unwrap();
    let (one, two) = (dir.path().join("one"), dir.path().join("two"));
    std::fs::create_dir(&one).unwrap();
    std::fs::create_dir(&two).unwrap();
    let file = one.join("game.sgf");
    let second = two.join("also.sgf");
    let read_copy = dir.path().join("read.sgf");
    std::fs::write(&file, &old).unwrap();
    std::fs::hard_link(&file, &second).unwrap();
    let journals = data.join("journals");
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    let (mut olds, mut news, mut finished, mut cut, mut left) = (0, 0, 0, 0, 0);
    for round in 0..30 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let mut child = kifu()
            .arg("convert")
            .arg(&input)
            .arg("-o")
            .arg(&file)
            .spawn()
            .unwrap();
        if round % 2 == 0 {
            std::thread::sleep(std::time::Duration::from_micros(
                took / 2 + x % (took * 6 / 10),
            ));
        } else {
            // The moment of danger: the journal is there and the file
            // is being written in place.
            let until = std::time::Instant::now() + std::time::Duration::from_secs(10);
            while !journal_in(&journals) && std::time::Instant::now() < until {
                std::hint::spin_loop();
            }
            // Then a moment more, to land inside the write in place.
            std::thread::sleep(std::time::Duration::from_micros(x % (took / 8 + 1)));
        }
        let _ = child.kill();
        let _ = child.wait();
        let before = std::fs::read(&file).unwrap();
        if before != old.as_bytes() && before != new.as_bytes() {
            cut += 1;
        }
        if journal_in(&journals) {
            left += 1;
        }
        let read = kifu()
            .arg("convert")
            .arg(&second)
            .arg("-o")
            .arg(&read_copy)
            .output()
            .unwrap();
        assert!(read.status.success(), "round {round}: {read:?}");
        assert!(
            std::fs::read(&file).unwrap() == before,
            "round {round}: a read wrote"
        );
        let read_games = games_of(&std::fs::read(&read_copy).unwrap());
        let edit = kifu()
            .arg("--plain")
            .arg(&second)
            .stdout(std::process::Stdio::piped())
            .output()
            .unwrap();
        assert!(edit.status.success(), "round {round}: {edit:?}");
        // Line mode says it as its first line.
        if String::from_utf8_lossy(&edit.stdout).contains("finished it") {
            finished += 1;
        }
        let now = std::fs::read_to_string(&file).unwrap();
        assert_eq!(now, std::fs::read_to_string(&second).unwrap());
        assert!(
            read_games == games_of(now.as_bytes()),
            "round {round}: read another game"
        );
        if now == old {
            olds += 1;
        } else {
            assert!(
                now == new,
                "round {round}: neither the old nor the new game"
            );
            news += 1;
            std::fs::write(&file, &old).unwrap();
        }
    }
    println!(
        "killed saves: {olds} left the old game, {news} the new one; {left} left a journal ({cut} of them a cut file), each read whole from it and finished when opened to edit ({finished})"
    );
    assert_eq!(left, finished);
    assert!(!journal_in(&journals));
    assert!(names_in(&one) == ["game.sgf"] && names_in(&two) == ["also.sgf"]);
}

fn journal_in(dir: &Path) -> bool {
    std::fs::read_dir(dir).is_ok_and(|r| {
        r.flatten()
            .any(|e| e.file_name().to_string_lossy().ends_with(".saving"))
    })
}

/// A root-owned 0644 file in another user's folder: that user could
/// rename over it, but it is not theirs to write, so kifu refuses.
#[test]
#[ignore]
fn a_file_the_user_may_not_write_is_not_replaced() {
    if !is_root() || Command::new("setpriv").arg("--version").output().is_err() {
        crate::common::skipped("needs root and setpriv to run kifu as another user");
        return;
    }
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let theirs = dir.path().join("theirs");
    std::fs::create_dir(&theirs).unwrap();
    std::os::unix::fs::chown(&theirs, Some(65534), Some(65534)).unwrap();
    let input = dir.path().join("in.sgf");
    std::fs::write(&input, game_of(10, 'b')).unwrap();
    let roots = theirs.join("root.sgf");
    std::fs::write(&roots, "(;GM[1]C[root's])").unwrap();
    let out = Command::new("setpriv")
        .args([
            "--reuid=65534",
            "--regid=65534",
            "--clear-groups",
            kifu_bin(),
        ])
        .arg("convert")
        .arg(&input)
        .arg("-o")
        .arg(&roots)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("not yours to write"), "{err}");
    assert_eq!(
        std::fs::read_to_string(&roots).unwrap(),
        "(;GM[1]C[root's])"
    );
}

use kifu::app::{Action, App, Effect, Mode, Question};
use kifu::keeper::{Flow, Keeper};

/// A game read from `file` as `kifu FILE` opens it, with its keeper (the
/// autosave in `data`).
fn opened(file: &Path, data: &Path) -> (App, Keeper) {
    let f = kifu::storage::read_sgf(file).unwrap();
    let (mut rec, source) = kifu::app::Source::from_file(f, 1).unwrap();
    rec.to_end();
    common::opened_from(rec, source, file, data)
}

/// Ctrl-S over a file another program changed since kifu read it asks:
/// `o` overwrites, `a` saves beside it, `r` reloads it and keeps this
/// session's version as a discarded session; any other key cancels.
#[test]
fn a_file_changed_on_disk_is_not_overwritten_without_a_question() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let file = dir.path().join("game.sgf");
    std::fs::write(&file, "(;GM[1]SZ[9];B[ee])").unwrap();
    let (mut a, mut k) = opened(&file, &data);
    common::through(&mut k, &mut a, Action::Pass);
    let theirs = "(;GM[1]SZ[9]C[edited elsewhere];B[ee];W[cc])";
    std::fs::write(&file, theirs).unwrap();
    assert_eq!(
        common::through(&mut k, &mut a, Action::Save),
        Flow::Continue
    );
    assert!(
        matches!(a.mode(), Mode::Ask(Question::Changed(..))),
        "{:?} {:?}",
        a.mode(),
        a.message()
    );
    let msg = a.message().clone().unwrap_or_default();
    assert!(
        msg.contains("changed on disk") && msg.contains("r reloads"),
        "{msg}"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), theirs);
    // Any other key cancels.
    assert_eq!(a.act(Action::Input('x')), Effect::None);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), theirs);
    // `a`: a new file beside it, the changed one untouched.
    common::through(&mut k, &mut a, Action::Save);
    common::through(&mut k, &mut a, Action::Input('a'));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), theirs);
    assert!(dir.path().join("game-kifu.sgf").exists());
    // Saved there, the game's file is now the new one: no question.
    a.update(Action::Pass);
    common::through(&mut k, &mut a, Action::Save);
    assert!(!matches!(a.mode(), Mode::Ask(_)), "{:?}", a.message());
}

#[test]
fn reloading_a_changed_file_keeps_this_sessions_version() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let file = dir.path().join("game.sgf");
    std::fs::write(&file, "(;GM[1]SZ[9];B[ee])").unwrap();
    let (mut a, mut k) = opened(&file, &data);
    common::through(&mut k, &mut a, Action::Pass);
    std::fs::write(&file, "(;GM[1]SZ[9];B[ee];W[cc];B[gg])").unwrap();
    common::through(&mut k, &mut a, Action::Save);
    let e = a.act(Action::Input('r'));
    assert!(matches!(e, Effect::Reload(..)));
    a.update(Action::Cancel);
    common::through(&mut k, &mut a, Action::Save);
    common::through(&mut k, &mut a, Action::Input('r'));
    assert_eq!(a.record().move_number(), 3, "the file as it is on disk");
    assert!(!a.dirty());
    assert!(
        a.message()
            .clone()
            .unwrap_or_default()
            .contains("kifu --recover")
    );
    let kept = kifu::storage::recoverable(&data);
    assert_eq!(kept.len(), 1, "this session's version is kept");
    let f = kifu::storage::read_sgf(&kept[0].0).unwrap();
    let mut r = f.game(1).unwrap().record.clone();
    r.to_end();
    assert_eq!(r.move_number(), 2);
    // `o` overwrites, and a save that follows no other change is quiet.
    a.update(Action::Pass);
    std::fs::write(&file, "(;GM[1]SZ[9])").unwrap();
    common::through(&mut k, &mut a, Action::Save);
    common::through(&mut k, &mut a, Action::Input('o'));
    assert!(std::fs::read_to_string(&file).unwrap().contains("W[cc]"));
    a.update(Action::Pass);
    common::through(&mut k, &mut a, Action::Save);
    assert!(!matches!(a.mode(), Mode::Ask(_)), "{:?}", a.message());
}

/// A file made by someone else under the new game's name after kifu
/// started is not replaced unasked; a touch that changed nothing is no
/// conflict.
#[test]
fn a_file_made_or_touched_since_kifu_started() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let file = dir.path().join("new.sgf");
    let mut a = App::new(
        kifu::game::record::GameRecord::new(9, kifu::game::rules::Rules::chinese()).unwrap(),
        Some(file.clone()),
    );
    let mut k = common::keeper(&mut a, Some(data.clone()));
    a.update(Action::Play);
    std::fs::write(&file, "(;GM[1]C[someone else's])").unwrap();
    common::through(&mut k, &mut a, Action::Save);
    assert!(
        a.message()
            .clone()
            .unwrap_or_default()
            .contains("made by another program")
    );
    assert_eq!(a.act(Action::Cancel), Effect::None);
    std::fs::remove_file(&file).unwrap();
    common::through(&mut k, &mut a, Action::Save);
    assert!(std::fs::read_to_string(&file).unwrap().contains("B[ee]"));
    // Touched, the same bytes: saved without a question.
    let later = std::time::SystemTime::now() + std::time::Duration::from_secs(5);
    std::fs::File::options()
        .write(true)
        .open(&file)
        .unwrap()
        .set_modified(later)
        .unwrap();
    a.update(Action::Pass);
    common::through(&mut k, &mut a, Action::Save);
    assert!(!matches!(a.mode(), Mode::Ask(_)), "{:?}", a.message());
    assert!(std::fs::read_to_string(&file).unwrap().contains("W[]"));
}

/// A tree of 50,000 variations from the root: memory follows the file (a
/// branch's position is kept once, small, not a board per variation:
/// about 300 MB before, 26 MB now). Measured by /usr/bin/time; skipped
/// without it.
#[test]
fn memory_follows_the_file_not_the_variations() {
    if !Path::new("/usr/bin/time").exists() {
        crate::common::skipped("no /usr/bin/time to measure the peak");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("variations.sgf");
    let cols = b"abcdefghijklmnopqrs";
    let mut text = String::from("(;GM[1]FF[4]SZ[19]");
    for i in 0..50_000 {
        let (x, y) = (cols[i % 19] as char, cols[(i / 19) % 19] as char);
        text.push_str(&format!("(;B[{x}{y}])"));
    }
    text.push(')');
    std::fs::write(&f, text).unwrap();
    let out = Command::new("/usr/bin/time")
        .arg("-v")
        .arg(kifu_bin())
        .arg("show")
        .arg(&f)
        .output()
        .unwrap();
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    let peak_kb: u64 = err
        .lines()
        .find_map(|l| {
            l.trim()
                .strip_prefix("Maximum resident set size (kbytes): ")
        })
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(u64::MAX);
    assert!(peak_kb < 100_000, "peak {peak_kb} kB for a 400 kB file");
}

/// A full disk is said with the file's name: the output of `kifu score`
/// sent to a file, and a file `kifu convert` writes.
#[test]
#[ignore]
fn a_full_disk_is_said_with_the_files_name() {
    let Some(disk) = SmallDisk::mount(64) else {
        crate::common::skipped("needs root and mount to make a small disk");
        return;
    };
    let _ = std::fs::write(disk.path("fill"), vec![0u8; 64 * 1024]);
    let sample = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/9x9-finished.sgf");
    let out = std::fs::File::create(disk.path("out.txt"));
    if let Ok(out) = out {
        let run = Command::new(kifu_bin())
            .args(["score", sample, sample, sample])
            .stdout(out)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&run.stderr);
        assert!(!run.status.success());
        assert!(
            err.contains(&format!("to {}", disk.path("out.txt").display())),
            "{err}"
        );
    }
    let run = Command::new(kifu_bin())
        .args(["convert", sample, "-o"])
        .arg(disk.path("x.sgf"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(err.contains("x.sgf not saved (is the disk full?)"), "{err}");
}

/// An earlier session's autosave that cannot be read is said, put aside
/// (listed by `kifu --recover`), and not offered again.
#[test]
fn a_corrupt_autosave_is_said_and_put_aside() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let file = dir.path().join("club.sgf");
    let new_app = || {
        App::new(
            kifu::game::record::GameRecord::new(9, kifu::game::rules::Rules::chinese()).unwrap(),
            Some(file.clone()),
        )
    };
    let mut a = new_app();
    let mut k = common::keeper(&mut a, Some(data.clone()));
    common::through(&mut k, &mut a, Action::Play);
    let autosave = k.autosave_path().unwrap().to_path_buf();
    drop(k);
    let garbage: Vec<u8> = (0..4000u32).map(|i| (i * 7919 % 251) as u8).collect();
    std::fs::write(&autosave, garbage).unwrap();
    let mut b = new_app();
    let _k = common::keeper(&mut b, Some(data.clone()));
    let msg = b.message().clone().unwrap_or_default();
    assert!(
        msg.contains("could not be read") && msg.contains("kifu --recover"),
        "{msg}"
    );
    assert_eq!(*b.mode(), Mode::Record);
    assert_eq!(kifu::storage::recoverable(&data).len(), 1);
    let mut c = new_app();
    let _k = common::keeper(&mut c, Some(data.clone()));
    assert!(
        c.message()
            .as_deref()
            .is_none_or(|m| !m.contains("could not be read"))
    );
}

/// The canonical text of every game of a file as kifu reads it (what a
/// save must keep).
/// A journal beside `file` and in kifu's data folder that is not its own:
/// an interrupted save's, made for other content of the same inode.
fn plant_stale_journal(file: &Path, data: &Path) {
    use std::os::unix::fs::MetadataExt;
    let m = std::fs::metadata(file).unwrap();
    let stale = "(;GM[1]SZ[9]C[an interrupted save of other content];B[aa])";
    let proof = format!(
        "kifu-journal 2 {} {} 9 {}\n(;GM[1]C[{stale}",
        m.dev(),
        m.ino(),
        stale.len()
    );
    let beside = file.with_file_name(format!(".kifu-{}.saving", m.ino()));
    std::fs::write(beside, stale).unwrap();
    let central = data.join("journals");
    std::fs::create_dir_all(&central).unwrap();
    std::fs::write(
        central.join(format!("{}-{}.saving", m.dev(), m.ino())),
        proof,
    )
    .unwrap();
}

fn games_of(bytes: &[u8]) -> Vec<Option<String>> {
    kifu::sgf::read_bytes(bytes)
        .games
        .iter()
        .map(|g| g.as_ref().ok().map(|g| kifu::sgf::to_sgf(&g.record)))
        .collect()
}

/// The text outside the game trees of a file: before each game, then
/// after the last (what a save must write back).
fn outside_of(bytes: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    let facts = kifu::sgf::split_each(bytes.to_vec(), kifu::i18n::Lang::En, &mut |_, t, _| {
        out.push(t.before().to_string());
    });
    out.push(facts.after);
    out
}

/// The safety report: every SGF of ../shared/data but the two big KGS
/// sets (every tenth of the 2017 markup set), and hostile files, put
/// through what a user does: `score` and `show` (which never write),
/// `convert F -o F` (which writes only what it fully read, and then the
/// same games), `convert` onto a read-only file (refused) and onto a
/// hard-linked file (both names see it). Beside every file lies a journal
/// that is not its own (an interrupted save's, of other content): no
/// command may apply it. Text outside the game trees must survive
/// `convert F -o F`. Counts the files changed that should not be, and the
/// games (or texts outside them) lost: both must be 0.
///
/// cargo test --test it save_safety::report -- --ignored --nocapture
#[test]
#[ignore]
fn report_files_changed_that_should_not_be() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    if !data.is_dir() {
        crate::common::skipped("../shared/data is not there");
        return;
    }
    let mut files: Vec<PathBuf> = crate::common::sgf_files_under(&data, true)
        .into_iter()
        .filter(|p| !p.to_string_lossy().contains("kgs-archive"))
        .enumerate()
        .filter(|(i, p)| !p.to_string_lossy().contains("kgs-2017q1-markup") || i % 10 == 0)
        .map(|(_, p)| p)
        .collect();
    let dir = tempfile::tempdir().unwrap();
    // Hostile files: binary data, a README renamed .sgf, a cut game.
    let hostile = [
        (0..9000u32)
            .map(|i| (i * 7919 % 251) as u8)
            .collect::<Vec<u8>>(),
        "# kifu\n\nA README (;B[aa]) renamed.\n"
            .repeat(40)
            .into_bytes(),
        b"(;GM[1]SZ[19];B[pd];W[dp];B[pp]C[cut here".to_vec(),
        // A mail with a game and notes after it, kept on save.
        format!(
            "From: a club\n\n(;GM[1]SZ[9];B[ee];W[cc])\nnotes\n(;GM[1]SZ[9];B[aa])\n{}",
            "# Notes\n".repeat(2000)
        )
        .into_bytes(),
    ];
    for (i, b) in hostile.iter().enumerate() {
        let p = dir.path().join(format!("hostile-{i}.sgf"));
        std::fs::write(&p, b).unwrap();
        files.push(p);
    }
    let (mut changed, mut lost, mut converted, mut refused) = (Vec::new(), 0usize, 0usize, 0usize);
    let data = dir.path().join("data");
    let run = |args: &[&std::ffi::OsStr]| {
        Command::new(kifu_bin())
            .env("KIFU_DATA_DIR", &data)
            .args(args)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    // Commands that only read: `score` over all of them at once, `show`
    // on each.
    let copies: Vec<(PathBuf, Vec<u8>)> = files
        .iter()
        .enumerate()
        .filter_map(|(n, f)| {
            let orig = std::fs::read(f).ok()?;
            let work = dir.path().join(format!("{n}.sgf"));
            std::fs::write(&work, &orig).ok()?;
            plant_stale_journal(&work, &data);
            Some((work, orig))
        })
        .collect();
    let mut score = vec!["score".as_ref()];
    score.extend(copies.iter().map(|(w, _)| w.as_os_str()));
    run(&score);
    for (n, (work, orig)) in copies.iter().enumerate() {
        let f = &files[n];
        let w = work.as_os_str();
        run(&["show".as_ref(), w]);
        if std::fs::read(work).unwrap() != *orig {
            changed.push(format!("{} (by score or show)", f.display()));
            continue;
        }
        // A save over itself: refused unchanged, or the same games.
        if run(&["convert".as_ref(), w, "-o".as_ref(), w]) {
            converted += 1;
            let now = std::fs::read(work).unwrap();
            let before = games_of(orig);
            let after = games_of(&now);
            if before.len() != after.len()
                || before
                    .iter()
                    .zip(&after)
                    .any(|(b, a)| b.is_some() && b != a)
            {
                lost += 1;
                changed.push(format!("{} (convert -o itself lost a game)", f.display()));
            }
            let kept = |o: Vec<String>| o.iter().map(|t| t.trim().to_string()).collect::<Vec<_>>();
            if kept(outside_of(orig)) != kept(outside_of(&now)) {
                lost += 1;
                changed.push(format!("{} (text outside the games lost)", f.display()));
            }
        } else {
            refused += 1;
            if std::fs::read(work).unwrap() != *orig {
                changed.push(format!("{} (a refused convert changed it)", f.display()));
            }
        }
        // Onto a read-only file: refused, unchanged.
        let ro = dir.path().join(format!("{n}-ro.sgf"));
        std::fs::write(&ro, "(;GM[1]C[keep])").unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o444)).unwrap();
        run(&["convert".as_ref(), w, "-o".as_ref(), ro.as_os_str()]);
        if std::fs::read_to_string(&ro).unwrap() != "(;GM[1]C[keep])" {
            changed.push(format!("{} (a read-only file was replaced)", ro.display()));
        }
        let _ = std::fs::remove_file(&ro);
        // Onto a hard-linked file: both names see the same new text.
        let (h1, h2) = (
            dir.path().join(format!("{n}-a.sgf")),
            dir.path().join(format!("{n}-b.sgf")),
        );
        std::fs::write(&h1, "(;GM[1])").unwrap();
        std::fs::hard_link(&h1, &h2).unwrap();
        run(&["convert".as_ref(), w, "-o".as_ref(), h1.as_os_str()]);
        if std::fs::read(&h1).unwrap() != std::fs::read(&h2).unwrap() {
            changed.push(format!("{} (hard links split)", h1.display()));
        }
        for p in [work, &h1, &h2] {
            let _ = std::fs::remove_file(p);
        }
    }
    println!(
        "safety report: {} files ({converted} converted over themselves, {refused} refused), {} files changed that should not be, {lost} games lost",
        files.len(),
        changed.len()
    );
    for c in changed.iter().take(10) {
        println!("  {c}");
    }
    assert!(changed.is_empty() && lost == 0);
}

/// A journal that does not prove its file is said once, on the first
/// read, and put aside among the discarded sessions (kept a week): the
/// next reads say nothing of it. Journals of files nobody opens again go
/// after ninety days, at the next start of the TUI.
#[test]
fn a_stale_journal_is_said_once_and_old_journals_are_pruned() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let file = dir.path().join("game.sgf");
    std::fs::write(&file, "(;GM[1]SZ[9];B[ee];W[cc])").unwrap();
    plant_stale_journal(&file, &data);
    let show = || {
        let out = Command::new(env!("CARGO_BIN_EXE_kifu"))
            .env("KIFU_DATA_DIR", &data)
            .arg("show")
            .arg(&file)
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let first = show();
    assert!(
        first.contains("does not match") && first.contains("kept a week"),
        "{first}"
    );
    // The one beside the file is found next, and put aside too.
    let second = show();
    let third = show();
    assert!(
        !third.contains("does not match"),
        "said again: {second} / {third}"
    );
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "(;GM[1]SZ[9];B[ee];W[cc])"
    );
    let aside = std::fs::read_dir(data.join("discarded")).unwrap().count();
    assert!(aside >= 1);
    // An old journal in the data folder goes at the next start.
    let journals = data.join("journals");
    std::fs::create_dir_all(&journals).unwrap();
    let old = journals.join("1-2.saving");
    std::fs::write(&old, "kifu-journal 2 1 2 0 0\n").unwrap();
    let young = journals.join("1-3.saving");
    std::fs::write(&young, "kifu-journal 2 1 3 0 0\n").unwrap();
    let long_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(91 * 24 * 3600);
    std::fs::File::options()
        .write(true)
        .open(&old)
        .unwrap()
        .set_modified(long_ago)
        .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .env("KIFU_DATA_DIR", &data)
        .args(["--plain"])
        .arg(&file)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!old.exists(), "a journal of ninety days is pruned");
    assert!(young.exists(), "a young one stays");
}
