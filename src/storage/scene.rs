//! The scene, kept until the players end it.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::characters::{FacetRecord, read_facets, write_facets};
use super::stored::read_version;
use super::{Decoded, Document};
use crate::core::facet::clean_name;
use crate::core::ids::SeenIds;
use crate::core::scene::{MAX_SCENE_ITEMS, MAX_SCENE_VALUE, Obstacle, Scene, SceneValue};

/// Version 3, what this build writes: `[next_id, facets, obstacles, boosts, residuals]`:
/// the id counter, then `[[id, name, helps]]`, `[[id, name, target, progress, el]]`,
/// `[[id, name, value]]` and `[[id, name, el]]`, the last the residual conditions, each with
/// its EL. Older versions are in `migrations::scene`.
#[derive(Serialize, Deserialize)]
pub(super) struct V3(
    pub u64,
    pub Vec<FacetRecord>,
    pub Vec<ObstacleRecord>,
    /// Boosts.
    pub Vec<ValueRecord>,
    /// Residual conditions.
    pub Vec<ValueRecord>,
);

/// An obstacle: `[id, name, target, progress, el]`.
#[derive(Serialize, Deserialize)]
pub(super) struct ObstacleRecord(pub u64, pub String, pub u32, pub u32, pub u32);

/// A boost or a residual condition: `[id, name, value]`.
#[derive(Serialize, Deserialize)]
pub(super) struct ValueRecord(pub u64, pub String, pub u32);

fn read_obstacle(record: ObstacleRecord) -> Result<Obstacle, String> {
    let ObstacleRecord(id, name, target, progress, el) = record;
    let name = clean_name(&name, "obstacle")?;
    let fits = (1..=MAX_SCENE_VALUE).contains(&target)
        && progress <= MAX_SCENE_VALUE
        && el <= MAX_SCENE_VALUE;
    if !fits {
        return Err(format!("the obstacle “{name}” has numbers out of range"));
    }
    Ok(Obstacle {
        id,
        name,
        target,
        progress,
        el,
    })
}

fn read_values(records: Vec<ValueRecord>, what: &str) -> Result<Vec<SceneValue>, String> {
    if records.len() > MAX_SCENE_ITEMS {
        return Err(format!("more {what}s than a scene keeps"));
    }
    let read = |ValueRecord(id, name, value)| {
        let name = clean_name(&name, what)?;
        if !(1..=MAX_SCENE_VALUE).contains(&value) {
            return Err(format!("a {what} of {value}"));
        }
        Ok(SceneValue { id, name, value })
    };
    records.into_iter().map(read).collect()
}

fn write_values(items: &[SceneValue]) -> Vec<ValueRecord> {
    let value = |v: &SceneValue| ValueRecord(v.id, v.name.clone(), v.value);
    items.iter().map(value).collect()
}

impl Document for Scene {
    const KEY: &'static str = "dicetray.scene";
    const TITLE: &'static str = "scene";
    const VERSION: u32 = 3;

    fn decode(version: u32, data: Value) -> Result<Decoded<Self>, String> {
        let V3(next_id, facets, obstacles, boosts, residuals) =
            read_version::<Self, _>(version, data, "the scene")?;
        let facets = read_facets(facets).map_err(|e| format!("a scene facet: {e}"))?;
        if obstacles.len() > MAX_SCENE_ITEMS {
            return Err("more obstacles than a scene keeps".into());
        }
        let obstacles = obstacles
            .into_iter()
            .map(read_obstacle)
            .collect::<Result<Vec<_>, String>>()?;
        let boosts = read_values(boosts, "boost")?;
        let residuals = read_values(residuals, "condition")?;
        let mut seen = SeenIds::default();
        let distinct = obstacles
            .iter()
            .map(|o| o.id)
            .chain(boosts.iter().chain(&residuals).map(|v| v.id))
            .chain(facets.items().iter().map(|f| f.id))
            .all(|id| seen.insert(id));
        if !distinct {
            return Err("two things in the scene share an id".into());
        }
        Ok(Decoded::clean(Scene::from_parts(
            facets, obstacles, boosts, residuals, next_id,
        )))
    }

    fn encode(&self) -> impl Serialize {
        let obstacle =
            |o: &Obstacle| ObstacleRecord(o.id, o.name.clone(), o.target, o.progress, o.el);
        V3(
            self.next_id(),
            write_facets(&self.facets),
            self.obstacles.iter().map(obstacle).collect(),
            write_values(&self.boosts),
            write_values(&self.residuals),
        )
    }
}
