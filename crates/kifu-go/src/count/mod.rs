//! Counting, pure: dead-stone marks, the classification of every point,
//! the area and territory counts, and the walkthrough data the TUI and
//! `kifu show --count` draw. docs/rules.md is the reference.

pub(crate) mod classify;
pub mod confirm;
pub mod flag;
/// kifu's own machinery, public for the kifu application and its
/// tools, not part of the library's promise: it may change in any release.
#[doc(hidden)]
pub mod glyph;
pub(crate) mod groups;
pub mod judge;
pub(crate) mod marks;
/// kifu's own machinery, public for the kifu application and its
/// tools, not part of the library's promise: it may change in any release.
#[doc(hidden)]
pub mod neutral;
pub mod score;
pub mod session;
pub mod steps;

pub use classify::{Classification, PointClass};
pub use flag::{Doubt, Flag};
pub use marks::Marks;
pub use score::{Count, Terms};

use crate::game::Board;

/// Classifies and counts a position in one call.
pub fn count_position(board: &Board, marks: &Marks, terms: &Terms) -> (Classification, Count) {
    let class = Classification::classify(board, marks);
    let count = Count::new(board, &class, terms);
    (class, count)
}

/// The on-board neighbours of every point of an `n` x `n` board (row
/// major), computed once per count: the flood fills of counting run on
/// this table.
pub(crate) struct Adjacency {
    list: Vec<[u16; 4]>,
    len: Vec<u8>,
    /// The same with every point given four: an off-board neighbour is
    /// `n * n`, one past the board, which hot loops give a value that
    /// matches nothing (no loop of variable length, no test per step).
    padded: Vec<[u16; 4]>,
}

/// One table per board size, built on first use: building it costs more
/// than a whole count.
static TABLES: [std::sync::OnceLock<Adjacency>; 26] = [const { std::sync::OnceLock::new() }; 26];

impl Adjacency {
    /// The shared table for `n` x `n` boards.
    pub(crate) fn of_size(n: usize) -> &'static Adjacency {
        match TABLES.get(n) {
            Some(cell) => cell.get_or_init(|| Adjacency::new(n)),
            // Sizes above 25 never reach here (Board refuses them); build
            // one anyway rather than fail.
            None => Box::leak(Box::new(Adjacency::new(n))),
        }
    }

    fn new(n: usize) -> Adjacency {
        let mut list = Vec::with_capacity(n * n);
        let mut len = Vec::with_capacity(n * n);
        let mut padded = Vec::with_capacity(n * n);
        for y in 0..n {
            for x in 0..n {
                let i = y * n + x;
                let mut a = [0u16; 4];
                let mut all = [(n * n) as u16; 4];
                let mut k = 0;
                for (t, (ok, j)) in [
                    (y > 0, i.wrapping_sub(n)),
                    (x > 0, i.wrapping_sub(1)),
                    (x + 1 < n, i + 1),
                    (y + 1 < n, i + n),
                ]
                .into_iter()
                .enumerate()
                {
                    if ok {
                        a[k] = j as u16;
                        all[t] = j as u16;
                        k += 1;
                    }
                }
                list.push(a);
                len.push(k as u8);
                padded.push(all);
            }
        }
        Adjacency { list, len, padded }
    }

    /// The four neighbours of point index `i`, `n * n` for each that is
    /// off the board, in the order of `of`.
    pub(crate) fn padded(&self, i: usize) -> [usize; 4] {
        self.padded[i].map(usize::from)
    }

    /// The neighbours of point index `i`.
    pub(crate) fn of(&self, i: usize) -> impl Iterator<Item = usize> + use<> {
        let (a, k) = (self.list[i], usize::from(self.len[i]));
        (0..k).map(move |t| usize::from(a[t]))
    }
}
