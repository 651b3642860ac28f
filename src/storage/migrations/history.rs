//! The roll history as versions 1 to 7 stored it, and the steps to version 8.

use serde::Deserialize;
use serde::de::SeqAccess;
use serde_json::Value;

use crate::storage::history_entry::{DedicatedRecord, Entry, Head, RerollRecord, Tail, V8};
use crate::storage::stored::{Lenient, Misshapen, ReadFields, read as read_as};

/// Version 3: `{"entries": [entry, ...]}`, each entry an object read on its own.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct V3 {
    entries: Vec<Lenient<EntryV3>>,
}

/// Version 2: version 3 without Effective Level rolls, read as version 3.
pub(crate) type V2 = V3;

/// Version 1: version 2 with narrative rolls only and no character, read as version 3.
pub(crate) type V1 = V3;

/// An entry in version 3, an object whose members depend on its `"system"`.
#[derive(Deserialize)]
#[serde(tag = "system")]
pub(crate) enum EntryV3 {
    /// `"system": "narrative"`.
    #[serde(rename = "narrative")]
    Narrative(NarrativeV3),
    /// `"system": "d6"`.
    #[serde(rename = "d6")]
    HighestD6(D6V3),
    /// `"system": "el"`.
    #[serde(rename = "el")]
    EffectiveLevel(ElV3),
}

/// A narrative roll in version 3: `{"id", "at", "label", "who"?, "pool", "faces",
/// "rerolls"?}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct NarrativeV3 {
    id: u64,
    at: u64,
    label: String,
    who: Option<String>,
    pool: String,
    faces: String,
    #[serde(default)]
    rerolls: Vec<RerollV3>,
}

/// A re-roll in version 3: `{"die", "was"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RerollV3 {
    die: u64,
    was: String,
}

/// A Highest d6 roll in version 3: `{"id", "at", "label", "who"?, "pool", "faces", "dice",
/// "kind", "conflict"?, "cost"?}`, `dice` how they were read; no `conflict` reads as none.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct D6V3 {
    id: u64,
    at: u64,
    label: String,
    who: Option<String>,
    pool: String,
    faces: String,
    dice: String,
    kind: String,
    #[serde(default)]
    conflict: bool,
    cost: Option<String>,
}

/// An Effective Level roll in version 3: `{"id", "at", "label", "who"?, "pool", "faces",
/// "vs_faces"?, "dedicated"?}`; no `vs_faces` reads as no faces.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ElV3 {
    id: u64,
    at: u64,
    label: String,
    who: Option<String>,
    pool: String,
    faces: String,
    #[serde(default)]
    vs_faces: String,
    dedicated: Option<DedicatedRecord>,
}

/// Version 5: `[entry, ...]`, each entry read on its own.
#[derive(Deserialize)]
pub(crate) struct V5(Vec<Lenient<EntryV5>>);

/// Version 4: what version 5 stores, which only lets entries hold more (the other side's
/// name in the Effective Level notation, conditions in a Highest d6 pool line).
pub(crate) type V4 = V5;

/// Versions 6 and 7: `[entry, ...]`, each entry version 8's without `to_gm` (version 6 had
/// no defences), read on its own.
pub(crate) type V6 = V8<Lenient<EntryV7>>;

/// Version 7: see [`V6`].
pub(crate) type V7 = V6;

/// An entry as version `V` stored it, read as version 8's: version 7's is version 8's without
/// `to_gm` (no roll was then marked as the GM's alone), `[id, at, label, who, real_dice,
/// system, pool, ...]`; version 5's is version 7's without `real_dice`, `[id, at, label, who,
/// system, pool, ...]`, and its system's own fields.
pub(crate) struct EntryAt<const V: u32>(Entry);

/// An entry in version 7 (see [`EntryAt`]).
pub(crate) type EntryV7 = EntryAt<7>;

/// An entry in version 5 (see [`EntryAt`]).
pub(crate) type EntryV5 = EntryAt<5>;

impl<'de, const V: u32> serde::Deserialize<'de> for EntryAt<V> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        crate::storage::stored::read_fields(deserializer)
    }
}

impl<'de, const V: u32> ReadFields<'de> for EntryAt<V> {
    const WHAT: &'static str = "a roll";

    fn read<A: SeqAccess<'de>>(fields: &mut A) -> Result<Self, A::Error> {
        Entry::read_in(fields, V).map(Self)
    }
}

impl From<EntryV3> for EntryV5 {
    fn from(entry_v3: EntryV3) -> Self {
        // Every roll before version 6 was the app's own: no faces were entered by hand.
        let entry = |id, at, label, who, pool, tail| {
            let head = Head {
                id,
                at,
                label,
                who,
                real_dice: false,
                to_gm: false,
                pool,
            };
            EntryAt(Entry { head, tail })
        };
        match entry_v3 {
            EntryV3::Narrative(r) => {
                let reroll = |RerollV3 { die, was }| RerollRecord(die, was);
                let rerolls = r.rerolls.into_iter().map(reroll).collect();
                let tail = Tail::Narrative {
                    faces: r.faces,
                    rerolls,
                };
                entry(r.id, r.at, r.label, r.who, r.pool, tail)
            }
            EntryV3::HighestD6(r) => {
                let tail = Tail::HighestD6 {
                    faces: r.faces,
                    plan: r.dice,
                    kind: r.kind,
                    conflict: r.conflict,
                    cost: r.cost,
                };
                entry(r.id, r.at, r.label, r.who, r.pool, tail)
            }
            EntryV3::EffectiveLevel(r) => {
                let tail = Tail::EffectiveLevel {
                    faces: r.faces,
                    their_faces: r.vs_faces,
                    dedicated: r.dedicated,
                };
                entry(r.id, r.at, r.label, r.who, r.pool, tail)
            }
        }
    }
}

impl From<V3> for V5 {
    fn from(V3 { entries }: V3) -> Self {
        Self(entries.into_iter().map(|e| e.map(EntryV5::from)).collect())
    }
}

impl From<EntryV5> for EntryV7 {
    fn from(EntryAt(entry): EntryV5) -> Self {
        Self(entry)
    }
}

impl From<V5> for V6 {
    fn from(V5(entries): V5) -> Self {
        V8(entries.into_iter().map(|e| e.map(EntryV7::from)).collect())
    }
}

impl From<EntryV7> for Entry {
    fn from(EntryAt(entry): EntryV7) -> Self {
        entry
    }
}

/// Version 7 to 8: every roll kept so far went where the table's rolls went, or nowhere.
fn to_v8(V8(entries): V7) -> V8<Lenient<Entry>> {
    V8(entries.into_iter().map(|e| e.map(Entry::from)).collect())
}

/// Reads a history stored at an older `version` as version 8.
pub(crate) fn read(version: u32, data: Value) -> Result<V8<Lenient<Entry>>, Misshapen> {
    let v7 = match version {
        1 => read_as::<V1>(data).map(V5::from).map(V6::from),
        2 => read_as::<V2>(data).map(V5::from).map(V6::from),
        3 => read_as::<V3>(data).map(V5::from).map(V6::from),
        4 => read_as::<V4>(data).map(V6::from),
        5 => read_as::<V5>(data).map(V6::from),
        6 | 7 => read_as::<V7>(data),
        _ => Err(Misshapen),
    };
    v7.map(to_v8)
}
