//! The learned judge's input: a few planes per point that a Go programmer
//! would choose. The training data (examples/planes.rs, train/) is made
//! by this very function, so training and inference cannot disagree.

use crate::count::judge::estimate::{self, Budget, Estimate, Played};
use crate::game::rules::Scoring;
use crate::game::{Board, Color};

/// Planes per point, in this order:
/// 0 on the board; 1 a black stone; 2 a white stone; 3, 4, 5 a stone
/// whose chain has 1, 2, 3 liberties; 6, 7 a black, a white stone or
/// region that Benson's algorithm proves alive (kifu's exact knowledge);
/// 8 Black to move; 9 area scoring (bent four and seki differ by rules);
/// 10 a stone the rules estimator (`count::judge::estimate`) calls dead; 11 a
/// stone of a chain it is unsure of; 12, 13 a point the estimator's
/// playouts leave Black's (the share that end with it Black's, minus
/// White's, at least 1/4, 3/4), 14, 15 the same for White. The network learns where
/// to trust the playouts and reading, and where KataGo would judge
/// otherwise.
pub const PLANES: usize = 16;

/// Channel pairs that swap when the colours swap (with plane 8 flipped):
/// the training script's colour augmentation reads the same list.
pub const COLOUR_PAIRS: [(usize, usize); 4] = [(1, 2), (6, 7), (12, 14), (13, 15)];

/// The playouts' ownership where planes 12-15 turn on.
const OWNED: [f32; 2] = [0.25, 0.75];

/// The planes of `board`, channel-major: `PLANES` planes of size x size,
/// each row by row from the top left, 0 or 1. `rules` is the rules
/// estimator's judgment of the same board (`rules_estimate`).
pub fn planes(board: &Board, to_move: Color, scoring: Scoring, rules: &Estimate) -> Vec<u8> {
    let n = usize::from(board.size());
    let area = n * n;
    let mut out = vec![0u8; PLANES * area];
    let proven = &rules.proven;
    for u in &rules.uncertain {
        for s in board.chain(u.at) {
            out[11 * area + usize::from(s.y) * n + usize::from(s.x)] = 1;
        }
    }
    for p in board.points() {
        let i = usize::from(p.y) * n + usize::from(p.x);
        out[i] = 1;
        if to_move == Color::Black {
            out[8 * area + i] = 1;
        }
        if scoring == Scoring::Area {
            out[9 * area + i] = 1;
        }
        let o = rules.ownership.get(i).copied().unwrap_or(0.0);
        for (k, &t) in OWNED.iter().enumerate() {
            if o >= t {
                out[(12 + k) * area + i] = 1;
            }
            if o <= -t {
                out[(14 + k) * area + i] = 1;
            }
        }
        match proven.owner(p) {
            Some(Color::Black) => out[6 * area + i] = 1,
            Some(Color::White) => out[7 * area + i] = 1,
            None => {}
        }
        let Some(c) = board.get(p) else { continue };
        if rules.marks.is_dead(p) {
            out[10 * area + i] = 1;
        }
        out[if c == Color::Black { area } else { 2 * area } + i] = 1;
        match board.liberty_count(p) {
            1 => out[3 * area + i] = 1,
            2 => out[4 * area + i] = 1,
            3 => out[5 * area + i] = 1,
            _ => {}
        }
    }
    out
}

/// The rules estimator's judgment, as the planes take it.
pub fn rules_estimate(board: &Board, scoring: Scoring) -> Estimate {
    estimate::judge_playouts(board, None, scoring, rules_playouts(board))
}

/// Its playouts: half its own budget (`Budget::PLANES`), the usual seed.
pub fn rules_playouts(board: &Board) -> Played {
    estimate::play(board, 0, Budget::PLANES)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stones_liberties_and_benson_land_in_their_planes() {
        let board = Board::from_diagram(
            "
. X O .
X X O O
. X O .
X X O O",
        )
        .unwrap();
        let rules = rules_estimate(&board, Scoring::Territory);
        let p = planes(&board, Color::White, Scoring::Territory, &rules);
        let plane = |k: usize| -> String {
            p[k * 16..(k + 1) * 16]
                .chunks(4)
                .map(|r| r.iter().map(|v| char::from(b'0' + v)).collect::<String>())
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(plane(0), "1111 1111 1111 1111");
        assert_eq!(plane(1), "0100 1100 0100 1100");
        assert_eq!(plane(2), "0010 0011 0010 0011");
        // Each side's one chain has two liberties (its two eyes).
        assert_eq!(plane(3), "0000 0000 0000 0000");
        assert_eq!(plane(4), "0110 1111 0110 1111");
        // Two eyes each: both sides proven alive, eyes included.
        assert_eq!(plane(6), "1100 1100 1100 1100");
        assert_eq!(plane(7), "0011 0011 0011 0011");
        assert_eq!(plane(8), "0000 0000 0000 0000");
        assert_eq!(plane(9), "0000 0000 0000 0000");
        // Both live: the rules estimator kills nothing, doubts nothing.
        assert_eq!(plane(10), "0000 0000 0000 0000");
        assert_eq!(plane(11), "0000 0000 0000 0000");
        // Every playout ends with each side owning its half.
        for (k, want) in [(12, "1100"), (13, "1100"), (14, "0011"), (15, "0011")] {
            assert_eq!(plane(k), [want; 4].join(" "), "plane {k}");
        }
    }

    #[test]
    fn playout_ownership_turns_on_its_planes_by_thresholds() {
        let board = Board::new(3).unwrap_or_else(|e| panic!("{e}"));
        let mut rules = rules_estimate(&board, Scoring::Area);
        rules.ownership = vec![1.0, 0.75, 0.5, 0.25, 0.2, -0.2, -0.25, -0.74, -0.75];
        let p = planes(&board, Color::Black, Scoring::Area, &rules);
        let plane = |k: usize| -> String {
            p[k * 9..(k + 1) * 9]
                .iter()
                .map(|v| char::from(b'0' + v))
                .collect()
        };
        assert_eq!(plane(12), "111100000");
        assert_eq!(plane(13), "110000000");
        assert_eq!(plane(14), "000000111");
        assert_eq!(plane(15), "000000001");
    }
}
