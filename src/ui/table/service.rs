//! The table's protocol at work in the browser: the kept table (keys, seals, the log, the
//! pool, the outbox), read and written here only. It is its own module, `table_core`,
//! fetched when a table is started or joined (or a device at one opens the app); the
//! table's views and sockets (`ui::table::live`, the Table page's module) ask it through
//! [`table_service`] with a [`Call`] and draw the [`TableView`] it answers with, so none of
//! the cryptography is in their code.

use std::cell::RefCell;

use crate::storage;
use crate::storage::entry_from_link;
use crate::storage::table::{SendTo, TableDoc};
use crate::table::relays::{DEFAULT_RELAYS, check_relay_url};
use crate::table::state::KIND_PRESENCE;
use crate::table::wire::{self, Frame};
use crate::table::{Amendment, DeviceKey, Invite, LogEntry, Person, Pool, Table, What};
use crate::ui::platform::browser::{now_ms, storage_is_lasting, with_store};

/// What the views ask.
#[derive(Clone, Debug)]
pub enum Call {
    /// Read the kept table again (at start, and when another tab changed it).
    Load,
    /// Start a table with this device as its GM, under this name.
    Start(String),
    /// Join the table an invite code names, under this name.
    Join(String, String),
    /// Leave the table; `true`: the GM ends it for everyone first.
    Leave(bool),
    /// Say something to the table (or the GM only).
    Say(What, bool),
    /// A roll from a tray: sent as the device's choice says (to all, the GM, or not at all).
    Roll(What),
    /// A roll changed in a tray (a `What::Roll` as it stands now, its History id, why): an
    /// amend of that roll as sent, to the same phones; a roll this table never had goes as
    /// a roll.
    Amend(What, u64, Amendment),
    /// Frames a relay sent, by relay index, oldest first.
    Frames(Vec<(usize, String)>),
    /// Where rolls go from now on.
    SendTo(SendTo),
    /// The device's own relays, as typed, one per line.
    Relays(String),
    /// A relay connected: what to send it.
    Opened,
    /// The GM's side for a tray was taken here: (tray key, challenge).
    TookSide(String, String),
}

/// What the views draw: the table as it stands.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TableView {
    /// At a table.
    pub at: bool,
    /// My name there.
    pub name: String,
    /// I am its GM.
    pub am_gm: bool,
    /// The GM has ended it.
    pub ended: bool,
    /// Its invite code.
    pub code: String,
    /// The relays to connect to: the link's, else the device's own, else the defaults.
    pub relays: Vec<String>,
    /// The device's own relays.
    pub own_relays: Vec<String>,
    /// Where rolls go.
    pub send_to: SendTo,
    /// The log, in the agreed order.
    pub log: Vec<LogEntry>,
    /// The Destiny pool.
    pub pool: Pool,
    /// Who is there.
    pub people: Vec<Person>,
    /// The GM's side per tray, unless taken here: (tray key, challenge).
    pub sides: Vec<(String, String)>,
}

/// The answer to a call: the view after it, and what to do.
#[derive(Clone, Debug, Default)]
pub struct Reply {
    /// The table now.
    pub view: TableView,
    /// `EVENT` frames to send to every connected relay.
    pub publish: Vec<String>,
    /// Frames for a relay that just connected: its REQs, then the outbox.
    pub opening: Vec<String>,
    /// A presence frame was among `publish`.
    pub presence: Option<String>,
    /// What relays said back (refusals, notices), by relay index.
    pub said: Vec<(usize, String)>,
    /// A relay refused an event for its time: the phone's clock is off.
    pub wrong_clock: bool,
    /// Why the call could not be done, for the player.
    pub refused: Option<String>,
    /// What was done, when the player should hear it.
    pub done: Option<String>,
}

thread_local! {
    static KEPT: RefCell<Option<TableDoc>> = const { RefCell::new(None) };
}

fn random(buf: &mut [u8]) {
    // The browser's crypto RNG; keys and nonces come from nowhere else.
    if getrandom::fill(buf).is_err() {
        buf.fill(0);
    }
}

fn now_s() -> u64 {
    now_ms() / 1000
}

