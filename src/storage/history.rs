//! How the roll history is saved: the checks an entry passes when read back, and the
//! result links that carry one roll. The stored form of an entry is in `history_entry`;
//! the history itself lives in `core::history`; older versions and their migrations are in
//! `migrations::history`.

use serde::Serialize;
use serde_json::Value;

use super::history_entry::{DedicatedRecord, Entry, Head, RerollRecord, Tail, V8};
use super::migrations::history::EntryV7;
use super::stored::{Lenient, read, read_version};
use super::{Decoded, Document};

use crate::core::effective_level::{Dedicated, ElDefence, ElRoll};
use crate::core::facet::clean_name;
use crate::core::highest_d6::{ChallengeKind, D6Check, MAX_COST_CHARS, MAX_SUM_LINE_CHARS};
use crate::core::history::{HistoryEntry, MAX_HISTORY, MAX_LABEL_CHARS, RecordedRoll, RollHistory};
use crate::core::narrative::{NarrativeRoll, Reroll};
use crate::core::notation::effective_level::{
    format_check, format_faces as format_el_faces, parse_check, parse_faces as parse_el_faces,
};
use crate::core::notation::highest_d6::{format_plan, format_roll, parse_plan, parse_roll};
use crate::core::notation::narrative::{format_faces, format_pool, parse_faces, parse_pool};
use crate::core::story_points::{ChangeKind, PointCounts, StoryChange, StoryNaming, StorySide};

fn decode_entry(item: Lenient<Entry>) -> Result<HistoryEntry, String> {
    let Entry { head, tail } = item.0.map_err(|e| format!("a roll: {}", String::from(e)))?;
    let Head {
        id,
        at: at_ms,
        label,
        who,
        real_dice,
        to_gm,
        pool,
    } = head;
    let read = || -> Result<_, String> {
        if label.chars().count() > MAX_LABEL_CHARS {
            return Err(format!("label longer than {MAX_LABEL_CHARS} characters"));
        }
        let who = who
            .as_deref()
            .map(|name| clean_name(name, "character"))
            .transpose()?;
        let roll = match tail {
            Tail::Narrative { faces, rerolls } => read_narrative(&pool, &faces, rerolls)?,
            Tail::HighestD6 {
                faces,
                plan,
                kind,
                conflict,
                cost,
            } => read_d6(&pool, &faces, &plan, &kind, conflict, cost)?,
            Tail::EffectiveLevel {
                faces,
                their_faces,
                dedicated,
            } => read_el(&pool, &faces, &their_faces, dedicated)?,
            Tail::ElDefence { faces, attack } => read_defence(&pool, &faces, attack)?,
            Tail::StoryPoints {
                change,
                players,
                gm,
                dice,
            } => read_story(&pool, &change, PointCounts { players, gm }, &dice)?,
        };
        Ok((who, roll))
    };
    let (who, roll) = read().map_err(|e| format!("the roll \"{label}\" ({pool}): {e}"))?;
    Ok(HistoryEntry {
        id,
        at_ms,
        label,
        who,
        real_dice,
        to_gm,
        roll,
    })
}

fn read_narrative(
    pool: &str,
    faces: &str,
    rerolled: Vec<RerollRecord>,
) -> Result<RecordedRoll, String> {
    let pool = parse_pool(pool).map_err(|e| e.to_string())?;
    let dice = parse_faces(faces).map_err(|e| e.to_string())?;
    let mut rerolls = Vec::new();
    for RerollRecord(die, was) in rerolled {
        let was = parse_faces(&was).map_err(|e| e.to_string())?;
        let ([before], Ok(index)) = (was.as_slice(), usize::try_from(die)) else {
            return Err("a re-roll must name one die".into());
        };
        rerolls.push(Reroll {
            index,
            before: *before,
        });
    }
    let roll = NarrativeRoll::from_parts(dice, pool.added(), rerolls).map_err(|e| e.to_string())?;
    if *roll.pool() != pool {
        return Err("its dice do not match its pool".into());
    }
    Ok(RecordedRoll::Narrative(roll))
}

