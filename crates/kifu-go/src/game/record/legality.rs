//! Replaying a record by the rules: applying nodes to positions, checking
//! moves (simple ko, positional superko over the path), the position at
//! any node, and the illegal moves a file holds.

use super::*;

use std::rc::Rc;

use crate::game::board::Snapshot;

/// The siblings still to walk: (node, its branch, depth of the path).
type Pending = Vec<(usize, Rc<Branch>, usize)>;

/// The next sibling still to walk, on its branch's position. Siblings
/// come one after another: the branch's board is made once (`made`) and
/// copied for each.
fn pop_branch(
    stack: &mut Pending,
    made: &mut Option<(Rc<Branch>, Board)>,
) -> Option<(usize, Position, usize)> {
    while let Some((id, branch, depth)) = stack.pop() {
        let board = match made {
            Some((b, board)) if Rc::ptr_eq(b, &branch) => board.clone(),
            _ => {
                let Ok(board) = Board::from_snapshot(&branch.board) else {
                    continue;
                };
                *made = Some((Rc::clone(&branch), board.clone()));
                board
            }
        };
        return Some((id, branch.position(board), depth));
    }
    None
}

/// The hashes of the positions on the path from the root, for superko: one
/// stack cut back to the branch point (a node's siblings are walked after
/// all of its descendants), with a count per hash for the lookups. Only
/// positional superko asks whether a position repeats: under the simple
/// ko rule (most records) the counts are not kept.
struct PathHashes {
    hashes: Vec<u64>,
    counts: Option<HashCount>,
}

impl PathHashes {
    fn new(ko: KoRule, nodes: usize) -> PathHashes {
        PathHashes {
            hashes: Vec::new(),
            counts: (ko == KoRule::PositionalSuperko)
                .then(|| HashCount::with_capacity_and_hasher(nodes, ZobristBuild::default())),
        }
    }

    fn push(&mut self, h: u64) {
        self.hashes.push(h);
        if let Some(counts) = &mut self.counts {
            *counts.entry(h).or_insert(0) += 1;
        }
    }

    /// Back to the first `depth` positions.
    fn cut(&mut self, depth: usize) {
        let Some(counts) = &mut self.counts else {
            self.hashes.truncate(depth);
            return;
        };
        for h in self.hashes.drain(depth..) {
            if let Some(n) = counts.get_mut(&h) {
                *n -= 1;
                if *n == 0 {
                    counts.remove(&h);
                }
            }
        }
    }

    fn repeats(&self, h: u64) -> bool {
        self.counts.as_ref().is_some_and(|c| c.contains_key(&h))
    }
}

/// The position at a branch of the tree, kept small until its other
/// children are walked.
struct Branch {
    board: Snapshot,
    to_move: Color,
    move_number: usize,
}

impl Branch {
    fn of(pos: &Position) -> Branch {
        Branch {
            board: pos.board.snapshot(),
            to_move: pos.to_move,
            move_number: pos.move_number,
        }
    }

    /// The position again on its board, without its history (the walk
    /// keeps that).
    fn position(&self, board: Board) -> Position {
        Position {
            board,
            to_move: self.to_move,
            move_number: self.move_number,
            history: Vec::new(),
        }
    }
}

impl GameRecord {
    /// Applies one node to a position (setup, then the move, forced: the
    /// record says it happened) and adds it to the position's history.
    /// Returns the problem if the move was illegal. An associated function
    /// so the cached position can be updated in place while the nodes are
    /// borrowed.
    pub(super) fn apply(rules: &Rules, node: &Node, pos: &mut Position) -> Option<IllegalMove> {
        let history = std::mem::take(&mut pos.history);
        let problem = Self::apply_with(rules, node, pos, &|h| history.contains(&h));
        pos.history = history;
        pos.history.push(pos.board.hash());
        problem
    }

    /// `apply` with the superko lookup given (`repeats`: is this hash on
    /// the path?); the position's history is left alone.
    pub(super) fn apply_with(
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
    pub(super) fn check_move(
        rules: &Rules,
        pos: &Position,
        color: Color,
        mv: Move,
    ) -> Result<(), IllegalMove> {
        Self::check_with(rules, &pos.board, color, mv, &|h| pos.history.contains(&h))
    }

    pub(super) fn check_with(
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
    /// was illegal, and leaves the record at the root's position. Linear in
    /// the tree (`PathHashes`): a tree where every move has a sibling costs
    /// no more than a line.
    pub(super) fn flag_illegal_moves(&mut self) {
        // The record was just made: its position is the empty board.
        let board = self.pos.board.clone();
        let start = Position {
            board,
            to_move: self.first_to_move(),
            move_number: 0,
            history: Vec::new(),
        };
        let mut path = PathHashes::new(self.rules.ko, self.nodes.len());
        let mut main_line = true;
        // (node, its parent's position, depth of the path). A branch's
        // position is kept once, small, for all its siblings still to walk:
        // memory follows the tree, not the number of variations.
        let mut stack: Pending = Vec::new();
        let mut next = Some((0usize, start, 0usize));
        let mut made: Option<(Rc<Branch>, Board)> = None;
        let mut problems = Vec::new();
        while let Some((mut id, mut pos, depth)) =
            next.take().or_else(|| pop_branch(&mut stack, &mut made))
        {
            path.cut(depth);
            // Follow single-child chains in place; only branches copy the
            // board.
            loop {
                let problem =
                    Self::apply_with(&self.rules, &self.nodes[id], &mut pos, &|h| path.repeats(h));
                let h = pos.board.hash();
                path.push(h);
                if problem.is_some() {
                    problems.push((id, problem));
                }
                if id == 0 {
                    // The record starts at the root's position. Its board is
                    // the empty one the record was made with unless the root
                    // sets stones: kept, not made again (a board made costs
                    // a tenth of reading a game).
                    if self.nodes[0].has_setup() || self.nodes[0].mv.is_some() {
                        self.pos.board = pos.board.clone();
                    }
                    self.pos.to_move = pos.to_move;
                    self.pos.move_number = pos.move_number;
                    self.pos.history = vec![h];
                }
                match self.nodes[id].children.as_slice() {
                    [] => break,
                    [first, rest @ ..] => {
                        if !rest.is_empty() {
                            let branch = Rc::new(Branch::of(&pos));
                            for &c in rest.iter().rev() {
                                stack.push((c, Rc::clone(&branch), path.hashes.len()));
                            }
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
                    history: path.hashes.clone(),
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
}
