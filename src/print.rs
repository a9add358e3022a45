//! A game record printed as players print it: the main line cut into
//! figures of N moves, each with the stones already on the board plain,
//! the figure's moves numbered on their stones, and under it the moves
//! that cannot be drawn where they were played (a point still holding a
//! stone in the figure: "23 at 17", ko recaptures, passes); the game's
//! comments as numbered notes; variations as small figures of their own.
//! Pure: `render` makes the pages, the command line and the TUI write them.

use crate::game::record::{GameRecord, NodeId};
use crate::game::{Board, Color, Move, Point};

pub mod render;

/// Where a move that is not drawn at its point was played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spot {
    /// On the stone numbered so in this figure.
    Stone(usize),
    /// On a stone the figure shows plain (there before it began).
    Point(Point),
    /// A pass.
    Pass,
}

/// A move listed under its figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Elsewhere {
    pub number: usize,
    pub color: Color,
    pub at: Spot,
    /// It took a ko (the position after it has a ko point).
    pub ko: bool,
}

/// One figure: moves `first..=last` (numbered as in the game, passes
/// counted; a variation's from 1).
#[derive(Debug, Clone, PartialEq)]
pub struct Figure {
    pub size: u8,
    pub first: usize,
    pub last: usize,
    /// The stones on the board before the figure's first move.
    pub before: Vec<(Point, Color)>,
    /// The moves drawn at their points, with their numbers.
    pub numbered: Vec<(Point, Color, usize)>,
    /// The moves listed under the figure, in order.
    pub elsewhere: Vec<Elsewhere>,
    /// Comments on the figure's moves: the move's number and the text.
    pub notes: Vec<(usize, String)>,
    /// For a variation: the number, in the game, of the move it replaces.
    pub variation_of: Option<usize>,
}

impl Figure {
    /// The moves of the figure in order, read back from what it shows: a
    /// numbered stone's point, or the listed spot. What a reader of the
    /// printed page can replay (the tests check it gives the game).
    pub fn replay(&self) -> Vec<(Color, Move)> {
        let stone = |n: usize| self.numbered.iter().find(|(_, _, k)| *k == n);
        (self.first..=self.last)
            .filter_map(|n| {
                if let Some(&(p, c, _)) = stone(n) {
                    return Some((c, Move::Play(p)));
                }
                let e = self.elsewhere.iter().find(|e| e.number == n)?;
                Some(match e.at {
                    Spot::Pass => (e.color, Move::Pass),
                    Spot::Point(p) => (e.color, Move::Play(p)),
                    Spot::Stone(k) => (e.color, Move::Play(stone(k)?.0)),
                })
            })
            .collect()
    }
}

/// The main line's figures of `per` moves each (the last holds what is
/// left), and with `variations` a figure for each variation off the main
/// line, after the figure it leaves from, numbered from 1.
pub fn figures(rec: &GameRecord, per: usize, variations: bool) -> Vec<Figure> {
    let per = per.max(1);
    let line = rec.main_line();
    let moves: Vec<NodeId> = line
        .iter()
        .copied()
        .filter(|&id| rec.node(id).mv.is_some())
        .collect();
    let mut out = Vec::new();
    for (k, chunk) in moves.chunks(per).enumerate() {
        let first = k * per + 1;
        out.push(figure(rec, chunk, first, None));
        if variations {
            for &id in chunk {
                let Some(parent) = rec.node(id).parent else {
                    continue;
                };
                let number = moves.iter().position(|&m| m == id).map_or(0, |i| i + 1);
                for &alt in rec.node(parent).children.iter().skip(1) {
                    let branch: Vec<NodeId> = std::iter::successors(Some(alt), |&n| {
                        rec.node(n).children.first().copied()
                    })
                    .filter(|&n| rec.node(n).mv.is_some())
                    .take(per)
                    .collect();
                    if !branch.is_empty() && rec.node(parent).children.first() == Some(&id) {
                        out.push(figure(rec, &branch, 1, Some(number)));
                    }
                }
            }
        }
    }
    out
}

/// One figure of the nodes `moves` (each holding a move, in order).
fn figure(rec: &GameRecord, moves: &[NodeId], first: usize, variation_of: Option<usize>) -> Figure {
    let start = moves
        .first()
        .and_then(|&id| rec.node(id).parent)
        .unwrap_or(0);
    let board: Board = rec.position_at(start).board;
    let before: Vec<(Point, Color)> = board
        .points()
        .filter_map(|p| board.get(p).map(|c| (p, c)))
        .collect();
    let mut shown: Vec<(Point, Option<usize>)> = before.iter().map(|&(p, _)| (p, None)).collect();
    let mut fig = Figure {
        size: board.size(),
        first,
        last: first + moves.len().saturating_sub(1),
        before,
        numbered: Vec::new(),
        elsewhere: Vec::new(),
        notes: Vec::new(),
        variation_of,
    };
    for (i, &id) in moves.iter().enumerate() {
        let node = rec.node(id);
        let number = first + i;
        let Some((color, mv)) = node.mv else {
            continue;
        };
        if let Some(text) = node.comment.as_deref().filter(|t| !t.trim().is_empty()) {
            fig.notes.push((number, text.to_string()));
        }
        let at = match mv {
            Move::Pass => Some(Spot::Pass),
            Move::Play(p) => match shown.iter().find(|(q, _)| *q == p) {
                Some((_, Some(k))) => Some(Spot::Stone(*k)),
                Some((_, None)) => Some(Spot::Point(p)),
                None => {
                    shown.push((p, Some(number)));
                    fig.numbered.push((p, color, number));
                    None
                }
            },
        };
        if let Some(at) = at {
            let ko = at != Spot::Pass && rec.position_at(id).board.ko_point().is_some();
            fig.elsewhere.push(Elsewhere {
                number,
                color,
                at,
                ko,
            });
        }
    }
    fig
}

/// The files of a printed record: print.html, figure-N.svg (variations
/// figure-N-vK.svg) and print.txt; `formats` picks which.
pub fn files(
    rec: &GameRecord,
    (per, variations): (usize, bool),
    title: &str,
    lang: crate::i18n::Lang,
    (html, svg, txt, letter): (bool, bool, bool, bool),
) -> Vec<(String, String)> {
    let figs = figures(rec, per, variations);
    let mut out = Vec::new();
    if html {
        out.push((
            "print.html".to_string(),
            render::html(rec, &figs, title, lang, letter),
        ));
    }
    if svg {
        let (mut main, mut alt) = (0, 0);
        for fig in &figs {
            let name = if fig.variation_of.is_some() {
                alt += 1;
                format!("figure-{main}-v{alt}.svg")
            } else {
                main += 1;
                alt = 0;
                format!("figure-{main}.svg")
            };
            let head = render::heading(fig, main, lang);
            out.push((name, render::svg(fig, &head, lang, 1.0)));
        }
    }
    if txt {
        out.push((
            "print.txt".to_string(),
            render::txt(rec, &figs, title, lang),
        ));
    }
    out
}
