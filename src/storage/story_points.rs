//! The table's story points as saved: the naming, both counts, and the counts before the
//! last change, so Undo works after a reload or from another tab.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::stored::read_version;
use super::{Decoded, Document};
use crate::core::story_points::{PointCounts, StoryNaming, StoryPoints};

/// Version 1, what this build writes: `["destiny" | "story-points", players, gm,
/// previous]`, the players' (light side) and the GM's (dark side) counts, and the counts
/// before the last change, or `null`.
#[derive(Serialize, Deserialize)]
pub(super) struct V1(
    /// `StoryNaming::key`.
    pub String,
    /// The players' count.
    pub u32,
    /// The GM's count.
    pub u32,
    /// Both counts before the last change.
    pub Option<Counts>,
);

/// Both sides' counts: `[players, gm]`.
#[derive(Serialize, Deserialize)]
pub(super) struct Counts(pub u32, pub u32);

impl Document for StoryPoints {
    const KEY: &'static str = "dicetray.story-points";
    const TITLE: &'static str = "story points";
    const VERSION: u32 = 1;

    fn decode(version: u32, data: Value) -> Result<Decoded<Self>, String> {
        let V1(naming, players, gm, previous) =
            read_version::<Self, _>(version, data, "the story points")?;
        let naming = StoryNaming::from_key(&naming)
            .ok_or_else(|| format!("no such naming of story points “{naming}”"))?;
        let previous = previous.map(|Counts(players, gm)| PointCounts { players, gm });
        let points = Self::from_parts(naming, PointCounts { players, gm }, previous)?;
        Ok(Decoded::clean(points))
    }

    fn encode(&self) -> impl Serialize {
        let counts = self.counts();
        V1(
            self.naming().key().into(),
            counts.players,
            counts.gm,
            self.previous().map(|p| Counts(p.players, p.gm)),
        )
    }
}
