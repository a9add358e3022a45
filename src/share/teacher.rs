//! The teacher's side of a share: it listens, greets each follower and
//! hands it the latest state. The teacher never waits for a follower:
//! `publish` only replaces each follower's pending state (an older one not
//! yet sent is dropped) and wakes its writer thread; a follower that is
//! slow, stopped or gone only holds up its own thread, and one that takes
//! nothing for `STALLED` is dropped (it reconnects when it wakes). What a
//! follower sends is read, bounded, and changes nothing: a line that is
//! not the protocol gets an error, and the follower is dropped.

use std::io::{BufReader, Write};
use std::net::TcpListener;
use std::os::unix::fs::MetadataExt;
use std::os::unix::net::UnixListener;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use super::wire::{self, Message};

mod partner;
use super::{Address, Conn};
use crate::app::Shown;
use crate::i18n::Lang;
use crate::tr;
pub use partner::{CODE_TRIES, Invite};
use partner::{Partner, left, together};

/// How long a follower may take nothing before it is dropped.
const STALLED: Duration = Duration::from_secs(20);
/// Followers at most: another is told so and dropped. Each holds two
/// threads, so the share never holds more than twice this and one.
pub const MAX_FOLLOWERS: usize = 512;
/// How long a new connection has to send its whole `follow` line: one
/// that sends nothing, or trickles bytes, loses its slot.
pub const GREETING: Duration = Duration::from_secs(5);
/// Followers from one peer (a local user, a TCP address) at most: a club
/// account's class fits, one program cannot take every slot.
pub const PER_PEER: usize = 64;

/// How to share: where, and whether the user's group may follow too.
#[derive(Debug, Clone)]
pub struct ShareOptions {
    pub address: Address,
    /// The socket readable and writable by the user's group (a club
    /// account), not only the user.
    pub group: bool,
    /// Counting together: who may join as the partner.
    pub together: Option<Invite>,
}

/// A share, while it lasts.
pub struct Teacher {
    hub: Arc<Hub>,
    address: Address,
    /// The socket file this share made, to remove at the end (and its
    /// inode, so that another's socket is never removed).
    made: Option<(PathBuf, u64)>,
    seq: u64,
    last: Option<Shown>,
}

#[derive(Default)]
struct Hub {
    followers: Mutex<Vec<Arc<Slot>>>,
    latest: Mutex<Option<Arc<Vec<u8>>>>,
    stop: AtomicBool,
    partner: Mutex<Partner>,
}

/// One follower's pending line, and what the share knows of it.
struct Slot {
    pending: Mutex<Pending>,
    wake: Condvar,
    born: Instant,
    /// Its `follow` line came.
    greeted: AtomicBool,
    /// Who it is: its user (a Unix socket) or its address (TCP).
    peer: Peer,
    /// The connection, to end it from outside (a follower that never
    /// greeted is cut off: its reader returns).
    conn: Mutex<Option<Conn>>,
}

/// Who connected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Peer {
    Uid(u32),
    Ip(std::net::IpAddr),
    Unknown,
}

fn peer_of(conn: &Conn) -> Peer {
    match conn {
        Conn::Unix(s) => rustix::net::sockopt::socket_peercred(s)
            .map_or(Peer::Unknown, |c| Peer::Uid(c.uid.as_raw())),
        Conn::Tcp(s) => s.peer_addr().map_or(Peer::Unknown, |a| Peer::Ip(a.ip())),
    }
}

