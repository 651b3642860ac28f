//! What a character brings to Effective Level rolls: base Level, roles with ranks,
//! maneuvers, standing boosts and harm penalties, and the roster's edits of them.

use super::Roster;
use crate::core::facet::clean_name;

/// The highest base Level, rank or modifier a character may hold.
pub const MAX_EL_VALUE: i32 = 100;

/// A role the character has, with its rank: it adds the rank when it applies.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Role {
    /// Unique within the roster.
    pub id: u64,
    /// "Warrior".
    pub name: String,
    /// How much it adds, and the most a wager in it may be.
    pub rank: u32,
}

/// A maneuver: a named bonus that belongs to one role.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Maneuver {
    /// Unique within the roster.
    pub id: u64,
    /// "Feint".
    pub name: String,
    /// What it adds.
    pub bonus: i32,
    /// The role it belongs to.
    pub role: u64,
}

/// A named number: a standing boost (added) or a harm penalty (taken away).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Standing {
    /// Unique within the roster.
    pub id: u64,
    /// "Blessed", "Bruised".
    pub name: String,
    /// How much, 1 or more.
    pub value: u32,
}

/// What a character brings to Effective Level rolls.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ElSheet {
    /// Base Level.
    pub level: u32,
    /// Roles with ranks.
    pub roles: Vec<Role>,
    /// Maneuvers, each of one role.
    pub maneuvers: Vec<Maneuver>,
    /// Standing boosts.
    pub boosts: Vec<Standing>,
    /// Harm penalties.
    pub penalties: Vec<Standing>,
}

/// Which list of an EL sheet an entry is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SheetList {
    /// Roles.
    Roles,
    /// Maneuvers.
    Maneuvers,
    /// Standing boosts.
    Boosts,
    /// Harm penalties.
    Penalties,
}

impl Roster {
    /// Sets a character's base Level, 0 to `MAX_EL_VALUE`.
    pub fn set_level(&mut self, character: u64, level: u32) -> Result<(), String> {
        check_value(level as i32, 0, "Level")?;
        self.find_mut(character)?.sheet.level = level;
        Ok(())
    }

    /// Adds a role with a rank and returns its id.
    pub fn add_role(&mut self, character: u64, name: &str, rank: u32) -> Result<u64, String> {
        let name = clean_name(name, "role")?;
        check_value(rank as i32, 1, "A rank")?;
        let id = self.fresh_id();
        let sheet = &mut self.find_mut(character)?.sheet;
        check_room(sheet.roles.len(), "roles")?;
        sheet.roles.push(Role { id, name, rank });
        self.next_id = id + 1;
        Ok(id)
    }

    /// Adds a maneuver to one of the character's roles and returns its id.
    pub fn add_maneuver(
        &mut self,
        character: u64,
        role: u64,
        name: &str,
        bonus: i32,
    ) -> Result<u64, String> {
        let name = clean_name(name, "maneuver")?;
        check_value(bonus.abs(), 1, "A maneuver's bonus")?;
        let id = self.fresh_id();
        let sheet = &mut self.find_mut(character)?.sheet;
        if !sheet.roles.iter().any(|r| r.id == role) {
            return Err("Pick the role the maneuver belongs to.".into());
        }
        check_room(sheet.maneuvers.len(), "maneuvers")?;
        sheet.maneuvers.push(Maneuver {
            id,
            name,
            bonus,
            role,
        });
        self.next_id = id + 1;
        Ok(id)
    }

    /// Adds a standing boost or a harm penalty and returns its id.
    pub fn add_standing(
        &mut self,
        character: u64,
        list: SheetList,
        name: &str,
        value: u32,
    ) -> Result<u64, String> {
        let what = if list == SheetList::Penalties {
            "penalty"
        } else {
            "boost"
        };
        let name = clean_name(name, what)?;
        check_value(value as i32, 1, "The value")?;
        let id = self.fresh_id();
        let sheet = &mut self.find_mut(character)?.sheet;
        let items = if list == SheetList::Penalties {
            &mut sheet.penalties
        } else {
            &mut sheet.boosts
        };
        check_room(items.len(), "entries")?;
        items.push(Standing { id, name, value });
        self.next_id = id + 1;
        Ok(id)
    }

    /// Changes the number of a sheet entry: a role's rank (1 to `MAX_EL_VALUE`), a
    /// maneuver's bonus (either sign, 1 to `MAX_EL_VALUE` away from 0), or a boost's or
    /// penalty's value (1 to `MAX_EL_VALUE`).
    pub fn set_sheet_value(&mut self, character: u64, id: u64, value: i32) -> Result<(), String> {
        let sheet = &mut self.find_mut(character)?.sheet;
        if let Some(role) = sheet.roles.iter_mut().find(|r| r.id == id) {
            check_value(value, 1, "A rank")?;
            role.rank = value as u32;
        } else if let Some(maneuver) = sheet.maneuvers.iter_mut().find(|m| m.id == id) {
            check_value(value.abs(), 1, "A maneuver's bonus")?;
            maneuver.bonus = value;
        } else if let Some(standing) = sheet
            .boosts
            .iter_mut()
            .chain(&mut sheet.penalties)
            .find(|s| s.id == id)
        {
            check_value(value, 1, "The value")?;
            standing.value = value as u32;
        } else {
            return Err("That entry is no longer there.".into());
        }
        Ok(())
    }

    /// Removes a role (with its maneuvers), maneuver, boost or penalty by id.
    pub fn remove_from_sheet(&mut self, character: u64, id: u64) -> Result<(), String> {
        let sheet = &mut self.find_mut(character)?.sheet;
        sheet.roles.retain(|r| r.id != id);
        sheet.maneuvers.retain(|m| m.id != id && m.role != id);
        sheet.boosts.retain(|b| b.id != id);
        sheet.penalties.retain(|p| p.id != id);
        Ok(())
    }
}

/// The most roles, maneuvers, boosts or penalties one character keeps of each.
pub const MAX_SHEET_ENTRIES: usize = 30;

fn check_value(value: i32, least: i32, what: &str) -> Result<(), String> {
    if (least..=MAX_EL_VALUE).contains(&value) {
        Ok(())
    } else {
        Err(format!(
            "{what} must be {least} to {MAX_EL_VALUE} ({value} given)."
        ))
    }
}

fn check_room(len: usize, what: &str) -> Result<(), String> {
    if len >= MAX_SHEET_ENTRIES {
        Err(format!(
            "At most {MAX_SHEET_ENTRIES} {what} can be kept; remove one first."
        ))
    } else {
        Ok(())
    }
}
