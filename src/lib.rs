//! kifu: record games of Go in the terminal and count their result.
//!
//! `game` holds the rules (pure), `sgf` reads and writes records, `text`
//! renders plain-text views, `storage` does the file I/O, `keeper` carries
//! out a front end's effects on files, `cli` runs the headless commands.

#![forbid(unsafe_code)]

// The layers below, as their own crates: the compiler keeps the floors.
pub use kifu_go::{count, game, i18n, rule_names, sgf, tr};

pub mod app;
pub mod cli;
mod config;
pub mod engine;
pub mod handout;
pub mod keeper;
mod line;
pub mod print;
mod screen;
mod settings;
pub mod share;
pub mod storage;
pub mod text;
mod tui;
pub mod ui;
