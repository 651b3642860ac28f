//! The table's protocol at work in the browser: the kept table (keys, seals, the messages
//! held, the outbox) and what to ask each relay, read and written here only. It is its own
//! module, `table_core`, fetched when a table is started or joined (or a device at one
//! opens the app); the table's views and sockets (`ui::table::live`, the Table page's
//! module) ask it through [`table_service`] with a [`Call`] and draw the [`TableView`] it
//! answers with, so none of the cryptography is in their code.

use std::cell::RefCell;

use crate::storage;
use crate::storage::entry_from_link;
use crate::storage::table::{SendTo, TableDoc};
use crate::table::event::Event;
use crate::table::relays::{DEFAULT_RELAYS, check_relay_url};
use crate::table::sync::RelaySync;
use crate::table::wire::{self, Frame};
use crate::table::{Amendment, Invite, LogEntry, NoRandom, Person, Pool, Table, TableScene, What};
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
    /// Hand the GM role to the member with this key.
    HandOver(String),
    /// Remove these members (keys): the table moves to a new key they are not given.
    Remove(Vec<String>),
    /// A roll from a tray: sent as the device's choice says (to all, the GM, or not at all).
    Roll(What),
    /// A roll answering the GM's request (a `What::Roll` naming it), to the GM alone with
    /// `true`: sent where the request says, whatever the device's choice; a request closed
    /// meanwhile leaves it a roll like any other.
    Answer(What, bool),
    /// A roll changed in a tray (a `What::Roll` as it stands now, its History id, why): an
    /// amend of that roll as sent, to the same phones; a roll this table never had goes as
    /// a roll.
    Amend(What, u64, Amendment),
    /// Send again, to the GM now, a roll of mine for the GM alone that reached no one.
    Resend(String),
    /// Frames a relay sent, by relay index, oldest first.
    Frames(Vec<(usize, String)>),
    /// Where rolls go from now on.
    SendTo(SendTo),
    /// The device's own relays, as typed, one per line.
    Relays(String),
    /// A relay connected: what to ask it and send it.
    Opened(usize),
    /// A relay's socket closed.
    Closed(usize),
    /// The GM's side for a tray was taken here: (tray key, challenge).
    TookSide(String, String),
    /// The player has read that their older table was let go.
    OldTableRead,
}

/// What the views draw: the table as it stands.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TableView {
    /// At a table.
    pub at: bool,
    /// Still reaching the table: my joining waits for its messages.
    pub joining: bool,
    /// The table did not take me in (it had taken in all it takes).
    pub turned_away: bool,
    /// The GM who removed me from the table (their name), if one did.
    pub removed_by: Option<String>,
    /// My link is from before the GM moved the table to a new key: it lets me read only
    /// what came before, and not join.
    pub stale_link: bool,
    /// Who each move to a new key removed, by the new key's id: names ("you" for me).
    pub removals: Vec<(String, Vec<String>)>,
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
    /// The log, in the agreed order (the newest 100 this phone may read).
    pub log: Vec<LogEntry>,
    /// The Destiny pool, once the GM started it.
    pub pool: Option<Pool>,
    /// Who is there.
    pub people: Vec<Person>,
    /// The GM's side per tray, unless taken here: (tray key, challenge, the challenge in
    /// the tray's words; worded here, where the trays' notation is, not in the views).
    pub sides: Vec<(String, String, Option<String>)>,
    /// The GM's requests still open, oldest first, worded for the views.
    pub asks: Vec<AskView>,
    /// The table's scene.
    pub scene: TableScene,
    /// Events still waiting for a relay's OK.
    pub waiting: usize,
    /// Their ids: my messages not sent yet, marked waiting in the log.
    pub unsent: Vec<String>,
    /// A table made by an older Dicetray was let go (until the player reads it).
    pub old_table: bool,
}

