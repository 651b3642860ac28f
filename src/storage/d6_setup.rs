//! The Highest d6 tray as the player left it.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{Decoded, Document, decode_record};
use crate::core::highest_d6::{ChallengeKind, D6Setup, FacetRef, MAX_BASE_DICE, MIN_BASE_DICE};

/// Version 1: `{"base": 3, "kind": "physical", "conflict": false, "applied": ["c4", "s2"]}`,
/// where `c` names a character facet and `s` a scene facet.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Stored {
    base: u32,
    kind: String,
    conflict: bool,
    #[serde(default)]
    applied: Vec<String>,
}

fn facet_ref(text: &str) -> Option<FacetRef> {
    let (scope, id) = text.split_at_checked(1)?;
    let id: u64 = id
        .bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| id.parse().ok())
        .flatten()?;
    match scope {
        "c" => Some(FacetRef::Character(id)),
        "s" => Some(FacetRef::Scene(id)),
        _ => None,
    }
}

fn facet_ref_text(facet: &FacetRef) -> String {
    match facet {
        FacetRef::Character(id) => format!("c{id}"),
        FacetRef::Scene(id) => format!("s{id}"),
    }
}

impl Document for D6Setup {
    const KEY: &'static str = "dicetray.d6.setup";
    const TITLE: &'static str = "Highest d6 tray";
    const VERSION: u32 = 1;

    fn decode(data: Value) -> Result<Decoded<Self>, String> {
        let record: Stored = decode_record(data, "the Highest d6 tray")?;
        if !(MIN_BASE_DICE..=MAX_BASE_DICE).contains(&record.base) {
            return Err(format!("{} base dice", record.base));
        }
        let kind = ChallengeKind::from_key(&record.kind)
            .ok_or_else(|| format!("no such kind of challenge: “{}”", record.kind))?;
        let applied = record
            .applied
            .iter()
            .map(|text| facet_ref(text).ok_or_else(|| format!("no such facet: “{text}”")))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Decoded::clean(Self {
            base: record.base,
            applied,
            kind,
            conflict: record.conflict,
        }))
    }

    fn encode(&self) -> impl Serialize {
        Stored {
            base: self.base,
            kind: self.kind.key().into(),
            conflict: self.conflict,
            applied: self.applied.iter().map(facet_ref_text).collect(),
        }
    }
}