fn read_d6(
    pool: &str,
    faces: &str,
    plan: &str,
    kind: &str,
    conflict: bool,
    cost: Option<String>,
) -> Result<RecordedRoll, String> {
    let plan = parse_plan(plan).map_err(|e| e.to_string())?;
    let roll = parse_roll(plan, faces).map_err(|e| e.to_string())?;
    let kind = ChallengeKind::from_key(kind)
        .ok_or_else(|| format!("no such kind of challenge “{kind}”"))?;
    if pool.chars().count() > MAX_SUM_LINE_CHARS {
        return Err("its pool is too long".into());
    }
    let mut check = D6Check {
        roll,
        pool_line: pool.to_string(),
        kind,
        conflict,
        cost: None,
    };
    if let Some(cost) = cost {
        if cost.chars().count() > MAX_COST_CHARS {
            return Err("its cost note is too long".into());
        }
        check.note_cost(&cost)?;
    }
    Ok(RecordedRoll::HighestD6(check))
}

fn read_el(
    pool: &str,
    faces: &str,
    their_faces: &str,
    dedicated: Option<DedicatedRecord>,
) -> Result<RecordedRoll, String> {
    let mut check = parse_check(pool).map_err(|e| e.to_string())?;
    let faces = parse_el_faces(faces).map_err(|e| e.to_string())?;
    let theirs = parse_el_faces(their_faces).map_err(|e| e.to_string())?;
    if let Some(DedicatedRecord(kind, name)) = dedicated {
        let text = |s: &str, what: &str| -> Result<String, String> {
            if s.is_empty() {
                Ok(String::new())
            } else {
                clean_name(s, what)
            }
        };
        check.dedicated = Some(Dedicated {
            kind: text(&kind, "kind")?,
            name: text(&name, "dedicated effect")?,
        });
    }
    Ok(RecordedRoll::EffectiveLevel(ElRoll::from_parts(
        check, faces, theirs,
    )?))
}

/// A defence: its check (the Simple Pool, nothing against it), its faces, the attack.
fn read_defence(pool: &str, faces: &str, attack: Option<u32>) -> Result<RecordedRoll, String> {
    let check = parse_check(pool).map_err(|e| e.to_string())?;
    let faces = parse_el_faces(faces).map_err(|e| e.to_string())?;
    let roll = ElRoll::from_parts(check, faces, Vec::new())?;
    Ok(RecordedRoll::ElDefence(ElDefence::new(roll, attack)?))
}

/// A story points change: `"destiny", "spend-players", 2, 3, ""` after the head.
fn read_story(
    naming: &str,
    change: &str,
    after: PointCounts,
    dice: &str,
) -> Result<RecordedRoll, String> {
    let naming = StoryNaming::from_key(naming)
        .ok_or_else(|| format!("no such naming of story points “{naming}”"))?;
    let dice = parse_faces(dice).map_err(|e| e.to_string())?;
    let kind = match (change, dice.is_empty()) {
        ("set", true) => ChangeKind::Set,
        ("start", true) => ChangeKind::Started,
        ("roll", false) => ChangeKind::Rolled(dice),
        ("spend-players", true) => ChangeKind::Spent(StorySide::Players),
        ("spend-gm", true) => ChangeKind::Spent(StorySide::Gm),
        ("undo", true) => ChangeKind::Undone,
        _ => return Err("it names no change to story points".into()),
    };
    let change = StoryChange::from_parts(naming, kind, after)?;
    Ok(RecordedRoll::StoryPoints(change))
}

/// What a story points change is stored as, and its Force dice (empty unless rolled).
fn story_kind(kind: &ChangeKind) -> (&'static str, &[crate::core::narrative::RolledDie]) {
    match kind {
        ChangeKind::Set => ("set", &[]),
        ChangeKind::Started => ("start", &[]),
        ChangeKind::Rolled(dice) => ("roll", dice),
        ChangeKind::Spent(StorySide::Players) => ("spend-players", &[]),
        ChangeKind::Spent(StorySide::Gm) => ("spend-gm", &[]),
        ChangeKind::Undone => ("undo", &[]),
    }
}

