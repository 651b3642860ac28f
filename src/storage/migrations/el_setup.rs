//! The Effective Level tray as versions 1 to 4 stored it, and the steps to version 5.

use serde::Deserialize;
use serde_json::Value;

use crate::storage::el_setup::{ModifierRecord, V5};
use crate::storage::stored::{Misshapen, read as read_as};

/// Version 3: an object, `{"mode", "quick_el", "quick_rank", "picked", "picked_scene",
/// "situational", "needs_training", "dice", "wager", "dedicated_kind", "dedicated_name",
/// "against", "their_el", "their_dice"}`, each modifier `{"name", "value"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct V3 {
    mode: String,
    quick_el: u32,
    /// None before version 3: read as 0.
    #[serde(default)]
    quick_rank: u32,
    picked: Vec<u64>,
    /// None in version 1: read as none ticked.
    #[serde(default)]
    picked_scene: Vec<u64>,
    situational: Vec<ModifierV3>,
    needs_training: bool,
    dice: String,
    wager: u32,
    dedicated_kind: String,
    dedicated_name: String,
    against: String,
    their_el: u32,
    their_dice: String,
}

/// Version 2: version 3 without `quick_rank`, read as version 3.
pub(crate) type V2 = V3;

/// Version 1: version 2 without `picked_scene`, read as version 3.
pub(crate) type V1 = V3;

/// A situational modifier in version 3: `{"name", "value"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ModifierV3 {
    name: String,
    value: i32,
}

/// Version 4: version 5's array without the other side's name and the conditions.
#[derive(Deserialize)]
pub(crate) struct V4(
    String,
    u32,
    u32,
    Vec<u64>,
    Vec<u64>,
    Vec<ModifierRecord>,
    bool,
    String,
    u32,
    String,
    String,
    String,
    u32,
    String,
);

impl From<V3> for V4 {
    fn from(v: V3) -> Self {
        let modifier = |ModifierV3 { name, value }| ModifierRecord(name, value);
        Self(
            v.mode,
            v.quick_el,
            v.quick_rank,
            v.picked,
            v.picked_scene,
            v.situational.into_iter().map(modifier).collect(),
            v.needs_training,
            v.dice,
            v.wager,
            v.dedicated_kind,
            v.dedicated_name,
            v.against,
            v.their_el,
            v.their_dice,
        )
    }
}

/// The other side had no name, and no condition was ticked.
impl From<V4> for V5 {
    #[rustfmt::skip]
    fn from(v: V4) -> Self {
        let (their_name, conditions) = (String::new(), Vec::new());
        Self(v.0, v.1, v.2, v.3, v.4, v.5, v.6, v.7, v.8, v.9, v.10, v.11, v.12, v.13,
            their_name, conditions)
    }
}

/// Reads an Effective Level tray stored at an older `version` as version 5.
pub(crate) fn read(version: u32, data: Value) -> Result<V5, Misshapen> {
    match version {
        1 => read_as::<V1>(data).map(V4::from).map(V5::from),
        2 => read_as::<V2>(data).map(V4::from).map(V5::from),
        3 => read_as::<V3>(data).map(V4::from).map(V5::from),
        4 => read_as::<V4>(data).map(V5::from),
        _ => Err(Misshapen),
    }
}
