//! `kifu gtp`: a GTP version 2 engine for scoring, on standard input and
//! output. It keeps a position (played move by move, or loaded from an
//! SGF file) and answers `final_status_list` and `final_score` from the
//! same counting session as `kifu score`, so both give the same dead stones
//! and result for the same position. Comments, blank lines, numbered
//! commands and `?` errors follow the GTP 2 specification, so a GNU Go
//! regression file (.tst) runs as it does into `gnugo --mode gtp`.

use std::io::BufRead;

mod gogui;

use super::*;
use crate::game::record::{GameRecord, RulesText, Undo};
use crate::game::rules::{Rules, parse_rules};
use crate::game::{Color, Move, Point, handicap};

/// Every command this engine knows, in the order `list_commands` gives.
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "fixed_handicap",
    "place_free_handicap",
    "set_free_handicap",
    "undo",
    "loadsgf",
    "showboard",
    "final_status",
    "final_status_list",
    "final_score",
    "kgs-rules",
    "kifu-uncertain",
    "gogui-analyze_commands",
    "kifu-gogui-count",
    "kifu-gogui-unsure",
    "printsgf",
    "cputime",
];

/// The longest command line read (GNU Go's is 9 MB of memory in all).
const MAX_LINE: usize = 1 << 20;

/// The engine's state: the position and what the controller set.
struct Gtp<'a> {
    rec: GameRecord,
    /// `kgs-rules`: used when neither `--rules` nor the file's RU says.
    kgs_rules: Option<Rules>,
    opts: &'a CountOptions,
    engine: Option<crate::engine::Engine>,
}

