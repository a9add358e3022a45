//! Sharing the screen (`kifu --share`, `kifu follow`): a follower draws
//! what the teacher draws, in its own language, over a real socket; the
//! teacher never waits for a follower, and a hostile one is dropped.

use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::net::UnixStream;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use kifu::app::key::{KeyCode, KeyEvent, KeyModifiers};
use kifu::app::{Action, App, Shown};
use kifu::i18n::Lang;
use kifu::share::wire::{self, Message};
use kifu::share::{Address, Feed, FeedEvent, ShareOptions, Teacher};

use crate::common::{screen, unicode};

fn game(text: &str) -> App {
    let file = kifu::sgf::read_text(text);
    let rec = file.games.into_iter().next().unwrap().unwrap().record;
    App::new(rec, None)
}

fn nine() -> App {
    let mut a = game(include_str!("../../samples/9x9-finished.sgf"));
    a.update(kifu::app::Action::End);
    a
}

fn key(a: &mut App, code: KeyCode) {
    a.update(Action::Key(KeyEvent::new(code, KeyModifiers::NONE)));
}

/// A presenter's session: count mode, both walkthroughs step by step,
/// the other side, the legend, presenting, a dead stone marked and taken
/// back, and back to recording.
fn presenter_keys() -> Vec<KeyCode> {
    use KeyCode::*;
    let mut keys = vec![Char('c')];
    keys.extend([Char('n'); 7]);
    keys.extend([Char('b'), Char('N'), Char('v')]);
    keys.extend([Char(' '); 6]);
    keys.extend([Char('L'), Esc, F(5), Char('n'), Char('2'), F(5), Char('0')]);
    keys.extend([Right, Up, Char('x'), Char('u'), Esc, Char('c'), Left, Left]);
    keys
}

/// What the line over the wire brings back.
fn over_the_wire(shown: Shown) -> Shown {
    let line = wire::encode(Message::State {
        seq: 1,
        shown: Box::new(shown),
    });
    match wire::decode(&line[..line.len() - 1]) {
        Ok(Message::State { shown, .. }) => *shown,
        other => panic!("not a state: {other:?}"),
    }
}

#[test]
fn a_follower_draws_what_the_teacher_draws_after_every_presenter_key_in_each_language() {
    let mut teacher = nine();
    let mut steps_seen = std::collections::BTreeSet::new();
    for k in presenter_keys() {
        key(&mut teacher, k);
        // The message line is the presenter's own (what a key did); the
        // follower's shows its own status.
        teacher.update(Action::Said);
        let shown = over_the_wire(teacher.shown());
        if let Some(c) = &shown.count {
            steps_seen.insert(format!("{:?} {:?}", c.view, c.step));
        }
        for lang in [Lang::En, Lang::ZhCn, Lang::De] {
            let follower = App::following(&shown, lang).unwrap();
            assert!(follower.counts_as_shown(&shown), "{k:?}: the count differs");
            teacher.set_lang(lang);
            for (w, h) in [(80, 24), (160, 50)] {
                assert_eq!(
                    screen(&follower, unicode(), w, h),
                    screen(&teacher, unicode(), w, h),
                    "after {k:?} in {lang:?} at {w}x{h}"
                );
            }
        }
        teacher.set_lang(Lang::En);
    }
    // Both walkthroughs were walked, every step of each.
    assert!(steps_seen.len() >= 12, "{steps_seen:?}");
}

#[test]
fn a_state_that_is_not_a_game_is_refused_with_its_reason() {
    let mut shown = nine().shown();
    shown.path = vec![0; 400];
    assert!(App::following(&shown, Lang::En).is_err());
    let mut shown = nine().shown();
    shown.sgf = "(;SZ[9];B[zz".into();
    shown.path = vec![0];
    shown.cursor = "zz".into();
    let e = App::following(&shown, Lang::En).err().unwrap();
    assert!(e.to_string().contains("not on the board"), "{e}");
}

struct Class {
    _dir: tempfile::TempDir,
    address: Address,
}

fn class() -> Class {
    let dir = tempfile::tempdir().unwrap();
    let address = Address::Unix(dir.path().join("class.sock"));
    Class { _dir: dir, address }
}

fn share(address: &Address) -> Teacher {
    let opts = ShareOptions {
        address: address.clone(),
        group: false,
        together: None,
    };
    Teacher::start(&opts, Lang::En, &mut Vec::new()).unwrap()
}

fn follower(address: &Address) -> (Feed, mpsc::Receiver<FeedEvent>) {
    let (tx, rx) = mpsc::channel();
    let feed = Feed::start(address.clone(), Default::default(), move |e| {
        tx.send(e).is_ok()
    });
    (feed, rx)
}

/// Waits for the first event that `want` takes, for at most ten seconds.
fn wait_for(rx: &mpsc::Receiver<FeedEvent>, want: impl Fn(&FeedEvent) -> bool) -> FeedEvent {
    let until = Instant::now() + Duration::from_secs(10);
    loop {
        let left = until.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(e) if want(&e) => return e,
            Ok(_) => {}
            Err(e) => panic!("no such event: {e}"),
        }
    }
}

