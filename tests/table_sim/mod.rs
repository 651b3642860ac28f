//! Simulated phones and a relay for the live table's tests (`tests/live_table.rs`,
//! `tests/table_convergence.rs`, each with `mod table_sim;`): a seeded random source, a
//! relay that keeps every event, and a hostile client that signs and seals by hand.

// Each test file is its own crate and uses a part of these.
#![allow(dead_code)]

use dicetray::table::bytes::hex;
use dicetray::table::message::Message;
use dicetray::table::phone::{KIND_MESSAGE, Table};
use dicetray::table::seal::{Sealed, gm_key, seal};
use dicetray::table::{DeviceKey, Event, Invite, NoRandom, What};

/// A table's start, in ms: 2027-01-15.
pub const T0: u64 = 1_800_000_000_000;

/// A deterministic stand-in for the browser's crypto RNG (splitmix64).
pub fn rng(seed: u64) -> impl FnMut(&mut [u8]) -> Result<(), NoRandom> {
    let mut state = seed;
    move |out: &mut [u8]| {
        for byte in out.iter_mut() {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            *byte = (z ^ (z >> 31)) as u8;
        }
        Ok(())
    }
}

/// The events' JSON.
pub fn json(events: Vec<Event>) -> Vec<String> {
    events.iter().map(Event::to_json).collect()
}

/// A GM starts a table at `now` (ms); the table and its first event.
pub fn start(name: &str, now: u64, seed: u64) -> (Table, Vec<String>) {
    let (table, events) = Table::start(name, vec![], now, &mut rng(seed)).unwrap();
    (table, json(events))
}

/// A phone joining by the invite (its joining waits until it holds something).
pub fn joiner(invite: &Invite, name: &str, seed: u64) -> Table {
    Table::join(invite.clone(), name, &mut rng(seed)).unwrap()
}

/// Gives `events` to the phone, in this order, then settles; the events it refused.
pub fn deliver(table: &mut Table, events: &[String]) -> usize {
    let mut refused = 0;
    for e in events {
        refused += usize::from(table.take(e).is_err());
    }
    table.settle();
    refused
}

/// Gives the phone everything, then lets it join: its `joined` event.
pub fn deliver_and_join(table: &mut Table, events: &[String], now: u64, seed: u64) -> Vec<String> {
    deliver(table, events);
    json(
        table
            .join_when_ready(now, &mut rng(seed))
            .unwrap_or_default(),
    )
}

/// The phone says `what`: its events' JSON.
pub fn say(table: &mut Table, what: What, now: u64, seed: u64) -> Vec<String> {
    json(table.say(what, false, now, &mut rng(seed)).unwrap())
}

/// A roll on the narrative tray, labelled.
pub fn roll(label: &str) -> What {
    What::Roll {
        tray: "narrative".into(),
        label: label.into(),
        roll: format!("[7,\"{label}\"]"),
        answers: String::new(),
    }
}

/// A simple seeded shuffle.
pub fn shuffled(events: &[String], seed: u64) -> Vec<String> {
    let mut out = events.to_vec();
    let mut random = rng(seed);
    for i in (1..out.len()).rev() {
        let mut b = [0u8; 8];
        let _ = random(&mut b);
        let j = (u64::from_le_bytes(b) % (i as u64 + 1)) as usize;
        out.swap(i, j);
    }
    out
}

/// An event written by hand: `plaintext` sealed for the table (or for `gm_only`'s key) and
/// signed by `author`, as no honest phone would write it.
pub fn forged(
    invite: &Invite,
    author: &DeviceKey,
    plaintext: &str,
    created_at: u64,
    gm_only: Option<&[u8; 32]>,
) -> String {
    let tags = vec![
        vec!["t".to_string(), invite.tag()],
        vec!["expiration".to_string(), (created_at + 604_800).to_string()],
    ];
    let me = author.public_hex();
    let content = match gm_only {
        Some(gm) => seal(
            Sealed::GmOnly,
            &gm_key(&invite.key, author, gm).unwrap(),
            KIND_MESSAGE,
            &me,
            plaintext.as_bytes(),
            &[5; 24],
        ),
        None => seal(
            Sealed::Table,
            &invite.key,
            KIND_MESSAGE,
            &me,
            plaintext.as_bytes(),
            &[5; 24],
        ),
    };
    Event::signed(author, created_at, KIND_MESSAGE, tags, content, &[0; 32]).to_json()
}

