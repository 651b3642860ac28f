//! The Highest d6 tray as the player left it.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::stored::read_version;
use super::{Decoded, Document};
use crate::core::highest_d6::{ChallengeKind, D6Setup, FacetRef, MAX_BASE_DICE, MIN_BASE_DICE};

/// Version 3, what this build writes: `[3, "physical", false, ["c4", "s2", "h7"]]`: base
/// dice, the kind of challenge (`ChallengeKind::key`), whether it is a conflict, and the
/// facets applied (`c` names a character facet, `s` a scene facet, `h` a condition by its
/// harm mark). Older versions are in `migrations::d6_setup`.
#[derive(Serialize, Deserialize)]
pub(super) struct V3(pub u32, pub String, pub bool, pub Vec<String>);

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
        "h" => Some(FacetRef::Condition(id)),
        _ => None,
    }
}

fn facet_ref_text(facet: &FacetRef) -> String {
    match facet {
        FacetRef::Character(id) => format!("c{id}"),
        FacetRef::Scene(id) => format!("s{id}"),
        FacetRef::Condition(id) => format!("h{id}"),
    }
}

impl Document for D6Setup {
    const KEY: &'static str = "dicetray.d6.setup";
    const TITLE: &'static str = "Highest d6 tray";
    const VERSION: u32 = 3;

    fn decode(version: u32, data: Value) -> Result<Decoded<Self>, String> {
        let V3(base, kind, conflict, applied) =
            read_version::<Self, _>(version, data, "the Highest d6 tray")?;
        if !(MIN_BASE_DICE..=MAX_BASE_DICE).contains(&base) {
            return Err(format!("{base} base dice"));
        }
        let kind = ChallengeKind::from_key(&kind)
            .ok_or_else(|| format!("no such kind of challenge: “{kind}”"))?;
        let applied = applied
            .iter()
            .map(|text| facet_ref(text).ok_or_else(|| format!("no such facet: “{text}”")))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Decoded::clean(Self {
            base,
            applied,
            kind,
            conflict,
        }))
    }

    fn encode(&self) -> impl Serialize {
        V3(
            self.base,
            self.kind.key().into(),
            self.conflict,
            self.applied.iter().map(facet_ref_text).collect(),
        )
    }
}
