//! The game record: a tree of nodes (variations) in an arena, the current
//! node and its position, positional superko over the current path, the
//! game information, and every SGF property kifu does not interpret, kept
//! verbatim on its node.

use super::board::{Board, BoardSizeError, IllegalMove, IllegalReason};
use super::handicap::{HandicapError, fixed_handicap};
use super::point::{Color, Move, Point};
use super::rules::{KoRule, Rules};

mod edit;
mod info;
mod legality;
mod navigate;
mod tree;
pub use info::{GameInfo, RulesText};
pub use tree::{Detached, Place, Variation};

/// A node's index in its record (the root is 0).
pub type NodeId = usize;

/// Sets and maps keyed by Zobrist hashes: the keys are uniformly random
/// already, so hashing them again (std's SipHash) only costs time.
#[derive(Default, Clone, Copy)]
struct ZobristHasher(u64);

impl std::hash::Hasher for ZobristHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = v;
    }
}

type ZobristBuild = std::hash::BuildHasherDefault<ZobristHasher>;
type HashSeen = std::collections::HashSet<u64, ZobristBuild>;
type HashCount = std::collections::HashMap<u64, u32, ZobristBuild>;

/// An SGF property kept as it was read: identifier and raw (still escaped)
/// values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawProp {
    /// The property's identifier, such as `LB`.
    pub id: String,
    /// Its values, still escaped.
    pub values: Vec<String>,
}

/// One node of the game tree: a move or setup stones, a comment, and
/// the properties kifu keeps without interpreting.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Node {
    /// The node before it (None for the root).
    pub parent: Option<NodeId>,
    /// Most nodes have one child: kept inline.
    pub children: smallvec::SmallVec<[NodeId; 1]>,
    /// The move played here (`B` or `W`), if any.
    pub mv: Option<(Color, Move)>,
    /// `AB`: black stones set up.
    pub add_black: Vec<Point>,
    /// `AW`: white stones set up.
    pub add_white: Vec<Point>,
    /// `AE`: points cleared.
    pub add_empty: Vec<Point>,
    /// `PL`: who moves next.
    pub to_play: Option<Color>,
    /// `C`: the comment.
    pub comment: Option<String>,
    /// Uninterpreted properties, in their original order.
    pub props: Vec<RawProp>,
    /// Why the recorded move is illegal, if it is (flagged on load).
    pub problem: Option<IllegalMove>,
}

impl Node {
    /// True when the node sets up stones or clears points.
    pub fn has_setup(&self) -> bool {
        !(self.add_black.is_empty() && self.add_white.is_empty() && self.add_empty.is_empty())
    }

    /// An uninterpreted property by its identifier.
    pub fn prop(&self, id: &str) -> Option<&RawProp> {
        self.props.iter().find(|p| p.id == id)
    }
}

/// A position reached in the record.
#[derive(Debug, Clone)]
pub struct Position {
    /// The stones.
    pub board: Board,
    /// Who plays next.
    pub to_move: Color,
    /// Moves (passes included) from the root to this node.
    pub move_number: usize,
    /// Hashes of the positions along the path, for positional superko.
    pub history: Vec<u64>,
}

/// What `play` did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Played {
    /// The node of the move.
    pub node: NodeId,
    /// Stones it captured.
    pub captured: u32,
    /// The move followed a child that already existed.
    pub followed_existing: bool,
    /// The move started a new variation (the node had other children).
    pub new_variation: bool,
}

/// What [`GameRecord::undo`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Undo {
    /// The last move of the line was removed.
    Removed,
    /// The current node has later moves, so kifu only stepped back.
    SteppedBack,
    /// At the start: nothing to undo.
    Nothing,
}

/// What `fix_move` did.
#[derive(Debug, Clone, PartialEq)]
pub struct Fixed {
    /// Later moves replayed after the fixed one.
    pub replayed: usize,
    /// The first later move that became illegal (its number, colour and
    /// why); the new line ends before it.
    pub stopped: Option<(usize, Color, IllegalMove)>,
}

/// Why a move cannot be changed ([`GameRecord::fix_move`]).
#[derive(Debug, Clone, PartialEq)]
pub enum FixError {
    /// The line has no move of that number.
    NoSuchMove(usize),
    /// The new move is the one already there.
    Same,
    /// The new move is illegal there.
    Illegal(IllegalMove),
}

