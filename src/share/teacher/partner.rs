//! A share for counting together: the one-time code, the partner's slot,
//! and the partner's asks queued for the host's loop in order. Only the
//! follower that joined with the code (and, when the host named an
//! account, from that account) may ask; any other is refused and keeps
//! following.

use std::sync::Arc;

use super::{Message, Peer, Slot, lock};

/// Who may count together with the host: whoever gives the one-time
/// code, and on a Unix socket only this user when one is named.
#[derive(Debug, Clone)]
pub struct Invite {
    /// The code the host reads out (six digits).
    pub code: String,
    /// The partner's user id, when the host named an account.
    pub uid: Option<u32>,
}

impl Invite {
    /// A fresh code, for `user` (a uid) or anyone who has it.
    pub fn new(uid: Option<u32>) -> Invite {
        use std::hash::{BuildHasher, Hasher};
        // std's RandomState is keyed from the system's randomness: enough
        // for a code that lives one session and allows three tries.
        let n = std::collections::hash_map::RandomState::new()
            .build_hasher()
            .finish();
        Invite {
            code: format!("{:06}", n % 1_000_000),
            uid,
        }
    }
}

/// Wrong codes a share takes before its code is void.
pub const CODE_TRIES: u32 = 3;

/// The counting-together side of the hub: the invite, the partner's slot
/// and what it asked, in order.
#[derive(Default)]
pub(super) struct Partner {
    pub(super) invite: Option<Invite>,
    wrong: u32,
    slot: Option<std::sync::Weak<Slot>>,
    /// The code a partner joined with and who they are: it lets that
    /// peer (and no other) back in after a dropped connection.
    spent: Option<(Invite, Peer)>,
    /// Who alone may join with the code now (the partner who left).
    only: Option<Peer>,
    pub(super) asks: Vec<crate::app::together::PartnerAsk>,
}

/// A partner's line: a `join` with the code, or, from the partner alone,
/// a mark, an acceptance or a request to resume. Whatever is refused is
/// said, and the follower keeps following.
pub(super) fn together(m: Message, slot: &Arc<Slot>, hub: &super::Hub) {
    use crate::app::together::PartnerAsk;
    let mut p = lock(&hub.partner);
    let is_partner = p
        .slot
        .as_ref()
        .and_then(std::sync::Weak::upgrade)
        .is_some_and(|s| Arc::ptr_eq(&s, slot));
    let size = 25;
    let at = |t: &str| crate::game::Point::from_sgf(t).filter(|q| q.is_on(size));
    let ask = match m {
        Message::Join { code, name } => return join(&mut p, &code, name.as_deref(), slot),
        _ if !is_partner => {
            let why = "only the partner who joined with the code may count".into();
            return slot.reply(Message::Refused { why });
        }
        Message::Mark { at: t, group } => at(&t).map(|at| PartnerAsk::Mark { at, group }),
        Message::Seki { at: t } => at(&t).map(PartnerAsk::Seki),
        Message::Accept => Some(PartnerAsk::Accept),
        Message::Resume { color } => match color.as_str() {
            "B" => Some(PartnerAsk::Resume(crate::game::Color::Black)),
            "W" => Some(PartnerAsk::Resume(crate::game::Color::White)),
            _ => None,
        },
        _ => None,
    };
    match ask {
        Some(a) => p.asks.push(a),
        None => slot.reply(Message::Refused {
            why: "not a point or a colour".into(),
        }),
    }
}

/// A `join`: the code right, the user the one named, and no partner yet,
/// or the partner again from a new connection.
fn join(p: &mut Partner, code: &str, name: Option<&str>, slot: &Arc<Slot>) {
    let seated = p.slot.as_ref().and_then(std::sync::Weak::upgrade);
    // The partner again, from a new connection (a dropped SSH session
    // reconnects before its old connection is seen to end): the same
    // peer with the same code takes the seat over.
    if let (Some(old), Some((i, peer))) = (&seated, &p.spent)
        && *peer == slot.peer
        && i.code == code
        && !Arc::ptr_eq(old, slot)
    {
        old.reply(Message::Refused {
            why: "you joined again from another connection".into(),
        });
        return sit(p, name, slot);
    }
    let why = match &p.invite {
        _ if seated.is_some() => Some("a partner counts with the host already"),
        None => Some("this share is not for counting together, or its code is void"),
        Some(_) if p.only.is_some_and(|o| o != slot.peer) => {
            Some("the code is kept for the partner who left")
        }
        Some(i) if i.code != code => {
            p.wrong += 1;
            if p.wrong >= CODE_TRIES {
                p.invite = None;
            }
            Some("wrong code")
        }
        Some(i) if i.uid.is_some_and(|u| slot.peer != Peer::Uid(u)) => {
            Some("the host invited another user")
        }
        Some(_) => None,
    };
    if let Some(why) = why {
        return slot.reply(Message::Joined {
            ok: false,
            why: Some(why.into()),
        });
    }
    // One partner per code; kept for that partner's return.
    p.spent = p.invite.take().map(|i| (i, slot.peer));
    p.only = None;
    sit(p, name, slot);
}

