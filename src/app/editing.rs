//! The game tree edited without loss, as careful editors keep it: `u`
//! takes a move back and `]` puts exactly that move back (its comment and
//! later moves with it), a move played again where it was taken back comes
//! back whole, a variation is made the main line or moved among its
//! siblings, a variation or the rest of a line is deleted, and every
//! delete is taken back by `U`. The history of these edits (`Edit`) lives
//! as long as the session.

use super::*;
use crate::game::record::{Detached, NodeId};
use crate::tr;

/// One change of the tree's shape that can be reversed.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Edit {
    /// `u` took this subtree out. `redo`: `]` at its parent puts it back
    /// (no other move was played there since).
    TakenBack { cut: Detached, redo: bool },
    /// `u` only stepped back from `from` (it has later moves): `]` at
    /// `parent` returns to it rather than to the first line.
    SteppedBack { from: NodeId, parent: NodeId },
    /// A delete (a variation, the rest of a line): the subtrees in the
    /// order they were taken out.
    Deleted(Vec<Detached>),
}

impl App {
    /// The first key of `action` in the mode shown (the user's own first),
    /// for a message that names it.
    pub fn key_name(&self, action: Action) -> String {
        let scope = self.scope();
        self.keymap
            .keys_for(scope, &action)
            .first()
            .map(|k| k.to_string())
            .or_else(|| {
                action::rows(scope)
                    .find(|r| r.action == action)
                    .and_then(|r| r.keys.first().map(|k| k.to_string()))
            })
            .unwrap_or_else(|| {
                action::TABLE
                    .iter()
                    .find(|r| r.action == action)
                    .map_or_else(String::new, |r| format!(":{}", r.name))
            })
    }

    /// `u`: takes the last move of this line back (`]` puts it back); on a
    /// move with later moves, only steps back (they stay).
    pub(super) fn undo(&mut self) {
        if self.take_back_flag() {
            return;
        }
        let id = self.record.current();
        let Some(parent) = self.record.node(id).parent else {
            self.message = Some(tr!(self.lang, "rec.undo.none"));
            return;
        };
        let redo = self.key_name(Action::Forward);
        if !self.record.node(id).children.is_empty() {
            self.record.back();
            self.edits.push(Edit::SteppedBack { from: id, parent });
            self.message = Some(tr!(self.lang, "rec.stepped_back", key = redo));
            return;
        }
        let mv = self.record.node(id).mv;
        let Some(cut) = self.record.detach(id) else {
            return;
        };
        self.clock_undo(id);
        self.changed();
        self.edits.push(Edit::TakenBack { cut, redo: true });
        let what = mv.map_or_else(String::new, |(c, m)| {
            format!(
                "{} {}",
                crate::i18n::color_name(self.lang, c),
                self.move_text(m)
            )
        });
        self.message = Some(tr!(self.lang, "rec.undo", what = what, key = redo));
    }

    /// `]`: what `u` took back or stepped back from here, exactly; else one
    /// move forward on this line.
    pub(super) fn forward(&mut self) {
        let here = self.record.current();
        let found = self.edits.iter().rposition(|e| match e {
            Edit::TakenBack { cut, redo } => *redo && cut.parent == here,
            Edit::SteppedBack { from, parent } => {
                *parent == here && self.record.node(here).children.contains(from)
            }
            Edit::Deleted(_) => false,
        });
        match found.map(|i| self.edits.remove(i)) {
            Some(Edit::TakenBack { cut, .. }) => self.put_back(cut),
            Some(Edit::SteppedBack { from, .. }) => {
                self.record.go_to(from);
            }
            _ if self.record.forward() => {}
            _ => self.message = Some(tr!(self.lang, "rec.no_later")),
        }
    }

    /// A move taken back, put back where it was, and said.
    fn put_back(&mut self, cut: Detached) {
        if !self.record.reattach(cut) {
            return;
        }
        self.record.go_to(cut.node);
        self.changed();
        let node = self.record.node(cut.node);
        let later = self.record.moves_in(cut.node).saturating_sub(1);
        let comment = node.comment.is_some();
        let mv = node.mv.map_or_else(String::new, |(_, m)| self.move_text(m));
        let lang = self.lang;
        let mut said = tr!(lang, "rec.put_back", mv = mv);
        if comment {
            said.push_str(&tr!(lang, "rec.put_back.comment"));
        }
        if later > 0 {
            let later = crate::i18n::moves(lang, later);
            said.push_str(&tr!(lang, "rec.put_back.later", moves = later));
        }
        self.message = Some(said);
    }

    /// Before a move is played here: the same move taken back here comes
    /// back whole (its comment, its later moves). True when it did.
    pub(super) fn replay_taken_back(&mut self, mv: Move) -> bool {
        let here = self.record.current();
        let color = self.record.to_move();
        if self
            .record
            .node(here)
            .children
            .iter()
            .any(|&c| self.record.node(c).mv == Some((color, mv)))
        {
            return false;
        }
        let found = self.edits.iter().rposition(|e| {
            matches!(e, Edit::TakenBack { cut, .. }
                if cut.parent == here && self.record.node(cut.node).mv == Some((color, mv)))
        });
        let Some(Edit::TakenBack { cut, .. }) = found.map(|i| self.edits.remove(i)) else {
            return false;
        };
        self.put_back(cut);
        true
    }

