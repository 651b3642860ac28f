//! Settings as versions 1 to 3 stored them, and the steps to version 4.

use serde::Deserialize;
use serde_json::Value;

use crate::storage::settings::V4;
use crate::storage::stored::{Misshapen, read as read_as};

/// Version 1: `{"zero_dice": "one-die"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct V1 {
    zero_dice: String,
}

/// Version 2: the rule alone, `"one-die"`.
#[derive(Deserialize)]
pub(crate) struct V2(String);

/// Version 3: `[zero_dice, haptics, coach, [open_fold, ...]]`.
#[derive(Deserialize)]
pub(crate) struct V3(String, bool, bool, Vec<String>);

impl From<V1> for V2 {
    fn from(V1 { zero_dice }: V1) -> Self {
        Self(zero_dice)
    }
}

/// Haptics and odds hints were always on; no panel was remembered open.
impl From<V2> for V3 {
    fn from(V2(rule): V2) -> Self {
        Self(rule, true, true, Vec::new())
    }
}

/// Nothing was asked of the browser and no export was remembered.
impl From<V3> for V4 {
    fn from(V3(rule, haptics, coach, folds): V3) -> Self {
        Self(rule, haptics, coach, folds, false, None)
    }
}

/// Reads settings stored at an older `version` as version 4.
pub(crate) fn read(version: u32, data: Value) -> Result<V4, Misshapen> {
    match version {
        1 => read_as::<V1>(data)
            .map(V2::from)
            .map(V3::from)
            .map(V4::from),
        2 => read_as::<V2>(data).map(V3::from).map(V4::from),
        3 => read_as::<V3>(data).map(V4::from),
        _ => Err(Misshapen),
    }
}
