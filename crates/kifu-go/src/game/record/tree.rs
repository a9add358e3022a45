//! The tree's shape, edited as careful editors edit it (Sabaki, CGoban,
//! GoGui): a subtree taken out keeps its place so it can be put back
//! exactly, a variation made the main line or moved among its siblings,
//! and where a node stands (main line, or variation N of M).
//!
//! A subtree taken out stays in the arena with its ids: putting it back
//! is one insertion, and whoever holds a `Detached` holds the whole of it,
//! its comments and later moves included.

use super::*;

/// A subtree taken out of the tree (a move taken back, a variation
/// deleted): its first node, the node it hung from, and its place among
/// that node's children, so `reattach` puts it back exactly there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Detached {
    /// The subtree's first node (its id stays valid while detached).
    pub node: NodeId,
    /// The node it hung from.
    pub parent: NodeId,
    /// Its place among the parent's children (0: the main continuation).
    pub index: usize,
}

/// Where a node stands in the tree: its move number, and the variation it
/// is in, if it is not on the main line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    /// Moves (passes included) from the root to the node.
    pub move_number: usize,
    /// The innermost variation the node is in (None: the main line).
    pub variation: Option<Variation>,
}

/// A variation as players name it: "variation 2 of 3, from move 12".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Variation {
    /// Its number among the moves that could follow there, from 1 (1 is
    /// the line the game followed at that point).
    pub number: usize,
    /// How many moves could follow there.
    pub of: usize,
    /// The number of the variation's first move.
    pub from_move: usize,
}

impl GameRecord {
    /// True when `id` hangs from the root through its parents (a detached
    /// subtree's nodes do not).
    pub fn is_attached(&self, id: NodeId) -> bool {
        let mut n = id;
        loop {
            let Some(node) = self.nodes.get(n) else {
                return false;
            };
            match node.parent {
                None => return n == 0,
                Some(p) => {
                    if !self.nodes[p].children.contains(&n) {
                        return false;
                    }
                    n = p;
                }
            }
        }
    }

    /// Takes the subtree from `id` out of the tree (never the root): it
    /// stays in the arena, whole, for `reattach`. The current node, if it
    /// was inside, becomes `id`'s parent.
    pub fn detach(&mut self, id: NodeId) -> Option<Detached> {
        if id == 0 || !self.is_attached(id) {
            return None;
        }
        let parent = self.nodes[id].parent?;
        let index = self.nodes[parent].children.iter().position(|&c| c == id)?;
        let inside = self.path_to(self.current).contains(&id);
        self.main_end = None;
        self.nodes[parent].children.remove(index);
        if inside {
            self.current = parent;
            self.refresh();
        }
        Some(Detached {
            node: id,
            parent,
            index,
        })
    }

    /// Puts a detached subtree back where it was taken from (at its old
    /// place among the children, or last if fewer are left). False when
    /// it is attached already, or its parent is itself detached.
    pub fn reattach(&mut self, d: Detached) -> bool {
        let ok = d.node != 0
            && d.node < self.nodes.len()
            && self.nodes[d.node].parent == Some(d.parent)
            && !self.nodes[d.parent].children.contains(&d.node)
            && self.is_attached(d.parent);
        if !ok {
            return false;
        }
        self.main_end = None;
        let children = &mut self.nodes[d.parent].children;
        let at = d.index.min(children.len());
        children.insert(at, d.node);
        true
    }

    /// Makes the line through `id` the main line: at every branch on the
    /// way from the root, the node on the path becomes the first child.
    /// False when it was the main line already.
    pub fn promote(&mut self, id: NodeId) -> bool {
        if !self.is_attached(id) {
            return false;
        }
        self.main_end = None;
        let mut changed = false;
        for n in self.path_to(id).into_iter().skip(1) {
            let Some(p) = self.nodes[n].parent else {
                continue;
            };
            let kids = &mut self.nodes[p].children;
            if let Some(i) = kids.iter().position(|&c| c == n)
                && i > 0
            {
                kids.remove(i);
                kids.insert(0, n);
                changed = true;
            }
        }
        changed
    }

    /// The branch `id` is on: the nearest node from `id` back towards the
    /// root (itself included) that has siblings. None on a line without
    /// branches.
    pub fn branch_of(&self, id: NodeId) -> Option<NodeId> {
        let mut n = id;
        while let Some(p) = self.nodes[n].parent {
            if self.nodes[p].children.len() > 1 {
                return Some(n);
            }
            n = p;
        }
        None
    }

    /// The innermost variation `id` is in: the nearest node from `id` back
    /// towards the root (itself included) that is not the first of its
    /// siblings. None on the main line.
    pub fn variation_start(&self, id: NodeId) -> Option<NodeId> {
        let mut n = id;
        while let Some(p) = self.nodes[n].parent {
            if self.nodes[p].children.first() != Some(&n) {
                return Some(n);
            }
            n = p;
        }
        None
    }

    /// Moves the branch `id` is on one place earlier (`earlier`) or later
    /// among its siblings: its new place and how many there are, from 1.
    /// None when there is no branch or it is at that end already.
    pub fn shift_variation(&mut self, id: NodeId, earlier: bool) -> Option<(usize, usize)> {
        let b = self.branch_of(id)?;
        let p = self.nodes[b].parent?;
        let kids = &mut self.nodes[p].children;
        let i = kids.iter().position(|&c| c == b)?;
        let j = if earlier {
            i.checked_sub(1)?
        } else {
            Some(i + 1).filter(|&j| j < kids.len())?
        };
        kids.swap(i, j);
        let n = kids.len();
        self.main_end = None;
        Some((j + 1, n))
    }

