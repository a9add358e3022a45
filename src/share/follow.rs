//! The follower's side of a share: `Feed` keeps a connection to the
//! teacher (reconnecting by itself when the teacher restarts) and hands
//! on what comes; `Watched` keeps what was seen, so that a student can
//! step back through it and return to live.

use std::io::{BufReader, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::Address;
use super::wire::{self, Message};
use crate::app::Shown;

/// Why a follower waits when the teacher's kifu closed the connection: the
/// catalogue's key, said in the student's language (`follower_screen`).
pub(crate) const CLOSED: &str = "follow.closed";

/// How often a follower tries again while the teacher is away.
const RETRY: Duration = Duration::from_millis(250);
/// States a follower keeps to step back through.
pub const KEPT: usize = 1000;
/// And their bytes at most (a state may be a whole game's SGF, up to the
/// wire's 8 MiB: a thousand of those would be gigabytes): the oldest go
/// first.
pub const KEPT_BYTES: usize = 64 << 20;

/// About what a state holds in memory: its game's text and its lists.
fn weight(s: &Shown) -> usize {
    let count = s.count.as_ref().map_or(0, |c| {
        16 * (c.dead.len() + c.seki.len() + c.uncertain.len())
    });
    s.sgf.len() + s.cursor.len() + 8 * s.path.len() + count + 128
}

/// What the feed hands on.
#[derive(Debug, Clone, PartialEq)]
pub enum FeedEvent {
    /// Connected to the teacher.
    Connected,
    /// The teacher's screen now.
    State(Box<Shown>),
    /// The teacher ended the share (the feed waits for it to start again).
    Ended,
    /// No teacher there, or the connection broke, and why (empty: nobody
    /// shares at the address yet); the feed tries again.
    Waiting(String),
    /// The host's answer to joining to count together: in, or why not.
    Joined(bool, Option<String>),
    /// The host refused what this follower asked, and why.
    Refused(String),
}

/// The connection to the teacher, on a thread of its own.
pub struct Feed {
    stop: Arc<AtomicBool>,
    /// The connection's writing side while connected: a partner's asks go
    /// through it.
    outbox: Arc<std::sync::Mutex<Option<super::Conn>>>,
}

impl Feed {
    /// Follows `address`, handing every event to `send` until it returns
    /// false or the feed is dropped.
    pub fn start(
        address: Address,
        hello: Hello,
        send: impl Fn(FeedEvent) -> bool + Send + 'static,
    ) -> Feed {
        let stop = Arc::new(AtomicBool::new(false));
        let s = Arc::clone(&stop);
        let outbox = Arc::new(std::sync::Mutex::new(None));
        let ob = Arc::clone(&outbox);
        std::thread::spawn(move || {
            let mut waiting = None;
            while !s.load(Ordering::Relaxed) {
                let why = match address.connect() {
                    Ok(conn) => {
                        waiting = None;
                        if !send(FeedEvent::Connected) {
                            return;
                        }
                        match listen(conn, &hello, &ob, &send, &s) {
                            Listened::Stop => return,
                            Listened::Ended => {
                                // The end was said: that nobody shares
                                // there now goes without saying.
                                waiting = Some(String::new());
                                None
                            }
                            Listened::Broken(why) => Some(why),
                        }
                    }
                    // Nobody shares there (yet): said in the follower's
                    // language, not as the system's error.
                    Err(e)
                        if matches!(
                            e.kind(),
                            std::io::ErrorKind::NotFound | std::io::ErrorKind::ConnectionRefused
                        ) =>
                    {
                        Some(String::new())
                    }
                    Err(e) => Some(e.to_string()),
                };
                // Said once per wait, not at every try.
                if let Some(w) = why
                    && waiting.as_ref() != Some(&w)
                {
                    if !send(FeedEvent::Waiting(w.clone())) {
                        return;
                    }
                    waiting = Some(w);
                }
                std::thread::sleep(RETRY);
            }
        });
        Feed { stop, outbox }
    }

    /// Sends a partner's ask to the host; false when not connected.
    pub fn ask(&self, message: Message) -> bool {
        let mut out = self.outbox.lock().unwrap_or_else(|e| e.into_inner());
        match out.as_mut() {
            Some(c) => c.write_all(&wire::encode(message)).is_ok(),
            None => false,
        }
    }
}

/// What a follower says when it connects: its language, and the code to
/// count together with, if it was given one.
#[derive(Debug, Clone, Default)]
pub struct Hello {
    /// The follower's language (informative).
    pub lang: Option<String>,
    /// `kifu follow --together CODE`.
    pub join: Option<String>,
    /// `--name`: the name the host shows for this partner.
    pub name: Option<String>,
}

impl Drop for Feed {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

enum Listened {
    Stop,
    Ended,
    Broken(String),
}

fn listen(
    conn: super::Conn,
    hello: &Hello,
    outbox: &std::sync::Mutex<Option<super::Conn>>,
    send: &impl Fn(FeedEvent) -> bool,
    stop: &AtomicBool,
) -> Listened {
    let mut out = match conn.try_clone() {
        Ok(c) => c,
        Err(e) => return Listened::Broken(e.to_string()),
    };
    let lang = hello.lang.clone();
    let mut first = wire::encode(Message::Follow { lang });
    if let Some(code) = &hello.join {
        first.extend(wire::encode(Message::Join {
            code: code.clone(),
            name: hello.name.clone(),
        }));
    }
    if let Err(e) = out.write_all(&first) {
        return Listened::Broken(e.to_string());
    }
    if let Ok(c) = out.try_clone() {
        *outbox.lock().unwrap_or_else(|e| e.into_inner()) = Some(c);
    }
    let mut input = BufReader::new(conn);
    loop {
        if stop.load(Ordering::Relaxed) {
            return Listened::Stop;
        }
        let line = match wire::read_line(&mut input, wire::MAX_LINE) {
            Ok(Some(l)) => l,
            Ok(None) => return Listened::Broken(CLOSED.into()),
            Err(e) => {
                out.shutdown();
                return Listened::Broken(e.to_string());
            }
        };
        let event = match wire::decode(&line) {
            Ok(Message::State { shown, .. }) => FeedEvent::State(shown),
            Ok(Message::End) => {
                return if send(FeedEvent::Ended) {
                    Listened::Ended
                } else {
                    Listened::Stop
                };
            }
            Ok(Message::Error { why }) => return Listened::Broken(why),
            Ok(Message::Joined { ok, why }) => FeedEvent::Joined(ok, why),
            Ok(Message::Refused { why }) => FeedEvent::Refused(why),
            // A follower's own kinds, never the host's: nothing to do.
            Ok(
                Message::Hello { .. }
                | Message::Follow { .. }
                | Message::Join { .. }
                | Message::Mark { .. }
                | Message::Seki { .. }
                | Message::Accept
                | Message::Resume { .. },
            ) => continue,
            Err(e) => {
                out.shutdown();
                return Listened::Broken(e.to_string());
            }
        };
        if !send(event) {
            return Listened::Stop;
        }
    }
}

/// Where the follower is: connected or not, what it has seen, and which
/// of it it shows.
#[derive(Debug, Default)]
pub struct Watched {
    seen: std::collections::VecDeque<Shown>,
    /// What `seen` weighs (`weight`), kept under `KEPT_BYTES`.
    bytes: usize,
    /// The state shown when not live (an index into `seen`).
    back: Option<usize>,
    pub connection: Connection,
}

/// The connection, as the follower's status says it.
#[derive(Debug, Clone, Default, PartialEq)]
pub enum Connection {
    #[default]
    Connecting,
    Live,
    Ended,
    Waiting(String),
}

impl Watched {
    pub fn on(&mut self, e: FeedEvent) {
        match e {
            FeedEvent::Connected => self.connection = Connection::Live,
            FeedEvent::Ended => self.connection = Connection::Ended,
            FeedEvent::Waiting(w) => self.connection = Connection::Waiting(w),
            FeedEvent::Joined(..) | FeedEvent::Refused(_) => {}
            FeedEvent::State(s) => {
                self.connection = Connection::Live;
                if self.seen.back() != Some(&*s) {
                    self.bytes += weight(&s);
                    self.seen.push_back(*s);
                    while self.seen.len() > KEPT || (self.bytes > KEPT_BYTES && self.seen.len() > 1)
                    {
                        if let Some(old) = self.seen.pop_front() {
                            self.bytes = self.bytes.saturating_sub(weight(&old));
                        }
                        self.back = self.back.map(|b| b.saturating_sub(1));
                    }
                }
            }
        }
    }

    /// What is shown: the latest state, or one stepped back to.
    pub fn shown(&self) -> Option<&Shown> {
        match self.back {
            Some(i) => self.seen.get(i),
            None => self.seen.back(),
        }
    }

    /// One state back (the first stays).
    pub fn step_back(&mut self) {
        let last = self.seen.len().saturating_sub(1);
        self.back = Some(self.back.unwrap_or(last).saturating_sub(1));
    }

    /// One state forward; past the last is live again.
    pub fn step_forward(&mut self) {
        self.back = self
            .back
            .map(|i| i + 1)
            .filter(|&i| i + 1 < self.seen.len());
    }

    pub fn go_live(&mut self) {
        self.back = None;
    }

    /// Where in what was seen: None when live, else (shown, of how many),
    /// from 1.
    pub fn place(&self) -> Option<(usize, usize)> {
        self.back.map(|i| (i + 1, self.seen.len()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(cursor: &str) -> FeedEvent {
        FeedEvent::State(Box::new(Shown {
            sgf: "(;SZ[9])".into(),
            path: vec![],
            cursor: cursor.into(),
            presentation: false,
            count: None,
            together: None,
        }))
    }

    #[test]
    fn a_student_steps_back_through_what_was_seen_and_returns_to_live() {
        let mut w = Watched::default();
        for c in ["aa", "bb", "bb", "cc"] {
            w.on(state(c));
        }
        assert_eq!(w.shown().map(|s| s.cursor.as_str()), Some("cc"));
        w.step_back();
        assert_eq!(w.place(), Some((2, 3)));
        w.step_back();
        w.step_back();
        assert_eq!(w.shown().map(|s| s.cursor.as_str()), Some("aa"));
        // What comes meanwhile is kept, and the view stays where it is.
        w.on(state("dd"));
        assert_eq!(w.shown().map(|s| s.cursor.as_str()), Some("aa"));
        w.step_forward();
        assert_eq!(w.shown().map(|s| s.cursor.as_str()), Some("bb"));
        w.go_live();
        assert_eq!(w.shown().map(|s| s.cursor.as_str()), Some("dd"));
        assert_eq!(w.place(), None);
    }

    /// A teacher sending large states (a long game's SGF each) cannot
    /// make a follower keep gigabytes: the oldest states go once the kept
    /// ones pass `KEPT_BYTES`, and the newest is always kept.
    #[test]
    fn what_a_follower_keeps_is_bounded_in_bytes() {
        let mut w = Watched::default();
        let big = format!("(;SZ[19]C[{}])", "x".repeat(4 << 20));
        for i in 0..100 {
            w.on(FeedEvent::State(Box::new(Shown {
                sgf: big.clone(),
                path: vec![],
                cursor: format!("a{i}"),
                presentation: false,
                count: None,
                together: None,
            })));
            assert!(w.bytes <= KEPT_BYTES, "{} bytes after {i} states", w.bytes);
        }
        assert!(
            w.seen.len() <= KEPT_BYTES / (4 << 20),
            "{} kept",
            w.seen.len()
        );
        assert_eq!(w.shown().map(|s| s.cursor.as_str()), Some("a99"));
    }
}