/// `slot` is the partner now, shown by the name it gave and who it is.
fn sit(p: &mut Partner, name: Option<&str>, slot: &Arc<Slot>) {
    p.slot = Some(Arc::downgrade(slot));
    let who = match slot.peer {
        Peer::Uid(u) => crate::share::account_name(u).unwrap_or_else(|| format!("uid {u}")),
        Peer::Ip(ip) => ip.to_string(),
        Peer::Unknown => "partner".into(),
    };
    let name = match name.map(shown_name).filter(|n| !n.is_empty() && *n != who) {
        Some(n) => format!("{n} ({who})"),
        None => who,
    };
    p.asks.push(crate::app::together::PartnerAsk::Joined(name));
    slot.reply(Message::Joined {
        ok: true,
        why: None,
    });
}

/// A follower left: if it was the partner, the host is told.
pub(super) fn left(slot: &Arc<Slot>, hub: &super::Hub) {
    let mut p = lock(&hub.partner);
    let was = p
        .slot
        .as_ref()
        .and_then(std::sync::Weak::upgrade)
        .is_some_and(|s| Arc::ptr_eq(&s, slot));
    if was {
        p.slot = None;
        if let Some((invite, peer)) = p.spent.take() {
            p.invite = Some(invite);
            p.only = Some(peer);
        }
        p.asks.push(crate::app::together::PartnerAsk::Left);
    }
}

/// The name a partner gave, as the host's screen may show it: no control
/// characters (a name is not a way to move the host's cursor), at most 24
/// characters.
fn shown_name(name: &str) -> String {
    name.chars()
        .filter(|c| !c.is_control())
        .take(24)
        .collect::<String>()
        .trim()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::together::PartnerAsk;

    fn hub(code: &str) -> super::super::Hub {
        let hub = super::super::Hub::default();
        lock(&hub.partner).invite = Some(Invite {
            code: code.into(),
            uid: None,
        });
        hub
    }

    fn join_as(hub: &super::super::Hub, peer: Peer, code: &str, name: Option<&str>) -> Arc<Slot> {
        let slot = Arc::new(Slot::new(peer, None));
        let m = Message::Join {
            code: code.into(),
            name: name.map(String::from),
        };
        together(m, &slot, hub);
        slot
    }

    fn answer(slot: &Slot) -> String {
        let replies = &lock(&slot.pending).replies;
        String::from_utf8_lossy(replies.last().map_or(&[][..], |r| &r[..])).into_owned()
    }

    #[test]
    fn a_partner_who_left_comes_back_with_the_same_code_and_no_one_else() {
        let hub = hub("123456");
        let ip = |s: &str| Peer::Ip(s.parse().unwrap_or(std::net::Ipv4Addr::LOCALHOST.into()));
        let first = join_as(&hub, ip("192.0.2.7"), "123456", Some("Bo\x1b[2J"));
        assert!(answer(&first).contains("\"ok\":true"), "{}", answer(&first));
        let asks = std::mem::take(&mut lock(&hub.partner).asks);
        // The name the partner gave, without its escape, and who they are.
        assert_eq!(asks, [PartnerAsk::Joined("Bo[2J (192.0.2.7)".into())]);
        // While the partner is there, the code takes no one else; the
        // partner's own new connection takes the seat over.
        let other = join_as(&hub, ip("198.51.100.1"), "123456", None);
        assert!(answer(&other).contains("already"), "{}", answer(&other));
        let again = join_as(&hub, ip("192.0.2.7"), "123456", Some("Bo"));
        assert!(answer(&first).contains("another connection"));
        assert!(answer(&again).contains("\"ok\":true"));
        left(&first, &hub);
        assert!(
            lock(&hub.partner).asks.len() == 1,
            "the old one leaving is no news"
        );
        left(&again, &hub);
        drop((first, again));
        // Gone: another peer with the code is refused, the partner is let
        // back in.
        let stranger = join_as(&hub, ip("198.51.100.1"), "123456", None);
        assert!(answer(&stranger).contains("kept for the partner"));
        let back = join_as(&hub, ip("192.0.2.7"), "123456", None);
        assert!(answer(&back).contains("\"ok\":true"), "{}", answer(&back));
        let asks = std::mem::take(&mut lock(&hub.partner).asks);
        assert_eq!(
            asks,
            [
                PartnerAsk::Joined("Bo (192.0.2.7)".into()),
                PartnerAsk::Left,
                PartnerAsk::Joined("192.0.2.7".into())
            ]
        );
    }

    #[test]
    fn a_name_is_cut_to_what_a_screen_can_show() {
        assert_eq!(shown_name("  Bo \n"), "Bo");
        assert_eq!(shown_name(&"x".repeat(100)).len(), 24);
        assert_eq!(shown_name("\u{7}\u{9b}"), "");
    }
}
