//! Named pools a player keeps for reuse ("Heavy blaster"), for every system.

use super::json::{Json, ObjectWriter, array};
use super::{Decoded, Document, list_field, text_field};
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

fn decode_pool(item: &Json) -> Result<SavedPool, String> {
    let what = "a saved pool";
    let name = clean_name(text_field(item, "name", what)?)?;
    let pool = match text_field(item, "system", what)? {
        "narrative" => SystemPool::Narrative(
            parse_pool(text_field(item, "pool", what)?).map_err(|e| format!("\"{name}\": {e}"))?,
        ),
        other => return Err(format!("\"{name}\" is for an unknown system \"{other}\"")),
    };
    Ok(SavedPool { name, pool })
}

/// Version 1: `{"pools": [{"name": "Heavy blaster", "system": "narrative", "pool": "2g1y"}]}`.
impl Document for SavedPools {
    const KEY: &'static str = "dicetray.saved-pools";
    const TITLE: &'static str = "saved pools";
    const VERSION: u32 = 1;

    fn decode(_version: u32, data: &Json) -> Result<Decoded<Self>, String> {
        let items = list_field(data, "pools", "the saved pools")?;
        let mut decoded = Decoded::clean(Self::default());
        for item in items {
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

    fn encode(&self) -> String {
        let pools = self.pools.iter().map(|saved| match &saved.pool {
            SystemPool::Narrative(pool) => ObjectWriter::new()
                .string("name", &saved.name)
                .string("system", "narrative")
                .string("pool", &format_pool(pool))
                .finish(),
        });
        ObjectWriter::new().raw("pools", &array(pools)).finish()
    }
}
