//! "Roll again": what a tray needs to set up the roll of a history entry once more, read
//! from what the entry keeps.

use super::{HistoryEntry, RecordedRoll};
use crate::core::effective_level::ElCheck;
use crate::core::highest_d6::{ChallengeKind, MAX_BASE_DICE, MIN_BASE_DICE, PoolSize};
use crate::core::narrative::NarrativePool;

/// The set-up of a past roll, for its tray.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RollAgain {
    /// The narrative pool, added symbols included.
    Narrative(NarrativePool),
    /// A Highest d6 check. The facets are kept by name only, inside the pool's sum line.
    HighestD6 {
        /// The base dice, read from the start of the sum line ("2 base + ..."); `None` if
        /// the line does not start that way.
        base: Option<u32>,
        /// What was thrown: the dice after facets, or a zero-dice rule.
        dice: PoolSize,
        /// What the challenge tested.
        kind: ChallengeKind,
        /// Whether harm was at stake.
        conflict: bool,
    },
    /// The Effective Level check: both sides' EL and dice, the wager and what it is for.
    EffectiveLevel(ElCheck),
}

impl HistoryEntry {
    /// The set-up to roll this again; `None` for a story points change, which rolls nothing
    /// again, and for a defence, which is rolled again from its turn, against an attack.
    pub fn roll_again(&self) -> Option<RollAgain> {
        match &self.roll {
            RecordedRoll::Narrative(roll) => Some(RollAgain::Narrative(roll.pool().clone())),
            RecordedRoll::HighestD6(check) => Some(RollAgain::HighestD6 {
                base: base_dice(&check.pool_line),
                dice: check.roll.plan(),
                kind: check.kind,
                conflict: check.conflict,
            }),
            RecordedRoll::EffectiveLevel(roll) => {
                Some(RollAgain::EffectiveLevel(roll.check.clone()))
            }
            RecordedRoll::StoryPoints(_) | RecordedRoll::ElDefence(_) => None,
        }
    }
}

/// The base dice at the start of a sum line, "3 base + Keen Eye = 4 dice", within the tray's
/// limits.
fn base_dice(pool_line: &str) -> Option<u32> {
    let digits = pool_line.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || !pool_line[digits..].starts_with(" base") {
        return None;
    }
    let count: u32 = pool_line[..digits].parse().ok()?;
    (MIN_BASE_DICE..=MAX_BASE_DICE)
        .contains(&count)
        .then_some(count)
}
