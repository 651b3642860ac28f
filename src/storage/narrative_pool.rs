//! The narrative pool on the tray, kept so the app reopens where the player left it.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{Decoded, Document, decode_record};
use crate::core::narrative::NarrativePool;
use crate::core::notation::narrative::{format_pool, parse_pool};

/// Version 1: `{"pool": "2g1y"}`, the pool in notation.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Stored {
    pool: String,
}

impl Document for NarrativePool {
    const KEY: &'static str = "dicetray.narrative.pool";
    const TITLE: &'static str = "narrative pool";
    const VERSION: u32 = 1;

    fn decode(data: Value) -> Result<Decoded<Self>, String> {
        let stored: Stored = decode_record(data, "the pool")?;
        let pool = parse_pool(&stored.pool).map_err(|e| e.to_string())?;
        Ok(Decoded::clean(pool))
    }

    fn encode(&self) -> impl Serialize {
        Stored {
            pool: format_pool(self),
        }
    }
}
