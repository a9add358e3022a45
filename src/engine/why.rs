//! Why KataGo gave no judgment: said in the user's language by whoever
//! shows it (`words`); Display is English (logs, GTP). What the system or
//! KataGo itself said is kept as it came and follows kifu's words.

use crate::i18n::Lang;
use crate::storage::SystemReason;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{}", self.words(Lang::En))]
pub enum EngineError {
    /// A bare program name that is not on PATH.
    NotOnPath(String),
    /// A program path that does not exist.
    NotAt(String),
    /// The network file that does not exist.
    NoNetwork(String),
    /// kifu's config or log folder for KataGo could not be written: the
    /// folder and the system's reason.
    NoWorkFolder(String, SystemReason),
    /// The program would not start: the program and the system's reason.
    CannotStart(String, SystemReason),
    NoPipes,
    /// Writing to KataGo failed: the system's reason.
    StoppedListening(SystemReason),
    Exited,
    /// No answer within this many seconds.
    Silent(f64),
    /// No answer within this many seconds, this many positions in a row:
    /// given up for the rest of the run.
    GivenUp(f64, u32),
    /// A line longer than this many MiB.
    LineTooLong(u64),
    /// The start of a line that is not JSON.
    Unreadable(String),
    /// KataGo's own error for a position, in its words.
    Refused(String),
    NotNumbers,
    MapDoesNotFit,
    NotUsable,
}

impl EngineError {
    pub fn words(&self, lang: Lang) -> String {
        use EngineError as E;
        match self {
            E::NotOnPath(p) => crate::tr!(lang, "engine.why.not_on_path", program = p),
            E::NotAt(p) => crate::tr!(lang, "engine.why.not_at", path = p),
            E::NoNetwork(p) => crate::tr!(lang, "engine.why.no_network", path = p),
            E::NoWorkFolder(p, why) => {
                crate::tr!(
                    lang,
                    "engine.why.no_work_folder",
                    path = p,
                    why = why.words(lang)
                )
            }
            E::CannotStart(p, why) => {
                crate::tr!(
                    lang,
                    "engine.why.cannot_start",
                    program = p,
                    why = why.words(lang)
                )
            }
            E::NoPipes => crate::tr!(lang, "engine.why.no_pipes"),
            E::StoppedListening(why) => {
                crate::tr!(lang, "engine.why.not_listening", why = why.words(lang))
            }
            E::Exited => crate::tr!(lang, "engine.why.exited"),
            E::Silent(s) => crate::tr!(lang, "engine.why.silent", seconds = format!("{s:.1}")),
            E::GivenUp(s, n) => crate::tr!(
                lang,
                "engine.why.given_up",
                seconds = format!("{s:.1}"),
                n = n
            ),
            E::LineTooLong(mib) => crate::tr!(lang, "engine.why.line_too_long", mib = mib),
            E::Unreadable(start) => crate::tr!(lang, "engine.why.unreadable", start = start),
            E::Refused(why) => crate::tr!(lang, "engine.why.refused", why = why),
            E::NotNumbers => crate::tr!(lang, "engine.why.not_numbers"),
            E::MapDoesNotFit => crate::tr!(lang, "engine.why.does_not_fit"),
            E::NotUsable => crate::tr!(lang, "engine.why.not_usable"),
        }
    }
}