/// A message's plaintext, as the protocol writes it.
pub fn plaintext(t: u64, p: &str, a: &str, what: What) -> String {
    Message {
        v: 2,
        t,
        p: p.into(),
        a: a.into(),
        to: String::new(),
        what,
    }
    .to_json()
}

/// The event id inside an event's JSON.
pub fn id_of(event: &str) -> String {
    Event::parse(event).unwrap().id
}

/// What a phone shows, for comparing phones: the GM, the people (key, name), the pool, the
/// sides, whether it ended, the log's (id, refused, undone), the requests with their
/// answers, for what all may read, the scene, and the table key in use.
pub fn shown(table: &Table) -> String {
    let v = table.view();
    let people: Vec<(String, String)> = v
        .people
        .iter()
        .map(|p| (p.pubkey[..8].to_string(), p.shown.clone()))
        .collect();
    let log: Vec<(String, bool, bool)> = v
        .log
        .iter()
        .filter(|e| !e.to_gm)
        .map(|e| (e.id[..8].to_string(), e.refused, e.undone))
        .collect();
    // Requests, and their answers where everyone reads them (not for the GM alone).
    let asks: Vec<(String, Vec<(String, String)>)> = v
        .asks
        .iter()
        .map(|a| {
            let answers = a
                .answers
                .iter()
                .filter(|_| !a.to_gm)
                .map(|x| (x.player[..8].to_string(), x.roll.clone()))
                .collect();
            (a.label.clone(), answers)
        })
        .collect();
    format!(
        "gm {} key {} people {:?} pool {:?} sides {:?} ended {} log {:?} asks {:?} scene {:?}",
        &v.gm[..8],
        v.key_in_use,
        people,
        v.pool,
        v.sides,
        v.ended,
        log,
        asks,
        v.scene
    )
}

/// A device key from a byte.
pub fn key(n: u8) -> DeviceKey {
    DeviceKey::from_secret([n; 32]).unwrap()
}

/// A key's public hex.
pub fn public(key: &DeviceKey) -> String {
    hex(&key.public())
}

/// The newest message that counts by someone else, as the phone holds it: (id, t).
pub fn latest_other(table: &Table) -> (String, u64) {
    let k = table
        .view()
        .anchors
        .iter()
        .rev()
        .find(|k| k.author != table.me())
        .unwrap();
    (k.id.clone(), k.t)
}

/// The largest `t` of a message that counts, as the phone holds them.
pub fn latest_t(table: &Table) -> u64 {
    table.view().anchors.iter().map(|k| k.t).max().unwrap_or(0)
}

/// A relay as NIP-01 describes it, keeping every event: filters by `ids`, `authors`,
/// `kinds`, `#t`, `until` (inclusive, or exclusive as some relays take it) and `limit`
/// (newest first, at most `max_limit`).
pub struct SimRelay {
    /// Every event it keeps.
    pub events: Vec<Event>,
    /// Takes `until` as `created_at < until`.
    pub until_exclusive: bool,
    /// The most events one filter answers.
    pub max_limit: usize,
}

impl SimRelay {
    /// A relay keeping these events (as JSON).
    pub fn new(events: &[String]) -> SimRelay {
        let mut kept: Vec<Event> = Vec::new();
        for e in events {
            let event = Event::parse(e).unwrap();
            if !kept.iter().any(|k| k.id == event.id) {
                kept.push(event);
            }
        }
        SimRelay {
            events: kept,
            until_exclusive: false,
            max_limit: 5_000,
        }
    }