#[derive(Default)]
struct Pending {
    /// Answers to what the follower asked, in order, before any state.
    replies: Vec<Vec<u8>>,
    /// The latest state not yet written.
    line: Option<Arc<Vec<u8>>>,
    /// A last line (the end, or an error), then the connection closes.
    last: Option<Vec<u8>>,
    gone: bool,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A thread that panicked holding it left plain data: go on with it.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Slot {
    fn new(peer: Peer, conn: Option<Conn>) -> Slot {
        Slot {
            pending: Mutex::default(),
            wake: Condvar::new(),
            born: Instant::now(),
            greeted: AtomicBool::new(false),
            peer,
            conn: Mutex::new(conn),
        }
    }

    fn reply(&self, message: Message) {
        lock(&self.pending).replies.push(wire::encode(message));
        self.wake.notify_one();
    }

    fn offer(&self, line: Arc<Vec<u8>>) {
        lock(&self.pending).line = Some(line);
        self.wake.notify_one();
    }

    fn close_with(&self, last: Vec<u8>) {
        let mut p = lock(&self.pending);
        if p.last.is_none() {
            p.last = Some(last);
        }
        drop(p);
        self.wake.notify_one();
    }

    fn gone(&self) {
        lock(&self.pending).gone = true;
        self.wake.notify_one();
    }
}

enum Next {
    Reply(Vec<u8>),
    Line(Arc<Vec<u8>>),
    Last(Vec<u8>),
    Gone,
}

impl Slot {
    fn next(&self) -> Next {
        let mut p = lock(&self.pending);
        loop {
            if p.gone {
                return Next::Gone;
            }
            if !p.replies.is_empty() {
                return Next::Reply(p.replies.remove(0));
            }
            if let Some(l) = p.line.take() {
                return Next::Line(l);
            }
            if let Some(l) = p.last.take() {
                return Next::Last(l);
            }
            p = self.wake.wait(p).unwrap_or_else(|e| e.into_inner());
        }
    }
}

enum Listener {
    Unix(UnixListener),
    Tcp(TcpListener),
}

impl Listener {
    fn accept(&self) -> std::io::Result<Conn> {
        Ok(match self {
            Listener::Unix(l) => Conn::Unix(l.accept()?.0),
            Listener::Tcp(l) => {
                let s = l.accept()?.0;
                s.set_nodelay(true)?;
                Conn::Tcp(s)
            }
        })
    }

    fn set_nonblocking(&self) -> std::io::Result<()> {
        match self {
            Listener::Unix(l) => l.set_nonblocking(true),
            Listener::Tcp(l) => l.set_nonblocking(true),
        }
    }
}

fn blocking(c: &Conn) -> std::io::Result<()> {
    match c {
        Conn::Unix(s) => s.set_nonblocking(false),
        Conn::Tcp(s) => s.set_nonblocking(false),
    }
}

impl Teacher {
    /// Starts listening. The error says what, where and what to do, in
    /// `lang`. A TCP address off this machine is allowed, with a warning
    /// in `warnings` (anyone who reaches it can watch).
    pub fn start(
        opts: &ShareOptions,
        lang: Lang,
        warnings: &mut Vec<String>,
    ) -> Result<Teacher, String> {
        let (listener, address, made) = match &opts.address {
            Address::Unix(path) => {
                let (l, ino) = super::socket::bind_unix(path, opts.group, lang)?;
                (
                    Listener::Unix(l),
                    opts.address.clone(),
                    Some((path.clone(), ino)),
                )
            }
            Address::Tcp(a) => {
                let l = TcpListener::bind(a)
                    .map_err(|e| tr!(lang, "share.cannot", at = a.clone(), why = e.to_string()))?;
                let local = l.local_addr().map_err(|e| e.to_string())?;
                if !local.ip().is_loopback() {
                    warnings.push(tr!(lang, "share.tcp_open", at = local.to_string()));
                }
                (Listener::Tcp(l), Address::Tcp(local.to_string()), None)
            }
        };
        listener.set_nonblocking().map_err(|e| e.to_string())?;
        let hub = Arc::new(Hub::default());
        lock(&hub.partner).invite = opts.together.clone();
        let h = Arc::clone(&hub);
        let only = (!opts.group).then(|| rustix::process::geteuid().as_raw());
        // A thread the system refuses is said, never a panic (a panic
        // hook on another thread would leave the terminal half restored).
        std::thread::Builder::new()
            .name("kifu-share".into())
            .spawn(move || accept_loop(&listener, &h, only))
            .map_err(|e| {
                tr!(
                    lang,
                    "share.cannot",
                    at = address.text(),
                    why = e.to_string()
                )
            })?;
        Ok(Teacher {
            hub,
            address,
            made,
            seq: 0,
            last: None,
        })
    }

