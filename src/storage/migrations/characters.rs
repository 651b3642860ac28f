//! The roster as versions 1 and 2 stored it, and the step to version 3.

use serde::Deserialize;
use serde_json::Value;

use crate::storage::characters::{
    CharacterRecord, FacetRecord, HarmRecord, ManeuverRecord, RoleRecord, StandingRecord, V3,
};
use crate::storage::stored::{Lenient, Misshapen, read as read_as};

/// Version 2: `{"next_id"?, "active"?, "characters"}`, each character read on its own; no
/// id counter reads as 0 and no active character as none.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct V2 {
    #[serde(default)]
    next_id: u64,
    active: Option<u64>,
    characters: Vec<Lenient<CharacterV2>>,
}

/// Version 1: version 2 without the Effective Level sheet (`level` and the lists after
/// it), read as version 2 with an empty one.
pub(crate) type V1 = V2;

/// A character in version 2, each list missing read as empty and the level as 0.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CharacterV2 {
    id: u64,
    name: String,
    #[serde(default)]
    facets: Vec<FacetV2>,
    #[serde(default)]
    harm: Vec<HarmV2>,
    #[serde(default)]
    level: u32,
    #[serde(default)]
    roles: Vec<RoleV2>,
    #[serde(default)]
    maneuvers: Vec<ManeuverV2>,
    #[serde(default)]
    boosts: Vec<StandingV2>,
    #[serde(default)]
    penalties: Vec<StandingV2>,
}

/// A facet in version 2, a character's or the scene's: `{"id", "name", "helps"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FacetV2 {
    id: u64,
    name: String,
    helps: bool,
}

/// A harm mark in version 2: `{"id", "kind", "name"?}`, only a condition named.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct HarmV2 {
    id: u64,
    kind: String,
    name: Option<String>,
}

/// A role in version 2: `{"id", "name", "rank"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RoleV2 {
    id: u64,
    name: String,
    rank: u32,
}

/// A maneuver in version 2: `{"id", "name", "bonus", "role"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ManeuverV2 {
    id: u64,
    name: String,
    bonus: i32,
    role: u64,
}

/// A boost or a penalty in version 2: `{"id", "name", "value"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct StandingV2 {
    id: u64,
    name: String,
    value: u32,
}

impl From<FacetV2> for FacetRecord {
    fn from(FacetV2 { id, name, helps }: FacetV2) -> Self {
        Self(id, name, helps)
    }
}

impl From<CharacterV2> for CharacterRecord {
    fn from(c: CharacterV2) -> Self {
        let harm = |HarmV2 { id, kind, name }| HarmRecord { id, kind, name };
        let role = |RoleV2 { id, name, rank }| RoleRecord(id, name, rank);
        let maneuver = |m: ManeuverV2| ManeuverRecord(m.id, m.name, m.bonus, m.role);
        let standing = |StandingV2 { id, name, value }| StandingRecord(id, name, value);
        Self(
            c.id,
            c.name,
            c.facets.into_iter().map(FacetRecord::from).collect(),
            c.harm.into_iter().map(harm).collect(),
            c.level,
            c.roles.into_iter().map(role).collect(),
            c.maneuvers.into_iter().map(maneuver).collect(),
            c.boosts.into_iter().map(standing).collect(),
            c.penalties.into_iter().map(standing).collect(),
        )
    }
}

impl From<V2> for V3<Lenient<CharacterRecord>> {
    fn from(
        V2 {
            next_id,
            active,
            characters,
        }: V2,
    ) -> Self {
        let characters = characters.into_iter();
        Self(
            next_id,
            active,
            characters.map(|c| c.map(CharacterRecord::from)).collect(),
        )
    }
}

/// Reads a roster stored at an older `version` as version 3.
pub(crate) fn read(version: u32, data: Value) -> Result<V3<Lenient<CharacterRecord>>, Misshapen> {
    match version {
        1 => read_as::<V1>(data).map(V3::from),
        2 => read_as::<V2>(data).map(V3::from),
        _ => Err(Misshapen),
    }
}
