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

/// The state of a confirmation.
#[derive(Debug, Clone)]
pub struct Confirmation {
    /// The stopped position (dead stones on it).
    pub start: Board,
    pub board: Board,
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
    pub fn new(start: Board, to_move: Color, rules: &crate::game::rules::Rules) -> Confirmation {
        let article = match rules.preset {
            Some(crate::game::rules::Preset::Japanese) => Some("Japanese rules, art. 7-2"),
            Some(crate::game::rules::Preset::Korean) => {
                Some("Korean rules: no ko threat from elsewhere")
            }
            _ if rules.ko == KoRule::Simple => Some("art. 7-2"),
            _ => None,
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
    pub fn play(&mut self, mv: Move, suicide: bool) -> Result<String, String> {
        let color = self.to_move;
        if let Move::Play(p) = mv
            && self.banned.contains(&(color, p))
            && let Some(article) = self.article
        {
            return Err(format!(
                "{}: this ko was taken; it may not be retaken before {} passes once ({article})",
                p.to_gtp(self.board.size()),
                color.name()
            ));
        }
        self.board
            .check(color, mv, suicide)
            .map_err(|e| e.to_string())?;
        let before = self.board.clone();
        let _ = self.board.play_forced(color, mv);
        self.to_move = color.opponent();
        let size = self.board.size();
        match mv {
            Move::Pass => {
                // A pass lifts the passer's bans (art. 7-2).
                self.banned.retain(|(c, _)| *c != color);
                Ok(format!("{} passes", color.name()))
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
                    return Ok(format!(
                        "{} {} takes the ko; {} may not retake at {} before passing once",
                        color.name(),
                        p.to_gtp(size),
                        who.name(),
                        k.to_gtp(size)
                    ));
                }
                Ok(if taken > 0 {
                    format!("{} {}, captures {taken}", color.name(), p.to_gtp(size))
                } else {
                    format!("{} {}", color.name(), p.to_gtp(size))
                })
            }
        }
    }

    /// The verdict: chains of the stopped position taken off during the
    /// play (dead), and chains next to the moves that are still there
    /// (alive), with a sentence saying what was proved.
    pub fn verdict(&self) -> (Vec<Point>, Vec<Point>, String) {
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
                said.push(format!(
                    "{} captured the {} {} stone{} at {}: dead",
                    c.opponent().name(),
                    chain.len(),
                    c.name().to_lowercase(),
                    if chain.len() == 1 { "" } else { "s" },
                    p.to_gtp(size)
                ));
            } else if near {
                alive.push(p);
            }
        }
        if said.is_empty() {
            said.push("nothing was captured: the stones played around stay alive".into());
        }
        if let (Some(article), false) = (self.article, self.banned.is_empty()) {
            let kos: Vec<String> = self.banned.iter().map(|(_, k)| k.to_gtp(size)).collect();
            said.push(format!(
                "the ko at {} was not retaken ({article})",
                kos.join(" ")
            ));
        }
        (dead, alive, said.join("; "))
    }
}