    /// Where `id` stands: its move number and its innermost variation.
    pub fn place(&self, id: NodeId) -> Place {
        let moves_to = |n: NodeId| {
            self.path_to(n)
                .iter()
                .filter(|&&k| self.nodes[k].mv.is_some())
                .count()
        };
        let variation = self.variation_start(id).and_then(|v| {
            let p = self.nodes[v].parent?;
            let kids = &self.nodes[p].children;
            Some(Variation {
                number: kids.iter().position(|&c| c == v)? + 1,
                of: kids.len(),
                from_move: moves_to(v),
            })
        });
        Place {
            move_number: moves_to(id),
            variation,
        }
    }

    /// The moves in the subtree from `id` (itself included).
    pub fn moves_in(&self, id: NodeId) -> usize {
        let mut stack = vec![id];
        let mut n = 0;
        while let Some(k) = stack.pop() {
            n += usize::from(self.nodes[k].mv.is_some());
            stack.extend(self.nodes[k].children.iter().copied());
        }
        n
    }

    /// The node's place among its parent's children, from 0.
    pub fn child_index(&self, id: NodeId) -> Option<usize> {
        let p = self.nodes.get(id)?.parent?;
        self.nodes[p].children.iter().position(|&c| c == id)
    }

    /// The path to the current node as the child taken at each step from
    /// the root (0: the main continuation): what an autosave keeps so a
    /// recovery opens where play stopped.
    pub fn current_path(&self) -> Vec<usize> {
        self.path_to(self.current)
            .iter()
            .skip(1)
            .filter_map(|&n| self.child_index(n))
            .collect()
    }

    /// Goes to the node the path (`current_path`) leads to, as far as the
    /// tree has it. False when it stopped short.
    pub fn follow_path(&mut self, path: &[usize]) -> bool {
        let mut n = 0;
        let mut whole = true;
        for &i in path {
            match self.nodes[n].children.get(i) {
                Some(&c) => n = c,
                None => {
                    whole = false;
                    break;
                }
            }
        }
        self.go_to(n);
        whole
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rules::Rules;

    fn pt(s: &str) -> Move {
        Move::Play(Point::from_gtp(s, 9).unwrap_or_else(|e| panic!("{e}")))
    }

    /// D4 E5 F6 on the main line; at D4 a variation F5.
    fn tree() -> (GameRecord, [NodeId; 4]) {
        let mut g = GameRecord::new(9, Rules::chinese()).unwrap_or_else(|e| panic!("{e}"));
        let d4 = g.play(pt("D4")).map(|p| p.node).unwrap_or_default();
        let e5 = g.play(pt("E5")).map(|p| p.node).unwrap_or_default();
        let f6 = g.play(pt("F6")).map(|p| p.node).unwrap_or_default();
        g.go_to(d4);
        let f5 = g.play(pt("F5")).map(|p| p.node).unwrap_or_default();
        (g, [d4, e5, f6, f5])
    }

    #[test]
    fn a_detached_subtree_goes_back_exactly_where_it_was() {
        let (mut g, [d4, e5, f6, f5]) = tree();
        let before = crate::sgf::to_sgf(&g);
        g.go_to(f6);
        let d = g.detach(e5).unwrap_or_else(|| panic!("detached"));
        assert_eq!((d.parent, d.index), (d4, 0));
        assert_eq!(g.current(), d4, "the cursor leaves the subtree");
        assert_eq!(g.node(d4).children.as_slice(), &[f5]);
        assert!(!g.is_attached(f6));
        assert!(g.reattach(d));
        assert_eq!(crate::sgf::to_sgf(&g), before);
        assert!(!g.reattach(d), "already there");
    }

    #[test]
    fn promote_makes_the_line_main_and_place_says_where_a_node_is() {
        let (mut g, [d4, e5, _, f5]) = tree();
        let place = g.place(f5);
        assert_eq!(place.move_number, 2);
        assert_eq!(
            place.variation,
            Some(Variation {
                number: 2,
                of: 2,
                from_move: 2
            })
        );
        assert_eq!(g.place(e5).variation, None);
        assert!(g.promote(f5));
        assert_eq!(g.node(d4).children.as_slice(), &[f5, e5]);
        assert_eq!(g.place(f5).variation, None);
        assert!(!g.promote(f5), "main already");
        assert_eq!(g.shift_variation(f5, false), Some((2, 2)));
        assert_eq!(g.node(d4).children.as_slice(), &[e5, f5]);
        assert_eq!(g.shift_variation(f5, false), None, "last already");
    }

    #[test]
    fn the_current_path_leads_back_to_the_node() {
        let (mut g, [.., f5]) = tree();
        g.go_to(f5);
        let path = g.current_path();
        assert_eq!(path, vec![0, 1]);
        g.to_start();
        assert!(g.follow_path(&path));
        assert_eq!(g.current(), f5);
        assert!(!g.follow_path(&[0, 5]), "stops short");
    }
}
