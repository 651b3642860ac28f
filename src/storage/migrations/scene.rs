//! The scene as versions 1 and 2 stored it, and the step to version 3.

use serde::Deserialize;
use serde_json::Value;

use super::characters::FacetV2;
use crate::storage::characters::FacetRecord;
use crate::storage::scene::{ObstacleRecord, V3, ValueRecord};
use crate::storage::stored::{Misshapen, read as read_as};

/// Version 2: `{"next_id", "facets", "obstacles", "boosts", "residuals"}`, each item an
/// object; a list missing reads as empty and the id counter as 0.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct V2 {
    #[serde(default)]
    next_id: u64,
    #[serde(default)]
    facets: Vec<FacetV2>,
    #[serde(default)]
    obstacles: Vec<ObstacleV2>,
    #[serde(default)]
    boosts: Vec<ValueV2>,
    #[serde(default)]
    residuals: Vec<ValueV2>,
}

/// Version 1: version 2 with facets only, read as version 2 with none of the rest.
pub(crate) type V1 = V2;

/// An obstacle in version 2: `{"id", "name", "target", "progress", "el"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ObstacleV2 {
    id: u64,
    name: String,
    target: u32,
    progress: u32,
    el: u32,
}

/// A boost or a residual condition in version 2: `{"id", "name", "value"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ValueV2 {
    id: u64,
    name: String,
    value: u32,
}

impl From<V2> for V3 {
    fn from(scene: V2) -> Self {
        let obstacle = |o: ObstacleV2| ObstacleRecord(o.id, o.name, o.target, o.progress, o.el);
        let value = |ValueV2 { id, name, value }| ValueRecord(id, name, value);
        Self(
            scene.next_id,
            scene.facets.into_iter().map(FacetRecord::from).collect(),
            scene.obstacles.into_iter().map(obstacle).collect(),
            scene.boosts.into_iter().map(value).collect(),
            scene.residuals.into_iter().map(value).collect(),
        )
    }
}

/// Reads a scene stored at an older `version` as version 3.
pub(crate) fn read(version: u32, data: Value) -> Result<V3, Misshapen> {
    match version {
        1 => read_as::<V1>(data).map(V3::from),
        2 => read_as::<V2>(data).map(V3::from),
        _ => Err(Misshapen),
    }
}
