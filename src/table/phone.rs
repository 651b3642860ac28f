//! The table as one phone holds it: the invite, this device's key, the messages held, and
//! what they make (see `fold`). The UI drives it; time and randomness are passed in, so
//! tests replay it exactly.
//!
//! What the phone shows is recomputed from the set it holds after every change, so it never
//! depends on when or in which order the messages came.

use std::collections::{BTreeMap, VecDeque};

use serde::{Deserialize, Serialize};

use super::bytes::{from_hex_array, hex};
use super::checkpoint::Checkpoint;
use super::dropped::Dropped;
use super::event::Event;
use super::fold::{Folded, LogEntry, MAX_OPEN_ASKS, OpenAsk, fold};
use super::held::Held;
use super::invite::{Invite, MAX_LATER_KEYS};
use super::keys::{DeviceKey, valid_public};
use super::message::{
    MAX_ASK_LABEL_CHARS, MAX_ASKED, MAX_KEPT, MAX_POINTS, MAX_TEXT_CHARS, Message, PointSide,
    VERSION, What, ask_fits, chars_within, is_tray, name_fits, rekey_fits, roll_fits,
};
use super::order::{Key, LEAP_MS, next_t};
use super::random::{NoRandom, Random};
use super::scene::{SceneAct, TableScene};
use super::seal::{
    Sealed, gm_key, key_id, keyed, keyed_id, open, open_keyed, open_share, seal, share,
};

/// The table's message kind (regular: relays keep it until it expires).
pub const KIND_MESSAGE: u32 = 7237;
/// The tag a joining carries, beside the table's: `["j", "in"]`.
pub const JOIN_TAG: [&str; 2] = ["j", "in"];
/// A roll's `expiration` is its `created_at` plus this.
pub const EXPIRY_SECONDS: u64 = 7 * 24 * 3600;
/// Most messages a phone holds: beyond it, new ones wait for room (a flood cannot grow
/// memory or storage without end).
pub const MAX_HELD: usize = 1_500;
/// Held messages beyond which those folded into the checkpoint are let go.
const PRUNE_ABOVE: usize = 400;
/// Ids of events dropped, remembered so a second relay's copy is not checked again.
const MAX_DROPPED: usize = 4_000;
/// Events sealed with a key this phone does not hold yet, kept aside to open when it comes
/// (the oldest go first: a removed phone never gets the key).
const MAX_LOCKED: usize = 300;
/// The GM checkpoints once this many entries follow the cut, keeping the newest 100.
pub const CHECKPOINT_EVERY: usize = 150;
/// Entries a checkpoint leaves after its cut: the log a late joiner shows.
pub const KEPT_AFTER_CUT: usize = 100;
/// Most entries a checkpoint keeps after its cut to keep a request open (see `due_cut`).
pub const MAX_KEPT_FOR_ASKS: usize = 400;
/// How far ahead of this phone's clock a message may be for this phone's clock to follow
/// it: other phones' clocks may be off by this much (a message further ahead is placed
/// after mine until real time reaches it).
pub const AHEAD_MS: u64 = 15 * 60 * 1000;

/// One phone's table.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(from = "Kept", into = "Kept")]
pub struct Table {
    invite: Invite,
    me: DeviceKey,
    me_hex: String,
    name: String,
    /// My `joined` is said (before that, the phone waits for something to name).
    joined: bool,
    /// I have left (the table is kept to read, not to write to).
    left: bool,
    /// My last message sealed for the table: (id, t), what my next names as `p`.
    last_own: Option<(String, u64)>,
    /// My clock's last `t` (any message of mine).
    last_t: u64,
    held: BTreeMap<String, Held>,
    dropped: VecDeque<String>,
    /// The later table keys this phone holds (from its link, or shared by the GM), by id.
    keys: BTreeMap<String, [u8; 32]>,
    /// Events sealed with a key not held yet (not kept on the device: asked for again).
    locked: VecDeque<Event>,
    view: Folded,
}

/// Two tables are the same when what is kept of them is.
impl PartialEq for Table {
    fn eq(&self, other: &Table) -> bool {
        self.invite == other.invite
            && self.me == other.me
            && self.name == other.name
            && self.joined == other.joined
            && self.left == other.left
            && self.last_own == other.last_own
            && self.last_t == other.last_t
            && self.held == other.held
            && self.keys == other.keys
    }
}

/// What is stored of a table (the view is made again from it).
#[derive(Serialize, Deserialize)]
struct Kept {
    invite: Invite,
    me: DeviceKey,
    name: String,
    joined: bool,
    #[serde(default)]
    left: bool,
    last_own: Option<(String, u64)>,
    last_t: u64,
    held: Vec<Held>,
    /// The later table keys held, in hex.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    keys: Vec<String>,
}

impl From<Kept> for Table {
    fn from(kept: Kept) -> Table {
        let mut table = Table::fresh(kept.invite, kept.me, kept.name);
        table.joined = kept.joined;
        table.left = kept.left;
        table.last_own = kept.last_own;
        table.last_t = kept.last_t;
        table.held = kept.held.into_iter().map(|h| (h.id.clone(), h)).collect();
        for key in kept.keys.iter().filter_map(|k| from_hex_array::<32>(k)) {
            table.keys.insert(key_id(&key), key);
        }
        table.refresh();
        table
    }
}

