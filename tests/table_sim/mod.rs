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
/// sides, whether it ended, and the log's (id, refused, undone) for what all may read.
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
    format!(
        "gm {} people {:?} pool {:?} sides {:?} ended {} log {:?}",
        &v.gm[..8],
        people,
        v.pool,
        v.sides,
        v.ended,
        log
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
