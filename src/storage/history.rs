//! How the roll history is saved: the stored form of every entry, and the checks an entry
//! passes when read back. The history itself lives in `core::history`; older versions and
//! their migrations are in `migrations::history`.

use std::fmt;

use serde::de::{self, SeqAccess, Visitor};
use serde::ser::SerializeSeq;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use super::stored::{Lenient, next_field, read, read_version};
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

/// Version 7, what this build writes: `[entry, ...]`, newest first. Read as
/// `V7<Lenient<Entry>>`, each entry on its own.
#[derive(Serialize, Deserialize)]
pub(super) struct V7<E = Entry>(pub Vec<E>);

/// An entry: an array, `[id, at, label, who, real_dice, system, pool, ...]` (`who`, the
/// character, is `null` when none was rolling; `real_dice` is true when the faces were
/// entered by hand), then its system's own fields ([`Tail`]). Its length depends on the
/// system, so its serde is written by hand.
pub(super) struct Entry {
    /// What every entry starts with.
    pub head: Head,
    /// The system's own fields; the system is named in the stored array.
    pub tail: Tail,
}

/// What every entry starts with, less the system its tail names.
pub(super) struct Head {
    pub id: u64,
    pub at: u64,
    pub label: String,
    /// The character who rolled, if one was.
    pub who: Option<String>,
    /// Whether the faces were entered by hand.
    pub real_dice: bool,
    /// The pool in the system's notation (for story points, the naming).
    pub pool: String,
}

/// What follows the head, by system.
pub(super) enum Tail {
    /// `[..., "narrative", "2g1y", "g3 y11", [[die, "g0"], ...]]`, each re-roll naming the
    /// die and the face it showed before.
    Narrative {
        faces: String,
        rerolls: Vec<RerollRecord>,
    },
    /// `[..., "d6", "3 base + Keen Eye = 4 dice", "6 3 1 1", "4" | "none-one" |
    /// "none-lowest", "physical", conflict, cost]`, the cost `null` or its note.
    HighestD6 {
        faces: String,
        /// How the dice were read.
        plan: String,
        kind: String,
        conflict: bool,
        cost: Option<String>,
    },
    /// `[..., "el", "el 10 wager 3 vs 4 by the goblin", "d2:1 d2:0 ...", the other side's
    /// faces, dedicated]`, dedicated `null` or `["Injury", "elbow"]`.
    EffectiveLevel {
        faces: String,
        their_faces: String,
        dedicated: Option<DedicatedRecord>,
    },
    /// `[..., "el-defence", "el 4", "d2:1 d2:0 ...", attack]`: the Simple Pool at the
    /// defence's EL and the attack's value it met, or `null`.
    ElDefence { faces: String, attack: Option<u32> },
    /// `[..., "story", "destiny" | "story-points", "set" | "start" | "roll" |
    /// "spend-players" | "spend-gm" | "undo", players, gm, "w3 w9"]`: the naming, what
    /// changed, the counts after it, and the Force dice of a roll (else `""`).
    StoryPoints {
        change: String,
        players: u32,
        gm: u32,
        dice: String,
    },
}

/// A re-roll: the die and the face it showed before, `[die, "g0"]`.
#[derive(Serialize, Deserialize)]
pub(super) struct RerollRecord(pub u64, pub String);

/// A dedicated effect: `["Injury", "elbow"]`.
#[derive(Serialize, Deserialize)]
pub(super) struct DedicatedRecord(pub String, pub String);

