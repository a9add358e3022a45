//! The partner's seat (`kifu follow --together CODE`): what the partner
//! types becomes an ask to the host (`dead Q16`, `group Q16`, `seki Q16`,
//! `accept`, `resume b`), in the screen after `:` and in line mode as a
//! line. The host decides (app/together.rs); this only words the asks.

use super::wire::Message;
use crate::game::Point;

/// The partner's own state: joined or not, and what is being typed.
#[derive(Debug, Default)]
pub struct Seat {
    /// The host's answer to joining: in, or why not (None: no answer yet,
    /// or not asked).
    pub joined: Option<Result<(), String>>,
    /// A command being typed after `:`.
    pub typing: Option<String>,
    /// The last thing to say on the message line (a refusal, a typo).
    pub said: Option<String>,
}

impl Seat {
    /// This follower counts with the host.
    pub fn is_partner(&self) -> bool {
        matches!(self.joined, Some(Ok(())))
    }
}

/// Why a typed line is not an ask.
#[derive(Debug, Clone, PartialEq)]
pub struct NotAnAsk(pub String);

/// A typed line as the ask it means, on a board of `size`. A bare point
/// marks its chain, as `dead POINT` does.
pub fn ask_of(line: &str, size: u8) -> Result<Message, NotAnAsk> {
    let line = line.trim();
    let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
    let point = |t: &str| {
        Point::parse_any(t.trim(), size)
            .map(Point::to_sgf)
            .map_err(|_| NotAnAsk(line.to_string()))
    };
    match word.to_ascii_lowercase().as_str() {
        "dead" | "mark" | "x" => Ok(Message::Mark {
            at: point(rest)?,
            group: false,
        }),
        "group" => Ok(Message::Mark {
            at: point(rest)?,
            group: true,
        }),
        "seki" => Ok(Message::Seki { at: point(rest)? }),
        "accept" | "a" => Ok(Message::Accept),
        "resume" => match rest.trim().to_ascii_lowercase().as_str() {
            "b" | "black" => Ok(Message::Resume { color: "B".into() }),
            "w" | "white" => Ok(Message::Resume { color: "W".into() }),
            _ => Err(NotAnAsk(line.to_string())),
        },
        _ if rest.is_empty() => point(word).map(|at| Message::Mark { at, group: false }),
        _ => Err(NotAnAsk(line.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_lines_become_asks() {
        let mark = |at: &str, group| Message::Mark {
            at: at.into(),
            group,
        };
        assert_eq!(ask_of("dead Q16", 19), Ok(mark("pd", false)));
        assert_eq!(ask_of("q16", 19), Ok(mark("pd", false)));
        assert_eq!(ask_of("group pd", 19), Ok(mark("pd", true)));
        assert_eq!(ask_of("seki A1", 9), Ok(Message::Seki { at: "ai".into() }));
        assert_eq!(ask_of(" accept ", 19), Ok(Message::Accept));
        assert_eq!(
            ask_of("resume w", 19),
            Ok(Message::Resume { color: "W".into() })
        );
        for bad in ["dead", "dead Z99", "resume", "hello there", "", "T20"] {
            assert!(ask_of(bad, 19).is_err(), "{bad:?}");
        }
    }
}
