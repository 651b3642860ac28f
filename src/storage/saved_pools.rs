//! Named pools a player keeps for reuse ("Heavy blaster"), for every system.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::stored::{Lenient, read_version};
use super::{Decoded, Document};
use crate::core::narrative::NarrativePool;
use crate::core::notation::narrative::{format_pool, parse_pool};

/// The most pools a player can save.
pub const MAX_SAVED_POOLS: usize = 100;
/// The longest pool name, in characters.
pub const MAX_NAME_CHARS: usize = 40;

/// A pool of any system, tagged so one list can hold them all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SystemPool {
    /// A narrative dice pool.
    Narrative(NarrativePool),
}

/// A pool kept under a name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedPool {
    /// The unique name.
    pub name: String,
    /// The pool.
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
    /// A new name.
    Added,
    /// An existing name, now with the new pool.
    Replaced,
}

impl SavedPools {
    /// Every saved pool, by name.
    pub fn pools(&self) -> &[SavedPool] {
        &self.pools
    }

    /// The narrative pools, with their names.
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

    /// Deletes the pool with this name; false when there was none.
    pub fn remove(&mut self, name: &str) -> bool {
        let before = self.pools.len();
        self.pools.retain(|p| p.name != name);
        self.pools.len() != before
    }

    fn sort(&mut self) {
        // ASCII case folding keeps Unicode case tables out of the WebAssembly build.
        self.pools
            .sort_by_key(|p| (p.name.to_ascii_lowercase(), p.name.clone()));
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

/// Version 2, what this build writes: the saved pools, `[["Heavy blaster", "narrative",
/// "2g1y"], ...]`. Read as `V2<Lenient<Pool>>`, each pool on its own. Version 1 is in
/// `migrations::saved_pools`.
#[derive(Serialize, Deserialize)]
pub(super) struct V2<P = Pool>(pub Vec<P>);

/// A saved pool: `[name, system, pool]`, the pool in that system's notation.
#[derive(Serialize, Deserialize)]
pub(super) struct Pool(pub String, pub String, pub String);

fn decode_pool(item: Lenient<Pool>) -> Result<SavedPool, String> {
    let Pool(name, system, pool) = item
        .0
        .map_err(|e| format!("a saved pool: {}", String::from(e)))?;
    let name = clean_name(&name)?;
    let pool = match system.as_str() {
        "narrative" => {
            SystemPool::Narrative(parse_pool(&pool).map_err(|e| format!("\"{name}\": {e}"))?)
        }
        other => return Err(format!("\"{name}\" is for an unknown system \"{other}\"")),
    };
    Ok(SavedPool { name, pool })
}

impl Document for SavedPools {
    const KEY: &'static str = "dicetray.saved-pools";
    const TITLE: &'static str = "saved pools";
    const VERSION: u32 = 2;

    fn decode(version: u32, data: Value) -> Result<Decoded<Self>, String> {
        let V2(pools) = read_version::<Self, V2<Lenient<Pool>>>(version, data, "the saved pools")?;
        let mut decoded = Decoded::clean(Self::default());
        for item in pools {
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

    fn encode(&self) -> impl Serialize {
        let pool = |saved: &SavedPool| match &saved.pool {
            SystemPool::Narrative(pool) => {
                Pool(saved.name.clone(), "narrative".into(), format_pool(pool))
            }
        };
        V2(self.pools.iter().map(pool).collect())
    }
}
