//! What `kifu score` says of one game: the JSON report (derived from its
//! types) and the text summary.

use super::*;
use crate::i18n::Lang;
use crate::tr;

/// One side's figures in the JSON.
#[derive(Serialize)]
pub(super) struct SideReport {
    pub(super) stones: usize,
    pub(super) territory: usize,
    pub(super) seki_eyes: usize,
    pub(super) captured: u32,
    pub(super) prisoners: usize,
    pub(super) area: usize,
}

impl From<&Side> for SideReport {
    fn from(s: &Side) -> SideReport {
        SideReport {
            stones: s.stones,
            territory: s.territory,
            seki_eyes: s.seki_eyes,
            captured: s.captured,
            prisoners: s.prisoners,
            area: s.area,
        }
    }
}

/// One game's line of `kifu score --json` (see `docs/score.schema.json`).
#[derive(Serialize)]
pub(super) struct Report {
    pub(super) schema: &'static str,
    pub(super) file: String,
    pub(super) game: usize,
    pub(super) size: u8,
    pub(super) rules: String,
    pub(super) scoring: Scoring,
    pub(super) komi: f64,
    pub(super) handicap: u32,
    pub(super) moves: usize,
    /// Where the dead stones come from: marked, auto, none, points.
    pub(super) dead_source: &'static str,
    /// The dead stones, SGF (`pd`) and GTP (`Q16`).
    pub(super) dead: Vec<String>,
    pub(super) dead_gtp: Vec<String>,
    pub(super) black: SideReport,
    pub(super) white: SideReport,
    pub(super) neutral: usize,
    pub(super) dame: usize,
    pub(super) seki_points: usize,
    pub(super) result: String,
    /// In points, positive when Black is ahead, under the rules' scoring.
    pub(super) margin: f64,
    pub(super) area_result: String,
    pub(super) territory_result: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) stones: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) recorded: Option<String>,
    /// The estimator found the game finished (always true for marks).
    pub(super) finished: bool,
    /// Points the estimator left undecided.
    pub(super) undecided: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) uncertain: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) uncertain_gtp: Option<Vec<String>>,
    /// Why each of `uncertain` is flagged, in the same order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) uncertain_why: Option<Vec<String>>,
    /// What reading the file and the game said.
    pub(super) notes: Vec<String>,
    /// `--write`: what was written into the game, or why nothing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) write: Option<String>,
}

/// A report as its JSON line (with its line feed).
pub(super) fn json_line(r: &Report) -> String {
    serde_json::to_string(r)
        .map(crate::text::json_safe)
        .unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
        + "\n"
}

/// A line for a file or game that could not be counted.
#[derive(Serialize)]
pub(super) struct ErrorReport {
    pub(super) schema: &'static str,
    pub(super) file: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) game: Option<usize>,
    pub(super) error: String,
    pub(super) notes: Vec<String>,
}

pub(super) fn sorted(points: &[Point], f: impl Fn(&Point) -> String) -> Vec<String> {
    let mut v: Vec<Point> = points.to_vec();
    // The SGF order (column, then row), the same for every list.
    v.sort_by_key(|p| (p.x, p.y));
    v.iter().map(f).collect()
}

pub(super) fn report(
    path: &Path,
    game: usize,
    rec: &GameRecord,
    c: &Counted,
    notes: Vec<String>,
) -> Report {
    let count = &c.session.count;
    let size = count.size;
    let dead = c.session.marks.dead_points();
    // The flags in the SGF order (column, then row), as the other lists.
    let mut flags = c.session.uncertain.clone();
    flags.sort_by_key(|f| (f.at.x, f.at.y));
    Report {
        schema: SCHEMA,
        file: path.display().to_string(),
        game,
        size,
        rules: c.session.terms.rules.name(),
        scoring: count.scoring,
        komi: count.komi,
        handicap: count.handicap,
        moves: rec.move_number(),
        dead_source: c.session.source.json_name(),
        dead: sorted(&dead, |p| p.to_sgf()),
        dead_gtp: sorted(&dead, |p| p.to_gtp(size)),
        black: (&count.black).into(),
        white: (&count.white).into(),
        neutral: count.neutral(),
        dame: count.dame,
        seki_points: count.seki_liberties + count.black.seki_eyes + count.white.seki_eyes,
        result: count.result().to_string(),
        margin: count.margin(),
        area_result: GameResult::from_margin(count.area.margin).to_string(),
        territory_result: GameResult::from_margin(count.territory.margin).to_string(),
        stones: (count.scoring == Scoring::Area).then(|| count.stones_text()),
        recorded: rec.info.result.as_ref().map(ToString::to_string),
        finished: c.session.finished,
        undecided: c.session.undecided,
        uncertain: c
            .session
            .source
            .is_proposal()
            .then(|| flags.iter().map(|f| f.at.to_sgf()).collect()),
        uncertain_gtp: c
            .session
            .source
            .is_proposal()
            .then(|| flags.iter().map(|f| f.at.to_gtp(size)).collect()),
        uncertain_why: c
            .session
            .source
            .is_proposal()
            .then(|| flags.iter().map(|f| f.why.word().to_string()).collect()),
        notes,
        write: None,
    }
}

pub(super) fn score_text(path: &Path, rec: &GameRecord, c: &Counted, lang: Lang) -> String {
    let count = &c.session.count;
    let rules = c.session.terms.rules.title(lang);
    let mut s = tr!(
        lang,
        "score.head",
        file = path.display(),
        size = count.size,
        rules = rules,
        komi = format_points(count.komi),
        handicap = if count.handicap > 0 {
            tr!(lang, "score.handicap", n = count.handicap)
        } else {
            String::new()
        },
        moves = crate::i18n::moves(lang, rec.move_number()),
        note = c.session.note_in(lang)
    );
    s.push('\n');
    s.push_str(&text::walkthrough::summary(count, lang));
    let result = count.result();
    // A game that ended without a count: said as such, the board's count
    // only as what the board would give.
    if let Some(ended) = ended_without_count(rec, lang) {
        let unfinished = if c.session.finished {
            String::new()
        } else {
            tr!(lang, "score.unfinished", n = c.session.undecided)
        };
        let line = tr!(
            lang,
            "score.not_counted",
            ended = ended,
            result = result,
            rules = rules,
            unfinished = unfinished
        );
        s.push_str(&format!("  {line}\n"));
        return s;
    }
    let agrees = match &rec.info.result {
        Some(re) if re.margin().is_some() => {
            if re.margin() == result.margin() {
                tr!(lang, "score.recorded.same", re = re)
            } else {
                tr!(lang, "score.recorded.different", re = re)
            }
        }
        Some(re) => tr!(lang, "score.recorded", re = re),
        None => String::new(),
    };
    let line = tr!(
        lang,
        "score.result",
        rules = rules,
        result = result,
        recorded = agrees
    );
    s.push_str(&format!("  {line}\n"));
    s
}

/// How a game ended without a count, in words ("White resigned (B+R)").
fn ended_without_count(rec: &GameRecord, lang: Lang) -> Option<String> {
    let Some(GameResult::Win(winner, how)) = &rec.info.result else {
        return None;
    };
    let loser = crate::i18n::color_name(lang, winner.opponent());
    let key = match how {
        Margin::Resign => "score.resigned",
        Margin::Time => "score.on_time",
        Margin::Forfeit => "score.forfeited",
        _ => return None,
    };
    let result = GameResult::Win(*winner, how.clone());
    Some(tr!(lang, key, loser = loser, result = result))
}
