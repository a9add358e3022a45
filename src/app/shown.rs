//! What a shared screen shows (`kifu --share`, `kifu follow`): the facts
//! of the presenter's screen and no rendered text, so that each follower
//! draws them in its own language, size and theme with the same
//! `ui::draw` the presenter's screen uses. `App::shown` takes them from
//! the presenter's state; `App::following` builds a follower's state from
//! them. A test draws both and compares (tests/it/share.rs).

use serde::{Deserialize, Serialize};

use super::count_state::{CountState, Restored, Step, View};
use super::{App, Mode};
use crate::count::session::Source;
use crate::count::{Doubt, Flag, Marks};
use crate::game::record::GameRecord;
use crate::game::{Color, Point};

/// The presenter's screen, as facts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Shown {
    /// The game as kifu saves it (SGF).
    pub sgf: String,
    /// The node shown: which child (from 0) at each step from the root.
    pub path: Vec<usize>,
    /// The presenter's cursor (an SGF point such as `pd`): a teacher
    /// points at stones with it.
    pub cursor: String,
    /// Presenting: the board and the caption only.
    pub presentation: bool,
    /// Count mode, when the presenter counts.
    pub count: Option<CountShown>,
    /// Counting together: the agreement as both seats see it (absent
    /// otherwise; an older kifu ignores it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub together: Option<super::together::Together>,
}

/// Count mode, as facts: the marks and where they came from, the view,
/// the walkthrough's step and side, and the count itself.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CountShown {
    pub view: View,
    pub step: Step,
    /// The side the Chinese walkthrough counts: "B" or "W".
    pub side: String,
    /// The legend is open.
    pub legend: bool,
    /// The dead stones (SGF points).
    pub dead: Vec<String>,
    /// Stones marked as in seki.
    pub seki: Vec<String>,
    pub source: Source,
    /// One stone of each chain the proposal is unsure of.
    pub uncertain: Vec<String>,
    /// Why, for each of `uncertain` in order (`Doubt::word`); absent from
    /// an older kifu, read as "judges".
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub why: Vec<String>,
    pub undecided: usize,
    pub finished: bool,
    /// The count's figures (as `kifu score --json` gives them) and its
    /// result in SGF notation: a follower checks its own count against
    /// them.
    pub figures: serde_json::Value,
    pub result: String,
}

/// Why a shared state could not be shown.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ShownError {
    #[error("the shared game is not SGF kifu can read: {0}")]
    Game(String),
    #[error("the shared move is not in the shared game")]
    Path,
    #[error("the shared point {0:?} is not on the board")]
    Point(String),
    #[error("the shared side {0:?} is neither B nor W")]
    Side(String),
}

fn points(ps: &[Point]) -> Vec<String> {
    ps.iter().map(|p| p.to_sgf()).collect()
}

fn point(text: &str, size: u8) -> Result<Point, ShownError> {
    Point::from_sgf(text)
        .filter(|p| p.is_on(size))
        .ok_or_else(|| ShownError::Point(text.chars().take(8).collect()))
}

fn points_of(texts: &[String], size: u8) -> Result<Vec<Point>, ShownError> {
    texts.iter().map(|t| point(t, size)).collect()
}

impl CountShown {
    fn of(cs: &CountState, legend: bool) -> CountShown {
        let s = &cs.session;
        CountShown {
            view: cs.view,
            step: cs.step,
            side: cs.side.letter().to_string(),
            legend,
            dead: points(&s.marks.dead_points()),
            seki: points(&s.marks.seki_points()),
            source: s.source.clone(),
            uncertain: s.uncertain.iter().map(|f| f.at.to_sgf()).collect(),
            why: s
                .uncertain
                .iter()
                .map(|f| f.why.word().to_string())
                .collect(),
            undecided: s.undecided,
            finished: s.finished,
            figures: serde_json::to_value(&s.count).unwrap_or_default(),
            result: cs.result().to_string(),
        }
    }

