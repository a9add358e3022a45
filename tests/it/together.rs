//! Counting together on real sockets (docs/share.md): a host and a
//! partner who joined with the code mark the dead stones, each seeing
//! every mark and who made it; a change withdraws both acceptances; when
//! both accept, the result is written once into the file; a follower
//! without the code, a wrong code and a spent code are refused, and the
//! partner may ask to resume play instead.

use std::path::PathBuf;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use kifu::app::together::Who;
use kifu::app::{Action, App, Mode, Outside};
use kifu::i18n::Lang;
use kifu::keeper::Keeper;
use kifu::share::wire::Message;
use kifu::share::{Address, Feed, FeedEvent, Hello, Invite, ShareOptions, Teacher};

use crate::common;

const CODE: &str = "424242";

/// A host counting the finished 9x9 sample, shared for counting together.
struct Table {
    dir: tempfile::TempDir,
    file: PathBuf,
    teacher: Teacher,
    host: App,
    keeper: Keeper,
}

/// The finished 9x9 sample, copied into a fresh folder.
fn sample() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.sgf");
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/samples/9x9-finished.sgf"),
        &file,
    )
    .unwrap();
    (dir, file)
}

/// How many dead stones the host's count has now (None: not counting).
fn dead(app: &App) -> Option<usize> {
    app.count()
        .as_ref()
        .map(|c| c.session.marks.dead_points().len())
}

fn table(address: Option<Address>) -> Table {
    let (dir, file) = sample();
    let f = kifu::storage::read_sgf(&file).unwrap();
    let (mut rec, source) = kifu::app::Source::from_file(f, 1).unwrap();
    rec.to_end();
    let options = kifu::app::Options {
        path: Some(file.clone()),
        source: Some(source),
        started: "2026-11-29T20:05:00+01:00[+01:00]".parse().ok(),
        ..kifu::app::Options::default()
    };
    let mut host = App::with(rec, options);
    let mut keeper = common::keeper(&mut host, Some(dir.path().join("data")));
    let address = address.unwrap_or_else(|| Address::Unix(dir.path().join("s.sock")));
    let opts = ShareOptions {
        address,
        group: false,
        together: Some(Invite {
            code: CODE.into(),
            uid: None,
        }),
    };
    let teacher = Teacher::start(&opts, Lang::En, &mut Vec::new()).unwrap();
    let open = Action::Outside(Outside::Partner(kifu::app::together::PartnerAsk::Open));
    common::through(&mut keeper, &mut host, open);
    common::through(&mut keeper, &mut host, Action::Count);
    assert_eq!(*host.mode(), Mode::Count);
    let mut t = Table {
        dir,
        file,
        teacher,
        host,
        keeper,
    };
    pump(&mut t);
    t
}

/// The host's loop, once: the partner's asks in order, then the state.
fn pump(t: &mut Table) {
    for ask in t.teacher.partner_asks() {
        let a = Action::Outside(Outside::Partner(ask));
        common::through(&mut t.keeper, &mut t.host, a);
    }
    t.teacher.publish(t.host.shown());
}

/// Pumps until the host's state satisfies `done`, for at most ten
/// seconds.
fn until(t: &mut Table, what: &str, done: impl Fn(&App) -> bool) {
    let end = Instant::now() + Duration::from_secs(10);
    while !done(&t.host) {
        assert!(Instant::now() < end, "never: {what}");
        std::thread::sleep(Duration::from_millis(10));
        pump(t);
    }
}

fn seat(address: &Address, join: Option<&str>) -> (Feed, mpsc::Receiver<FeedEvent>) {
    let (tx, rx) = mpsc::channel();
    let hello = Hello {
        lang: None,
        join: join.map(String::from),
        name: None,
    };
    let feed = Feed::start(address.clone(), hello, move |e| tx.send(e).is_ok());
    (feed, rx)
}

fn wait_for(rx: &mpsc::Receiver<FeedEvent>, want: impl Fn(&FeedEvent) -> bool) -> FeedEvent {
    let end = Instant::now() + Duration::from_secs(10);
    loop {
        match rx.recv_timeout(end.saturating_duration_since(Instant::now())) {
            Ok(e) if want(&e) => return e,
            Ok(_) => {}
            Err(e) => panic!("no such event: {e}"),
        }
    }
}

