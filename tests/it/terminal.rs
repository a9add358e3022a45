//! The TUI in a real terminal (tmux), for what only a terminal shows:
//! bracketed paste, the recovery prompt after a quit without saving, a
//! binary file refused before the screen opens. Ignored by default (it
//! needs tmux); skips cleanly without it. `.ci/run` runs it when tmux is
//! there.
//!
//! cargo test --release --test terminal -- --ignored

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

pub(crate) struct Tmux {
    socket: String,
}

impl Tmux {
    pub(crate) fn start(cmd: &str) -> Option<Tmux> {
        static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let socket = format!("kifu-test-{}-{n}", std::process::id());
        let ok = Command::new("tmux")
            .args([
                "-L",
                &socket,
                "new-session",
                "-d",
                "-x",
                "80",
                "-y",
                "24",
                cmd,
            ])
            .status()
            .is_ok_and(|s| s.success());
        ok.then_some(Tmux { socket })
    }

    fn tmux(&self, args: &[&str]) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .stderr(std::process::Stdio::null())
            .status();
    }

    pub(crate) fn screen(&self) -> String {
        Command::new("tmux")
            .args(["-L", &self.socket, "capture-pane", "-p"])
            .output()
            .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
            .unwrap_or_default()
    }

    /// Waits (at most 10 s) until the screen shows `text`.
    pub(crate) fn wait_for(&self, text: &str) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if s.contains(text) || start.elapsed() > Duration::from_secs(10) {
                return s;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    pub(crate) fn keys(&self, keys: &[&str]) {
        for k in keys {
            self.tmux(&["send-keys", k]);
            std::thread::sleep(Duration::from_millis(60));
        }
    }

    fn paste(&self, text: &str) {
        self.tmux(&["set-buffer", text]);
        self.tmux(&["paste-buffer", "-p"]);
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.tmux(&["kill-server"]);
    }
}

pub(crate) fn have_tmux() -> bool {
    Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success())
}

fn kifu_cmd(data: &Path, file: &Path) -> String {
    format!(
        "env KIFU_DATA_DIR={} KIFU_CONFIG_DIR={} {} {}",
        data.display(),
        data.join("config").display(),
        env!("CARGO_BIN_EXE_kifu"),
        file.display()
    )
}