impl From<Table> for Kept {
    fn from(table: Table) -> Kept {
        Kept {
            invite: table.invite,
            me: table.me,
            name: table.name,
            joined: table.joined,
            left: table.left,
            last_own: table.last_own,
            last_t: table.last_t,
            held: table.held.into_values().collect(),
            keys: table.keys.values().map(|k| hex(k)).collect(),
        }
    }
}

/// A name typed for the table: trimmed, at most 40 characters, or why it cannot be used.
pub fn clean_name(name: &str) -> Result<String, String> {
    let name: String = name
        .trim()
        .chars()
        .take(super::message::MAX_NAME_CHARS)
        .collect();
    let name = name.trim().to_string();
    if name.is_empty() {
        return Err("Give a name the table will know you by.".into());
    }
    Ok(name)
}

impl Table {
    fn fresh(invite: Invite, me: DeviceKey, name: String) -> Table {
        let keys = invite.later.iter().map(|k| (key_id(k), *k)).collect();
        Table {
            keys,
            locked: VecDeque::new(),
            me_hex: me.public_hex(),
            invite,
            me,
            name,
            joined: false,
            left: false,
            last_own: None,
            last_t: 0,
            held: BTreeMap::new(),
            dropped: VecDeque::new(),
            view: Folded::default(),
        }
    }

    /// A new table with this device as its GM: its first message, my joining, is said at
    /// once. Returns the table and the event to publish.
    pub fn start(
        name: &str,
        relays: Vec<String>,
        now_ms: u64,
        random: Random,
    ) -> Result<(Table, Vec<Event>), String> {
        let name = clean_name(name)?;
        let me = DeviceKey::generate(random).map_err(|e| e.to_string())?;
        let mut id = [0u8; 16];
        let mut key = [0u8; 32];
        random(&mut id).map_err(|e| e.to_string())?;
        random(&mut key).map_err(|e| e.to_string())?;
        let invite = Invite {
            id,
            key,
            gm: me.public(),
            later: Vec::new(),
            relays,
        };
        let mut table = Table::fresh(invite, me, name.clone());
        table.refresh();
        let events = table.say(What::Joined { name }, false, now_ms, random)?;
        table.joined = true;
        Ok((table, events))
    }

    /// A table joined by its invite: my joining waits until something of the table is
    /// held to name (see [`Table::join_when_ready`]).
    pub fn join(invite: Invite, name: &str, random: Random) -> Result<Table, String> {
        let name = clean_name(name)?;
        let me = DeviceKey::generate(random).map_err(|e| e.to_string())?;
        let mut table = Table::fresh(invite, me, name);
        table.refresh();
        Ok(table)
    }

    /// Says my joining once a message of the table is held to name; `None` until then, or
    /// once said. Says it again, once for each cut, if it was placed at or before the GM's
    /// checkpoint's cut and so left out (it reached the GM too late): a member who never
    /// left is never cut out for good.
    pub fn join_when_ready(&mut self, now_ms: u64, random: Random) -> Option<Vec<Event>> {
        // A link from before the GM moved the table to a new key lets no one in: the phone
        // says so (see `key_missing`) rather than send a joining that counts nowhere.
        if self.ended() || self.left || self.key_missing() || self.latest_other(now_ms).is_none() {
            return None;
        }
        let again = self.joined && !self.view.member && self.my_join_cut_out();
        if self.joined && !again {
            return None;
        }
        let what = What::Joined {
            name: self.name.clone(),
        };
        self.joined = false;
        let events = self.say(what, false, now_ms, random).ok();
        self.joined = true;
        events
    }

    /// Whether my newest joining is held and placed at or before the cut.
    fn my_join_cut_out(&self) -> bool {
        let Some(cut) = &self.view.cut else {
            return false;
        };
        self.held
            .values()
            .filter(|h| h.author == self.me_hex && matches!(h.msg.what, What::Joined { .. }))
            .max_by(|a, b| (a.msg.t, &a.id).cmp(&(b.msg.t, &b.id)))
            .is_some_and(|h| (h.msg.t, &h.author, &h.id) <= (cut.t, &cut.author, &cut.id))
    }

    /// Whether the table did not take me in: my joining is held, placed after the cut, and
    /// does not count (the table had taken in as many as it takes).
    pub fn turned_away(&self) -> bool {
        self.joined
            && !self.view.member
            && !self.left
            && self.held.values().any(|h| {
                h.author == self.me_hex
                    && matches!(h.msg.what, What::Joined { .. })
                    && self.view.not_counting.contains(&h.id)
            })
    }

