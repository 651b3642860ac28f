//! How the roll history is saved: the stored form of every entry, its versions and their
//! migration, and the checks an entry passes when read back. The history itself lives in
//! `core::history`.

use serde::Serialize;
use serde_json::Value;

use super::fields::{
    Field, Fields, ReadRecord, Then, WriteField, WriteRecord, each_item, object_to_array,
    object_to_value, record,
};
use super::{Decoded, Document, read_record};

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

record! {
    /// Version 7: `[entry, ...]`, newest first; an entry is an array, `[id, at, label, who,
    /// real_dice, system, pool, ...]` (`who`, the character, is `null` when none was rolling;
    /// `real_dice` is true when the faces were entered by hand), then by system:
    /// - narrative: `[..., "narrative", "2g1y", "g3 y11", [[die, "g0"], ...]]`, each re-roll
    ///   naming the die and the face it showed before;
    /// - Highest d6: `[..., "d6", "3 base + Keen Eye = 4 dice", "6 3 1 1", "4" | "none-one" |
    ///   "none-lowest", "physical", conflict, cost]`, the cost `null` or its note;
    /// - Effective Level: `[..., "el", "el 10 wager 3 vs 4 by the goblin", "d2:1 d2:0 ...", the other side's
    ///   faces, dedicated]`, dedicated `null` or `["Injury", "elbow"]`;
    /// - an Effective Level defence: `[..., "el-defence", "el 4", "d2:1 d2:0 ...", attack]`,
    ///   the Simple Pool at the defence's EL and the attack's value it met, or `null`;
    /// - story points: `[..., "story", "destiny" | "story-points", "set" | "start" | "roll" |
    ///   "spend-players" | "spend-gm" | "undo", players, gm, "w3 w9"]`: the naming, what
    ///   changed, the counts after it, and the Force dice of a roll (else `""`).
    ///
    /// Version 6 had no defences (it was version 7 less one kind of entry). Version 5 had
    /// no `real_dice` (every roll was the app's own) and no story points; version 4
    /// was version 5 without the other side's name (`by ...`) in the EL notation, and with
    /// Highest d6 pool lines holding no conditions. Versions 1 to 3 stored
    /// `{"entries": [entry, ...]}`, each entry an object with those names: `{"id", "at",
    /// "label", "who"?, "system", "pool", "faces"}` and the system's own, `"rerolls"?: [{"die",
    /// "was"}]`, `"dice", "kind", "conflict", "cost"?`, or `"vs_faces"?, "dedicated"?`; version
    /// 1 held narrative rolls only, version 2 added the character and Highest d6, version 3
    /// Effective Level.
    ///
    /// What every entry starts with.
    struct Head {
        id: u64,
        at: u64,
        label: String,
        /// The character who rolled, if one was.
        who: Option<String>,
        /// Whether the faces were entered by hand.
        real_dice: bool,
        /// `"narrative"`, `"d6"`, `"el"`, `"el-defence"` or `"story"`: which of the tails
        /// below follows.
        system: String,
        /// The pool in the system's notation (for story points, the naming).
        pool: String,
    }
}

record! {
    /// A narrative roll after the head.
    struct NarrativeTail {
        faces: String,
        rerolls: Vec<RerollRecord>,
    }
}

record! {
    /// A re-roll: the die and the face it showed before, `[die, "g0"]`.
    struct RerollRecord {
        die: u64,
        was: String,
    }
}

record! {
    /// A Highest d6 roll after the head.
    struct D6Tail {
        faces: String,
        /// How the dice were read: `"4"`, `"none-one"` or `"none-lowest"`.
        plan: String,
        kind: String,
        conflict: bool,
        cost: Option<String>,
    }
}

record! {
    /// An Effective Level roll after the head.
    struct ElTail {
        faces: String,
        their_faces: String,
        dedicated: Option<DedicatedRecord>,
    }
}

