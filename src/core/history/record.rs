//! A roll of any system, as history keeps it.

use rand::Rng;

use crate::core::effective_level::{ElDefence, ElRoll};
use crate::core::highest_d6::D6Check;
use crate::core::narrative::NarrativeRoll;
use crate::core::story_points::StoryChange;

/// A roll of any system, as history keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordedRoll {
    /// A narrative dice roll.
    Narrative(NarrativeRoll),
    /// A Highest d6 check.
    HighestD6(D6Check),
    /// An Effective Level roll.
    EffectiveLevel(ElRoll),
    /// An Effective Level defence, rolled against an attack during a turn.
    ElDefence(ElDefence),
    /// A change to the table's story points (no dice rolled, unless the Destiny start).
    StoryPoints(StoryChange),
}

impl RecordedRoll {
    /// Rolls one die again, keeping the face it replaced.
    pub fn reroll(&mut self, index: usize, rng: &mut (impl Rng + ?Sized)) -> Result<(), String> {
        match self {
            Self::Narrative(roll) => roll.reroll(index, rng).map_err(|e| e.to_string()),
            _ => Err(ONE_BY_ONE.into()),
        }
    }

    /// Puts the face a die shows after being rolled again at the table, keeping the face
    /// it replaced.
    pub fn reroll_entered(&mut self, index: usize, face: u32) -> Result<(), String> {
        match self {
            Self::Narrative(roll) => roll.reroll_entered(index, face).map_err(|e| e.to_string()),
            _ => Err(ONE_BY_ONE.into()),
        }
    }

    /// The system's name, shown beside each roll in the shared history.
    pub fn system_title(&self) -> &'static str {
        match self {
            Self::Narrative(_) => "Narrative",
            Self::HighestD6(_) => "Highest d6",
            Self::EffectiveLevel(_) | Self::ElDefence(_) => "Effective Level",
            Self::StoryPoints(change) => change.naming.title(),
        }
    }

    /// The system, as stored: `narrative`, `d6`, `el` or `story`.
    pub fn system_key(&self) -> &'static str {
        match self {
            Self::Narrative(_) => "narrative",
            Self::HighestD6(_) => "d6",
            Self::EffectiveLevel(_) | Self::ElDefence(_) => "el",
            Self::StoryPoints(_) => "story",
        }
    }

    /// The tray it belongs to, named as its route's path (`narrative`, `d6`, `el`): story
    /// points are shown on the narrative tray.
    pub fn tray_key(&self) -> &'static str {
        match self {
            Self::StoryPoints(_) => "narrative",
            other => other.system_key(),
        }
    }
}

/// Why a die of this roll cannot be rolled again on its own.
const ONE_BY_ONE: &str = "Only narrative dice are rolled again one by one.";
