//! The narrative pool as version 1 stored it, and the step to version 2.

use serde::Deserialize;
use serde_json::Value;

use crate::storage::narrative_pool::V2;
use crate::storage::stored::{Misshapen, read as read_as};

/// Version 1: `{"pool": "2g1y"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct V1 {
    pool: String,
}

impl From<V1> for V2 {
    fn from(V1 { pool }: V1) -> Self {
        Self(pool)
    }
}

/// Reads a narrative pool stored at an older `version` as version 2.
pub(crate) fn read(version: u32, data: Value) -> Result<V2, Misshapen> {
    match version {
        1 => read_as::<V1>(data).map(V2::from),
        _ => Err(Misshapen),
    }
}
