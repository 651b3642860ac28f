//! The narrative pool on the tray, kept so the app reopens where the player left it.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::stored::read_version;
use super::{Decoded, Document};
use crate::core::narrative::NarrativePool;
use crate::core::notation::narrative::{format_pool, parse_pool};

/// Version 2, what this build writes: the pool in notation, `"2g1y"`. Version 1 is in
/// `migrations::narrative_pool`.
#[derive(Serialize, Deserialize)]
pub(super) struct V2(pub String);

impl Document for NarrativePool {
    const KEY: &'static str = "dicetray.narrative.pool";
    const TITLE: &'static str = "narrative pool";
    const VERSION: u32 = 2;

    fn decode(version: u32, data: Value) -> Result<Decoded<Self>, String> {
        let V2(pool) = read_version::<Self, _>(version, data, "the pool")?;
        let pool = parse_pool(&pool).map_err(|e| e.to_string())?;
        Ok(Decoded::clean(pool))
    }

    fn encode(&self) -> impl Serialize {
        V2(format_pool(self))
    }
}
