//! What to ask one relay for, and when to ask for more: by what this phone has seen, never
//! by an author's clock.
//!
//! - `live`: the table's newest 100 events by anyone (how newcomers are first heard of),
//!   and every new one as it comes.
//! - every joining (`#j`), paged back to the first: members no checkpoint names yet.
//! - by author: every message of each GM the chain names (hand-overs and checkpoints live
//!   there), and the members' messages back to the checkpoint's cut. Strangers who know
//!   only the table's tag cannot crowd these answers out.
//! - by id: what held messages name (`p`, `a`, a hand-over's `after`) and this phone lacks.
//!
//! An answer is followed by the page before it as long as the page brought something new
//! (relays may answer fewer than asked), or filled the limit within one second. Relays differ on `until` (NIP-01 says
//! `created_at <= until`; some take it as `<`), so a page asks `until` one past the oldest
//! second it was given, which gives that second again either way; a second with more events
//! than a page is then stepped past.

use std::collections::BTreeSet;

use super::phone::{JOIN_TAG, KIND_MESSAGE, Table};
use super::wire;

/// Events asked per request by author.
pub const PAGE: usize = 500;
/// An answer this long may have been cut by the relay's own limit.
const FULL: usize = 100;
/// The newest events of the table asked from anyone.
pub const RECENT: usize = 100;
/// Ids per request (relays limit a filter's size).
const BATCH: usize = 50;
/// Keys per request by author: few, so one member's flood crowds out few others.
const AUTHORS: usize = 8;
/// Requests open at once on one relay (relays limit subscriptions).
const MAX_OPEN: usize = 8;
/// The subscription kept open for new events.
pub const LIVE: &str = "live";

/// One request still waiting for its end of stored events.
#[derive(Clone, Debug)]
struct Asked {
    sub: String,
    /// The keys asked for (a request by author), empty for one by id or for the joinings.
    authors: Vec<String>,
    /// Whether it asks for every joining (`#j`), paged back to the first.
    joins: bool,
    /// Whether to page back to the start (the GMs' messages).
    deep: bool,
    /// Events answered in this page, and how many of them were news.
    got: usize,
    news: usize,
    /// The oldest `created_at` answered, and the `until` this page asked with.
    oldest: Option<u64>,
    until: Option<u64>,
}

/// One relay's requests.
#[derive(Clone, Debug, Default)]
pub struct RelaySync {
    asked_authors: BTreeSet<String>,
    deep_authors: BTreeSet<String>,
    asked_ids: BTreeSet<String>,
    open: Vec<Asked>,
    waiting: Vec<Asked>,
    waiting_ids: Vec<Vec<String>>,
    serial: u32,
    /// The newest events have all come (`live` ended its stored events).
    live_ended: bool,
    /// When this relay last answered anything, or was last asked (ms).
    heard_at: u64,
}

/// How long a relay may leave a request unanswered before the phone stops waiting on it
/// (a relay that never ends its stored events must not keep a phone from joining).
pub const STALLED_MS: u64 = 20_000;

impl RelaySync {
    /// The socket (re)opened: ask for everything again, as new.
    pub fn opened(&mut self, table: &Table) -> Vec<String> {
        *self = RelaySync::default();
        let live = serde_json::json!({
            "kinds": [KIND_MESSAGE],
            "#t": [table.invite().tag()],
            "limit": RECENT,
        });
        let mut frames = vec![wire::req(LIVE, &live.to_string())];
        // Every joining, paged back to the first: members no checkpoint names yet.
        self.waiting.push(Asked {
            joins: true,
            ..Asked::authors(Vec::new(), true)
        });
        frames.extend(self.more(table));
        frames
    }

    /// The socket closed: what was asked is forgotten (asked again when it reopens).
    pub fn closed(&mut self) {
        *self = RelaySync::default();
    }

    /// An event answered subscription `sub`: `new` if this phone now holds it and did not
    /// before, `after_cut` if it is placed after the checkpoint's cut. A page of members'
    /// messages brings news only after the cut; a page of the GMs', anything new.
    pub fn answered(&mut self, sub: &str, created_at: u64, new: bool, after_cut: bool) {
        if let Some(asked) = self.open.iter_mut().find(|a| a.sub == sub) {
            asked.got += 1;
            asked.news += usize::from(new && (asked.deep || after_cut));
            asked.oldest = Some(asked.oldest.map_or(created_at, |o| o.min(created_at)));
        }
    }

