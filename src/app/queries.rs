//! Questions about the position, answered in sentences a screen reader
//! speaks well (no box drawing, no abbreviations): a colour's stones by
//! chain, a chain's liberties, where the last move and the cursor are,
//! and the groups a move leaves in atari.

use super::*;
use crate::tr;

impl App {
    /// `:stones black`, `:liberties D5` (or the cursor), `:where`.
    pub(super) fn query(&self, cmd: &str, arg: &str) -> String {
        match (cmd, arg.to_ascii_lowercase().as_str()) {
            ("stones", "black" | "b") => self.stones_words(Color::Black),
            ("stones", "white" | "w") => self.stones_words(Color::White),
            ("stones", _) => tr!(self.lang, "q.stones.usage"),
            ("liberties", "") => self.liberties_words(self.cursor),
            ("liberties", _) => match Point::parse_any(arg, self.record.size()) {
                Ok(p) => self.liberties_words(p),
                Err(e) => format!(":liberties {arg}: {e}"),
            },
            ("where", "") => self.where_words(),
            _ => tr!(self.lang, "q.where.usage", cmd = cmd, arg = arg),
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
            Some((last, rest)) => tr!(
                self.lang,
                "q.and",
                rest = rest.join(&tr!(self.lang, "q.comma")),
                last = last
            ),
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
                "{}{}{}",
                self.list_points(chain),
                tr!(self.lang, "q.comma"),
                liberty_words(self.lang, libs)
            ));
        }
        let stones = board.count_stones(color);
        let lang = self.lang;
        let side = crate::i18n::color_name(lang, color);
        if stones == 0 {
            return tr!(lang, "q.no_stones", side = side);
        }
        let n = chains.len();
        tr!(
            lang,
            match (stones == 1, n == 1) {
                (true, _) => "q.stones.one",
                (false, true) => "q.stones.chain",
                (false, false) => "q.stones",
            },
            side = side,
            stones = stones,
            chains = n,
            list = chains.join(&tr!(lang, "list.sep"))
        )
    }

    /// The chain at `p` and its liberties: "White D5: a chain of 3 stones,
    /// D5, D6 and E5, with 2 liberties: C5 and E6."
    pub fn liberties_words(&self, p: Point) -> String {
        let board = self.record.board();
        let lang = self.lang;
        let Some(color) = board.get(p) else {
            return tr!(lang, "q.empty", at = self.point_text(p));
        };
        let chain = board.chain(p);
        let libs = board.liberties(p);
        let stones = if chain.len() == 1 {
            tr!(lang, "q.single")
        } else {
            let n = chain.len();
            tr!(lang, "q.chain", n = n, list = self.list_points(chain))
        };
        let libs_text = match libs.len() {
            1 => tr!(lang, "q.last_liberty", at = self.list_points(libs)),
            n => tr!(lang, "q.liberties", n = n, list = self.list_points(libs)),
        };
        tr!(
            lang,
            "q.chain_at",
            side = crate::i18n::color_name(lang, color),
            at = self.point_text(p),
            stones = stones,
            libs = libs_text
        )
    }

    /// The last move and the cursor: "Last move: White Q16, move 12.
    /// Cursor D4: empty, next to Black D5."
    pub fn where_words(&self) -> String {
        let rec = &self.record;
        let lang = self.lang;
        let n = rec.move_number();
        let last = match rec.node(rec.current()).mv {
            Some((c, Move::Play(p))) => tr!(
                lang,
                "q.last",
                side = crate::i18n::color_name(lang, c),
                at = self.point_text(p),
                n = n
            ),
            Some((c, Move::Pass)) => {
                tr!(
                    lang,
                    "q.last.pass",
                    side = crate::i18n::color_name(lang, c),
                    n = n
                )
            }
            None => tr!(lang, "q.last.none"),
        };
        tr!(
            lang,
            "q.where",
            last = last,
            place = self.place_words(),
            cursor = self.describe_point(self.cursor),
            side = crate::i18n::color_name(lang, rec.to_move())
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
                let side = crate::i18n::color_name(self.lang, c);
                let at = self.point_text(q);
                out.push(if n == 1 {
                    tr!(self.lang, "q.atari.one", side = side, at = at)
                } else {
                    tr!(self.lang, "q.atari", side = side, at = at, n = n)
                });
            }
        }
        (!out.is_empty()).then(|| out.join(&tr!(self.lang, "list.sep")))
    }
}

fn liberty_words(lang: crate::i18n::Lang, n: usize) -> String {
    match n {
        1 => tr!(lang, "q.in_atari"),
        n => tr!(lang, "q.n_liberties", n = n),
    }
}
