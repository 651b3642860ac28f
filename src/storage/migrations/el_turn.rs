//! The Effective Level turn as versions 1 and 2 stored it, and the steps to version 3.

use serde::Deserialize;
use serde_json::Value;

use crate::storage::el_turn::{
    AssignmentRecord, CrossRecord, PortionRecord, RoleElRecord, RollRecord, V3,
};
use crate::storage::stored::{Misshapen, read as read_as};

/// Version 1: `{"el", "next_id", "portions", "cross"?}`, portions, rolls and the split as
/// objects with those names.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct V1 {
    el: u32,
    next_id: u64,
    portions: Vec<PortionV1>,
    cross: Option<CrossV1>,
}

/// Version 2: what version 3 stores, whose rolls may also name the other side (`by ...`).
pub(crate) type V2 = V3;

/// A portion in version 1: `{"id", "name", "points", "kind", "into"?, "after"?, "role"?,
/// "roll"?, "defences"?}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PortionV1 {
    id: u64,
    name: String,
    points: u32,
    kind: String,
    into: Option<u64>,
    after: Option<u64>,
    role: Option<String>,
    roll: Option<RollV1>,
    #[serde(default)]
    defences: Vec<RollV1>,
}

/// A roll in version 1: `{"check", "faces", "vs_faces"?}`, no other side's faces read as
/// none.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RollV1 {
    check: String,
    faces: String,
    #[serde(default)]
    vs_faces: String,
}

/// A cross-role split in version 1: `{"roles", "assignments"}`, each list as version 3
/// stores it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CrossV1 {
    roles: Vec<RoleElRecord>,
    assignments: Vec<AssignmentRecord>,
}

impl From<RollV1> for RollRecord {
    fn from(
        RollV1 {
            check,
            faces,
            vs_faces,
        }: RollV1,
    ) -> Self {
        Self(check, faces, vs_faces)
    }
}

impl From<V1> for V2 {
    fn from(
        V1 {
            el,
            next_id,
            portions,
            cross,
        }: V1,
    ) -> Self {
        let portion = |p: PortionV1| {
            PortionRecord(
                p.id,
                p.name,
                p.points,
                p.kind,
                p.into,
                p.after,
                p.role,
                p.roll.map(RollRecord::from),
                p.defences.into_iter().map(RollRecord::from).collect(),
            )
        };
        let cross = cross.map(|c| CrossRecord(c.roles, c.assignments));
        Self(
            el,
            next_id,
            portions.into_iter().map(portion).collect(),
            cross,
        )
    }
}

/// Reads a turn stored at an older `version` as version 3.
pub(crate) fn read(version: u32, data: Value) -> Result<V3, Misshapen> {
    match version {
        1 => read_as::<V1>(data).map(V2::from),
        2 => read_as::<V2>(data),
        _ => Err(Misshapen),
    }
}
