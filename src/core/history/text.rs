//! The text of a history entry for a chat or the share sheet, readable without the app:
//! "Rook, slice the door: Success, 2 net successes, 1 advantage; rolled Ability: success;
//! Difficulty: blank". A full tray's dice are counted rather than listed past a length a
//! chat message carries.

use super::{HistoryEntry, RecordedRoll};
use crate::core::effective_level::{ElDefence, ElRoll, faces_words as el_faces_words};
use crate::core::highest_d6::{
    D6Check, faces_words as d6_faces_words, pool_words as d6_pool_words,
};
use crate::core::narrative::{NarrativeRoll, die_words, rerolled_words};
use crate::core::words::join_within;

/// The most characters the dice take in shared text; past it they are counted.
const MAX_DICE_CHARS: usize = 300;
/// The most characters the re-rolls take.
const MAX_REROLL_CHARS: usize = 160;

/// The parts of an entry's text after its headline: details, the dice, the re-rolls.
struct Parts {
    details: Vec<String>,
    dice: String,
    rerolls: String,
}

impl HistoryEntry {
    /// Readable text to paste or share: "<who>, <label>: <headline>, <details>; rolled
    /// <dice>; re-rolled <die>: <before> → <after>", empty parts left out, "(real dice)"
    /// after the headline when the faces were entered by hand. A story points change reads
    /// "Spent a light side point: 2 light, 3 dark".
    pub fn text(&self) -> String {
        match &self.roll {
            RecordedRoll::Narrative(roll) => self.narrative_text(roll),
            RecordedRoll::HighestD6(check) => self.d6_text(check),
            RecordedRoll::EffectiveLevel(roll) => self.el_text(roll),
            RecordedRoll::ElDefence(defence) => self.defence_text(defence),
            RecordedRoll::StoryPoints(change) => self.compose(
                change.headline(),
                Parts {
                    details: vec![change.counts_words()],
                    dice: change.dice_words().unwrap_or_default(),
                    rerolls: String::new(),
                },
                ": ",
            ),
        }
    }

    /// [`HistoryEntry::text`] for a narrative roll. A tray calls its own system's text, so
    /// its code does not carry every other system's words.
    pub fn narrative_text(&self, roll: &NarrativeRoll) -> String {
        let dice: Vec<String> = roll.dice().iter().map(|&d| die_words(d)).collect();
        let rerolls: Vec<String> = roll
            .rerolled_dice()
            .into_iter()
            .map(|index| rerolled_words(&roll.face_history(index)))
            .collect();
        let parts = Parts {
            details: roll.result().details(),
            dice: rolled(&join_within(&dice, "; ", MAX_DICE_CHARS)),
            rerolls: if rerolls.is_empty() {
                String::new()
            } else {
                format!(
                    "re-rolled {}",
                    join_within(&rerolls, "; ", MAX_REROLL_CHARS)
                )
            },
        };
        self.compose(roll.result().headline().to_string(), parts, ", ")
    }

    /// [`HistoryEntry::text`] for a Highest d6 check.
    pub fn d6_text(&self, check: &D6Check) -> String {
        let mut details = vec![d6_pool_words(check.roll.plan(), &check.pool_line)];
        details.extend(check.result_details());
        let parts = Parts {
            details,
            dice: rolled(&d6_faces_words(&check.roll)),
            rerolls: String::new(),
        };
        self.compose(check.outcome().title().to_string(), parts, ", ")
    }

    /// [`HistoryEntry::text`] for an Effective Level roll.
    pub fn el_text(&self, roll: &ElRoll) -> String {
        let mut dice = el_faces_words(&roll.faces);
        if roll.check.against.is_some() {
            dice.push_str(" vs ");
            dice.push_str(&el_faces_words(&roll.their_faces));
        }
        let parts = Parts {
            details: roll.details(),
            dice: rolled(&cut(&dice, MAX_DICE_CHARS)),
            rerolls: String::new(),
        };
        self.compose(roll.headline(), parts, ", ")
    }

    /// [`HistoryEntry::text`] for a defence against an attack: "Guard: Held off, rolled 4
    /// (EL 4), the attack's 3; rolled 4 coins → 1 1 1 1".
    pub fn defence_text(&self, defence: &ElDefence) -> String {
        let parts = Parts {
            details: defence.details(),
            dice: rolled(&cut(&el_faces_words(&defence.roll.faces), MAX_DICE_CHARS)),
            rerolls: String::new(),
        };
        self.compose(defence.headline(), parts, ", ")
    }

    /// Who and the label, the headline, then the parts; `joiner` comes before the details.
    fn compose(&self, headline: String, parts: Parts, joiner: &str) -> String {
        let mut text = String::new();
        let named: Vec<&str> = [self.who.as_deref().unwrap_or(""), &self.label]
            .into_iter()
            .filter(|part| !part.is_empty())
            .collect();
        if !named.is_empty() {
            text.push_str(&named.join(", "));
            text.push_str(": ");
        }
        text.push_str(&headline);
        if self.real_dice {
            text.push_str(" (real dice)");
        }
        if self.to_gm {
            text.push_str(" (to the GM only)");
        }
        if !parts.details.is_empty() {
            text.push_str(joiner);
            text.push_str(&parts.details.join(", "));
        }
        for part in [parts.dice, parts.rerolls] {
            if !part.is_empty() {
                text.push_str("; ");
                text.push_str(&part);
            }
        }
        text
    }
}

/// "rolled <dice>", or nothing when no dice were rolled.
fn rolled(dice: &str) -> String {
    if dice.is_empty() {
        String::new()
    } else {
        format!("rolled {dice}")
    }
}

/// `text` cut to `max` characters, "…" marking the cut.
fn cut(text: &str, max: usize) -> String {
    let mut chars = text.chars();
    let mut shown: String = chars.by_ref().take(max).collect();
    if chars.next().is_some() {
        shown.push('…');
    }
    shown
}
