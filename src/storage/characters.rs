//! The character roster: every character, their facets and harm, and which one is active.

use serde::de::SeqAccess;
use serde::ser::SerializeTuple;
use serde::{Deserialize, Serialize, Serializer};
use serde_json::Value;

use super::stored::{
    Lenient, Misshapen, ReadFields, deserialize_by_fields, next_field, read_version,
};
use super::{Decoded, Document};
use crate::core::character::{
    Character, ElSheet, Harm, HarmMark, MAX_CHARACTERS, MAX_EL_VALUE, MAX_SHEET_ENTRIES, Maneuver,
    Role, Roster, Standing,
};
use crate::core::facet::{Facet, Facets, clean_name};
use crate::core::ids::SeenIds;

/// Version 3, what this build writes: `[next_id, active, [character, ...]]`, the id counter
/// and the active character's id or `null`. Read as `V3<Lenient<CharacterRecord>>`, each
/// character on its own. Older versions are in `migrations::characters`.
#[derive(Serialize, Deserialize)]
pub(super) struct V3<C = CharacterRecord>(pub u64, pub Option<u64>, pub Vec<C>);

/// A character: `[id, name, facets, harm, level, roles, maneuvers, boosts, penalties]`,
/// the last five its Effective Level sheet.
#[derive(Serialize, Deserialize)]
pub(super) struct CharacterRecord(
    pub u64,
    pub String,
    pub Vec<FacetRecord>,
    pub Vec<HarmRecord>,
    /// Level.
    pub u32,
    pub Vec<RoleRecord>,
    pub Vec<ManeuverRecord>,
    /// Boosts.
    pub Vec<StandingRecord>,
    /// Penalties.
    pub Vec<StandingRecord>,
);

/// A facet, a character's or the scene's: `[id, name, helps]`.
#[derive(Serialize, Deserialize)]
pub(super) struct FacetRecord(pub u64, pub String, pub bool);

/// A role: `[id, name, rank]`.
#[derive(Serialize, Deserialize)]
pub(super) struct RoleRecord(pub u64, pub String, pub u32);

/// A maneuver: `[id, name, bonus, role id]`.
#[derive(Serialize, Deserialize)]
pub(super) struct ManeuverRecord(pub u64, pub String, pub i32, pub u64);

/// A boost or a penalty: `[id, name, value]`.
#[derive(Serialize, Deserialize)]
pub(super) struct StandingRecord(pub u64, pub String, pub u32);

/// A harm mark, `[id, "scratch" | "wound"]`, or a condition, `[id, "condition", name]`:
/// only a condition has a name, so its serde is written by hand.
pub(super) struct HarmRecord {
    pub id: u64,
    /// `"scratch"`, `"wound"` or `"condition"`.
    pub kind: String,
    /// A condition's name.
    pub name: Option<String>,
}

impl Serialize for HarmRecord {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut fields = serializer.serialize_tuple(2 + usize::from(self.name.is_some()))?;
        fields.serialize_element(&self.id)?;
        fields.serialize_element(&self.kind)?;
        if let Some(name) = &self.name {
            fields.serialize_element(name)?;
        }
        fields.end()
    }
}

deserialize_by_fields!(HarmRecord);

/// The fields in order, the name only after `"condition"`.
impl<'de> ReadFields<'de> for HarmRecord {
    const WHAT: &'static str = "a harm mark";

    fn read<A: SeqAccess<'de>>(fields: &mut A) -> Result<Self, A::Error> {
        let id = next_field(fields)?;
        let kind: String = next_field(fields)?;
        let name = match kind.as_str() {
            "condition" => Some(next_field(fields)?),
            _ => None,
        };
        Ok(HarmRecord { id, kind, name })
    }
}

/// Reads facets, `[[id, name, helps]]`, for characters and the scene alike, validating each
/// name and id.
pub(super) fn read_facets(records: Vec<FacetRecord>) -> Result<Facets, String> {
    let mut facets = Facets::default();
    for FacetRecord(id, name, helps) in records {
        facets.add(id, &name, helps)?;
    }
    Ok(facets)
}

/// Writes facets as [`read_facets`] reads them.
pub(super) fn write_facets(facets: &Facets) -> Vec<FacetRecord> {
    let record = |f: &Facet| FacetRecord(f.id, f.name.clone(), f.helps);
    facets.items().iter().map(record).collect()
}

fn read_harm(HarmRecord { id, kind, name }: HarmRecord) -> Result<HarmMark, String> {
    let harm = match (kind.as_str(), name) {
        ("scratch", None) => Harm::Scratch,
        ("wound", None) => Harm::Wound,
        ("condition", Some(name)) => Harm::Condition(clean_name(&name, "condition")?),
        // A name where none belongs, or none where one must be: not this version's form.
        ("scratch" | "wound", Some(_)) | ("condition", None) => return Err(Misshapen.into()),
        (kind, _) => return Err(format!("a harm mark of unknown kind “{kind}”")),
    };
    Ok(HarmMark { id, harm })
}

