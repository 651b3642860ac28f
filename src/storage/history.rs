//! Roll history: the last rolls of every system, newest first.

use super::json::{Json, ObjectWriter, array};
use super::{Decoded, Document, list_field, number_field, text_field};
use rand::Rng;

use crate::core::narrative::{NarrativeRoll, Reroll, RollError};
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

    /// Whether the outcome favours the roller, for colouring; `None` when the roll decides
    /// nothing (force dice alone).
    pub fn is_good(&self) -> Option<bool> {
        match &self.roll {
            RecordedRoll::Narrative(roll) => {
                let result = roll.result();
                result.is_check.then(|| result.succeeded())
            }
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

    pub fn clear(&mut self) {
        self.entries.clear();
    }
}

fn decode_entry(item: &Json) -> Result<HistoryEntry, String> {
    let what = "a roll";
    let label = text_field(item, "label", what)?;
    let pool_text = text_field(item, "pool", what)?;
    let bad = |reason: String| format!("the roll \"{label}\" ({pool_text}): {reason}");
    if label.chars().count() > MAX_LABEL_CHARS {
        return Err(bad(format!(
            "label longer than {MAX_LABEL_CHARS} characters"
        )));
    }
    let roll = match text_field(item, "system", what)? {
        "narrative" => {
            let pool = parse_pool(pool_text).map_err(|e| bad(e.to_string()))?;
            let dice =
                parse_faces(text_field(item, "faces", what)?).map_err(|e| bad(e.to_string()))?;
            let mut rerolls = Vec::new();
            // Left out when nothing was re-rolled.
            for reroll in item
                .get("rerolls")
                .and_then(Json::as_array)
                .unwrap_or_default()
            {
                let index = number_field(reroll, "die", "a re-roll")?;
                let was = parse_faces(text_field(reroll, "was", "a re-roll")?)
                    .map_err(|e| bad(e.to_string()))?;
                let [before] = was.as_slice() else {
                    return Err(bad("a re-roll must name one die".into()));
                };
                rerolls.push(Reroll {
                    index: usize::try_from(index).unwrap_or(usize::MAX),
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
        id: number_field(item, "id", what)?,
        at_ms: number_field(item, "at", what)?,
        label: label.to_string(),
        roll,
    })
}

fn encode_entry(entry: &HistoryEntry) -> String {
    match &entry.roll {
        RecordedRoll::Narrative(roll) => {
            let writer = ObjectWriter::new()
                .number("id", entry.id)
                .number("at", entry.at_ms)
                .string("label", &entry.label)
                .string("system", "narrative")
                .string("pool", &format_pool(roll.pool()))
                .string("faces", &format_faces(roll.dice()));
            if roll.rerolls().is_empty() {
                return writer.finish();
            }
            let rerolls = roll.rerolls().iter().map(|r| {
                ObjectWriter::new()
                    .number("die", r.index as u64)
                    .string("was", &format_faces(&[r.before]))
                    .finish()
            });
            writer.raw("rerolls", &array(rerolls)).finish()
        }
    }
}

/// Version 1: `{"entries": [{"id", "at", "label", "system", "pool", "faces", "rerolls"?}]}`,
/// newest first; a re-roll is `{"die": index, "was": "g3"}`.
impl Document for RollHistory {
    const KEY: &'static str = "dicetray.history";
    const TITLE: &'static str = "roll history";
    const VERSION: u32 = 1;

    fn decode(_version: u32, data: &Json) -> Result<Decoded<Self>, String> {
        let items = list_field(data, "entries", "the roll history")?;
        let mut decoded = Decoded::clean(Self::default());
        for item in items {
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

    fn encode(&self) -> String {
        let entries = self.entries.iter().map(encode_entry);
        ObjectWriter::new().raw("entries", &array(entries)).finish()
    }
}