impl FixError {
    /// Why, in a language.
    pub fn words(&self, lang: crate::i18n::Lang) -> String {
        match self {
            FixError::NoSuchMove(n) => crate::tr!(lang, "fix.no_move", n = n),
            FixError::Same => crate::tr!(lang, "fix.same"),
            FixError::Illegal(e) => e.words(lang),
        }
    }
}

impl std::fmt::Display for FixError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.words(crate::i18n::Lang::En))
    }
}

/// A game: its tree of moves and variations, the node it stands at and
/// that position, the game information and the rules (with the komi).
#[derive(Debug, Clone)]
pub struct GameRecord {
    size: u8,
    nodes: Vec<Node>,
    current: NodeId,
    /// The game information (players, date, result, ...).
    pub info: GameInfo,
    /// The rules the game is played and counted under, with its komi: the
    /// one place of both.
    pub rules: Rules,
    pos: Position,
    /// The position at the end of the main line, found by the walk that
    /// flags illegal moves on load (node, node count then, position): going
    /// to the end of a game just read needs no second replay. Any change
    /// to the tree drops it.
    main_end: Option<(NodeId, usize, Box<Position>)>,
}

impl GameRecord {
    /// An empty game on a `size` board under `rules` (komi from the rules).
    pub fn new(size: usize, rules: Rules) -> Result<GameRecord, BoardSizeError> {
        let board = Board::new(size)?;
        let history = vec![board.hash()];
        Ok(GameRecord {
            size: size as u8,
            nodes: vec![Node::default()],
            current: 0,
            info: GameInfo {
                komi_given: true,
                ..GameInfo::default()
            },
            rules,
            pos: Position {
                board,
                to_move: Color::Black,
                move_number: 0,
                history,
            },
            main_end: None,
        })
    }

    /// Builds a record from nodes made elsewhere (the SGF reader). Node 0 is
    /// the root. Replays the whole tree to flag illegal moves.
    pub fn from_nodes(
        size: usize,
        nodes: Vec<Node>,
        info: GameInfo,
        rules: Rules,
    ) -> Result<GameRecord, BoardSizeError> {
        let mut rec = GameRecord::new(size, rules)?;
        rec.info = info;
        rec.nodes = if nodes.is_empty() {
            vec![Node::default()]
        } else {
            nodes
        };
        rec.flag_illegal_moves();
        rec.current = 0;
        Ok(rec)
    }

    /// Places a fixed handicap as setup stones on the root (White moves
    /// first) and records HA.
    pub fn set_fixed_handicap(&mut self, stones: u32) -> Result<(), HandicapError> {
        let pts = fixed_handicap(self.size, stones)?;
        self.set_free_handicap(&pts);
        Ok(())
    }

    /// Free placement: the given points become Black's handicap stones.
    pub fn set_free_handicap(&mut self, points: &[Point]) {
        self.main_end = None;
        let root = &mut self.nodes[0];
        root.add_black = points.to_vec();
        root.to_play = None;
        self.info.handicap = points.len() as u32;
        self.refresh();
    }

    /// The board's size (lines).
    pub fn size(&self) -> u8 {
        self.size
    }

