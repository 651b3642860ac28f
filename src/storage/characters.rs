//! The character roster: every character, their facets and harm, and which one is active.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use super::{Decoded, Document, decode_item, decode_record};
use crate::core::character::{
    Character, ElSheet, Harm, HarmMark, MAX_CHARACTERS, MAX_EL_VALUE, MAX_SHEET_ENTRIES, Maneuver,
    Role, Roster, Standing,
};
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

/// A character as stored. Version 1: `{"id", "name", "facets": [...], "harm": [...]}`.
/// Version 2 adds the Effective Level sheet: `"level"`, `"roles": [{"id", "name", "rank"}]`,
/// `"maneuvers": [{"id", "name", "bonus", "role"}]`, and `"boosts"` and `"penalties"`, each
/// `[{"id", "name", "value"}]`; a version 1 character has an empty sheet.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct CharacterRecord {
    id: u64,
    name: String,
    #[serde(default)]
    facets: Vec<FacetRecord>,
    #[serde(default)]
    harm: Vec<HarmRecord>,
    #[serde(default)]
    level: u32,
    #[serde(default)]
    roles: Vec<RoleRecord>,
    #[serde(default)]
    maneuvers: Vec<ManeuverRecord>,
    #[serde(default)]
    boosts: Vec<StandingRecord>,
    #[serde(default)]
    penalties: Vec<StandingRecord>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RoleRecord {
    id: u64,
    name: String,
    rank: u32,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ManeuverRecord {
    id: u64,
    name: String,
    bonus: i32,
    role: u64,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StandingRecord {
    id: u64,
    name: String,
    value: u32,
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
    let sheet = sheet_from(&record).map_err(bad)?;
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
        sheet,
    })
}

/// Rebuilds the EL sheet, checking every name and number as the roster does.
fn sheet_from(record: &CharacterRecord) -> Result<ElSheet, String> {
    let in_range = |value: i64, least: i64, what: &str| {
        if (least..=i64::from(MAX_EL_VALUE)).contains(&value) {
            Ok(())
        } else {
            Err(format!("{what} {value} is out of range"))
        }
    };
    in_range(i64::from(record.level), 0, "Level")?;
    let mut sheet = ElSheet {
        level: record.level,
        ..ElSheet::default()
    };
    for role in &record.roles {
        in_range(i64::from(role.rank), 1, "rank")?;
        sheet.roles.push(Role {
            id: role.id,
            name: clean_name(&role.name, "role")?,
            rank: role.rank,
        });
    }
    for maneuver in &record.maneuvers {
        in_range(i64::from(maneuver.bonus).abs(), 1, "bonus")?;
        if !sheet.roles.iter().any(|r| r.id == maneuver.role) {
            return Err(format!("the maneuver “{}” has no role", maneuver.name));
        }
        sheet.maneuvers.push(Maneuver {
            id: maneuver.id,
            name: clean_name(&maneuver.name, "maneuver")?,
            bonus: maneuver.bonus,
            role: maneuver.role,
        });
    }
    for (records, list) in [
        (&record.boosts, &mut sheet.boosts),
        (&record.penalties, &mut sheet.penalties),
    ] {
        for item in records {
            in_range(i64::from(item.value), 1, "value")?;
            list.push(Standing {
                id: item.id,
                name: clean_name(&item.name, "entry")?,
                value: item.value,
            });
        }
    }
    let counts = [
        sheet.roles.len(),
        sheet.maneuvers.len(),
        sheet.boosts.len(),
        sheet.penalties.len(),
    ];
    if counts.iter().any(|&n| n > MAX_SHEET_ENTRIES) {
        return Err("more sheet entries than a character keeps".into());
    }
    Ok(sheet)
}

fn standing_records(items: &[Standing]) -> Vec<StandingRecord> {
    items
        .iter()
        .map(|s| StandingRecord {
            id: s.id,
            name: s.name.clone(),
            value: s.value,
        })
        .collect()
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
        level: character.sheet.level,
        roles: character
            .sheet
            .roles
            .iter()
            .map(|r| RoleRecord {
                id: r.id,
                name: r.name.clone(),
                rank: r.rank,
            })
            .collect(),
        maneuvers: character
            .sheet
            .maneuvers
            .iter()
            .map(|m| ManeuverRecord {
                id: m.id,
                name: m.name.clone(),
                bonus: m.bonus,
                role: m.role,
            })
            .collect(),
        boosts: standing_records(&character.sheet.boosts),
        penalties: standing_records(&character.sheet.penalties),
    }
}

/// `{"next_id": 7, "active": 3, "characters": [character, ...]}`; version 2 characters carry
/// an EL sheet, and version 1 reads with an empty one.
impl Document for Roster {
    const KEY: &'static str = "dicetray.characters";
    const TITLE: &'static str = "characters";
    const VERSION: u32 = 2;

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
