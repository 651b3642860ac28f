//! The table's story points as saved: the naming, both counts, and the counts before the
//! last change, so Undo works after a reload or from another tab.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{Decoded, Document, decode_record};
use crate::core::story_points::{PointCounts, StoryNaming, StoryPoints};

/// Version 1: `["destiny" | "story-points", players, gm, previous]`, the players' (light side)
/// and the GM's (dark side) counts, `previous` `null` or `[players, gm]` before the last
/// change.
#[derive(Serialize, Deserialize)]
struct Stored(String, u32, u32, Option<(u32, u32)>);

impl Document for StoryPoints {
    const KEY: &'static str = "dicetray.story-points";
    const TITLE: &'static str = "story points";
    const VERSION: u32 = 1;

    fn decode(data: Value) -> Result<Decoded<Self>, String> {
        let Stored(naming, players, gm, previous) = decode_record(data, "the story points")?;
        let naming = StoryNaming::from_key(&naming)
            .ok_or_else(|| format!("no such naming of story points “{naming}”"))?;
        let previous = previous.map(|(players, gm)| PointCounts { players, gm });
        let points = Self::from_parts(naming, PointCounts { players, gm }, previous)?;
        Ok(Decoded::clean(points))
    }

    fn encode(&self) -> impl Serialize {
        let counts = self.counts();
        Stored(
            self.naming().key().into(),
            counts.players,
            counts.gm,
            self.previous().map(|p| (p.players, p.gm)),
        )
    }
}
