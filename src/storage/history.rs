//! Roll history: the last rolls of every system, newest first.

use serde::Deserialize;
use serde_json::{Value, json};

use super::{Decoded, Document};
use crate::core::narrative::{NarrativeRoll, Reroll};
use crate::core::notation::narrative::{format_faces, format_pool, parse_faces, parse_pool};

pub const MAX_HISTORY: usize = 100;
pub const MAX_LABEL_CHARS: usize = 80;

/// A roll of any system, as history keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordedRoll {
    Narrative(NarrativeRoll),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryEntry {
    /// Unique within the history; names the entry when a die is re-rolled.
    pub id: u64,
    /// When it was rolled, in milliseconds since 1970.
    pub at_ms: u64,
    /// What the roll was for ("Pilot: evade the TIEs"); may be empty.
    pub label: String,
    pub roll: RecordedRoll,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RollHistory {
    entries: Vec<HistoryEntry>,
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

    /// The result in one line, e.g. "Success: 1 net success, 2 advantage".
    pub fn summary(&self) -> String {
        match &self.roll {
            RecordedRoll::Narrative(roll) => roll.result().summary(),
        }
    }

    /// How many dice were re-rolled since the first roll.
    pub fn reroll_count(&self) -> usize {
        match &self.roll {
            RecordedRoll::Narrative(roll) => roll.rerolls().len(),
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
        match self.reroll_count() {
            0 => {}
            1 => text.push_str(" (1 die re-rolled)"),
            n => text.push_str(&format!(" ({n} dice re-rolled)")),
        }
        text
    }
}

impl RollHistory {
    /// Newest first.
    pub fn entries(&self) -> &[HistoryEntry] {
        &self.entries
    }

    pub fn get(&self, id: u64) -> Option<&HistoryEntry> {
        self.entries.iter().find(|e| e.id == id)
    }

    /// Adds a roll at the front, dropping the oldest beyond `MAX_HISTORY`.
    pub fn record(&mut self, entry: HistoryEntry) {
        self.entries.insert(0, entry);
        self.entries.truncate(MAX_HISTORY);
    }

    /// Replaces the roll of entry `id` (after a re-roll); false if it is gone.
    pub fn replace_roll(&mut self, id: u64, roll: RecordedRoll) -> bool {
        match self.entries.iter_mut().find(|e| e.id == id) {
            Some(entry) => {
                entry.roll = roll;
                true
            }
            None => false,
        }
    }

    pub fn clear(&mut self) {
        self.entries.clear();
    }
}

#[derive(Deserialize)]
struct V1 {
    entries: Vec<Value>,
}

#[derive(Deserialize)]
struct V1Entry {
    id: u64,
    at: u64,
    label: String,
    system: String,
    pool: String,
    faces: String,
    #[serde(default)]
    rerolls: Vec<V1Reroll>,
}

#[derive(Deserialize)]
struct V1Reroll {
    die: usize,
    was: String,
}

fn decode_entry(item: Value) -> Result<HistoryEntry, String> {
    let item: V1Entry = serde_json::from_value(item).map_err(|e| e.to_string())?;
    let bad = |reason: String| format!("the roll \"{}\" ({}): {reason}", item.label, item.pool);
    if item.label.chars().count() > MAX_LABEL_CHARS {
        return Err(bad(format!(
            "label longer than {MAX_LABEL_CHARS} characters"
        )));
    }
    let roll = match item.system.as_str() {
        "narrative" => {
            let pool = parse_pool(&item.pool).map_err(|e| bad(e.to_string()))?;
            let dice = parse_faces(&item.faces).map_err(|e| bad(e.to_string()))?;
            let mut rerolls = Vec::new();
            for reroll in &item.rerolls {
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
        id: item.id,
        at_ms: item.at,
        label: item.label,
        roll,
    })
}

fn encode_entry(entry: &HistoryEntry) -> Value {
    match &entry.roll {
        RecordedRoll::Narrative(roll) => {
            let rerolls: Vec<Value> = roll
                .rerolls()
                .iter()
                .map(|r| json!({ "die": r.index, "was": format_faces(&[r.before]) }))
                .collect();
            json!({
                "id": entry.id,
                "at": entry.at_ms,
                "label": entry.label,
                "system": "narrative",
                "pool": format_pool(roll.pool()),
                "faces": format_faces(roll.dice()),
                "rerolls": rerolls,
            })
        }
    }
}

impl Document for RollHistory {
    const KEY: &'static str = "dicetray.history";
    const TITLE: &'static str = "roll history";
    const VERSION: u32 = 1;

    fn decode(_version: u32, data: Value) -> Result<Decoded<Self>, String> {
        let v1: V1 = serde_json::from_value(data).map_err(|e| e.to_string())?;
        let mut decoded = Decoded::clean(Self::default());
        for item in v1.entries {
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

    fn encode(&self) -> Value {
        json!({ "entries": self.entries.iter().map(encode_entry).collect::<Vec<_>>() })
    }
}
