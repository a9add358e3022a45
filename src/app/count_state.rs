//! Count mode's state: the marks, the view, the walkthrough step, and
//! everything derived from them (classification, both counts, the
//! walkthrough data), recomputed on every change (a count takes ~40 µs).

use crate::count::Flag;
use crate::count::Terms;
use crate::count::score::Dame;
use crate::count::session::{DeadStones, Session, Source};
use crate::count::steps::{Chinese, Japanese};
use crate::game::record::GameRecord;
use crate::game::rules::Scoring;
use crate::game::{Color, GameResult, Point};

use crate::count::glyph::{Glyph, Steps};
pub use crate::count::glyph::{Step, View};

/// What `CountState::restore` takes from another kifu's count: what the
/// session judged, not what follows from it (that is counted again).
pub struct Restored {
    pub marks: crate::count::Marks,
    pub source: Source,
    pub uncertain: Vec<Flag>,
    pub undecided: usize,
    pub finished: bool,
}

/// Count mode: the counting session (the position, its terms, the
/// marks and where they came from, both counts), changed only through
/// the session, and what count mode adds: the view, the walkthrough's
/// step and side, and the history of the marks for `u`.
#[derive(Debug, Clone)]
pub struct CountState {
    pub session: Session,
    pub view: View,
    pub step: Step,
    /// The side the Chinese walkthrough counts.
    pub side: Color,
    pub chinese: Chinese,
    pub japanese: Japanese,
    /// Stones each side placed (moves and setup): the two views differ by
    /// this gap (docs/rules.md 3.4).
    placed: [usize; 2],
    /// The marks before each change, for `u` (with where they came from
    /// and the chains the proposal was unsure of then).
    history: Vec<(crate::count::Marks, Source, Vec<Flag>)>,
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
            None => DeadStones::Estimate(rec.to_move()),
        };
        let mut cs = CountState::with(rec, dead, marked.as_ref());
        if marked.is_some() {
            cs.session
                .mark_seki(&crate::sgf::territory::seki_marks(rec));
            cs.rewalk();
        }
        cs
    }

    /// Count mode as another kifu showed it (`kifu follow`): its marks,
    /// from its source with its doubts, its walkthrough counting `side`
    /// (no judge runs: the marks are given).
    pub fn restored(rec: &GameRecord, given: Restored, side: Color) -> CountState {
        let marked = crate::sgf::territory::territory_marks(rec);
        let mut cs = CountState::with(rec, DeadStones::None, marked.as_ref());
        let s = &mut cs.session;
        s.marks = given.marks;
        s.source = given.source;
        s.uncertain = given.uncertain;
        s.undecided = given.undecided;
        s.finished = given.finished;
        s.recount();
        cs.side = side;
        cs.rewalk();
        cs
    }

    fn with(
        rec: &GameRecord,
        dead: DeadStones<'_>,
        marked: Option<&(Vec<Point>, Vec<Point>)>,
    ) -> CountState {
        let terms = Terms::of_record(rec).with_marked_dame(marked);
        let session = Session::new(rec.board().clone(), terms, dead);
        let view = match rec.rules.scoring {
            Scoring::Area => View::Area,
            Scoring::Territory => View::Territory,
        };
        let (chinese, japanese) =
            crate::count::steps::walkthroughs(&session.class, &session.count, Color::Black);
        CountState {
            session,
            view,
            step: Step::Map,
            side: Color::Black,
            chinese,
            japanese,
            placed: rec.stones_placed(),
            history: Vec::new(),
        }
    }

    /// Where the marks came from, for the panel: the session's words (its
    /// warning first while the proposal is untouched).
    pub fn source(&self, lang: crate::i18n::Lang) -> String {
        match self.session.warning(lang) {
            Some(w) if self.session.source.is_proposal() => w,
            _ => self.session.note_in(lang),
        }
    }

    /// Whether the stone at `p` is in a chain the proposal is unsure about.
    pub fn is_unsure(&self, p: Point) -> bool {
        let s = &self.session;
        s.uncertain.iter().any(|u| s.board.same_chain(u.at, p))
    }

    /// Why the proposal is unsure of the chain at `p`, if it is.
    pub fn doubt_at(&self, p: Point) -> Option<crate::count::Doubt> {
        let s = &self.session;
        s.uncertain
            .iter()
            .find(|u| s.board.same_chain(u.at, p))
            .map(|u| u.why)
    }

    /// Stones of the chains the proposal is unsure about.
    pub fn unsure(&self) -> Vec<Point> {
        let board = &self.session.board;
        self.session
            .uncertain
            .iter()
            .flat_map(|f| board.chain(f.at))
            .collect()
    }

    /// The walkthroughs again, after the session or the side changed.
    fn rewalk(&mut self) {
        let s = &self.session;
        (self.chinese, self.japanese) =
            crate::count::steps::walkthroughs(&s.class, &s.count, self.side);
    }

    /// Follows the record after a change of its game information: the
    /// marks stay, the count takes the record's rules, komi and handicap.
    /// The view follows the rules when they change. True when something
    /// changed.
    pub fn follow_terms(&mut self, rec: &GameRecord) -> bool {
        // How the dame count (the file's marks, or in turn) stays.
        let terms = Terms {
            dame: match &self.session.terms.dame {
                Dame::Marked(tb, tw) => Dame::Marked(tb.clone(), tw.clone()),
                _ => Dame::of_rules(&rec.rules, rec.to_move()),
            },
            ..Terms::of_record(rec)
        };
        if terms == self.session.terms {
            return false;
        }
        if terms.rules.scoring != self.session.terms.rules.scoring {
            self.view = match terms.rules.scoring {
                Scoring::Area => View::Area,
                Scoring::Territory => View::Territory,
            };
            self.step = Step::Map;
        }
        self.session.terms = terms;
        self.placed = rec.stones_placed();
        self.session.recount();
        self.rewalk();
        true
    }

    /// Whether the dead stones are still a proposal nobody has touched
    /// (an engine's answer may replace it).
    pub fn is_untouched_proposal(&self) -> bool {
        self.session.source.is_proposal()
    }

    /// Confirmation play's verdict: the chains through `dead` dead, those
    /// through `alive` alive (the rest as they were).
    pub fn set_verdict(&mut self, dead: &[Point], alive: &[Point]) {
        self.remember();
        let s = &mut self.session;
        for &p in alive {
            if s.marks.is_dead(p) {
                s.marks.toggle_chain(&s.board, p);
            }
        }
        for &p in dead {
            if !s.marks.is_dead(p) {
                s.marks.toggle_chain(&s.board, p);
            }
        }
        let touched: Vec<Point> = dead.iter().chain(alive).copied().collect();
        s.changed(Source::Confirmation, &touched);
        self.rewalk();
    }

    /// Takes an engine's dead stones as the proposal, in the session's
    /// words.
    pub fn take_proposal(&mut self, judged: crate::count::judge::Judgment, who: &str) {
        self.remember();
        let s = &self.session;
        self.session = Session::new(
            s.board.clone(),
            s.terms.clone(),
            DeadStones::Judged(judged, who),
        );
        self.rewalk();
    }

    fn remember(&mut self) {
        let s = &self.session;
        self.history
            .push((s.marks.clone(), s.source.clone(), s.uncertain.clone()));
    }

    /// How many changes of the marks `u` could take back now.
    pub fn changes(&self) -> usize {
        self.history.len()
    }

    /// Takes back the last change of the marks; false when there is none.
    pub fn undo(&mut self) -> bool {
        let Some((marks, source, uncertain)) = self.history.pop() else {
            return false;
        };
        let s = &mut self.session;
        s.marks = marks;
        s.source = source;
        s.uncertain = uncertain;
        s.recount();
        self.rewalk();
        true
    }

    /// Toggles the chain at `p` dead or alive (`related`: the whole group).
    pub fn toggle(&mut self, p: Point, related: bool) -> bool {
        self.remember();
        let s = &mut self.session;
        // On a board that does not look finished the whole related area
        // would be half the board: only the chains a player means go.
        let open = !s.finished || crate::count::judge::open_area(&s.board, &s.class);
        let done = if related && open {
            s.marks.toggle_linked(&s.board, p)
        } else if related {
            s.marks.toggle_related(&s.board, p)
        } else {
            s.marks.toggle_chain(&s.board, p)
        };
        if done {
            // Once the players have looked at a chain, it is theirs.
            s.changed(Source::ByHand, &[p]);
            self.rewalk();
        } else {
            self.history.pop();
        }
        done
    }

    pub fn toggle_seki(&mut self, p: Point) -> bool {
        self.remember();
        let s = &mut self.session;
        let done = s.marks.toggle_seki(&s.board, p);
        if done {
            s.recount();
            self.rewalk();
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
        self.step = Step::Map;
    }

    /// The Chinese count counts the other side, from its first step.
    pub fn switch_side(&mut self) {
        self.side = self.side.opponent();
        self.rewalk();
        if self.view == View::Area {
            self.step = Step::DeadStones;
        }
    }

    /// The step's number in its walkthrough (0: the map).
    pub fn step_number(&self) -> usize {
        self.step.number(self.view)
    }

    /// The next step (the last stays).
    pub fn step_forward(&mut self) {
        if let Some(s) = Step::numbered(self.view, self.step_number() + 1) {
            self.step = s;
        }
    }

    /// Jumps to the step numbered `n` (0: the map); false past the last.
    pub fn go_to_step(&mut self, n: usize) -> bool {
        match Step::numbered(self.view, n) {
            Some(s) => {
                self.step = s;
                true
            }
            None => false,
        }
    }

    /// The walkthrough data of the count.
    pub fn steps(&self) -> Steps<'_> {
        Steps {
            class: &self.session.class,
            chinese: &self.chinese,
            japanese: &self.japanese,
        }
    }

    /// What point `p` shows now.
    pub fn glyph(&self, p: Point) -> Glyph {
        self.steps().glyph(self.view, self.step, p)
    }

    pub fn step_back(&mut self) {
        let n = self.step_number().saturating_sub(1);
        self.step = Step::numbered(self.view, n).unwrap_or(Step::Map);
    }

    /// The caption of the current step, to read aloud.
    pub fn caption(&self, lang: crate::i18n::Lang) -> Option<String> {
        let n = self.step_number().checked_sub(1)?;
        let caps = match self.view {
            View::Area => self.chinese.captions(lang),
            View::Territory => self.japanese.captions(lang),
        };
        caps.get(n).cloned()
    }

    /// The result under the game's rules.
    pub fn result(&self) -> GameResult {
        self.session.count.result()
    }

    /// A view's count in one sentence, to be said: both sides' totals,
    /// the margin in words and the result ("Black 41 stones, White 40:
    /// Black wins by 1/4 stone, B+0.5").
    pub fn said(&self, lang: crate::i18n::Lang, view: View) -> String {
        use crate::count::score::{points_words, stones_words};
        use crate::game::result::format_points as f;
        let c = &self.session.count;
        match view {
            View::Area => crate::tr!(
                lang,
                "cm.said.area",
                black = f(c.area.black),
                white = f(c.area.white),
                stones = stones_words(lang, c.area.margin_stones),
                result = GameResult::from_margin(c.area.margin)
            ),
            View::Territory => crate::tr!(
                lang,
                "cm.said.territory",
                black = f(c.territory.black),
                white = f(c.territory.white),
                verdict = points_words(lang, c.territory.margin),
                result = GameResult::from_margin(c.territory.margin)
            ),
        }
    }

    /// Why the two views give different margins, when they do.
    pub fn differences(&self, lang: crate::i18n::Lang) -> Vec<String> {
        self.session.count.differences(self.placed, lang)
    }

    /// The TB and TW points to write and the seki marks
    /// (`Session::territory_marks`).
    pub fn territory_points(&self) -> (Vec<Point>, Vec<Point>, Vec<Point>) {
        self.session.territory_marks()
    }
}
