//! Real-world SGF mess: each case loads what can be loaded, says what it
//! did and where, and never panics.

use kifu_go::game::{Color, IllegalReason, Move, Point};
use kifu_go::sgf;

fn notes(text: &str) -> Vec<String> {
    sgf::read_text(text).all_notes()
}

#[test]
fn fox_komi_in_hundredths() {
    let file = sgf::read_text("(;GM[1]SZ[19]AP[foxwq]KM[750]RU[Japanese];B[pd])");
    let g = file.game(1).unwrap();
    assert_eq!(g.record.komi(), 7.5);
    assert!(g.notes[0].contains("KM[750] read as 7.5"), "{:?}", g.notes);
}

#[test]
fn chinese_komi_in_stones() {
    let file = sgf::read_text("(;GM[1]SZ[19]KM[3.75]RU[Chinese];B[pd])");
    assert_eq!(file.game(1).unwrap().record.komi(), 7.5);
}

#[test]
fn move_off_the_board_is_kept_and_reported() {
    let text = "(;SZ[9];B[ee];W[zz];B[cc])";
    let file = sgf::read_text(text);
    let g = file.game(1).unwrap();
    assert!(
        g.notes
            .iter()
            .any(|n| n.contains("move 2") && n.contains("W[zz]")),
        "{:?}",
        g.notes
    );
    // Kept verbatim, so saving does not lose it.
    assert!(sgf::to_sgf(&g.record).contains("W[zz]"));
}

#[test]
fn move_with_two_values_plays_the_first() {
    let file = sgf::read_text("(;SZ[19];B[af][rh];W[dd])");
    let g = file.game(1).unwrap();
    let first = g.record.node(g.record.main_line()[1]);
    assert_eq!(
        first.mv,
        Some((Color::Black, Move::Play(Point::from_sgf("af").unwrap())))
    );
    assert!(g.lossy);
    assert!(
        g.notes[0].contains("move 1: B has 2 values"),
        "{:?}",
        g.notes
    );
}

#[test]
fn illegal_moves_are_flagged_with_their_number() {
    // Move 3 plays on an occupied point, move 4 is a suicide.
    let text = "(;SZ[5]AB[ba][ab];B[ee];W[ee];B[dd];W[aa])";
    let file = sgf::read_text(text);
    let g = file.game(1).unwrap();
    assert!(
        g.notes
            .iter()
            .any(|n| n.contains("move 2 (White)") && n.contains("occupied")),
        "{:?}",
        g.notes
    );
    assert!(
        g.notes
            .iter()
            .any(|n| n.contains("move 4 (White)") && n.contains("suicide")),
        "{:?}",
        g.notes
    );
    let mut rec = g.record.clone();
    rec.to_end();
    assert_eq!(rec.move_number(), 4, "the whole game is loaded");
    let last = rec.node(rec.current());
    assert_eq!(last.problem.map(|p| p.reason), Some(IllegalReason::Suicide));
}

#[test]
fn truncated_file_loads_what_is_there() {
    let text = "(;GM[1]SZ[19];B[pd];W[dd];B[pq];W[d";
    let file = sgf::read_text(text);
    assert!(file.lossy());
    let mut rec = file.game(1).unwrap().record.clone();
    rec.to_end();
    assert_eq!(rec.move_number(), 3);
    assert!(notes(text).iter().any(|n| n.contains("offset")));
}

#[test]
fn collections_give_every_game() {
    let text = "(;SZ[9];B[ee])(;SZ[13];B[gg];W[cc])(;SZ[19])";
    let file = sgf::read_text(text);
    assert_eq!(file.games.len(), 3);
    assert_eq!(file.game(2).unwrap().record.size(), 13);
    assert!(file.game(4).unwrap_err().contains("3 game"));
}

#[test]
fn one_bad_game_does_not_stop_the_others() {
    let text = "(;GM[2]SZ[8];B[ee])(;GM[1]SZ[40];B[aa])(;GM[1]SZ[9:13])(;SZ[9];B[ee])";
    let file = sgf::read_text(text);
    assert!(file.game(1).unwrap_err().contains("not a game of Go"));
    assert!(file.game(2).unwrap_err().contains("25x25"));
    assert!(file.game(3).unwrap_err().contains("rectangular"));
    assert!(file.game(4).is_ok());
}

