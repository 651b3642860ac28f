//! The table as one phone sees it: the state machine the UI drives.
//!
//! Time (`now`, unix seconds) and randomness are passed in, so every phone given the same
//! events in any order computes the same log and pool, and tests can replay it exactly.

use std::collections::{BTreeMap, VecDeque};

use serde::{Deserialize, Serialize};

use super::bytes::{from_hex_array, hex};
use super::dropped::Dropped;
use super::event::Event;
use super::invite::Invite;
use super::keys::{DeviceKey, valid_public};
use super::message::{
    MAX_NAME_CHARS, MAX_POINTS, MAX_TEXT_CHARS, Message, PointSide, TRAYS, VERSION, What,
    chars_within, roll_fits,
};
use super::seal::{Sealed, gm_key, open, seal};

/// A table message (regular, expires after 7 days).
pub const KIND_MESSAGE: u32 = 7237;
/// Presence (ephemeral).
pub const KIND_PRESENCE: u32 = 27237;
/// State that outlives expiry (addressable: `pool`, `side:<tray>`).
pub const KIND_STATE: u32 = 37237;
/// A message's `expiration` is its `created_at` plus this.
pub const EXPIRY_SECONDS: u64 = 7 * 24 * 3600;
/// Events dated further ahead than this are dropped.
pub const MAX_AHEAD_SECONDS: u64 = 15 * 60;
/// Events older than this are dropped.
pub const MAX_AGE_SECONDS: u64 = 8 * 24 * 3600;
/// A person counts as here if seen this recently.
pub const HERE_SECONDS: u64 = 3 * 60;
/// Event ids remembered against replays.
pub const MAX_SEEN: usize = 1000;
/// Log entries kept.
pub const MAX_LOG: usize = 100;
/// People remembered (the least recently seen is forgotten first).
pub const MAX_PEOPLE: usize = 50;
/// GM-only events kept until their author's GM hand-over arrives.
pub const MAX_HELD: usize = 50;
/// GM keys remembered (the invite's GM and each hand-over's).
pub const MAX_GMS: usize = 20;

/// The Destiny pool.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pool {
    /// Light side points.
    pub light: u8,
    /// Dark side points.
    pub dark: u8,
}

/// One message in the table's log, in the order every phone agrees on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    /// The event id.
    pub id: String,
    /// The author's pubkey (hex).
    pub author: String,
    /// The author's Lamport counter.
    pub n: u64,
    /// The author's name in the message.
    pub by: String,
    /// The author's clock (for showing only; never for order).
    pub created_at: u64,
    /// Sealed for the GM only.
    pub to_gm: bool,
    /// Written by this device.
    pub mine: bool,
    /// What it says.
    pub what: What,
    /// Refused at its place in the order (a flip with no point left, a GM-only message from
    /// someone not GM there).
    pub refused: bool,
    /// Taken back by its author.
    pub undone: bool,
}

/// Someone at the table, as shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Person {
    /// Their pubkey (hex).
    pub pubkey: String,
    /// The name they gave.
    pub name: String,
    /// The name shown: made distinct by first seen ("Ana", "Ana (2)").
    pub shown: String,
    /// Whether they are the GM now.
    pub gm: bool,
    /// Whether it is this device.
    pub me: bool,
    /// Seen within the last 3 minutes.
    pub here: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Seen {
    pubkey: String,
    name: String,
    name_at: u64,
    last_seen: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct SideState {
    challenge: String,
    n: u64,
    author: String,
}

/// The state the log's replay reaches (and, for evicted entries, the state before the log).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Replayed {
    pool: Option<Pool>,
    gm: String,
    ended: bool,
    sides: BTreeMap<String, SideState>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct PoolCopy {
    n: u64,
    author: String,
    id: String,
    pool: Pool,
}

/// One phone's table: what it has received, in the agreed order, and what that means.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Table {
    invite: Invite,
    me: DeviceKey,
    name: String,
    counter: u64,
    seen: VecDeque<String>,
    log: Vec<LogEntry>,
    /// Order key of the last entry dropped off the log: nothing before it enters again.
    floor: Option<(u64, String, String)>,
    base: Replayed,
    now: Replayed,
    people: Vec<Seen>,
    gms: Vec<String>,
    held: Vec<Event>,
    pool_copy: Option<PoolCopy>,
    side_copies: BTreeMap<String, SideState>,
    last_seen: Option<u64>,
}

