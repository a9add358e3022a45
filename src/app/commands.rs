//! The `:` commands and line mode's words: results, comments, clocks,
//! fixes, exports, and the board read aloud.

use super::*;

impl App {
    /// A command as the line mode takes it (`pass`, `w`, `count`, or a
    /// point: `d4`, `Q16`, `pd`), run from the base mode. A leading `:` is
    /// allowed.
    pub fn command(&mut self, line: &str) -> Effect {
        let line = line.trim();
        let line = line.strip_prefix(':').unwrap_or(line).trim();
        self.mode = self.base.clone();
        let first = line.split_whitespace().next().unwrap_or("");
        // A key alone (`p`, `u`, `n`) is its action, as on the board.
        let mut chars = line.chars();
        if let (Some(c), None) = (chars.next(), chars.next())
            && let Some(a) = action::lookup(
                &self.keymap,
                self.scope(),
                &KeyEvent::new(super::key::KeyCode::Char(c), KeyModifiers::NONE),
            )
        {
            return self.step(a);
        }
        // A point alone plays there (or shows it in count mode), unless
        // the word is a command (`b`, `n`, `v` in count mode).
        if !line.contains(' ')
            && action::by_name(self.scope(), first).is_none()
            && Point::parse_any(line, self.record.size()).is_ok()
        {
            self.play_text(line);
            return Effect::None;
        }
        self.run_command(line)
    }

    /// A point as a screen reader says it: "D5: empty, next to White D4".
    pub fn describe_point(&self, p: Point) -> String {
        let board = self.record.board();
        let lang = self.lang;
        let what = |q: Point| match board.get(q) {
            Some(c) => crate::i18n::color_name(lang, c),
            None => crate::tr!(lang, "q.empty_word"),
        };
        let size = self.record.size();
        let mut near = Vec::new();
        for (dx, dy) in [(0i16, -1i16), (1, 0), (0, 1), (-1, 0)] {
            let (x, y) = (i16::from(p.x) + dx, i16::from(p.y) + dy);
            if x < 0 || y < 0 || x >= i16::from(size) || y >= i16::from(size) {
                continue;
            }
            let q = Point::new(x as u8, y as u8);
            if let Some(c) = board.get(q) {
                near.push(format!(
                    "{} {}",
                    crate::i18n::color_name(lang, c),
                    self.point_text(q)
                ));
            }
        }
        let mut s = format!("{}: {}", self.point_text(p), what(p));
        if !near.is_empty() {
            let list = near.join(&crate::tr!(lang, "q.comma"));
            s.push_str(&crate::tr!(lang, "q.next_to", list = list));
        }
        s
    }

    /// One row (`4`) or column (`D`) of the board in words: its stones,
    /// and how many points are empty.
    pub fn describe_line(&self, which: &str) -> Result<String, String> {
        let size = self.record.size();
        let which = which.trim();
        let points: Vec<Point> = if let Ok(row) = which.parse::<u8>() {
            if row == 0 || row > size {
                return Err(crate::tr!(
                    self.lang,
                    "q.line.no_row",
                    row = which,
                    size = size
                ));
            }
            (0..size).map(|x| Point::new(x, size - row)).collect()
        } else {
            match Point::parse_any(&format!("{which}1"), size) {
                Ok(p) if which.chars().count() == 1 => {
                    (0..size).map(|y| Point::new(p.x, y)).collect()
                }
                _ => {
                    return Err(crate::tr!(self.lang, "q.line.bad", which = which));
                }
            }
        };
        let board = self.record.board();
        let stones: Vec<String> = points
            .iter()
            .filter_map(|&q| {
                board.get(q).map(|c| {
                    format!(
                        "{} {}",
                        crate::i18n::color_name(self.lang, c),
                        self.point_text(q)
                    )
                })
            })
            .collect();
        let empty = points.len() - stones.len();
        let lang = self.lang;
        Ok(if stones.is_empty() {
            crate::tr!(lang, "q.line.empty", n = empty)
        } else {
            let list = stones.join(&crate::tr!(lang, "q.comma"));
            crate::tr!(lang, "q.line", list = list, n = empty)
        })
    }

