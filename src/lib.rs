//! kifu: record games of Go in the terminal and count their result.
//!
//! `game` holds the rules (pure), `sgf` reads and writes records, `text`
//! renders plain-text views, `storage` does the file I/O, `keeper` carries
//! out a front end's effects on files, `cli` runs the headless commands.

#![forbid(unsafe_code)]

pub mod app;
pub mod cli;
pub mod config;
pub mod count;
pub mod engine;
pub mod game;
pub mod handout;
pub mod i18n;
pub mod keeper;
pub mod line;
pub mod settings;
pub mod sgf;
pub mod storage;
pub mod text;
pub mod tui;
pub mod ui;