fn clean_name(name: &str) -> String {
    let name: String = name.trim().chars().take(MAX_NAME_CHARS).collect();
    if name.is_empty() {
        "Player".into()
    } else {
        name
    }
}

/// Whether an author may take this back.
fn undoable(what: &What) -> bool {
    matches!(
        what,
        What::Roll { .. }
            | What::Amend { .. }
            | What::Flip { .. }
            | What::Points { .. }
            | What::Side { .. }
    )
}

fn touches_pool(what: &What) -> bool {
    matches!(what, What::Flip { .. } | What::Points { .. })
}

/// Applies one entry at its place in the order (its `undone` already known).
fn step(state: &mut Replayed, entry: &mut LogEntry) {
    entry.refused = false;
    let is_gm = entry.author == state.gm;
    match &entry.what {
        What::Points { light, dark } => {
            if !is_gm {
                entry.refused = true;
            } else if !entry.undone {
                state.pool = Some(Pool {
                    light: *light,
                    dark: *dark,
                });
            }
        }
        What::Flip { from } => {
            if !entry.undone {
                let mut pool = state.pool.unwrap_or_default();
                let (take, give) = match from {
                    PointSide::Light => (&mut pool.light, &mut pool.dark),
                    PointSide::Dark => (&mut pool.dark, &mut pool.light),
                };
                if *take == 0 || (*from == PointSide::Dark && !is_gm) {
                    entry.refused = true;
                } else {
                    *take -= 1;
                    *give = give.saturating_add(1);
                    state.pool = Some(pool);
                }
            }
        }
        What::Side { tray, challenge } => {
            if !is_gm {
                entry.refused = true;
            } else if !entry.undone {
                state.sides.insert(
                    tray.clone(),
                    SideState {
                        challenge: challenge.clone(),
                        n: entry.n,
                        author: entry.author.clone(),
                    },
                );
            }
        }
        What::Gm { to } => {
            if is_gm {
                state.gm = to.clone();
            } else {
                entry.refused = true;
            }
        }
        What::End {} => {
            if is_gm {
                state.ended = true;
            } else {
                entry.refused = true;
            }
        }
        What::Roll { .. }
        | What::Amend { .. }
        | What::Undo { .. }
        | What::Joined {}
        | What::Here { .. }
        | What::Unsupported => {}
    }
}

impl Table {
    /// A table joined (or made) with this invite, this device's key for it, and my name.
    pub fn new(invite: Invite, me: DeviceKey, name: String) -> Self {
        let gm = hex(&invite.gm);
        let name = clean_name(&name);
        let base = Replayed {
            pool: None,
            gm: gm.clone(),
            ended: false,
            sides: BTreeMap::new(),
        };
        Table {
            people: vec![Seen {
                pubkey: me.public_hex(),
                name: name.clone(),
                name_at: 0,
                last_seen: 0,
            }],
            invite,
            me,
            name,
            counter: 0,
            seen: VecDeque::new(),
            log: Vec::new(),
            floor: None,
            now: base.clone(),
            base,
            gms: vec![gm],
            held: Vec::new(),
            pool_copy: None,
            side_copies: BTreeMap::new(),
            last_seen: None,
        }
    }

    /// The invite this table was joined with.
    pub fn invite(&self) -> &Invite {
        &self.invite
    }

    /// My pubkey (hex).
    pub fn me(&self) -> String {
        self.me.public_hex()
    }

    /// My name at this table.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Whether this device is the GM now.
    pub fn am_gm(&self) -> bool {
        self.now.gm == self.me.public_hex()
    }

    /// The GM's pubkey (hex) after the last hand-over in the log.
    pub fn gm(&self) -> &str {
        &self.now.gm
    }

    /// Whether the GM has ended the table.
    pub fn ended(&self) -> bool {
        self.now.ended
    }

