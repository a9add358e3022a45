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
        Message::Join { code } => return join(&mut p, &code, slot),
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

/// A `join`: the code right, the user the one named, and no partner yet.
fn join(p: &mut Partner, code: &str, slot: &Arc<Slot>) {
    let taken = p.slot.as_ref().and_then(std::sync::Weak::upgrade).is_some();
    let why = match &p.invite {
        None => Some("this share is not for counting together, or its code is void"),
        Some(_) if taken => Some("a partner counts with the host already"),
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
    // One partner per code.
    p.invite = None;
    p.slot = Some(Arc::downgrade(slot));
    let name = match slot.peer {
        Peer::Uid(u) => crate::share::account_name(u).unwrap_or_else(|| format!("uid {u}")),
        Peer::Ip(ip) => ip.to_string(),
        Peer::Unknown => "partner".into(),
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
        p.asks.push(crate::app::together::PartnerAsk::Left);
    }
}