    /// The newest message that counts, sealed for the table, by someone else, that is not
    /// placed ahead of my clock by more than [`AHEAD_MS`]: what my next message names as `a`.
    /// (A message far ahead is not followed: my messages are placed before it.)
    fn latest_other(&self, now_ms: u64) -> Option<(String, u64)> {
        let horizon = now_ms.max(self.last_t).saturating_add(AHEAD_MS);
        self.view
            .anchors
            .iter()
            .rev()
            .find(|k| k.author != self.me_hex && k.t <= horizon)
            .map(|k| (k.id.clone(), k.t))
    }

    /// Whether my joining is said.
    pub fn joined(&self) -> bool {
        self.joined
    }

    /// Whether I have left (the table is kept only until my leaving is sent).
    pub fn has_left(&self) -> bool {
        self.left
    }

    /// The invite this table was joined with.
    pub fn invite(&self) -> &Invite {
        &self.invite
    }

    /// My key (hex).
    pub fn me(&self) -> &str {
        &self.me_hex
    }

    /// My name at this table.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// What the messages held make.
    pub fn view(&self) -> &Folded {
        &self.view
    }

    /// Whether this device is the GM now.
    pub fn am_gm(&self) -> bool {
        self.view.gm == self.me_hex
    }

    /// The GM's key now.
    pub fn gm(&self) -> &str {
        &self.view.gm
    }

    /// Whether the GM has ended the table.
    pub fn ended(&self) -> bool {
        self.view.ended
    }

    /// The newest 100 entries I may read, in the agreed order.
    pub fn log(&self) -> &[LogEntry] {
        &self.view.log
    }

    /// Whether the message `id` is held and placed after the checkpoint's cut.
    pub fn after_cut(&self, id: &str) -> bool {
        self.held.get(id).is_some_and(|h| {
            self.view
                .cut
                .as_ref()
                .is_none_or(|c| (h.msg.t, &h.author, &h.id) > (c.t, &c.author, &c.id))
        })
    }

    /// How many messages are held.
    pub fn held_count(&self) -> usize {
        self.held.len()
    }

    /// My roll that `same` picks (by its roll text), not taken back: its event id, and
    /// whether it went to the GM only. What a change of that roll names, and where it goes.
    pub fn my_roll(&self, same: impl Fn(&str) -> bool) -> Option<(String, bool)> {
        self.view.log.iter().find_map(|e| match &e.what {
            What::Roll { roll, .. } if e.mine && !e.undone && same(roll) => {
                Some((e.id.clone(), e.to_gm))
            }
            _ => None,
        })
    }

    fn refresh(&mut self) {
        self.view = fold(
            &hex(&self.invite.gm),
            &self.me_hex,
            self.held.values(),
            None,
        )
        .0;
    }

    /// Any event text from any relay, untrusted; `Ok(true)` if it is now held. Cheap checks
    /// first (size, table, kind), then the id and signature, then the seal. Call
    /// [`Table::settle`] once a batch is in, to see what it made.
    pub fn take(&mut self, event_json: &str) -> Result<(), Dropped> {
        self.take_parsed(&Event::parse(event_json)?)
    }

    /// [`Table::take`], for an event already read from its JSON.
    pub fn take_parsed(&mut self, event: &Event) -> Result<(), Dropped> {
        if self.held.contains_key(&event.id)
            || self.dropped.contains(&event.id)
            || self.locked.iter().any(|e| e.id == event.id)
        {
            return Err(Dropped::Seen);
        }
        let result = self.take_event(event);
        if result == Err(Dropped::Locked) {
            self.locked.push_back(event.clone());
            while self.locked.len() > MAX_LOCKED {
                self.locked.pop_front();
            }
        } else if result.is_err() && result != Err(Dropped::Full) {
            self.dropped.push_back(event.id.clone());
            while self.dropped.len() > MAX_DROPPED {
                self.dropped.pop_front();
            }
        }
        result
    }

    fn take_event(&mut self, event: &Event) -> Result<(), Dropped> {
        let tag = self.invite.tag();
        match event.tags.first() {
            Some(t) if t.len() == 2 && t[0] == "t" && t[1] == tag => {}
            _ => return Err(Dropped::WrongTable),
        }
        if event.kind != KIND_MESSAGE {
            return Err(Dropped::WrongKind);
        }
        event.verify()?;
        let (msg, to_gm, sealed_by) = self.open_message(event)?;
        if self.held.len() >= MAX_HELD && !self.make_room() {
            // Not remembered as dropped: asked again, it is taken once there is room.
            return Err(Dropped::Full);
        }
        self.held.insert(
            event.id.clone(),
            Held {
                id: event.id.clone(),
                author: event.pubkey.clone(),
                created_at: event.created_at,
                to_gm,
                sealed_by,
                msg,
            },
        );
        Ok(())
    }

    /// Makes the view again from what is held, after a batch taken.
    pub fn settle(&mut self) {
        self.refresh();
        while self.learn_keys() {
            self.open_locked();
            self.refresh();
        }
        self.prune();
    }

