//! The table's story points as saved: the naming, both counts, and the counts before the
//! last change, so Undo works after a reload or from another tab.

use serde::Serialize;
use serde_json::Value;

use super::fields::{WriteField, record};
use super::{Decoded, Document, read_record};
use crate::core::story_points::{PointCounts, StoryNaming, StoryPoints};

record! {
    /// Version 1: `["destiny" | "story-points", players, gm, previous]`, the players' (light side)
    /// and the GM's (dark side) counts, `previous` `null` or `[players, gm]` before the last
    /// change.
    struct StoredPoints {
        /// `StoryNaming::key`.
        naming: String,
        players: u32,
        gm: u32,
        previous: Option<Counts>,
    }
}

record! {
    /// Both sides' counts: `[players, gm]`.
    struct Counts {
        players: u32,
        gm: u32,
    }
}

impl Document for StoryPoints {
    const KEY: &'static str = "dicetray.story-points";
    const TITLE: &'static str = "story points";
    const VERSION: u32 = 1;

    fn decode(data: Value) -> Result<Decoded<Self>, String> {
        let StoredPoints {
            naming,
            players,
            gm,
            previous,
        } = read_record(&data, "the story points")?;
        let naming = StoryNaming::from_key(&naming)
            .ok_or_else(|| format!("no such naming of story points “{naming}”"))?;
        let previous = previous.map(|Counts { players, gm }| PointCounts { players, gm });
        let points = Self::from_parts(naming, PointCounts { players, gm }, previous)?;
        Ok(Decoded::clean(points))
    }

    fn encode(&self) -> impl Serialize {
        stored(self).write()
    }
}

/// What `StoryPoints` is stored as: its record, written by [`Document::encode`].
pub(super) fn stored(value: &StoryPoints) -> impl WriteField {
    let counts = value.counts();
    StoredPoints {
        naming: value.naming().key().into(),
        players: counts.players,
        gm: counts.gm,
        previous: value.previous().map(|p| Counts {
            players: p.players,
            gm: p.gm,
        }),
    }
}
