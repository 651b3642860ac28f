//! A message this phone holds: opened, read, and kept with its event's facts. What a phone
//! shows is a function of the set of these it holds (see `fold`).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::message::Message;
use super::order::Key;

/// One opened message and its event's facts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Held {
    /// The event id (hex).
    pub id: String,
    /// The author's key (hex).
    pub author: String,
    /// The author's clock, in seconds (shown only; never for order).
    pub created_at: u64,
    /// Sealed for the GM alone (`g1.`).
    #[serde(default)]
    pub to_gm: bool,
    /// The id of the later table key it was sealed with (`k1.`); `""` for the invite's key
    /// (`t1.`) and for messages sealed for the GM.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub sealed_by: String,
    /// What it says.
    pub msg: Message,
}

impl Held {
    /// Its place in the agreed order.
    pub fn key(&self) -> Key {
        Key::new(self.msg.t, &self.author, &self.id)
    }

    /// Whether `key` is this message's place (without building a key).
    pub fn at(&self, key: &Key) -> bool {
        self.msg.t == key.t && self.author == key.author && self.id == key.id
    }

    /// Whether this comes before `other` in the agreed order.
    pub fn before(&self, other: &Held) -> bool {
        (self.msg.t, &self.author, &self.id) < (other.msg.t, &other.author, &other.id)
    }
}

/// The messages held, in the agreed order, found by id.
pub struct Ledger<'a> {
    /// Every message, in the agreed order.
    pub sorted: Vec<&'a Held>,
    by_id: BTreeMap<&'a str, usize>,
}

impl<'a> Ledger<'a> {
    /// Sorts what is held.
    pub fn new(held: impl Iterator<Item = &'a Held>) -> Ledger<'a> {
        let mut sorted: Vec<&Held> = held.collect();
        sorted.sort_by(|a, b| (a.msg.t, &a.author, &a.id).cmp(&(b.msg.t, &b.author, &b.id)));
        let by_id = sorted
            .iter()
            .enumerate()
            .map(|(i, h)| (h.id.as_str(), i))
            .collect();
        Ledger { sorted, by_id }
    }

    /// The message with this id, if held.
    pub fn get(&self, id: &str) -> Option<&'a Held> {
        self.by_id.get(id).map(|&i| self.sorted[i])
    }

    /// Its position in the agreed order, if held.
    pub fn position(&self, id: &str) -> Option<usize> {
        self.by_id.get(id).copied()
    }

    /// Whether a message by another member (one whose joining is held) names `message`,
    /// directly or through what it names (`p` and `a`, followed forward).
    pub fn seen_by_others(&self, message: &Held) -> bool {
        let mut reached = vec![message.id.as_str()];
        let mut at = 0;
        while at < reached.len() {
            let id = reached[at];
            at += 1;
            for h in &self.sorted {
                if h.to_gm || (h.msg.p != id && h.msg.a != id) || reached.contains(&h.id.as_str()) {
                    continue;
                }
                if h.author != message.author && self.has_joined(&h.author) {
                    return true;
                }
                reached.push(&h.id);
            }
        }
        false
    }

    /// Whether `key` had joined, and not left, before `message`'s place: whom a hand-over
    /// may go to. (Joins and leaves are never let go, so every phone can tell.)
    pub fn at_table(&self, key: &str, message: &Held) -> bool {
        let mut joined = false;
        for h in &self.sorted {
            if !h.before(message) {
                break;
            }
            if h.author == key && !h.to_gm {
                match h.msg.what {
                    super::message::What::Joined { .. } if h.msg.p.is_empty() => joined = true,
                    super::message::What::Left {} => joined = false,
                    _ => {}
                }
            }
        }
        joined
    }

    /// Where the hand-over's recipient first names it as where their role came from, in a
    /// checkpoint of theirs (its place in the order), if they have.
    pub fn taken_by_recipient(&self, hand_over: &Held) -> Option<&'a Held> {
        let super::message::What::Gm { to, .. } = &hand_over.msg.what else {
            return None;
        };
        self.sorted.iter().copied().find(|h| {
            h.author == *to
                && matches!(&h.msg.what, super::message::What::Checkpoint(c) if c.gm_by == hand_over.id)
        })
    }

    fn has_joined(&self, author: &str) -> bool {
        self.sorted.iter().any(|h| {
            h.author == author
                && h.msg.p.is_empty()
                && matches!(h.msg.what, super::message::What::Joined { .. })
        })
    }

    /// Whether `ancestor` is on `from`'s own chain, before it: reached by following each
    /// message's `p` back through the same author's messages sealed for the table, each
    /// earlier in the order than the last. `None` when a link is not held and the walk has
    /// not yet passed `ancestor`'s place: it cannot be told yet.
    pub fn on_chain_before(&self, from: &Held, ancestor: &Held) -> Option<bool> {
        let mut at = from;
        loop {
            if at.msg.p.is_empty() || !ancestor.before(at) {
                return Some(false);
            }
            if at.msg.p == ancestor.id {
                return Some(ancestor.author == from.author && !ancestor.to_gm);
            }
            match self.get(&at.msg.p) {
                Some(prev) if prev.author == from.author && !prev.to_gm && prev.before(at) => {
                    at = prev;
                }
                Some(_) => return Some(false),
                None => return None,
            }
        }
    }
}