    /// Takes the new table keys the GMs' moves share with me; whether any was new. (A move
    /// is read whether or not it counts: a key only opens messages, and the fold alone says
    /// what counts.)
    fn learn_keys(&mut self) -> bool {
        let mut learned = false;
        for h in self.held.values() {
            let What::Rekey { key, keep } = &h.msg.what else {
                continue;
            };
            if self.keys.contains_key(key) || !self.view.gm_keys.contains(&h.author) {
                continue;
            }
            let mine = keep.iter().find(|(member, _)| *member == self.me_hex);
            let opened = mine.and_then(|(_, shared)| {
                let gm = from_hex_array::<32>(&h.author)?;
                open_share(&self.me, &gm, key, shared)
            });
            if let Some(new_key) = opened {
                self.keys.insert(key.clone(), new_key);
                learned = true;
            }
        }
        learned
    }

    /// Tries again the events kept aside for want of a key.
    fn open_locked(&mut self) {
        let locked = std::mem::take(&mut self.locked);
        for event in locked {
            let _ = self.take_parsed(&event);
        }
    }

    /// Whether the table is on a key this phone was not given: the GM removed it, or its
    /// link is from before the GM moved the table to a new key.
    pub fn key_missing(&self) -> bool {
        let key = &self.view.key_in_use;
        !key.is_empty() && !self.keys.contains_key(key)
    }

    /// The GM who removed me from the table (their name), if one did.
    pub fn removed_by(&self) -> Option<String> {
        self.view
            .removals
            .iter()
            .find(|r| r.removed.iter().any(|(k, _)| *k == self.me_hex))
            .map(|r| {
                self.view
                    .people
                    .iter()
                    .find(|p| p.pubkey == r.by)
                    .map_or_else(|| "The GM".to_string(), |p| p.shown.clone())
            })
    }

    /// The link for newcomers: the invite with every later key this phone holds, so it
    /// opens the whole table. (A phone without the key in use shares the link it has.)
    pub fn link(&self) -> Invite {
        let mut invite = self.invite.clone();
        for key in self.keys.values() {
            if !invite.later.contains(key) {
                invite.later.push(*key);
            }
        }
        invite
    }

    /// The GM moves the table to a new key given to every member but those in `out`
    /// (keys): they are removed, read nothing sent after, and cannot join again. A link
    /// from before opens only what came before; the new one is [`Table::link`].
    pub fn remove(
        &mut self,
        out: &[String],
        now_ms: u64,
        random: Random,
    ) -> Result<Vec<Event>, String> {
        if !self.am_gm() {
            return Err("Only the GM can remove a player.".into());
        }
        let members: Vec<String> = self.view.people.iter().map(|p| p.pubkey.clone()).collect();
        if out.is_empty()
            || out
                .iter()
                .any(|k| !members.contains(k) || *k == self.me_hex)
        {
            return Err("Choose who to remove from the players at the table.".into());
        }
        if self.link().later.len() >= MAX_LATER_KEYS {
            return Err(format!(
                "This table has changed its key {MAX_LATER_KEYS} times: start a new table."
            ));
        }
        let kept: Vec<&String> = members.iter().filter(|k| !out.contains(k)).collect();
        if kept.len() > MAX_KEPT {
            return Err(format!(
                "A table of more than {MAX_KEPT} cannot remove a player: start a new table."
            ));
        }
        let mut new_key = [0u8; 32];
        random(&mut new_key).map_err(|e| e.to_string())?;
        let mut keep = Vec::with_capacity(kept.len());
        for member in kept {
            let mut nonce = [0u8; 24];
            random(&mut nonce).map_err(|e| e.to_string())?;
            let shared = from_hex_array::<32>(member)
                .and_then(|m| share(&self.me, &m, &new_key, &nonce))
                .ok_or("A player's key at this table is not valid.")?;
            keep.push((member.clone(), shared));
        }
        let events = self.say(
            What::Rekey {
                key: key_id(&new_key),
                keep,
            },
            false,
            now_ms,
            random,
        )?;
        self.settle();
        Ok(events)
    }

    /// One event, taken and settled: `Ok` if it is now held.
    pub fn receive(&mut self, event_json: &str) -> Result<(), Dropped> {
        let taken = self.take(event_json);
        if taken.is_ok() {
            self.settle();
        }
        taken
    }

    /// Lets go of what the checkpoint folded in, once much is held: every message at or
    /// before its cut but the hand-overs (which say who the GM is). What is shown is the
    /// same after.
    fn prune(&mut self) {
        if self.held.len() > PRUNE_ABOVE {
            self.let_go_of_folded();
        }
    }

    /// Lets go of what the checkpoint folded in but what says who is who: hand-overs, joins
    /// and leaves (small, few, and read by the GM chain).
    fn let_go_of_folded(&mut self) {
        let Some(cut) = self.view.cut.clone() else {
            return;
        };
        self.held.retain(|_, h| {
            (h.msg.t, &h.author, &h.id) > (cut.t, &cut.author, &cut.id)
                || matches!(
                    h.msg.what,
                    What::Gm { .. } | What::Joined { .. } | What::Left {} | What::Rekey { .. }
                )
        });
    }

