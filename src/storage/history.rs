//! Roll history: the last rolls of every system, newest first.

use rand::Rng;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use super::{Decoded, Document, decode_item, decode_record};

use crate::core::effective_level::{Dedicated, ElRoll};
use crate::core::facet::clean_name;
use crate::core::highest_d6::{ChallengeKind, D6Check, MAX_COST_CHARS, MAX_SUM_LINE_CHARS};
use crate::core::narrative::{NarrativeRoll, Reroll};
use crate::core::notation::effective_level::{
    format_check, format_faces as format_el_faces, parse_check, parse_faces as parse_el_faces,
};
use crate::core::notation::highest_d6::{format_plan, format_roll, parse_plan, parse_roll};
use crate::core::notation::narrative::{format_faces, format_pool, parse_faces, parse_pool};
use crate::core::tone::Tone;

/// The most rolls history keeps.
pub const MAX_HISTORY: usize = 100;
/// The longest roll label, in characters.
pub const MAX_LABEL_CHARS: usize = 80;

/// A roll of any system, as history keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordedRoll {
    /// A narrative dice roll.
    Narrative(NarrativeRoll),
    /// A Highest d6 check.
    HighestD6(D6Check),
    /// An Effective Level roll.
    EffectiveLevel(ElRoll),
}

/// One roll in the history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryEntry {
    /// Unique within the history; names the entry when a die is re-rolled.
    pub id: u64,
    /// When it was rolled, in milliseconds since 1970.
    pub at_ms: u64,
    /// What the roll was for ("Pilot: evade the TIEs"); may be empty.
    pub label: String,
    /// The character who rolled, by name, if one was active.
    pub who: Option<String>,
    /// What was rolled and how it landed.
    pub roll: RecordedRoll,
}

/// The history of rolls, newest first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RollHistory {
    entries: Vec<HistoryEntry>,
}

impl RecordedRoll {
    /// Rolls one die again, keeping the face it replaced.
    pub fn reroll(&mut self, index: usize, rng: &mut (impl Rng + ?Sized)) -> Result<(), String> {
        match self {
            Self::Narrative(roll) => roll.reroll(index, rng).map_err(|e| e.to_string()),
            Self::HighestD6(_) | Self::EffectiveLevel(_) => {
                Err("Only narrative dice are rolled again one by one.".into())
            }
        }
    }

    /// The system's name, shown beside each roll in the shared history.
    pub fn system_title(&self) -> &'static str {
        match self {
            Self::Narrative(_) => "Narrative",
            Self::HighestD6(_) => "Highest d6",
            Self::EffectiveLevel(_) => "Effective Level",
        }
    }
}

impl HistoryEntry {
    /// The label cut to `MAX_LABEL_CHARS` and trimmed.
    pub fn clean_label(label: &str) -> String {
        label
            .trim()
            .chars()
            .take(MAX_LABEL_CHARS)
            .collect::<String>()
            .trim_end()
            .to_string()
    }

    /// The pool in short: `2g1y`, `4d6`.
    pub fn pool_text(&self) -> String {
        match &self.roll {
            RecordedRoll::Narrative(roll) => format_pool(roll.pool()),
            RecordedRoll::HighestD6(check) => check.roll.plan().to_string(),
            RecordedRoll::EffectiveLevel(roll) => format_check(&roll.check),
        }
    }