    /// Every node, by [`NodeId`] (detached ones included).
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The node `id`.
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id]
    }

    /// The node `id`, to change its comment or properties (the position is
    /// not replayed: change moves through the record's own methods).
    pub fn node_mut(&mut self, id: NodeId) -> &mut Node {
        self.main_end = None;
        &mut self.nodes[id]
    }

    /// The root node.
    pub fn root(&self) -> NodeId {
        0
    }

    /// The node the record stands at.
    pub fn current(&self) -> NodeId {
        self.current
    }

    /// The position at the current node.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The board at the current node.
    pub fn board(&self) -> &Board {
        &self.pos.board
    }

    /// Who plays next at the current node.
    pub fn to_move(&self) -> Color {
        self.pos.to_move
    }

    /// Moves (passes included) from the root to the current node.
    pub fn move_number(&self) -> usize {
        self.pos.move_number
    }

    /// The komi in force, in points: the file's KM if it gave one, else
    /// the rules' own. It is held in one place, the rules' `komi`.
    pub fn komi(&self) -> f64 {
        self.rules.komi
    }

    /// Sets the komi, in points; a save writes it (KM).
    pub fn set_komi(&mut self, komi: f64) {
        self.rules.komi = komi;
        self.info.komi_given = true;
    }

    /// Sets the rules, with their komi; a save writes their name (RU)
    /// and the komi (KM).
    pub fn set_rules(&mut self, rules: Rules) {
        self.rules = rules;
        self.info.rules_text = RulesText::Named;
        self.info.komi_given = true;
    }

    /// Path from the root to `id`, root first.
    pub fn path_to(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = vec![id];
        let mut n = id;
        while let Some(p) = self.nodes[n].parent {
            path.push(p);
            n = p;
        }
        path.reverse();
        path
    }

    /// When the position on the board repeats an earlier one of this line
    /// (a triple ko, eternal life, a round-robin ko: possible where only
    /// the simple ko rule holds), the move numbers after which it stood
    /// before and stands now.
    pub fn repetition(&self) -> Option<(usize, usize)> {
        let h = self.pos.history.last()?;
        let earlier = self.pos.history[..self.pos.history.len() - 1]
            .iter()
            .rposition(|x| x == h)?;
        let path = self.path_to(self.current);
        let moves_before = path
            .iter()
            .take(earlier + 1)
            .filter(|&&id| self.nodes[id].mv.is_some())
            .count();
        Some((moves_before, self.move_number()))
    }

    /// The current line: the path to the current node, then first children
    /// to the end.
    pub fn line(&self) -> Vec<NodeId> {
        let mut line = self.path_to(self.current);
        let mut n = self.current;
        while let Some(&c) = self.nodes[n].children.first() {
            line.push(c);
            n = c;
        }
        line
    }

    /// The last node of the main line: the game's own end.
    pub fn main_line_end(&self) -> NodeId {
        let mut n = 0;
        while let Some(&c) = self.nodes[n].children.first() {
            n = c;
        }
        n
    }

    /// The main line: first children from the root.
    pub fn main_line(&self) -> Vec<NodeId> {
        let mut line = vec![0];
        let mut n = 0;
        while let Some(&c) = self.nodes[n].children.first() {
            line.push(c);
            n = c;
        }
        line
    }

    /// The handicap stones a count compensates: HA, but never more than
    /// Black placed before White's first move (the root's AB, else the
    /// black moves that open the game). HA alone puts no stone on the
    /// board (SGF `FF[4]`): `HA[50]` over an empty board is no handicap of 50.
    pub fn handicap_given(&self) -> u32 {
        let root = &self.nodes[0];
        let placed = if root.add_black.is_empty() {
            self.main_line()
                .iter()
                .skip(1)
                .take_while(|&&n| matches!(self.nodes[n].mv, Some((Color::Black, Move::Play(_)))))
                .count()
        } else {
            root.add_black.len()
        };
        self.info
            .handicap
            .min(u32::try_from(placed).unwrap_or(u32::MAX))
    }

    /// Whose turn it is at the root: PL, else White after handicap stones.
    fn first_to_move(&self) -> Color {
        let root = &self.nodes[0];
        if let Some(c) = root.to_play {
            return c;
        }
        if self.info.handicap >= 2 && !root.add_black.is_empty() && root.add_white.is_empty() {
            Color::White
        } else {
            Color::Black
        }
    }

    fn refresh(&mut self) {
        self.pos = self.position_at(self.current);
    }

    /// The pairs of passes in a row on the path to `last`, a node that ends
    /// such a pair, and who passed first in that last pair; `None` when
    /// `last` does not end two passes.
    pub fn pass_pairs(&self, last: NodeId) -> Option<(usize, Color)> {
        let pass = |n: Option<NodeId>| {
            n.and_then(|n| self.nodes.get(n)?.mv)
                .filter(|(_, m)| *m == Move::Pass)
                .map(|(c, _)| c)
        };
        pass(Some(last))?;
        let first = pass(self.nodes.get(last)?.parent)?;
        let mut pairs = 0;
        let mut node = Some(last);
        while let Some(n) = node {
            let parent = self.nodes[n].parent;
            if pass(Some(n)).is_some() && pass(parent).is_some() {
                pairs += 1;
                node = parent.and_then(|p| self.nodes[p].parent);
            } else {
                node = parent;
            }
        }
        Some((pairs, first))
    }

    /// Total moves (passes included) played by each colour along the path
    /// to the current node, plus setup stones: `n_B`, `n_W` of docs/rules.md.
    pub fn stones_placed(&self) -> [usize; 2] {
        let mut n = [0usize; 2];
        for id in self.path_to(self.current) {
            let node = &self.nodes[id];
            n[0] += node.add_black.len();
            n[1] += node.add_white.len();
            if let Some((c, Move::Play(_))) = node.mv {
                n[c.index()] += 1;
            }
        }
        n
    }
}

#[cfg(test)]
mod tests;
