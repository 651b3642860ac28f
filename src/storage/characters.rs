//! The character roster: every character, their facets and harm, and which one is active.

use serde::Serialize;
use serde_json::Value;

use super::fields::{
    Fields, Named, ReadField, ReadRecord, Then, WriteField, each_item, object_to_array, read_named,
    record,
};
use super::{Decoded, Document, read_record};
use crate::core::character::{
    Character, ElSheet, Harm, HarmMark, MAX_CHARACTERS, MAX_EL_VALUE, MAX_SHEET_ENTRIES, Maneuver,
    Role, Roster, Standing,
};
use crate::core::facet::{Facet, Facets, clean_name};
use crate::core::ids::SeenIds;

record! {
    /// Version 3: `[next_id, active, [character, ...]]` (the id counter, and the active
    /// character's id or `null`), a character being `[id, name, facets, harm, level, roles,
    /// maneuvers, boosts, penalties]`: facets
    /// `[[id, name, helps]]`, harm `[[id, "scratch" | "wound"]]` or `[id, "condition", name]`,
    /// roles `[[id, name, rank]]`, maneuvers `[[id, name, bonus, role id]]`, boosts and penalties
    /// `[[id, name, value]]`. Versions 1 and 2 stored `{"next_id"?, "active"?, "characters"}`
    /// and each of those as an object with those names (`{"id", "name", "helps"}`); version 1
    /// had no Effective Level sheet (`level` and the lists after it) and reads with an empty one.
    struct StoredRoster<C> {
        next_id: u64,
        active: Option<u64>,
        /// Each read on its own, so one that cannot be read is set aside alone.
        characters: Vec<C>,
    }
}

record! {
    /// A facet: `[id, name, helps]`.
    pub(super) struct FacetRecord {
        id: u64,
        name: String,
        helps: bool,
    }
}

/// Reads facets, `[[id, name, helps]]`, for characters and the scene alike, validating each
/// name and id.
pub(super) fn read_facets(items: &[Value]) -> Result<Facets, String> {
    let mut facets = Facets::default();
    for item in items {
        let FacetRecord { id, name, helps } = FacetRecord::read(item)?;
        facets.add(id, &name, helps)?;
    }
    Ok(facets)
}

/// Writes facets as [`read_facets`] reads them.
pub(super) fn write_facets(facets: &Facets) -> Vec<FacetRecord> {
    let record = |f: &Facet| FacetRecord {
        id: f.id,
        name: f.name.clone(),
        helps: f.helps,
    };
    facets.items().iter().map(record).collect()
}

/// Rewrites facets an earlier version stored as objects.
pub(super) fn upgrade_facets(facets: Option<&mut Value>) {
    each_item(facets, |f| {
        object_to_array(f, &["id", "name", "helps"], "[null,null,null]");
    });
}

record! {
    /// A harm mark, `[id, "scratch" | "wound"]`, or a condition, `[id, "condition", name]`.
    struct HarmRecord {
        id: u64,
        kind: String,
    }
}

record! {
    /// What a condition adds to its harm mark.
    struct ConditionName {
        name: String,
    }
}

fn read_harm(item: &Value) -> Result<HarmMark, String> {
    let mut fields = Fields::of(item)?;
    let HarmRecord { id, kind } = HarmRecord::read_from(&mut fields)?;
    let harm = match kind.as_str() {
        "scratch" => Harm::Scratch,
        "wound" => Harm::Wound,
        "condition" => {
            let ConditionName { name } = ConditionName::read_from(&mut fields)?;
            Harm::Condition(clean_name(&name, "condition")?)
        }
        kind => return Err(format!("a harm mark of unknown kind “{kind}”")),
    };
    fields.end()?;
    Ok(HarmMark { id, harm })
}

/// A harm mark as written: a condition's name follows its kind.
type HarmWritten = Then<HarmRecord, Option<ConditionName>>;

fn write_harm(mark: &HarmMark) -> HarmWritten {
    let (kind, condition) = match &mark.harm {
        Harm::Scratch => ("scratch", None),
        Harm::Wound => ("wound", None),
        Harm::Condition(name) => ("condition", Some(name.clone())),
    };
    let kind = kind.to_string();
    let name = condition.map(|name| ConditionName { name });
    Then(HarmRecord { id: mark.id, kind }, name)
}

