//! Count mode's state: the marks, the view, the walkthrough step, and
//! everything derived from them (classification, both counts, the
//! walkthrough data), recomputed on every change (a count takes ~40 µs).

use crate::count::score::Dame;
use crate::count::session::{DeadStones, Session};
use crate::count::steps::{Chinese, Japanese};
use crate::count::{Classification, Count, Marks, PointClass, Terms, count_position};
use crate::game::record::GameRecord;
use crate::game::rules::Scoring;
use crate::game::{Board, Color, GameResult, Point};

pub use crate::count::glyph::View;
use crate::count::glyph::{Glyph, Steps};

#[derive(Debug, Clone)]
pub struct CountState {
    pub board: Board,
    pub marks: Marks,
    pub terms: Terms,
    pub view: View,
    pub step: usize,
    /// The side the Chinese walkthrough counts.
    pub side: Color,
    pub class: Classification,
    pub count: Count,
    pub chinese: Chinese,
    pub japanese: Japanese,
    /// Where the marks came from, for the panel.
    pub source: String,
    /// Stones of the chains kifu's proposal is unsure about.
    pub unsure: Vec<Point>,
    /// Stones each side placed (moves and setup): the two views differ by
    /// this gap (docs/rules.md 3.4).
    placed: [usize; 2],
    /// The marks before each change, for `u` (with where they came from
    /// and the unsure stones then).
    history: Vec<(Marks, String, Vec<Point>)>,
}

impl CountState {
    /// Count mode on the record's current position: the marks of its TB/TW
    /// when it has them, else kifu's proposal, for the players to check
    /// (never taken as agreed without them seeing it). The choice and its
    /// words are the counting session's, as in `kifu score`.
    pub fn new(rec: &GameRecord) -> CountState {
        let marked = crate::sgf::territory::territory_marks(rec);
        let dead = match &marked {
            Some((tb, tw)) => DeadStones::Marks(Some((tb.as_slice(), tw.as_slice()))),
            None => DeadStones::Estimate,
        };
        let terms = Terms::of_record(rec).with_marked_dame(marked.as_ref());
        let mut session = Session::new(rec.board().clone(), terms, dead);
        if marked.is_some() {
            session.mark_seki(&crate::sgf::territory::seki_marks(rec));
        }
        let view = match rec.rules.scoring {
            Scoring::Area => View::Area,
            Scoring::Territory => View::Territory,
        };
        let chinese = Chinese::new(&session.class, &session.count, Color::Black);
        let japanese = Japanese::new(&session.class, &session.count);
        let source = session.warning().unwrap_or_else(|| session.note());
        let unsure = session
            .uncertain
            .iter()
            .flat_map(|&p| session.board.chain(p))
            .collect();
        CountState {
            board: session.board,
            marks: session.marks,
            terms: session.terms,
            view,
            step: 0,
            side: Color::Black,
            class: session.class,
            count: session.count,
            chinese,
            japanese,
            source,
            unsure,
            placed: rec.stones_placed(),
            history: Vec::new(),
        }
    }

    /// Recomputes everything after the marks or the side changed.
    fn recount(&mut self) {
        let (class, c) = count_position(&self.board, &self.marks, &self.terms);
        self.chinese = Chinese::new(&class, &c, self.side);
        self.japanese = Japanese::new(&class, &c);
        self.class = class;
        self.count = c;
    }

    /// Follows the record after a change of its game information: the
    /// marks stay, the count takes the record's rules, komi and handicap.
    /// The view follows the rules when they change. True when something
    /// changed.
    pub fn follow_terms(&mut self, rec: &GameRecord) -> bool {
        // How the dame count (the file's marks, or in turn) stays.
        let terms = Terms {
            dame: self.terms.dame.clone(),
            ..Terms::of_record(rec)
        };
        if terms == self.terms {
            return false;
        }
        if terms.rules.scoring != self.terms.rules.scoring {
            self.view = match terms.rules.scoring {
                Scoring::Area => View::Area,
                Scoring::Territory => View::Territory,
            };
            self.step = 0;
        }
        self.terms = terms;
        self.placed = rec.stones_placed();
        self.recount();
        true
    }

    /// Whether the dead stones are still a proposal nobody has touched
    /// (an engine's answer may replace it).
    pub fn is_untouched_proposal(&self) -> bool {
        self.source.starts_with("dead stones proposed by")
    }

    /// Confirmation play's verdict: the chains through `dead` dead, those
    /// through `alive` alive (the rest as they were).
    pub fn set_verdict(&mut self, dead: &[Point], alive: &[Point]) {
        self.remember();
        for &p in alive {
            if self.marks.is_dead(p) {
                self.marks.toggle_chain(&self.board, p);
            }
        }
        for &p in dead {
            if !self.marks.is_dead(p) {
                self.marks.toggle_chain(&self.board, p);
            }
        }
        let chains: Vec<Point> = dead
            .iter()
            .chain(alive)
            .flat_map(|&p| self.board.chain(p))
            .collect();
        self.unsure.retain(|q| !chains.contains(q));
        self.source = "marked by confirmation play".into();
        self.recount();
    }

    /// Takes an engine's dead stones as the proposal, in the session's
    /// words.
    pub fn take_proposal(&mut self, judged: crate::count::ownership::Judgment, who: &str) {
        let session = Session::new(
            self.board.clone(),
            self.terms.clone(),
            DeadStones::Judged(judged, who),
        );
        self.remember();
        self.unsure = session
            .uncertain
            .iter()
            .flat_map(|&p| self.board.chain(p))
            .collect();
        self.source = session.note();
        self.marks = session.marks;
        self.recount();
    }

