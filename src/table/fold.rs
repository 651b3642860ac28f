//! What a phone shows, as a function of the set of messages it holds, and of nothing else
//! (not the order they came in, its clock, or when it joined): sort them into the agreed
//! order, find the GM chain and the newest checkpoint that counts, and fold the messages
//! after its cut onto what it says.
//!
//! A message counts when it is on time (see `order`), its author is a member at its place
//! (their first message joins them), and, for the GM's acts, its author is the GM there and
//! covered (see `chain`). A flip with no point left on its side counts, refused. After the
//! GM ends the table nothing counts.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::chain::GmChain;
use super::checkpoint::{Checkpoint, Pool};
use super::held::{Held, Ledger};
use super::message::{PointSide, What};
use super::order::{Key, timely};
use super::people::{People, Person};
use super::scene::TableScene;

/// Log entries a phone shows (the newest).
pub const MAX_LOG: usize = 100;

/// One message in the table's log, in the order every phone agrees on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    /// The event id.
    pub id: String,
    /// The author's key (hex).
    pub author: String,
    /// The author's name, bound to their key.
    pub by: String,
    /// Its place in the order (the author's clock, ms).
    pub t: u64,
    /// The author's clock when it was signed (seconds): the time shown.
    pub created_at: u64,
    /// Sealed for the GM only.
    pub to_gm: bool,
    /// Written by this device.
    pub mine: bool,
    /// What it says.
    pub what: What,
    /// Refused at its place in the order: a flip with no point of that side left, a request
    /// over the open four, a scene change with no room or nothing by the id it names.
    pub refused: bool,
    /// Taken back by its author.
    pub undone: bool,
    /// Sealed for a GM who was no longer GM at its place: it reached no one (shown only
    /// to its author, who may send it again).
    pub undelivered: bool,
}

/// Most requests open at once: the GM closes one before asking for a fifth (a request
/// over it is refused on every phone alike).
pub const MAX_OPEN_ASKS: usize = 4;

/// A request for a roll the GM has made and no GM has closed, with its answers so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpenAsk {
    /// The request's event id.
    pub id: String,
    /// Its place in the order.
    pub key: Key,
    /// The tray to roll on.
    pub tray: String,
    /// What the roll is for: the roll's label.
    pub label: String,
    /// The GM's side for the roll (challenge notation, `""`: none).
    pub challenge: String,
    /// The players asked (keys); empty: everyone but the GM.
    pub who: Vec<String>,
    /// The answers go to the GM alone.
    pub to_gm: bool,
    /// Each player's answer as it stands, by who answered first, as this phone may read them.
    pub answers: Vec<AskAnswer>,
    /// The players whose check the GM spent a dark point on (it upgrades the GM's side of
    /// their roll), in order.
    pub upgraded: Vec<String>,
}

impl OpenAsk {
    /// Whether `player` is asked, `gm` being the GM (not asked by "everyone").
    pub fn asks(&self, player: &str, gm: &str) -> bool {
        if self.who.is_empty() {
            player != gm
        } else {
            self.who.iter().any(|k| k == player)
        }
    }

    /// The answer `player` gave, if any.
    pub fn answer_of(&self, player: &str) -> Option<&AskAnswer> {
        self.answers.iter().find(|a| a.player == player)
    }
}

/// One player's answer to a request: their newest roll answering it not taken back, as it
/// stands now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AskAnswer {
    /// Who answered (key).
    pub player: String,
    /// The answering roll's event id.
    pub roll_id: String,
    /// The roll's result link text, as it stands now (its newest change).
    pub roll: String,
    /// The roll was changed since it was sent (dice rolled again, a cost noted).
    pub changed: bool,
    /// It replaced an earlier answer of the same player.
    pub replaced: bool,
}

/// A move of the table to a new key that counts: who it removed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Removal {
    /// The move's event id.
    pub id: String,
    /// The GM who made it (key).
    pub by: String,
    /// The new key's id.
    pub key: String,
    /// Who it removed: (key, name shown), in join order.
    pub removed: Vec<(String, String)>,
}

