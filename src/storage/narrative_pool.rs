//! The narrative pool on the tray, kept so the app reopens where the player left it.

use serde::Serialize;
use serde_json::Value;

use super::fields::{WriteField, object_to_value};
use super::{Decoded, Document, read_record};
use crate::core::narrative::NarrativePool;
use crate::core::notation::narrative::{format_pool, parse_pool};

// Version 2: the pool in notation, `"2g1y"`, a string rather than a record. Version 1
// stored `{"pool": "2g1y"}`.

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
        let pool: String = read_record(&data, "the pool")?;
        let pool = parse_pool(&pool).map_err(|e| e.to_string())?;
        Ok(Decoded::clean(pool))
    }

    fn encode(&self) -> impl Serialize {
        stored(self).write()
    }
}

/// What `NarrativePool` is stored as: its record, written by [`Document::encode`].
pub(super) fn stored(value: &NarrativePool) -> impl WriteField {
    format_pool(value)
}