    /// The relay has sent every stored event for `sub` (or closed it): it is closed here,
    /// the page before it asked if this one was full and brought news, and whatever else
    /// is now known to be missing asked.
    pub fn ended(&mut self, sub: &str, table: &Table) -> Vec<String> {
        let mut frames = Vec::new();
        if sub == LIVE {
            self.live_ended = true;
            return self.more(table);
        }
        if let Some(at) = self.open.iter().position(|a| a.sub == sub) {
            let asked = self.open.remove(at);
            frames.push(wire::close(sub));
            // Relays answer at most their own limit, often fewer than asked: a page of a
            // hundred or more is taken as full.
            let full = asked.got >= FULL;
            let oldest = asked.oldest.unwrap_or(0);
            // Stepping through one second that holds more than a page.
            let same_second = asked.until.is_some_and(|u| u <= oldest.saturating_add(1));
            // A page that brought news is followed by the one before it, full or not (a
            // relay may answer fewer than asked, whatever its limit); one that brought
            // nothing new ends the paging, unless it was a second fuller than a page.
            if (!asked.authors.is_empty() || asked.joins)
                && asked.got > 0
                && (asked.news > 0 || (full && same_second))
            {
                let until = match asked.until {
                    Some(u) if u == oldest.saturating_add(1) => oldest,
                    Some(u) if u == oldest => oldest.saturating_sub(1),
                    _ => oldest.saturating_add(1),
                };
                self.waiting.push(Asked {
                    sub: String::new(),
                    until: Some(until),
                    got: 0,
                    news: 0,
                    oldest: None,
                    ..asked
                });
            }
        }
        frames.extend(self.more(table));
        frames
    }

    /// Asks for keys and ids newly known to matter.
    pub fn more(&mut self, table: &Table) -> Vec<String> {
        let view = table.view();
        // The GMs' messages in full (paged back to the first), then the members' not asked.
        for (keys, deep) in [(&view.gm_keys, true), (&view.member_keys, false)] {
            let asked = if deep {
                &self.deep_authors
            } else {
                &self.asked_authors
            };
            let new: Vec<String> = keys
                .iter()
                .filter(|k| !asked.contains(*k))
                .cloned()
                .collect();
            for keys in new.chunks(AUTHORS) {
                if deep {
                    self.deep_authors.extend(keys.iter().cloned());
                }
                self.asked_authors.extend(keys.iter().cloned());
                self.waiting.push(Asked::authors(keys.to_vec(), deep));
            }
        }
        let ids: Vec<String> = view
            .missing
            .iter()
            .filter(|id| !self.asked_ids.contains(*id))
            .take(4 * BATCH)
            .cloned()
            .collect();
        for batch in ids.chunks(BATCH) {
            self.asked_ids.extend(batch.iter().cloned());
            self.waiting_ids.push(batch.to_vec());
        }
        self.send_waiting(table)
    }

    fn send_waiting(&mut self, table: &Table) -> Vec<String> {
        let tag = table.invite().tag();
        let mut frames = Vec::new();
        while self.open.len() < MAX_OPEN {
            self.serial += 1;
            let sub = format!("q{}", self.serial);
            if let Some(ids) = self.waiting_ids.pop() {
                let filter = serde_json::json!({"ids": ids, "kinds": [KIND_MESSAGE]});
                frames.push(wire::req(&sub, &filter.to_string()));
                self.open.push(Asked {
                    sub,
                    ..Asked::authors(Vec::new(), false)
                });
            } else if let Some(mut asked) = self.waiting.pop() {
                let mut filter = serde_json::json!({
                    "kinds": [KIND_MESSAGE],
                    "#t": [tag],
                    "limit": PAGE,
                });
                if asked.joins {
                    filter[format!("#{}", JOIN_TAG[0])] = serde_json::json!([JOIN_TAG[1]]);
                } else {
                    filter["authors"] = serde_json::json!(asked.authors);
                }
                if let Some(until) = asked.until {
                    filter["until"] = until.into();
                }
                frames.push(wire::req(&sub, &filter.to_string()));
                asked.sub = sub;
                self.open.push(asked);
            } else {
                break;
            }
        }
        frames
    }

    /// Whether requests are still on their way (the first answers are not all in).
    pub fn busy(&self) -> bool {
        !self.open.is_empty() || !self.waiting.is_empty() || !self.waiting_ids.is_empty()
    }

    /// Whether this relay has answered everything asked: what it keeps of the table is held.
    pub fn synced(&self) -> bool {
        self.live_ended && !self.busy()
    }

    /// The relay said something, or was asked something, at `now_ms`.
    pub fn heard(&mut self, now_ms: u64) {
        self.heard_at = now_ms;
    }

    /// Whether this relay still owes answers it should have given by now: not waited on.
    pub fn stalled(&self, now_ms: u64) -> bool {
        (self.busy() || !self.live_ended) && now_ms.saturating_sub(self.heard_at) > STALLED_MS
    }

    /// Whether `sub` is a request of ours still answering stored events (its bytes were
    /// asked for, so they do not count against the relay's share of unasked bytes).
    pub fn asked_for(&self, sub: &str) -> bool {
        (sub == LIVE && !self.live_ended) || self.open.iter().any(|a| a.sub == sub)
    }
}

impl Asked {
    fn authors(authors: Vec<String>, deep: bool) -> Asked {
        Asked {
            sub: String::new(),
            authors,
            joins: false,
            deep,
            got: 0,
            news: 0,
            oldest: None,
            until: None,
        }
    }
}