    /// The frames it answers a `REQ` with: its events, then `EOSE`.
    pub fn answer(&self, frame: &str) -> Vec<String> {
        let value: serde_json::Value = serde_json::from_str(frame).unwrap();
        let items = value.as_array().unwrap();
        if items[0] != "REQ" {
            return Vec::new();
        }
        let sub = items[1].as_str().unwrap();
        let mut out = Vec::new();
        for filter in &items[2..] {
            let list = |name: &str| -> Option<Vec<String>> {
                filter.get(name).map(|v| {
                    v.as_array()
                        .unwrap()
                        .iter()
                        .map(|x| x.to_string().trim_matches('"').to_string())
                        .collect()
                })
            };
            let (ids, authors, kinds, tags) =
                (list("ids"), list("authors"), list("kinds"), list("#t"));
            let joins = list("#j");
            let until = filter.get("until").and_then(serde_json::Value::as_u64);
            let limit = filter
                .get("limit")
                .and_then(serde_json::Value::as_u64)
                .map_or(self.max_limit, |l| (l as usize).min(self.max_limit));
            let mut matching: Vec<&Event> = self
                .events
                .iter()
                .filter(|e| ids.as_ref().is_none_or(|v| v.contains(&e.id)))
                .filter(|e| authors.as_ref().is_none_or(|v| v.contains(&e.pubkey)))
                .filter(|e| {
                    kinds
                        .as_ref()
                        .is_none_or(|v| v.contains(&e.kind.to_string()))
                })
                .filter(|e| {
                    tags.as_ref()
                        .is_none_or(|v| e.tags.iter().any(|t| t[0] == "t" && v.contains(&t[1])))
                })
                .filter(|e| {
                    joins.as_ref().is_none_or(|v| {
                        e.tags
                            .iter()
                            .any(|t| t[0] == "j" && t.len() > 1 && v.contains(&t[1]))
                    })
                })
                .filter(|e| match until {
                    Some(u) if self.until_exclusive => e.created_at < u,
                    Some(u) => e.created_at <= u,
                    None => true,
                })
                .collect();
            matching.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(a.id.cmp(&b.id)));
            matching.truncate(limit);
            for e in matching {
                out.push(serde_json::to_string(&("EVENT", sub, e)).unwrap());
            }
        }
        out.push(serde_json::to_string(&("EOSE", sub)).unwrap());
        out
    }
}

/// A phone asks `relay` for its table as the app does (`table::sync`), until it has nothing
/// more to ask. Returns how many requests it made.
pub fn sync_with(table: &mut Table, relay: &SimRelay) -> usize {
    use dicetray::table::sync::RelaySync;
    use dicetray::table::wire::{self, Frame};
    let mut sync = RelaySync::default();
    let mut frames = sync.opened(table);
    let mut asked = 0;
    while !frames.is_empty() {
        let mut next = Vec::new();
        for frame in std::mem::take(&mut frames) {
            if !frame.starts_with("[\"REQ\"") {
                continue;
            }
            asked += 1;
            let mut answered = Vec::new();
            let mut ended = Vec::new();
            for text in relay.answer(&frame) {
                match wire::parse(&text) {
                    Some(Frame::Event { sub, event_json }) => {
                        let event = Event::parse(&event_json).unwrap();
                        let new = table.take_parsed(&event).is_ok();
                        answered.push((sub, event.id, event.created_at, new));
                    }
                    Some(Frame::Eose { sub }) => ended.push(sub),
                    _ => {}
                }
            }
            table.settle();
            for (sub, id, created_at, new) in answered {
                let after_cut = table.after_cut(&id);
                sync.answered(&sub, created_at, new, after_cut);
            }
            for sub in ended {
                next.extend(sync.ended(&sub, table));
            }
        }
        frames = next;
        assert!(asked < 10_000, "the requests never end");
    }
    asked
}

