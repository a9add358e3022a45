//! The share protocol on the wire (docs/share.md): one JSON object per
//! line, each naming the protocol's version and its kind. The teacher
//! sends `hello`, then `state` after every change, and `end` when it stops
//! sharing (or `error` before it drops a follower that broke the rules);
//! a follower may send `follow` lines, which change nothing.

use std::io::{self, BufRead};

use serde::{Deserialize, Serialize};

use crate::app::Shown;

/// The protocol's version: a follower refuses another.
pub const VERSION: u32 = 1;

/// The longest line a follower takes from the teacher (a game with every
/// comment of a long review fits many times over).
pub const MAX_LINE: usize = 8 << 20;

/// The longest line the teacher takes from a follower.
pub const MAX_FOLLOWER_LINE: usize = 4096;

/// One message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Message {
    /// The teacher's first line: the program that shares.
    Hello { program: String },
    /// What the teacher's screen shows now; `seq` counts up from 1.
    State { seq: u64, shown: Box<Shown> },
    /// The teacher stopped sharing.
    End,
    /// Why the teacher drops this follower (it sent something that is not
    /// the protocol).
    Error { why: String },
    /// A follower's line (optional): it watches, in this language.
    Follow { lang: Option<String> },
    /// A follower asks to count together, with the host's one-time code
    /// and, if the partner gave one, the name to show (`--name`; absent
    /// from a follower before it, which the host names by its account).
    Join {
        code: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
    },
    /// The host's answer to `join`: this follower is the partner now, or
    /// why not (it keeps following).
    Joined { ok: bool, why: Option<String> },
    /// The partner marks the chain at `at` (an SGF point) dead or alive;
    /// `group`: the whole group.
    Mark { at: String, group: bool },
    /// The partner marks the group at `at` seki or not.
    Seki { at: String },
    /// The partner accepts the marks as they are.
    Accept,
    /// The partner asks to resume play, as the player of `color` (B, W).
    Resume { color: String },
    /// The host refuses what a follower asked (it keeps following).
    Refused { why: String },
}

#[derive(Serialize, Deserialize)]
struct Envelope {
    kifu_share: u32,
    #[serde(flatten)]
    message: Message,
}

/// Why a line is not the protocol.
#[derive(Debug, thiserror::Error)]
pub enum WireError {
    #[error("a line longer than {0} bytes")]
    TooLong(usize),
    #[error("protocol version {0}; this kifu speaks version {VERSION}")]
    Version(u32),
    #[error("not a kifu share message ({0})")]
    NotMessage(String),
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// A message as one line, newline included.
pub fn encode(message: Message) -> Vec<u8> {
    let env = Envelope {
        kifu_share: VERSION,
        message,
    };
    // A Shown is strings, numbers and lists: it always serializes.
    let mut line = serde_json::to_vec(&env).unwrap_or_default();
    line.push(b'\n');
    line
}

/// A line read back as a message.
pub fn decode(line: &[u8]) -> Result<Message, WireError> {
    #[derive(Deserialize)]
    struct Version {
        kifu_share: u32,
    }
    let v: Version = serde_json::from_slice(line)
        .map_err(|e| WireError::NotMessage(e.to_string().chars().take(80).collect()))?;
    if v.kifu_share != VERSION {
        return Err(WireError::Version(v.kifu_share));
    }
    let env: Envelope = serde_json::from_slice(line)
        .map_err(|e| WireError::NotMessage(e.to_string().chars().take(80).collect()))?;
    Ok(env.message)
}

/// The next line, without its newline; None at the end of the stream.
/// A line longer than `max` is an error and is not kept: std's
/// `read_until` would grow without bound on a peer that never sends a
/// newline.
pub fn read_line(input: &mut impl BufRead, max: usize) -> Result<Option<Vec<u8>>, WireError> {
    let mut line = Vec::new();
    loop {
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e.into()),
        };
        if buf.is_empty() {
            return Ok((!line.is_empty()).then_some(line));
        }
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        if line.len() + chunk.len() > max {
            return Err(WireError::TooLong(max));
        }
        line.extend_from_slice(chunk);
        let used = done.unwrap_or(chunk.len());
        input.consume(used);
        if done.is_some() {
            return Ok(Some(line));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_go_through_a_line_and_back() {
        for m in [
            Message::Hello {
                program: "kifu 0.2.0".into(),
            },
            Message::End,
            Message::Error { why: "no".into() },
            Message::Follow {
                lang: Some("de".into()),
            },
            Message::Join {
                code: "123456".into(),
                name: None,
            },
            Message::Join {
                code: "123456".into(),
                name: Some("Bo".into()),
            },
            Message::Joined {
                ok: false,
                why: Some("wrong code".into()),
            },
            Message::Mark {
                at: "pd".into(),
                group: true,
            },
            Message::Seki { at: "aa".into() },
            Message::Accept,
            Message::Resume { color: "B".into() },
            Message::Refused { why: "no".into() },
        ] {
            let line = encode(m.clone());
            assert_eq!(line.iter().filter(|&&b| b == b'\n').count(), 1);
            assert_eq!(decode(&line[..line.len() - 1]).ok(), Some(m));
        }
    }

    #[test]
    fn another_version_and_garbage_are_refused_with_their_reason() {
        let other = br#"{"kifu_share":2,"kind":"end"}"#;
        assert!(matches!(decode(other), Err(WireError::Version(2))));
        assert!(matches!(
            decode(b"\x00\xffGET / HTTP/1.1"),
            Err(WireError::NotMessage(_))
        ));
        assert!(matches!(
            decode(br#"{"kifu_share":1,"kind":"rm -rf"}"#),
            Err(WireError::NotMessage(_))
        ));
    }

    #[test]
    fn a_line_past_the_limit_is_an_error_not_a_growing_buffer() {
        let long = vec![b'x'; 10_000];
        let mut input = io::BufReader::with_capacity(64, &long[..]);
        assert!(matches!(
            read_line(&mut input, 4096),
            Err(WireError::TooLong(4096))
        ));
        let mut two = io::BufReader::with_capacity(3, &b"ab\ncdef\n"[..]);
        assert_eq!(read_line(&mut two, 10).ok(), Some(Some(b"ab".to_vec())));
        assert_eq!(read_line(&mut two, 10).ok(), Some(Some(b"cdef".to_vec())));
        assert_eq!(read_line(&mut two, 10).ok(), Some(None));
    }
}