/// A request for a roll, as the views show it (worded here, where the trays' notation and
/// rolls are read).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct AskView {
    /// The request's id.
    pub id: String,
    /// Its tray's key.
    pub tray: String,
    /// What the roll is for.
    pub label: String,
    /// The GM's side (challenge notation, `""`: none).
    pub challenge: String,
    /// The GM's side in the tray's words.
    pub side: Option<String>,
    /// Whom it asks: "everyone", or names.
    pub whom: String,
    /// The answers go to the GM alone.
    pub to_gm: bool,
    /// This phone is asked.
    pub asks_me: bool,
    /// The GM spent a dark point on my check: `challenge` and `side` are upgraded so.
    pub upgraded_me: bool,
    /// Each player asked (and each who answered), in the table's order.
    pub answers: Vec<AnswerView>,
}

/// One player's answer to a request, or their wait.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct AnswerView {
    /// Who (key).
    pub key: String,
    /// Who.
    pub name: String,
    /// The GM spent a dark point on their check.
    pub upgraded: bool,
    /// This phone's own answer.
    pub mine: bool,
    /// The roll's headline and tone, as it stands; `None`: still waiting.
    pub result: Option<(String, &'static str)>,
    /// Answered again (an earlier answer replaced).
    pub replaced: bool,
    /// The roll was changed since it was sent (re-rolled, a cost noted).
    pub changed: bool,
}

impl AskView {
    /// This phone's answer, if it gave one.
    pub fn my_answer(&self) -> Option<&AnswerView> {
        self.answers.iter().find(|a| a.mine && a.result.is_some())
    }
}

impl TableView {
    /// The shown name of the GM.
    pub fn gm_name(&self) -> Option<&str> {
        self.people.iter().find(|p| p.gm).map(|p| p.shown.as_str())
    }
}

/// The answer to a call: the view after it, and what to do.
#[derive(Clone, Debug, Default)]
pub struct Reply {
    /// The table now.
    pub view: TableView,
    /// `EVENT` frames to send to every connected relay.
    pub publish: Vec<String>,
    /// Frames for one relay (its requests, its closes): (relay index, frame).
    pub to_relay: Vec<(usize, String)>,
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
    static SYNC: RefCell<Vec<RelaySync>> = const { RefCell::new(Vec::new()) };
    /// Rolls for the GM alone, waiting until the relays have told who the GM is now.
    static FOR_GM: RefCell<Vec<What>> = const { RefCell::new(Vec::new()) };
}

/// Whether one relay has answered all it was asked, and every other has too or has gone
/// quiet: the phone then holds what the relays keep of the table, and may act on it (join,
/// seal for the GM, write a checkpoint).
fn synced() -> bool {
    let now = now_ms();
    SYNC.with(|sync| {
        let sync = sync.borrow();
        sync.iter().any(RelaySync::synced)
            && sync
                .iter()
                .all(|r| r.synced() || !r.busy() || r.stalled(now))
    })
}

fn random(buf: &mut [u8]) -> Result<(), NoRandom> {
    // The browser's crypto RNG; keys and nonces come from nowhere else.
    getrandom::fill(buf).map_err(|_| NoRandom)
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
            doc.keep_within_bounds();
            // A device that cannot store keeps the table for this visit.
            let _ = with_store(|store| storage::save(store, doc));
        }
        reply.view = view_of(doc);
        reply
    })
}