/// The table as the messages held make it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Folded {
    /// The GM now.
    pub gm: String,
    /// The hand-over that made the GM now GM (its id), `""` for the invite's GM.
    pub gm_by: String,
    /// How many times the GM role has been handed over.
    pub hand_overs: usize,
    /// Members now, in join order.
    pub people: Vec<Person>,
    /// The Destiny pool, once the GM has started it.
    pub pool: Option<Pool>,
    /// The GM's side per tray.
    pub sides: BTreeMap<String, String>,
    /// The GM's requests for rolls not closed yet, oldest first.
    pub asks: Vec<OpenAsk>,
    /// The table's scene.
    pub scene: TableScene,
    /// Whether the GM has ended the table.
    pub ended: bool,
    /// The id of the table key in use now (`""`: the invite's key): what new messages are
    /// sealed with, and what a joining must be sealed with to count.
    pub key_in_use: String,
    /// The moves to new keys after the cut that count, in order, with who each removed.
    pub removals: Vec<Removal>,
    /// The newest [`MAX_LOG`] entries this phone may read, in the agreed order.
    pub log: Vec<LogEntry>,
    /// Where the kept log starts: the cut of the checkpoint folded from.
    pub cut: Option<Key>,
    /// Where the checkpoint folded from was written.
    pub checkpoint: Option<Key>,
    /// Who the checkpoint folded from names (members at its cut and who joined since).
    pub checkpoint_names: Vec<String>,
    /// The keys of the messages after the cut that count, in order (when to checkpoint,
    /// and where).
    pub counted: Vec<Key>,
    /// The messages that count, sealed for the table, in order: what my clock goes past and
    /// my next message may name as `a` (see `phone`).
    pub anchors: Vec<Key>,
    /// Whether this device is a member.
    pub member: bool,
    /// Every GM's key, the invite's first.
    pub gm_keys: Vec<String>,
    /// Everyone whose messages matter: members, and whoever a checkpoint or a join names.
    pub member_keys: Vec<String>,
    /// Ids named by messages held (what they follow) that this phone does not hold.
    pub missing: Vec<String>,
    /// Held messages after the cut that do not count (junk first to go when room is short).
    pub not_counting: Vec<String>,
    /// A GM's own chain forked into two hand-overs: no new GM names one while it sees two.
    pub contested: bool,
    /// A GM's act could not be told counted or not yet (a link of its author's chain is not
    /// held): the GM writes no checkpoint until it can.
    pub uncertain: bool,
}

impl Folded {
    /// The GM's side for `tray`, if one is set.
    pub fn side(&self, tray: &str) -> Option<&str> {
        self.sides.get(tray).map(String::as_str)
    }
}

/// Takes `h` into the open requests: a roll answering one as its player's answer (replacing
/// their earlier one), a change of an answering roll as that roll now stands.
fn answer(asks: &mut [OpenAsk], h: &Held, gm_here: &str, roll_stands: bool) {
    match &h.msg.what {
        What::Roll { roll, answers, .. } if !answers.is_empty() => {
            let Some(ask) = asks.iter_mut().find(|a| a.id == *answers) else {
                return;
            };
            if !ask.asks(&h.author, gm_here) {
                return;
            }
            let answer = AskAnswer {
                player: h.author.clone(),
                roll_id: h.id.clone(),
                roll: roll.clone(),
                changed: false,
                replaced: false,
            };
            match ask.answers.iter_mut().find(|a| a.player == h.author) {
                Some(earlier) => {
                    *earlier = AskAnswer {
                        replaced: true,
                        ..answer
                    }
                }
                None => ask.answers.push(answer),
            }
        }
        What::Amend { of, roll, .. } => {
            if !roll_stands {
                return;
            }
            for answer in asks.iter_mut().flat_map(|a| a.answers.iter_mut()) {
                if answer.roll_id == *of {
                    answer.roll = roll.clone();
                    answer.changed = true;
                }
            }
        }
        _ => {}
    }
}

/// Whether taking this back is the GM's act: the GM's own settings and dark flips.
fn gm_setting(what: &What) -> bool {
    matches!(
        what,
        What::Points { .. }
            | What::Side { .. }
            | What::Flip {
                from: PointSide::Dark,
                ..
            }
    ) || matches!(what, What::Scene(act) if act.gm_only())
}