fn accepted(app: &App) -> (bool, bool) {
    let t = app.together().as_ref().unwrap();
    (t.host_accepted, t.partner_accepted)
}

#[test]
fn two_players_mark_accept_and_agree_once() {
    let mut t = table(None);
    let address = t.teacher.address().clone();
    let (partner, rx) = seat(&address, Some(CODE));
    assert_eq!(
        wait_for(&rx, |e| matches!(e, FeedEvent::Joined(..))),
        FeedEvent::Joined(true, None)
    );
    until(&mut t, "the partner joined", |h| {
        h.together().as_ref().is_some_and(|t| t.partner.is_some())
    });
    // kifu's proposal: White's E8 dead. The partner says it lives; the
    // host sees the change and who made it.
    let e8 = Message::Mark {
        at: "eb".into(),
        group: false,
    };
    assert!(partner.ask(e8.clone()));
    until(&mut t, "E8 alive", |h| dead(h) == Some(0));
    let last = t.host.together().as_ref().unwrap().last.clone();
    assert_eq!(last, Some((Who::Partner, "eb".to_string())));
    // The partner's Chinese screen: no wide character starts in the last
    // column (a terminal would wrap it onto the board's next row).
    let seen = App::following(&t.host.shown(), Lang::ZhCn).unwrap();
    let buf = common::buffer(&seen, common::ascii(), 80, 24);
    for y in 0..24 {
        let last = buf[(79, y)].symbol();
        assert!(
            unicode_width::UnicodeWidthStr::width(last) <= 1,
            "row {y} ends in {last:?}"
        );
    }
    let screen = common::screen(&seen, common::ascii(), 80, 24).replace(' ', "");
    assert!(
        screen.contains("与root一起数子") || screen.contains("一起数子"),
        "{screen}"
    );
    // The host accepts; the partner changes the marks again: both go.
    common::through(&mut t.keeper, &mut t.host, Action::Accept);
    assert_eq!(accepted(&t.host), (true, false));
    assert!(partner.ask(e8));
    until(&mut t, "E8 dead again", |h| dead(h) == Some(1));
    assert_eq!(accepted(&t.host), (false, false), "a change withdraws both");
    assert!(
        t.host
            .message()
            .as_deref()
            .unwrap_or("")
            .contains("withdrawn")
    );
    // Both accept the same marks: written once, saved, said to both.
    assert!(partner.ask(Message::Accept));
    until(&mut t, "the partner accepted", |h| accepted(h).1);
    let before = std::fs::read_to_string(&t.file).unwrap();
    let tick = Action::Outside(Outside::Tick(Duration::from_secs(90)));
    common::through(&mut t.keeper, &mut t.host, tick);
    common::through(&mut t.keeper, &mut t.host, Action::Accept);
    let agreed = t.host.together().as_ref().unwrap().agreed.clone();
    assert_eq!(agreed.as_deref(), Some("B+1.5"));
    pump(&mut t);
    let saved = std::fs::read_to_string(&t.file).unwrap();
    assert_ne!(saved, before, "the agreement is saved");
    assert!(saved.contains("RE[B+1.5]") && saved.contains("TW[") && saved.contains("eb"));
    // Dated: the session began at 20:05 and ran 90 seconds more.
    assert!(
        saved.contains("Counted together on 2026-11-29 20:06 +01:00: both players"),
        "{saved}"
    );
    // Accepting again writes nothing more.
    common::through(&mut t.keeper, &mut t.host, Action::Accept);
    assert_eq!(std::fs::read_to_string(&t.file).unwrap(), saved);
    // The partner's screen says it.
    let FeedEvent::State(s) = wait_for(&rx, |e| match e {
        FeedEvent::State(s) => s.together.as_ref().is_some_and(|t| t.agreed.is_some()),
        _ => false,
    }) else {
        unreachable!()
    };
    let app = App::following(&s, Lang::ZhCn).unwrap();
    let screen = common::screen(&app, common::ascii(), 80, 24);
    assert!(
        screen.replace(" ", "").contains("已达成一致：B+1.5"),
        "{screen}"
    );
    // The file counts to the agreed result from its own marks.
    let out = common::kifu()
        .args(["score", "--dead", "marked", "--json"])
        .arg(&t.file)
        .output()
        .unwrap();
    let json = String::from_utf8_lossy(&out.stdout);
    assert!(json.contains("\"result\":\"B+1.5\""), "{json}");
    drop(t.dir);
}