    /// The outcome in a word or two: "Success", "Costly success", ...
    pub fn headline(&self) -> &'static str {
        match &self.roll {
            RecordedRoll::Narrative(roll) => roll.result().headline(),
            RecordedRoll::HighestD6(check) => check.outcome().title(),
            RecordedRoll::EffectiveLevel(roll) => roll.headline(),
        }
    }

    /// How the outcome reads for the roller.
    pub fn tone(&self) -> Tone {
        match &self.roll {
            RecordedRoll::Narrative(roll) => roll.result().tone(),
            RecordedRoll::HighestD6(check) => check.outcome().tone(),
            RecordedRoll::EffectiveLevel(roll) => roll.tone(),
        }
    }

    /// The parts behind the headline: "1 net success", "rolled 6 4 1", ...
    pub fn details(&self) -> Vec<String> {
        match &self.roll {
            RecordedRoll::Narrative(roll) => roll.result().details(),
            RecordedRoll::HighestD6(check) => {
                let mut parts = vec![check.pool_line.clone()];
                parts.extend(check.details());
                parts
            }
            RecordedRoll::EffectiveLevel(roll) => roll.details(),
        }
    }

    /// The result in one line, e.g. "Success: 1 net success, 2 advantage".
    pub fn summary(&self) -> String {
        format!("{}: {}", self.headline(), self.details().join(", "))
    }

    /// How many dice were re-rolled since the first roll.
    pub fn reroll_count(&self) -> usize {
        match &self.roll {
            RecordedRoll::Narrative(roll) => roll.rerolls().len(),
            RecordedRoll::HighestD6(_) | RecordedRoll::EffectiveLevel(_) => 0,
        }
    }

    /// "2 dice re-rolled", or `None` when nothing was.
    pub fn rerolled_note(&self) -> Option<String> {
        match &self.roll {
            RecordedRoll::Narrative(roll) => roll.rerolled_note(),
            RecordedRoll::HighestD6(_) | RecordedRoll::EffectiveLevel(_) => None,
        }
    }

    /// Plain text to paste into a chat: who, label, pool, result, re-rolls.
    pub fn text(&self) -> String {
        let mut text = String::new();
        for part in [self.who.as_deref().unwrap_or(""), &self.label] {
            if !part.is_empty() {
                text.push_str(part);
                text.push_str(" | ");
            }
        }
        text.push_str(&format!("{}: {}", self.pool_text(), self.summary()));
        if let Some(note) = self.rerolled_note() {
            text.push_str(&format!(" ({note})"));
        }
        text
    }
}

impl RollHistory {
    /// Newest first.
    pub fn entries(&self) -> &[HistoryEntry] {
        &self.entries
    }

    /// The entry with this id.
    pub fn get(&self, id: u64) -> Option<&HistoryEntry> {
        self.entries.iter().find(|e| e.id == id)
    }

    /// Adds a roll at the front, dropping the oldest beyond `MAX_HISTORY`.
    pub fn record(&mut self, entry: HistoryEntry) {
        self.entries.insert(0, entry);
        self.entries.truncate(MAX_HISTORY);
    }

    /// Re-rolls die `index` of entry `id`; the entry records the face it replaced.
    pub fn reroll(
        &mut self,
        id: u64,
        index: usize,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<(), String> {
        let entry = self
            .entries
            .iter_mut()
            .find(|e| e.id == id)
            .ok_or("That roll is no longer in the history.")?;
        entry.roll.reroll(index, rng)
    }

    /// Forgets every roll.
    pub fn clear(&mut self) {
        self.entries.clear();
    }

    /// Adds another history's rolls that are not here yet (by id), newest first, keeping
    /// the newest `MAX_HISTORY`.
    pub fn merge(&mut self, other: &RollHistory) {
        for entry in &other.entries {
            if self.get(entry.id).is_none() {
                self.entries.push(entry.clone());
            }
        }
        self.entries.sort_by_key(|e| std::cmp::Reverse(e.at_ms));
        self.entries.truncate(MAX_HISTORY);
    }

    /// Notes the cost of the costly success `id`.
    pub fn note_cost(&mut self, id: u64, cost: &str) -> Result<(), String> {
        match self.entries.iter_mut().find(|e| e.id == id) {
            Some(HistoryEntry {
                roll: RecordedRoll::HighestD6(check),
                ..
            }) => check.note_cost(cost),
            _ => Err("That roll is no longer in the history.".into()),
        }
    }
}

/// One roll as stored. Version 1 held narrative rolls only:
/// `{"id", "at", "label", "system": "narrative", "pool": "2g1y", "faces": "g3 y11",
/// "rerolls"?: [{"die": 0, "was": "g3"}]}`. Version 2 adds `"who"?` (the character) and
/// Highest d6 checks: `{"system": "d6", "pool": "3 base + Keen Eye = 4 dice", "dice": "4",
/// "faces": "6 3 1 1", "kind": "physical", "conflict": false, "cost"?: "Too much noise"}`.
/// Version 3 adds Effective Level rolls: `{"system": "el", "pool": "el 10 wager 3 vs 4",
/// "faces": "d2:1 d2:0 ...", "vs_faces"?: "d2:1 ...", "dedicated"?: ["Injury", "elbow"]}`.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct EntryRecord {
    id: u64,
    at: u64,
    label: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    who: Option<String>,
    system: String,
    pool: String,
    faces: String,
    /// Left out when nothing was re-rolled.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    rerolls: Vec<RerollRecord>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    dice: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    kind: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    conflict: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    cost: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    vs_faces: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    dedicated: Option<(String, String)>,
}

