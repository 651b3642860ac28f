//! The narrative pool on the tray, kept so the app reopens where the player left it.

use serde::Deserialize;
use serde_json::{Value, json};

use super::{Decoded, Document};
use crate::core::narrative::NarrativePool;
use crate::core::notation::narrative::{format_pool, parse_pool};

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CurrentNarrativePool(pub NarrativePool);

#[derive(Deserialize)]
struct V1 {
    pool: String,
}

impl Document for CurrentNarrativePool {
    const KEY: &'static str = "dicetray.narrative.pool";
    const TITLE: &'static str = "narrative pool";
    const VERSION: u32 = 1;

    fn decode(_version: u32, data: Value) -> Result<Decoded<Self>, String> {
        let v1: V1 = serde_json::from_value(data).map_err(|e| e.to_string())?;
        let pool = parse_pool(&v1.pool).map_err(|e| e.to_string())?;
        Ok(Decoded::clean(Self(pool)))
    }

    fn encode(&self) -> Value {
        json!({ "pool": format_pool(&self.0) })
    }
}