/// Runs the engine until `quit` or the end of the input. Returns the exit
/// status (0).
pub(crate) fn gtp(
    opts: &CountOptions,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<i32> {
    let engine = match opts.dead {
        Some(DeadSource::Katago) => start_engine(&opts.engine, crate::i18n::Lang::En, err),
        _ => None,
    };
    let mut g = Gtp {
        rec: GameRecord::new(19, default_rules()).map_err(|e| anyhow!(e))?,
        kgs_rules: None,
        opts,
        engine,
    };
    let mut bytes = Vec::new();
    loop {
        // A command line is bounded (a controller never sends one this
        // long): what is past it is not GTP, and the engine stops.
        match crate::storage::stream::bounded_line(input, MAX_LINE, &mut bytes) {
            Ok(Some(())) => {}
            Ok(None) => return Ok(0),
            Err(e) => {
                write!(out, "? {e:#}: not a GTP command; quitting\n\n")?;
                out.flush()?;
                writeln!(
                    err,
                    "kifu gtp: {e:#} on standard input: not a GTP controller"
                )?;
                return Ok(1);
            }
        }
        let Some((id, command, args)) = parse_line(&String::from_utf8_lossy(&bytes)) else {
            continue;
        };
        let answer = g.answer(&command, &args);
        let (mark, text) = match &answer {
            Ok(t) => ('=', t.as_str()),
            Err(t) => ('?', t.as_str()),
        };
        let id = id.map(|n| n.to_string()).unwrap_or_default();
        let sep = if text.is_empty() || text.starts_with('\n') {
            ""
        } else {
            " "
        };
        // Multi-line answers (showboard, final_status_list) start on the
        // line of the mark, as GNU Go's do.
        write!(out, "{mark}{id}{sep}{text}\n\n")?;
        out.flush()?;
        if command == "quit" {
            return Ok(0);
        }
    }
}

/// The rules when neither `--rules`, the file's RU nor `kgs-rules` says:
/// Japanese, as GNU Go counts a position it was given no rules for, so
/// its regression files and controllers that start GNU Go as a scorer get
/// the answers they expect.
fn default_rules() -> Rules {
    Rules::japanese()
}

/// A line as the specification preprocesses it: control characters but
/// tab and line feed dropped, tabs as spaces, a comment (`#` on) cut;
/// None for an empty line. Else the optional id, the command and its
/// arguments.
fn parse_line(line: &str) -> Option<(Option<u64>, String, Vec<String>)> {
    let clean: String = line
        .chars()
        .filter(|&c| !c.is_control() || c == '\t')
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect();
    let clean = clean.split('#').next().unwrap_or("");
    let mut words = clean.split_whitespace();
    let first = words.next()?;
    let (id, command) = match first.parse::<u64>() {
        Ok(n) => (Some(n), words.next().unwrap_or("").to_string()),
        Err(_) => (None, first.to_string()),
    };
    Some((id, command, words.map(str::to_string).collect()))
}

impl Gtp<'_> {
    fn answer(&mut self, command: &str, args: &[String]) -> std::result::Result<String, String> {
        let arg = |i: usize| args.get(i).map(String::as_str).unwrap_or("");
        match command {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("kifu".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => Ok(COMMANDS.contains(&arg(0)).to_string()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => Ok(String::new()),
            "boardsize" => self.boardsize(arg(0)),
            "clear_board" => {
                self.fresh(usize::from(self.rec.size()));
                Ok(String::new())
            }
            "komi" => self.komi(arg(0)),
            "play" => self.play(arg(0), arg(1)),
            "fixed_handicap" => self.handicap(arg(0), handicap::gtp_fixed_handicap),
            "place_free_handicap" => self.handicap(arg(0), handicap::free_handicap),
            "set_free_handicap" => self.set_free_handicap(args),
            "undo" => match self.rec.undo() {
                Undo::Removed => Ok(String::new()),
                _ => Err("cannot undo".into()),
            },
            "loadsgf" => self.loadsgf(arg(0), arg(1)),
            "showboard" => Ok(format!("\n{}", text::diagram(&self.rec, true).trim_end())),
            "final_status" => self.status(arg(0)),
            "final_status_list" => self.status_list(arg(0)),
            "final_score" => Ok(self.counted()?.session.count.result().to_string()),
            "kgs-rules" => self.kgs_rules(arg(0)),
            "kifu-uncertain" => {
                let c = self.counted()?;
                let b = &c.session.board;
                // One flagged chain a line, its reason first ("race D4
                // D5"): the reason is one word of `Doubt::word`.
                let chains = c.session.uncertain.iter().map(|f| b.chain(f.at)).collect();
                let lines = chains_text(b, chains);
                Ok(lines
                    .lines()
                    .zip(&c.session.uncertain)
                    .map(|(l, f)| format!("{} {l}", f.why.word()))
                    .collect::<Vec<_>>()
                    .join("\n"))
            }
            "gogui-analyze_commands" => Ok(gogui::ANALYZE.into()),
            "kifu-gogui-count" => self.gogui_count(),
            "kifu-gogui-unsure" => self.gogui_unsure(),
            "printsgf" => self.printsgf(arg(0)),
            "cputime" => Ok(gogui::cputime()),
            "" => Err("no command".into()),
            _ => Err("unknown command".into()),
        }
    }

    /// An empty board of `size` under the rules in force.
    fn fresh(&mut self, size: usize) {
        let rules = self.kgs_rules.clone().unwrap_or_else(default_rules);
        let komi = self.rec.info.komi_given.then(|| self.rec.komi());
        if let Ok(mut r) = GameRecord::new(size, rules) {
            if let Some(k) = komi {
                r.set_komi(k);
            }
            self.rec = r;
        }
    }

    fn boardsize(&mut self, n: &str) -> std::result::Result<String, String> {
        match n.parse::<usize>() {
            Ok(n) if (2..=25).contains(&n) => {
                self.fresh(n);
                Ok(String::new())
            }
            _ => Err("unacceptable size".into()),
        }
    }

    fn komi(&mut self, k: &str) -> std::result::Result<String, String> {
        let k = k
            .parse::<f64>()
            .ok()
            .and_then(|k| crate::game::rules::check_komi(k).ok())
            .ok_or("syntax error")?;
        self.rec.set_komi(k);
        Ok(String::new())
    }

    /// A move of the colour given, whoever moved last (GTP lets one side
    /// play twice: controllers send handicap stones as `play B` runs).
    fn play(&mut self, color: &str, vertex: &str) -> std::result::Result<String, String> {
        let color = match color.to_ascii_lowercase().as_str() {
            "b" | "black" => Color::Black,
            "w" | "white" => Color::White,
            _ => return Err("invalid color".into()),
        };
        let size = self.rec.size();
        let mv = if vertex.eq_ignore_ascii_case("pass") {
            Move::Pass
        } else {
            let p = crate::game::Point::from_gtp(vertex, size).map_err(|_| "invalid coordinate")?;
            Move::Play(p)
        };
        self.rec
            .play_as(color, mv)
            .map(|_| String::new())
            .map_err(|_| "illegal move".into())
    }

    /// `loadsgf FILE [N]`: the file's first game, at its end or before its
    /// move N; answers the colour to move.
    fn loadsgf(&mut self, file: &str, upto: &str) -> std::result::Result<String, String> {
        if file.is_empty() || storage::is_stdio(Path::new(file)) {
            // Standard input is the controller's commands.
            return Err(
                "cannot load file: give a file's name (standard input is GTP's own)".into(),
            );
        }
        // The first game only is read: a large collection costs no more.
        let (game, _notes) = read_game(Path::new(file), 1, crate::i18n::Lang::En)
            .map_err(|e| format!("cannot load file: {e:#}"))?;
        let mut rec = game.map_err(|e| format!("cannot load file: {e:#}"))?.record;
        if rec.info.rules_text == RulesText::Absent {
            let rules = self.kgs_rules.clone().unwrap_or_else(default_rules);
            let komi = if rec.info.komi_given {
                rec.komi()
            } else {
                rules.komi
            };
            rec.rules = rules;
            rec.rules.komi = komi;
        }
        rec.to_start();
        match upto.parse::<usize>() {
            Ok(n) => while rec.move_number() + 1 < n && rec.forward() {},
            Err(_) => rec.to_end(),
        }
        self.rec = rec;
        Ok(self.rec.to_move().name().to_lowercase())
    }

    fn kgs_rules(&mut self, name: &str) -> std::result::Result<String, String> {
        let word = if name == "new_zealand" { "nz" } else { name };
        let parsed = parse_rules(word);
        if !parsed.recognized || word.is_empty() {
            return Err("unknown rules".into());
        }
        let komi = self.rec.rules.komi;
        self.kgs_rules = Some(parsed.rules.clone());
        if self.rec.info.rules_text == RulesText::Absent {
            self.rec.rules = parsed.rules;
            self.rec.rules.komi = komi;
        }
        Ok(String::new())
    }

    /// `fixed_handicap N` and `place_free_handicap N`: on an empty board,
    /// Black's stones where `layout` puts them, answered as vertices;
    /// White moves next.
    fn handicap(
        &mut self,
        n: &str,
        layout: fn(u8, u32) -> std::result::Result<Vec<Point>, handicap::HandicapError>,
    ) -> std::result::Result<String, String> {
        let n: u32 = n.parse().map_err(|_| "invalid number of stones")?;
        self.empty_board()?;
        let pts = layout(self.rec.size(), n).map_err(|_| "invalid number of stones")?;
        self.rec.set_free_handicap(&pts);
        Ok(vertices(&pts, self.rec.size()))
    }

    /// `set_free_handicap V...`: the controller's points, on an empty
    /// board, at least two and none twice.
    fn set_free_handicap(&mut self, args: &[String]) -> std::result::Result<String, String> {
        self.empty_board()?;
        let size = self.rec.size();
        let mut pts: Vec<Point> = Vec::new();
        for v in args {
            let p = Point::from_gtp(v, size).map_err(|_| "bad vertex list")?;
            if pts.contains(&p) {
                return Err("bad vertex list".into());
            }
            pts.push(p);
        }
        let most = usize::from(size) * usize::from(size) - 1;
        if !(2..=most).contains(&pts.len()) {
            return Err("bad vertex list".into());
        }
        self.rec.set_free_handicap(&pts);
        Ok(String::new())
    }

    /// Handicap stones go on an empty board only (the specification's
    /// failure "board not empty").
    fn empty_board(&self) -> std::result::Result<(), String> {
        let b = self.rec.board();
        match b.points().any(|p| b.get(p).is_some()) {
            true => Err("board not empty".into()),
            false => Ok(()),
        }
    }

    /// The position counted as `kifu score` counts it.
    fn counted(&self) -> std::result::Result<Counted, String> {
        counted(
            &self.rec,
            self.opts,
            (self.engine.as_ref(), crate::i18n::Lang::En),
        )
        .map_err(|e| format!("{e:#}"))
    }

    /// `final_status V`, with GNU Go's words: alive, dead or seki for a
    /// stone; black_territory, white_territory or dame for an empty point.
    fn status(&self, vertex: &str) -> std::result::Result<String, String> {
        let p = Point::from_gtp(vertex, self.rec.size()).map_err(|_| "invalid coordinate")?;
        let c = self.counted()?;
        let s = &c.session;
        let territory = s.terms.rules.scoring == crate::game::rules::Scoring::Territory;
        let word = if s.board.get(p).is_none() {
            match s.class.at(p) {
                // A seki's eye is no territory under territory rules
                // (Japanese 1989, art. 8): GNU Go says dame there too.
                crate::count::PointClass::SekiEye(_) if territory => "dame",
                class => match class.area_owner() {
                    Some(Color::Black) => "black_territory",
                    Some(Color::White) => "white_territory",
                    None => "dame",
                },
            }
        } else if s.marks.is_dead(p) {
            "dead"
        } else if s.class.in_seki(p) {
            "seki"
        } else {
            "alive"
        };
        Ok(word.into())
    }

    /// The chains of a status, one per line.
    fn status_list(&self, status: &str) -> std::result::Result<String, String> {
        let c = self.counted()?;
        let s = &c.session;
        let b = &s.board;
        let mut chains: Vec<Vec<crate::game::Point>> = Vec::new();
        for p in b.points() {
            if b.get(p).is_none() || chains.iter().any(|ch| ch.contains(&p)) {
                continue;
            }
            let dead = s.marks.is_dead(p);
            let seki = s.class.in_seki(p);
            let wanted = match status {
                "dead" => dead,
                "seki" => seki && !dead,
                "alive" => !dead && !seki,
                _ => return Err("invalid status".into()),
            };
            if wanted {
                chains.push(b.chain(p));
            }
        }
        Ok(chains_text(b, chains))
    }
}

/// Points as one GTP vertex list, in board order (from the top left, as
/// GNU Go lists them, so a regression file written for it matches).
fn vertices(pts: &[Point], size: u8) -> String {
    let mut pts = pts.to_vec();
    pts.sort_by_key(|p| (p.y, p.x));
    pts.iter()
        .map(|p| p.to_gtp(size))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Chains as GTP vertex lists, one chain a line, each in board order.
fn chains_text(b: &crate::game::Board, chains: Vec<Vec<crate::game::Point>>) -> String {
    chains
        .into_iter()
        .map(|mut ch| {
            ch.sort_by_key(|p| (p.y, p.x));
            ch.iter()
                .map(|p| p.to_gtp(b.size()))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}
