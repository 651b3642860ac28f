//! A Highest d6 roll with what it was for, as the history keeps and shows it.

use super::challenge::ChallengeKind;
use super::outcome::D6Outcome;
use super::roll::D6Roll;
use crate::core::notation::highest_d6::format_roll;

/// The longest cost note kept with a roll, in characters.
pub const MAX_COST_CHARS: usize = 80;

/// A rolled check: the dice, the pool's sum line, the kind of challenge, whether it was a
/// conflict, and the cost noted for a costly success.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct D6Check {
    /// The dice as they landed.
    pub roll: D6Roll,
    /// The sum shown before rolling: "3 base + Keen Eye = 4 dice".
    pub pool_line: String,
    /// What the challenge tested.
    pub kind: ChallengeKind,
    /// Whether harm was at stake.
    pub conflict: bool,
    /// The cost noted after a costly success.
    pub cost: Option<String>,
}

impl D6Check {
    /// The outcome.
    pub fn outcome(&self) -> D6Outcome {
        self.roll.outcome()
    }

    /// The faces as read aloud: "6 4 1".
    pub fn faces_text(&self) -> String {
        format_roll(&self.roll)
    }

    /// What the result means, in short parts: the faces, the rule for no dice, the harm in
    /// a conflict, the noted cost.
    pub fn details(&self) -> Vec<String> {
        let mut parts = vec![format!("rolled {}", self.faces_text())];
        if self.roll.plan().rule_note().is_some() {
            parts.push(self.roll.plan().to_string());
        }
        parts.extend(self.result_details());
        parts
    }

    /// What the result means beyond the dice: the kind of challenge, the harm in a conflict,
    /// the noted cost. Shared text says the dice its own way.
    pub fn result_details(&self) -> Vec<String> {
        let mut parts = vec![self.kind.key().to_string()];
        if self.conflict {
            parts.push(self.outcome().harm().short());
        }
        if let Some(cost) = &self.cost {
            parts.push(format!("cost: {cost}"));
        }
        parts
    }

    /// Notes the cost of a costly success, trimmed and cut to `MAX_COST_CHARS`; an empty
    /// note clears it.
    pub fn note_cost(&mut self, cost: &str) -> Result<(), String> {
        if self.outcome() != D6Outcome::CostlySuccess {
            return Err("Only a costly success has a cost to note.".into());
        }
        // Trimmed again after the cut, so a noted cost reads back as it is.
        let cost: String = cost.trim().chars().take(MAX_COST_CHARS).collect();
        let cost = cost.trim_end();
        self.cost = (!cost.is_empty()).then(|| cost.to_string());
        Ok(())
    }
}