fn wait_until(what: &str, ok: impl Fn() -> bool) {
    let until = Instant::now() + Duration::from_secs(10);
    while !ok() {
        assert!(Instant::now() < until, "waited ten seconds for {what}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn followers_over_a_socket_get_every_presenter_state_and_the_end() {
    let c = class();
    let mut t = share(&c.address);
    let Address::Unix(path) = &c.address else {
        unreachable!()
    };
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "the socket is the user's only");
    let followers: Vec<_> = (0..3).map(|_| follower(&c.address)).collect();
    wait_until("three followers", || t.followers() == 3);
    let mut teacher = nine();
    let mut last = None;
    for k in presenter_keys() {
        key(&mut teacher, k);
        let shown = teacher.shown();
        t.publish(shown.clone());
        // A key that changed nothing shown sends nothing.
        if last.as_ref() == Some(&shown) {
            continue;
        }
        last = Some(shown.clone());
        // Each follower gets this state (or, if it fell behind, a later
        // one: here the teacher waits, so it is this one).
        for (_, rx) in &followers {
            let got = wait_for(rx, |e| matches!(e, FeedEvent::State(_)));
            assert_eq!(got, FeedEvent::State(Box::new(shown.clone())), "{k:?}");
        }
    }
    // A student who comes late gets the latest state at once.
    let (_late, rx) = follower(&c.address);
    let got = wait_for(&rx, |e| matches!(e, FeedEvent::State(_)));
    assert_eq!(got, FeedEvent::State(Box::new(teacher.shown())));
    drop(t);
    for (_, rx) in &followers {
        wait_for(rx, |e| *e == FeedEvent::Ended);
    }
    assert!(!path.exists(), "the socket goes with the share");
}

#[test]
fn a_follower_reconnects_by_itself_when_the_teacher_restarts() {
    let c = class();
    let (_feed, rx) = follower(&c.address);
    wait_for(&rx, |e| matches!(e, FeedEvent::Waiting(_)));
    let mut t = share(&c.address);
    wait_for(&rx, |e| *e == FeedEvent::Connected);
    t.publish(nine().shown());
    wait_for(&rx, |e| matches!(e, FeedEvent::State(_)));
    drop(t);
    wait_for(&rx, |e| *e == FeedEvent::Ended);
    // A teacher killed leaves its socket file behind, stale: the next
    // share replaces it.
    let Address::Unix(path) = &c.address else {
        unreachable!()
    };
    drop(std::os::unix::net::UnixListener::bind(path).unwrap());
    assert!(path.exists());
    let mut again = share(&c.address);
    wait_for(&rx, |e| *e == FeedEvent::Connected);
    let mut a = nine();
    key(&mut a, KeyCode::Char('c'));
    again.publish(a.shown());
    let got = wait_for(&rx, |e| matches!(e, FeedEvent::State(_)));
    assert_eq!(got, FeedEvent::State(Box::new(a.shown())));
}

#[test]
fn a_live_share_and_a_plain_file_are_never_taken_over() {
    let c = class();
    let _t = share(&c.address);
    let opts = ShareOptions {
        address: c.address.clone(),
        group: false,
        together: None,
    };
    let e = Teacher::start(&opts, Lang::En, &mut Vec::new())
        .err()
        .unwrap();
    assert!(e.contains("already shared"), "{e}");
    let dir = tempfile::tempdir().unwrap();
    let notes = dir.path().join("notes.txt");
    std::fs::write(&notes, "mine").unwrap();
    let opts = ShareOptions {
        address: Address::Unix(notes.clone()),
        group: false,
        together: None,
    };
    let e = Teacher::start(&opts, Lang::De, &mut Vec::new())
        .err()
        .unwrap();
    assert!(e.contains("kein Socket"), "{e}");
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "mine");
}

/// The first line the teacher sends after its greeting, or what closed.
/// A follower that half-closes its side at once (`nc -N`, a script
/// that only listens) still gets every state: the protocol makes its
/// lines optional.
#[test]
fn a_half_closed_follower_still_gets_every_state() {
    let c = class();
    let Address::Unix(path) = &c.address else {
        unreachable!()
    };
    let mut t = share(&c.address);
    let s = UnixStream::connect(path).unwrap();
    s.shutdown(std::net::Shutdown::Write).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut lines = BufReader::new(s).lines();
    let hello = lines.next().unwrap().unwrap();
    assert!(hello.contains("\"hello\""), "{hello}");
    wait_until("the follower", || t.followers() == 1);
    let mut teacher = nine();
    for k in 0..3 {
        teacher.update(kifu::app::Action::Run(format!("goto {k}")));
        t.publish(teacher.shown());
        let line = lines.next().unwrap().unwrap();
        assert!(line.contains("\"state\""), "state {k}: {line}");
    }
    assert_eq!(t.followers(), 1);
}