    /// The log, in the agreed order `(n, pubkey, id)`, at most the last 100.
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    /// My roll that `same` picks (by its roll text), not taken back: its event id, and
    /// whether it went to the GM only. What a change of that roll names, and where it goes.
    pub fn my_roll(&self, same: impl Fn(&str) -> bool) -> Option<(String, bool)> {
        self.log.iter().find_map(|e| match &e.what {
            What::Roll { roll, .. } if e.mine && !e.undone && same(roll) => {
                Some((e.id.clone(), e.to_gm))
            }
            _ => None,
        })
    }

    /// The Destiny pool: the log's points, flips and undos replayed in order.
    pub fn pool(&self) -> Pool {
        self.now.pool.unwrap_or_default()
    }

    /// The GM's latest side challenge for a tray, `None` if none or cleared.
    pub fn side(&self, tray: &str) -> Option<&str> {
        let from_log = self.now.sides.get(tray);
        let from_copy = self.side_copies.get(tray).filter(|copy| {
            // A copy whose message is in the log defers to the log (which knows undos).
            !self
                .log
                .iter()
                .any(|e| e.n == copy.n && e.author == copy.author)
        });
        let latest = match (from_log, from_copy) {
            (Some(a), Some(b)) => {
                if (b.n, &b.author) > (a.n, &a.author) {
                    b
                } else {
                    a
                }
            }
            (Some(a), None) => a,
            (None, Some(b)) => b,
            (None, None) => return None,
        };
        Some(latest.challenge.as_str()).filter(|c| !c.is_empty())
    }

    /// Everyone seen at the table (me first), names made distinct in first-seen order.
    pub fn people(&self, now: u64) -> Vec<Person> {
        let me = self.me.public_hex();
        let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
        self.people
            .iter()
            .map(|p| {
                let count = counts.entry(p.name.as_str()).or_insert(0);
                *count += 1;
                let shown = if *count == 1 {
                    p.name.clone()
                } else {
                    format!("{} ({})", p.name, count)
                };
                let mine = p.pubkey == me;
                Person {
                    pubkey: p.pubkey.clone(),
                    name: p.name.clone(),
                    shown,
                    gm: p.pubkey == self.now.gm,
                    me: mine,
                    here: mine || p.last_seen.saturating_add(HERE_SECONDS) >= now,
                }
            })
            .collect()
    }

    /// The filters for `REQ` (a JSON array): the table's stored kinds, last 100 (from `since`
    /// on reconnect), and presence from now on (`limit` 0: relays keep none).
    pub fn filters(&self, since: Option<u64>) -> String {
        let tag = self.invite.tag();
        let mut stored = serde_json::json!({
            "kinds": [KIND_MESSAGE, KIND_STATE],
            "#t": [tag],
            "limit": MAX_LOG,
        });
        if let Some(since) = since {
            stored["since"] = since.into();
        }
        let live = serde_json::json!({"kinds": [KIND_PRESENCE], "#t": [tag], "limit": 0});
        serde_json::to_string(&[stored, live]).unwrap_or_default()
    }

    /// The newest `created_at` of the table's stored events received, for `since` when
    /// reconnecting.
    pub fn last_seen(&self) -> Option<u64> {
        self.last_seen
    }

    /// Builds, seals and signs my message and applies it to my own state at once (a roll
    /// shows on my phone before any relay answers). `to_gm` seals it for the GM alone (rolls
    /// and undos only). `Here` is presence (27237); a side also gives its 37237 `side:<tray>`
    /// copy, and points, flips and their undos a 37237 `pool` copy. Returns the events to
    /// publish, or why the message cannot be sent.
    pub fn say(
        &mut self,
        what: What,
        to_gm: bool,
        now: u64,
        random: &mut dyn FnMut(&mut [u8]),
    ) -> Result<Vec<Event>, String> {
        self.check(&what, to_gm)?;
        let me = self.me.public_hex();
        if let What::Here { name } = &what {
            let msg = Message {
                v: VERSION,
                n: self.counter,
                by: self.name.clone(),
                what: what.clone(),
            };
            let event = self.build(KIND_PRESENCE, None, &msg, false, now, random)?;
            self.remember(&event.id);
            self.note_person(&me, name, now);
            return Ok(vec![event]);
        }
        let msg = Message {
            v: VERSION,
            n: self.counter.saturating_add(1),
            by: self.name.clone(),
            what: what.clone(),
        };
        let expiration = vec![
            "expiration".to_string(),
            now.saturating_add(EXPIRY_SECONDS).to_string(),
        ];
        let main = self.build(KIND_MESSAGE, Some(expiration), &msg, to_gm, now, random)?;
        self.remember(&main.id);
        self.apply(&main, &msg, to_gm);
        let mut events = vec![main];
        if let What::Side { tray, .. } = &what {
            let d = vec!["d".to_string(), format!("side:{tray}")];
            let copy = self.build(KIND_STATE, Some(d), &msg, false, now, random)?;
            self.remember(&copy.id);
            self.keep_side_copy(&copy, &msg);
            events.push(copy);
        }
        let undid_pool = match &what {
            What::Undo { of } => self
                .log
                .iter()
                .any(|e| e.id == *of && touches_pool(&e.what)),
            _ => false,
        };
        if touches_pool(&what) || undid_pool {
            let pool = self.pool();
            let copy_msg = Message {
                what: What::Points {
                    light: pool.light,
                    dark: pool.dark,
                },
                ..msg
            };
            let d = vec!["d".to_string(), "pool".to_string()];
            let copy = self.build(KIND_STATE, Some(d), &copy_msg, false, now, random)?;
            self.remember(&copy.id);
            self.keep_pool_copy(&copy, &copy_msg);
            events.push(copy);
        }
        Ok(events)
    }