/// The GM (Gia) has started; Ana and Ben have joined; every phone holds every event.
pub struct Table3 {
    pub gm: Table,
    pub ana: Table,
    pub ben: Table,
    pub all: Vec<String>,
}

pub fn table3() -> Table3 {
    let (mut gm, mut all) = start("Gia", T0, 1);
    let mut ana = joiner(gm.invite(), "Ana", 2);
    all.extend(deliver_and_join(&mut ana, &all, T0 + 1_000, 3));
    let mut ben = joiner(gm.invite(), "Ben", 4);
    all.extend(deliver_and_join(&mut ben, &all, T0 + 2_000, 5));
    for phone in [&mut gm, &mut ana, &mut ben] {
        deliver(phone, &all);
    }
    Table3 { gm, ana, ben, all }
}

/// The device key a phone keeps (read back from its stored form, as an attacker who holds
/// the phone could).
pub fn key_of(table: &Table) -> dicetray::table::DeviceKey {
    let kept: serde_json::Value = serde_json::to_value(table).unwrap();
    let secret = kept["me"].as_str().unwrap();
    dicetray::table::DeviceKey::from_secret(
        dicetray::table::bytes::from_hex_array::<32>(secret).unwrap(),
    )
    .unwrap()
}

impl Table3 {
    /// `who` says `what` (sealed for the GM alone with `to_gm`); every phone is given it.
    pub fn say(&mut self, who: usize, what: What, to_gm: bool, at: u64) -> Vec<String> {
        let phone = match who {
            GM => &mut self.gm,
            ANA => &mut self.ana,
            _ => &mut self.ben,
        };
        let said = json(phone.say(what, to_gm, T0 + at, &mut rng(at)).unwrap());
        self.all.extend(said.clone());
        for phone in [&mut self.gm, &mut self.ana, &mut self.ben] {
            deliver(phone, &said);
        }
        said
    }

    pub fn phones(&self) -> [&Table; 3] {
        [&self.gm, &self.ana, &self.ben]
    }

    /// Ben's dishonest client signs `whats` by hand, each after his last message and the
    /// newest he holds (as his honest phone would place them), his app's checks skipped.
    pub fn ben_forges(&self, whats: Vec<What>, created_at: u64) -> Vec<String> {
        let ben_key = key_of(&self.ben);
        let last = self
            .ben
            .log()
            .iter()
            .rev()
            .find(|e| e.mine)
            .unwrap()
            .id
            .clone();
        let latest = latest_other(&self.ben);
        whats
            .into_iter()
            .enumerate()
            .map(|(i, what)| {
                let text = plaintext(latest.1 + 1 + i as u64, &last, &latest.0, what);
                forged(self.gm.invite(), &ben_key, &text, created_at, None)
            })
            .collect()
    }

    /// Every phone is given `events`, and shows what it showed before.
    pub fn change_nothing(&mut self, events: &[String]) {
        let before = shown(&self.gm);
        for phone in [&mut self.gm, &mut self.ana, &mut self.ben] {
            deliver(phone, events);
            assert_eq!(shown(phone), before);
        }
    }
}

pub const GM: usize = 0;
pub const ANA: usize = 1;
pub const BEN: usize = 2;

/// Ben rolls `n` times from `at` (ms after the start); the GM writes each checkpoint due.
pub fn ben_rolls(t: &mut Table3, n: u64, at: u64) {
    for i in 0..n {
        let now = T0 + at + i * 1_000;
        let said = json(
            t.ben
                .say(roll(&format!("r{at}-{i}")), false, now, &mut rng(at + i))
                .unwrap(),
        );
        t.all.extend(said.clone());
        deliver(&mut t.gm, &said);
        if let Some(checkpoint) = t.gm.checkpoint_due() {
            let written = json(
                t.gm.say(checkpoint, false, now + 1, &mut rng(at + i + 7))
                    .unwrap(),
            );
            t.all.extend(written);
        }
    }
}