/// A re-roll as stored: which die, and the face it showed before.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RerollRecord {
    die: usize,
    was: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StoredHistory<'a> {
    #[serde(borrow)]
    entries: Vec<&'a RawValue>,
}

#[derive(Serialize)]
struct HistoryOut {
    entries: Vec<EntryRecord>,
}

fn decode_entry(item: &RawValue) -> Result<HistoryEntry, String> {
    let record: EntryRecord = decode_item(item, "a roll")?;
    let label = &record.label;
    let bad = |reason: String| format!("the roll \"{label}\" ({}): {reason}", record.pool);
    if label.chars().count() > MAX_LABEL_CHARS {
        return Err(bad(format!(
            "label longer than {MAX_LABEL_CHARS} characters"
        )));
    }
    let who = match &record.who {
        Some(name) => Some(clean_name(name, "character").map_err(bad)?),
        None => None,
    };
    // Each system has its own fields; another system's field would be dropped at the next
    // save, so an entry carrying one is set aside instead.
    let narrative_only = !record.rerolls.is_empty();
    let d6_only = record.dice.is_some()
        || record.kind.is_some()
        || record.conflict.is_some()
        || record.cost.is_some();
    let el_only = record.vs_faces.is_some() || record.dedicated.is_some();
    let foreign = match record.system.as_str() {
        "narrative" => d6_only || el_only,
        "d6" => narrative_only || el_only,
        _ => narrative_only || d6_only,
    };
    if foreign {
        return Err(bad("it carries fields of another dice system".into()));
    }
    let roll = match record.system.as_str() {
        "narrative" => {
            let pool = parse_pool(&record.pool).map_err(|e| bad(e.to_string()))?;
            let dice = parse_faces(&record.faces).map_err(|e| bad(e.to_string()))?;
            let mut rerolls = Vec::new();
            for reroll in &record.rerolls {
                let was = parse_faces(&reroll.was).map_err(|e| bad(e.to_string()))?;
                let [before] = was.as_slice() else {
                    return Err(bad("a re-roll must name one die".into()));
                };
                rerolls.push(Reroll {
                    index: reroll.die,
                    before: *before,
                });
            }
            let roll = NarrativeRoll::from_parts(dice, pool.added(), rerolls)
                .map_err(|e| bad(e.to_string()))?;
            if *roll.pool() != pool {
                return Err(bad("its dice do not match its pool".into()));
            }
            RecordedRoll::Narrative(roll)
        }
        "d6" => {
            let plan = parse_plan(record.dice.as_deref().unwrap_or_default())
                .map_err(|e| bad(e.to_string()))?;
            let roll = parse_roll(plan, &record.faces).map_err(|e| bad(e.to_string()))?;
            let kind = record.kind.as_deref().unwrap_or_default();
            let kind = ChallengeKind::from_key(kind)
                .ok_or_else(|| bad(format!("no such kind of challenge “{kind}”")))?;
            if record.pool.chars().count() > MAX_SUM_LINE_CHARS {
                return Err(bad("its pool is too long".into()));
            }
            let mut check = D6Check {
                roll,
                pool_line: record.pool.clone(),
                kind,
                conflict: record.conflict.unwrap_or(false),
                cost: None,
            };
            if let Some(cost) = &record.cost {
                if cost.chars().count() > MAX_COST_CHARS {
                    return Err(bad("its cost note is too long".into()));
                }
                check.note_cost(cost).map_err(bad)?;
            }
            RecordedRoll::HighestD6(check)
        }
        "el" => {
            let mut check = parse_check(&record.pool).map_err(|e| bad(e.to_string()))?;
            if let Some((kind, name)) = &record.dedicated {
                let text = |s: &str, what: &str| -> Result<String, String> {
                    if s.is_empty() {
                        Ok(String::new())
                    } else {
                        clean_name(s, what)
                    }
                };
                check.dedicated = Some(Dedicated {
                    kind: text(kind, "kind").map_err(bad)?,
                    name: text(name, "dedicated effect").map_err(bad)?,
                });
            }
            let faces = parse_el_faces(&record.faces).map_err(|e| bad(e.to_string()))?;
            let theirs = parse_el_faces(record.vs_faces.as_deref().unwrap_or_default())
                .map_err(|e| bad(e.to_string()))?;
            RecordedRoll::EffectiveLevel(ElRoll::from_parts(check, faces, theirs).map_err(bad)?)
        }
        other => return Err(bad(format!("unknown system \"{other}\""))),
    };
    Ok(HistoryEntry {
        id: record.id,
        at_ms: record.at,
        label: record.label,
        who,
        roll,
    })
}

