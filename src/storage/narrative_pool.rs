//! The narrative pool on the tray, kept so the app reopens where the player left it.

use super::json::{Json, ObjectWriter};
use super::{Decoded, Document, text_field};
use crate::core::narrative::NarrativePool;
use crate::core::notation::narrative::{format_pool, parse_pool};

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CurrentNarrativePool(pub NarrativePool);

/// Version 1: `{"pool": "2g1y"}`.
impl Document for CurrentNarrativePool {
    const KEY: &'static str = "dicetray.narrative.pool";
    const TITLE: &'static str = "narrative pool";
    const VERSION: u32 = 1;

    fn decode(_version: u32, data: &Json) -> Result<Decoded<Self>, String> {
        let text = text_field(data, "pool", "the pool")?;
        let pool = parse_pool(text).map_err(|e| e.to_string())?;
        Ok(Decoded::clean(Self(pool)))
    }

    fn encode(&self) -> String {
        ObjectWriter::new()
            .string("pool", &format_pool(&self.0))
            .finish()
    }
}