#[test]
#[ignore]
fn paste_recovery_and_a_binary_file_in_a_real_terminal() {
    if !have_tmux() {
        crate::common::skipped("no tmux");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let file = dir.path().join("club.sgf");

    // A paste is text in the command line, and a line break in it does
    // not press Enter; in record mode a paste is refused.
    let t = Tmux::start(&kifu_cmd(&data, &file)).unwrap();
    t.wait_for("club.sgf");
    t.paste("pq");
    let s = t.wait_for("paste ignored");
    assert!(s.contains("Move 0"), "{s}");
    t.keys(&[":"]);
    t.paste("play Q16\nq!\n");
    let s = t.wait_for(":play Q16_");
    assert!(s.contains(":play Q16_"), "{s}");
    t.keys(&["Enter"]);
    let s = t.wait_for("Move 1");
    assert!(s.contains("Last: Black Q16"), "{s}");
    // Quit without saving: the autosave stays.
    t.keys(&["q"]);
    t.wait_for("quit anyway");
    t.keys(&["y"]);
    drop(t);
    assert!(!file.exists());

    // The next start offers it; a typed `d4` does not discard it.
    let mut t = Tmux::start(&kifu_cmd(&data, &file)).unwrap();
    let s = t.wait_for("Unsaved session found (1 moves)");
    assert!(s.contains("r recover, d discard"), "{s}");
    t.keys(&["d", "4", "Enter"]);
    let s = t.wait_for("Unsaved session found");
    assert!(s.contains("Move 0"), "{s}");
    // q, Esc and Ctrl-C mean "not now": the file as it is on disk, the
    // autosave offered again at the next start.
    for key in ["q", "Escape", "C-c"] {
        t.keys(&[key]);
        let s = t.wait_for("not now");
        assert!(s.contains("Move 0"), "{key}: {s}");
        drop(t);
        t = Tmux::start(&kifu_cmd(&data, &file)).unwrap();
        t.wait_for("Unsaved session found (1 moves)");
    }
    t.keys(&["r"]);
    let s = t.wait_for("recovered");
    assert!(s.contains("Move 1"), "{s}");
    t.keys(&["C-s"]);
    t.wait_for("saved");
    drop(t);
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(saved.contains(";B[pd]"), "{saved}");

    // A binary file is refused before the board opens, and left alone.
    let bin = dir.path().join("x.bin");
    let bytes: Vec<u8> = (0..50_000u32).map(|i| (i * 7919 % 251) as u8).collect();
    std::fs::write(&bin, &bytes).unwrap();
    let t = Tmux::start(&format!("{}; sleep 5", kifu_cmd(&data, &bin))).unwrap();
    let s = t.wait_for("not an SGF game record");
    assert!(s.contains("binary data"), "{s}");
    t.keys(&["C-s"]);
    drop(t);
    assert_eq!(std::fs::read(&bin).unwrap(), bytes);
}

/// Line mode on a real pty (`script`): a prompt, one line per event, and
/// not one escape byte; under tmux (TERM=xterm) no alternate screen.
#[test]
#[ignore]
fn line_mode_on_a_terminal_writes_no_escape_sequence() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let file = dir.path().join("new.sgf");
    let have_script = have_script();
    if have_script {
        let cmd = format!(
            "env KIFU_DATA_DIR={} KIFU_CONFIG_DIR={} TERM=xterm {} --plain {}",
            data.display(),
            data.display(),
            env!("CARGO_BIN_EXE_kifu"),
            file.display()
        );
        let mut child = Command::new("script")
            .args(["-qfec", &cmd, "/dev/null"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        {
            use std::io::Write;
            let mut stdin = child.stdin.take().unwrap();
            for l in ["d4", "q16", "pass", "w", "q"] {
                std::thread::sleep(Duration::from_millis(150));
                let _ = writeln!(stdin, "{l}");
            }
        }
        let out = child.wait_with_output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(!text.contains('\u{1b}'), "{text:?}");
        assert!(text.contains("kifu> "), "a prompt on a terminal: {text}");
        for want in ["Black D4", "White Q16", "Black passes", "saved"] {
            assert!(text.contains(want), "{want} in {text}");
        }
    } else {
        crate::common::skipped("the pty part: no script(1)");
    }
    if !have_tmux() {
        crate::common::skipped("the tmux part: no tmux");
        return;
    }
    let t = Tmux::start(&format!(
        "env TERM=xterm KIFU_DATA_DIR={} {} --plain {}",
        data.display(),
        env!("CARGO_BIN_EXE_kifu"),
        dir.path().join("other.sgf").display()
    ))
    .unwrap();
    t.wait_for("kifu line mode");
    t.keys(&["d4", "Enter"]);
    let s = t.wait_for("Black D4");
    assert!(s.contains("Black D4"), "{s}");
    let alt = Command::new("tmux")
        .args(["-L", &t.socket, "display", "-p", "#{alternate_on}"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default();
    assert_eq!(alt, "0", "no alternate screen");
    t.keys(&["q!", "Enter"]);
}

/// `kifu score` draws a progress bar on a terminal (a pty, through
/// script(1)) and nothing of the kind in a pipe.
#[test]
#[ignore]
fn the_progress_bar_shows_on_a_terminal_only() {
    let have_script = have_script();
    if !have_script {
        crate::common::skipped("no script(1)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/samples/19x19-handicap.sgf"
    ))
    .unwrap();
    let mut names = Vec::new();
    for i in 0..300 {
        let p = dir.path().join(format!("g{i:03}.sgf"));
        std::fs::write(&p, &text).unwrap();
        names.push(p.display().to_string());
    }
    // A terminal 72 columns wide: the bar keeps to one line of it.
    let cmd = format!(
        "stty cols 72 rows 24; {} score --dead auto -j 1 {} > /dev/null",
        env!("CARGO_BIN_EXE_kifu"),
        names.join(" ")
    );
    let out = Command::new("script")
        .args(["-qfec", &cmd, "/dev/null"])
        .output()
        .unwrap();
    let tty = String::from_utf8_lossy(&out.stdout);
    assert!(tty.contains("/300 files"), "a bar on the terminal: {tty:?}");
    // Each drawing of the bar, escape sequences left out, fits the width.
    for frame in tty.split(['\r', '\n']) {
        let mut visible = String::new();
        let mut chars = frame.chars();
        while let Some(c) = chars.next() {
            if c == '\u{1b}' {
                // CSI: up to the final letter.
                for d in chars.by_ref() {
                    if d.is_ascii_alphabetic() {
                        break;
                    }
                }
            } else {
                visible.push(c);
            }
        }
        if visible.contains("files") {
            assert!(
                visible.chars().count() <= 72,
                "{} columns: {visible:?}",
                visible.chars().count()
            );
        }
    }
    // The files the bar counts are files finished: never fewer than the
    // games counted (one game a file here).
    for frame in tty.split(['\r', '\n']) {
        let Some((files, rest)) = frame.split_once("/300 files, ") else {
            continue;
        };
        let files: usize = files
            .rsplit(|c: char| !c.is_ascii_digit())
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
        let counted: usize = rest
            .split(|c: char| !c.is_ascii_digit())
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
        assert!(
            files >= counted,
            "{files} files, {counted} counted: {frame:?}"
        );
    }
    // Standard output into a pipe on the same terminal (a pager): no bar
    // drawn over it.
    let cmd = format!(
        "stty cols 72 rows 24; {} score --dead auto -j 1 {} | cat > /dev/null",
        env!("CARGO_BIN_EXE_kifu"),
        names.join(" ")
    );
    let out = Command::new("script")
        .args(["-qfec", &cmd, "/dev/null"])
        .output()
        .unwrap();
    let tty = String::from_utf8_lossy(&out.stdout);
    assert!(!tty.contains("files,"), "a bar over the pager: {tty:?}");
    // In a pipe: the same run, no bar.
    let piped = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["score", "--dead", "auto", "-j", "1"])
        .args(&names)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&piped.stderr);
    assert!(!err.contains("files,") && !err.contains('\u{1b}'), "{err}");
}

/// After the passes, in a real terminal: confirmation play on bent four in
/// the corner
/// under Japanese rules. Black takes the ko, White's retake is refused with
/// the article named, Black captures, and Esc carries the verdict (the
/// white group dead) into count mode; the saved game has none of the
/// confirmation moves.
#[test]
#[ignore]
fn confirmation_play_in_a_real_terminal() {
    if !have_tmux() {
        crate::common::skipped("no tmux");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let file = dir.path().join("corner.sgf");
    std::fs::write(
        &file,
        "(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese]\
         AB[da][db][cc][dc][cd][ae][be][ce][ag][bg][cg][dg][eg][fg][gg][hg][ig]\
         AW[ca][bb][cb][bc][ad][bd][ah][bh][ch][dh][eh][fh][gh][hh][ih])",
    )
    .unwrap();
    let t = Tmux::start(&kifu_cmd(&data, &file)).unwrap();
    t.wait_for("corner.sgf");
    for cmd in ["pass", "pass"] {
        t.keys(&[":"]);
        t.keys(&[cmd, "Enter"]);
    }
    t.wait_for("COUNT");
    t.keys(&["C"]);
    let s = t.wait_for("CONFIRMATION PLAY");
    assert!(s.contains("not recorded"), "{s}");
    for mv in ["A8", "A9", "B9"] {
        t.keys(&[":"]);
        t.keys(&[mv, "Enter"]);
    }
    let s = t.wait_for("takes the ko");
    assert!(s.contains("takes the ko"), "{s}");
    t.keys(&[":"]);
    t.keys(&["A9", "Enter"]);
    let s = t.wait_for("art. 7-2");
    assert!(s.contains("may not be retaken"), "{s}");
    for mv in ["G1", "A7"] {
        t.keys(&[":"]);
        t.keys(&[mv, "Enter"]);
    }
    let s = t.wait_for("captures 6");
    assert!(s.contains("captures 6"), "{s}");
    t.keys(&["Escape"]);
    let s = t.wait_for("dead");
    assert!(s.contains("captured the 6 white stones"), "{s}");
    assert!(!s.contains("CONFIRMATION PLAY"), "{s}");
    t.keys(&["C-s"]);
    t.wait_for("saved");
    drop(t);
    let saved = std::fs::read_to_string(&file).unwrap();
    for p in ["[ab]", "[aa]", "[ba]", "[ac]", "[gi]"] {
        assert!(!saved.contains(p), "confirmation move {p} saved: {saved}");
    }
    assert!(saved.contains("B[]") || saved.contains("B[tt]"), "{saved}");
}

/// Whether script(1) is there, to run kifu on a pty.
fn have_script() -> bool {
    Command::new("script")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Runs kifu on a pty (script(1)) with these environment settings and
/// lines typed, and returns every byte it wrote; None without script(1).
fn on_a_pty(env: &str, args: &str, lines: &[&str]) -> Option<String> {
    let have_script = have_script();
    if !have_script {
        crate::common::skipped("no script(1)");
        return None;
    }
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let cmd = format!(
        "env KIFU_DATA_DIR={} KIFU_CONFIG_DIR={} {env} {} {args}",
        data.display(),
        dir.path().display(),
        env!("CARGO_BIN_EXE_kifu"),
    );
    let mut child = Command::new("script")
        .args(["-qfec", &cmd, "/dev/null"])
        .current_dir(dir.path())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        for l in lines {
            std::thread::sleep(Duration::from_millis(300));
            let _ = stdin.write_all(l.as_bytes());
        }
        std::thread::sleep(Duration::from_millis(300));
    }
    // A kifu still running after this is a failure to quit: ended, so the
    // test fails on what it shows instead of hanging.
    let start = Instant::now();
    while child.try_wait().ok().flatten().is_none() && start.elapsed() < Duration::from_secs(15) {
        std::thread::sleep(Duration::from_millis(100));
    }
    let _ = child.kill();
    let out = child.wait_with_output().unwrap();
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// TERM=dumb cannot show the board: line mode, said so, no escape byte.
#[test]
#[ignore]
fn a_dumb_terminal_gets_line_mode() {
    let Some(text) = on_a_pty("TERM=dumb", "new.sgf", &["d4\n", "q!\n"]) else {
        return;
    };
    assert!(text.contains("line mode instead"), "{text:?}");
    assert!(text.contains("Black D4"), "{text:?}");
    assert!(!text.contains('\u{1b}'), "{text:?}");
}

/// The board asks the terminal for button clicks (1000/1002, SGR 1006),
/// never any-motion tracking (1003), so text can still be selected over
/// SSH; `mouse = false` in the configuration asks for none.
#[test]
#[ignore]
fn the_mouse_is_asked_for_clicks_only_and_can_be_turned_off() {
    let Some(text) = on_a_pty("TERM=xterm", "new.sgf", &["\u{3}"]) else {
        return;
    };
    assert!(text.contains("\u{1b}[?1002h"), "{text:?}");
    assert!(text.contains("\u{1b}[?1006h"), "{text:?}");
    assert!(!text.contains("\u{1b}[?1003h"), "{text:?}");
    assert!(
        text.contains("\u{1b}[?1002l"),
        "the mode is cleared at the end"
    );
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("config.toml"), "mouse = false\n").unwrap();
    let env = format!("TERM=xterm KIFU_CONFIG_DIR={}", dir.path().display());
    let Some(text) = on_a_pty(&env, "new.sgf", &["\u{3}"]) else {
        return;
    };
    assert!(!text.contains("\u{1b}[?1000h"), "{text:?}");
    assert!(
        text.contains("\u{1b}[?2004h"),
        "bracketed paste stays: {text:?}"
    );
}

/// The move number the panel shows ("Move 164"), if any.
fn move_shown(screen: &str) -> Option<usize> {
    let at = screen.find("Move ")? + "Move ".len();
    let digits: String = screen[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// The moves in the newest autosave of the data folder.
fn moves_autosaved(data: &Path) -> usize {
    let mut newest: Option<(std::time::SystemTime, std::path::PathBuf)> = None;
    for e in std::fs::read_dir(data.join("autosave")).unwrap().flatten() {
        let p = e.path();
        let t = e.metadata().and_then(|m| m.modified()).ok();
        if p.extension().is_some_and(|x| x == "sgf")
            && let Some(t) = t
            && newest.as_ref().is_none_or(|(n, _)| t > *n)
        {
            newest = Some((t, p));
        }
    }
    let Some((_, p)) = newest else { return 0 };
    let f = kifu::storage::read_sgf(&p).unwrap();
    let mut r = f.game(1).unwrap().record.clone();
    r.to_end();
    r.move_number()
}

/// kifu killed (SIGKILL) at random moments while moves are entered as
/// fast as a person can: every move the screen showed is in the autosave,
/// and the next start recovers it.
#[test]
#[ignore]
fn a_move_on_screen_is_always_in_the_autosave() {
    if !have_tmux() {
        crate::common::skipped("no tmux");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let file = dir.path().join("fast.sgf");
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = |n: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % n
    };
    let mut checked = 0;
    let trials = std::env::var("KIFU_KILLS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(16);
    for trial in 0..trials {
        let t = Tmux::start(&kifu_cmd(&data, &file)).unwrap();
        t.tmux(&["set-option", "-g", "remain-on-exit", "on"]);
        if trial > 0 {
            t.wait_for("Unsaved session found");
            t.keys(&["r"]);
            t.wait_for("recovered");
        } else {
            t.wait_for("fast.sgf");
        }
        let pid = Command::new("tmux")
            .args(["-L", &t.socket, "display", "-p", "#{pane_pid}"])
            .output()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
            .unwrap();
        let moves: Vec<&str> = (0..40)
            .map(|_| ["Up", "Down", "Left", "Right"][next(4) as usize])
            .collect();
        let wait = Duration::from_millis(20 + next(400));
        let started = Instant::now();
        for m in moves {
            t.tmux(&["send-keys", m, "Space"]);
            if started.elapsed() > wait {
                break;
            }
        }
        let _ = Command::new("kill").args(["-9", &pid]).status();
        std::thread::sleep(Duration::from_millis(100));
        let shown = move_shown(&t.screen()).unwrap_or(0);
        let saved = moves_autosaved(&data);
        assert!(
            saved >= shown,
            "trial {trial}: move {shown} was on screen, the autosave holds {saved}"
        );
        checked += shown;
        drop(t);
    }
    println!("{trials} kills; {checked} moves were on screen at the kills, every one autosaved");
}

/// A class in two terminals: the teacher's board shared, a follower in
/// Chinese; the teacher's keys show on the follower's screen, the panel
/// counts the follower, and quitting tells it.
#[test]
#[ignore]
fn a_teacher_and_a_follower_in_two_terminals() {
    if !have_tmux() {
        crate::common::skipped("no tmux");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let game = dir.path().join("g.sgf");
    std::fs::write(&game, include_str!("../../samples/9x9-finished.sgf")).unwrap();
    let sock = dir.path().join("class.sock");
    let teacher = Tmux::start(&format!(
        "env KIFU_DATA_DIR={} KIFU_CONFIG_DIR={} {} --share {} {}",
        data.display(),
        data.join("config").display(),
        env!("CARGO_BIN_EXE_kifu"),
        sock.display(),
        game.display()
    ))
    .unwrap();
    teacher.wait_for("Shared at");
    let student = Tmux::start(&format!(
        "env LANG=C.UTF-8 {} follow --lang zh-CN {}",
        env!("CARGO_BIN_EXE_kifu"),
        sock.display()
    ))
    .unwrap();
    let s = student.wait_for("直播");
    assert!(s.contains("直播"), "{s}");
    // (The panel's line wraps at 80 columns: "... class.sock: 1" then
    // "following".)
    let s = teacher.wait_for("class.sock: 1");
    assert!(s.contains("class.sock: 1"), "{s}");
    teacher.keys(&["c", "n"]);
    let s = student.wait_for("第一步");
    assert!(s.contains("第一步"), "{s}");
    assert!(s.contains("B+1.5"), "the teacher's result: {s}");
    // Left steps back through what was seen; End is live again.
    student.keys(&["Left"]);
    let s = student.wait_for("End");
    assert!(!s.contains("第一步"), "{s}");
    student.keys(&["End"]);
    student.wait_for("第一步");
    // The class could lose its screen: q asks first.
    teacher.keys(&["q"]);
    teacher.wait_for("quit anyway");
    teacher.keys(&["y"]);
    let s = student.wait_for("结束");
    assert!(s.contains("结束"), "{s}");
}