    /// A typed point: played (confirmation play: its move), or in count
    /// mode shown.
    pub(super) fn play_text(&mut self, text: &str) {
        let size = self.record.size();
        match Point::parse_any(text, size) {
            Ok(p) if self.base == Mode::Confirm => {
                self.confirm_mode(Action::PlayAt(p));
            }
            // In count mode a typed point shows the point, as on the board:
            // marks change by the marking keys, a click or `:dead Q16`.
            Ok(_) if self.base == Mode::Count => self.show_point(text),
            Ok(p) => {
                self.cursor = p;
                self.play(Move::Play(p));
            }
            Err(e) => self.message = Some(format!("{text}: {}", e.words(self.lang))),
        }
    }

    /// `:fix N Q16` changes move N; `:fix Q16` the move on the board now.
    pub(super) fn fix(&mut self, arg: &str) {
        let size = self.record.size();
        let parts: Vec<&str> = arg.split_whitespace().collect();
        let (n, point) = match parts[..] {
            [n, p] => (n.parse::<usize>().ok(), p),
            [p] => (Some(self.record.move_number()), p),
            _ => (None, ""),
        };
        let Some(n) = n.filter(|&n| n > 0) else {
            self.message = Some(crate::tr!(self.lang, "cmd.fix_usage"));
            return;
        };
        let mv = if point.eq_ignore_ascii_case("pass") {
            Move::Pass
        } else {
            match Point::parse_any(point, size) {
                Ok(p) => Move::Play(p),
                Err(e) => {
                    self.message = Some(format!(":fix {arg}: {}", e.words(self.lang)));
                    return;
                }
            }
        };
        match self.record.fix_move(n, mv) {
            Ok(f) => {
                self.changed();
                let lang = self.lang;
                let played = self.move_text(mv);
                let mut msg = crate::tr!(lang, "fix.done", n = n, mv = played, k = f.replayed);
                if let Some((k, c, e)) = f.stopped {
                    let side = crate::i18n::color_name(lang, c);
                    let why = e.words(lang);
                    msg.push_str(&crate::tr!(
                        lang,
                        "fix.stopped",
                        k = k,
                        side = side,
                        why = why
                    ));
                } else {
                    msg.push_str(&crate::tr!(lang, "fix.kept"));
                }
                self.message = Some(msg);
            }
            Err(e) => self.message = Some(format!(":fix {arg}: {}", e.words(self.lang))),
        }
    }

    /// Sets RE by hand (a result that is not a count: resignation, time,
    /// forfeit, jigo, void, unknown, or a margin).
    pub(super) fn set_result(&mut self, text: &str) {
        let result = GameResult::parse(text);
        if let GameResult::Other(_) = result {
            self.message = Some(crate::tr!(self.lang, "cmd.result_bad", text = text));
            return;
        }
        self.record.info.result = Some(result.clone());
        self.changed();
        self.stop_clock();
        self.message = Some(crate::tr!(self.lang, "cmd.result", result = result));
    }

    /// `:resume black` (or white): that player asks to resume the stopped
    /// game; the opponent moves first (Japanese 1989 art. 9-3). The passes
    /// stay in the record, the new moves follow them on the main line.
    pub(super) fn resume(&mut self, who: &str) {
        let asker = match who.trim().to_ascii_lowercase().as_str() {
            "b" | "black" => Color::Black,
            "w" | "white" => Color::White,
            _ => {
                self.message = Some(crate::tr!(self.lang, "cmd.resume_usage"));
                return;
            }
        };
        self.record.to_start();
        self.record.to_end();
        let first = asker.opponent();
        if self.record.to_move() != first {
            let node = self.record.current();
            self.record.node_mut(node).to_play = Some(first);
            self.record.go_to(node);
        }
        self.changed();
        // The game goes on from its end: its clock runs again with the
        // next move there.
        self.resumed = Some(self.record.current());
        self.count = None;
        self.confirm = None;
        self.base = Mode::Record;
        self.mode = Mode::Record;
        let (asker, first) = (
            crate::i18n::color_name(self.lang, asker),
            crate::i18n::color_name(self.lang, first),
        );
        self.message = Some(crate::tr!(
            self.lang,
            "cmd.resume",
            asker = asker,
            first = first
        ));
    }

