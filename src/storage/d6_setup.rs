//! The Highest d6 tray as the player left it.

use serde::Serialize;
use serde_json::Value;

use super::fields::{WriteField, object_to_array, record};
use super::{Decoded, Document, read_record};
use crate::core::highest_d6::{ChallengeKind, D6Setup, FacetRef, MAX_BASE_DICE, MIN_BASE_DICE};

record! {
    /// Version 3: `[3, "physical", false, ["c4", "s2", "h7"]]`: base dice, kind of challenge,
    /// whether it is a conflict, and the facets applied (`c` names a character facet, `s` a
    /// scene facet, `h` a condition by its harm mark). Version 2 was the same without `h`;
    /// version 1 stored `{"base", "kind", "conflict", "applied"?}`.
    struct StoredSetup {
        base: u32,
        /// `ChallengeKind::key`.
        kind: String,
        conflict: bool,
        /// Each as `facet_ref_text` writes it.
        applied: Vec<String>,
    }
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

    /// Version 3 only adds conditions: version 2 reads as it is.
    fn upgrade(version: u32, data: &mut Value) {
        if version < 2 {
            let keys = ["base", "kind", "conflict", "applied"];
            object_to_array(data, &keys, "[null,null,null,[]]");
        }
    }

    fn decode(data: Value) -> Result<Decoded<Self>, String> {
        let StoredSetup {
            base,
            kind,
            conflict,
            applied,
        } = read_record(&data, "the Highest d6 tray")?;
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
        stored(self).write()
    }
}

/// What `D6Setup` is stored as: its record, written by [`Document::encode`].
pub(super) fn stored(value: &D6Setup) -> impl WriteField {
    StoredSetup {
        base: value.base,
        kind: value.kind.key().into(),
        conflict: value.conflict,
        applied: value.applied.iter().map(facet_ref_text).collect(),
    }
}
