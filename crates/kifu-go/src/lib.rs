//! Go, as kifu knows it: the rules (`game`), SGF records read and written
//! (`sgf`), and counting (`count`): dead stones judged by rules, a small
//! network or local reading, both ways of counting (area against half the
//! board, territory with prisoners) and their walkthroughs step by step.
//! No terminal, no command line, no files: text in, values out.
//!
//! Read a record and count its final position as `kifu score` does (the
//! file's rules, komi, handicap and dead-stone marks, else kifu's judge):
//!
//! ```
//! use kifu_go::count::session::{Counting, Dead, DeadStones, Session};
//! use kifu_go::sgf;
//!
//! let text = "(;GM[1]FF[4]SZ[9]KM[7.5]RU[Chinese]\
//!     AB[ea][eb][ec][ed][ee][ef][eg][eh][ei]\
//!     AW[fa][fb][fc][fd][fe][ff][fg][fh][fi];B[];W[])";
//! let file = sgf::read_text(text);
//! let game = file.game(1).expect("one game");
//! let mut rec = game.record.clone();
//! // A record just read stands at its root: count the end of the game.
//! rec.to_end();
//! let how = Counting { dead: Dead::Given(DeadStones::None), ..Counting::default() };
//! let session = Session::of_record(&rec, how);
//! // Black 45 points of area, White 36, komi 7.5: Black by 1.5.
//! assert_eq!(session.count.result().to_string(), "B+1.5");
//! ```

#![forbid(unsafe_code)]

pub mod count;
pub mod game;
pub mod sgf;

pub use kifu_words::tr;

/// The words, and the one that needs the rules: a colour's name.
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