    /// Any event text from any relay, untrusted. `Ok(true)` if it changed what is shown,
    /// `Ok(false)` if it only updated presence or changed nothing; `Err` says why it was
    /// dropped. Never panics.
    pub fn receive(&mut self, event_json: &str, now: u64) -> Result<bool, Dropped> {
        let event = Event::from_json(event_json)?;
        if self.known(&event.id) {
            return Err(Dropped::Seen);
        }
        let tag = self.invite.tag();
        match event.tags.first() {
            Some(t) if t.len() == 2 && t[0] == "t" && t[1] == tag => {}
            _ => return Err(Dropped::WrongTable),
        }
        if event.created_at > now.saturating_add(MAX_AHEAD_SECONDS)
            || event.created_at.saturating_add(MAX_AGE_SECONDS) < now
        {
            return Err(Dropped::OutOfTime);
        }
        if ![KIND_MESSAGE, KIND_PRESENCE, KIND_STATE].contains(&event.kind)
            || (event.kind == KIND_STATE && event.tag("d").is_none())
        {
            return Err(Dropped::WrongKind);
        }
        self.remember(&event.id);
        let (msg, to_gm) = self.open_message(&event)?;
        self.accept(event, msg, to_gm)
    }

    /// Checks that I may say this now.
    fn check(&self, what: &What, to_gm: bool) -> Result<(), String> {
        if self.ended() {
            return Err("This table has ended.".into());
        }
        if to_gm
            && !matches!(
                what,
                What::Roll { .. } | What::Amend { .. } | What::Undo { .. }
            )
        {
            return Err("Only rolls can be sent to the GM alone.".into());
        }
        if what.gm_only() && !self.am_gm() {
            return Err("Only the GM can do that.".into());
        }
        match what {
            What::Roll { tray, label, roll }
            | What::Amend {
                tray, label, roll, ..
            } => {
                if !TRAYS.contains(&tray.as_str()) {
                    return Err(format!("There is no {tray} tray."));
                }
                if !roll_fits(label, roll) {
                    return Err("This roll is too long to share.".into());
                }
                // A change goes where its roll went, and only while that roll stands.
                if let What::Amend { of, .. } = what {
                    let mine = self.log.iter().any(|e| {
                        e.id == *of
                            && e.mine
                            && !e.undone
                            && e.to_gm == to_gm
                            && matches!(e.what, What::Roll { .. })
                    });
                    if !mine {
                        return Err("Only your own roll can be changed, where it was sent.".into());
                    }
                }
            }
            What::Undo { of } => {
                let mine = self
                    .log
                    .iter()
                    .any(|e| e.id == *of && e.mine && !e.undone && !e.refused && undoable(&e.what));
                if !mine {
                    return Err("Only your own roll, flip or setting can be taken back.".into());
                }
            }
            What::Flip { from } => {
                let pool = self.pool();
                match from {
                    PointSide::Dark if !self.am_gm() => {
                        return Err("Only the GM can flip a dark point.".into());
                    }
                    PointSide::Dark if pool.dark == 0 => {
                        return Err("No dark point is left.".into());
                    }
                    PointSide::Light if pool.light == 0 => {
                        return Err("No light point is left.".into());
                    }
                    _ => {}
                }
            }
            What::Points { light, dark } => {
                if *light > MAX_POINTS || *dark > MAX_POINTS {
                    return Err(format!("At most {MAX_POINTS} points on each side."));
                }
            }
            What::Side { tray, challenge } => {
                if !TRAYS.contains(&tray.as_str()) {
                    return Err(format!("There is no {tray} tray."));
                }
                if !chars_within(challenge, 0, MAX_TEXT_CHARS) {
                    return Err("This challenge is too long.".into());
                }
            }
            What::Here { name } => {
                if !chars_within(name, 1, MAX_NAME_CHARS) {
                    return Err("A name is 1 to 40 characters.".into());
                }
            }
            What::Gm { to } => {
                if !from_hex_array::<32>(to).is_some_and(|k| valid_public(&k)) {
                    return Err("That is not a device at this table.".into());
                }
            }
            What::Joined {} | What::End {} => {}
            What::Unsupported => return Err("This Dicetray cannot send that.".into()),
        }
        Ok(())
    }