#[test]
fn only_the_partner_with_the_code_may_count() {
    let mut t = table(Some(Address::Tcp("127.0.0.1:0".into())));
    let address = t.teacher.address().clone();
    // A follower without the code watches, and its marks are refused.
    let (watcher, wrx) = seat(&address, None);
    wait_for(&wrx, |e| matches!(e, FeedEvent::State(_)));
    assert!(watcher.ask(Message::Accept));
    let refused = wait_for(&wrx, |e| matches!(e, FeedEvent::Refused(_)));
    assert!(matches!(refused, FeedEvent::Refused(w) if w.contains("only the partner")));
    // Wrong codes are refused, and three of them void the code.
    for _ in 0..kifu::share::teacher::CODE_TRIES {
        let (_f, rx) = seat(&address, Some("000000"));
        let e = wait_for(&rx, |e| matches!(e, FeedEvent::Joined(..)));
        assert_eq!(e, FeedEvent::Joined(false, Some("wrong code".into())));
    }
    let (_late, rx) = seat(&address, Some(CODE));
    let FeedEvent::Joined(ok, why) = wait_for(&rx, |e| matches!(e, FeedEvent::Joined(..))) else {
        unreachable!()
    };
    assert!(!ok && why.unwrap_or_default().contains("void"));
    pump(&mut t);
    assert!(t.host.together().as_ref().unwrap().partner.is_none());
    // The watcher still follows.
    t.teacher.publish(t.host.shown());
    assert!(t.teacher.followers() >= 1);
}

#[test]
fn the_partner_may_ask_to_resume_play_instead() {
    let mut t = table(None);
    let address = t.teacher.address().clone();
    let (partner, rx) = seat(&address, Some(CODE));
    wait_for(&rx, |e| matches!(e, FeedEvent::Joined(true, _)));
    until(&mut t, "joined", |h| {
        h.together().as_ref().is_some_and(|t| t.partner.is_some())
    });
    // A watcher without the code cannot take the seat; a second
    // connection with the code from the same account takes it over (a
    // dropped session coming back), and the first is told.
    let (_watcher, rx2) = seat(&address, Some("000000"));
    let e = wait_for(&rx2, |e| matches!(e, FeedEvent::Joined(..)));
    assert!(matches!(e, FeedEvent::Joined(false, _)));
    let (again, rx3) = seat(&address, Some(CODE));
    wait_for(&rx3, |e| matches!(e, FeedEvent::Joined(true, _)));
    let e = wait_for(&rx, |e| matches!(e, FeedEvent::Refused(_)));
    assert!(matches!(e, FeedEvent::Refused(w) if w.contains("another connection")));
    assert!(partner.ask(Message::Resume { color: "B".into() }));
    let e = wait_for(&rx, |e| matches!(e, FeedEvent::Refused(_)));
    assert!(matches!(e, FeedEvent::Refused(w) if w.contains("only the partner")));
    assert!(again.ask(Message::Resume { color: "W".into() }));
    until(&mut t, "back to recording", |h| *h.mode() == Mode::Record);
    // White asked: Black plays first.
    assert_eq!(t.host.record().to_move(), kifu::game::Color::Black);
    assert!(
        t.host
            .message()
            .as_deref()
            .unwrap_or("")
            .contains("asked to resume")
    );
}

