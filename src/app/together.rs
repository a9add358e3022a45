//! Counting together (`kifu --share --together`, docs/share.md): the host
//! and one partner mark the dead stones, each seeing every mark and who
//! made it, as KGS and OGS do after the passes. Any change of the marks
//! withdraws both acceptances; when both have accepted the same marks the
//! result is written once (RE, TB/TW, and a comment that both agreed) and
//! every seat shows "agreed". The share brings the partner's asks in as
//! `Outside::Partner`; this module is their rules.

use serde::{Deserialize, Serialize};

use super::{App, Effect, Mode};
use crate::game::Point;
use crate::tr;

/// Who marked or accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Who {
    /// The player at the shared screen.
    Host,
    /// The player who joined with the share's code.
    Partner,
}

/// The agreement, as both seats see it.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Together {
    /// The partner's name (their account, or "partner"); None until one
    /// joins.
    pub partner: Option<String>,
    /// The host accepted the marks as they are.
    pub host_accepted: bool,
    /// The partner accepted them.
    pub partner_accepted: bool,
    /// The last change of the marks: who made it, and where (SGF point).
    pub last: Option<(Who, String)>,
    /// Both accepted: the result written.
    pub agreed: Option<String>,
}

/// What the partner asks, as the share brings it in.
#[derive(Debug, Clone, PartialEq)]
pub enum PartnerAsk {
    /// The share is open for counting together: a partner may join.
    Open,
    /// A partner joined, by this name.
    Joined(String),
    /// The partner left (closed their follower).
    Left,
    /// Mark the chain at the point dead or alive (`group`: the whole
    /// group).
    Mark { at: Point, group: bool },
    /// Mark the group at the point seki or not.
    Seki(Point),
    /// The partner accepts the marks as they are.
    Accept,
    /// The partner asks to resume play, as this colour's player.
    Resume(crate::game::Color),
    /// The share stopped.
    Closed,
}

impl App {
    /// The counting-together state, for the panel and the share.
    pub fn together(&self) -> &Option<Together> {
        &self.together
    }

    /// The partner's ask, by the rules above.
    pub(super) fn on_partner(&mut self, ask: PartnerAsk) -> Effect {
        let lang = self.lang;
        match ask {
            PartnerAsk::Open => self.together = Some(Together::default()),
            PartnerAsk::Closed => self.together = None,
            PartnerAsk::Joined(name) => {
                let t = self.together.get_or_insert_with(Together::default);
                t.partner = Some(name.clone());
                t.host_accepted = false;
                t.partner_accepted = false;
                self.message = Some(tr!(lang, "tg.joined", name = name));
            }
            PartnerAsk::Left => {
                if let Some(t) = self.together.as_mut() {
                    let name = t.partner.take().unwrap_or_default();
                    t.host_accepted = false;
                    t.partner_accepted = false;
                    self.message = Some(tr!(lang, "tg.left", name = name));
                }
            }
            PartnerAsk::Mark { at, group } => {
                if self.partner_may_mark() {
                    self.mark(at, group);
                }
            }
            PartnerAsk::Seki(at) => {
                if self.partner_may_mark() {
                    self.mark_seki(at);
                }
            }
            PartnerAsk::Accept => return self.accept(Who::Partner),
            PartnerAsk::Resume(asker) => {
                if self.together.as_ref().is_some_and(|t| t.agreed.is_none()) {
                    self.resume(&asker.letter().to_string());
                    let name = self.partner_name();
                    let m = self.message.take().unwrap_or_default();
                    self.message = Some(format!("{} {m}", tr!(lang, "tg.resumed", name = name)));
                }
            }
        }
        Effect::None
    }

    /// The wall clock's time now, to the minute with its offset from UTC,
    /// if the session knows when it began.
    fn now(&self) -> Option<String> {
        let started = self.started.as_ref()?;
        let span = jiff::SignedDuration::try_from(self.ticked).ok()?;
        let now = started.checked_add(span).ok()?;
        Some(now.strftime("%Y-%m-%d %H:%M %:z").to_string())
    }

    fn partner_name(&self) -> String {
        self.together
            .as_ref()
            .and_then(|t| t.partner.clone())
            .unwrap_or_default()
    }

