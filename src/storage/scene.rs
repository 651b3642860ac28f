//! The scene, kept until the players end it.

use serde::Serialize;
use serde_json::Value;

use super::characters::{read_facets, upgrade_facets, write_facets};
use super::fields::{Named, Then, WriteField, each_item, object_to_array, read_named, record};
use super::{Decoded, Document, read_record};
use crate::core::ids::SeenIds;
use crate::core::scene::{MAX_SCENE_ITEMS, MAX_SCENE_VALUE, Obstacle, Scene, SceneValue};

record! {
    /// Version 3: `[next_id, facets, obstacles, boosts, residuals]`: the id counter, then
    /// `[[id, name, helps]]`, `[[id, name, target, progress, el]]`, `[[id, name, value]]` and
    /// `[[id, name, el]]`. Version 2 stored `{"next_id", "facets", "obstacles", "boosts",
    /// "residuals"}` with each item an object with those names; version 1 had facets only and
    /// reads with none of the rest.
    struct StoredScene<F, O, V> {
        next_id: u64,
        facets: Vec<F>,
        obstacles: Vec<O>,
        boosts: Vec<V>,
        /// The residual conditions, each with its EL.
        residuals: Vec<V>,
    }
}

record! {
    /// An obstacle after its id and name: `[..., target, progress, el]`.
    struct ObstacleRecord {
        target: u32,
        progress: u32,
        el: u32,
    }
}

record! {
    /// A boost or a residual condition after its id and name: `[..., value]`.
    struct ValueRecord {
        value: u32,
    }
}

fn read_obstacle(item: &Value) -> Result<Obstacle, String> {
    let (
        Named { id, name },
        ObstacleRecord {
            target,
            progress,
            el,
        },
    ) = read_named(item, "obstacle")?;
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

fn read_values(items: &[Value], what: &str) -> Result<Vec<SceneValue>, String> {
    if items.len() > MAX_SCENE_ITEMS {
        return Err(format!("more {what}s than a scene keeps"));
    }
    let read = |item| {
        let (Named { id, name }, ValueRecord { value }) = read_named(item, what)?;
        if !(1..=MAX_SCENE_VALUE).contains(&value) {
            return Err(format!("a {what} of {value}"));
        }
        Ok(SceneValue { id, name, value })
    };
    items.iter().map(read).collect()
}

fn write_values(items: &[SceneValue]) -> Vec<Then<Named, ValueRecord>> {
    let value = |v: &SceneValue| Then(Named::of(v.id, &v.name), ValueRecord { value: v.value });
    items.iter().map(value).collect()
}

impl Document for Scene {
    const KEY: &'static str = "dicetray.scene";
    const TITLE: &'static str = "scene";
    const VERSION: u32 = 3;

    fn upgrade(version: u32, data: &mut Value) {
        if version < 3 {
            upgrade_facets(data.get_mut("facets"));
            let keys = ["id", "name", "target", "progress", "el"];
            each_item(data.get_mut("obstacles"), |o| {
                object_to_array(o, &keys, "[null,null,null,null,null]");
            });
            for list in ["boosts", "residuals"] {
                each_item(data.get_mut(list), |v| {
                    object_to_array(v, &["id", "name", "value"], "[null,null,null]");
                });
            }
            let keys = ["next_id", "facets", "obstacles", "boosts", "residuals"];
            object_to_array(data, &keys, "[0,[],[],[],[]]");
        }
    }

    fn decode(data: Value) -> Result<Decoded<Self>, String> {
        let StoredScene {
            next_id,
            facets,
            obstacles,
            boosts,
            residuals,
        }: StoredScene<Value, Value, Value> = read_record(&data, "the scene")?;
        let facets = read_facets(&facets).map_err(|e| format!("a scene facet: {e}"))?;
        if obstacles.len() > MAX_SCENE_ITEMS {
            return Err("more obstacles than a scene keeps".into());
        }
        let obstacles = obstacles
            .iter()
            .map(read_obstacle)
            .collect::<Result<Vec<_>, String>>()?;
        let boosts = read_values(&boosts, "boost")?;
        let residuals = read_values(&residuals, "condition")?;
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
        stored(self).write()
    }
}

/// What `Scene` is stored as: its record, written by [`Document::encode`].
pub(super) fn stored(value: &Scene) -> impl WriteField {
    let obstacle = |o: &Obstacle| {
        let rest = ObstacleRecord {
            target: o.target,
            progress: o.progress,
            el: o.el,
        };
        Then(Named::of(o.id, &o.name), rest)
    };
    StoredScene {
        next_id: value.next_id(),
        facets: write_facets(&value.facets),
        obstacles: value.obstacles.iter().map(obstacle).collect(),
        boosts: write_values(&value.boosts),
        residuals: write_values(&value.residuals),
    }
}