fn write_harm(mark: &HarmMark) -> HarmRecord {
    let (kind, name) = match &mark.harm {
        Harm::Scratch => ("scratch", None),
        Harm::Wound => ("wound", None),
        Harm::Condition(name) => ("condition", Some(name.clone())),
    };
    let kind = kind.to_string();
    HarmRecord {
        id: mark.id,
        kind,
        name,
    }
}

fn decode_character(item: Lenient<CharacterRecord>) -> Result<Character, String> {
    let CharacterRecord(id, name, facets, harm, level, roles, maneuvers, boosts, penalties) = item
        .0
        .map_err(|e| format!("a character: {}", String::from(e)))?;
    let name = clean_name(&name, "character").map_err(|e| format!("a character: {e}"))?;
    let read = || -> Result<_, String> {
        let facets = read_facets(facets)?;
        let harm = harm
            .into_iter()
            .map(read_harm)
            .collect::<Result<Vec<_>, _>>()?;
        let sheet = read_sheet(level, roles, maneuvers, boosts, penalties)?;
        Ok((facets, harm, sheet))
    };
    let (facets, harm, sheet) = read().map_err(|e| format!("the character “{name}”: {e}"))?;
    Ok(Character {
        id,
        name,
        facets,
        harm,
        sheet,
    })
}

/// Reads the EL sheet's fields, checking every name and number as the roster does.
fn read_sheet(
    level: u32,
    roles: Vec<RoleRecord>,
    maneuvers: Vec<ManeuverRecord>,
    boosts: Vec<StandingRecord>,
    penalties: Vec<StandingRecord>,
) -> Result<ElSheet, String> {
    let in_range = |value: i64, least: i64, what: &str| {
        if (least..=i64::from(MAX_EL_VALUE)).contains(&value) {
            Ok(())
        } else {
            Err(format!("{what} {value} is out of range"))
        }
    };
    in_range(i64::from(level), 0, "Level")?;
    let mut sheet = ElSheet {
        level,
        ..ElSheet::default()
    };
    for RoleRecord(id, name, rank) in roles {
        let name = clean_name(&name, "role")?;
        in_range(i64::from(rank), 1, "rank")?;
        sheet.roles.push(Role { id, name, rank });
    }
    for ManeuverRecord(id, name, bonus, role) in maneuvers {
        let name = clean_name(&name, "maneuver")?;
        in_range(i64::from(bonus).abs(), 1, "bonus")?;
        if !sheet.roles.iter().any(|r| r.id == role) {
            return Err(format!("the maneuver “{name}” has no role"));
        }
        sheet.maneuvers.push(Maneuver {
            id,
            name,
            bonus,
            role,
        });
    }
    for (list, records) in [
        (&mut sheet.boosts, boosts),
        (&mut sheet.penalties, penalties),
    ] {
        for StandingRecord(id, name, value) in records {
            let name = clean_name(&name, "entry")?;
            in_range(i64::from(value), 1, "value")?;
            list.push(Standing { id, name, value });
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

fn write_character(c: &Character) -> CharacterRecord {
    let sheet = &c.sheet;
    let role = |r: &Role| RoleRecord(r.id, r.name.clone(), r.rank);
    let maneuver = |m: &Maneuver| ManeuverRecord(m.id, m.name.clone(), m.bonus, m.role);
    let standing = |s: &Standing| StandingRecord(s.id, s.name.clone(), s.value);
    CharacterRecord(
        c.id,
        c.name.clone(),
        write_facets(&c.facets),
        c.harm.iter().map(write_harm).collect(),
        sheet.level,
        sheet.roles.iter().map(role).collect(),
        sheet.maneuvers.iter().map(maneuver).collect(),
        sheet.boosts.iter().map(standing).collect(),
        sheet.penalties.iter().map(standing).collect(),
    )
}

impl Document for Roster {
    const KEY: &'static str = "dicetray.characters";
    const TITLE: &'static str = "characters";
    const VERSION: u32 = 3;

    fn decode(version: u32, data: Value) -> Result<Decoded<Self>, String> {
        let V3(next_id, active, stored) =
            read_version::<Self, V3<Lenient<CharacterRecord>>>(version, data, "the characters")?;
        let mut characters: Vec<Character> = Vec::new();
        let mut ids = SeenIds::default();
        let mut set_aside = Vec::new();
        for item in stored {
            let character = match decode_character(item) {
                Ok(character) => character,
                Err(reason) => {
                    set_aside.push(reason);
                    continue;
                }
            };
            // Ids stay unique across the roster: a clash sets the newcomer aside.
            let mut with = ids.clone();
            let problem = if characters.len() >= MAX_CHARACTERS {
                "is past the limit"
            } else if characters
                .iter()
                .any(|c| c.name.eq_ignore_ascii_case(&character.name))
            {
                "has the name of another"
            } else if !character.ids().all(|id| with.insert(id)) {
                "shares an id with another"
            } else {
                ids = with;
                characters.push(character);
                continue;
            };
            set_aside.push(format!("the character “{}” {problem}", character.name));
        }
        let value = Roster::from_parts(characters, active, next_id)?;
        Ok(Decoded { value, set_aside })
    }

    fn encode(&self) -> impl Serialize {
        V3(
            self.next_id(),
            self.active_id(),
            self.characters().iter().map(write_character).collect(),
        )
    }
}