    /// Seals and signs one of my events.
    fn build(
        &self,
        kind: u32,
        extra_tag: Option<Vec<String>>,
        msg: &Message,
        to_gm: bool,
        now: u64,
        random: &mut dyn FnMut(&mut [u8]),
    ) -> Result<Event, String> {
        let mut tags = vec![vec!["t".to_string(), self.invite.tag()]];
        tags.extend(extra_tag);
        let me = self.me.public_hex();
        let mut nonce = [0u8; 24];
        random(&mut nonce);
        let plaintext = msg.to_json();
        let content = if to_gm {
            let gm = from_hex_array::<32>(&self.now.gm).ok_or("The GM's key is not valid.")?;
            let key =
                gm_key(&self.invite.key, &self.me, &gm).ok_or("The GM's key is not valid.")?;
            seal(
                Sealed::GmOnly,
                &key,
                kind,
                &me,
                plaintext.as_bytes(),
                &nonce,
            )
        } else {
            seal(
                Sealed::Table,
                &self.invite.key,
                kind,
                &me,
                plaintext.as_bytes(),
                &nonce,
            )
        };
        let mut aux = [0u8; 32];
        random(&mut aux);
        Ok(Event::signed(&self.me, now, kind, tags, content, &aux))
    }

    /// Opens and reads an event's message; `to_gm` if it was sealed for the GM.
    fn open_message(&self, event: &Event) -> Result<(Message, bool), Dropped> {
        let (plaintext, to_gm) = match Sealed::of(&event.content) {
            Some(Sealed::Table) => (
                open(
                    Sealed::Table,
                    &self.invite.key,
                    event.kind,
                    &event.pubkey,
                    &event.content,
                ),
                false,
            ),
            Some(Sealed::GmOnly) => {
                // The sender sealed it with the GM it knew; the GM opens it with the sender.
                let peers: Vec<String> = if event.pubkey == self.me.public_hex() {
                    self.gms.clone()
                } else {
                    vec![event.pubkey.clone()]
                };
                let opened = peers.iter().find_map(|peer| {
                    let peer = from_hex_array::<32>(peer)?;
                    let key = gm_key(&self.invite.key, &self.me, &peer)?;
                    open(
                        Sealed::GmOnly,
                        &key,
                        event.kind,
                        &event.pubkey,
                        &event.content,
                    )
                });
                (opened, true)
            }
            None => (None, false),
        };
        let plaintext = plaintext.ok_or(Dropped::Seal)?;
        let msg = Message::decode(&plaintext).ok_or(Dropped::Plaintext)?;
        Ok((msg, to_gm))
    }