    fn remember(&mut self) {
        self.history
            .push((self.marks.clone(), self.source.clone(), self.unsure.clone()));
    }

    /// Takes back the last change of the marks; false when there is none.
    pub fn undo(&mut self) -> bool {
        let Some((marks, source, unsure)) = self.history.pop() else {
            return false;
        };
        self.marks = marks;
        self.source = source;
        self.unsure = unsure;
        self.recount();
        true
    }

    /// Toggles the chain at `p` dead or alive (`related`: the whole group).
    pub fn toggle(&mut self, p: Point, related: bool) -> bool {
        self.remember();
        let done = if related {
            self.marks.toggle_related(&self.board, p)
        } else {
            self.marks.toggle_chain(&self.board, p)
        };
        if done {
            self.source = "marked by hand".into();
            // Once the players have looked at a chain, it is theirs.
            let chain = self.board.chain(p);
            self.unsure.retain(|q| !chain.contains(q));
            self.recount();
        } else {
            self.history.pop();
        }
        done
    }

    pub fn toggle_seki(&mut self, p: Point) -> bool {
        self.remember();
        let done = self.marks.toggle_seki(&self.board, p);
        if done {
            self.recount();
        } else {
            self.history.pop();
        }
        done
    }

    pub fn switch_view(&mut self) {
        self.view = match self.view {
            View::Area => View::Territory,
            View::Territory => View::Area,
        };
        self.step = 0;
    }

    /// The Chinese count counts the other side, from its first step.
    pub fn switch_side(&mut self) {
        self.side = self.side.opponent();
        self.recount();
        if self.view == View::Area {
            self.step = 1;
        }
    }

    pub fn step_forward(&mut self) {
        self.step = (self.step + 1).min(self.view.steps());
    }

    /// Jumps to a step (0: the map); false past the last step.
    pub fn go_to_step(&mut self, step: usize) -> bool {
        if step > self.view.steps() {
            return false;
        }
        self.step = step;
        true
    }

    /// The walkthrough data of the count.
    pub fn steps(&self) -> Steps<'_> {
        Steps {
            class: &self.class,
            chinese: &self.chinese,
            japanese: &self.japanese,
        }
    }

    /// What point `p` shows now.
    pub fn glyph(&self, p: Point) -> Glyph {
        self.steps().glyph(self.view, self.step, p)
    }

    pub fn step_back(&mut self) {
        self.step = self.step.saturating_sub(1);
    }

    /// The caption of the current step, to read aloud.
    pub fn caption(&self) -> Option<String> {
        if self.step == 0 {
            return None;
        }
        let caps = match self.view {
            View::Area => self.chinese.captions(),
            View::Territory => self.japanese.captions(),
        };
        caps.get(self.step - 1).cloned()
    }

    /// The result under the game's rules.
    pub fn result(&self) -> GameResult {
        self.count.result()
    }

    /// Why the two views give different margins, when they do.
    pub fn differences(&self) -> Vec<String> {
        self.count.differences(self.placed)
    }

    /// Whose the dame point `p` is in this count (None: shared).
    fn dame_owner(&self, p: Point) -> Option<Color> {
        match &self.terms.dame {
            Dame::Marked(tb, tw) => {
                if tb.contains(&p) {
                    Some(Color::Black)
                } else if tw.contains(&p) {
                    Some(Color::White)
                } else {
                    None
                }
            }
            Dame::InTurn(_) => {
                if let Some(c) = self.class.dead_at(p) {
                    return Some(c.opponent());
                }
                // The free dame in board order: the first player's share
                // first.
                let first = self.count.first_to_fill?;
                let free = |q: Point, k: PointClass| {
                    k == PointClass::Dame && self.class.dead_at(q).is_none()
                };
                let all = self.class.points().filter(|&(q, k)| free(q, k)).count();
                let before = self
                    .class
                    .points()
                    .take_while(|&(q, _)| q != p)
                    .filter(|&(q, k)| free(q, k))
                    .count();
                Some(if before < all.div_ceil(2) {
                    first
                } else {
                    first.opponent()
                })
            }
        }
    }

    /// The TB and TW points to write (territory, seki eyes, and every dead
    /// stone under the side that took it: the CGoban/KGS form), and one
    /// stone of each chain marked seki. Read back, they give the same marks,
    /// so the same count: a dead stone in dame or in a seki eye is written
    /// too, though no territory holds it.
    pub fn territory_points(&self) -> (Vec<Point>, Vec<Point>, Vec<Point>) {
        let mut tb = Vec::new();
        let mut tw = Vec::new();
        for (p, k) in self.class.points() {
            let owner = match k {
                PointClass::Territory(c) | PointClass::SekiEye(c) | PointClass::Protect(c) => {
                    Some(c)
                }
                _ => None,
            };
            // A dead stone goes under its captor whatever its point is.
            let owner = match (self.marks.is_dead(p), self.board.get(p)) {
                (true, Some(stone)) => Some(stone.opponent()),
                // The dame as this count gives them, so that the marks read
                // back give the same.
                // (Under territory counting dame count nothing: unmarked.)
                _ if k == PointClass::Dame && self.terms.rules.scoring == Scoring::Area => {
                    self.dame_owner(p)
                }
                _ => owner,
            };
            match owner {
                Some(Color::Black) => tb.push(p),
                Some(Color::White) => tw.push(p),
                None => {}
            }
        }
        let seki = self.marks.seki_points();
        (tb, tw, seki)
    }
}