fn encode_entry(e: &HistoryEntry) -> Entry {
    let (pool, tail) = match &e.roll {
        RecordedRoll::Narrative(roll) => {
            let reroll = |r: &Reroll| RerollRecord(r.index as u64, format_faces(&[r.before]));
            let tail = Tail::Narrative {
                faces: format_faces(roll.dice()),
                rerolls: roll.rerolls().iter().map(reroll).collect(),
            };
            (format_pool(roll.pool()), tail)
        }
        RecordedRoll::HighestD6(check) => {
            let tail = Tail::HighestD6 {
                faces: format_roll(&check.roll),
                plan: format_plan(check.roll.plan()),
                kind: check.kind.key().into(),
                conflict: check.conflict,
                cost: check.cost.clone(),
            };
            (check.pool_line.clone(), tail)
        }
        RecordedRoll::EffectiveLevel(roll) => {
            let dedicated = roll
                .check
                .dedicated
                .as_ref()
                .map(|d| DedicatedRecord(d.kind.clone(), d.name.clone()));
            let tail = Tail::EffectiveLevel {
                faces: format_el_faces(&roll.faces),
                their_faces: format_el_faces(&roll.their_faces),
                dedicated,
            };
            (format_check(&roll.check), tail)
        }
        RecordedRoll::ElDefence(defence) => {
            let tail = Tail::ElDefence {
                faces: format_el_faces(&defence.roll.faces),
                attack: defence.attack,
            };
            (format_check(&defence.roll.check), tail)
        }
        RecordedRoll::StoryPoints(change) => {
            let (kind, dice) = story_kind(&change.kind);
            let tail = Tail::StoryPoints {
                change: kind.into(),
                players: change.after.players,
                gm: change.after.gm,
                dice: format_faces(dice),
            };
            (change.naming.key().into(), tail)
        }
    };
    let head = Head {
        id: e.id,
        at: e.at_ms,
        label: e.label.clone(),
        who: e.who.clone(),
        real_dice: e.real_dice,
        to_gm: e.to_gm,
        pool,
    };
    Entry { head, tail }
}

impl Document for RollHistory {
    const KEY: &'static str = "dicetray.history";
    const TITLE: &'static str = "roll history";
    const VERSION: u32 = 8;

    fn decode(version: u32, data: Value) -> Result<Decoded<Self>, String> {
        let V8(items) =
            read_version::<Self, V8<Lenient<Entry>>>(version, data, "the roll history")?;
        let mut entries = Vec::new();
        let mut set_aside = Vec::new();
        for item in items {
            match decode_entry(item) {
                Ok(entry) => entries.push(entry),
                Err(reason) => set_aside.push(reason),
            }
        }
        if entries.len() > MAX_HISTORY {
            let extra = entries.len() - MAX_HISTORY;
            set_aside.push(format!("{extra} rolls past the limit of {MAX_HISTORY}"));
        }
        Ok(Decoded {
            value: RollHistory::from_entries(entries),
            set_aside,
        })
    }

    fn encode(&self) -> impl Serialize {
        V8(self.entries().iter().map(encode_entry).collect())
    }
}

/// A roll as a result link carries it: `[version, entry]`, the entry as History stores it,
/// so a link read by a later Dicetray reads as History does.
pub fn entry_link_text(entry: &HistoryEntry) -> String {
    serde_json::to_string(&(RollHistory::VERSION, encode_entry(entry))).unwrap_or_default()
}

/// Reads what [`entry_link_text`] writes, checking the roll as History checks its own; a
/// clear message for anything else.
pub fn entry_from_link(text: &str) -> Result<HistoryEntry, String> {
    const WHAT: &str = "The link's roll could not be read";
    if text.len() > MAX_LINK_CHARS {
        return Err(format!("{WHAT}: it is too long."));
    }
    let (version, entry): (u32, Value) =
        serde_json::from_str(text).map_err(|_| format!("{WHAT}: it is not a roll."))?;
    if version > RollHistory::VERSION {
        return Err(format!(
            "{WHAT}: it was made by a newer version of Dicetray. Reload to update."
        ));
    }
    if version < FIRST_LINK_VERSION {
        return Err(format!("{WHAT}: it is not a roll."));
    }
    // Versions 6 and 7 stored what version 8 stores, less defences (6) and `to_gm`.
    let item = if version < 8 {
        Lenient(read::<EntryV7>(entry).map(Entry::from))
    } else {
        Lenient(read(entry))
    };
    decode_entry(item).map_err(|reason| format!("{WHAT}: {reason}."))
}

/// The History version result links first carried.
const FIRST_LINK_VERSION: u32 = 6;

/// The longest result link text read: a full narrative tray's roll with re-rolls fits.
pub const MAX_LINK_CHARS: usize = 8_000;