fn apply(doc: &mut TableDoc, call: Call, reply: &mut Reply) -> bool {
    let now = now_ms();
    match call {
        Call::Load => {
            // What another tab of this phone said waits in the outbox: the tab that holds
            // the connection sends it (relays take each event once, by its id).
            reply.publish = doc.outbox.frames();
            false
        }
        Call::Start(name) => match Table::start(&name, doc.relays.clone(), now, &mut random) {
            Ok((table, events)) => {
                enter(doc, table);
                queue(doc, events, reply);
                true
            }
            Err(reason) => refuse(reply, reason),
        },
        Call::Join(code, name) => {
            let invite = match Invite::parse(code.trim()) {
                Ok(invite) => invite,
                Err(reason) => return refuse(reply, reason),
            };
            // The same table again, unless this phone was shut out of it (removed, or by a
            // link from before a new key): then the new link starts afresh, with a new key.
            if doc
                .at
                .as_ref()
                .is_some_and(|t| t.invite().id == invite.id && !t.key_missing())
            {
                return false;
            }
            match Table::join(invite, &name, &mut random) {
                Ok(table) => {
                    enter(doc, table);
                    true
                }
                Err(reason) => refuse(reply, reason),
            }
        }
        Call::Leave(end) => {
            let Some(table) = &doc.at else {
                return false;
            };
            let (am_gm, others) = (table.am_gm(), table.view().people.len() > 1);
            if end {
                say(doc, What::End {}, false, now, reply);
            } else if am_gm && others && !table.ended() {
                return refuse(
                    reply,
                    "Hand the GM role to someone at the table first, or end the table.".into(),
                );
            } else if !am_gm && table.view().member && !table.ended() {
                // Leaving is a message: every phone shows who left. The table is kept,
                // hidden, until the relays have it (offline, it goes when the signal is back).
                say(doc, What::Left {}, false, now, reply);
            }
            doc.taken_sides.clear();
            if doc.outbox.is_empty() || !doc.at.as_ref().is_some_and(Table::has_left) {
                doc.at = None;
                doc.outbox = Default::default();
            }
            true
        }
        Call::TookSide(tray, challenge) => {
            doc.taken_sides.retain(|(t, _)| *t != tray);
            doc.taken_sides.push((tray, challenge));
            true
        }
        Call::Say(what, to_gm) => say(doc, what, to_gm, now, reply),
        Call::HandOver(to) => act(doc, reply, |table| table.hand_over(&to, now, &mut random)),
        Call::Remove(out) => {
            let removed = act(doc, reply, |table| table.remove(&out, now, &mut random));
            if removed {
                reply.done = Some(
                    "Removed. The table has a new link: share it with anyone joining from now on."
                        .into(),
                );
            }
            removed
        }
        Call::Roll(what) => send_roll(doc, what, now, reply),
        Call::Answer(mut what, to_gm) => {
            let open = doc.at.as_ref().is_some_and(|table| {
                matches!(&what, What::Roll { answers, .. }
                    if table.view().asks.iter().any(|a| a.id == *answers))
            });
            if !open {
                if let What::Roll { answers, .. } = &mut what {
                    answers.clear();
                }
                return send_roll(doc, what, now, reply);
            }
            send_to(
                doc,
                what,
                if to_gm { SendTo::Gm } else { SendTo::Table },
                now,
                reply,
            )
        }
        Call::Amend(what, history_id, why) => {
            let sent = doc.at.as_ref().and_then(|table| {
                table.my_roll(|text| entry_from_link(text).is_ok_and(|e| e.id == history_id))
            });
            match (sent, what) {
                (
                    Some((of, to_gm)),
                    What::Roll {
                        tray, label, roll, ..
                    },
                ) => {
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
        Call::Resend(id) => {
            let again = doc.at.as_ref().and_then(|table| {
                table
                    .log()
                    .iter()
                    .find(|e| e.id == id && e.mine && e.undelivered)
                    .map(|e| e.what.clone())
            });
            match again {
                Some(what @ What::Roll { .. }) => say(doc, what, true, now, reply),
                _ => false,
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
        Call::Opened(index) => {
            if let Some(table) = &doc.at {
                let frames = with_sync(index, |sync| {
                    let frames = sync.opened(table);
                    sync.heard(now);
                    frames
                });
                reply
                    .to_relay
                    .extend(frames.into_iter().map(|f| (index, f)));
                reply
                    .to_relay
                    .extend(doc.outbox.frames().into_iter().map(|f| (index, f)));
            }
            false
        }
        Call::Closed(index) => {
            with_sync(index, RelaySync::closed);
            say_what_is_due(doc, now, reply)
        }
        Call::OldTableRead => {
            doc.old_table = false;
            true
        }
    }
}

/// Runs `f` on relay `index`'s requests (made the first time).
fn with_sync<T>(index: usize, f: impl FnOnce(&mut RelaySync) -> T) -> T {
    SYNC.with(|sync| {
        let mut sync = sync.borrow_mut();
        if sync.len() <= index {
            sync.resize_with(index + 1, RelaySync::default);
        }
        f(&mut sync[index])
    })
}

/// A roll, sent as the device's choice says (to all, the GM, or not at all). The GM's own
/// roll "to the GM only" stays on the GM's phone.
fn send_roll(doc: &mut TableDoc, what: What, now: u64, reply: &mut Reply) -> bool {
    send_to(doc, what, doc.send_to, now, reply)
}

/// A roll sent `to` all, the GM, or not at all.
fn send_to(doc: &mut TableDoc, what: What, to: SendTo, now: u64, reply: &mut Reply) -> bool {
    // A phone shut out of its table (removed, or by an out-of-date link) keeps its rolls: its
    // corner says why, once, rather than every roll.
    if doc.at.as_ref().is_some_and(Table::key_missing) {
        return false;
    }
    let am_gm = doc.at.as_ref().is_some_and(Table::am_gm);
    match to {
        SendTo::Nobody => false,
        SendTo::Gm if am_gm => false,
        // Sealed for the GM the relays say is GM now: until they have, it waits.
        SendTo::Gm if !synced() => {
            FOR_GM.with(|waiting| waiting.borrow_mut().push(what));
            false
        }
        SendTo::Gm => say(doc, what, true, now, reply),
        SendTo::Table => say(doc, what, false, now, reply),
    }
}

fn refuse(reply: &mut Reply, reason: String) -> bool {
    reply.refused = Some(reason);
    false
}

fn enter(doc: &mut TableDoc, table: Table) {
    doc.at = Some(table);
    doc.outbox = Default::default();
    doc.taken_sides.clear();
    doc.old_table = false;
    SYNC.with(|sync| sync.borrow_mut().clear());
}

/// My events: kept in the outbox until a relay takes them, and sent now.
fn queue(doc: &mut TableDoc, events: Vec<Event>, reply: &mut Reply) {
    for event in events {
        reply.publish.push(wire::publish(&event));
        doc.outbox.push(event);
    }
}

fn say(doc: &mut TableDoc, what: What, to_gm: bool, now: u64, reply: &mut Reply) -> bool {
    act(doc, reply, |table| table.say(what, to_gm, now, &mut random))
}

/// Does `f` to the table: its events queued, or its refusal said; whether it was done.
fn act(
    doc: &mut TableDoc,
    reply: &mut Reply,
    f: impl FnOnce(&mut Table) -> Result<Vec<Event>, String>,
) -> bool {
    let Some(table) = doc.at.as_mut() else {
        return false;
    };
    match f(table) {
        Ok(events) => {
            queue(doc, events, reply);
            true
        }
        Err(reason) => refuse(reply, reason),
    }
}

/// Reads what relays sent: events through the table's checks (untrusted, dropped when they
/// must be), the ends of stored events through each relay's requests, OKs through the
/// outbox. Then says what is due: my joining, the GM's checkpoint, and asks for more.
fn read_frames(
    doc: &mut TableDoc,
    frames: Vec<(usize, String)>,
    now: u64,
    reply: &mut Reply,
) -> bool {
    let mut changed = false;
    let mut answered = Vec::new();
    let mut ended = Vec::new();
    for (index, text) in frames {
        let parsed = wire::parse(&text);
        // An answer to what was asked (not a notice): the relay is not stalled.
        if matches!(
            parsed,
            Some(Frame::Event { .. } | Frame::Eose { .. } | Frame::Closed { .. })
        ) {
            with_sync(index, |sync| sync.heard(now));
        }
        match parsed {
            Some(Frame::Event { sub, event_json }) => {
                let Some(table) = doc.at.as_mut() else {
                    continue;
                };
                let Ok(event) = Event::parse(&event_json) else {
                    continue;
                };
                let new = table.take_parsed(&event).is_ok();
                changed |= new;
                answered.push((index, sub, event.id, event.created_at, new));
            }
            Some(Frame::Eose { sub }) => ended.push((index, sub)),
            Some(Frame::Ok {
                id,
                accepted,
                message,
            }) => {
                changed |= doc.outbox.answered(&id, accepted, &message);
                // My leaving is with the relays: the table goes.
                if doc.outbox.is_empty() && doc.at.as_ref().is_some_and(Table::has_left) {
                    doc.at = None;
                    changed = true;
                }
                if !accepted && !message.starts_with("duplicate") {
                    if message.contains("future") || message.contains("created_at") {
                        reply.wrong_clock = true;
                    }
                    reply.said.push((index, message));
                }
            }
            Some(Frame::Closed { sub, message }) => {
                ended.push((index, sub));
                reply.said.push((index, message));
            }
            Some(Frame::Notice(message)) => reply.said.push((index, message)),
            _ => {}
        }
    }
    let Some(table) = doc.at.as_mut() else {
        return changed;
    };
    if changed {
        table.settle();
    }
    for (index, sub, id, created_at, new) in answered {
        let after_cut = table.after_cut(&id);
        with_sync(index, |sync| {
            sync.answered(&sub, created_at, new, after_cut)
        });
    }
    for (index, sub) in ended {
        let frames = with_sync(index, |sync| sync.ended(&sub, table));
        reply
            .to_relay
            .extend(frames.into_iter().map(|f| (index, f)));
    }
    changed |= say_what_is_due(doc, now, reply);
    if changed && let Some(table) = &doc.at {
        SYNC.with(|sync| {
            for (index, relay) in sync.borrow_mut().iter_mut().enumerate() {
                reply
                    .to_relay
                    .extend(relay.more(table).into_iter().map(|f| (index, f)));
            }
        });
    }
    changed
}

/// What waits for the relays to have answered, said once they have: my joining, rolls for
/// the GM alone, the GM's checkpoint (never from a phone still missing what others already
/// show). Asked after frames are read and after a relay goes (the last one owing answers may
/// be the one that went).
fn say_what_is_due(doc: &mut TableDoc, now: u64, reply: &mut Reply) -> bool {
    if !synced() {
        return false;
    }
    let mut changed = false;
    if let Some(events) = doc
        .at
        .as_mut()
        .and_then(|table| table.join_when_ready(now, &mut random))
    {
        queue(doc, events, reply);
        changed = true;
    }
    for what in FOR_GM.with(|waiting| std::mem::take(&mut *waiting.borrow_mut())) {
        changed |= say(doc, what, true, now, reply);
    }
    if let Some(checkpoint) = doc.at.as_ref().and_then(Table::checkpoint_due) {
        changed |= say(doc, checkpoint, false, now, reply);
    }
    changed
}

fn view_of(doc: &TableDoc) -> TableView {
    let own = doc.relays.clone();
    let relays_of = |table: &Table| {
        let from_link = table.invite().relays.clone();
        if !from_link.is_empty() {
            from_link
        } else if !own.is_empty() {
            own.clone()
        } else {
            DEFAULT_RELAYS.iter().map(|r| r.to_string()).collect()
        }
    };
    let Some(table) = doc.at.as_ref().filter(|t| !t.has_left()) else {
        return TableView {
            // A table left, whose leaving still waits to be sent: its relays, until it is.
            relays: doc.at.as_ref().map(relays_of).unwrap_or_default(),
            waiting: doc.outbox.len(),
            unsent: unsent_ids(doc),
            own_relays: own.clone(),
            send_to: doc.send_to,
            old_table: doc.old_table,
            ..TableView::default()
        };
    };
    let relays = relays_of(table);
    let folded = table.view();
    let sides = crate::pages::Page::trays()
        .filter_map(|tray| {
            let tray = tray.path();
            folded.side(tray).map(|s| (tray.to_string(), s.to_string()))
        })
        .filter(|side| !doc.taken_sides.contains(side))
        // Never my own side, offered back to me (a GM who has since handed the role on).
        .filter(|(tray, _)| {
            let last =
                folded.log.iter().rev().find(
                    |e| matches!(&e.what, crate::table::What::Side { tray: t, .. } if t == tray),
                );
            !last.is_some_and(|e| e.mine)
        })
        .map(|(tray, challenge)| {
            let words = crate::core::challenge::side_words(&tray, &challenge);
            (tray, challenge, words)
        })
        .collect();
    let asks = folded
        .asks
        .iter()
        .map(|ask| ask_view(ask, &folded.people, &folded.gm, table.me()))
        .collect();
    let removed_by = table.removed_by();
    let stale_link = table.key_missing() && removed_by.is_none();
    let removals = folded
        .removals
        .iter()
        .map(|r| {
            let names = r
                .removed
                .iter()
                .map(|(key, name)| {
                    if key == table.me() {
                        "you".to_string()
                    } else {
                        name.clone()
                    }
                })
                .collect();
            (r.key.clone(), names)
        })
        .collect();
    let shut_out = table.key_missing();
    TableView {
        at: true,
        joining: !shut_out
            && (!table.joined() || (!folded.member && !table.ended() && !table.turned_away())),
        turned_away: table.turned_away(),
        removed_by,
        stale_link,
        removals,
        name: table.name().to_string(),
        am_gm: table.am_gm(),
        ended: table.ended(),
        // With every later key this phone holds: the link that opens the table as it is.
        code: table.link().code(),
        relays,
        own_relays: own,
        send_to: doc.send_to,
        log: folded.log.clone(),
        pool: folded.pool,
        people: folded.people.clone(),
        sides,
        asks,
        scene: folded.scene.clone(),
        waiting: doc.outbox.len(),
        unsent: unsent_ids(doc),
        old_table: false,
    }
}

/// A request in words: each player asked now, answered or waiting, then any who answered and
/// has since left.
fn ask_view(ask: &crate::table::OpenAsk, people: &[Person], gm: &str, me: &str) -> AskView {
    let answer_of = |key: &str, name: &str| {
        let answer = ask.answer_of(key);
        AnswerView {
            key: key.to_string(),
            name: name.to_string(),
            upgraded: ask.upgraded.iter().any(|p| p == key),
            mine: key == me,
            result: answer.and_then(|a| {
                let rolled = entry_from_link(&a.roll).ok()?;
                Some((rolled.headline(), rolled.tone().name()))
            }),
            replaced: answer.is_some_and(|a| a.replaced),
            changed: answer.is_some_and(|a| a.changed),
        }
    };
    let mut answers: Vec<AnswerView> = people
        .iter()
        .filter(|p| ask.asks(&p.pubkey, gm))
        .map(|p| answer_of(&p.pubkey, &p.shown))
        .collect();
    for gone in ask
        .answers
        .iter()
        .filter(|a| !people.iter().any(|p| p.pubkey == a.player))
    {
        answers.push(answer_of(&gone.player, "Someone who left"));
    }
    let whom = if ask.who.is_empty() {
        "everyone".to_string()
    } else {
        let names: Vec<&str> = ask
            .who
            .iter()
            .map(|k| {
                people
                    .iter()
                    .find(|p| p.pubkey == *k)
                    .map_or("someone who left", |p| p.shown.as_str())
            })
            .collect();
        names.join(", ")
    };
    // My roll's side, with the GM's dark point on my check.
    let upgraded_me = ask.upgraded.iter().any(|p| p == me);
    let challenge = if upgraded_me {
        crate::core::challenge::upgraded_narrative_side(&ask.challenge)
            .unwrap_or_else(|| ask.challenge.clone())
    } else {
        ask.challenge.clone()
    };
    AskView {
        id: ask.id.clone(),
        tray: ask.tray.clone(),
        label: ask.label.clone(),
        side: (!challenge.is_empty())
            .then(|| crate::core::challenge::side_words(&ask.tray, &challenge))
            .flatten(),
        challenge,
        upgraded_me,
        whom,
        to_gm: ask.to_gm,
        asks_me: ask.asks(me, gm),
        answers,
    }
}

/// The ids of my events no relay has taken yet.
fn unsent_ids(doc: &TableDoc) -> Vec<String> {
    doc.outbox.waiting().iter().map(|e| e.id.clone()).collect()
}