    /// The partner marks only while the host counts, on the map, before
    /// an agreement; said on the host's screen otherwise.
    fn partner_may_mark(&mut self) -> bool {
        let counting = self.base == Mode::Count && self.count.is_some();
        let open = self
            .together
            .as_ref()
            .is_some_and(|t| t.partner.is_some() && t.agreed.is_none());
        if counting && open {
            return true;
        }
        if open {
            let name = self.partner_name();
            self.message = Some(tr!(self.lang, "tg.not_counting", name = name));
        }
        false
    }

    /// One step of `update`; when counting together and the marks
    /// changed (a key, a click, `:dead`, `u`, or the partner), both
    /// acceptances go and the change is told with who made it.
    pub(super) fn step_marked(&mut self, action: super::Action) -> Effect {
        use super::{Action, Outside};
        let before = match &self.together {
            Some(_) => self.count.as_ref().map(|c| c.session.marks.clone()),
            None => None,
        };
        let partner_at = match &action {
            Action::Outside(Outside::Partner(
                PartnerAsk::Mark { at, .. } | PartnerAsk::Seki(at),
            )) => Some(*at),
            _ => None,
        };
        let effect = self.step(action);
        if let Some(before) = before
            && self
                .count
                .as_ref()
                .is_some_and(|c| c.session.marks != before)
        {
            match partner_at {
                Some(at) => self.marks_changed(Who::Partner, at),
                None => self.marks_changed(Who::Host, self.cursor),
            }
        }
        effect
    }

    /// The marks changed (by `who`, at `at`): both acceptances go.
    fn marks_changed(&mut self, who: Who, at: Point) {
        let Some(t) = self.together.as_mut() else {
            return;
        };
        if t.agreed.is_some() {
            return;
        }
        let withdrawn = t.host_accepted || t.partner_accepted;
        t.host_accepted = false;
        t.partner_accepted = false;
        t.last = Some((who, at.to_sgf()));
        if withdrawn {
            let m = self.message.take().unwrap_or_default();
            self.message = Some(format!("{m} {}", tr!(self.lang, "tg.withdrawn")));
        }
    }

    /// `A` (the host) or the partner's accept: when both have accepted
    /// the same marks, the result is written once and saved.
    pub(super) fn accept(&mut self, who: Who) -> Effect {
        let lang = self.lang;
        let at_end = self.record.main_line().last() == Some(&self.record.current());
        let Some(t) = self.together.as_mut() else {
            self.message = Some(tr!(lang, "tg.alone"));
            return Effect::None;
        };
        if t.agreed.is_some() || t.partner.is_none() {
            self.message = Some(tr!(lang, "tg.no_partner"));
            return Effect::None;
        }
        if self.count.is_none() || self.base != Mode::Count || !at_end {
            self.message = Some(tr!(lang, "tg.count_at_end"));
            return Effect::None;
        }
        match who {
            Who::Host => t.host_accepted = true,
            Who::Partner => t.partner_accepted = true,
        }
        let name = t.partner.clone().unwrap_or_default();
        if !(t.host_accepted && t.partner_accepted) {
            self.message = Some(match who {
                Who::Host => tr!(lang, "tg.you_accepted", name = name),
                Who::Partner => tr!(lang, "tg.partner_accepted", name = name),
            });
            return Effect::None;
        }
        self.agree(&name)
    }

    /// Both accepted: RE and TB/TW written, a comment that both agreed,
    /// the file saved when it has one.
    fn agree(&mut self, name: &str) -> Effect {
        self.write_result(true);
        let Some(result) = self.record.info.result.clone() else {
            return Effect::None;
        };
        let said = match self.now() {
            Some(time) => tr!(
                self.lang,
                "tg.comment_at",
                name = name,
                result = result,
                time = time
            ),
            None => tr!(self.lang, "tg.comment", name = name, result = result),
        };
        let node = self.record.current();
        let comment = match self.record.node(node).comment.clone() {
            Some(c) if !c.is_empty() => format!("{c}\n{said}"),
            _ => said,
        };
        self.record.set_comment(Some(comment));
        self.changed();
        if let Some(t) = self.together.as_mut() {
            t.agreed = Some(result.to_string());
        }
        self.message = Some(tr!(self.lang, "tg.agreed", result = result));
        // Saved as `s` saves: the same checks of the file first; the
        // agreement is said with the save's own words.
        if self.path.is_some() {
            self.with_save.clone_from(&self.message);
            self.save_to(None, false)
        } else {
            Effect::None
        }
    }
}