#[test]
fn ff3_habits() {
    let text = "(;GaMe[1]SiZe[19]AddBlack[dd][pp];White[tt];Black[pd])";
    let file = sgf::read_text(text);
    let g = file.game(1).unwrap();
    let rec = &g.record;
    assert_eq!(rec.node(0).add_black.len(), 2);
    let line = rec.main_line();
    assert_eq!(rec.node(line[1]).mv, Some((Color::White, Move::Pass)));
}

#[test]
fn compressed_point_lists_expand() {
    let file = sgf::read_text("(;SZ[9]AB[aa:cb][ee])");
    let rec = &file.game(1).unwrap().record;
    assert_eq!(rec.board().count_stones(Color::Black), 7);
}

#[test]
fn handicap_games_start_with_white() {
    let file = sgf::read_text("(;SZ[19]HA[2]AB[pd][dp];W[dd])");
    let rec = &file.game(1).unwrap().record;
    assert!(file.all_notes().is_empty());
    let mut r = rec.clone();
    r.to_end();
    assert_eq!(r.to_move(), Color::Black);
}

#[test]
fn garbage_never_panics() {
    for text in [
        "",
        "(",
        ")",
        "(;",
        "((((",
        "(;B[",
        "(;B[]]]]",
        "(;SZ[]B[aa])",
        "(;SZ[abc])",
        "(;SZ[0])",
        ";;;;",
        "(;AB[zz:aa])",
        "(;AB[a])",
        "(;KM[nan])",
        "(;HA[x])",
        "\u{feff}(;C[\\",
    ] {
        let file = sgf::read_text(text);
        let _ = file.all_notes();
        let bytes = text.as_bytes();
        let _ = sgf::read_bytes(bytes);
    }
}

#[test]
fn unknown_rules_text_is_kept_and_reported() {
    let file = sgf::read_text("(;SZ[9]RU[Club rules];B[ee])");
    let g = file.game(1).unwrap();
    assert!(g.notes[0].contains("RU[Club rules]"), "{:?}", g.notes);
    assert!(sgf::to_sgf(&g.record).contains("RU[Club rules]"));
}

/// A handicap the board cannot hold (F12): kept as written, counted as
/// none, said; a real one is read.
#[test]
fn a_handicap_larger_than_the_board_is_refused_with_a_note() {
    let file = sgf::read_text("(;GM[1]SZ[19]HA[4294967295]KM[0.5];B[dd];W[pp])");
    let g = file.game(1).unwrap();
    assert_eq!(g.record.info.handicap, 0);
    assert!(
        g.notes
            .iter()
            .any(|n| n.contains("HA[4294967295]: more handicap stones than a 19x19 board holds")),
        "{:?}",
        g.notes
    );
    assert!(
        sgf::to_sgf(&g.record).contains("HA[4294967295]"),
        "kept as written"
    );
    let file = sgf::read_text("(;GM[1]SZ[9]HA[81];B[dd])");
    assert_eq!(file.game(1).unwrap().record.info.handicap, 0);
    let file = sgf::read_text("(;GM[1]SZ[19]HA[9]AB[dd][pp];W[jj])");
    assert_eq!(file.game(1).unwrap().record.info.handicap, 9);
}

/// F3: control characters in values are kept when read but never written
/// back (enough of them would make kifu's own file look like binary data):
/// said in a note, and the file counts as one a save would change.
#[test]
fn control_characters_in_values_are_not_written_back() {
    let comment: String = "x\u{1}".repeat(20);
    let text = format!("(;GM[1]FF[4]SZ[9]C[{comment}]XX[a\u{7}b];B[ee]C[bell\u{7}])");
    let file = sgf::read_text(&text);
    assert!(file.lossy(), "a save would change it");
    assert!(
        file.all_notes()
            .iter()
            .any(|n| n.contains("control character(s) in the file")
                && n.contains("does not write them back")),
        "{:?}",
        file.all_notes()
    );
    let written = sgf::to_sgf(&file.game(1).unwrap().record);
    assert!(
        !written.chars().any(|c| (c as u32) < 0x20 && c != '\n'),
        "{written:?}"
    );
    assert!(sgf::binary_reason(&written, kifu_go::i18n::Lang::En).is_none());
    let again = sgf::read_text(&written);
    assert!(again.game(1).is_ok());
    assert!(
        written.contains("XX[a?b]") && written.contains("C[bell]"),
        "{written}"
    );
}