/// Answers a call. Never panics: a refusal is said in the reply.
pub fn answer(call: Call) -> Reply {
    KEPT.with(|kept| {
        let mut kept = kept.borrow_mut();
        // Read again before every change: another tab of this phone may have written since,
        // and its messages must not be lost to this tab's older copy.
        if kept.is_none() || storage_is_lasting() {
            *kept = Some(with_store(|store| storage::load::<TableDoc>(store, now_ms())).value);
        }
        let doc = kept.get_or_insert_with(TableDoc::default);
        let mut reply = Reply::default();
        let changed = apply(doc, call, &mut reply);
        if changed {
            // A device that cannot store keeps the table for this visit.
            let _ = with_store(|store| storage::save(store, doc));
        }
        reply.view = view_of(doc);
        reply
    })
}

fn apply(doc: &mut TableDoc, call: Call, reply: &mut Reply) -> bool {
    let now = now_s();
    match call {
        Call::Load => {
            // What another tab of this phone said waits in the outbox: the tab that holds
            // the connection sends it (relays take each event once, by its id).
            reply.publish = doc.outbox.frames();
            false
        }
        Call::Start(name) => match clean_name(&name) {
            Ok(name) => {
                let me = DeviceKey::generate(&mut random);
                let mut id = [0u8; 16];
                let mut key = [0u8; 32];
                random(&mut id);
                random(&mut key);
                let invite = Invite {
                    id,
                    key,
                    gm: me.public(),
                    relays: doc.relays.clone(),
                };
                enter(doc, Table::new(invite, me, name), reply);
                true
            }
            Err(reason) => refuse(reply, reason),
        },
        Call::Join(code, name) => {
            let name = match clean_name(&name) {
                Ok(name) => name,
                Err(reason) => return refuse(reply, reason),
            };
            let invite = match Invite::parse(code.trim()) {
                Ok(invite) => invite,
                Err(reason) => return refuse(reply, reason),
            };
            if doc.at.as_ref().is_some_and(|t| t.invite().id == invite.id) {
                return false;
            }
            let me = DeviceKey::generate(&mut random);
            enter(doc, Table::new(invite, me, name), reply);
            true
        }
        Call::Leave(end) => {
            if end {
                say(doc, What::End {}, false, now, reply);
            }
            doc.at = None;
            doc.outbox = Default::default();
            doc.taken_sides.clear();
            true
        }
        Call::TookSide(tray, challenge) => {
            doc.taken_sides.retain(|(t, _)| *t != tray);
            doc.taken_sides.push((tray, challenge));
            true
        }
        Call::Say(what, to_gm) => say(doc, what, to_gm, now, reply),
        Call::Roll(what) => send_roll(doc, what, now, reply),
        Call::Amend(what, history_id, why) => {
            let sent = doc.at.as_ref().and_then(|table| {
                table.my_roll(|text| entry_from_link(text).is_ok_and(|e| e.id == history_id))
            });
            match (sent, what) {
                (Some((of, to_gm)), What::Roll { tray, label, roll }) => {
                    let amend = What::Amend {
                        of,
                        why,
                        tray,
                        label,
                        roll,
                    };
                    say(doc, amend, to_gm, now, reply)
                }
                (_, what) => send_roll(doc, what, now, reply),
            }
        }
        Call::Frames(frames) => read_frames(doc, frames, now, reply),
        Call::SendTo(to) => {
            doc.send_to = to;
            true
        }
        Call::Relays(typed) => {
            let mut kept = Vec::new();
            for line in typed.lines().map(str::trim).filter(|l| !l.is_empty()) {
                match check_relay_url(line) {
                    Ok(url) => kept.push(url),
                    Err(reason) => return refuse(reply, reason),
                }
            }
            reply.done = Some(if kept.is_empty() {
                "Tables you start from now on use the well-known public relays.".into()
            } else {
                "Tables you start from now on use these relays.".into()
            });
            doc.relays = kept;
            true
        }
        Call::Opened => {
            if let Some(table) = &doc.at {
                let since = table.last_seen().map(|s| s.saturating_sub(120));
                // One REQ per filter: some relays apply one filter's `limit` to all of a
                // REQ's filters (nostr-relay takes the last one's).
                let filters: Vec<serde_json::Value> =
                    serde_json::from_str(&table.filters(since)).unwrap_or_default();
                for (n, filter) in filters.iter().enumerate() {
                    reply
                        .opening
                        .push(wire::req(&format!("dt{n}"), &filter.to_string()));
                }
                reply.opening.extend(doc.outbox.frames());
            }
            false
        }
    }
}

