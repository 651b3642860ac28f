//! The character roster: every character, their facets and harm, and which one is active.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use super::{Decoded, Document, decode_item, decode_record};
use crate::core::character::{Character, Harm, HarmMark, MAX_CHARACTERS, Roster};
use crate::core::facet::{Facet, Facets, clean_name};

/// A facet as stored, for characters and the scene alike.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FacetRecord {
    id: u64,
    name: String,
    helps: bool,
}

/// A harm mark as stored: `{"id": 5, "kind": "scratch" | "wound" | "condition", "name"?}`.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct HarmRecord {
    id: u64,
    kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    name: Option<String>,
}

/// A character as stored (version 1): `{"id", "name", "facets": [...], "harm": [...]}`.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct CharacterRecord {
    id: u64,
    name: String,
    #[serde(default)]
    facets: Vec<FacetRecord>,
    #[serde(default)]
    harm: Vec<HarmRecord>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StoredRoster<'a> {
    #[serde(default)]
    next_id: u64,
    #[serde(default)]
    active: Option<u64>,
    #[serde(borrow)]
    characters: Vec<&'a RawValue>,
}

#[derive(Serialize)]
struct RosterOut {
    next_id: u64,
    active: Option<u64>,
    characters: Vec<CharacterRecord>,
}

impl FacetRecord {
    pub(super) fn of(facet: &Facet) -> Self {
        Self {
            id: facet.id,
            name: facet.name.clone(),
            helps: facet.helps,
        }
    }
}

/// Rebuilds facets, validating each name and id.
pub(super) fn facets_from(records: Vec<FacetRecord>) -> Result<Facets, String> {
    let mut facets = Facets::default();
    for record in records {
        facets.add(record.id, &record.name, record.helps)?;
    }
    Ok(facets)
}

fn harm_from(record: HarmRecord) -> Result<HarmMark, String> {
    let harm = match (record.kind.as_str(), record.name) {
        ("scratch", None) => Harm::Scratch,
        ("wound", None) => Harm::Wound,
        ("condition", Some(name)) => Harm::Condition(clean_name(&name, "condition")?),
        (kind, _) => return Err(format!("a harm mark of unknown kind “{kind}”")),
    };
    Ok(HarmMark {
        id: record.id,
        harm,
    })
}

fn harm_record(mark: &HarmMark) -> HarmRecord {
    let (kind, name) = match &mark.harm {
        Harm::Scratch => ("scratch", None),
        Harm::Wound => ("wound", None),
        Harm::Condition(name) => ("condition", Some(name.clone())),
    };
    HarmRecord {
        id: mark.id,
        kind: kind.into(),
        name,
    }
}

fn decode_character(item: &RawValue) -> Result<Character, String> {
    let record: CharacterRecord = decode_item(item, "a character")?;
    let name = clean_name(&record.name, "character")?;
    let bad = |reason: String| format!("the character “{name}”: {reason}");
    let facets = facets_from(record.facets).map_err(bad)?;
    let harm = record
        .harm
        .into_iter()
        .map(harm_from)
        .collect::<Result<Vec<_>, _>>()
        .map_err(bad)?;
    Ok(Character {
        id: record.id,
        name,
        facets,
        harm,
    })
}

fn character_record(character: &Character) -> CharacterRecord {
    CharacterRecord {
        id: character.id,
        name: character.name.clone(),
        facets: character
            .facets
            .items()
            .iter()
            .map(FacetRecord::of)
            .collect(),
        harm: character.harm.iter().map(harm_record).collect(),
    }
}

/// Version 1: `{"next_id": 7, "active": 3, "characters": [character, ...]}`.
impl Document for Roster {
    const KEY: &'static str = "dicetray.characters";
    const TITLE: &'static str = "characters";
    const VERSION: u32 = 1;

    fn decode(_version: u32, data: &str) -> Result<Decoded<Self>, String> {
        let stored: StoredRoster = decode_record(data, "the characters")?;
        let mut characters: Vec<Character> = Vec::new();
        let mut ids = BTreeSet::new();
        let mut set_aside = Vec::new();
        for item in stored.characters {
            match decode_character(item) {
                Ok(character) if characters.len() >= MAX_CHARACTERS => {
                    set_aside.push(format!("“{}” is past the limit", character.name));
                }
                Ok(character)
                    if characters
                        .iter()
                        .any(|c| c.name.eq_ignore_ascii_case(&character.name)) =>
                {
                    set_aside.push(format!("a second character called “{}”", character.name));
                }
                Ok(character) => {
                    // Ids must stay unique across the roster; a clash sets the newcomer aside.
                    let own: Vec<u64> = character.ids().collect();
                    let distinct = own.iter().collect::<BTreeSet<_>>().len() == own.len();
                    if distinct && own.iter().all(|id| !ids.contains(id)) {
                        ids.extend(own);
                        characters.push(character);
                    } else {
                        set_aside.push(format!(
                            "the character “{}” shares an id with another",
                            character.name
                        ));
                    }
                }
                Err(reason) => set_aside.push(reason),
            }
        }
        let value = Roster::from_parts(characters, stored.active, stored.next_id)?;
        Ok(Decoded { value, set_aside })
    }

    fn encode(&self) -> impl Serialize {
        RosterOut {
            next_id: self.next_id(),
            active: self.active_id(),
            characters: self.characters().iter().map(character_record).collect(),
        }
    }
}