    /// Sets (or with empty text removes) the comment of the node shown.
    pub(super) fn comment(&mut self, text: Option<String>) {
        self.record.set_comment(text);
        self.changed();
        let n = self.record.move_number();
        let has = self.record.node(self.record.current()).comment.is_some();
        self.message = Some(match (has, n) {
            (false, _) => crate::tr!(self.lang, "cmt.removed"),
            (true, 0) => crate::tr!(self.lang, "cmt.start"),
            (true, n) => crate::tr!(self.lang, "cmt.move", n = n),
        });
    }

    /// `:clock 5:00 3:20`: the time left for Black and White at this move
    /// (`BL`, `WL`; the running clocks too); with one time, the player who
    /// made the move. `:clock 30m 5x30s` starts a game clock; `:clock`
    /// alone says both clocks.
    pub(super) fn clock(&mut self, arg: &str) {
        use crate::game::clock::{TimeControl, format_clock, parse_clock};
        if arg.is_empty() {
            self.message = Some(match (&self.clock, self.noted_words()) {
                (Some(gc), _) => crate::tr!(
                    self.lang,
                    "clk.state_line",
                    state = self.lang.text(gc.clock.state_key()),
                    clocks = self.clock_words()
                ),
                (None, Some(noted)) => noted,
                (None, None) => crate::tr!(self.lang, "cmd.no_clock"),
            });
            return;
        }
        let times: Vec<&str> = arg.split_whitespace().collect();
        let parsed: Vec<Option<f64>> = times.iter().map(|t| parse_clock(t)).collect();
        if parsed.iter().any(Option::is_none) {
            match TimeControl::parse(arg) {
                Ok(tc) => self.start_clock(tc),
                Err(e) => {
                    let e = e.words(self.lang);
                    self.message = Some(crate::tr!(self.lang, "clock.bad", e = e));
                }
            }
            return;
        }
        let usage = crate::tr!(self.lang, "clock.usage");
        let node = self.record.current();
        let mover = self.record.node(node).mv.map(|(c, _)| c);
        let sides: Vec<(Color, f64)> = match (parsed.as_slice(), mover) {
            ([Some(b), Some(w)], _) => vec![(Color::Black, *b), (Color::White, *w)],
            ([Some(t)], Some(c)) => vec![(c, *t)],
            ([Some(_)], None) => {
                self.message = Some(crate::tr!(
                    self.lang,
                    "clock.no_move",
                    arg = arg,
                    usage = usage
                ));
                return;
            }
            _ => {
                self.message = Some(crate::tr!(
                    self.lang,
                    "clock.bad_arg",
                    arg = arg,
                    usage = usage
                ));
                return;
            }
        };
        let mut said = Vec::new();
        for (c, t) in sides {
            crate::sgf::time::set_time_left(self.record.node_mut(node), c, t);
            self.set_clock_left(c, t);
            said.push(format!(
                "{} {}",
                crate::i18n::color_name(self.lang, c),
                format_clock(t)
            ));
        }
        self.changed();
        let list = said.join(", ");
        self.message = Some(crate::tr!(self.lang, "clock.noted", list = list));
    }

