//! The game record: a tree of nodes (variations) in an arena, the current
//! node and its position, positional superko over the current path, the
//! game information, and every SGF property kifu does not interpret, kept
//! verbatim on its node.

use super::board::{Board, BoardSizeError, IllegalMove, IllegalReason};
use super::handicap::{HandicapError, fixed_handicap};
use super::point::{Color, Move, Point};
use super::result::GameResult;
use super::rules::{KoRule, Rules};

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
    pub id: String,
    pub values: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Node {
    pub parent: Option<NodeId>,
    /// Most nodes have one child: kept inline.
    pub children: smallvec::SmallVec<[NodeId; 1]>,
    pub mv: Option<(Color, Move)>,
    pub add_black: Vec<Point>,
    pub add_white: Vec<Point>,
    pub add_empty: Vec<Point>,
    /// `PL`: who moves next.
    pub to_play: Option<Color>,
    pub comment: Option<String>,
    /// Uninterpreted properties, in their original order.
    pub props: Vec<RawProp>,
    /// Why the recorded move is illegal, if it is (flagged on load).
    pub problem: Option<IllegalMove>,
}

impl Node {
    pub fn has_setup(&self) -> bool {
        !(self.add_black.is_empty() && self.add_white.is_empty() && self.add_empty.is_empty())
    }

    pub fn prop(&self, id: &str) -> Option<&RawProp> {
        self.props.iter().find(|p| p.id == id)
    }
}

/// The game information (root properties kifu interprets).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GameInfo {
    pub black: Option<String>,
    pub white: Option<String>,
    pub black_rank: Option<String>,
    pub white_rank: Option<String>,
    pub date: Option<String>,
    pub event: Option<String>,
    pub round: Option<String>,
    pub place: Option<String>,
    pub game_name: Option<String>,
    /// KM as given (None when absent: the rules' default applies).
    pub komi: Option<f64>,
    pub handicap: u32,
    /// RU text as given.
    pub rules_text: Option<String>,
    pub result: Option<GameResult>,
    /// `GC`: a comment on the whole game.
    pub game_comment: Option<String>,
    /// `TM`: the main time of each player, in seconds.
    pub main_time: Option<f64>,
    /// `OT`: the overtime (byo-yomi) as written, like "5x30 byo-yomi".
    pub overtime: Option<String>,
}

/// A position reached in the record.
#[derive(Debug, Clone)]
pub struct Position {
    pub board: Board,
    pub to_move: Color,
    /// Moves (passes included) from the root to this node.
    pub move_number: usize,
    /// Hashes of the positions along the path, for positional superko.
    pub history: Vec<u64>,
}

/// What `play` did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Played {
    pub node: NodeId,
    pub captured: u32,
    /// The move followed a child that already existed.
    pub followed_existing: bool,
    /// The move started a new variation (the node had other children).
    pub new_variation: bool,
}

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

#[derive(Debug, Clone, PartialEq)]
pub enum FixError {
    NoSuchMove(usize),
    Same,
    Illegal(IllegalMove),
}

impl std::fmt::Display for FixError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FixError::NoSuchMove(n) => write!(f, "there is no move {n} in this line"),
            FixError::Same => f.write_str("that is the move already recorded"),
            FixError::Illegal(e) => write!(f, "{e}"),
        }
    }
}

#[derive(Debug, Clone)]
pub struct GameRecord {
    size: u8,
    nodes: Vec<Node>,
    current: NodeId,
    pub info: GameInfo,
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
                komi: Some(rules.komi),
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
        rec.pos = rec.position_at(0);
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

