//! The scene, kept until the players end it.

use serde::{Deserialize, Serialize};

use super::characters::{FacetRecord, facets_from};
use super::{Decoded, Document, decode_record};
use crate::core::facet::clean_name;
use crate::core::scene::{MAX_SCENE_ITEMS, MAX_SCENE_VALUE, Obstacle, Scene, SceneValue};

/// Version 1: `{"next_id": 4, "facets": [{"id", "name", "helps"}, ...]}`. Version 2 adds
/// `"obstacles": [{"id", "name", "target", "progress", "el"}]`, and `"boosts"` and
/// `"residuals"`, each `[{"id", "name", "value"}]`; a version 1 scene has none of them.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SceneRecord {
    #[serde(default)]
    next_id: u64,
    #[serde(default)]
    facets: Vec<FacetRecord>,
    #[serde(default)]
    obstacles: Vec<ObstacleRecord>,
    #[serde(default)]
    boosts: Vec<ValueRecord>,
    #[serde(default)]
    residuals: Vec<ValueRecord>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ObstacleRecord {
    id: u64,
    name: String,
    target: u32,
    progress: u32,
    el: u32,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ValueRecord {
    id: u64,
    name: String,
    value: u32,
}

fn values(records: Vec<ValueRecord>, what: &str) -> Result<Vec<SceneValue>, String> {
    if records.len() > MAX_SCENE_ITEMS {
        return Err(format!("more {what}s than a scene keeps"));
    }
    records
        .into_iter()
        .map(|r| {
            if !(1..=MAX_SCENE_VALUE).contains(&r.value) {
                return Err(format!("a {what} of {}", r.value));
            }
            Ok(SceneValue {
                id: r.id,
                name: clean_name(&r.name, what)?,
                value: r.value,
            })
        })
        .collect()
}

impl Document for Scene {
    const KEY: &'static str = "dicetray.scene";
    const TITLE: &'static str = "scene";
    const VERSION: u32 = 2;

    fn decode(_version: u32, data: &str) -> Result<Decoded<Self>, String> {
        let record: SceneRecord = decode_record(data, "the scene")?;
        let facets = facets_from(record.facets).map_err(|e| format!("a scene facet: {e}"))?;
        if record.obstacles.len() > MAX_SCENE_ITEMS {
            return Err("more obstacles than a scene keeps".into());
        }
        let obstacles = record
            .obstacles
            .into_iter()
            .map(|o| {
                let fits = (1..=MAX_SCENE_VALUE).contains(&o.target)
                    && o.progress <= MAX_SCENE_VALUE
                    && o.el <= MAX_SCENE_VALUE;
                if !fits {
                    return Err(format!(
                        "the obstacle “{}” has numbers out of range",
                        o.name
                    ));
                }
                Ok(Obstacle {
                    id: o.id,
                    name: clean_name(&o.name, "obstacle")?,
                    target: o.target,
                    progress: o.progress,
                    el: o.el,
                })
            })
            .collect::<Result<Vec<_>, String>>()?;
        let boosts = values(record.boosts, "boost")?;
        let residuals = values(record.residuals, "condition")?;
        let mut ids: Vec<u64> = obstacles
            .iter()
            .map(|o| o.id)
            .chain(boosts.iter().chain(&residuals).map(|v| v.id))
            .chain(facets.items().iter().map(|f| f.id))
            .collect();
        let count = ids.len();
        ids.sort_unstable();
        ids.dedup();
        if ids.len() != count {
            return Err("two things in the scene share an id".into());
        }
        Ok(Decoded::clean(Scene::from_parts(
            facets,
            obstacles,
            boosts,
            residuals,
            record.next_id,
        )))
    }

    fn encode(&self) -> impl Serialize {
        let values = |items: &[SceneValue]| {
            items
                .iter()
                .map(|v| ValueRecord {
                    id: v.id,
                    name: v.name.clone(),
                    value: v.value,
                })
                .collect()
        };
        SceneRecord {
            next_id: self.next_id(),
            facets: self.facets.items().iter().map(FacetRecord::of).collect(),
            obstacles: self
                .obstacles
                .iter()
                .map(|o| ObstacleRecord {
                    id: o.id,
                    name: o.name.clone(),
                    target: o.target,
                    progress: o.progress,
                    el: o.el,
                })
                .collect(),
            boosts: values(&self.boosts),
            residuals: values(&self.residuals),
        }
    }
}
