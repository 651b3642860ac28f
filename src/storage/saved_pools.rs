//! Named pools a player keeps for reuse ("Heavy blaster"), for every system.

use serde::Deserialize;
use serde_json::{Value, json};

use super::{Decoded, Document};
use crate::core::narrative::NarrativePool;
use crate::core::notation::narrative::{format_pool, parse_pool};

pub const MAX_SAVED_POOLS: usize = 100;
pub const MAX_NAME_CHARS: usize = 40;

/// A pool of any system, tagged so one list can hold them all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SystemPool {
    Narrative(NarrativePool),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedPool {
    pub name: String,
    pub pool: SystemPool,
}

/// Saved pools, sorted by name (ignoring case); names are unique.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SavedPools {
    pools: Vec<SavedPool>,
}

/// What saving under a name did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Saved {
    Added,
    Replaced,
}

impl SavedPools {
    pub fn pools(&self) -> &[SavedPool] {
        &self.pools
    }

    pub fn narrative(&self) -> impl Iterator<Item = (&str, &NarrativePool)> {
        self.pools.iter().map(|saved| match &saved.pool {
            SystemPool::Narrative(pool) => (saved.name.as_str(), pool),
        })
    }

    /// Saves `pool` under `name`, replacing a pool of the same name.
    pub fn save(&mut self, name: &str, pool: SystemPool) -> Result<Saved, String> {
        let name = clean_name(name)?;
        if let Some(existing) = self.pools.iter_mut().find(|p| p.name == name) {
            existing.pool = pool;
            return Ok(Saved::Replaced);
        }
        if self.pools.len() >= MAX_SAVED_POOLS {
            return Err(format!(
                "You can keep at most {MAX_SAVED_POOLS} saved pools; delete one first."
            ));
        }
        self.pools.push(SavedPool { name, pool });
        self.sort();
        Ok(Saved::Added)
    }

    pub fn remove(&mut self, name: &str) -> bool {
        let before = self.pools.len();
        self.pools.retain(|p| p.name != name);
        self.pools.len() != before
    }

    fn sort(&mut self) {
        self.pools
            .sort_by_key(|p| (p.name.to_lowercase(), p.name.clone()));
    }
}

/// A name trimmed, non-empty and short enough to show on a phone.
fn clean_name(name: &str) -> Result<String, String> {
    let name = name.trim();
    if name.is_empty() {
        return Err("Give the pool a name first.".into());
    }
    let length = name.chars().count();
    if length > MAX_NAME_CHARS {
        return Err(format!(
            "A pool name can have at most {MAX_NAME_CHARS} characters ({length} given)."
        ));
    }
    Ok(name.to_string())
}

#[derive(Deserialize)]
struct V1 {
    pools: Vec<Value>,
}

#[derive(Deserialize)]
struct V1Pool {
    name: String,
    system: String,
    pool: String,
}

fn decode_pool(item: Value) -> Result<SavedPool, String> {
    let item: V1Pool = serde_json::from_value(item).map_err(|e| e.to_string())?;
    let name = clean_name(&item.name)?;
    let pool = match item.system.as_str() {
        "narrative" => {
            SystemPool::Narrative(parse_pool(&item.pool).map_err(|e| format!("\"{name}\": {e}"))?)
        }
        other => return Err(format!("\"{name}\" is for an unknown system \"{other}\"")),
    };
    Ok(SavedPool { name, pool })
}

impl Document for SavedPools {
    const KEY: &'static str = "dicetray.saved-pools";
    const TITLE: &'static str = "saved pools";
    const VERSION: u32 = 1;

    fn decode(_version: u32, data: Value) -> Result<Decoded<Self>, String> {
        let v1: V1 = serde_json::from_value(data).map_err(|e| e.to_string())?;
        let mut decoded = Decoded::clean(Self::default());
        for item in v1.pools {
            match decode_pool(item) {
                Ok(saved) if decoded.value.pools.iter().any(|p| p.name == saved.name) => {
                    decoded
                        .set_aside
                        .push(format!("a second pool named \"{}\"", saved.name));
                }
                Ok(saved) if decoded.value.pools.len() >= MAX_SAVED_POOLS => {
                    decoded.set_aside.push(format!(
                        "\"{}\" is past the limit of {MAX_SAVED_POOLS}",
                        saved.name
                    ));
                }
                Ok(saved) => decoded.value.pools.push(saved),
                Err(reason) => decoded.set_aside.push(reason),
            }
        }
        decoded.value.sort();
        Ok(decoded)
    }

    fn encode(&self) -> Value {
        let pools: Vec<Value> = self
            .pools
            .iter()
            .map(|saved| match &saved.pool {
                SystemPool::Narrative(pool) => json!({
                    "name": saved.name,
                    "system": "narrative",
                    "pool": format_pool(pool),
                }),
            })
            .collect();
        json!({ "pools": pools })
    }
}
