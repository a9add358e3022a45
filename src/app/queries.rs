//! Questions about the position, answered in sentences a screen reader
//! speaks well (no box drawing, no abbreviations): a colour's stones by
//! chain, a chain's liberties, where the last move and the cursor are,
//! and the groups a move leaves in atari.

use super::*;

impl App {
    /// `:stones black`, `:liberties D5` (or the cursor), `:where`.
    pub(super) fn query(&self, cmd: &str, arg: &str) -> String {
        match (cmd, arg.to_ascii_lowercase().as_str()) {
            ("stones", "black" | "b") => self.stones_words(Color::Black),
            ("stones", "white" | "w") => self.stones_words(Color::White),
            ("stones", _) => ":stones black or :stones white: each chain of that colour".into(),
            ("liberties", "") => self.liberties_words(self.cursor),
            ("liberties", _) => match Point::parse_any(arg, self.record.size()) {
                Ok(p) => self.liberties_words(p),
                Err(e) => format!(":liberties {arg}: {e}"),
            },
            ("where", "") => self.where_words(),
            _ => format!(":{cmd} {arg}: :where takes nothing"),
        }
    }

    /// Points as a sentence lists them: "D4, D5 and E5" (column, then row
    /// from the bottom).
    fn list_points(&self, mut points: Vec<Point>) -> String {
        let size = self.record.size();
        points.sort_by_key(|p| (p.x, size - p.y));
        let names: Vec<String> = points.iter().map(|&p| self.point_text(p)).collect();
        match names.split_last() {
            None => String::new(),
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        }
    }

    /// The chains of one colour, each with its stones: "White has 5
    /// stones in 2 chains: D4, D5 and E5, 4 liberties; Q16, in atari."
    pub fn stones_words(&self, color: Color) -> String {
        let board = self.record.board();
        let size = self.record.size();
        let mut seen = vec![false; usize::from(size) * usize::from(size)];
        let mut chains = Vec::new();
        let mut order: Vec<Point> = board
            .points()
            .filter(|&p| board.get(p) == Some(color))
            .collect();
        order.sort_by_key(|p| (p.x, size - p.y));
        for p in order {
            let i = usize::from(p.y) * usize::from(size) + usize::from(p.x);
            if seen[i] {
                continue;
            }
            let chain = board.chain(p);
            for q in &chain {
                seen[usize::from(q.y) * usize::from(size) + usize::from(q.x)] = true;
            }
            let libs = board.liberties(p).len();
            chains.push(format!(
                "{}, {}",
                self.list_points(chain),
                liberty_words(libs)
            ));
        }
        let stones = board.count_stones(color);
        if stones == 0 {
            return format!("{} has no stones on the board.", color.name());
        }
        format!(
            "{} has {} in {}: {}.",
            color.name(),
            crate::text::count_of(stones, "stone"),
            crate::text::count_of(chains.len(), "chain"),
            chains.join("; ")
        )
    }

    /// The chain at `p` and its liberties: "White D5: a chain of 3 stones,
    /// D5, D6 and E5, with 2 liberties: C5 and E6."
    pub fn liberties_words(&self, p: Point) -> String {
        let board = self.record.board();
        let Some(color) = board.get(p) else {
            return format!("{} is empty.", self.point_text(p));
        };
        let chain = board.chain(p);
        let libs = board.liberties(p);
        let stones = if chain.len() == 1 {
            "a single stone".to_string()
        } else {
            format!(
                "a chain of {} stones, {}",
                chain.len(),
                self.list_points(chain)
            )
        };
        let libs_text = match libs.len() {
            1 => format!("in atari: its last liberty is {}", self.list_points(libs)),
            n => format!("with {n} liberties: {}", self.list_points(libs)),
        };
        format!(
            "{} {}: {stones}, {libs_text}.",
            color.name(),
            self.point_text(p)
        )
    }

    /// The last move and the cursor: "Last move: White Q16, move 12.
    /// Cursor D4: empty, next to Black D5."
    pub fn where_words(&self) -> String {
        let rec = &self.record;
        let last = match rec.node(rec.current()).mv {
            Some((c, Move::Play(p))) => format!(
                "Last move: {} {}, move {}.",
                c.name(),
                self.point_text(p),
                rec.move_number()
            ),
            Some((c, Move::Pass)) => format!(
                "Last move: {} passed, move {}.",
                c.name(),
                rec.move_number()
            ),
            None => "No move yet.".into(),
        };
        format!(
            "{last} Cursor {}. {} to play.",
            self.describe_point(self.cursor),
            rec.to_move().name()
        )
    }

    /// After a move at `p`: the chains next to it (and its own) left with
    /// one liberty: "White D5 is in atari."
    pub(super) fn atari_words(&self, p: Point) -> Option<String> {
        let board = self.record.board();
        let mut said: Vec<Point> = Vec::new();
        let mut out = Vec::new();
        for q in std::iter::once(p).chain(board.adjacent(p)) {
            let Some(c) = board.get(q) else {
                continue;
            };
            if said.iter().any(|&s| board.same_chain(s, q)) {
                continue;
            }
            said.push(q);
            if board.liberties(q).len() == 1 {
                let n = board.chain(q).len();
                let what = if n == 1 {
                    format!("{} {}", c.name(), self.point_text(q))
                } else {
                    format!("{} {} ({} stones)", c.name(), self.point_text(q), n)
                };
                out.push(format!("{what} is in atari"));
            }
        }
        (!out.is_empty()).then(|| out.join("; "))
    }
}

fn liberty_words(n: usize) -> String {
    match n {
        1 => "in atari".into(),
        n => crate::text::count_of(n, "liberty").replace("libertys", "liberties"),
    }
}
