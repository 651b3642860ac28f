//! The scene, kept until the players end it.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::characters::{read_facets, upgrade_facets, write_facets};
use super::fields::{Field, each, each_item, fields, named, object_to_array};
use super::{Decoded, Document, decode_record};
use crate::core::ids::SeenIds;
use crate::core::scene::{MAX_SCENE_ITEMS, MAX_SCENE_VALUE, Obstacle, Scene, SceneValue};

/// Version 3: `[next_id, facets, obstacles, boosts, residuals]`: the id counter, then
/// `[[id, name, helps]]`, `[[id, name, target, progress, el]]`, `[[id, name, value]]` and
/// `[[id, name, el]]`. Version 2 stored `{"next_id", "facets", "obstacles", "boosts",
/// "residuals"}` with each item an object with those names; version 1 had facets only and
/// reads with none of the rest.
#[derive(Serialize, Deserialize)]
struct Stored<I>(u64, Vec<I>, Vec<I>, Vec<I>, Vec<I>);

fn read_obstacle(item: &Value) -> Result<Obstacle, String> {
    let (id, name, mut fields) = named(item, "obstacle")?;
    let (target, progress, el) = (fields.u32()?, fields.u32()?, fields.u32()?);
    fields.end()?;
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
        let (id, name, mut fields) = named(item, what)?;
        let value = fields.u32()?;
        fields.end()?;
        if !(1..=MAX_SCENE_VALUE).contains(&value) {
            return Err(format!("a {what} of {value}"));
        }
        Ok(SceneValue { id, name, value })
    };
    items.iter().map(read).collect()
}

fn write_values(items: &[SceneValue]) -> Vec<Field<'_>> {
    each(items, |v| fields![v.id, &v.name, v.value])
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
        let Stored(next_id, facets, obstacles, boosts, residuals) =
            decode_record(data, "the scene")?;
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
        Stored(
            self.next_id(),
            write_facets(&self.facets),
            each(&self.obstacles, |o| {
                fields![o.id, &o.name, o.target, o.progress, o.el]
            }),
            write_values(&self.boosts),
            write_values(&self.residuals),
        )
    }
}
