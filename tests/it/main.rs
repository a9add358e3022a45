//! kifu's integration tests, one binary (a change to the library re-links
//! it once): each module is one area, named as the file. Run one area with
//! `cargo test --test it tui::`, the ignored reports with `-- --ignored`.

mod cli;
mod clock;
mod collections;
mod common;
mod confirm;
mod count_mode;
mod count_report;
mod data_report;
mod data_safety;
mod determinism;
mod engine;
mod flags;
mod foreign;
mod gogui;
mod gtp;
mod handout;
mod keys;
mod languages;
mod layout;
mod learned;
mod line_mode;
mod modes;
mod outside;
mod presenter;
mod print;
mod recording;
mod room;
mod same_count;
mod save_safety;
mod score_write;
mod sgf_mess;
mod sgf_roundtrip;
mod share;
mod share_attacks;
mod terminal;
mod themes;
mod together;
mod tree_model;
mod tui;
mod typed_points;
mod write_result;