/// The table the held messages make, seen by the device `me`. With `snapshot`, also what
/// a checkpoint cut at that key would say (for the GM writing one).
pub fn fold<'a>(
    invite_gm: &str,
    me: &str,
    held: impl Iterator<Item = &'a Held>,
    snapshot: Option<&Key>,
) -> (Folded, Option<Checkpoint>) {
    let ledger = Ledger::new(held);
    let chain = GmChain::compute(invite_gm, &ledger);

    let mut uncertain = false;
    let mut covers = |h: &Held| {
        let covered = chain.covers(&ledger, h);
        uncertain |= covered.is_none();
        covered == Some(true)
    };
    // The newest checkpoint that counts.
    let base = ledger.sorted.iter().rev().find_map(|h| match &h.msg.what {
        What::Checkpoint(c) if c.cut.as_ref().is_none_or(|cut| *cut < h.key()) && covers(h) => {
            Some((*h, &**c))
        }
        _ => None,
    });
    let cut = base.and_then(|(_, c)| c.cut.clone());
    let cut_t = cut.as_ref().map_or(0, |c| c.t);
    let mut people = base.map_or_else(People::default, |(_, c)| {
        People::from_checkpoint(&c.people, &c.left)
    });
    let mut pool = base.and_then(|(_, c)| c.pool);
    let mut sides: BTreeMap<String, String> = base
        .map(|(_, c)| c.sides.iter().cloned().collect())
        .unwrap_or_default();
    let mut scene = base.map(|(_, c)| c.scene.clone()).unwrap_or_default();
    let mut key_in_use = base.map(|(_, c)| c.key.clone()).unwrap_or_default();
    let mut removals: Vec<Removal> = Vec::new();
    let start = ledger
        .sorted
        .partition_point(|h| cut.as_ref().is_some_and(|c| h.key() <= *c));
    let window = &ledger.sorted[start..];

    // Which messages count, in order: on time, a member's, the GM's acts the GM's. Only
    // those that count anchor the clock: junk cannot lift what later messages may name.
    let mut on_time_t: BTreeMap<&str, u64> = BTreeMap::new();
    let mut counts = vec![false; window.len()];
    let mut timely_by_a_person = vec![false; window.len()];
    let mut ended = false;
    let mut snapshot_people = None;
    let mut snapshot_key = String::new();
    for (i, h) in window.iter().enumerate() {
        let named = |x: &str| -> Option<u64> {
            (!x.is_empty()).then(|| on_time_t.get(x).copied().unwrap_or(cut_t))
        };
        let on_time = match named(&h.msg.p).max(named(&h.msg.a)) {
            // Only the table's first message names nothing: the invite's GM joining.
            None => h.author == invite_gm && !h.to_gm && matches!(h.msg.what, What::Joined { .. }),
            Some(after) => timely(h.msg.t, after),
        };
        let key = h.key();
        counts[i] = on_time
            && !ended
            && match &h.msg.what {
                _ if h.to_gm && !h.msg.what.may_go_to_gm() => false,
                // A joining counts only sealed with the key in use: a link from before the GM
                // moved the table to a new key no longer lets anyone in.
                What::Joined { name } => {
                    let joins = !h.to_gm
                        && h.msg.p.is_empty()
                        && h.sealed_by == key_in_use
                        && people.may_join(&h.author);
                    if joins {
                        people.join(&h.author, name);
                    }
                    joins
                }
                _ if !people.is_member(&h.author) => false,
                What::Left {} => {
                    let leaves = chain.gm_at(&key) != h.author;
                    if leaves {
                        people.leave(&h.author);
                    }
                    leaves
                }
                What::Gm { .. } => chain.is_hand_over(&h.id),
                What::Rekey { key, keep } => {
                    let moves = covers(h);
                    if moves {
                        let removed: Vec<(String, String)> = people
                            .members()
                            .iter()
                            .filter(|(k, _)| *k != h.author && !keep.iter().any(|(m, _)| m == k))
                            .map(|(k, _)| (k.clone(), people.shown(k).unwrap_or("").to_string()))
                            .collect();
                        for (k, _) in &removed {
                            people.leave(k);
                        }
                        key_in_use = key.clone();
                        removals.push(Removal {
                            id: h.id.clone(),
                            by: h.author.clone(),
                            key: key.clone(),
                            removed,
                        });
                    }
                    moves
                }
                What::Undo { of } => ledger
                    .get(of)
                    .is_none_or(|target| !gm_setting(&target.msg.what) || covers(h)),
                what if what.gm_only() => covers(h),
                _ => true,
            };
        if counts[i] && matches!(h.msg.what, What::End {}) {
            ended = true;
        }
        if counts[i] && !h.to_gm {
            on_time_t.insert(&h.id, h.msg.t);
        }
        timely_by_a_person[i] = on_time && people.shown(&h.author).is_some();
        if snapshot == Some(&key) {
            snapshot_people = Some((people.joined(), people.left()));
            snapshot_key = key_in_use.clone();
        }
    }

    // What is taken back: its author's own earlier message, sent the same way.
    let mut undone = vec![false; window.len()];
    for (i, h) in window.iter().enumerate() {
        let What::Undo { of } = &h.msg.what else {
            continue;
        };
        if !counts[i] {
            continue;
        }
        if let Some(j) = ledger.position(of).and_then(|p| p.checked_sub(start))
            && j < i
            && counts[j]
            && window[j].author == h.author
            && window[j].to_gm == h.to_gm
            && window[j].msg.what.undoable()
        {
            undone[j] = true;
        }
    }

    // The pool, the sides and the requests, in order; the log.
    let mut asks: Vec<OpenAsk> = Vec::new();
    let mut entries = Vec::new();
    let mut counted = Vec::new();
    let mut checkpoint = None;
    for (i, h) in window.iter().enumerate() {
        if !counts[i] {
            continue;
        }
        let mut refused = false;
        if !undone[i] {
            match &h.msg.what {
                What::Flip { from, check } => {
                    // A dark point on a player's check: that player's, on a narrative request
                    // open now that asks them; once per check (a second is refused).
                    let gm_here = chain.gm_at(&h.key());
                    let on = check.as_ref().and_then(|c| {
                        people.shown(&c.player)?;
                        asks.iter()
                            .position(|a| {
                                a.id == c.ask
                                    && a.tray == crate::pages::Page::NARRATIVE.path()
                                    && a.asks(&c.player, gm_here)
                            })
                            .map(|i| (i, c.player.clone()))
                    });
                    let mut now = pool.unwrap_or_default();
                    let (take, give) = match from {
                        PointSide::Light => (&mut now.light, &mut now.dark),
                        PointSide::Dark => (&mut now.dark, &mut now.light),
                    };
                    let spent = on
                        .as_ref()
                        .is_some_and(|(i, player)| asks[*i].upgraded.contains(player));
                    if *take == 0 || spent {
                        refused = true;
                    } else {
                        *take -= 1;
                        *give = give.saturating_add(1);
                        pool = Some(now);
                        if let Some((i, player)) = on {
                            asks[i].upgraded.push(player);
                        }
                    }
                }
                What::Points { light, dark } => {
                    pool = Some(Pool {
                        light: *light,
                        dark: *dark,
                    });
                }
                What::Side { tray, challenge } => {
                    if challenge.is_empty() {
                        sides.remove(tray);
                    } else {
                        sides.insert(tray.clone(), challenge.clone());
                    }
                }
                What::Ask {
                    tray,
                    label,
                    challenge,
                    who,
                    to_gm,
                } => {
                    if asks.len() < MAX_OPEN_ASKS {
                        asks.push(OpenAsk {
                            id: h.id.clone(),
                            key: h.key(),
                            tray: tray.clone(),
                            label: label.clone(),
                            challenge: challenge.clone(),
                            who: who.clone(),
                            to_gm: *to_gm,
                            answers: Vec::new(),
                            upgraded: Vec::new(),
                        });
                    } else {
                        refused = true;
                    }
                }
                What::Close { of } => asks.retain(|a| a.id != *of),
                What::Scene(act) => refused = !scene.apply(&h.id, act),
                _ => {}
            }
        }
        let key = h.key();
        if snapshot == Some(&key) {
            let (joined, left) = snapshot_people.clone().unwrap_or_default();
            checkpoint = Some(Checkpoint {
                cut: Some(key.clone()),
                people: joined,
                left,
                gm_by: chain.gm_by().to_string(),
                pool,
                sides: sides.iter().map(|(t, c)| (t.clone(), c.clone())).collect(),
                scene: scene.clone(),
                key: snapshot_key.clone(),
                since: Vec::new(),
            });
        }
        if matches!(h.msg.what, What::Checkpoint(_)) {
            continue;
        }
        counted.push(key.clone());
        let gm_here = chain.gm_at(&key);
        let mine = h.author == me;
        let undelivered = h.to_gm && h.msg.to != gm_here;
        let visible = !h.to_gm || mine || (h.msg.to == me && !undelivered);
        if visible && !undone[i] && !undelivered {
            // A change answers for its roll only while that roll counts and stands, by its
            // author, sent alike.
            let roll_stands = match &h.msg.what {
                What::Amend { of, .. } => ledger
                    .position(of)
                    .and_then(|p| p.checked_sub(start))
                    .is_some_and(|j| {
                        j < i
                            && counts[j]
                            && !undone[j]
                            && window[j].author == h.author
                            && window[j].to_gm == h.to_gm
                            && matches!(window[j].msg.what, What::Roll { .. })
                    }),
                _ => false,
            };
            answer(&mut asks, h, gm_here, roll_stands);
        }
        if visible {
            entries.push(LogEntry {
                id: h.id.clone(),
                author: h.author.clone(),
                by: people.shown(&h.author).unwrap_or("Someone").to_string(),
                t: h.msg.t,
                created_at: h.created_at,
                to_gm: h.to_gm,
                mine,
                what: h.msg.what.clone(),
                refused,
                undone: undone[i],
                undelivered,
            });
        }
    }
    let log = entries.split_off(entries.len().saturating_sub(MAX_LOG));

    let anchors: Vec<Key> = window
        .iter()
        .filter(|h| on_time_t.contains_key(h.id.as_str()))
        .map(|h| h.key())
        .collect();
    let mut member_keys: Vec<String> = people.members().iter().map(|(k, _)| k.clone()).collect();
    let mut checkpoint_names = Vec::new();
    if let Some((_, c)) = base {
        checkpoint_names.extend(c.people.iter().map(|(k, _)| k.clone()));
        checkpoint_names.extend(c.since.iter().cloned());
    }
    for key in checkpoint_names.iter().cloned().chain(
        window
            .iter()
            .zip(&counts)
            .filter(|(h, counts)| **counts && matches!(h.msg.what, What::Joined { .. }))
            .map(|(h, _)| h.author.clone()),
    ) {
        if !member_keys.contains(&key) {
            member_keys.push(key);
        }
    }
    // What the table's people name and this phone lacks (junk names nothing worth asking).
    let mut missing: Vec<String> = Vec::new();
    let mut want = |id: &str| {
        if !id.is_empty() && ledger.get(id).is_none() && !missing.iter().any(|m| m == id) {
            missing.push(id.to_string());
        }
    };
    for (h, named) in window.iter().zip(&timely_by_a_person) {
        if *named {
            want(&h.msg.p);
            want(&h.msg.a);
        }
    }
    for h in &ledger.sorted {
        if let What::Gm { after, .. } = &h.msg.what
            && chain.keys().any(|k| k == h.author)
        {
            want(after);
        }
    }
    let gm = chain.gm().to_string();
    let folded = Folded {
        people: people.shown_to(me, &gm),
        member: people.is_member(me),
        gm_keys: chain.keys().map(str::to_string).collect(),
        hand_overs: chain.hand_overs(),
        gm_by: chain.gm_by().to_string(),
        gm,
        pool,
        sides,
        asks,
        scene,
        ended,
        key_in_use,
        removals,
        log,
        cut,
        checkpoint: base.map(|(h, _)| h.key()),
        checkpoint_names,
        counted,
        anchors,
        member_keys,
        missing,
        not_counting: window
            .iter()
            .zip(&counts)
            .filter(|(_, c)| !**c)
            .map(|(h, _)| h.id.clone())
            .collect(),
        uncertain,
        contested: chain.contested,
    };
    (folded, checkpoint)
}
