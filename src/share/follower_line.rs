//! `kifu follow --plain`: the follower in line mode, for a screen reader
//! or a pipe: each change said once, in the follower's language, and a
//! partner's asks typed as lines (`dead Q16`, `accept`).

use std::io::{self, Write};
use std::sync::mpsc;

use super::Address;
use super::follow::{Feed, FeedEvent, Watched};
use super::partner::Seat;
use crate::app::{App, Shown};
use crate::i18n::Lang;
use crate::tr;
use crate::ui::Look;

/// Line mode: each change said once, in the student's language.
pub(super) fn plain(
    opts: &FollowOptions,
    rx: &mpsc::Receiver<Input>,
    feed: &Feed,
    out: &mut dyn Write,
) -> io::Result<i32> {
    let lang = opts.lang;
    let at = opts.address.text();
    say(out, &tr!(lang, "follow.intro", at = at.clone()))?;
    let mut said = Said::default();
    let mut watched = Watched::default();
    let mut seat = Seat::default();
    while let Ok(input) = rx.recv() {
        match input {
            Input::Line(l) if matches!(l.trim(), "q" | "quit") => return Ok(0),
            // The partner's asks, typed as lines (`dead Q16`, `accept`).
            Input::Line(l) if seat.is_partner() && !l.trim().is_empty() => {
                let size = watched
                    .shown()
                    .and_then(|s| App::following(s, lang).ok())
                    .map_or(19, |a| a.record().size());
                if let Some(s) = ask(feed, &l, size, lang) {
                    say(out, &s)?;
                }
            }
            Input::Line(_) | Input::Event(_) => {}
            Input::Feed(e) => {
                let line = match &e {
                    FeedEvent::Connected => Some(tr!(lang, "follow.live", at = at.clone())),
                    FeedEvent::Ended => Some(tr!(lang, "follow.ended", at = at.clone())),
                    FeedEvent::Waiting(w) => Some(waiting(lang, &at, w)),
                    FeedEvent::State(_) => None,
                    FeedEvent::Joined(..) | FeedEvent::Refused(_) => seat_news(&mut seat, &e, lang),
                };
                let state = matches!(e, FeedEvent::State(_));
                watched.on(e);
                if let Some(l) = line {
                    say(out, &l)?;
                }
                // What a state changes, said once; a connection's news
                // says no state again.
                if let Some(s) = watched.shown().filter(|_| state) {
                    for l in said.news(s, lang) {
                        say(out, &l)?;
                    }
                }
            }
        }
    }
    Ok(0)
}

/// What line mode said last, so that each change is said once.
#[derive(Default)]
pub(super) struct Said {
    position: Option<String>,
    count: Option<String>,
    caption: Option<String>,
    together: Option<String>,
}

impl Said {
    /// The lines a new state adds to what was said.
    pub(super) fn news(&mut self, s: &Shown, lang: Lang) -> Vec<String> {
        let app = match App::following(s, lang) {
            Ok(a) => a,
            Err(e) => return vec![tr!(lang, "follow.bad_state", why = e.to_string())],
        };
        let rec = app.record();
        let last = match rec.node(rec.current()).mv {
            Some((c, mv)) => format!("{} {}", crate::i18n::color_name(lang, c), app.move_text(mv)),
            None => tr!(lang, "panel.last.none"),
        };
        // Two sentences, joined as the language joins a list ("; ").
        let position = format!(
            "{}{}{}",
            tr!(
                lang,
                "panel.move",
                n = rec.move_number(),
                side = crate::i18n::color_name(lang, rec.to_move())
            ),
            tr!(lang, "list.sep"),
            tr!(lang, "panel.last", last = last)
        );
        let count = app
            .count()
            .as_ref()
            .map(|cs| tr!(lang, "cm.count", said = cs.said(lang, cs.view)));
        let caption = app.count().as_ref().and_then(|cs| cs.caption(lang));
        // Counting together: who accepted, and the agreement.
        let together = app.together().as_ref().and_then(|t| {
            let name = t.partner.clone()?;
            Some(match &t.agreed {
                Some(r) => tr!(lang, "tg.panel.agreed", result = r.clone()),
                None => {
                    let word =
                        |yes: bool| tr!(lang, if yes { "tg.panel.yes" } else { "tg.panel.no" });
                    tr!(
                        lang,
                        "tg.panel.with",
                        name = name,
                        host = word(t.host_accepted),
                        partner = word(t.partner_accepted)
                    )
                }
            })
        });
        let mut out = Vec::new();
        for (now, was) in [
            (Some(position), &mut self.position),
            (count, &mut self.count),
            (caption, &mut self.caption),
            (together, &mut self.together),
        ] {
            if now != *was {
                out.extend(now.clone());
                *was = now;
            }
        }
        out
    }
}

fn say(out: &mut dyn Write, text: &str) -> io::Result<()> {
    for l in text.lines() {
        writeln!(out, "{}", crate::text::printable(l))?;
    }
    out.flush()
}

/// How `kifu follow` was asked to look.
pub struct FollowOptions {
    pub address: Address,
    pub lang: Lang,
    pub plain: bool,
    pub look: Look,
    /// `--together CODE`: join the host to count together.
    pub together: Option<String>,
    /// `--name`: the name the host shows for this partner.
    pub name: Option<String>,
}

/// What the follower's loop waits for.
pub(super) enum Input {
    Feed(FeedEvent),
    Event(ratatui::crossterm::event::Event),
    Line(String),
}

/// What joining or a refusal says to the partner, in its language.
pub(super) fn seat_news(seat: &mut Seat, e: &FeedEvent, lang: Lang) -> Option<String> {
    match e {
        FeedEvent::Joined(true, _) => {
            seat.joined = Some(Ok(()));
            Some(tr!(lang, "follow.joined"))
        }
        FeedEvent::Joined(false, why) => {
            let why = why.clone().unwrap_or_default();
            seat.joined = Some(Err(why.clone()));
            Some(tr!(lang, "follow.not_joined", why = why))
        }
        FeedEvent::Refused(why) => Some(tr!(lang, "follow.refused", why = why.clone())),
        _ => None,
    }
}

/// A typed line sent as the partner's ask; what to say when it is none.
pub(super) fn ask(feed: &Feed, line: &str, size: u8, lang: Lang) -> Option<String> {
    match super::partner::ask_of(line, size) {
        Ok(m) => (!feed.ask(m)).then(|| tr!(lang, "follow.not_sent")),
        Err(super::partner::NotAnAsk(t)) => Some(tr!(lang, "follow.typed_bad", text = t)),
    }
}

/// Why the follower waits, in its language: nobody shares there yet
/// (no socket, or nobody listening), or the reason.
pub(super) fn waiting(lang: Lang, at: &str, why: &str) -> String {
    let closed;
    let why = if why == super::follow::CLOSED {
        closed = tr!(lang, super::follow::CLOSED);
        closed.as_str()
    } else {
        why
    };
    if why.is_empty() {
        tr!(lang, "follow.not_yet", at = at.to_string())
    } else {
        tr!(
            lang,
            "follow.waiting",
            at = at.to_string(),
            why = why.to_string()
        )
    }
}
