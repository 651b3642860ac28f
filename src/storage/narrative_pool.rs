//! The narrative pool on the tray, kept so the app reopens where the player left it.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::fields::object_to_value;
use super::{Decoded, Document, decode_record};
use crate::core::narrative::NarrativePool;
use crate::core::notation::narrative::{format_pool, parse_pool};

/// Version 2: the pool in notation, `"2g1y"`. Version 1 stored `{"pool": "2g1y"}`.
#[derive(Serialize, Deserialize)]
struct Stored(String);

impl Document for NarrativePool {
    const KEY: &'static str = "dicetray.narrative.pool";
    const TITLE: &'static str = "narrative pool";
    const VERSION: u32 = 2;

    fn upgrade(version: u32, data: &mut Value) {
        if version < 2 {
            object_to_value(data, "pool");
        }
    }

    fn decode(data: Value) -> Result<Decoded<Self>, String> {
        let Stored(pool) = decode_record(data, "the pool")?;
        let pool = parse_pool(&pool).map_err(|e| e.to_string())?;
        Ok(Decoded::clean(pool))
    }

    fn encode(&self) -> impl Serialize {
        Stored(format_pool(self))
    }
}