    /// Acts on an opened message by its kind and what.
    fn accept(&mut self, event: Event, msg: Message, to_gm: bool) -> Result<bool, Dropped> {
        if to_gm && event.kind != KIND_MESSAGE {
            return Err(Dropped::Plaintext);
        }
        match event.kind {
            KIND_PRESENCE => {
                let What::Here { name } = &msg.what else {
                    return Err(Dropped::Plaintext);
                };
                self.note_person(&event.pubkey, name, event.created_at);
                Ok(false)
            }
            KIND_STATE => {
                let d = event.tag("d").unwrap_or_default().to_string();
                match (&msg.what, d.strip_prefix("side:")) {
                    (What::Points { .. }, None) if d == "pool" => {
                        // The pool's state comes from the GM, like its start: a player's
                        // copy (published after their flips) is not taken.
                        if !self.gms.contains(&event.pubkey) {
                            return Err(Dropped::NotGm);
                        }
                        self.seen_message(&event, &msg);
                        Ok(self.keep_pool_copy(&event, &msg))
                    }
                    (What::Side { tray, .. }, Some(d_tray)) if tray == d_tray => {
                        if !self.gms.contains(&event.pubkey) {
                            self.hold(event);
                            return Err(Dropped::NotGm);
                        }
                        self.seen_message(&event, &msg);
                        Ok(self.keep_side_copy(&event, &msg))
                    }
                    _ => Err(Dropped::Plaintext),
                }
            }
            _ => {
                let fits = match &msg.what {
                    What::Here { .. } => false,
                    What::Roll { .. }
                    | What::Amend { .. }
                    | What::Undo { .. }
                    | What::Unsupported => true,
                    _ => !to_gm,
                };
                if !fits {
                    return Err(Dropped::Plaintext);
                }
                if msg.what.gm_only() && !self.gms.contains(&event.pubkey) {
                    self.hold(event);
                    return Err(Dropped::NotGm);
                }
                Ok(self.apply(&event, &msg, to_gm))
            }
        }
    }

    /// Counter, person and `last_seen` for a stored message.
    fn seen_message(&mut self, event: &Event, msg: &Message) {
        self.counter = self.counter.max(msg.n);
        self.note_person(&event.pubkey, &msg.by, event.created_at);
        self.last_seen = Some(self.last_seen.unwrap_or(0).max(event.created_at));
    }

    /// Puts a message into the log at its place and replays; whether it is in the log.
    fn apply(&mut self, event: &Event, msg: &Message, to_gm: bool) -> bool {
        self.seen_message(event, msg);
        let key = (msg.n, event.pubkey.clone(), event.id.clone());
        if self.floor.as_ref().is_some_and(|floor| key <= *floor) {
            return false;
        }
        let entry = LogEntry {
            id: event.id.clone(),
            author: event.pubkey.clone(),
            n: msg.n,
            by: msg.by.clone(),
            created_at: event.created_at,
            to_gm,
            mine: event.pubkey == self.me.public_hex(),
            what: msg.what.clone(),
            refused: false,
            undone: false,
        };
        let at = self
            .log
            .partition_point(|e| (e.n, &e.author, &e.id) < (key.0, &key.1, &key.2));
        self.log.insert(at, entry);
        let mut new_gm = false;
        if let What::Gm { to } = &msg.what
            && !self.gms.contains(to)
        {
            self.gms.push(to.clone());
            if self.gms.len() > MAX_GMS {
                self.gms.remove(1);
            }
            new_gm = true;
        }
        self.replay();
        while self.log.len() > MAX_LOG {
            self.evict_first();
        }
        if new_gm {
            self.release_held();
        }
        self.log.iter().any(|e| e.id == event.id)
    }

    /// Replays the log from the state before it: undos, then each entry in order.
    fn replay(&mut self) {
        let count = self.log.len();
        let mut undone = vec![false; count];
        for i in 0..count {
            if let What::Undo { of } = &self.log[i].what
                && let Some(j) = self.log[..i].iter().position(|e| e.id == *of)
                && self.log[j].author == self.log[i].author
                && undoable(&self.log[j].what)
            {
                undone[j] = true;
            }
        }
        let mut state = self.base.clone();
        let mut copy = self.usable_pool_copy();
        for (entry, undone) in self.log.iter_mut().zip(undone) {
            if let Some(c) = &copy
                && (c.n, &c.author) < (entry.n, &entry.author)
            {
                state.pool = Some(c.pool);
                copy = None;
            }
            entry.undone = undone;
            step(&mut state, entry);
        }
        if let Some(c) = copy {
            state.pool = Some(c.pool);
        }
        self.now = state;
    }

