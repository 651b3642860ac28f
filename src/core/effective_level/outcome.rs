//! How an Effective Level roll resolves: values, the effect each side gets, and when
//! wagered points count (RULES.md section 3).

use super::check::{Against, ElCheck, Pushback};

/// How a roll came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ElOutcome {
    /// The roller's total.
    pub total: u32,
    /// The total if it succeeded (1 to the EL rolled), else 0.
    pub value: u32,
    /// The other side's total, if it rolled.
    pub their_total: Option<u32>,
    /// The other side's value, 0 when it failed or did not roll.
    pub their_value: u32,
    /// The roller's effect, wagered points included when they apply.
    pub effect: u32,
    /// The other side's effect (opposition only).
    pub their_effect: u32,
    /// Whether wagered points were added (false when there was no wager).
    pub wager_applied: bool,
}

/// A value: the total if it lands in 1 to `el`, else 0.
pub fn value_of(total: u32, el: u32) -> u32 {
    if (1..=el).contains(&total) { total } else { 0 }
}

impl ElCheck {
    /// Resolves totals as RULES.md says: over the EL rolled or 0 fails and counts as 0; the
    /// effect is the difference, ties to the defender; resistance never gives its side
    /// effect; wagered points count only if the roll succeeds and leaves effect.
    pub fn resolve(&self, total: u32, their_total: Option<u32>) -> ElOutcome {
        let value = value_of(total, self.rolled_el());
        let their_value = match (&self.against, their_total) {
            (Some(against), Some(t)) => value_of(t, against.side.el),
            _ => 0,
        };
        let beat = value.saturating_sub(their_value);
        let wager_applied = self.wager > 0 && value >= 1 && beat > 0;
        let their_effect = match &self.against {
            Some(Against {
                kind: Pushback::Opposition,
                ..
            }) => their_value.saturating_sub(value),
            _ => 0,
        };
        ElOutcome {
            total,
            value,
            their_total: their_total.filter(|_| self.against.is_some()),
            their_value,
            effect: beat + if wager_applied { self.wager } else { 0 },
            their_effect,
            wager_applied,
        }
    }

    /// The roller's and the other side's effect for two values.
    pub(super) fn resolve_values(&self, value: u32, their_value: u32) -> (u32, u32) {
        let beat = value.saturating_sub(their_value);
        let wager = if self.wager > 0 && value >= 1 && beat > 0 {
            self.wager
        } else {
            0
        };
        let theirs = match &self.against {
            Some(Against {
                kind: Pushback::Opposition,
                ..
            }) => their_value.saturating_sub(value),
            _ => 0,
        };
        (beat + wager, theirs)
    }
}
