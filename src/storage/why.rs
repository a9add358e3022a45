//! Why kifu could not read or write a file, as types: the refusals a
//! person meets (`Refused`, `Unreadable`) and what an operation was doing
//! when the system refused it (`Unwritable`), each said in the user's
//! language by `said`; their Display is English (logs, the command line's
//! English). storage.rs and write.rs return them.

use super::*;

/// Why kifu will not write a file there: the refusals a person meets when
/// saving, each with what to do, said in their language by whoever shows
/// them (`words`); Display is English, for logs and the command line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    #[error("{}", self.words(crate::i18n::Lang::En))]
    PlantedLink(PathBuf),
    #[error("{}", self.words(crate::i18n::Lang::En))]
    TooManyLinks(PathBuf),
    #[error("{}", self.words(crate::i18n::Lang::En))]
    Folder(PathBuf),
    #[error("{}", self.words(crate::i18n::Lang::En))]
    NotRegular(PathBuf),
    #[error("{}", self.words(crate::i18n::Lang::En))]
    ReadOnly(PathBuf),
    #[error("{}", self.words(crate::i18n::Lang::En))]
    NotYours(PathBuf),
}

impl Refused {
    /// Why, and what to do, in `lang`.
    pub fn words(&self, lang: crate::i18n::Lang) -> String {
        let (key, path) = match self {
            Refused::PlantedLink(p) => ("save.planted_link", p),
            Refused::TooManyLinks(p) => ("save.too_many_links", p),
            Refused::Folder(p) => ("save.folder", p),
            Refused::NotRegular(p) => ("save.not_regular", p),
            Refused::ReadOnly(p) => ("save.read_only", p),
            Refused::NotYours(p) => ("save.not_yours", p),
        };
        crate::tr!(lang, key, path = path.display().to_string())
    }
}

/// What a file operation that failed was doing, as the context of the
/// system's error (which says why): said in the user's language by
/// `said`; Display is English.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Unwritable {
    /// A save that failed: the file is as it was.
    #[error("{}", self.words(crate::i18n::Lang::En))]
    NotSaved(PathBuf),
    /// The same, most likely for want of space.
    #[error("{}", self.words(crate::i18n::Lang::En))]
    DiskFull(PathBuf),
    #[error("{}", self.words(crate::i18n::Lang::En))]
    NoTemp(PathBuf, PathBuf),
    #[error("{}", self.words(crate::i18n::Lang::En))]
    Replace(PathBuf),
    #[error("{}", self.words(crate::i18n::Lang::En))]
    ReadLink(PathBuf),
    #[error("{}", self.words(crate::i18n::Lang::En))]
    LookAt(PathBuf),
    #[error("{}", self.words(crate::i18n::Lang::En))]
    Create(PathBuf),
    #[error("{}", self.words(crate::i18n::Lang::En))]
    Move(PathBuf, PathBuf),
    #[error("{}", self.words(crate::i18n::Lang::En))]
    Remove(PathBuf),
    #[error("{}", self.words(crate::i18n::Lang::En))]
    Lock(PathBuf),
    /// The autosave folder is a link or not a folder.
    #[error("{}", self.words(crate::i18n::Lang::En))]
    NotAFolder(PathBuf),
    /// An autosave is a link or not a file.
    #[error("{}", self.words(crate::i18n::Lang::En))]
    NotAFile(PathBuf),
    /// A save in place cut short: the journal holds the whole new content.
    #[error("{}", self.words(crate::i18n::Lang::En))]
    Cut(PathBuf, PathBuf),
    #[error("{}", self.words(crate::i18n::Lang::En))]
    NotCompletelyWritten(PathBuf),
    #[error("{}", self.words(crate::i18n::Lang::En))]
    MakeFolder(PathBuf),
    /// The text kifu was to write would be taken for binary data: why.
    #[error("{}", self.words(crate::i18n::Lang::En))]
    WouldLookBinary(PathBuf, String),
}