fn encode_entry(entry: &HistoryEntry) -> EntryRecord {
    let mut record = EntryRecord {
        id: entry.id,
        at: entry.at_ms,
        label: entry.label.clone(),
        who: entry.who.clone(),
        system: String::new(),
        pool: String::new(),
        faces: String::new(),
        rerolls: Vec::new(),
        dice: None,
        kind: None,
        conflict: None,
        cost: None,
        vs_faces: None,
        dedicated: None,
    };
    match &entry.roll {
        RecordedRoll::Narrative(roll) => {
            record.system = "narrative".into();
            record.pool = format_pool(roll.pool());
            record.faces = format_faces(roll.dice());
            record.rerolls = roll
                .rerolls()
                .iter()
                .map(|r| RerollRecord {
                    die: r.index,
                    was: format_faces(&[r.before]),
                })
                .collect();
        }
        RecordedRoll::HighestD6(check) => {
            record.system = "d6".into();
            record.pool = check.pool_line.clone();
            record.faces = format_roll(&check.roll);
            record.dice = Some(format_plan(check.roll.plan()));
            record.kind = Some(check.kind.key().into());
            record.conflict = Some(check.conflict);
            record.cost = check.cost.clone();
        }
        RecordedRoll::EffectiveLevel(roll) => {
            record.system = "el".into();
            record.pool = format_check(&roll.check);
            record.faces = format_el_faces(&roll.faces);
            record.vs_faces = roll
                .check
                .against
                .as_ref()
                .map(|_| format_el_faces(&roll.their_faces));
            record.dedicated = roll
                .check
                .dedicated
                .as_ref()
                .map(|d| (d.kind.clone(), d.name.clone()));
        }
    }
    record
}

/// Version 3 (versions 1 and 2 read the same way): `{"entries": [entry, ...]}`, newest first.
impl Document for RollHistory {
    const KEY: &'static str = "dicetray.history";
    const TITLE: &'static str = "roll history";
    const VERSION: u32 = 3;

    fn decode(_version: u32, data: &str) -> Result<Decoded<Self>, String> {
        let stored: StoredHistory = decode_record(data, "the roll history")?;
        let mut decoded = Decoded::clean(Self::default());
        for item in stored.entries {
            match decode_entry(item) {
                Ok(entry) => decoded.value.entries.push(entry),
                Err(reason) => decoded.set_aside.push(reason),
            }
        }
        if decoded.value.entries.len() > MAX_HISTORY {
            let extra = decoded.value.entries.len() - MAX_HISTORY;
            decoded.value.entries.truncate(MAX_HISTORY);
            decoded
                .set_aside
                .push(format!("{extra} rolls past the limit of {MAX_HISTORY}"));
        }
        Ok(decoded)
    }

    fn encode(&self) -> impl Serialize {
        HistoryOut {
            entries: self.entries.iter().map(encode_entry).collect(),
        }
    }
}
