//! What to ask one relay for, and when to ask for more: by what this phone has seen, never
//! by an author's clock.
//!
//! - `live`: the table's newest 100 events by anyone (how newcomers are first heard of),
//!   and every new one as it comes.
//! - by author: every message of each GM the chain names (hand-overs and checkpoints live
//!   there), and the members' messages back to the checkpoint's cut. Strangers who know
//!   only the table's tag cannot crowd these answers out.
//! - by id: what held messages name (`p`, `a`, a hand-over's `after`) and this phone lacks.
//!
//! An answer that fills its limit is followed by the page before it (`until` its oldest
//! event), as long as the page brought something new.

use std::collections::BTreeSet;

use super::phone::{KIND_MESSAGE, Table};
use super::wire;

/// Events asked per request by author.
pub const PAGE: usize = 500;
/// The newest events of the table asked from anyone.
pub const RECENT: usize = 100;
/// Keys or ids per request (relays limit a filter's size).
const BATCH: usize = 50;
/// Requests open at once on one relay (relays limit subscriptions).
const MAX_OPEN: usize = 8;
/// The subscription kept open for new events.
pub const LIVE: &str = "live";

/// One request still waiting for its end of stored events.
#[derive(Clone, Debug)]
struct Asked {
    sub: String,
    /// The keys asked for (a request by author), empty for one by id.
    authors: Vec<String>,
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
}

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
            return self.more(table);
        }
        if let Some(at) = self.open.iter().position(|a| a.sub == sub) {
            let asked = self.open.remove(at);
            frames.push(wire::close(sub));
            let full = asked.got >= PAGE;
            if !asked.authors.is_empty() && full && asked.news > 0 {
                let oldest = asked.oldest.unwrap_or(0);
                // Events sharing the oldest second: ask up to that second again, unless it
                // is the second asked last time (then go before it).
                let until = if asked.until == Some(oldest) {
                    oldest.saturating_sub(1)
                } else {
                    oldest
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
        let deep: Vec<String> = view
            .gm_keys
            .iter()
            .filter(|k| !self.deep_authors.contains(*k))
            .cloned()
            .collect();
        for keys in deep.chunks(BATCH) {
            self.deep_authors.extend(keys.iter().cloned());
            self.asked_authors.extend(keys.iter().cloned());
            self.waiting.push(Asked::authors(keys.to_vec(), true));
        }
        let members: Vec<String> = view
            .member_keys
            .iter()
            .filter(|k| !self.asked_authors.contains(*k))
            .cloned()
            .collect();
        for keys in members.chunks(BATCH) {
            self.asked_authors.extend(keys.iter().cloned());
            self.waiting.push(Asked::authors(keys.to_vec(), false));
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
                    "authors": asked.authors,
                    "limit": PAGE,
                });
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
}

impl Asked {
    fn authors(authors: Vec<String>, deep: bool) -> Asked {
        Asked {
            sub: String::new(),
            authors,
            deep,
            got: 0,
            news: 0,
            oldest: None,
            until: None,
        }
    }
}