/// `--name` too long to show, or with control characters, is a usage
/// error before anything connects (exit 2).
#[test]
fn a_name_the_host_cannot_show_is_refused_at_once() {
    for name in ["x".repeat(5000), "Bo\u{1b}[2J".to_string()] {
        let out = common::kifu()
            .args([
                "follow",
                "/nowhere.sock",
                "--together",
                CODE,
                "--name",
                &name,
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("at most 24 characters") || err.contains("no control characters"),
            "{err}"
        );
    }
}

/// A host who named an account takes only that account's partner: the
/// socket peer's credentials say who connected.
#[test]
fn an_invited_account_is_checked_by_the_peers_credentials() {
    let dir = tempfile::tempdir().unwrap();
    let me = rustix::process::geteuid().as_raw();
    let opts = ShareOptions {
        address: Address::Unix(dir.path().join("s.sock")),
        group: false,
        together: Some(Invite {
            code: CODE.into(),
            uid: Some(me.wrapping_add(1)),
        }),
    };
    let teacher = Teacher::start(&opts, Lang::En, &mut Vec::new()).unwrap();
    let (_f, rx) = seat(teacher.address(), Some(CODE));
    let e = wait_for(&rx, |e| matches!(e, FeedEvent::Joined(..)));
    assert_eq!(
        e,
        FeedEvent::Joined(false, Some("the host invited another user".into()))
    );
    let opts = ShareOptions {
        together: Some(Invite {
            code: CODE.into(),
            uid: Some(me),
        }),
        address: Address::Unix(dir.path().join("t.sock")),
        ..opts
    };
    let teacher = Teacher::start(&opts, Lang::En, &mut Vec::new()).unwrap();
    let (_f, rx) = seat(teacher.address(), Some(CODE));
    let e = wait_for(&rx, |e| matches!(e, FeedEvent::Joined(..)));
    assert_eq!(e, FeedEvent::Joined(true, None));
}

/// A 19x19 final position as SGF: the diagram's stones set up (dead ones
/// included), then two passes.
fn final_19x19() -> String {
    let diagram = include_str!("../../crates/kifu-go/tests/positions/j1.txt");
    let (mut ab, mut aw) = (String::new(), String::new());
    for (y, row) in diagram.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        for (x, c) in row.split_whitespace().enumerate() {
            let p = kifu::game::Point::new(x as u8, y as u8).to_sgf();
            match c {
                "X" | "x" => ab.push_str(&format!("[{p}]")),
                "O" | "o" => aw.push_str(&format!("[{p}]")),
                _ => {}
            }
        }
    }
    format!("(;GM[1]FF[4]SZ[19]RU[Chinese]KM[7.5]AB{ab}AW{aw};B[];W[])")
}