/// A roll, sent as the device's choice says (to all, the GM, or not at all).
fn send_roll(doc: &mut TableDoc, what: What, now: u64, reply: &mut Reply) -> bool {
    match doc.send_to {
        SendTo::Nobody => false,
        SendTo::Gm => say(doc, what, true, now, reply),
        SendTo::Table => say(doc, what, false, now, reply),
    }
}

fn refuse(reply: &mut Reply, reason: String) -> bool {
    reply.refused = Some(reason);
    false
}

fn enter(doc: &mut TableDoc, table: Table, reply: &mut Reply) {
    let name = table.name().to_string();
    doc.at = Some(table);
    doc.outbox = Default::default();
    doc.taken_sides.clear();
    say(doc, What::Here { name }, false, now_s(), reply);
    // Kept by relays, unlike presence: who comes later sees this device was here.
    say(doc, What::Joined {}, false, now_s(), reply);
}

fn say(doc: &mut TableDoc, what: What, to_gm: bool, now: u64, reply: &mut Reply) -> bool {
    let Some(table) = doc.at.as_mut() else {
        return false;
    };
    match table.say(what, to_gm, now, &mut random) {
        Ok(events) => {
            for event in events {
                let frame = wire::publish(&event);
                if event.kind == KIND_PRESENCE {
                    reply.presence = Some(frame.clone());
                } else {
                    doc.outbox.push(event);
                }
                reply.publish.push(frame);
            }
            true
        }
        Err(reason) => refuse(reply, reason),
    }
}

/// Reads what relays sent: events through the table's checks (untrusted, dropped when they
/// must be), OKs through the outbox.
fn read_frames(
    doc: &mut TableDoc,
    frames: Vec<(usize, String)>,
    now: u64,
    reply: &mut Reply,
) -> bool {
    let mut changed = false;
    for (index, text) in frames {
        match wire::parse(&text) {
            Some(Frame::Event { event_json, .. }) => {
                if let Some(table) = doc.at.as_mut() {
                    changed |= table.receive(&event_json, now).is_ok();
                }
            }
            Some(Frame::Ok {
                id,
                accepted,
                message,
            }) => {
                changed |= doc.outbox.answered(&id, accepted, &message);
                if !accepted && !message.starts_with("duplicate") {
                    if message.contains("future") || message.contains("created_at") {
                        reply.wrong_clock = true;
                    }
                    reply.said.push((index, message));
                }
            }
            Some(Frame::Closed { message, .. } | Frame::Notice(message)) => {
                reply.said.push((index, message));
            }
            _ => {}
        }
    }
    changed
}

fn view_of(doc: &TableDoc) -> TableView {
    let own = doc.relays.clone();
    let Some(table) = &doc.at else {
        return TableView {
            own_relays: own,
            send_to: doc.send_to,
            ..TableView::default()
        };
    };
    let from_link = table.invite().relays.clone();
    let relays = if !from_link.is_empty() {
        from_link
    } else if !own.is_empty() {
        own.clone()
    } else {
        DEFAULT_RELAYS.iter().map(|r| r.to_string()).collect()
    };
    let sides = ["narrative", "d6", "el"]
        .into_iter()
        .filter_map(|tray| table.side(tray).map(|s| (tray.to_string(), s.to_string())))
        .filter(|side| !doc.taken_sides.contains(side))
        .collect();
    TableView {
        at: true,
        name: table.name().to_string(),
        am_gm: table.am_gm(),
        ended: table.ended(),
        code: table.invite().code(),
        relays,
        own_relays: own,
        send_to: doc.send_to,
        log: table.log().to_vec(),
        pool: table.pool(),
        people: table.people(now_s()),
        sides,
    }
}

/// A name at the table: 1 to 40 characters.
fn clean_name(name: &str) -> Result<String, String> {
    let name = name.trim();
    if name.is_empty() {
        return Err("Give a name the table will know you by.".into());
    }
    Ok(name.chars().take(40).collect())
}