    pub fn size(&self) -> u8 {
        self.size
    }

    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id]
    }

    pub fn node_mut(&mut self, id: NodeId) -> &mut Node {
        self.main_end = None;
        &mut self.nodes[id]
    }

    pub fn root(&self) -> NodeId {
        0
    }

    pub fn current(&self) -> NodeId {
        self.current
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    pub fn board(&self) -> &Board {
        &self.pos.board
    }

    pub fn to_move(&self) -> Color {
        self.pos.to_move
    }

    pub fn move_number(&self) -> usize {
        self.pos.move_number
    }

    /// The komi in force: KM if given, else the rules' default.
    pub fn komi(&self) -> f64 {
        self.info.komi.unwrap_or(self.rules.komi)
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

    /// The main line: first children from the root.
    /// The last node of the main line.
    fn main_line_end(&self) -> NodeId {
        let mut n = 0;
        while let Some(&c) = self.nodes[n].children.first() {
            n = c;
        }
        n
    }

    pub fn main_line(&self) -> Vec<NodeId> {
        let mut line = vec![0];
        let mut n = 0;
        while let Some(&c) = self.nodes[n].children.first() {
            line.push(c);
            n = c;
        }
        line
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

    /// Applies one node to a position (setup, then the move, forced: the
    /// record says it happened) and adds it to the position's history.
    /// Returns the problem if the move was illegal. An associated function
    /// so the cached position can be updated in place while the nodes are
    /// borrowed.
    fn apply(rules: &Rules, node: &Node, pos: &mut Position) -> Option<IllegalMove> {
        let history = std::mem::take(&mut pos.history);
        let problem = Self::apply_with(rules, node, pos, &|h| history.contains(&h));
        pos.history = history;
        pos.history.push(pos.board.hash());
        problem
    }

    /// `apply` with the superko lookup given (`repeats`: is this hash on
    /// the path?); the position's history is left alone.
    fn apply_with(
        rules: &Rules,
        node: &Node,
        pos: &mut Position,
        repeats: &dyn Fn(u64) -> bool,
    ) -> Option<IllegalMove> {
        if node.has_setup() {
            pos.board
                .setup(&node.add_empty, &node.add_black, &node.add_white);
        }
        let mut problem = None;
        if let Some((color, mv)) = node.mv {
            problem = Self::check_with(rules, &pos.board, color, mv, repeats).err();
            match problem {
                Some(IllegalMove {
                    reason: IllegalReason::Occupied | IllegalReason::OffBoard,
                    ..
                }) => {}
                _ => {
                    let _ = pos.board.play_forced(color, mv);
                }
            }
            pos.move_number += 1;
            pos.to_move = color.opponent();
        }
        if let Some(c) = node.to_play {
            pos.to_move = c;
        }
        problem
    }

    /// Full legality under the rules: the board's checks plus superko.
    fn check_move(
        rules: &Rules,
        pos: &Position,
        color: Color,
        mv: Move,
    ) -> Result<(), IllegalMove> {
        Self::check_with(rules, &pos.board, color, mv, &|h| pos.history.contains(&h))
    }

    fn check_with(
        rules: &Rules,
        board: &Board,
        color: Color,
        mv: Move,
        repeats: &dyn Fn(u64) -> bool,
    ) -> Result<(), IllegalMove> {
        board.check(color, mv, rules.suicide_allowed)?;
        if let (Move::Play(p), KoRule::PositionalSuperko) = (mv, rules.ko) {
            let (hash, removes) = board.hash_after(color, p);
            if removes && repeats(hash) {
                return Err(IllegalMove {
                    reason: IllegalReason::Superko,
                    point: p,
                    size: board.size(),
                });
            }
        }
        Ok(())
    }

    /// The position at any node, by replaying from the root.
    pub fn position_at(&self, id: NodeId) -> Position {
        let mut pos = Position {
            board: match Board::new(usize::from(self.size)) {
                Ok(b) => b,
                Err(_) => return self.pos.clone(),
            },
            to_move: self.first_to_move(),
            move_number: 0,
            history: Vec::new(),
        };
        // A set beside the history: superko lookups stay constant-time on
        // a line of any length.
        let mut seen = HashSeen::default();
        for n in self.path_to(id) {
            Self::apply_with(&self.rules, &self.nodes[n], &mut pos, &|h| {
                seen.contains(&h)
            });
            let h = pos.board.hash();
            pos.history.push(h);
            seen.insert(h);
        }
        pos
    }

    /// Walks the whole tree once and records on each node whether its move
    /// was illegal. Linear in the tree: the superko history is one stack cut
    /// back to the branch point (a node's siblings are walked after all of
    /// its descendants), with a count per hash for the lookups, so a tree
    /// where every move has a sibling costs no more than a line.
    fn flag_illegal_moves(&mut self) {
        // The record was just made: its position is the empty board.
        let board = self.pos.board.clone();
        let start = Position {
            board,
            to_move: self.first_to_move(),
            move_number: 0,
            history: Vec::new(),
        };
        let mut path: Vec<u64> = Vec::new();
        let mut seen =
            HashCount::with_capacity_and_hasher(self.nodes.len(), ZobristBuild::default());
        let mut main_line = true;
        // (node, its parent's position without history, depth of the path)
        let mut stack = vec![(0usize, start, 0usize)];
        let mut problems = Vec::new();
        while let Some((mut id, mut pos, depth)) = stack.pop() {
            for h in path.drain(depth..) {
                if let Some(n) = seen.get_mut(&h) {
                    *n -= 1;
                    if *n == 0 {
                        seen.remove(&h);
                    }
                }
            }
            // Follow single-child chains in place; only branches copy the
            // board.
            loop {
                let problem = Self::apply_with(&self.rules, &self.nodes[id], &mut pos, &|h| {
                    seen.contains_key(&h)
                });
                let h = pos.board.hash();
                path.push(h);
                *seen.entry(h).or_insert(0) += 1;
                if problem.is_some() {
                    problems.push((id, problem));
                }
                match self.nodes[id].children.as_slice() {
                    [] => break,
                    [first, rest @ ..] => {
                        for &c in rest.iter().rev() {
                            stack.push((c, pos.clone(), path.len()));
                        }
                        id = *first;
                    }
                }
            }
            // The first chain followed from the root is the main line.
            if main_line {
                main_line = false;
                let end = Position {
                    board: pos.board.clone(),
                    to_move: pos.to_move,
                    move_number: pos.move_number,
                    history: path.clone(),
                };
                self.main_end = Some((id, self.nodes.len(), Box::new(end)));
            }
        }
        for (id, problem) in problems {
            self.nodes[id].problem = problem;
        }
    }

    /// Moves with a problem along a line, with their move numbers.
    pub fn problems_on(&self, line: &[NodeId]) -> Vec<(usize, NodeId, IllegalMove)> {
        let mut n = 0;
        let mut out = Vec::new();
        for &id in line {
            if self.nodes[id].mv.is_some() {
                n += 1;
            }
            if let Some(p) = self.nodes[id].problem {
                out.push((n, id, p));
            }
        }
        out
    }

    fn refresh(&mut self) {
        self.pos = self.position_at(self.current);
    }

    /// Goes to a node (any node of the tree).
    pub fn go_to(&mut self, id: NodeId) -> bool {
        if id >= self.nodes.len() || (id != 0 && self.nodes[id].parent.is_none()) {
            return false;
        }
        self.current = id;
        self.refresh();
        true
    }

    /// Checks a move against the current position without playing it.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        Self::check_move(&self.rules, &self.pos, self.pos.to_move, mv)
    }

    /// Plays a move for the side to move: follows an existing child with the
    /// same move, else adds a child (a new variation if there were others).
    pub fn play(&mut self, mv: Move) -> Result<Played, IllegalMove> {
        self.main_end = None;
        let color = self.pos.to_move;
        Self::check_move(&self.rules, &self.pos, color, mv)?;
        let existing = self.nodes[self.current]
            .children
            .iter()
            .copied()
            .find(|&c| self.nodes[c].mv == Some((color, mv)));
        let before = self.pos.board.captures(color);
        let (node, followed, new_variation) = match existing {
            Some(c) => (c, true, false),
            None => {
                let had_children = !self.nodes[self.current].children.is_empty();
                let id = self.nodes.len();
                self.nodes.push(Node {
                    parent: Some(self.current),
                    mv: Some((color, mv)),
                    ..Node::default()
                });
                self.nodes[self.current].children.push(id);
                (id, false, had_children)
            }
        };
        self.current = node;
        self.apply_current(node);
        Ok(Played {
            node,
            captured: self.pos.board.captures(color) - before,
            followed_existing: followed,
            new_variation,
        })
    }

    /// Advances the cached position by one node (its parent is current).
    fn apply_current(&mut self, id: NodeId) {
        Self::apply(&self.rules, &self.nodes[id], &mut self.pos);
    }

    /// Takes back the last move of the current line: removes the current
    /// node when it has no later moves, else only steps back.
    pub fn undo(&mut self) -> Undo {
        self.main_end = None;
        let Some(parent) = self.nodes[self.current].parent else {
            return Undo::Nothing;
        };
        let id = self.current;
        let result = if self.nodes[id].children.is_empty() {
            self.nodes[parent].children.retain(|c| *c != id);
            self.nodes[id].parent = None;
            if id + 1 == self.nodes.len() {
                self.nodes.pop();
            }
            Undo::Removed
        } else {
            Undo::SteppedBack
        };
        self.current = parent;
        self.refresh();
        result
    }

    pub fn back(&mut self) -> bool {
        match self.nodes[self.current].parent {
            Some(p) => self.go_to(p),
            None => false,
        }
    }

    pub fn forward(&mut self) -> bool {
        match self.nodes[self.current].children.first() {
            Some(&c) => {
                self.current = c;
                self.apply_current(c);
                true
            }
            None => false,
        }
    }

    pub fn to_start(&mut self) {
        self.go_to(0);
    }

    pub fn to_end(&mut self) {
        if self.current == 0
            && let Some((end, len, pos)) = &self.main_end
            && *len == self.nodes.len()
            && self.main_line_end() == *end
        {
            self.current = *end;
            self.pos = (**pos).clone();
            return;
        }
        while self.forward() {}
    }

    /// Switches to the next (or previous) sibling of the current node.
    pub fn switch_variation(&mut self, forward: bool) -> bool {
        let Some(parent) = self.nodes[self.current].parent else {
            return false;
        };
        let sibs = &self.nodes[parent].children;
        let Some(i) = sibs.iter().position(|&c| c == self.current) else {
            return false;
        };
        let j = if forward { i + 1 } else { i.wrapping_sub(1) };
        match sibs.get(j) {
            Some(&s) => self.go_to(s),
            None => false,
        }
    }

    /// (index, count) of the current node among its siblings, from 1.
    pub fn variation_index(&self) -> (usize, usize) {
        match self.nodes[self.current].parent {
            Some(p) => {
                let sibs = &self.nodes[p].children;
                let i = sibs.iter().position(|&c| c == self.current).unwrap_or(0);
                (i + 1, sibs.len())
            }
            None => (1, 1),
        }
    }

    /// Goes to the position after move `n` of the current line (0: the start).
    pub fn goto_move(&mut self, n: usize) -> bool {
        let line = self.line();
        let mut count = 0;
        let mut target = if n == 0 { Some(line[0]) } else { None };
        for &id in &line {
            if self.nodes[id].mv.is_some() {
                count += 1;
                if count == n {
                    target = Some(id);
                    break;
                }
            }
        }
        match target {
            Some(t) => self.go_to(t),
            None => false,
        }
    }

    /// Changes move `n` of the current line (a move recorded at the wrong
    /// point) and replays the later moves after it, with their comments and
    /// properties, captures recomputed. The new line becomes the main one;
    /// the old line stays as a variation, so nothing is lost. A later move
    /// that has become illegal ends the new line and is reported.
    pub fn fix_move(&mut self, n: usize, new: Move) -> Result<Fixed, FixError> {
        self.main_end = None;
        let line = self.line();
        let k = line
            .iter()
            .enumerate()
            .filter(|&(_, &id)| self.nodes[id].mv.is_some())
            .nth(n.wrapping_sub(1))
            .map(|(k, _)| k)
            .ok_or(FixError::NoSuchMove(n))?;
        let old = line[k];
        let Some((color, was)) = self.nodes[old].mv else {
            return Err(FixError::NoSuchMove(n));
        };
        if was == new {
            return Err(FixError::Same);
        }
        let Some(parent) = self.nodes[old].parent else {
            return Err(FixError::NoSuchMove(n));
        };
        let mut pos = self.position_at(parent);
        Self::check_move(&self.rules, &pos, color, new).map_err(FixError::Illegal)?;
        // The fixed move, then copies of the later nodes, as a new first
        // child of the parent.
        let mut at = parent;
        let mut replayed = 0;
        let mut stopped = None;
        let mut number = n;
        for (i, &src) in line[k..].iter().enumerate() {
            let mut node = Node {
                parent: Some(at),
                children: Default::default(),
                problem: None,
                ..self.nodes[src].clone()
            };
            if i == 0 {
                node.mv = Some((color, new));
            } else if let Some((c, mv)) = node.mv {
                number += 1;
                if let Err(e) = Self::check_move(&self.rules, &pos, c, mv) {
                    stopped = Some((number, c, e));
                    break;
                }
            }
            Self::apply(&self.rules, &node, &mut pos);
            let id = self.nodes.len();
            self.nodes.push(node);
            if i == 0 {
                self.nodes[at].children.insert(0, id);
            } else {
                self.nodes[at].children.push(id);
                replayed += usize::from(self.nodes[id].mv.is_some());
            }
            at = id;
        }
        self.current = at;
        self.refresh();
        Ok(Fixed { replayed, stopped })
    }

    /// Sets the comment of the current node.
    pub fn set_comment(&mut self, text: Option<String>) {
        self.nodes[self.current].comment = text.filter(|t| !t.is_empty());
    }

    /// Adds (or removes, with `None`) a setup stone on the current node.
    pub fn add_setup(&mut self, p: Point, stone: Option<Color>) {
        self.main_end = None;
        let node = &mut self.nodes[self.current];
        node.add_black.retain(|&q| q != p);
        node.add_white.retain(|&q| q != p);
        node.add_empty.retain(|&q| q != p);
        match stone {
            Some(Color::Black) => node.add_black.push(p),
            Some(Color::White) => node.add_white.push(p),
            None => node.add_empty.push(p),
        }
        self.refresh();
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
mod tests {
    use super::*;
    use crate::game::rules::{Preset, Rules};

    fn pt(s: &str) -> Move {
        Move::Play(Point::from_gtp(s, 9).unwrap())
    }

    #[test]
    fn pass_pairs_counts_each_pair_of_passes_and_who_passed_first() {
        let mut r = GameRecord::new(9, Rules::chinese()).unwrap();
        let one = r.play(pt("D4")).unwrap().node;
        assert_eq!(r.pass_pairs(one), None, "not a pass");
        r.play(Move::Pass).unwrap();
        let two = r.play(Move::Pass).unwrap().node;
        assert_eq!(r.pass_pairs(two), Some((1, Color::White)));
        // White moves again (the game resumed), then two passes.
        r.play(Move::Pass).unwrap();
        let four = r.play(Move::Pass).unwrap().node;
        assert_eq!(r.pass_pairs(four), Some((2, Color::White)));
    }

    fn game9() -> GameRecord {
        GameRecord::new(9, Rules::chinese()).unwrap()
    }

    #[test]
    fn play_alternates_and_counts_moves() {
        let mut g = game9();
        g.play(pt("E5")).unwrap();
        g.play(pt("C3")).unwrap();
        g.play(Move::Pass).unwrap();
        assert_eq!(g.move_number(), 3);
        assert_eq!(g.to_move(), Color::White);
        assert_eq!(
            g.board().get(Point::from_gtp("C3", 9).unwrap()),
            Some(Color::White)
        );
    }

    #[test]
    fn playing_an_existing_move_follows_it() {
        let mut g = game9();
        g.play(pt("E5")).unwrap();
        g.back();
        let p = g.play(pt("E5")).unwrap();
        assert!(p.followed_existing);
        assert_eq!(g.node(0).children.len(), 1);
    }

    #[test]
    fn playing_elsewhere_adds_a_variation() {
        let mut g = game9();
        g.play(pt("E5")).unwrap();
        g.play(pt("C3")).unwrap();
        g.back();
        let p = g.play(pt("G7")).unwrap();
        assert!(p.new_variation);
        assert_eq!(g.variation_index(), (2, 2));
        assert!(g.switch_variation(false));
        assert_eq!(g.variation_index(), (1, 2));
        assert_eq!(
            g.board().get(Point::from_gtp("C3", 9).unwrap()),
            Some(Color::White)
        );
        assert!(!g.switch_variation(false));
    }

    #[test]
    fn undo_removes_the_last_move_and_restores_the_position() {
        let mut g = game9();
        g.play(pt("E5")).unwrap();
        let before = g.board().clone();
        g.play(pt("D5")).unwrap();
        assert_eq!(g.undo(), Undo::Removed);
        assert_eq!(g.board(), &before);
        assert_eq!(g.to_move(), Color::White);
        assert!(g.node(g.current()).children.is_empty());
        // In the middle of a line, undo only steps back.
        g.play(pt("D5")).unwrap();
        g.back();
        g.back();
        assert_eq!(g.undo(), Undo::Nothing);
        g.forward();
        assert_eq!(g.undo(), Undo::SteppedBack);
        assert_eq!(g.nodes().len(), 3);
    }

    #[test]
    fn navigation_and_goto() {
        let mut g = game9();
        for m in ["E5", "C3", "G7", "C7"] {
            g.play(pt(m)).unwrap();
        }
        g.to_start();
        assert_eq!(g.move_number(), 0);
        g.to_end();
        assert_eq!(g.move_number(), 4);
        assert!(g.goto_move(2));
        assert_eq!(g.move_number(), 2);
        assert!(!g.goto_move(9));
        assert!(g.goto_move(0));
        assert_eq!(g.board().count_stones(Color::Black), 0);
    }

    #[test]
    fn fixed_and_free_handicap_set_the_stones_and_white_moves_first() {
        let mut g = GameRecord::new(19, Rules::chinese()).unwrap();
        g.set_fixed_handicap(4).unwrap();
        assert_eq!(g.info.handicap, 4);
        assert_eq!(g.board().count_stones(Color::Black), 4);
        assert_eq!(
            g.board().get(Point::from_gtp("D16", 19).unwrap()),
            Some(Color::Black)
        );
        assert_eq!(g.to_move(), Color::White);
        assert!(g.set_fixed_handicap(12).is_err());
        let mut free = GameRecord::new(9, Rules::chinese()).unwrap();
        let pts = [Point::new(0, 0), Point::new(4, 4), Point::new(8, 1)];
        free.set_free_handicap(&pts);
        assert_eq!(free.info.handicap, 3);
        assert_eq!(free.board().count_stones(Color::Black), 3);
        assert_eq!(free.to_move(), Color::White);
        free.play(Move::Play(Point::new(2, 2))).unwrap();
        assert_eq!(free.to_move(), Color::Black);
    }

    /// Triple ko: three kos, six captures in turn bring back the start.
    /// Simple ko allows the cycle; positional superko forbids the capture
    /// that recreates the earlier position.
    #[test]
    fn triple_ko_cycle_is_superko_but_not_simple_ko() {
        let start = include_str!("../../tests/positions/triple_ko9.txt");
        let board = Board::from_diagram(start).unwrap();
        let mk = |rules: Rules| {
            let mut root = Node::default();
            for p in board.points() {
                match board.get(p) {
                    Some(Color::Black) => root.add_black.push(p),
                    Some(Color::White) => root.add_white.push(p),
                    None => {}
                }
            }
            root.to_play = Some(Color::Black);
            GameRecord::from_nodes(9, vec![root], GameInfo::default(), rules).unwrap()
        };
        // B takes ko 1, W takes ko 2, B takes ko 3, then each is retaken.
        let cycle = ["C8", "G8", "C4", "B8", "H8", "B4"];
        let mut simple = mk(Rules::japanese());
        for m in cycle {
            let played = simple.play(pt(m)).unwrap();
            assert_eq!(played.captured, 1, "{m} captures one stone");
        }
        assert_eq!(simple.board().to_diagram(), board.to_diagram());
        assert_eq!(simple.board().captures(Color::Black), 3);
        assert_eq!(simple.board().captures(Color::White), 3);
        let mut superko = mk(Rules::preset(Preset::Chinese));
        for m in &cycle[..5] {
            superko.play(pt(m)).unwrap();
        }
        let err = superko.play(pt("B4")).unwrap_err();
        assert_eq!(err.reason, IllegalReason::Superko);
        assert_eq!(superko.move_number(), 5, "the refused move is not recorded");
    }
}
