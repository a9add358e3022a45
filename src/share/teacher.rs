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
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::os::unix::net::UnixListener;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use super::wire::{self, Message};
use super::{Address, Conn};
use crate::app::Shown;
use crate::i18n::Lang;
use crate::tr;

/// How long a follower may take nothing before it is dropped.
const STALLED: Duration = Duration::from_secs(20);
/// Followers at most: another is told so and dropped.
pub const MAX_FOLLOWERS: usize = 512;

/// How to share: where, and whether the user's group may follow too.
#[derive(Debug, Clone)]
pub struct ShareOptions {
    pub address: Address,
    /// The socket readable and writable by the user's group (a club
    /// account), not only the user.
    pub group: bool,
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
}

/// One follower's pending line.
#[derive(Default)]
struct Slot {
    pending: Mutex<Pending>,
    wake: Condvar,
}

#[derive(Default)]
struct Pending {
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
                let (l, ino) = bind_unix(path, opts.group, lang)?;
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
        let h = Arc::clone(&hub);
        std::thread::spawn(move || accept_loop(&listener, &h));
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

/// Binds the socket at `path`: an old socket nobody answers on is
/// replaced; a live one, or a file that is not a socket, is an error
/// (never removed). The socket is the user's only (0600), or the group's
/// too (0660). The default folder is made the user's only (0700).
fn bind_unix(
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
    let l = UnixListener::bind(path).map_err(|e| fail(e.to_string()))?;
    let mode = if group { 0o660 } else { 0o600 };
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
        .map_err(|e| fail(e.to_string()))?;
    let ino = std::fs::symlink_metadata(path)
        .map_err(|e| fail(e.to_string()))?
        .ino();
    Ok((l, ino))
}

fn accept_loop(listener: &Listener, hub: &Arc<Hub>) {
    while !hub.stop.load(Ordering::Relaxed) {
        match listener.accept() {
            Ok(conn) => welcome(conn, hub),
            Err(_) => std::thread::sleep(Duration::from_millis(20)),
        }
    }
}

/// A new follower: its writer and reader threads.
fn welcome(conn: Conn, hub: &Arc<Hub>) {
    let full = lock(&hub.followers).len() >= MAX_FOLLOWERS;
    let ready = blocking(&conn).and_then(|()| conn.set_write_timeout(STALLED));
    let reader = conn.try_clone();
    let (Ok(()), Ok(reader), false) = (ready, reader, full) else {
        let mut c = conn;
        let why = format!("this share has {MAX_FOLLOWERS} followers already");
        let _ = c.write_all(&wire::encode(Message::Error { why }));
        c.shutdown();
        return;
    };
    let slot = Arc::new(Slot::default());
    if let Some(l) = lock(&hub.latest).clone() {
        slot.offer(l);
    }
    lock(&hub.followers).push(Arc::clone(&slot));
    let (h, s) = (Arc::clone(hub), Arc::clone(&slot));
    std::thread::spawn(move || write_loop(conn, &s, &h));
    std::thread::spawn(move || read_loop(reader, &slot));
}

fn write_loop(mut conn: Conn, slot: &Arc<Slot>, hub: &Hub) {
    let hello = wire::encode(Message::Hello {
        program: format!("kifu {}", env!("KIFU_VERSION")),
    });
    let mut ok = conn.write_all(&hello).is_ok();
    while ok {
        match slot.next() {
            Next::Line(l) => ok = conn.write_all(&l).is_ok(),
            Next::Last(l) => {
                let _ = conn.write_all(&l);
                break;
            }
            Next::Gone => break,
        }
    }
    conn.shutdown();
    lock(&hub.followers).retain(|f| !Arc::ptr_eq(f, slot));
}

/// What a follower sends: `follow` lines, bounded, or nothing; anything
/// else drops it with the reason.
fn read_loop(conn: Conn, slot: &Slot) {
    let mut input = BufReader::new(conn);
    loop {
        let why = match wire::read_line(&mut input, wire::MAX_FOLLOWER_LINE) {
            // The follower half-closed (`nc -N`): it sends nothing more,
            // which the protocol allows; it still gets every state, until
            // a write to it fails.
            Ok(None) => return,
            Err(wire::WireError::Io(_)) => {
                slot.gone();
                return;
            }
            Ok(Some(line)) => match wire::decode(&line) {
                Ok(Message::Follow { .. }) => continue,
                Ok(_) => "a follower sends only follow lines".to_string(),
                Err(e) => e.to_string(),
            },
            Err(e) => e.to_string(),
        };
        slot.close_with(wire::encode(Message::Error { why }));
        return;
    }
}