    /// Room for one more message when [`MAX_HELD`] are held: what the checkpoint folded in,
    /// then messages that do not count (a stranger's flood), oldest first. Whether there is.
    fn make_room(&mut self) -> bool {
        self.let_go_of_folded();
        if self.held.len() < MAX_HELD {
            return true;
        }
        let junk: Vec<String> = self
            .view
            .not_counting
            .iter()
            .take(MAX_HELD / 10)
            .cloned()
            .collect();
        for id in junk {
            self.held.remove(&id);
        }
        self.held.len() < MAX_HELD
    }

    /// Keeps what is stored of this table within `max` bytes (as JSON), letting go in this
    /// order: what the checkpoint folded in (but who is who), messages that do not count,
    /// the text and labels of the oldest rolls (shown then as not kept on this phone), and
    /// last the oldest messages themselves. Returns whether anything was let go.
    pub fn keep_within(&mut self, max: usize) -> bool {
        let size = |h: &Held| serde_json::to_string(h).map_or(0, |s| s.len() + 1);
        let total = |held: &BTreeMap<String, Held>| held.values().map(size).sum::<usize>() + 1_024;
        if total(&self.held) <= max {
            return false;
        }
        self.let_go_of_folded();
        for id in self.view.not_counting.clone() {
            if total(&self.held) <= max {
                break;
            }
            self.held.remove(&id);
        }
        let mut oldest: Vec<(u64, String)> = self
            .held
            .values()
            .map(|h| (h.msg.t, h.id.clone()))
            .collect();
        oldest.sort();
        let mut now = total(&self.held);
        for (_, id) in &oldest {
            if now <= max {
                break;
            }
            if let Some(h) = self.held.get_mut(id) {
                let before = size(h);
                if let What::Roll { roll, label, .. } | What::Amend { roll, label, .. } =
                    &mut h.msg.what
                {
                    roll.clear();
                    label.clear();
                }
                now = now.saturating_sub(before - size(h));
            }
        }
        for (_, id) in &oldest {
            if now <= max {
                break;
            }
            let keep = self.held.get(id).is_some_and(|h| {
                matches!(
                    h.msg.what,
                    What::Gm { .. } | What::Joined { .. } | What::Left {} | What::Rekey { .. }
                )
            });
            if !keep && let Some(h) = self.held.remove(id) {
                now = now.saturating_sub(size(&h));
            }
        }
        self.refresh();
        true
    }