    /// Where it listens (a TCP port 0 given is the port it got).
    pub fn address(&self) -> &Address {
        &self.address
    }

    /// How many follow now.
    pub fn followers(&self) -> usize {
        lock(&self.hub.followers).len()
    }

    /// Counting together: the code the partner gives (None when the
    /// share is not for counting together, or its code is void).
    pub fn code(&self) -> Option<String> {
        lock(&self.hub.partner)
            .invite
            .as_ref()
            .map(|i| i.code.clone())
    }

    /// What the partner asked since the last call, in order.
    pub fn partner_asks(&self) -> Vec<crate::app::together::PartnerAsk> {
        std::mem::take(&mut lock(&self.hub.partner).asks)
    }

    /// The screen shows this now: every follower gets it (unless it is
    /// what they have). Never waits for a follower.
    pub fn publish(&mut self, shown: Shown) {
        if self.last.as_ref() == Some(&shown) {
            return;
        }
        self.seq += 1;
        let line = Arc::new(wire::encode(Message::State {
            seq: self.seq,
            shown: Box::new(shown.clone()),
        }));
        self.last = Some(shown);
        *lock(&self.hub.latest) = Some(Arc::clone(&line));
        for f in lock(&self.hub.followers).iter() {
            f.offer(Arc::clone(&line));
        }
    }
}

/// Ending the share (dropping it): every follower is told, within half a
/// second, and the socket file goes.
impl Drop for Teacher {
    fn drop(&mut self) {
        self.hub.stop.store(true, Ordering::Relaxed);
        let end = wire::encode(Message::End);
        for f in lock(&self.hub.followers).iter() {
            f.close_with(end.clone());
        }
        // The writers send the end and leave; a stopped follower's writer
        // may not, and is not waited for long.
        let deadline = Instant::now() + Duration::from_millis(500);
        while self.followers() > 0 && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        if let Some((path, ino)) = &self.made
            && std::fs::symlink_metadata(path).is_ok_and(|m| m.ino() == *ino)
        {
            let _ = std::fs::remove_file(path);
        }
    }
}

fn accept_loop(listener: &Listener, hub: &Arc<Hub>, only: Option<u32>) {
    while !hub.stop.load(Ordering::Relaxed) {
        match listener.accept() {
            Ok(conn) => welcome(conn, hub, only),
            Err(_) => std::thread::sleep(Duration::from_millis(20)),
        }
        sweep(hub);
    }
}

/// Cuts off the connections that sent no whole `follow` line in time.
fn sweep(hub: &Hub) {
    for f in lock(&hub.followers).iter() {
        if !f.greeted.load(Ordering::Relaxed) && f.born.elapsed() > GREETING {
            let why = format!("no follow line within {} s", GREETING.as_secs());
            f.close_with(wire::encode(Message::Error { why }));
            if let Some(c) = lock(&f.conn).take() {
                c.shutdown();
            }
        }
    }
}

/// Refuses a connection, saying why.
fn refuse(conn: Conn, why: String) {
    let mut c = conn;
    let _ = c.write_all(&wire::encode(Message::Error { why }));
    c.shutdown();
}

/// A new follower: its writer and reader threads. `only`: the one user
/// whose connections a share of theirs alone takes.
fn welcome(conn: Conn, hub: &Arc<Hub>, only: Option<u32>) {
    let peer = peer_of(&conn);
    if let (Some(me), Peer::Uid(uid)) = (only, peer)
        && uid != me
        && uid != 0
    {
        return refuse(conn, "this share is its user's only".into());
    }
    let (all, same) = {
        let f = lock(&hub.followers);
        (f.len(), f.iter().filter(|s| s.peer == peer).count())
    };
    if all >= MAX_FOLLOWERS || same >= PER_PEER {
        let n = if all >= MAX_FOLLOWERS {
            MAX_FOLLOWERS
        } else {
            PER_PEER
        };
        return refuse(
            conn,
            format!("this share has {n} followers from there already"),
        );
    }
    let ready = blocking(&conn).and_then(|()| conn.set_write_timeout(STALLED));
    let (reader, cutter) = (conn.try_clone(), conn.try_clone());
    let (Ok(()), Ok(reader), Ok(cutter)) = (ready, reader, cutter) else {
        return refuse(conn, "this share cannot take a follower now".into());
    };
    let slot = Arc::new(Slot::new(peer, Some(cutter)));
    if let Some(l) = lock(&hub.latest).clone() {
        slot.offer(l);
    }
    lock(&hub.followers).push(Arc::clone(&slot));
    let (h, s) = (Arc::clone(hub), Arc::clone(&slot));
    // Threads the system refuses (a user's process limit): the follower
    // is told and let go, the share goes on.
    let writer = std::thread::Builder::new().spawn(move || write_loop(conn, &s, &h));
    let (r, rh) = (Arc::clone(&slot), Arc::clone(hub));
    let read =
        writer.and_then(|_| std::thread::Builder::new().spawn(move || read_loop(reader, &r, &rh)));
    if read.is_err() {
        slot.close_with(wire::encode(Message::Error {
            why: "this share cannot start a thread for another follower".into(),
        }));
        if let Some(c) = lock(&slot.conn).take() {
            c.shutdown();
        }
        lock(&hub.followers).retain(|f| !Arc::ptr_eq(f, &slot));
    }
}

fn write_loop(mut conn: Conn, slot: &Arc<Slot>, hub: &Hub) {
    let hello = wire::encode(Message::Hello {
        program: format!("kifu {}", env!("KIFU_VERSION")),
    });
    let mut ok = conn.write_all(&hello).is_ok();
    while ok {
        match slot.next() {
            Next::Line(l) => ok = conn.write_all(&l).is_ok(),
            Next::Reply(l) => ok = conn.write_all(&l).is_ok(),
            Next::Last(l) => {
                let _ = conn.write_all(&l);
                break;
            }
            Next::Gone => break,
        }
    }
    conn.shutdown();
    lock(&hub.followers).retain(|f| !Arc::ptr_eq(f, slot));
    left(slot, hub);
}

/// What a follower sends: `follow` lines, bounded, or nothing; anything
/// else drops it with the reason.
fn read_loop(conn: Conn, slot: &Arc<Slot>, hub: &Hub) {
    let mut input = BufReader::new(conn);
    loop {
        let why = match wire::read_line(&mut input, wire::MAX_FOLLOWER_LINE) {
            // The follower half-closed (`nc -N`): it sends nothing more,
            // which the protocol allows; it still gets every state, until
            // a write to it fails.
            Ok(None) => return,
            Err(wire::WireError::Io(_)) => {
                slot.gone();
                left(slot, hub);
                return;
            }
            Ok(Some(line)) => match wire::decode(&line) {
                Ok(Message::Follow { .. }) => {
                    slot.greeted.store(true, Ordering::Relaxed);
                    continue;
                }
                Ok(
                    m @ (Message::Join { .. }
                    | Message::Mark { .. }
                    | Message::Seki { .. }
                    | Message::Accept
                    | Message::Resume { .. }),
                ) => {
                    together(m, slot, hub);
                    continue;
                }
                Ok(_) => "a follower sends only follow lines and a partner's asks".to_string(),
                Err(e) => e.to_string(),
            },
            Err(e) => e.to_string(),
        };
        slot.close_with(wire::encode(Message::Error { why }));
        return;
    }
}
