//! Go, as kifu knows it: records read and written, the rules, dead stones
//! judged and both ways of counting with their steps. No terminal, no
//! command line, no files: text in, values out.
//!
//! The types a program needs are at the crate root; the modules hold the
//! rest by subject: [`game`] (board, record, rules, results), [`sgf`]
//! (reading and writing records) and [`count`] (marks, the classification
//! of every point, both counts and their walkthroughs).
//!
//! # Read a record and count it at its end
//!
//! [`read_text`] (or [`read_bytes`] for a file's bytes in any encoding,
//! and the GIB, NGF and UGF formats of other servers) gives an [`SgfFile`]
//! of games. [`Session::of_record`] counts a record as `kifu score` does:
//! the file's rules, komi, handicap and dead-stone marks (TB/TW), else
//! kifu's judge.
//!
//! ```
//! use kifu_go::{Counting, Dead, DeadStones, Session, read_text};
//!
//! let text = "(;GM[1]FF[4]SZ[9]KM[7.5]RU[Chinese]\
//!     AB[ea][eb][ec][ed][ee][ef][eg][eh][ei]\
//!     AW[fa][fb][fc][fd][fe][ff][fg][fh][fi];B[];W[])";
//! let file = read_text(text);
//! let mut rec = file.game(1).expect("one game").record.clone();
//! // A record just read stands at its root: count the end of the game.
//! rec.to_end();
//! let how = Counting { dead: Dead::Given(DeadStones::None), ..Counting::default() };
//! let session = Session::of_record(&rec, how);
//! // Black 45 points of area, White 36, komi 7.5: Black by 1.5.
//! assert_eq!(session.count.result().to_string(), "B+1.5");
//! ```
//!
//! # Judge the dead stones
//!
//! With no marks in the file, [`Dead::FileOrEstimate`] (the default) asks
//! kifu's judge. The groups it is unsure of come back in
//! [`Session::uncertain`], each with a [`Doubt`] that says why.
//!
//! ```
//! use kifu_go::{Counting, Point, Session, Source, read_text};
//!
//! // Black's wall on the E line, White's on the F line, and a lone white
//! // stone at B6 (SGF "bd") inside Black's side.
//! let text = "(;GM[1]FF[4]SZ[9]KM[7.5]RU[Chinese]\
//!     AB[ea][eb][ec][ed][ee][ef][eg][eh][ei]\
//!     AW[fa][fb][fc][fd][fe][ff][fg][fh][fi][bd];B[];W[])";
//! let mut rec = read_text(text).game(1).expect("one game").record.clone();
//! rec.to_end();
//! let session = Session::of_record(&rec, Counting::default());
//! assert!(matches!(session.source, Source::Estimated(_)));
//! assert!(session.marks.is_dead(Point::new(1, 3)));
//! assert!(session.uncertain.is_empty());
//! assert_eq!(session.count.result().to_string(), "B+1.5");
//! ```
//!
//! # Walk the Chinese count's steps
//!
//! [`Chinese`] is the count as a Chinese referee does it: dead stones
//! removed, one side's territory gathered in blocks of ten, then its
//! stones, compared with half the board plus the compensation.
//!
//! ```
//! use kifu_go::{Chinese, Color, Counting, Dead, DeadStones, Session, read_text};
//!
//! let text = "(;GM[1]FF[4]SZ[9]KM[7.5]RU[Chinese]\
//!     AB[ea][eb][ec][ed][ee][ef][eg][eh][ei]\
//!     AW[fa][fb][fc][fd][fe][ff][fg][fh][fi])";
//! let mut rec = read_text(text).game(1).expect("one game").record.clone();
//! rec.to_end();
//! let how = Counting { dead: Dead::Given(DeadStones::None), ..Counting::default() };
//! let s = Session::of_record(&rec, how);
//! let steps = Chinese::new(&s.class, &s.count, Color::Black);
//! assert_eq!(steps.territory, 36); // four columns of nine
//! assert_eq!(steps.stones, 9);
//! assert_eq!(steps.territory_blocks.len(), 4); // three full blocks of ten and a rest
//! assert_eq!(steps.target, 40.5 + 3.75); // half of 81, and half of 7.5 komi
//! ```
//!
//! # Write the result back
//!
//! [`Session::write_result`] puts the result (RE) and the counted
//! territory (TB/TW) on the record; [`to_sgf`] gives the file's text.
//!
//! ```
//! use kifu_go::{Counting, Dead, DeadStones, Session, read_text, to_sgf};
//!
//! let text = "(;GM[1]FF[4]SZ[9]KM[7.5]RU[Chinese]\
//!     AB[ea][eb][ec][ed][ee][ef][eg][eh][ei]\
//!     AW[fa][fb][fc][fd][fe][ff][fg][fh][fi];B[];W[])";
//! let mut rec = read_text(text).game(1).expect("one game").record.clone();
//! rec.to_end();
//! let how = Counting { dead: Dead::Given(DeadStones::None), ..Counting::default() };
//! Session::of_record(&rec, how).write_result(&mut rec);
//! let sgf = to_sgf(&rec);
//! assert!(sgf.contains("RE[B+1.5]"));
//! assert!(sgf.contains("TB[aa]"));
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod count;
pub mod game;
pub mod sgf;

pub use count::session::{Counting, Dead, DeadStones, Session, Source};
pub use count::steps::{Block, Chinese, Japanese};
pub use count::{Classification, Count, Doubt, Flag, Marks, PointClass, Terms, count_position};
pub use game::result::{GameResult, Margin};
pub use game::rules::{HandicapBonus, KoRule, Preset, Rules, Scoring, Settling, parse_rules};
pub use game::{
    Board, Color, GameInfo, GameRecord, IllegalMove, IllegalReason, Move, NodeId, Point,
};
pub use sgf::{GameError, LoadedGame, SgfFile, read_bytes, read_text, to_sgf};

/// The languages kifu's notes and messages are written in (a file's notes,
/// a count's words): English unless asked.
pub use kifu_words::i18n::Lang;

/// kifu's messages in its languages (the `kifu-words` crate): kifu's own,
/// not part of the library's promise.
#[doc(hidden)]
pub use kifu_words::tr;

/// The words, and the one that needs the rules: a colour's name. kifu's
/// own, not part of the library's promise.
#[doc(hidden)]
pub mod i18n {
    pub use kifu_words::i18n::*;

    /// A colour's name: "Black", "黑", "黒", "흑", "Schwarz".
    pub fn color_name(lang: Lang, c: crate::game::Color) -> String {
        match c {
            crate::game::Color::Black => crate::tr!(lang, "color.black"),
            crate::game::Color::White => crate::tr!(lang, "color.white"),
        }
    }

    /// A sum with a negative term said as a difference: a negative komi
    /// makes "180.5 + -2.75" of a template's "{half} + {comp}"; it reads
    /// "180.5 - 2.75".
    pub fn signed(text: String) -> String {
        if text.contains("+ -") {
            text.replace("+ -", "- ")
        } else {
            text
        }
    }

    /// Why kifu is unsure of a group, in words.
    pub fn doubt_name(lang: Lang, d: crate::count::Doubt) -> String {
        use crate::count::Doubt;
        match d {
            Doubt::Judges => crate::tr!(lang, "doubt.judges"),
            Doubt::Ko => crate::tr!(lang, "doubt.ko"),
            Doubt::Race => crate::tr!(lang, "doubt.race"),
            Doubt::Seki => crate::tr!(lang, "doubt.seki"),
            Doubt::Budget => crate::tr!(lang, "doubt.budget"),
        }
    }
}
