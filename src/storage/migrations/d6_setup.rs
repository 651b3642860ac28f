//! The Highest d6 tray as versions 1 and 2 stored it, and the steps to version 3.

use serde::Deserialize;
use serde_json::Value;

use crate::storage::d6_setup::V3;
use crate::storage::stored::{Misshapen, read as read_as};

/// Version 1: `{"base", "kind", "conflict", "applied"?}`, with no facets applied when
/// `applied` is missing.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct V1 {
    base: u32,
    kind: String,
    conflict: bool,
    #[serde(default)]
    applied: Vec<String>,
}

/// Version 2: what version 3 stores, which only lets a condition (`h7`) be applied too.
pub(crate) type V2 = V3;

impl From<V1> for V2 {
    fn from(
        V1 {
            base,
            kind,
            conflict,
            applied,
        }: V1,
    ) -> Self {
        Self(base, kind, conflict, applied)
    }
}

/// Reads a Highest d6 tray stored at an older `version` as version 3.
pub(crate) fn read(version: u32, data: Value) -> Result<V3, Misshapen> {
    match version {
        1 => read_as::<V1>(data).map(V2::from),
        2 => read_as::<V2>(data),
        _ => Err(Misshapen),
    }
}