record! {
    /// An Effective Level defence after the head (whose pool is its check, `el 4`).
    struct DefenceTail {
        faces: String,
        /// The attack's value, if the player gave it.
        attack: Option<u32>,
    }
}

record! {
    /// A dedicated effect: `["Injury", "elbow"]`.
    struct DedicatedRecord {
        kind: String,
        name: String,
    }
}

record! {
    /// A story points change after the head (whose pool is the naming).
    struct StoryTail {
        /// `"set"`, `"start"`, `"roll"`, `"spend-players"`, `"spend-gm"` or `"undo"`.
        change: String,
        players: u32,
        gm: u32,
        /// The Force dice of a roll, else `""`.
        dice: String,
    }
}

/// What follows the head, by system.
enum Tail {
    Narrative(NarrativeTail),
    HighestD6(D6Tail),
    EffectiveLevel(ElTail),
    ElDefence(DefenceTail),
    StoryPoints(StoryTail),
}

impl WriteRecord for Tail {
    fn write_into(&self, fields: &mut Vec<Field>) {
        match self {
            Self::Narrative(tail) => tail.write_into(fields),
            Self::HighestD6(tail) => tail.write_into(fields),
            Self::EffectiveLevel(tail) => tail.write_into(fields),
            Self::ElDefence(tail) => tail.write_into(fields),
            Self::StoryPoints(tail) => tail.write_into(fields),
        }
    }

    #[cfg(test)]
    fn name_into(&self, members: &mut serde_json::Map<String, Value>) {
        match self {
            Self::Narrative(tail) => tail.name_into(members),
            Self::HighestD6(tail) => tail.name_into(members),
            Self::EffectiveLevel(tail) => tail.name_into(members),
            Self::ElDefence(tail) => tail.name_into(members),
            Self::StoryPoints(tail) => tail.name_into(members),
        }
    }
}

