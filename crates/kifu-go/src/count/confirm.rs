//! Confirmation play (Japanese 1989 art. 9 and its commentary, the Korean
//! rules' confirmation of life and death): after the passes, a disputed
//! part of the board is played out on a copy of the stopped position. The
//! moves are hypothetical: the game's record never sees them. Under
//! Japanese and Korean rules a ko once taken may not be retaken until its
//! player has passed once for it (art. 7-2; the Korean rules allow no ko
//! threat elsewhere, which comes to the same here); under area rules the
//! position is simply played on. Leaving carries the verdict back into
//! count mode: stones taken and not rescued are dead, the stones around
//! the moves that survived are alive.

use crate::game::rules::KoRule;
use crate::game::{Board, Color, Move, Point};
use crate::i18n::Lang;
use crate::tr;

/// The state of a confirmation.
#[derive(Debug, Clone)]
pub struct Confirmation {
    /// The stopped position (dead stones on it).
    pub start: Board,
    /// The position now, after the confirmation's moves.
    pub board: Board,
    /// Who plays next.
    pub to_move: Color,
    /// Kos a player may not retake until they pass: (that player, the
    /// point of the retake).
    pub banned: Vec<(Color, Point)>,
    /// The points played, to judge the stones around them.
    pub played: Vec<Point>,
    /// The article behind the ko ban, for the messages.
    pub article: Option<&'static str>,
}

impl Confirmation {
    /// A confirmation from `start` (the stopped position), `to_move` to
    /// play, under `rules` (which decide how a ko may be retaken).
    pub fn new(start: Board, to_move: Color, rules: &crate::game::rules::Rules) -> Confirmation {
        use crate::game::rules::Settling;
        let article = match rules.settling {
            Settling::Confirmation => Some("cf.art.japanese"),
            Settling::Resumption => Some("cf.art.korean"),
            Settling::PlayOut if rules.ko == KoRule::Simple => Some("cf.art.simple"),
            Settling::PlayOut => None,
        };
        Confirmation {
            board: start.clone(),
            start,
            to_move,
            banned: Vec::new(),
            played: Vec::new(),
            article,
        }
    }

    /// Plays a move of the side to move, or says why not.
    pub fn play(&mut self, mv: Move, suicide: bool, lang: Lang) -> Result<String, String> {
        let color = self.to_move;
        let side = |c: Color| crate::i18n::color_name(lang, c);
        if let Move::Play(p) = mv
            && self.banned.contains(&(color, p))
            && let Some(article) = self.article
        {
            return Err(tr!(
                lang,
                "cf.ko_banned",
                at = p.to_gtp(self.board.size()),
                side = side(color),
                article = lang.text(article)
            ));
        }
        self.board
            .check(color, mv, suicide)
            .map_err(|e| e.words(lang))?;
        let before = self.board.clone();
        let _ = self.board.play_forced(color, mv);
        self.to_move = color.opponent();
        let size = self.board.size();
        match mv {
            Move::Pass => {
                // A pass lifts the passer's bans (art. 7-2).
                self.banned.retain(|(c, _)| *c != color);
                Ok(tr!(lang, "rec.passes", side = side(color)))
            }
            Move::Play(p) => {
                self.played.push(p);
                let taken = before
                    .points()
                    .filter(|&q| before.get(q).is_some() && self.board.get(q).is_none())
                    .count();
                // A ko taken: the opponent may not retake it before passing.
                if self.article.is_some()
                    && let Some((k, who)) = self.board.ko_point()
                {
                    self.banned.push((who, k));
                    return Ok(tr!(
                        lang,
                        "cf.takes_ko",
                        side = side(color),
                        at = p.to_gtp(size),
                        other = side(who),
                        ko = k.to_gtp(size)
                    ));
                }
                let what = tr!(lang, "rec.move", side = side(color), mv = p.to_gtp(size));
                Ok(if taken > 0 {
                    tr!(lang, "rec.captures", what = what, n = taken)
                } else {
                    what
                })
            }
        }
    }

    /// The verdict: chains of the stopped position taken off during the
    /// play (dead), and chains next to the moves that are still there
    /// (alive), with a sentence saying what was proved.
    pub fn verdict(&self, lang: Lang) -> (Vec<Point>, Vec<Point>, String) {
        let size = self.start.size();
        let mut dead = Vec::new();
        let mut alive = Vec::new();
        let mut seen: Vec<Point> = Vec::new();
        let mut said = Vec::new();
        for p in self.start.points() {
            let Some(c) = self.start.get(p) else {
                continue;
            };
            if seen.contains(&p) {
                continue;
            }
            let chain = self.start.chain(p);
            seen.extend(chain.iter().copied());
            let gone = chain.iter().all(|&q| self.board.get(q) != Some(c));
            let near = chain.iter().any(|&q| {
                self.played
                    .iter()
                    .any(|&m| m == q || self.start.adjacent(q).any(|a| a == m))
            });
            if gone {
                dead.push(p);
                let colour = lang.text(match c {
                    Color::Black => "color.black.stones",
                    Color::White => "color.white.stones",
                });
                said.push(tr!(
                    lang,
                    if chain.len() == 1 {
                        "cf.captured.one"
                    } else {
                        "cf.captured"
                    },
                    taker = crate::i18n::color_name(lang, c.opponent()),
                    n = chain.len(),
                    colour = colour,
                    at = p.to_gtp(size)
                ));
            } else if near {
                alive.push(p);
            }
        }
        if said.is_empty() {
            said.push(tr!(lang, "cf.nothing"));
        }
        if let (Some(article), false) = (self.article, self.banned.is_empty()) {
            let kos: Vec<String> = self.banned.iter().map(|(_, k)| k.to_gtp(size)).collect();
            said.push(tr!(
                lang,
                "cf.not_retaken",
                at = kos.join(" "),
                article = lang.text(article)
            ));
        }
        (dead, alive, said.join(lang.text("list.sep")))
    }
}
