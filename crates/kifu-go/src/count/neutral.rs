//! Korean rules after the second pair of passes (docs/rules.md section 11, the Korean
//! attachment): a neutral point that is still a real move is played, not
//! left. Two kinds: a dame whose filling gains its player a point of
//! territory, and a protective move a group needs (a point its owner must
//! fill, once the dame are filled, to keep the group out of atari).

use crate::count::{Classification, Marks, PointClass};
use crate::game::{Board, Color, Move, Point};

/// Why a neutral point is still a real move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    /// Playing it makes a point of territory for its player.
    GainsPoint,
    /// Its player's group needs it, or it comes into atari.
    Protects,
}

/// A point still worth a move, and for whom.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RealMove {
    pub point: Point,
    pub player: Color,
    pub why: Why,
}

impl RealMove {
    /// "D5 (gains Black a point)".
    pub fn describe(&self, size: u8) -> String {
        let who = self.player.name();
        match self.why {
            Why::GainsPoint => format!("{} (gains {who} a point)", self.point.to_gtp(size)),
            Why::Protects => format!(
                "{} (a protective move {who} needs)",
                self.point.to_gtp(size)
            ),
        }
    }
}

fn territory(class: &Classification, board: &Board, c: Color) -> usize {
    board
        .points()
        .filter(|&p| class.at(p) == PointClass::Territory(c))
        .count()
}

/// The neutral points of a stopped position that are still real moves,
/// with the dead stones as marked. Suicide never counts as a move here.
pub fn real_moves(board: &Board, marks: &Marks) -> Vec<RealMove> {
    let class = Classification::classify(board, marks);
    let mut out = Vec::new();
    for p in board.points() {
        match class.at(p) {
            PointClass::Protect(c) => out.push(RealMove {
                point: p,
                player: c,
                why: Why::Protects,
            }),
            PointClass::Dame => {
                for c in [Color::Black, Color::White] {
                    if board.check(c, Move::Play(p), false).is_err() || board.is_self_atari(c, p) {
                        continue;
                    }
                    let mut after = board.clone();
                    if after.play_forced(c, Move::Play(p)).is_err() {
                        continue;
                    }
                    let now = Classification::classify(&after, marks);
                    if territory(&now, &after, c) > territory(&class, board, c) {
                        out.push(RealMove {
                            point: p,
                            player: c,
                            why: Why::GainsPoint,
                        });
                    }
                }
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str, n: u8) -> Point {
        Point::from_gtp(s, n).unwrap()
    }

    /// Both walls closed, a line of dame between them: filling one gains
    /// nothing.
    #[test]
    fn a_plain_dame_is_no_real_move() {
        let b = Board::from_diagram(
            "
. X . O .
. X . O .
. X . O .
. X . O .
. X . O .",
        )
        .unwrap();
        let m = Marks::new(b.size());
        assert_eq!(real_moves(&b, &m), vec![]);
    }

    /// A gap in White's wall at C2: Black's stone there would leave D2
    /// neutral; White's stone there closes the wall and makes D2 (and
    /// the corner) White's. A real move for White, not a dame.
    #[test]
    fn a_dame_that_closes_a_wall_gains_a_point() {
        let b = Board::from_diagram(
            "
. X O .
. X O .
. X . .
. X X O",
        )
        .unwrap();
        let m = Marks::new(b.size());
        let moves = real_moves(&b, &m);
        assert!(
            moves.contains(&RealMove {
                point: at("C2", 4),
                player: Color::White,
                why: Why::GainsPoint
            }),
            "{moves:?}"
        );
    }
}