/// The same, as two people at two terminals: the host at 80x24 in
/// English, the partner at 80x24 in Chinese, agreeing on a 19x19 count;
/// then a partner in line mode (a screen reader) joining, marking and
/// accepting by lines. Ignored: needs tmux.
#[test]
#[ignore = "needs tmux; run with --ignored"]
fn two_terminals_agree_on_a_19x19_count() {
    if !crate::terminal::have_tmux() {
        crate::common::skipped("no tmux");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let kifu = env!("CARGO_BIN_EXE_kifu");
    let data = dir.path().join("data");
    for (n, partner_plain) in [(0, false), (1, true)] {
        let file = dir.path().join(format!("game{n}.sgf"));
        std::fs::write(&file, final_19x19()).unwrap();
        let sock = dir.path().join(format!("s{n}.sock"));
        let env = format!(
            "env KIFU_DATA_DIR={} KIFU_CONFIG_DIR={} LANG=C.UTF-8",
            data.display(),
            data.join("config").display()
        );
        let host = crate::terminal::Tmux::start(&format!(
            "{env} {kifu} --lang en --share {} --together {}; sleep 30",
            sock.display(),
            file.display()
        ))
        .unwrap();
        let s = host.wait_for("the code works once");
        let code = s
            .split_whitespace()
            .find(|w| w.len() == 6 && w.chars().all(|c| c.is_ascii_digit()))
            .unwrap_or_else(|| panic!("no code on the host's screen:\n{s}"))
            .to_string();
        let plain = if partner_plain { "--plain" } else { "" };
        let partner = crate::terminal::Tmux::start(&format!(
            "{env} {kifu} follow {} --together {code} --lang zh-CN {plain}; sleep 30",
            sock.display()
        ))
        .unwrap();
        host.wait_for("Counting together with");
        host.keys(&["c"]);
        host.wait_for("COUNT");
        // The partner takes back kifu's first dead stone, then marks it
        // again: the host sees both, and who made them.
        if partner_plain {
            partner.wait_for("一起数子");
            partner.keys(&["dead C17", "Enter"]);
        } else {
            partner.wait_for("一起数子中");
            partner.keys(&[":", "dead C17", "Enter"]);
        }
        let s = host.wait_for("last change:");
        assert!(s.contains("at C17"), "{s}");
        host.keys(&["A"]);
        if partner_plain {
            partner.keys(&["dead C17", "Enter", "accept", "Enter"]);
        } else {
            partner.keys(&[":", "dead C17", "Enter", "A"]);
        }
        host.wait_for("accepted the marks; A accepts them too");
        host.keys(&["A"]);
        let s = host.wait_for("agreed:");
        assert!(s.contains("agreed:"), "{s}");
        let p = partner.wait_for("已达成一致");
        assert!(p.contains("已达成一致"), "the partner's screen:\n{p}");
        let saved = std::fs::read_to_string(&file).unwrap();
        assert!(
            saved.contains("RE[") && saved.contains("both players"),
            "{saved}"
        );
    }
}

/// The host in line mode (a screen reader): `kifu --plain --share
/// --together` says the partner's command, hears the partner's marks and
/// acceptance as lines, and agrees by typing `accept`.
#[test]
fn a_host_in_line_mode_counts_together() {
    use std::io::{BufRead, Write};
    let (dir, file) = sample();
    let sock = dir.path().join("s.sock");
    let data = dir.path().join("data");
    let mut host = std::process::Command::new(env!("CARGO_BIN_EXE_kifu"))
        .env("KIFU_DATA_DIR", &data)
        .env("KIFU_CONFIG_DIR", data.join("config"))
        .args(["--lang", "en", "--plain", "--share"])
        .arg(&sock)
        .arg("--together")
        .arg(&file)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut to_host = host.stdin.take().unwrap();
    let (tx, lines) = mpsc::channel::<String>();
    let out = host.stdout.take().unwrap();
    std::thread::spawn(move || {
        for l in std::io::BufReader::new(out).lines().map_while(Result::ok) {
            if tx.send(l).is_err() {
                return;
            }
        }
    });
    let heard = |want: &str| -> String {
        let end = Instant::now() + Duration::from_secs(10);
        loop {
            match lines.recv_timeout(end.saturating_duration_since(Instant::now())) {
                Ok(l) if l.contains(want) => return l,
                Ok(_) => {}
                Err(e) => panic!("the host never said {want:?}: {e}"),
            }
        }
    };
    let open = heard("--together");
    let code = open
        .split_whitespace()
        .find(|w| w.len() == 6 && w.chars().all(|c| c.is_ascii_digit()))
        .unwrap()
        .to_string();
    writeln!(to_host, "count").unwrap();
    heard("count mode");
    let (partner, rx) = seat(&Address::Unix(sock), Some(&code));
    wait_for(&rx, |e| matches!(e, FeedEvent::Joined(true, _)));
    heard("counts with you");
    assert!(partner.ask(Message::Accept));
    heard("accepted the marks; A accepts them too");
    writeln!(to_host, "accept").unwrap();
    heard("agreed: B+1.5");
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(saved.contains("both players"), "{saved}");
    writeln!(to_host, "quit").unwrap();
    drop(to_host);
    let _ = host.wait();
}

/// Counting together on a game that does not look finished says so on
/// the panel (both seats draw it), so nobody agrees on it unawares.
#[test]
fn an_unfinished_game_is_said_before_anyone_agrees() {
    use kifu::app::together::PartnerAsk;
    let text = include_str!("../../samples/19x19-handicap.sgf");
    let mut rec = kifu::sgf::read_text(text).game(1).unwrap().record.clone();
    rec.to_end();
    let mut a = App::new(rec, None);
    a.update(Action::Outside(Outside::Partner(PartnerAsk::Open)));
    a.update(Action::Outside(Outside::Partner(PartnerAsk::Joined(
        "bob".into(),
    ))));
    a.update(Action::Count);
    let s = common::screen(&a, common::ascii(), 160, 50);
    assert!(s.contains("does not look finished"), "{s}");
    let seen = App::following(&a.shown(), Lang::De).unwrap();
    let s = common::screen(&seen, common::ascii(), 160, 50);
    assert!(s.contains("sieht nicht beendet aus"), "{s}");
    // A finished game says nothing of the kind.
    let t = table(None);
    let s = common::screen(&t.host, common::ascii(), 160, 50);
    assert!(!s.contains("does not look finished"), "{s}");
}
