//! kifu's Go library for Python (`import kifu_go`): read SGF (a file or
//! bytes, any encoding, other servers' formats too), each game's facts
//! and main line, the board at any move, and the count of a position as
//! `kifu score` counts it (`Session::of_record`), its dead stones and the
//! groups the judge is unsure of, with why; the result written back.
//! docs/python.md compares it with sgfmill.

use ::kifu_go::count::session::{Counting, Dead, DeadStones, Session};
use ::kifu_go::game::record::GameRecord;
use ::kifu_go::game::rules::parse_rules;
use ::kifu_go::game::{Color, GameResult, Move};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// One game of a file.
#[pyclass(module = "kifu_go", frozen)]
struct Game {
    record: GameRecord,
}

fn colour(c: Color) -> &'static str {
    match c {
        Color::Black => "B",
        Color::White => "W",
    }
}

/// How a count is asked for, from Python's words.
fn counting(rules: Option<&str>, komi: Option<f64>, dead: &str) -> PyResult<Counting<'static>> {
    let rules = match rules {
        Some(t) => {
            let parsed = parse_rules(t);
            if !parsed.recognized {
                return Err(PyValueError::new_err(format!("unknown rules {t:?}")));
            }
            Some(parsed.rules)
        }
        None => None,
    };
    let dead = match dead {
        "file" => Dead::FileOrEstimate,
        "marked" => Dead::File,
        "auto" => Dead::Judge,
        "rules" => Dead::Given(DeadStones::Rules),
        "none" => Dead::Given(DeadStones::None),
        other => {
            return Err(PyValueError::new_err(format!(
                "dead={other:?}: one of \"file\", \"marked\", \"auto\", \"rules\", \"none\""
            )));
        }
    };
    Ok(Counting { rules, komi, dead })
}

impl Game {
    /// The record at the end of its main line.
    fn at_end(&self) -> GameRecord {
        let mut rec = self.record.clone();
        rec.to_end();
        rec
    }

    fn session(&self, rules: Option<&str>, komi: Option<f64>, dead: &str) -> PyResult<Session> {
        let mut how = counting(rules, komi, dead)?;
        let rec = self.at_end();
        if let Dead::Given(DeadStones::Estimate(_)) = how.dead {
            how.dead = Dead::Given(DeadStones::Estimate(rec.to_move()));
        }
        Ok(Session::of_record(&rec, how))
    }
}

#[pymethods]
impl Game {
    /// The board's size.
    #[getter]
    fn size(&self) -> u8 {
        self.record.size()
    }

    /// Black's name (PB), or None.
    #[getter]
    fn black(&self) -> Option<String> {
        self.record.info.black.clone()
    }

    /// White's name (PW), or None.
    #[getter]
    fn white(&self) -> Option<String> {
        self.record.info.white.clone()
    }

    /// The komi the game is counted with (KM, else the rules').
    #[getter]
    fn komi(&self) -> f64 {
        self.record.komi()
    }

    /// The handicap (HA).
    #[getter]
    fn handicap(&self) -> u32 {
        self.record.info.handicap
    }

    /// The rules as the file names them (RU: a preset's name as kifu
    /// writes it, else the file's own text), or None.
    #[getter]
    fn rules(&self) -> Option<String> {
        self.record.info.rules_text.written(&self.record.rules)
    }

    /// The recorded result (RE), as "B+1.5", "W+R", or None.
    #[getter]
    fn result(&self) -> Option<String> {
        self.record.info.result.as_ref().map(ToString::to_string)
    }

    /// The main line's moves: ("B" or "W", a point like "Q16", or None
    /// for a pass), in order.
    #[getter]
    fn moves(&self) -> Vec<(&'static str, Option<String>)> {
        let size = self.record.size();
        self.record
            .main_line()
            .iter()
            .filter_map(|&id| self.record.node(id).mv)
            .map(|(c, mv)| match mv {
                Move::Play(p) => (colour(c), Some(p.to_gtp(size))),
                Move::Pass => (colour(c), None),
            })
            .collect()
    }