impl Tail {
    /// The system's name in the stored array.
    fn system(&self) -> &'static str {
        match self {
            Self::Narrative { .. } => "narrative",
            Self::HighestD6 { .. } => "d6",
            Self::EffectiveLevel { .. } => "el",
            Self::ElDefence { .. } => "el-defence",
            Self::StoryPoints { .. } => "story",
        }
    }

    /// Reads the fields of `system` after an entry's head; an unknown system refuses the
    /// entry.
    pub(super) fn read<'de, A: SeqAccess<'de>>(
        system: &str,
        fields: &mut A,
    ) -> Result<Self, A::Error> {
        let fields = &mut *fields;
        Ok(match system {
            "narrative" => Self::Narrative {
                faces: next_field(fields)?,
                rerolls: next_field(fields)?,
            },
            "d6" => Self::HighestD6 {
                faces: next_field(fields)?,
                plan: next_field(fields)?,
                kind: next_field(fields)?,
                conflict: next_field(fields)?,
                cost: next_field(fields)?,
            },
            "el" => Self::EffectiveLevel {
                faces: next_field(fields)?,
                their_faces: next_field(fields)?,
                dedicated: next_field(fields)?,
            },
            "el-defence" => Self::ElDefence {
                faces: next_field(fields)?,
                attack: next_field(fields)?,
            },
            "story" => Self::StoryPoints {
                change: next_field(fields)?,
                players: next_field(fields)?,
                gm: next_field(fields)?,
                dice: next_field(fields)?,
            },
            _ => return Err(de::Error::custom("an unknown system")),
        })
    }

    /// How many fields it writes.
    fn len(&self) -> usize {
        match self {
            Self::Narrative { .. } | Self::ElDefence { .. } => 2,
            Self::EffectiveLevel { .. } => 3,
            Self::StoryPoints { .. } => 4,
            Self::HighestD6 { .. } => 5,
        }
    }

    /// Writes its fields after the head.
    fn write<S: SerializeSeq>(&self, fields: &mut S) -> Result<(), S::Error> {
        match self {
            Self::Narrative { faces, rerolls } => {
                fields.serialize_element(faces)?;
                fields.serialize_element(rerolls)
            }
            Self::HighestD6 {
                faces,
                plan,
                kind,
                conflict,
                cost,
            } => {
                fields.serialize_element(faces)?;
                fields.serialize_element(plan)?;
                fields.serialize_element(kind)?;
                fields.serialize_element(conflict)?;
                fields.serialize_element(cost)
            }
            Self::EffectiveLevel {
                faces,
                their_faces,
                dedicated,
            } => {
                fields.serialize_element(faces)?;
                fields.serialize_element(their_faces)?;
                fields.serialize_element(dedicated)
            }
            Self::ElDefence { faces, attack } => {
                fields.serialize_element(faces)?;
                fields.serialize_element(attack)
            }
            Self::StoryPoints {
                change,
                players,
                gm,
                dice,
            } => {
                fields.serialize_element(change)?;
                fields.serialize_element(players)?;
                fields.serialize_element(gm)?;
                fields.serialize_element(dice)
            }
        }
    }
}

impl Serialize for Entry {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let head = &self.head;
        let mut fields = serializer.serialize_seq(Some(7 + self.tail.len()))?;
        fields.serialize_element(&head.id)?;
        fields.serialize_element(&head.at)?;
        fields.serialize_element(&head.label)?;
        fields.serialize_element(&head.who)?;
        fields.serialize_element(&head.real_dice)?;
        fields.serialize_element(self.tail.system())?;
        fields.serialize_element(&head.pool)?;
        self.tail.write(&mut fields)?;
        fields.end()
    }
}

impl<'de> Deserialize<'de> for Entry {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        /// Reads the head, then the tail its system names.
        struct Fields;
        impl<'de> Visitor<'de> for Fields {
            type Value = Entry;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a roll")
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut fields: A) -> Result<Entry, A::Error> {
                let id = next_field(&mut fields)?;
                let at = next_field(&mut fields)?;
                let label = next_field(&mut fields)?;
                let who = next_field(&mut fields)?;
                let real_dice = next_field(&mut fields)?;
                let system: String = next_field(&mut fields)?;
                let pool = next_field(&mut fields)?;
                let tail = Tail::read(&system, &mut fields)?;
                let head = Head {
                    id,
                    at,
                    label,
                    who,
                    real_dice,
                    pool,
                };
                Ok(Entry { head, tail })
            }
        }
        deserializer.deserialize_seq(Fields)
    }
}

fn decode_entry(item: Lenient<Entry>) -> Result<HistoryEntry, String> {
    let Entry { head, tail } = item.0.map_err(|e| format!("a roll: {}", String::from(e)))?;
    let Head {
        id,
        at: at_ms,
        label,
        who,
        real_dice,
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
        pool,
    };
    Entry { head, tail }
}

impl Document for RollHistory {
    const KEY: &'static str = "dicetray.history";
    const TITLE: &'static str = "roll history";
    const VERSION: u32 = 7;

    fn decode(version: u32, data: Value) -> Result<Decoded<Self>, String> {
        let V7(items) =
            read_version::<Self, V7<Lenient<Entry>>>(version, data, "the roll history")?;
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
        V7(self.entries().iter().map(encode_entry).collect())
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
    // Version 6 stored what version 7 stores, less defences: both read as an entry today.
    decode_entry(Lenient(read(entry))).map_err(|reason| format!("{WHAT}: {reason}."))
}

/// The History version result links first carried.
const FIRST_LINK_VERSION: u32 = 6;

/// The longest result link text read: a full narrative tray's roll with re-rolls fits.
pub const MAX_LINK_CHARS: usize = 8_000;