    /// The pool copy, when the log and what came before it set no pool.
    fn usable_pool_copy(&self) -> Option<PoolCopy> {
        let log_sets = self
            .log
            .iter()
            .any(|e| matches!(e.what, What::Points { .. }));
        if self.base.pool.is_some() || log_sets {
            return None;
        }
        self.pool_copy.clone()
    }

    /// Folds the oldest entry into the state before the log and forgets it.
    fn evict_first(&mut self) {
        if self.log.is_empty() {
            return;
        }
        let mut first = self.log.remove(0);
        if let Some(c) = self.usable_pool_copy()
            && (c.n, &c.author) < (first.n, &first.author)
        {
            self.base.pool = Some(c.pool);
        }
        step(&mut self.base, &mut first);
        self.floor = Some((first.n, first.author, first.id));
        self.replay();
    }

    fn keep_pool_copy(&mut self, event: &Event, msg: &Message) -> bool {
        let What::Points { light, dark } = msg.what else {
            return false;
        };
        let copy = PoolCopy {
            n: msg.n,
            author: event.pubkey.clone(),
            id: event.id.clone(),
            pool: Pool { light, dark },
        };
        let newer = self
            .pool_copy
            .as_ref()
            .is_none_or(|old| (copy.n, &copy.author, &copy.id) > (old.n, &old.author, &old.id));
        if !newer {
            return false;
        }
        self.pool_copy = Some(copy);
        let before = self.pool();
        self.replay();
        self.pool() != before
    }

    fn keep_side_copy(&mut self, event: &Event, msg: &Message) -> bool {
        let What::Side { tray, challenge } = &msg.what else {
            return false;
        };
        let copy = SideState {
            challenge: challenge.clone(),
            n: msg.n,
            author: event.pubkey.clone(),
        };
        let newer = self
            .side_copies
            .get(tray)
            .is_none_or(|old| (copy.n, &copy.author) > (old.n, &old.author));
        if !newer {
            return false;
        }
        let before = self.side(tray).map(str::to_string);
        self.side_copies.insert(tray.clone(), copy);
        self.side(tray).map(str::to_string) != before
    }

    /// Keeps a GM-only event whose author is not (yet) known as a GM: its hand-over may be
    /// still on the way.
    fn hold(&mut self, event: Event) {
        if self.held.iter().any(|e| e.id == event.id) {
            return;
        }
        self.held.push(event);
        if self.held.len() > MAX_HELD {
            self.held.remove(0);
        }
    }

    /// Accepts held events whose authors have become GMs.
    fn release_held(&mut self) {
        while let Some(at) = self.held.iter().position(|e| self.gms.contains(&e.pubkey)) {
            let event = self.held.remove(at);
            if let Ok((msg, to_gm)) = self.open_message(&event) {
                let _ = self.accept(event, msg, to_gm);
            }
        }
    }

    fn known(&self, id: &str) -> bool {
        self.seen.iter().any(|s| s == id)
            || self.log.iter().any(|e| e.id == id)
            || self.held.iter().any(|e| e.id == id)
    }

    fn remember(&mut self, id: &str) {
        self.seen.push_back(id.to_string());
        while self.seen.len() > MAX_SEEN {
            self.seen.pop_front();
        }
    }

    /// How many event ids are remembered (at most 1,000).
    pub fn seen_count(&self) -> usize {
        self.seen.len()
    }

    fn note_person(&mut self, pubkey: &str, name: &str, at: u64) {
        if let Some(p) = self.people.iter_mut().find(|p| p.pubkey == pubkey) {
            if at >= p.name_at {
                p.name = name.to_string();
                p.name_at = at;
            }
            p.last_seen = p.last_seen.max(at);
            return;
        }
        self.people.push(Seen {
            pubkey: pubkey.to_string(),
            name: name.to_string(),
            name_at: at,
            last_seen: at,
        });
        if self.people.len() > MAX_PEOPLE {
            let me = self.me.public_hex();
            if let Some(oldest) = self
                .people
                .iter()
                .enumerate()
                .filter(|(_, p)| p.pubkey != me)
                .min_by_key(|(_, p)| p.last_seen)
                .map(|(i, _)| i)
            {
                self.people.remove(oldest);
            }
        }
    }
}