    /// Opens and reads an event's message; whether it was sealed for the GM alone, and the
    /// id of the later table key it was sealed with (`""`: the invite's).
    fn open_message(&self, event: &Event) -> Result<(Message, bool, String), Dropped> {
        if let Some(id) = keyed_id(&event.content) {
            let key = self.keys.get(id).ok_or(Dropped::Locked)?;
            let plaintext =
                open_keyed(key, event.kind, &event.pubkey, &event.content).ok_or(Dropped::Seal)?;
            let msg = Message::decode(&plaintext).ok_or(Dropped::Plaintext)?;
            if !msg.to.is_empty() {
                return Err(Dropped::Plaintext);
            }
            return Ok((msg, false, id.to_string()));
        }
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
            // Sealed for me as the GM, by its author (my own come from my own saying).
            Some(Sealed::GmOnly) => {
                let opened = from_hex_array::<32>(&event.pubkey)
                    .and_then(|author| gm_key(&self.invite.key, &self.me, &author))
                    .and_then(|key| {
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
        if to_gm && msg.to != self.me_hex {
            return Err(Dropped::Plaintext);
        }
        Ok((msg, to_gm, String::new()))
    }

    /// Builds, seals and signs my message and holds it at once (what I do shows on my phone
    /// before any relay answers). `to_gm` seals it for the GM alone (rolls, their changes
    /// and undos). Returns the event to publish, or why it cannot be sent.
    pub fn say(
        &mut self,
        what: What,
        to_gm: bool,
        now_ms: u64,
        random: Random,
    ) -> Result<Vec<Event>, String> {
        self.check(&what, to_gm)?;
        // What my message names (a joining names only what it follows), and the clock's
        // place for it: after what it names, and after what I hold, within my horizon.
        let cut_t = self.view.cut.as_ref().map_or(0, |c| c.t);
        let joining = matches!(what, What::Joined { .. });
        let p = self.last_own.clone().filter(|_| !joining);
        let a = self.latest_other(now_ms);
        let named_t = |named: &Option<(String, u64)>| named.as_ref().map(|(_, t)| (*t).max(cut_t));
        let bound = named_t(&p)
            .max(named_t(&a))
            .map(|t| t.saturating_add(LEAP_MS));
        let horizon = now_ms.max(self.last_t).saturating_add(AHEAD_MS);
        let seen = self
            .view
            .anchors
            .iter()
            .map(|k| k.t)
            .filter(|t| *t <= horizon)
            .max()
            .unwrap_or(0)
            .max(cut_t)
            .max(named_t(&a).unwrap_or(0));
        let t = next_t(now_ms, self.last_t, seen, bound);
        let msg = Message {
            v: VERSION,
            t,
            p: p.map(|(id, _)| id).unwrap_or_default(),
            a: a.map(|(id, _)| id).unwrap_or_default(),
            to: if to_gm {
                self.view.gm.clone()
            } else {
                String::new()
            },
            what,
        };
        let created_at = now_ms / 1000;
        let sealed_by = if to_gm {
            String::new()
        } else {
            self.view.key_in_use.clone()
        };
        let event = self
            .build(&msg, to_gm, created_at, random)
            .map_err(|e| e.to_string())?;
        self.last_t = t;
        self.left |= matches!(msg.what, What::Left {});
        if !to_gm {
            self.last_own = Some((event.id.clone(), t));
        }
        self.held.insert(
            event.id.clone(),
            Held {
                id: event.id.clone(),
                author: self.me_hex.clone(),
                created_at,
                to_gm,
                sealed_by,
                msg,
            },
        );
        self.refresh();
        Ok(vec![event])
    }

    /// Checks that I may say this now.
    fn check(&self, what: &What, to_gm: bool) -> Result<(), String> {
        if self.ended() {
            return Err("This table has ended.".into());
        }
        if self.key_missing() {
            return Err(if self.removed_by().is_some() {
                "You were removed from this table.".into()
            } else {
                "This link is out of date: the GM has changed the table's link since. Ask the \
                 GM for the new link."
                    .into()
            });
        }
        let joining = matches!(what, What::Joined { .. });
        if joining == self.joined {
            return Err(if joining {
                "You are at this table already.".into()
            } else {
                "You are still joining the table: wait until it is reached.".into()
            });
        }
        if !joining && !self.view.member {
            return Err("You are not at this table any more.".into());
        }
        if to_gm && !what.may_go_to_gm() {
            return Err("Only rolls can be sent to the GM alone.".into());
        }
        if to_gm && self.am_gm() {
            return Err("You are the GM: a roll for the GM alone stays on your phone.".into());
        }
        if what.gm_only() && !self.am_gm() {
            return Err(match what {
                What::Flip { .. } => "Only the GM can flip a dark point.".into(),
                What::Scene(_) => {
                    "Only the GM sets the table's scene: a player adds boosts and progress.".into()
                }
                _ => "Only the GM can do that.".into(),
            });
        }
        if let Some(tray) = what.tray()
            && !is_tray(tray)
        {
            return Err(format!("There is no {tray} tray."));
        }
        let log = &self.view.log;
        match what {
            What::Roll { label, roll, .. } | What::Amend { label, roll, .. } => {
                if !roll_fits(label, roll) {
                    return Err("This roll is too long to share.".into());
                }
                // A change goes where its roll went, and only while that roll stands.
                if let What::Amend { of, .. } = what {
                    let mine = log.iter().any(|e| {
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
            What::Ask {
                tray: _,
                label,
                challenge,
                who,
                ..
            } => {
                if !ask_fits(label, challenge, who) {
                    return Err(format!(
                        "Say what the roll is for in 1 to {MAX_ASK_LABEL_CHARS} characters, \
                         and ask everyone or up to {MAX_ASKED} players."
                    ));
                }
                if self.view.asks.len() >= MAX_OPEN_ASKS {
                    return Err(format!(
                        "{MAX_OPEN_ASKS} requests are open: close one before asking again."
                    ));
                }
            }
            What::Undo { of } => {
                let mine = log.iter().any(|e| {
                    e.id == *of
                        && e.mine
                        && !e.undone
                        && !e.refused
                        && e.to_gm == to_gm
                        && e.what.undoable()
                });
                if !mine {
                    return Err("Only your own roll, flip or setting can be taken back.".into());
                }
            }
            What::Flip { from, check } => {
                if let Some(check) = check {
                    let ask = self.view.asks.iter().find(|a| a.id == check.ask);
                    let fits = *from == PointSide::Dark
                        && ask.is_some_and(|a| {
                            a.tray == crate::pages::Page::NARRATIVE.path()
                                && a.asks(&check.player, &self.view.gm)
                        });
                    if !fits {
                        return Err("A dark point goes on a player's open narrative check.".into());
                    }
                    if ask.is_some_and(|a| a.upgraded.contains(&check.player)) {
                        return Err("A dark point is spent on this check already.".into());
                    }
                }
                let pool = self.view.pool.unwrap_or_default();
                let left = match from {
                    PointSide::Light => pool.light,
                    PointSide::Dark => pool.dark,
                };
                if left == 0 {
                    return Err(match from {
                        PointSide::Light => "No light point is left.".into(),
                        PointSide::Dark => "No dark point is left.".into(),
                    });
                }
            }
            What::Scene(act) => {
                if !act.fits() {
                    return Err(
                        "A name is 1 to 40 characters, and numbers within the scene's bounds."
                            .into(),
                    );
                }
                // Done on a copy of the scene as it stands: refused there, refused everywhere.
                let mut scene = self.view.scene.clone();
                if !scene.apply("", act) {
                    return Err(match act {
                        SceneAct::Progress { .. }
                        | SceneAct::Remove { .. }
                        | SceneAct::Edit { .. } => "That is no longer in the table's scene.".into(),
                        _ => "The table's scene is full: remove something first.".into(),
                    });
                }
            }
            What::Points { light, dark } => {
                if *light > MAX_POINTS || *dark > MAX_POINTS {
                    return Err(format!("At most {MAX_POINTS} points on each side."));
                }
            }
            What::Side { challenge, .. } => {
                if !chars_within(challenge, 0, MAX_TEXT_CHARS) {
                    return Err("This challenge is too long.".into());
                }
            }
            What::Joined { name } => {
                if !name_fits(name) {
                    return Err("A name is 1 to 40 characters.".into());
                }
            }
            What::Gm { to, after: _ } => {
                let member = self.view.people.iter().any(|p| p.pubkey == *to && !p.me);
                if !member || !from_hex_array::<32>(to).is_some_and(|k| valid_public(&k)) {
                    return Err("Choose someone at this table.".into());
                }
            }
            What::Left {} => {
                if self.am_gm() {
                    return Err(
                        "Hand the GM role to someone at the table first, or end the table.".into(),
                    );
                }
            }
            What::Checkpoint(checkpoint) => {
                if !checkpoint.fits() {
                    return Err("This checkpoint does not fit the protocol.".into());
                }
            }
            What::Close { of } => {
                if !self.view.asks.iter().any(|a| a.id == *of) {
                    return Err("That request is closed already.".into());
                }
            }
            What::Rekey { key, keep } => {
                if !rekey_fits(key, keep) || !keep.iter().any(|(m, _)| *m == self.me_hex) {
                    return Err("Choose who to remove from the players at the table.".into());
                }
            }
            What::End {} => {}
            What::Unsupported => return Err("This Dicetray cannot send that.".into()),
        }
        Ok(())
    }

    /// Hands the GM role to `to` (a member's key): names the hand-over that made me GM.
    pub fn hand_over(
        &mut self,
        to: &str,
        now_ms: u64,
        random: Random,
    ) -> Result<Vec<Event>, String> {
        let after = self.view.gm_by.clone();
        self.say(
            What::Gm {
                to: to.to_string(),
                after,
            },
            false,
            now_ms,
            random,
        )
    }

    /// A checkpoint the GM should write now, if one is due: when the log after the cut has
    /// grown to [`CHECKPOINT_EVERY`] entries (cut so that the newest 100 remain), or when
    /// someone joined whom no checkpoint names yet (so relays can be asked for their
    /// messages by key).
    pub fn checkpoint_due(&self) -> Option<What> {
        // Never from a view that may yet change before the cut: a GM's act not yet told.
        if !self.am_gm() || self.ended() || !self.joined || self.view.uncertain {
            return None;
        }
        let view = &self.view;
        let members: Vec<String> = view.people.iter().map(|p| p.pubkey.clone()).collect();
        let since = |people: &[(String, String)]| -> Vec<String> {
            members
                .iter()
                .filter(|k| !people.iter().any(|(p, _)| p == *k))
                .cloned()
                .collect()
        };
        if let Some(cut) = due_cut(&view.counted, &view.asks) {
            let (_, snapshot) = fold(
                &hex(&self.invite.gm),
                &self.me_hex,
                self.held.values(),
                Some(cut),
            );
            let mut checkpoint = snapshot?;
            checkpoint.since = since(&checkpoint.people);
            return Some(What::Checkpoint(Box::new(checkpoint)));
        }
        let unnamed = members
            .iter()
            .any(|k| !view.checkpoint_names.contains(k) && *k != self.me_hex);
        // A new GM names the hand-over their role came from, at once (not while two are
        // in sight: a former GM's fork is settled by the one named first).
        let unpinned = !view.gm_by.is_empty()
            && !view.contested
            && !self.held.values().any(|h| {
                h.author == self.me_hex
                    && matches!(&h.msg.what, What::Checkpoint(c) if c.gm_by == view.gm_by)
            });
        if !unnamed && !unpinned {
            return None;
        }
        // The same cut and state as the checkpoint folded from, naming everyone.
        let base = view
            .checkpoint
            .as_ref()
            .and_then(|key| self.held.get(&key.id))
            .and_then(|h| match &h.msg.what {
                What::Checkpoint(c) => Some((**c).clone()),
                _ => None,
            });
        let mut checkpoint = base.unwrap_or(Checkpoint {
            cut: None,
            people: Vec::new(),
            left: Vec::new(),
            gm_by: String::new(),
            pool: None,
            sides: Vec::new(),
            scene: TableScene::default(),
            key: String::new(),
            since: Vec::new(),
        });
        checkpoint.since = since(&checkpoint.people);
        checkpoint.gm_by = view.gm_by.clone();
        Some(What::Checkpoint(Box::new(checkpoint)))
    }

    /// Seals and signs one of my messages.
    fn build(
        &self,
        msg: &Message,
        to_gm: bool,
        created_at: u64,
        random: Random,
    ) -> Result<Event, NoRandom> {
        let mut tags = vec![vec!["t".to_string(), self.invite.tag()]];
        // A joining is found by its tag too (see `sync`): a member no one has named yet is
        // still found, whatever else floods the table.
        if matches!(msg.what, What::Joined { .. }) && !to_gm {
            tags.push(JOIN_TAG.iter().map(|s| s.to_string()).collect());
        }
        // Rolls may go from relays after a week (NIP-40); what says who is at the table,
        // who is GM, and what the pool and sides are, stays, so a table played weekly
        // still shows a late joiner the table as it is.
        if matches!(msg.what, What::Roll { .. } | What::Amend { .. }) {
            tags.push(vec![
                "expiration".to_string(),
                created_at.saturating_add(EXPIRY_SECONDS).to_string(),
            ]);
        }
        let mut nonce = [0u8; 24];
        random(&mut nonce)?;
        let plaintext = msg.to_json();
        // For the GM alone; for the table with the invite's key; or with the key in use,
        // which `check` made sure this phone holds, named in the content.
        let (which, key, later) = if to_gm {
            let key = from_hex_array::<32>(&msg.to)
                .and_then(|gm| gm_key(&self.invite.key, &self.me, &gm))
                .ok_or(NoRandom)?;
            (Sealed::GmOnly, key, false)
        } else if self.view.key_in_use.is_empty() {
            (Sealed::Table, self.invite.key, false)
        } else {
            let key = self.keys.get(&self.view.key_in_use).ok_or(NoRandom)?;
            (Sealed::Table, *key, true)
        };
        let sealed = seal(
            which,
            &key,
            KIND_MESSAGE,
            &self.me_hex,
            plaintext.as_bytes(),
            &nonce,
        );
        let content = if later { keyed(&key, &sealed) } else { sealed };
        let mut aux = [0u8; 32];
        random(&mut aux)?;
        Ok(Event::signed(
            &self.me,
            created_at,
            KIND_MESSAGE,
            tags,
            content,
            &aux,
        ))
    }
}

/// Where the GM's next checkpoint cuts, if one is due: once [`CHECKPOINT_EVERY`] entries
/// follow the cut, so that the newest [`KEPT_AFTER_CUT`] remain; but never past a request
/// still open (every phone reads requests from the messages after the cut), unless that
/// would keep more than [`MAX_KEPT_FOR_ASKS`] entries: then the oldest requests go with the cut.
fn due_cut<'a>(counted: &'a [Key], asks: &[OpenAsk]) -> Option<&'a Key> {
    if counted.len() < CHECKPOINT_EVERY {
        return None;
    }
    let mut at = counted.len() - KEPT_AFTER_CUT - 1;
    let oldest_open = asks
        .iter()
        .filter_map(|a| counted.iter().position(|k| *k == a.key))
        .filter(|i| counted.len() - i <= MAX_KEPT_FOR_ASKS)
        .min();
    if let Some(i) = oldest_open {
        // Worth a checkpoint only if it folds in as much as one without requests would.
        at = at.min(i.checked_sub(1)?);
        if at + 1 < CHECKPOINT_EVERY - KEPT_AFTER_CUT {
            return None;
        }
    }
    counted.get(at)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(n: usize) -> Vec<Key> {
        (0..n)
            .map(|i| Key::new(i as u64 + 1, &"aa".repeat(32), &format!("{i:064x}")))
            .collect()
    }

    fn open_at(key: &Key) -> OpenAsk {
        OpenAsk {
            id: key.id.clone(),
            key: key.clone(),
            tray: "narrative".into(),
            label: "Perception".into(),
            challenge: String::new(),
            who: Vec::new(),
            to_gm: false,
            answers: Vec::new(),
            upgraded: Vec::new(),
        }
    }

    #[test]
    fn the_cut_stops_before_an_open_request_while_it_folds_enough() {
        let at = |counted: &[Key], asks: &[OpenAsk]| {
            due_cut(counted, asks).map(|cut| counted.iter().position(|k| k == cut))
        };
        let k = keys(150);
        // (where the request is, where the cut falls), counted by hand: 150 entries, the
        // newest 100 kept, so index 49; never at or past a request; 50 folded at least.
        assert_eq!(at(&k[..149], &[]), None, "not due before 150");
        assert_eq!(at(&k, &[]), Some(Some(49)));
        assert_eq!(at(&k, &[open_at(&k[60])]), Some(Some(49)), "after the cut");
        assert_eq!(at(&k, &[open_at(&k[50])]), Some(Some(49)), "just after it");
        assert_eq!(at(&k, &[open_at(&k[49])]), None, "48 would fold too little");
        assert_eq!(at(&k, &[open_at(&k[0])]), None);
        let k = keys(200);
        assert_eq!(at(&k, &[open_at(&k[120])]), Some(Some(99)));
        assert_eq!(
            at(&k, &[open_at(&k[70]), open_at(&k[120])]),
            Some(Some(69)),
            "the oldest open request holds it"
        );
        // Past 400 entries an open request goes with the cut.
        let k = keys(500);
        assert_eq!(at(&k, &[open_at(&k[99])]), Some(Some(399)));
        assert_eq!(at(&k, &[open_at(&k[100])]), Some(Some(99)));
    }
}
