//! Changing a recorded game: fixing a move recorded at the wrong point,
//! comments, setup stones.

use super::*;

impl GameRecord {
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
}
