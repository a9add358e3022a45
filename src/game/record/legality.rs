//! Replaying a record by the rules: applying nodes to positions, checking
//! moves (simple ko, positional superko over the path), the position at
//! any node, and the illegal moves a file holds.

use super::*;

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
    /// was illegal. Linear in the tree: the superko history is one stack cut
    /// back to the branch point (a node's siblings are walked after all of
    /// its descendants), with a count per hash for the lookups, so a tree
    /// where every move has a sibling costs no more than a line.
    pub(super) fn flag_illegal_moves(&mut self) {
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
}
