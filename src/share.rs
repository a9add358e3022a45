//! Sharing the presenter's screen with followers (`kifu --share`, `kifu
//! follow`): where a share listens, and the one kind of connection both
//! sides use (a Unix socket, or TCP). The teacher's side is `teacher.rs`,
//! the follower's `follow.rs`, the protocol `wire.rs` (docs/share.md).

use std::io::{self, Read, Write};
use std::net::TcpStream;
use std::os::unix::net::UnixStream;
use std::path::PathBuf;

mod follow;
mod follower_line;
mod follower_screen;
pub mod partner;
pub mod socket;
pub mod teacher;
pub mod wire;

pub use follow::{Feed, FeedEvent, Hello, Watched};
pub use follower_line::FollowOptions;
pub use follower_screen::run_follow;
pub use teacher::{Invite, ShareOptions, Teacher};

/// A local account's name from its uid, or its uid from its name, as
/// /etc/passwd has them: the partner a host names (`--together alice`),
/// and the name a partner shows under. std has no getpwnam; the file's
/// format is fixed (name:password:uid:...).
pub fn account(by: Account<'_>) -> Option<(String, u32)> {
    let text = std::fs::read_to_string("/etc/passwd").ok()?;
    text.lines().find_map(|line| {
        let mut f = line.split(':');
        let name = f.next()?;
        let uid: u32 = f.nth(1)?.parse().ok()?;
        let hit = match by {
            Account::Name(n) => n == name,
            Account::Uid(u) => u == uid,
        };
        hit.then(|| (name.to_string(), uid))
    })
}

/// `:share [SOCKET]` starts sharing (at the default socket without one),
/// `:share together [SOCKET]` for counting together (the code is said),
/// `:share off` stops: what to say. The board screen and line mode alike.
pub fn command(teacher: &mut Option<Teacher>, at: &str, lang: crate::i18n::Lang) -> String {
    use crate::tr;
    if at == "off" {
        return match teacher.take() {
            Some(t) => tr!(lang, "share.stopped", at = t.address().text()),
            None => tr!(lang, "share.not_sharing"),
        };
    }
    if let Some(t) = teacher.as_ref() {
        return tr!(lang, "share.already", at = t.address().text());
    }
    let (together, at) = match at.strip_prefix("together") {
        Some(rest) if rest.is_empty() || rest.starts_with(' ') => (true, rest.trim()),
        _ => (false, at),
    };
    let path = (!at.is_empty()).then(|| PathBuf::from(at));
    let opts = ShareOptions {
        address: Address::unix(path),
        group: false,
        together: together.then(|| Invite::new(None)),
    };
    match Teacher::start(&opts, lang, &mut Vec::new()) {
        Ok(t) => {
            let said = started(&t, lang);
            *teacher = Some(t);
            said
        }
        Err(why) => why,
    }
}

/// What a share that just started says: where, or the partner's command
/// with the code when it is for counting together.
pub fn started(t: &Teacher, lang: crate::i18n::Lang) -> String {
    let at = t.address().text();
    match t.code() {
        Some(code) => crate::tr!(lang, "tg.open", code = code, at = at),
        None => crate::tr!(lang, "share.started", at = at),
    }
}

/// What the app is to hear of the share for counting together, in order:
/// that it opened or closed (`open`: the app counts together now), then
/// the partner's asks.
pub fn partner_asks(
    teacher: Option<&Teacher>,
    open: bool,
) -> Vec<crate::app::together::PartnerAsk> {
    use crate::app::together::PartnerAsk;
    let mut asks = teacher.map(Teacher::partner_asks).unwrap_or_default();
    if teacher.is_some_and(|t| t.code().is_some()) && !open {
        asks.insert(0, PartnerAsk::Open);
    } else if teacher.is_none() && open {
        asks.insert(0, PartnerAsk::Closed);
    }
    asks
}

/// What to look an account up by.
#[derive(Debug, Clone, Copy)]
pub enum Account<'a> {
    /// Its name.
    Name(&'a str),
    /// Its uid.
    Uid(u32),
}

/// The account name of `uid`, if it has one.
pub fn account_name(uid: u32) -> Option<String> {
    account(Account::Uid(uid)).map(|(n, _)| n)
}

/// Where a share listens and a follower connects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Address {
    /// A Unix socket at this path.
    Unix(PathBuf),
    /// TCP at `host:port`.
    Tcp(String),
}

impl Address {
    /// A Unix socket: the path given, else `share.sock` in the user's
    /// runtime folder (`$XDG_RUNTIME_DIR/kifu`), else in a folder of the
    /// user's own under the temporary folder.
    pub fn unix(given: Option<PathBuf>) -> Address {
        Address::Unix(given.unwrap_or_else(|| default_folder().join("share.sock")))
    }

    /// How the address is written for a person (and `kifu follow` takes).
    pub fn text(&self) -> String {
        match self {
            Address::Unix(p) => p.display().to_string(),
            Address::Tcp(a) => a.clone(),
        }
    }

    /// Connects as a follower.
    pub fn connect(&self) -> io::Result<Conn> {
        Ok(match self {
            Address::Unix(p) => Conn::Unix(UnixStream::connect(p)?),
            Address::Tcp(a) => {
                let s = TcpStream::connect(a)?;
                // Each state is one small write: send it now.
                s.set_nodelay(true)?;
                Conn::Tcp(s)
            }
        })
    }
}

/// The folder the default socket goes in.
pub fn default_folder() -> PathBuf {
    let runtime = std::env::var_os("XDG_RUNTIME_DIR").filter(|d| !d.is_empty());
    match runtime {
        Some(d) => PathBuf::from(d).join("kifu"),
        None => {
            let uid = rustix::process::getuid().as_raw();
            std::env::temp_dir().join(format!("kifu-{uid}"))
        }
    }
}

/// One connection between a teacher and a follower.
#[derive(Debug)]
pub enum Conn {
    Unix(UnixStream),
    Tcp(TcpStream),
}

impl Conn {
    /// The same connection again, for a second thread (one reads, one
    /// writes).
    pub fn try_clone(&self) -> io::Result<Conn> {
        Ok(match self {
            Conn::Unix(s) => Conn::Unix(s.try_clone()?),
            Conn::Tcp(s) => Conn::Tcp(s.try_clone()?),
        })
    }

    /// Ends both directions: a thread blocked on it returns.
    pub fn shutdown(&self) {
        let _ = match self {
            Conn::Unix(s) => s.shutdown(std::net::Shutdown::Both),
            Conn::Tcp(s) => s.shutdown(std::net::Shutdown::Both),
        };
    }

    /// A write that cannot finish in this time fails (a follower that
    /// takes nothing is dropped, and reconnects when it wakes).
    pub fn set_write_timeout(&self, t: std::time::Duration) -> io::Result<()> {
        match self {
            Conn::Unix(s) => s.set_write_timeout(Some(t)),
            Conn::Tcp(s) => s.set_write_timeout(Some(t)),
        }
    }
}

impl Read for Conn {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Conn::Unix(s) => s.read(buf),
            Conn::Tcp(s) => s.read(buf),
        }
    }
}

impl Write for Conn {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Conn::Unix(s) => s.write(buf),
            Conn::Tcp(s) => s.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Conn::Unix(s) => s.flush(),
            Conn::Tcp(s) => s.flush(),
        }
    }
}
