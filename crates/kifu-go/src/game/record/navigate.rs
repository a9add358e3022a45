//! Moving through a record and adding to it: going to a node, playing a
//! move (a new variation when it differs), undo, back and forward,
//! variations, move numbers.

use super::*;

impl GameRecord {
    /// Goes to a node (any node of the tree).
    pub fn go_to(&mut self, id: NodeId) -> bool {
        // A detached subtree (taken back, deleted) is out of reach.
        if !self.is_attached(id) {
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

    /// Plays a move for `color`, whoever is to move. GTP lets one side play
    /// twice (controllers send handicap and setup stones as runs of `play
    /// B`): when `color` is not the side to move, the current node first
    /// records PL, as SGF says who moves, so a replay agrees.
    pub fn play_as(&mut self, color: Color, mv: Move) -> Result<Played, IllegalMove> {
        Self::check_move(&self.rules, &self.pos, color, mv)?;
        if color != self.pos.to_move {
            self.main_end = None;
            self.nodes[self.current].to_play = Some(color);
            self.pos.to_move = color;
        }
        self.play(mv)
    }

    /// Advances the cached position by one node (its parent is current).
    pub(super) fn apply_current(&mut self, id: NodeId) {
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

    /// One node back; false at the root.
    pub fn back(&mut self) -> bool {
        match self.nodes[self.current].parent {
            Some(p) => self.go_to(p),
            None => false,
        }
    }

    /// One node forward along the first child; false at a line's end.
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

    /// To the root.
    pub fn to_start(&mut self) {
        self.go_to(0);
    }

    /// To the end of the current line (first children).
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
}
