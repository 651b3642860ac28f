//! Who is GM where in the agreed order: the invite's GM, then each hand-over's, as one
//! chain every phone computes alike from the hand-overs it holds.
//!
//! Each hand-over names the one before it (`after`), so only the GM of the moment can pass
//! the role on. Each message names its author's previous one (`p`), so a GM's own messages
//! form a chain, and a hand-over covers exactly the acts on its author's chain before it:
//! an act a former GM signs later, whatever `t` it carries, is not on that chain and
//! counts on no phone.
//!
//! A hand-over goes to someone whose joining is held and who had not left before it.
//!
//! A former GM who signs a second hand-over on a fork of their own chain (two messages
//! naming the same `p`) is told from the real one: first by its recipient, whose checkpoint
//! names the hand-over it took the role from (`gm_by`: the one named first wins, a new GM
//! names it at once, and never while it sees two); then by who has seen it (a message
//! by another member names it, directly or through what it names, `p` and `a`); between
//! equals, the earliest in the order. A back-dated forgery is never the newest message, so
//! honest phones never name it; only a forger who also holds another member's key can
//! make it seen.

use super::held::{Held, Ledger};
use super::message::What;
use super::order::Key;

/// Most hand-overs a table follows.
pub const MAX_HAND_OVERS: usize = 100;

/// One GM's time in the role.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tenure {
    /// The GM's key (hex).
    pub gm: String,
    /// Where it starts: the hand-over that gave the role (`None` for the invite's GM).
    pub start: Option<Key>,
}

/// The GMs in order, the invite's first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GmChain {
    tenures: Vec<Tenure>,
    /// A GM's own chain forked into two hand-overs (a former GM's forgery).
    pub contested: bool,
}

impl GmChain {
    /// The chain the held hand-overs make, from the invite's GM.
    pub fn compute(invite_gm: &str, ledger: &Ledger) -> GmChain {
        let mut tenures = vec![Tenure {
            gm: invite_gm.to_string(),
            start: None,
        }];
        let mut contested = false;
        while tenures.len() <= MAX_HAND_OVERS {
            let now = &tenures[tenures.len() - 1];
            let after = now.start.as_ref().map_or("", |k| k.id.as_str());
            // Those that name the hand-over before it, to someone at the table, in order.
            let candidates: Vec<&Held> = ledger
                .sorted
                .iter()
                .copied()
                .filter(|h| {
                    !h.to_gm
                        && h.author == now.gm
                        && now.start.as_ref().is_none_or(|s| h.key() > *s)
                        && matches!(&h.msg.what, What::Gm { to, after: a }
                            if a == after && *to != h.author && ledger.at_table(to, h))
                })
                .collect();
            // Only a fork of the GM's own chain makes more than one: the one its recipient
            // named first, else one others have seen, else the earliest.
            let next = if candidates.len() > 1 {
                contested = true;
                candidates
                    .iter()
                    .filter_map(|h| ledger.taken_by_recipient(h).map(|pin| (pin, h)))
                    .min_by(|(a, _), (b, _)| {
                        (a.msg.t, &a.author, &a.id).cmp(&(b.msg.t, &b.author, &b.id))
                    })
                    .map(|(_, h)| h)
                    .or_else(|| candidates.iter().find(|h| ledger.seen_by_others(h)))
                    .or(candidates.first())
            } else {
                candidates.first()
            };
            let Some(hand_over) = next.copied() else {
                break;
            };
            let What::Gm { to, .. } = &hand_over.msg.what else {
                break;
            };
            tenures.push(Tenure {
                gm: to.clone(),
                start: Some(hand_over.key()),
            });
        }
        GmChain { tenures, contested }
    }

    /// The tenure whose place `key` is in.
    pub fn tenure_at(&self, key: &Key) -> usize {
        self.tenures
            .iter()
            .rposition(|t| t.start.as_ref().is_none_or(|s| s < key))
            .unwrap_or(0)
    }

    /// The GM at `key`.
    pub fn gm_at(&self, key: &Key) -> &str {
        &self.tenures[self.tenure_at(key)].gm
    }

    /// The GM now (after every hand-over held).
    pub fn gm(&self) -> &str {
        &self.tenures[self.tenures.len() - 1].gm
    }

    /// The hand-over that made the GM now GM (its id), `""` for the invite's GM.
    pub fn gm_by(&self) -> &str {
        self.tenures[self.tenures.len() - 1]
            .start
            .as_ref()
            .map_or("", |s| s.id.as_str())
    }

    /// How many hand-overs the chain has.
    pub fn hand_overs(&self) -> usize {
        self.tenures.len() - 1
    }

    /// Every GM's key, the invite's first.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.tenures.iter().map(|t| t.gm.as_str())
    }

    /// Whether `id` is one of the chain's hand-overs.
    pub fn is_hand_over(&self, id: &str) -> bool {
        self.tenures
            .iter()
            .any(|t| t.start.as_ref().is_some_and(|s| s.id == id))
    }

    /// Whether a GM's act counts: its author is the GM at its place, and if that GM has
    /// handed the role on since, the act is on the hand-over's own chain, before it. `None`
    /// while a link of that chain is not held (then it does not count yet).
    pub fn covers(&self, ledger: &Ledger, act: &Held) -> Option<bool> {
        let at = self.tenure_at(&act.key());
        if self.tenures[at].gm != act.author || act.to_gm {
            return Some(false);
        }
        match self.tenures.get(at + 1).and_then(|t| t.start.as_ref()) {
            None => Some(true),
            Some(end) => ledger.get(&end.id).map_or(Some(false), |hand_over| {
                ledger.on_chain_before(hand_over, act)
            }),
        }
    }
}
