//! What GoGui and referees ask of an engine beyond scoring: the analyze
//! commands GoGui lists on attach (`gogui-analyze_commands`, its
//! `type/label/command` lines), kifu's count drawn on GoGui's board,
//! `printsgf` and `cputime`.

use super::Gtp;
use crate::count::PointClass;
use crate::game::{Color, Point};

/// GoGui's analyze commands, one a line: `plist` colours points, `gfx`
/// draws (BLACK/WHITE territory squares, MARK, SQUARE, TEXT), `pspairs`
/// labels points, `string` shows text.
pub const ANALYZE: &str = "\
gfx/kifu: Count/kifu-gogui-count
plist/kifu: Dead stones/final_status_list dead
plist/kifu: Seki stones/final_status_list seki
pspairs/kifu: Unsure groups and why/kifu-gogui-unsure
string/kifu: Result/final_score
string/kifu: Unsure groups/kifu-uncertain";

impl Gtp<'_> {
    /// The count as GoGui draws it: each side's territory (BLACK, WHITE:
    /// the points TB/TW would hold, dead stones under their captor),
    /// dead stones marked (MARK), seki stones squared (SQUARE), the
    /// result in the status line (TEXT).
    pub(super) fn gogui_count(&self) -> Result<String, String> {
        let c = self.counted()?;
        let s = &c.session;
        let n = s.board.size();
        let list = |ps: &[Point]| {
            let mut v: Vec<Point> = ps.to_vec();
            v.sort_by_key(|p| (p.y, p.x));
            v.iter().map(|p| p.to_gtp(n)).collect::<Vec<_>>().join(" ")
        };
        // Each side's points as final_status says them: a dead stone's
        // point is its captor's; a seki's eye only under area rules.
        let area = s.terms.rules.scoring == crate::game::rules::Scoring::Area;
        let owner = |p: Point, k: PointClass| match k {
            _ if s.marks.is_dead(p) => s.board.get(p).map(|c| c.opponent()),
            PointClass::Territory(c) | PointClass::Protect(c) => Some(c),
            PointClass::SekiEye(c) if area => Some(c),
            _ => None,
        };
        let of = |side: Color| -> Vec<Point> {
            s.class
                .points()
                .filter(|&(p, k)| owner(p, k) == Some(side))
                .map(|(p, _)| p)
                .collect()
        };
        let (tb, tw) = (of(Color::Black), of(Color::White));
        let dead = s.marks.dead_points();
        let seki: Vec<Point> = s
            .board
            .points()
            .filter(|&p| s.board.get(p).is_some() && s.class.in_seki(p) && !s.marks.is_dead(p))
            .collect();
        let mut lines = Vec::new();
        for (word, points) in [
            ("BLACK", &tb),
            ("WHITE", &tw),
            ("MARK", &dead),
            ("SQUARE", &seki),
        ] {
            if !points.is_empty() {
                lines.push(format!("{word} {}", list(points)));
            }
        }
        let rules = s.terms.rules.name();
        let komi = crate::game::result::format_points(s.terms.komi);
        lines.push(format!(
            "TEXT {} ({rules}, komi {komi}; {})",
            s.count.result(),
            s.note()
        ));
        Ok(lines.join("\n"))
    }

    /// Each flagged group's first stone with its reason, as GoGui's
    /// point-string pairs ("D4 race K10 seki").
    pub(super) fn gogui_unsure(&self) -> Result<String, String> {
        let c = self.counted()?;
        let s = &c.session;
        let n = s.board.size();
        let pairs: Vec<String> = s
            .uncertain
            .iter()
            .map(|f| format!("{} {}", f.at.to_gtp(n), f.why.word()))
            .collect();
        Ok(pairs.join(" "))
    }

    /// `printsgf [FILE]`: the game as SGF with the count written in, RE
    /// and TB/TW (and seki marks) on the current node, as `R` writes them
    /// in the TUI; into FILE (written whole or not at all) when one is
    /// named, else as the answer.
    pub(super) fn printsgf(&self, file: &str) -> Result<String, String> {
        let c = self.counted()?;
        let s = &c.session;
        let mut rec = self.rec.clone();
        s.write_result(&mut rec);
        // The rules and komi counted with, when the controller chose other
        // ones than the file's (`--rules`, `kgs-rules`, `komi`).
        if rec.rules != s.terms.rules {
            rec.set_rules(s.terms.rules.clone());
        }
        rec.set_komi(s.terms.komi);
        let text = crate::sgf::to_sgf(&rec);
        if file.is_empty() {
            return Ok(format!("\n{}", text.trim_end()));
        }
        crate::storage::write_atomic(std::path::Path::new(file), text.as_bytes())
            .map_err(|e| format!("cannot write {file}: {e:#}"))?;
        Ok(String::new())
    }
}

/// `cputime`: the seconds of processor time this engine has used, as
/// referees (gogui-twogtp) ask each player.
pub(super) fn cputime() -> String {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ProcessCPUTime);
    format!("{:.3}", t.tv_sec as f64 + t.tv_nsec as f64 / 1e9)
}