record! {
    /// A character after its id and name: `[..., facets, harm, level, roles, maneuvers,
    /// boosts, penalties]`. Facets and harm are read as their own lists.
    struct CharacterRecord<F, H, R, M, S> {
        facets: Vec<F>,
        harm: Vec<H>,
        level: u32,
        roles: Vec<R>,
        maneuvers: Vec<M>,
        boosts: Vec<S>,
        penalties: Vec<S>,
    }
}

record! {
    /// A role after its id and name: `[..., rank]`.
    struct RoleRecord {
        rank: u32,
    }
}

record! {
    /// A maneuver after its id and name: `[..., bonus, role id]`.
    struct ManeuverRecord {
        bonus: i32,
        role: u64,
    }
}

record! {
    /// A boost or a penalty after its id and name: `[..., value]`.
    struct StandingRecord {
        value: u32,
    }
}

/// A character as read, its lists still to be read item by item.
type ReadCharacter = CharacterRecord<Value, Value, Value, Value, Value>;

fn decode_character(item: &Value) -> Result<Character, String> {
    let mut fields = Fields::of(item).map_err(|e| format!("a character: {}", String::from(e)))?;
    let Named { id, name } =
        Named::read_start(&mut fields, "character").map_err(|e| format!("a character: {e}"))?;
    let mut read = || -> Result<_, String> {
        let record = ReadCharacter::read_from(&mut fields)?;
        fields.end()?;
        let facets = read_facets(&record.facets)?;
        let harm = record
            .harm
            .iter()
            .map(read_harm)
            .collect::<Result<Vec<_>, _>>()?;
        let sheet = read_sheet(&record)?;
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
fn read_sheet(record: &ReadCharacter) -> Result<ElSheet, String> {
    let in_range = |value: i64, least: i64, what: &str| {
        if (least..=i64::from(MAX_EL_VALUE)).contains(&value) {
            Ok(())
        } else {
            Err(format!("{what} {value} is out of range"))
        }
    };
    let level = record.level;
    in_range(i64::from(level), 0, "Level")?;
    let mut sheet = ElSheet {
        level,
        ..ElSheet::default()
    };
    for item in &record.roles {
        let (Named { id, name }, RoleRecord { rank }) = read_named(item, "role")?;
        in_range(i64::from(rank), 1, "rank")?;
        sheet.roles.push(Role { id, name, rank });
    }
    for item in &record.maneuvers {
        let (Named { id, name }, ManeuverRecord { bonus, role }) = read_named(item, "maneuver")?;
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
    for (list, items) in [
        (&mut sheet.boosts, &record.boosts),
        (&mut sheet.penalties, &record.penalties),
    ] {
        for item in items {
            let (Named { id, name }, StandingRecord { value }) = read_named(item, "entry")?;
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

/// An entry as written: its id and name, then its own fields.
type WithName<R> = Then<Named, R>;

/// A character as written.
type CharacterWritten = WithName<
    CharacterRecord<
        FacetRecord,
        HarmWritten,
        WithName<RoleRecord>,
        WithName<ManeuverRecord>,
        WithName<StandingRecord>,
    >,
>;

fn write_standing(s: &Standing) -> WithName<StandingRecord> {
    Then(Named::of(s.id, &s.name), StandingRecord { value: s.value })
}

fn write_character(c: &Character) -> CharacterWritten {
    let sheet = &c.sheet;
    let role = |r: &Role| Then(Named::of(r.id, &r.name), RoleRecord { rank: r.rank });
    let maneuver = |m: &Maneuver| {
        let rest = ManeuverRecord {
            bonus: m.bonus,
            role: m.role,
        };
        Then(Named::of(m.id, &m.name), rest)
    };
    let record = CharacterRecord {
        facets: write_facets(&c.facets),
        harm: c.harm.iter().map(write_harm).collect(),
        level: sheet.level,
        roles: sheet.roles.iter().map(role).collect(),
        maneuvers: sheet.maneuvers.iter().map(maneuver).collect(),
        boosts: sheet.boosts.iter().map(write_standing).collect(),
        penalties: sheet.penalties.iter().map(write_standing).collect(),
    };
    Then(Named::of(c.id, &c.name), record)
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
        let StoredRoster {
            next_id,
            active,
            characters: stored,
        }: StoredRoster<Value> = read_record(&data, "the characters")?;
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
        stored(self).write()
    }
}

/// What `Roster` is stored as: its record, written by [`Document::encode`].
pub(super) fn stored(value: &Roster) -> impl WriteField {
    StoredRoster {
        next_id: value.next_id(),
        active: value.active_id(),
        characters: value.characters().iter().map(write_character).collect(),
    }
}
