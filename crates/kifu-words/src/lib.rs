//! The words kifu shows a person, in six languages (`i18n`): catalogues
//! of key and sentence filled by `tr!`. A crate of its own so that it
//! knows nothing of Go or of the application: the rules and the counting
//! above it take their words from here, and nothing here takes theirs.
//!
//! ```
//! use kifu_words::i18n::Lang;
//! assert_eq!(kifu_words::tr!(Lang::De, "color.black"), "Schwarz");
//! let moves = kifu_words::tr!(Lang::En, "moves", n = 26);
//! assert_eq!(moves, "26 moves");
//! ```

#![forbid(unsafe_code)]

pub mod i18n;