    /// A new move was played at `parent`: `]` there now follows the lines
    /// as they are (what `u` took back stays for `U` and for the same move
    /// played again).
    pub(super) fn new_move_at(&mut self, parent: NodeId) {
        for e in &mut self.edits {
            if let Edit::TakenBack { cut, redo } = e
                && cut.parent == parent
            {
                *redo = false;
            }
        }
        self.edits
            .retain(|e| !matches!(e, Edit::SteppedBack { parent: p, .. } if *p == parent));
    }

    /// `x`: deletes the variation the cursor is in (from its first move),
    /// never the main line.
    pub(super) fn delete_variation(&mut self) {
        let here = self.record.current();
        let Some(start) = self.record.variation_start(here) else {
            let key = self.key_name(Action::DeleteRest);
            self.message = Some(tr!(self.lang, "edit.main_line", key = key));
            return;
        };
        let place = self.record.place(start);
        let moves = self.record.moves_in(start);
        let Some(cut) = self.record.detach(start) else {
            return;
        };
        self.edits.push(Edit::Deleted(vec![cut]));
        self.changed();
        let lang = self.lang;
        let number = place.variation.map_or(0, |v| v.number);
        self.message = Some(tr!(
            lang,
            "edit.deleted_variation",
            n = number,
            from = place.move_number,
            moves = crate::i18n::moves(lang, moves),
            key = self.key_name(Action::Undelete)
        ));
    }

    /// `X`: deletes every move after this one (each line that follows).
    pub(super) fn delete_rest(&mut self) {
        let here = self.record.current();
        let kids: Vec<NodeId> = self.record.node(here).children.to_vec();
        if kids.is_empty() {
            self.message = Some(tr!(self.lang, "edit.nothing_after"));
            return;
        }
        let moves: usize = kids.iter().map(|&k| self.record.moves_in(k)).sum();
        let cuts: Vec<Detached> = kids
            .iter()
            .rev()
            .filter_map(|&k| self.record.detach(k))
            .collect();
        self.edits.push(Edit::Deleted(cuts));
        self.changed();
        let lang = self.lang;
        self.message = Some(tr!(
            lang,
            "edit.deleted_rest",
            n = self.record.move_number(),
            moves = crate::i18n::moves(lang, moves),
            key = self.key_name(Action::Undelete)
        ));
    }

    /// `U`: the last delete (or move taken back) put back where it was.
    pub(super) fn undelete(&mut self) {
        let found = self
            .edits
            .iter()
            .rposition(|e| matches!(e, Edit::Deleted(_) | Edit::TakenBack { .. }));
        let cuts = match found.map(|i| self.edits.remove(i)) {
            Some(Edit::Deleted(cuts)) => cuts,
            Some(Edit::TakenBack { cut, .. }) => vec![cut],
            _ => {
                self.message = Some(tr!(self.lang, "edit.nothing_deleted"));
                return;
            }
        };
        let mut moves = 0;
        let mut first = None;
        for cut in cuts.iter().rev() {
            if self.record.reattach(*cut) {
                moves += self.record.moves_in(cut.node);
                first = Some(cut.node);
            }
        }
        let Some(first) = first else {
            return;
        };
        if let Some(cut) = cuts.last() {
            self.record.go_to(cut.parent);
        }
        if cuts.len() == 1 {
            self.record.go_to(first);
        }
        self.changed();
        let lang = self.lang;
        self.message = Some(tr!(
            lang,
            "edit.undeleted",
            moves = crate::i18n::moves(lang, moves),
            n = self.record.move_number()
        ));
    }

    /// `M`: the line through the move shown becomes the main line.
    pub(super) fn promote(&mut self) {
        let here = self.record.current();
        if !self.record.promote(here) {
            self.message = Some(tr!(self.lang, "edit.main_already"));
            return;
        }
        self.changed();
        self.message = Some(tr!(self.lang, "edit.promoted"));
    }

    /// `{` and `}`: the variation the cursor is on one place earlier or
    /// later among its siblings.
    pub(super) fn shift_variation(&mut self, earlier: bool) {
        let here = self.record.current();
        match self.record.shift_variation(here, earlier) {
            Some((i, n)) => {
                self.changed();
                self.message = Some(tr!(self.lang, "edit.shifted", i = i, n = n));
            }
            None if self.record.branch_of(here).is_none() => {
                self.message = Some(tr!(self.lang, "rec.no_variation"));
            }
            None => {
                let key = if earlier { "edit.first" } else { "edit.last" };
                self.message = Some(tr!(self.lang, key));
            }
        }
    }

    /// The move shown, in words: "Black D4", "White passes", "the start".
    pub(super) fn last_move_words(&self) -> String {
        let lang = self.lang;
        match self.record.node(self.record.current()).mv {
            Some((c, Move::Pass)) => {
                tr!(lang, "rec.passes", side = crate::i18n::color_name(lang, c))
            }
            Some((c, m)) => format!("{} {}", crate::i18n::color_name(lang, c), self.move_text(m)),
            None => tr!(lang, "rec.at_start"),
        }
    }

    /// Where the move shown stands, in words: "Move 12, main line", "Move
    /// 14, variation 2 of 3 from move 12".
    pub fn place_words(&self) -> String {
        let place = self.record.place(self.record.current());
        let lang = self.lang;
        match place.variation {
            None => tr!(lang, "place.main", n = place.move_number),
            Some(v) => tr!(
                lang,
                "place.variation",
                n = place.move_number,
                i = v.number,
                of = v.of,
                from = v.from_move
            ),
        }
    }
}