    /// The board after `move` moves of the main line (default: its end),
    /// as rows from the top: `X` black, `O` white, `.` empty.
    #[pyo3(signature = (r#move = None))]
    fn board(&self, r#move: Option<usize>) -> PyResult<Vec<String>> {
        let mut rec = self.record.clone();
        match r#move {
            Some(n) => {
                if !rec.goto_move(n) {
                    return Err(PyValueError::new_err(format!(
                        "the main line has no move {n}"
                    )));
                }
            }
            None => rec.to_end(),
        }
        let board = rec.board();
        let n = board.size();
        Ok((0..n)
            .map(|y| {
                (0..n)
                    .map(|x| match board.get(::kifu_go::game::Point::new(x, y)) {
                        Some(Color::Black) => 'X',
                        Some(Color::White) => 'O',
                        None => '.',
                    })
                    .collect()
            })
            .collect())
    }

    /// The final position counted as `kifu score` counts it. `rules`:
    /// "chinese", "japanese", ... (default: the file's); `komi` (default:
    /// the file's); `dead`: "file" (the file's TB/TW marks, else kifu's
    /// judge: the default), "marked", "auto", "rules" or "none". Returns
    /// a dict: result, area and territory (black, white, margin), the
    /// dead stones, the unsure groups (point and why) and the source.
    #[pyo3(signature = (rules = None, komi = None, dead = "file"))]
    fn count<'py>(
        &self,
        py: Python<'py>,
        rules: Option<&str>,
        komi: Option<f64>,
        dead: &str,
    ) -> PyResult<Bound<'py, PyDict>> {
        let s = self.session(rules, komi, dead)?;
        let size = s.board.size();
        let c = &s.count;
        let out = PyDict::new(py);
        out.set_item("result", s.count.result().to_string())?;
        let area = PyDict::new(py);
        area.set_item("black", c.area.black)?;
        area.set_item("white", c.area.white)?;
        area.set_item("margin", c.area.margin)?;
        area.set_item("result", GameResult::from_margin(c.area.margin).to_string())?;
        out.set_item("area", area)?;
        let territory = PyDict::new(py);
        territory.set_item("black", c.territory.black)?;
        territory.set_item("white", c.territory.white)?;
        territory.set_item("margin", c.territory.margin)?;
        territory.set_item(
            "result",
            GameResult::from_margin(c.territory.margin).to_string(),
        )?;
        out.set_item("territory", territory)?;
        let dead: Vec<String> = s
            .marks
            .dead_points()
            .iter()
            .map(|p| p.to_gtp(size))
            .collect();
        out.set_item("dead", PyList::new(py, dead)?)?;
        let flags: Vec<(String, &str)> = s
            .uncertain
            .iter()
            .map(|f| (f.at.to_gtp(size), f.why.word()))
            .collect();
        out.set_item("unsure", flags)?;
        out.set_item("source", s.source.json_name())?;
        Ok(out)
    }

    /// The game as SGF with the count written at the end of its main
    /// line (RE, and TB/TW with the dead stones), as kifu's `R` writes it.
    #[pyo3(signature = (rules = None, komi = None, dead = "file"))]
    fn write_result(&self, rules: Option<&str>, komi: Option<f64>, dead: &str) -> PyResult<String> {
        let s = self.session(rules, komi, dead)?;
        let mut rec = self.at_end();
        s.write_result(&mut rec);
        Ok(::kifu_go::sgf::to_sgf(&rec))
    }

    fn __repr__(&self) -> String {
        let who = |n: &Option<String>| n.clone().unwrap_or_else(|| "?".into());
        format!(
            "<kifu_go.Game {}x{} {} - {}, {} moves>",
            self.record.size(),
            self.record.size(),
            who(&self.record.info.black),
            who(&self.record.info.white),
            self.record
                .main_line()
                .iter()
                .filter(|&&id| self.record.node(id).mv.is_some())
                .count()
        )
    }
}

/// The games a file holds, or why it holds none (a game that could not
/// be read is said, not skipped).
fn games(file: ::kifu_go::sgf::SgfFile) -> PyResult<Vec<Game>> {
    let n = file.games.len().max(1);
    let mut out = Vec::with_capacity(n);
    for i in 1..=n {
        let g = file.game(i).map_err(PyValueError::new_err)?;
        out.push(Game {
            record: g.record.clone(),
        });
    }
    Ok(out)
}

/// The games of an SGF file (any encoding; Tygem, WBaduk and UGF records
/// too), each a `Game`.
#[pyfunction]
fn read(path: std::path::PathBuf) -> PyResult<Vec<Game>> {
    let bytes =
        std::fs::read(&path).map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))?;
    games(::kifu_go::sgf::read_bytes(&bytes))
}

/// The games of SGF given as bytes.
#[pyfunction]
fn read_bytes(data: &[u8]) -> PyResult<Vec<Game>> {
    games(::kifu_go::sgf::read_bytes(data))
}

/// The module.
#[pymodule]
fn kifu_go(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(read_bytes, m)?)?;
    Ok(())
}
