//! One roll in the history: who rolled it, for what, and how it reads.

use super::RecordedRoll;
use crate::core::effective_level::{check_words, defence_words};
use crate::core::narrative::pool_words;
use crate::core::notation::effective_level::format_check;
use crate::core::notation::narrative::format_pool;
use crate::core::tone::Tone;

/// The longest roll label, in characters.
pub const MAX_LABEL_CHARS: usize = 80;

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
    /// Whether the faces were entered by hand from dice rolled at the table.
    pub real_dice: bool,
    /// Sent to the live table's GM alone (rolled while this phone's rolls went there).
    pub to_gm: bool,
    /// What was rolled and how it landed.
    pub roll: RecordedRoll,
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

    /// The pool in words: "2 Ability vs 1 Difficulty", "3 dice (2 base + Keen Eye)",
    /// "EL 8 vs EL 5 (opposition)"; for story points, the naming.
    pub fn pool_text(&self) -> String {
        match &self.roll {
            RecordedRoll::Narrative(roll) => pool_words(roll.pool()),
            RecordedRoll::HighestD6(check) => {
                crate::core::highest_d6::pool_words(check.roll.plan(), &check.pool_line)
            }
            RecordedRoll::EffectiveLevel(roll) => check_words(&roll.check),
            RecordedRoll::ElDefence(defence) => defence_words(&defence.roll.check),
            RecordedRoll::StoryPoints(change) => change.naming.title().into(),
        }
    }

    /// The pool in the notation links and the command line use: `2g1y`, `4d6`, `el 8`;
    /// empty for story points.
    pub fn pool_notation(&self) -> String {
        match &self.roll {
            RecordedRoll::Narrative(roll) => format_pool(roll.pool()),
            RecordedRoll::HighestD6(check) => check.roll.plan().to_string(),
            RecordedRoll::EffectiveLevel(roll) => format_check(&roll.check),
            RecordedRoll::ElDefence(defence) => format_check(&defence.roll.check),
            RecordedRoll::StoryPoints(_) => String::new(),
        }
    }

    /// The outcome in a word or two: "Success", "Costly success", "Spent a light side
    /// point", ...
    pub fn headline(&self) -> String {
        match &self.roll {
            RecordedRoll::Narrative(roll) => roll.result().headline().to_string(),
            RecordedRoll::HighestD6(check) => check.outcome().title().to_string(),
            RecordedRoll::EffectiveLevel(roll) => roll.headline(),
            RecordedRoll::ElDefence(defence) => defence.headline(),
            RecordedRoll::StoryPoints(change) => change.headline(),
        }
    }

    /// How the outcome reads for the roller.
    pub fn tone(&self) -> Tone {
        match &self.roll {
            RecordedRoll::Narrative(roll) => roll.result().tone(),
            RecordedRoll::HighestD6(check) => check.outcome().tone(),
            RecordedRoll::EffectiveLevel(roll) => roll.tone(),
            RecordedRoll::ElDefence(defence) => defence.tone(),
            RecordedRoll::StoryPoints(_) => Tone::Neutral,
        }
    }

    /// The parts behind the headline: "1 net success", "rolled 6 4 1", "2 light, 3 dark".
    pub fn details(&self) -> Vec<String> {
        match &self.roll {
            RecordedRoll::Narrative(roll) => roll.result().details(),
            RecordedRoll::HighestD6(check) => {
                let mut parts = vec![check.pool_line.clone()];
                parts.extend(check.details());
                parts
            }
            RecordedRoll::EffectiveLevel(roll) => roll.details(),
            RecordedRoll::ElDefence(defence) => defence.details(),
            RecordedRoll::StoryPoints(change) => vec![change.counts_words()],
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
            _ => 0,
        }
    }

    /// "2 dice re-rolled", or `None` when nothing was.
    pub fn rerolled_note(&self) -> Option<String> {
        match &self.roll {
            RecordedRoll::Narrative(roll) => roll.rerolled_note(),
            _ => None,
        }
    }
}
