//! A README renamed .sgf is not a game: the application's own document
//! read as a record (the rest of the SGF mess is kifu-go's, in its tests).

use kifu::sgf;

/// F19: a text file that merely holds a `(` and a `B[` (a README renamed
/// .sgf) is not a game record, refused as binary data is; a real game
/// behind a header of text is still read.
#[test]
fn text_that_is_mostly_not_sgf_is_not_a_game() {
    let readme = include_str!("../../docs/data-safety.md");
    let file = sgf::read_text(readme);
    let why = file.game(1).unwrap_err();
    assert!(why.contains("mostly text that is not SGF"), "{why}");
    let prose = "Some words about a game (see the record below).\n".repeat(5);
    let game = format!("{prose}(;GM[1]FF[4]SZ[9]PB[Ann]PW[Bob];B[ee];W[cc];B[gg];W[gc];B[cg])");
    assert!(game.len() > 256);
    let file = sgf::read_text(&game);
    assert_eq!(file.game(1).unwrap().record.main_line().len(), 6);
}