fn decode_entry(item: &Value) -> Result<HistoryEntry, String> {
    let mut fields = Fields::of(item).map_err(|e| format!("a roll: {}", String::from(e)))?;
    let Head {
        id,
        at: at_ms,
        label,
        who,
        real_dice,
        system,
        pool,
    } = Head::read_from(&mut fields).map_err(|e| format!("a roll: {}", String::from(e)))?;
    let mut read = || -> Result<_, String> {
        if label.chars().count() > MAX_LABEL_CHARS {
            return Err(format!("label longer than {MAX_LABEL_CHARS} characters"));
        }
        let who = who
            .as_deref()
            .map(|name| clean_name(name, "character"))
            .transpose()?;
        let roll = match system.as_str() {
            "narrative" => read_narrative(&pool, NarrativeTail::read_from(&mut fields)?)?,
            "d6" => read_d6(&pool, D6Tail::read_from(&mut fields)?)?,
            "el" => read_el(&pool, ElTail::read_from(&mut fields)?)?,
            "el-defence" => read_defence(&pool, DefenceTail::read_from(&mut fields)?)?,
            "story" => read_story(&pool, StoryTail::read_from(&mut fields)?)?,
            other => return Err(format!("unknown system \"{other}\"")),
        };
        fields.end()?;
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

fn read_narrative(pool: &str, tail: NarrativeTail) -> Result<RecordedRoll, String> {
    let pool = parse_pool(pool).map_err(|e| e.to_string())?;
    let dice = parse_faces(&tail.faces).map_err(|e| e.to_string())?;
    let mut rerolls = Vec::new();
    for RerollRecord { die, was } in tail.rerolls {
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

fn read_d6(pool: &str, tail: D6Tail) -> Result<RecordedRoll, String> {
    let D6Tail {
        faces,
        plan,
        kind,
        conflict,
        cost,
    } = tail;
    let plan = parse_plan(&plan).map_err(|e| e.to_string())?;
    let roll = parse_roll(plan, &faces).map_err(|e| e.to_string())?;
    let kind = ChallengeKind::from_key(&kind)
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

fn read_el(pool: &str, tail: ElTail) -> Result<RecordedRoll, String> {
    let mut check = parse_check(pool).map_err(|e| e.to_string())?;
    let faces = parse_el_faces(&tail.faces).map_err(|e| e.to_string())?;
    let theirs = parse_el_faces(&tail.their_faces).map_err(|e| e.to_string())?;
    if let Some(DedicatedRecord { kind, name }) = tail.dedicated {
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
fn read_defence(pool: &str, tail: DefenceTail) -> Result<RecordedRoll, String> {
    let check = parse_check(pool).map_err(|e| e.to_string())?;
    let faces = parse_el_faces(&tail.faces).map_err(|e| e.to_string())?;
    let roll = ElRoll::from_parts(check, faces, Vec::new())?;
    Ok(RecordedRoll::ElDefence(ElDefence::new(roll, tail.attack)?))
}

/// A story points change: `"destiny", "spend-players", 2, 3, ""` after the head.
fn read_story(naming: &str, tail: StoryTail) -> Result<RecordedRoll, String> {
    let naming = StoryNaming::from_key(naming)
        .ok_or_else(|| format!("no such naming of story points “{naming}”"))?;
    let StoryTail {
        change,
        players,
        gm,
        dice,
    } = tail;
    let dice = parse_faces(&dice).map_err(|e| e.to_string())?;
    let kind = match (change.as_str(), dice.is_empty()) {
        ("set", true) => ChangeKind::Set,
        ("start", true) => ChangeKind::Started,
        ("roll", false) => ChangeKind::Rolled(dice),
        ("spend-players", true) => ChangeKind::Spent(StorySide::Players),
        ("spend-gm", true) => ChangeKind::Spent(StorySide::Gm),
        ("undo", true) => ChangeKind::Undone,
        _ => return Err("it names no change to story points".into()),
    };
    let change = StoryChange::from_parts(naming, kind, PointCounts { players, gm })?;
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

/// An entry as written: its head, then its system's fields.
type Written = Then<Head, Tail>;

fn encode_entry(e: &HistoryEntry) -> Written {
    let head = |system: &str, pool: String| Head {
        id: e.id,
        at: e.at_ms,
        label: e.label.clone(),
        who: e.who.clone(),
        real_dice: e.real_dice,
        system: system.into(),
        pool,
    };
    match &e.roll {
        RecordedRoll::Narrative(roll) => {
            let reroll = |r: &Reroll| RerollRecord {
                die: r.index as u64,
                was: format_faces(&[r.before]),
            };
            let tail = NarrativeTail {
                faces: format_faces(roll.dice()),
                rerolls: roll.rerolls().iter().map(reroll).collect(),
            };
            Then(
                head("narrative", format_pool(roll.pool())),
                Tail::Narrative(tail),
            )
        }
        RecordedRoll::HighestD6(check) => {
            let tail = D6Tail {
                faces: format_roll(&check.roll),
                plan: format_plan(check.roll.plan()),
                kind: check.kind.key().into(),
                conflict: check.conflict,
                cost: check.cost.clone(),
            };
            Then(head("d6", check.pool_line.clone()), Tail::HighestD6(tail))
        }
        RecordedRoll::EffectiveLevel(roll) => {
            let dedicated = roll.check.dedicated.as_ref().map(|d| DedicatedRecord {
                kind: d.kind.clone(),
                name: d.name.clone(),
            });
            let tail = ElTail {
                faces: format_el_faces(&roll.faces),
                their_faces: format_el_faces(&roll.their_faces),
                dedicated,
            };
            Then(
                head("el", format_check(&roll.check)),
                Tail::EffectiveLevel(tail),
            )
        }
        RecordedRoll::ElDefence(defence) => {
            let tail = DefenceTail {
                faces: format_el_faces(&defence.roll.faces),
                attack: defence.attack,
            };
            Then(
                head("el-defence", format_check(&defence.roll.check)),
                Tail::ElDefence(tail),
            )
        }
        RecordedRoll::StoryPoints(change) => {
            let (kind, dice) = story_kind(&change.kind);
            let tail = StoryTail {
                change: kind.into(),
                players: change.after.players,
                gm: change.after.gm,
                dice: format_faces(dice),
            };
            Then(
                head("story", change.naming.key().into()),
                Tail::StoryPoints(tail),
            )
        }
    }
}

/// Rewrites an entry versions 1 to 3 stored as an object, by its system's fields; one of
/// an unknown system, or with another system's fields, is left for the reader to refuse.
fn upgrade_entry(entry: &mut Value) {
    let system = entry.get("system").and_then(Value::as_str).unwrap_or("");
    let (keys, defaults): (&[&str], &str) = match system {
        "narrative" => (
            &[
                "id", "at", "label", "who", "system", "pool", "faces", "rerolls",
            ],
            "[null,null,null,null,null,null,null,[]]",
        ),
        "d6" => (
            &[
                "id", "at", "label", "who", "system", "pool", "faces", "dice", "kind", "conflict",
                "cost",
            ],
            "[null,null,null,null,null,null,null,null,null,false,null]",
        ),
        "el" => (
            &[
                "id",
                "at",
                "label",
                "who",
                "system",
                "pool",
                "faces",
                "vs_faces",
                "dedicated",
            ],
            r#"[null,null,null,null,null,null,null,"",null]"#,
        ),
        _ => return,
    };
    each_item(entry.get_mut("rerolls"), |reroll| {
        object_to_array(reroll, &["die", "was"], "[null,null]");
    });
    object_to_array(entry, keys, defaults);
}

impl Document for RollHistory {
    const KEY: &'static str = "dicetray.history";
    const TITLE: &'static str = "roll history";
    const VERSION: u32 = 7;

    /// Version 5 only let entries hold more, so version 4 reads as it is; version 6 adds
    /// `real_dice`; version 7 only adds defences, so version 6 reads as it is.
    fn upgrade(version: u32, data: &mut Value) {
        if version < 4 {
            object_to_value(data, "entries");
            each_item(Some(data), upgrade_entry);
        }
        if version < 6 {
            // Every roll before version 6 was the app's own: `real_dice` false, after `who`.
            each_item(Some(data), |entry| {
                if let Value::Array(fields) = entry
                    && fields.len() >= 4
                {
                    fields.insert(4, Value::Bool(false));
                }
            });
        }
    }

    fn decode(data: Value) -> Result<Decoded<Self>, String> {
        let items: Vec<Value> = read_record(&data, "the roll history")?;
        let mut entries = Vec::new();
        let mut set_aside = Vec::new();
        for item in &items {
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
        stored(self).write()
    }
}

/// What `RollHistory` is stored as: its record, written by [`Document::encode`].
pub(super) fn stored(value: &RollHistory) -> impl WriteField {
    value.entries().iter().map(encode_entry).collect::<Vec<_>>()
}

/// A roll as a result link carries it: `[version, entry]`, the entry as History stores it,
/// so a link read by a later Dicetray migrates like History does.
pub fn entry_link_text(entry: &HistoryEntry) -> String {
    serde_json::to_string(&(RollHistory::VERSION, encode_entry(entry).write())).unwrap_or_default()
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
    // Through History's own upgrade, as a one-roll history of that version.
    let mut history = Value::Array(vec![entry]);
    RollHistory::upgrade(version, &mut history);
    let Value::Array(mut entries) = history else {
        return Err(format!("{WHAT}."));
    };
    let entry = entries.pop().ok_or_else(|| format!("{WHAT}."))?;
    decode_entry(&entry).map_err(|reason| format!("{WHAT}: {reason}."))
}

/// The History version result links first carried.
const FIRST_LINK_VERSION: u32 = 6;

/// The longest result link text read: a full narrative tray's roll with re-rolls fits.
pub const MAX_LINK_CHARS: usize = 8_000;
