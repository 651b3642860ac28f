//! Roll history: the last rolls of every system, newest first.

use rand::Rng;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use super::{Decoded, Document, decode_item, decode_record};

use crate::core::narrative::{NarrativeRoll, Reroll, RollError};
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
    pub fn reroll(&mut self, index: usize, rng: &mut (impl Rng + ?Sized)) -> Result<(), RollError> {
        match self {
            Self::Narrative(roll) => roll.reroll(index, rng),
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

    /// The pool as notation, e.g. `2g1y`.
    pub fn pool_text(&self) -> String {
        match &self.roll {
            RecordedRoll::Narrative(roll) => format_pool(roll.pool()),
        }
    }

    /// The outcome in a word: "Success", "Failure", ...
    pub fn headline(&self) -> &'static str {
        match &self.roll {
            RecordedRoll::Narrative(roll) => roll.result().headline(),
        }
    }

    /// How the outcome reads for the roller.
    pub fn tone(&self) -> Tone {
        match &self.roll {
            RecordedRoll::Narrative(roll) => roll.result().tone(),
        }
    }

    /// The counts behind the headline: "1 net success", "2 advantage".
    pub fn details(&self) -> Vec<String> {
        match &self.roll {
            RecordedRoll::Narrative(roll) => roll.result().details(),
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
        }
    }

    /// "2 dice re-rolled", or `None` when nothing was.
    pub fn rerolled_note(&self) -> Option<String> {
        match &self.roll {
            RecordedRoll::Narrative(roll) => roll.rerolled_note(),
        }
    }

    /// Plain text to paste into a chat: label, pool, result, re-rolls.
    pub fn text(&self) -> String {
        let mut text = String::new();
        if !self.label.is_empty() {
            text.push_str(&self.label);
            text.push_str(" | ");
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
        entry.roll.reroll(index, rng).map_err(|e| e.to_string())
    }

    /// Forgets every roll.
    pub fn clear(&mut self) {
        self.entries.clear();
    }
}

/// One roll as stored. Version 1 (narrative rolls only):
/// `{"id", "at", "label", "system": "narrative", "pool": "2g1y", "faces": "g3 y11",
/// "rerolls"?: [{"die": 0, "was": "g3"}]}`.
#[derive(Serialize, Deserialize)]
struct EntryRecord {
    id: u64,
    at: u64,
    label: String,
    system: String,
    pool: String,
    faces: String,
    /// Left out when nothing was re-rolled.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    rerolls: Vec<RerollRecord>,
}

/// A re-roll as stored: which die, and the face it showed before.
#[derive(Serialize, Deserialize)]
struct RerollRecord {
    die: usize,
    was: String,
}

#[derive(Deserialize)]
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
        other => return Err(bad(format!("unknown system \"{other}\""))),
    };
    Ok(HistoryEntry {
        id: record.id,
        at_ms: record.at,
        label: record.label,
        roll,
    })
}

fn encode_entry(entry: &HistoryEntry) -> EntryRecord {
    match &entry.roll {
        RecordedRoll::Narrative(roll) => EntryRecord {
            id: entry.id,
            at: entry.at_ms,
            label: entry.label.clone(),
            system: "narrative".into(),
            pool: format_pool(roll.pool()),
            faces: format_faces(roll.dice()),
            rerolls: roll
                .rerolls()
                .iter()
                .map(|r| RerollRecord {
                    die: r.index,
                    was: format_faces(&[r.before]),
                })
                .collect(),
        },
    }
}

/// Version 1: `{"entries": [entry, ...]}`, newest first.
impl Document for RollHistory {
    const KEY: &'static str = "dicetray.history";
    const TITLE: &'static str = "roll history";
    const VERSION: u32 = 1;

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