fn answer_to(path: &std::path::Path, send: &[u8]) -> String {
    let mut s = UnixStream::connect(path).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let _ = s.write_all(send);
    let mut lines = BufReader::new(s).lines();
    let hello = lines.next().unwrap().unwrap();
    assert!(hello.contains("\"hello\""), "{hello}");
    lines.next().map(|l| l.unwrap()).unwrap_or_default()
}

#[test]
fn hostile_peers_get_an_error_and_are_dropped_while_the_teacher_goes_on() {
    let c = class();
    let Address::Unix(path) = &c.address else {
        unreachable!()
    };
    let mut t = share(&c.address);
    let (_good, rx) = follower(&c.address);
    wait_until("the good follower", || t.followers() == 1);
    // Garbage, a line past the limit, another version, a teacher's message.
    for bad in [
        b"GET / HTTP/1.1\r\n\r\n".to_vec(),
        vec![b'{'; 100_000],
        br#"{"kifu_share":9,"kind":"follow"}"#.iter().chain(b"\n").copied().collect(),
        br#"{"kifu_share":1,"kind":"end"}"#.iter().chain(b"\n").copied().collect(),
    ] {
        let answer = answer_to(path, &bad);
        assert!(answer.contains("\"error\""), "{answer}");
    }
    // One that connects and never reads, while the teacher publishes a
    // long game many times over: publishing never waits for it.
    let mut silent = UnixStream::connect(path).unwrap();
    let mut teacher = game(include_str!("../../samples/19x19-handicap.sgf"));
    for i in 0..400 {
        let before = teacher.record().current();
        teacher.update(kifu::app::Action::Forward);
        if teacher.record().current() == before {
            teacher.update(kifu::app::Action::Run(format!("goto {}", i % 3)));
        }
        t.publish(teacher.shown());
    }
    let last = teacher.shown();
    let got = wait_for(&rx, |e| *e == FeedEvent::State(Box::new(last.clone())));
    assert!(matches!(got, FeedEvent::State(_)));
    // The silent one is still there (its writer waits, the teacher does
    // not); reading now, it gets a state, never a half line.
    silent
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut first = [0u8; 64];
    assert!(silent.read(&mut first).unwrap() > 0);
}

#[test]
fn kifu_follow_says_the_teachers_count_in_its_own_language() {
    let c = class();
    let Address::Unix(path) = &c.address else {
        unreachable!()
    };
    let mut t = share(&c.address);
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["follow", "--plain", "--lang", "de"])
        .arg(path)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let out = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for l in BufReader::new(out).lines().map_while(Result::ok) {
            let _ = tx.send(l);
        }
    });
    let said = |want: &str| {
        let until = Instant::now() + Duration::from_secs(20);
        let mut all = Vec::new();
        loop {
            let left = until.saturating_duration_since(Instant::now());
            match rx.recv_timeout(left) {
                Ok(l) if l.contains(want) => return l,
                Ok(l) => all.push(l),
                Err(_) => panic!("never said {want:?}; said {all:?}"),
            }
        }
    };
    said("Folge");
    wait_until("kifu follow", || t.followers() == 1);
    let mut teacher = nine();
    key(&mut teacher, KeyCode::Char('c'));
    t.publish(teacher.shown());
    said("Zählung: Schwarz 45 Steine");
    key(&mut teacher, KeyCode::Char('n'));
    t.publish(teacher.shown());
    said("Schritt 1");
    drop(t);
    said("beendet");
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "q").unwrap();
    assert!(child.wait().unwrap().success());
}

#[test]
fn share_commands_ask_the_front_end_to_share_or_stop() {
    use crate::common::command;
    use kifu::app::Effect;
    let mut a = nine();
    assert_eq!(command(&mut a, "share"), Effect::Share(String::new()));
    assert_eq!(
        command(&mut a, "share /tmp/class.sock"),
        Effect::Share("/tmp/class.sock".into())
    );
    assert_eq!(command(&mut a, "share off"), Effect::Share("off".into()));
}

#[test]
fn a_share_over_tcp_on_loopback_and_a_socket_for_the_group() {
    let opts = ShareOptions {
        address: Address::Tcp("127.0.0.1:0".into()),
        group: false,
        together: None,
    };
    let mut warnings = Vec::new();
    let mut t = Teacher::start(&opts, Lang::En, &mut warnings).unwrap();
    assert!(
        warnings.is_empty(),
        "loopback warns of nothing: {warnings:?}"
    );
    let Address::Tcp(at) = t.address().clone() else {
        panic!("not TCP")
    };
    assert!(!at.ends_with(":0"), "the port it got: {at}");
    let (_f, rx) = follower(&Address::Tcp(at));
    wait_until("the TCP follower", || t.followers() == 1);
    let mut a = nine();
    key(&mut a, KeyCode::Char('c'));
    t.publish(a.shown());
    let got = wait_for(&rx, |e| matches!(e, FeedEvent::State(_)));
    assert_eq!(got, FeedEvent::State(Box::new(a.shown())));

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.sock");
    let opts = ShareOptions {
        address: Address::Unix(path.clone()),
        group: true,
        together: None,
    };
    let _club = Teacher::start(&opts, Lang::En, &mut Vec::new()).unwrap();
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o660);
}