impl Unwritable {
    /// What failed, in `lang`.
    pub fn words(&self, lang: crate::i18n::Lang) -> String {
        use crate::tr;
        let at = |p: &Path| p.display().to_string();
        match self {
            Unwritable::NotSaved(p) => tr!(lang, "io.not_saved", path = at(p)),
            Unwritable::DiskFull(p) => tr!(lang, "io.disk_full", path = at(p)),
            Unwritable::NoTemp(p, d) => tr!(lang, "io.no_temp", path = at(p), dir = at(d)),
            Unwritable::Replace(p) => tr!(lang, "io.replace", path = at(p)),
            Unwritable::ReadLink(p) => tr!(lang, "io.read_link", path = at(p)),
            Unwritable::LookAt(p) => tr!(lang, "io.look_at", path = at(p)),
            Unwritable::Create(p) => tr!(lang, "io.create", path = at(p)),
            Unwritable::Move(a, b) => tr!(lang, "io.move", path = at(a), to = at(b)),
            Unwritable::Remove(p) => tr!(lang, "io.remove", path = at(p)),
            Unwritable::Lock(p) => tr!(lang, "io.lock", path = at(p)),
            Unwritable::NotAFolder(p) => tr!(lang, "io.not_a_folder", path = at(p)),
            Unwritable::NotAFile(p) => tr!(lang, "io.not_a_file", path = at(p)),
            Unwritable::Cut(p, j) => tr!(lang, "io.cut", path = at(p), journal = at(j)),
            Unwritable::NotCompletelyWritten(p) => tr!(lang, "io.cut_short", path = at(p)),
            Unwritable::MakeFolder(p) => tr!(lang, "io.make_folder", path = at(p)),
            Unwritable::WouldLookBinary(p, why) => {
                tr!(lang, "io.would_look_binary", path = at(p), why = why)
            }
        }
    }
}

/// An error of a save or a read as a person reads it: kifu's own words
/// (a refusal, what it was doing) in their language, then the system's
/// reason as the system gives it; any other error as it is.
pub fn said(e: &anyhow::Error, lang: crate::i18n::Lang) -> String {
    let ours = if let Some(r) = e.downcast_ref::<Refused>() {
        r.words(lang)
    } else if let Some(u) = e.downcast_ref::<Unreadable>() {
        u.words(lang)
    } else if let Some(u) = e.downcast_ref::<Unwritable>() {
        u.words(lang)
    } else {
        return format!("{e:#}");
    };
    let root = e.root_cause();
    let ours_is_root = root.downcast_ref::<Refused>().is_some()
        || root.downcast_ref::<Unreadable>().is_some()
        || root.downcast_ref::<Unwritable>().is_some();
    if ours_is_root {
        ours
    } else if let Some(io) = root.downcast_ref::<std::io::Error>() {
        format!("{ours}: {}", SystemReason::of(io).words(lang))
    } else {
        format!("{ours}: {root}")
    }
}

/// The system's reason for a failed read, write or start: the common ones
/// said in the user's language, any other in the system's own words
/// (which are English: Rust does not set the C library's locale).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{text}")]
pub struct SystemReason {
    kind: std::io::ErrorKind,
    text: String,
}

impl SystemReason {
    pub fn of(e: &std::io::Error) -> SystemReason {
        SystemReason {
            kind: e.kind(),
            text: e.to_string(),
        }
    }

    /// The root reason of an error chain (an operation's context aside).
    pub fn of_chain(e: &anyhow::Error) -> SystemReason {
        match e.root_cause().downcast_ref::<std::io::Error>() {
            Some(io) => SystemReason::of(io),
            None => SystemReason {
                kind: std::io::ErrorKind::Other,
                text: e.root_cause().to_string(),
            },
        }
    }

