//! The character roster: every character, their facets and harm, and which one is active.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::fields::{Field, Fields, each, each_item, fields, named, object_to_array};
use super::{Decoded, Document, decode_record};
use crate::core::character::{
    Character, ElSheet, Harm, HarmMark, MAX_CHARACTERS, MAX_EL_VALUE, MAX_SHEET_ENTRIES, Maneuver,
    Role, Roster, Standing,
};
use crate::core::facet::{Facets, clean_name};
use crate::core::ids::SeenIds;

/// Version 3: `[next_id, active, [character, ...]]` (the id counter, and the active
/// character's id or `null`), a character being `[id, name, facets, harm, level, roles,
/// maneuvers, boosts, penalties]`: facets
/// `[[id, name, helps]]`, harm `[[id, "scratch" | "wound"]]` or `[id, "condition", name]`,
/// roles `[[id, name, rank]]`, maneuvers `[[id, name, bonus, role id]]`, boosts and penalties
/// `[[id, name, value]]`. Versions 1 and 2 stored `{"next_id"?, "active"?, "characters"}`
/// and each of those as an object with those names (`{"id", "name", "helps"}`); version 1
/// had no Effective Level sheet (`level` and the lists after it) and reads with an empty one.
#[derive(Serialize, Deserialize)]
struct Stored<C>(u64, Option<u64>, Vec<C>);

/// Reads facets, `[[id, name, helps]]`, for characters and the scene alike, validating each
/// name and id.
pub(super) fn read_facets(items: &[Value]) -> Result<Facets, String> {
    let mut facets = Facets::default();
    for item in items {
        let mut fields = Fields::of(item)?;
        let (id, name, helps) = (fields.u64()?, fields.str()?, fields.bool()?);
        fields.end()?;
        facets.add(id, name, helps)?;
    }
    Ok(facets)
}

/// Writes facets as [`read_facets`] reads them.
pub(super) fn write_facets(facets: &Facets) -> Vec<Field<'_>> {
    each(facets.items(), |f| fields![f.id, &f.name, f.helps])
}

/// Rewrites facets an earlier version stored as objects.
pub(super) fn upgrade_facets(facets: Option<&mut Value>) {
    each_item(facets, |f| {
        object_to_array(f, &["id", "name", "helps"], "[null,null,null]");
    });
}

fn read_harm(item: &Value) -> Result<HarmMark, String> {
    let mut fields = Fields::of(item)?;
    let id = fields.u64()?;
    let harm = match fields.str()? {
        "scratch" => Harm::Scratch,
        "wound" => Harm::Wound,
        "condition" => Harm::Condition(clean_name(fields.str()?, "condition")?),
        kind => return Err(format!("a harm mark of unknown kind “{kind}”")),
    };
    fields.end()?;
    Ok(HarmMark { id, harm })
}

fn write_harm(mark: &HarmMark) -> Field<'_> {
    match &mark.harm {
        Harm::Scratch => fields![mark.id, "scratch"],
        Harm::Wound => fields![mark.id, "wound"],
        Harm::Condition(name) => fields![mark.id, "condition", name],
    }
}

fn decode_character(item: &Value) -> Result<Character, String> {
    let (id, name, mut fields) =
        named(item, "character").map_err(|e| format!("a character: {e}"))?;
    let read = || -> Result<_, String> {
        let facets = read_facets(fields.list()?)?;
        let harm = fields
            .list()?
            .iter()
            .map(read_harm)
            .collect::<Result<Vec<_>, _>>()?;
        let sheet = read_sheet(&mut fields)?;
        fields.end()?;
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
fn read_sheet(fields: &mut Fields) -> Result<ElSheet, String> {
    let in_range = |value: i64, least: i64, what: &str| {
        if (least..=i64::from(MAX_EL_VALUE)).contains(&value) {
            Ok(())
        } else {
            Err(format!("{what} {value} is out of range"))
        }
    };
    let level = fields.u32()?;
    in_range(i64::from(level), 0, "Level")?;
    let mut sheet = ElSheet {
        level,
        ..ElSheet::default()
    };
    for item in fields.list()? {
        let (id, name, mut role) = named(item, "role")?;
        let rank = role.u32()?;
        role.end()?;
        in_range(i64::from(rank), 1, "rank")?;
        sheet.roles.push(Role { id, name, rank });
    }
    for item in fields.list()? {
        let (id, name, mut maneuver) = named(item, "maneuver")?;
        let (bonus, role) = (maneuver.i32()?, maneuver.u64()?);
        maneuver.end()?;
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
    for list in [&mut sheet.boosts, &mut sheet.penalties] {
        for item in fields.list()? {
            let (id, name, mut standing) = named(item, "entry")?;
            let value = standing.u32()?;
            standing.end()?;
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

fn write_standing(s: &Standing) -> Field<'_> {
    fields![s.id, &s.name, s.value]
}

fn write_character(c: &Character) -> Field<'_> {
    let sheet = &c.sheet;
    fields![
        c.id,
        &c.name,
        write_facets(&c.facets),
        each(&c.harm, write_harm),
        sheet.level,
        each(&sheet.roles, |r| fields![r.id, &r.name, r.rank]),
        each(&sheet.maneuvers, |m| fields![
            m.id, &m.name, m.bonus, m.role
        ]),
        each(&sheet.boosts, write_standing),
        each(&sheet.penalties, write_standing),
    ]
}

/// Rewrites a character an earlier version stored as an object, and its entries.
fn upgrade_character(character: &mut Value) {
    if let Value::Object(members) = character {
        upgrade_facets(members.get_mut("facets"));
        each_item(members.get_mut("harm"), |mark| {
            object_to_array(mark, &["id", "kind", "name"], "[null,null,null]");
            // Only a condition has a name.
            if let Value::Array(fields) = mark
                && fields.last().is_some_and(Value::is_null)
            {
                fields.pop();
            }
        });
        let lists: [(&str, &[&str], &str); 4] = [
            ("roles", &["id", "name", "rank"], "[null,null,null]"),
            (
                "maneuvers",
                &["id", "name", "bonus", "role"],
                "[null,null,null,null]",
            ),
            ("boosts", &["id", "name", "value"], "[null,null,null]"),
            ("penalties", &["id", "name", "value"], "[null,null,null]"),
        ];
        for (list, keys, defaults) in lists {
            each_item(members.get_mut(list), |item| {
                object_to_array(item, keys, defaults)
            });
        }
    }
    let keys = [
        "id",
        "name",
        "facets",
        "harm",
        "level",
        "roles",
        "maneuvers",
        "boosts",
        "penalties",
    ];
    object_to_array(character, &keys, "[null,null,[],[],0,[],[],[],[]]");
}

impl Document for Roster {
    const KEY: &'static str = "dicetray.characters";
    const TITLE: &'static str = "characters";
    const VERSION: u32 = 3;

    fn upgrade(version: u32, data: &mut Value) {
        if version < 3 {
            each_item(data.get_mut("characters"), upgrade_character);
            let keys = ["next_id", "active", "characters"];
            object_to_array(data, &keys, "[0,null,null]");
        }
    }

    fn decode(data: Value) -> Result<Decoded<Self>, String> {
        let Stored(next_id, active, stored) = decode_record(data, "the characters")?;
        let mut characters: Vec<Character> = Vec::new();
        let mut ids = SeenIds::default();
        let mut set_aside = Vec::new();
        for item in &stored {
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
        let characters = each(self.characters(), write_character);
        Stored(self.next_id(), self.active_id(), characters)
    }
}