    pub(super) fn run_command(&mut self, text: &str) -> Effect {
        let (cmd, arg) = match text.split_once(char::is_whitespace) {
            Some((c, a)) => (c, a.trim()),
            None => (text, ""),
        };
        match (cmd, arg) {
            ("play", a) if !a.is_empty() => self.play_text(a),
            // Without a point `:play` is a slip, not "play at the cursor".
            ("play" | "theme", "") => self.usage(cmd),
            ("pass", _) if self.base == Mode::Confirm => return self.confirm_mode(Action::Pass),
            ("pass", _) => self.play(Move::Pass),
            // The undo of the mode shown (count mode: the marks).
            ("undo", _) if self.base == Mode::Count => return self.count_mode(Action::Undo),
            ("undo", _) => self.undo(),
            ("goto", a) => match a.parse::<usize>() {
                Ok(n) if self.record.goto_move(n) => {
                    self.message = Some(crate::tr!(self.lang, "cmd.move", n = n));
                }
                _ => self.message = Some(crate::tr!(self.lang, "cmd.goto_bad", arg = a)),
            },
            ("fix", a) => self.fix(a),
            ("info", _) => return self.record_mode(Action::Info),
            ("count", _) => self.enter_count(),
            ("confirm", _) => {
                if self.count.is_none() {
                    self.enter_count();
                }
                self.start_confirmation();
            }
            ("theme", name) if !name.is_empty() => return Effect::Theme(name.to_string()),
            ("share", a) => return Effect::Share(a.to_string()),
            ("result", a) if !a.is_empty() => self.set_result(a),
            ("result", _) if self.count.is_some() => {
                self.mode = Mode::Count;
                self.write_result(false);
            }
            ("result", _) => self.message = Some(crate::tr!(self.lang, "cmd.result_usage")),
            ("resign", _) => self.resign(),
            ("comment", a) => self.comment(Some(a.to_string())),
            ("comment+", a) => self.add_to_comment(a),
            ("gc", a) => self.game_comment(a),
            ("clock", a) => self.clock(a),
            ("stones" | "liberties" | "where", a) => self.message = Some(self.query(cmd, a)),
            ("resume", who) => self.resume(who),
            ("export", a) if a == "print" || a.starts_with("print ") => {
                return self.export_print(a.trim_start_matches("print").trim());
            }
            ("export", dir) => return self.export(dir),
            ("view", v) if !v.is_empty() => self.show_view(v),
            ("dead", a) if !a.is_empty() => {
                self.enter_count();
                match Point::parse_any(a, self.record.size()) {
                    Ok(p) => {
                        self.cursor = p;
                        self.mark(p, false);
                    }
                    Err(e) => self.message = Some(format!(":dead {a}: {}", e.words(self.lang))),
                }
            }
            ("w", "") => return self.save_to(None, false),
            ("w", a) => return self.save_to(Some(PathBuf::from(a)), false),
            ("w!", "") => return self.save_to(None, false),
            ("w!", a) => return Effect::SaveOver(PathBuf::from(a), false),
            ("wq", a) => {
                let p = (!a.is_empty()).then(|| PathBuf::from(a));
                return self.save_to(p, true);
            }
            ("q", _) => return self.record_mode(Action::Quit),
            ("q!", _) => return Effect::Quit,
            ("", _) => {}
            (name, "") => match action::by_name(self.scope(), name) {
                Some(a) => return self.step(a),
                None => self.unknown_command(text),
            },
            _ => self.unknown_command(text),
        }
        Effect::None
    }

    /// How a command that needs an argument is used, said when it has none.
    fn usage(&mut self, cmd: &str) {
        // The command table's own words (they name the themes).
        let help = action::COMMANDS
            .iter()
            .find(|c| c.usage.starts_with(&format!(":{cmd} ")))
            .map_or("", |c| c.help);
        let help = crate::i18n::help(self.lang, help);
        self.message = Some(match cmd {
            "play" => crate::tr!(self.lang, "cmd.play_usage"),
            _ => crate::tr!(self.lang, "cmd.theme_usage", help = help),
        });
    }

    /// `:resign`: the player to move resigns.
    fn resign(&mut self) {
        let loser = self.record.to_move();
        let result = GameResult::Win(loser.opponent(), Margin::Resign);
        self.set_result(&result.to_string());
        let side = crate::i18n::color_name(self.lang, loser);
        self.message = Some(crate::tr!(
            self.lang,
            "cmd.resigns",
            side = side,
            result = result
        ));
    }

    /// `:comment+ TEXT`: a line added to the move's comment.
    fn add_to_comment(&mut self, a: &str) {
        let old = self.record.node(self.record.current()).comment.clone();
        let text = match old {
            Some(o) if !o.is_empty() => format!("{o}\n{a}"),
            _ => a.to_string(),
        };
        self.comment(Some(text));
    }

    /// `:gc TEXT`: the game comment (GC), removed when empty.
    fn game_comment(&mut self, a: &str) {
        self.record.info.game_comment = (!a.is_empty()).then(|| a.to_string());
        self.changed();
        self.message = Some(crate::tr!(
            self.lang,
            if a.is_empty() { "gc.removed" } else { "gc.set" }
        ));
    }

    /// `:view area|territory`: count mode in that view.
    fn show_view(&mut self, v: &str) {
        if self.base != Mode::Count {
            self.enter_count();
        }
        if let Some(cs) = self.count.as_mut() {
            let want = if v.starts_with('t') {
                count_state::View::Territory
            } else {
                count_state::View::Area
            };
            if cs.view != want {
                cs.switch_view();
            }
        }
    }

    pub(super) fn unknown_command(&mut self, text: &str) {
        self.message = Some(crate::tr!(self.lang, "cmd.unknown", text = text));
    }
}