    pub fn words(&self, lang: crate::i18n::Lang) -> String {
        use std::io::ErrorKind as K;
        let key = match self.kind {
            K::NotFound => "os.not_found",
            K::PermissionDenied => "os.denied",
            K::StorageFull => "os.full",
            K::QuotaExceeded => "os.quota",
            K::ReadOnlyFilesystem => "os.read_only",
            K::IsADirectory => "os.is_folder",
            K::NotADirectory => "os.not_folder",
            K::AlreadyExists => "os.exists",
            K::FileTooLarge => "os.too_large",
            K::ResourceBusy | K::ExecutableFileBusy => "os.busy",
            K::BrokenPipe => "os.broken_pipe",
            _ => return self.text.clone(),
        };
        crate::tr!(lang, key)
    }
}

/// Why a file kifu was asked to read cannot be: said in the user's
/// language by whoever shows it (`said`); Display is English.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Unreadable {
    #[error("{}", self.words(crate::i18n::Lang::En))]
    Missing(PathBuf),
    #[error("{}", self.words(crate::i18n::Lang::En))]
    Denied(PathBuf),
    /// Another reason, in the system's words.
    #[error("{}", self.words(crate::i18n::Lang::En))]
    Other(PathBuf, SystemReason),
    #[error("{}", self.words(crate::i18n::Lang::En))]
    Folder(PathBuf),
    /// Its size and the most kifu reads, in MB.
    #[error("{}", self.words(crate::i18n::Lang::En))]
    TooLarge(PathBuf, u64, u64),
    /// A stream longer than the most kifu reads, in MB.
    #[error("{}", self.words(crate::i18n::Lang::En))]
    StreamTooLarge(PathBuf, u64),
    /// No memory for more than this many MB of it.
    #[error("{}", self.words(crate::i18n::Lang::En))]
    NoMemory(PathBuf, u64),
    /// Binary data: NUL and control bytes in its first bytes.
    #[error("{}", self.words(crate::i18n::Lang::En))]
    Binary(PathBuf, usize, usize, usize),
    /// Not an SGF game record: why, as the reader said it.
    #[error("{}", self.words(crate::i18n::Lang::En))]
    NotSgf(PathBuf, String),
}

impl Unreadable {
    pub(super) fn of(path: &Path, e: &std::io::Error) -> Unreadable {
        let p = path.to_path_buf();
        match e.kind() {
            std::io::ErrorKind::NotFound => Unreadable::Missing(p),
            std::io::ErrorKind::PermissionDenied => Unreadable::Denied(p),
            _ => Unreadable::Other(p, SystemReason::of(e)),
        }
    }

    /// Why, in `lang`.
    pub fn words(&self, lang: crate::i18n::Lang) -> String {
        use crate::tr;
        let at = |p: &Path| shown(p, lang);
        match self {
            Unreadable::StreamTooLarge(p, max) => {
                tr!(lang, "read.stream_too_large", path = at(p), max = max)
            }
            Unreadable::NoMemory(p, mb) => tr!(lang, "read.no_memory", path = at(p), mb = mb),
            Unreadable::Binary(p, nul, control, n) => tr!(
                lang,
                "read.binary",
                path = at(p),
                nul = nul,
                control = control,
                n = n
            ),
            Unreadable::NotSgf(p, why) => tr!(lang, "read.not_sgf", path = at(p), why = why),
            Unreadable::Missing(p) => tr!(lang, "read.missing", path = at(p)),
            Unreadable::Denied(p) => tr!(lang, "read.denied", path = at(p)),
            Unreadable::Other(p, why) => {
                tr!(lang, "read.other", path = at(p), why = why.words(lang))
            }
            Unreadable::Folder(p) => tr!(lang, "read.folder", path = at(p)),
            Unreadable::TooLarge(p, mb, max) => {
                tr!(lang, "read.too_large", path = at(p), mb = mb, max = max)
            }
        }
    }
}

/// The name kifu gives standard input where a path would go.
pub const STDIN_NAME: &str = "-";

/// A path as said to a person: standard input by its name in `lang`.
fn shown(p: &Path, lang: crate::i18n::Lang) -> String {
    if p == Path::new(STDIN_NAME) {
        crate::tr!(lang, "io.stdin")
    } else {
        p.display().to_string()
    }
}