    /// Count mode on `rec`'s position as these facts say.
    fn count_state(&self, rec: &GameRecord) -> Result<CountState, ShownError> {
        let size = rec.size();
        let board = rec.board();
        let mut marks = Marks::new(size);
        marks.mark_dead_at(board, &points_of(&self.dead, size)?);
        for p in points_of(&self.seki, size)? {
            if !marks.is_seki(p) {
                marks.toggle_seki(board, p);
            }
        }
        let side = match self.side.as_str() {
            "B" => Color::Black,
            "W" => Color::White,
            s => return Err(ShownError::Side(s.chars().take(8).collect())),
        };
        let mut cs = CountState::restored(
            rec,
            Restored {
                marks,
                source: self.source.clone(),
                uncertain: points_of(&self.uncertain, size)?
                    .into_iter()
                    .enumerate()
                    .map(|(k, at)| Flag {
                        at,
                        why: self
                            .why
                            .get(k)
                            .and_then(|w| Doubt::from_word(w))
                            .unwrap_or(Doubt::Judges),
                    })
                    .collect(),
                undecided: self.undecided,
                finished: self.finished,
            },
            side,
        );
        cs.view = self.view;
        // A step of the other view (a newer kifu's) shows the map.
        cs.step = if cs.go_to_step(self.step.number(self.view)) && cs.step == self.step {
            self.step
        } else {
            Step::Map
        };
        Ok(cs)
    }
}

impl App {
    /// What this screen shows, to share.
    pub fn shown(&self) -> Shown {
        let rec = &self.record;
        let path = rec.path_to(rec.current());
        let path = path
            .windows(2)
            .map(|w| {
                let kids = &rec.node(w[0]).children;
                kids.iter().position(|&c| c == w[1]).unwrap_or(0)
            })
            .collect();
        let counting = self.base == Mode::Count;
        Shown {
            sgf: crate::sgf::to_sgf(rec),
            path,
            cursor: self.cursor.to_sgf(),
            presentation: self.presentation,
            count: self
                .count
                .as_ref()
                .filter(|_| counting)
                .map(|cs| CountShown::of(cs, self.mode == Mode::Legend)),
            together: self.together.clone(),
        }
    }

    /// A follower's state: what `shown` says, to be drawn in `lang`.
    pub fn following(shown: &Shown, lang: crate::i18n::Lang) -> Result<App, ShownError> {
        let file = crate::sgf::read_text(&shown.sgf);
        let mut rec = match file.games.into_iter().next() {
            Some(Ok(g)) => g.record,
            Some(Err(e)) => return Err(ShownError::Game(e.to_string())),
            None => return Err(ShownError::Game("no game".into())),
        };
        for &i in &shown.path {
            let next = rec.node(rec.current()).children.get(i).copied();
            match next {
                Some(id) if rec.go_to(id) => {}
                _ => return Err(ShownError::Path),
            }
        }
        let cursor = point(&shown.cursor, rec.size())?;
        let count = shown
            .count
            .as_ref()
            .map(|c| c.count_state(&rec))
            .transpose()?;
        let mut app = App::new(rec, None);
        app.lang = lang;
        app.cursor = cursor;
        app.presentation = shown.presentation;
        app.together.clone_from(&shown.together);
        if let Some(cs) = count {
            let legend = shown.count.as_ref().is_some_and(|c| c.legend);
            app.count = Some(cs);
            app.base = Mode::Count;
            app.mode = if legend { Mode::Legend } else { Mode::Count };
        }
        Ok(app)
    }

    /// Whether this follower's own count gives the figures the presenter's
    /// gave (the same kifu does; another version may not).
    pub fn counts_as_shown(&self, shown: &Shown) -> bool {
        match (&self.count, &shown.count) {
            (Some(cs), Some(c)) => {
                serde_json::to_value(&cs.session.count).ok().as_ref() == Some(&c.figures)
                    && cs.result().to_string() == c.result
            }
            (None, None) => true,
            _ => false,
        }
    }
}
