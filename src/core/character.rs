//! Characters, shared by every tray: a name, facets and harm (more comes with the Effective
//! Level tray). The roster holds them all and which one is active.

use super::facet::{Facets, clean_name};
use super::highest_d6::HarmKind;

/// The most characters a roster holds.
pub const MAX_CHARACTERS: usize = 50;
/// The most harm marks one character carries.
pub const MAX_HARM: usize = 30;

/// One mark of harm on a character, removed as it heals.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Harm {
    /// A light harm.
    Scratch,
    /// A real harm.
    Wound,
    /// A lasting effect with a name: "Limping".
    Condition(String),
}

/// A harm mark with its id.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HarmMark {
    /// Unique within the roster.
    pub id: u64,
    /// What it is.
    pub harm: Harm,
}

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

/// A player character or anyone else worth tracking.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Character {
    /// Unique within the roster.
    pub id: u64,
    /// Shown in every tray.
    pub name: String,
    /// Facets that belong to the character and last until removed.
    pub facets: Facets,
    /// Harm marks, oldest first.
    pub harm: Vec<HarmMark>,
    /// Level, roles, maneuvers, boosts and penalties for Effective Level rolls.
    pub sheet: ElSheet,
}

/// Every character, and the one the trays roll for.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Roster {
    characters: Vec<Character>,
    active: Option<u64>,
    /// The next id to hand out to a character, facet or harm mark.
    next_id: u64,
}

impl Harm {
    /// "Scratch", "Wound", or the condition's name.
    pub fn label(&self) -> String {
        match self {
            Self::Scratch => "Scratch".into(),
            Self::Wound => "Wound".into(),
            Self::Condition(name) => name.clone(),
        }
    }
}

impl Character {
    /// A character with a name and nothing else yet.
    pub fn new(id: u64, name: String) -> Self {
        Self {
            id,
            name,
            facets: Facets::default(),
            harm: Vec::new(),
            sheet: ElSheet::default(),
        }
    }

    /// How many marks of one simple kind the character carries.
    pub fn count(&self, harm: &Harm) -> usize {
        self.harm.iter().filter(|m| &m.harm == harm).count()
    }

    /// The character's conditions, oldest first: each harm mark's id and the condition's
    /// name. Trays offer them as hindering facets (Highest d6) and penalties (EL).
    pub fn conditions(&self) -> impl Iterator<Item = (u64, &str)> + '_ {
        self.harm.iter().filter_map(|mark| match &mark.harm {
            Harm::Condition(name) => Some((mark.id, name.as_str())),
            _ => None,
        })
    }

    /// The character's harm as badges for the trays: wounds and scratches counted ("2
    /// wounds", "1 scratch"), then each condition by its name ("Limping"), oldest first.
    pub fn harm_badges(&self) -> Vec<String> {
        let mut badges = Vec::new();
        for (harm, one, many) in [
            (Harm::Wound, "wound", "wounds"),
            (Harm::Scratch, "scratch", "scratches"),
        ] {
            match self.count(&harm) {
                0 => {}
                1 => badges.push(format!("1 {one}")),
                n => badges.push(format!("{n} {many}")),
            }
        }
        badges.extend(self.conditions().map(|(_, name)| name.to_string()));
        badges
    }

    /// Every id the character uses: its own, its facets' and its harm marks'.
    pub fn ids(&self) -> impl Iterator<Item = u64> + '_ {
        let sheet = &self.sheet;
        std::iter::once(self.id)
            .chain(self.facets.items().iter().map(|f| f.id))
            .chain(self.harm.iter().map(|m| m.id))
            .chain(sheet.roles.iter().map(|r| r.id))
            .chain(sheet.maneuvers.iter().map(|m| m.id))
            .chain(sheet.boosts.iter().chain(&sheet.penalties).map(|b| b.id))
    }

    /// The highest id the character uses.
    pub fn max_id(&self) -> u64 {
        self.ids().max().unwrap_or(0)
    }
}

impl Roster {
    /// A roster from stored parts; ids are checked for clashes and the counter repaired.
    pub fn from_parts(
        characters: Vec<Character>,
        active: Option<u64>,
        next_id: u64,
    ) -> Result<Self, String> {
        let mut seen = crate::core::ids::SeenIds::default();
        for id in characters.iter().flat_map(Character::ids) {
            if !seen.insert(id) {
                return Err(format!("the id {id} is used twice"));
            }
        }
        // Repaired only if it fell behind an id, so an empty roster reads back as it was.
        let top = characters.iter().map(Character::max_id).max();
        let active = active.filter(|id| characters.iter().any(|c| c.id == *id));
        Ok(Self {
            characters,
            active,
            next_id: top.map_or(next_id, |top| next_id.max(top + 1)),
        })
    }

    /// Every character, in the order they were made.
    pub fn characters(&self) -> &[Character] {
        &self.characters
    }

    /// The active character's id, if one is picked.
    pub fn active_id(&self) -> Option<u64> {
        self.active
    }

    /// The next id the roster will hand out (stored so tabs agree).
    pub fn next_id(&self) -> u64 {
        self.next_id
    }

    /// The character the trays roll for, if any ("no character" is allowed).
    pub fn active(&self) -> Option<&Character> {
        self.active.and_then(|id| self.get(id))
    }

    /// The character with this id.
    pub fn get(&self, id: u64) -> Option<&Character> {
        self.characters.iter().find(|c| c.id == id)
    }

    /// Picks the active character, or none.
    pub fn set_active(&mut self, id: Option<u64>) {
        self.active = id.filter(|id| self.get(*id).is_some());
    }

    /// Creates a character, makes it active, and returns its id.
    pub fn create(&mut self, name: &str) -> Result<u64, String> {
        let name = clean_name(name, "character")?;
        if self.characters.len() >= MAX_CHARACTERS {
            return Err(format!(
                "At most {MAX_CHARACTERS} characters can be kept; remove one first."
            ));
        }
        self.check_unique(&name, None)?;
        let id = self.take_id();
        self.characters.push(Character::new(id, name));
        self.active = Some(id);
        Ok(id)
    }

    /// Renames a character.
    pub fn rename(&mut self, id: u64, name: &str) -> Result<(), String> {
        let name = clean_name(name, "character")?;
        self.check_unique(&name, Some(id))?;
        self.find_mut(id)?.name = name;
        Ok(())
    }

    /// Removes a character and returns it with its place, for undo.
    pub fn remove(&mut self, id: u64) -> Option<(usize, Character)> {
        let index = self.characters.iter().position(|c| c.id == id)?;
        if self.active == Some(id) {
            self.active = None;
        }
        Some((index, self.characters.remove(index)))
    }

    /// Puts back a removed character at its old place (undo). Refused if its name or id
    /// has been taken since, or the roster has filled up.
    pub fn restore(&mut self, index: usize, character: Character) -> Result<(), String> {
        if self.characters.len() >= MAX_CHARACTERS {
            return Err(format!(
                "At most {MAX_CHARACTERS} characters can be kept; remove one first."
            ));
        }
        self.check_unique(&character.name, None)?;
        if self.get(character.id).is_some() {
            return Err("That character is already back.".into());
        }
        self.next_id = self.next_id.max(character.max_id() + 1);
        let index = index.min(self.characters.len());
        self.characters.insert(index, character);
        Ok(())
    }

    /// Adds a facet to a character and returns its id.
    pub fn add_facet(&mut self, character: u64, name: &str, helps: bool) -> Result<u64, String> {
        let id = self.fresh_id();
        self.find_mut(character)?.facets.add(id, name, helps)?;
        self.next_id = id + 1;
        Ok(id)
    }

    /// Gives a character's facets to `edit` (rename, switch, remove).
    pub fn facets_mut(&mut self, character: u64) -> Result<&mut Facets, String> {
        Ok(&mut self.find_mut(character)?.facets)
    }

    /// Marks harm on a character and returns the mark's id.
    pub fn add_harm(&mut self, character: u64, harm: Harm) -> Result<u64, String> {
        let harm = match harm {
            Harm::Condition(name) => Harm::Condition(clean_name(&name, "condition")?),
            other => other,
        };
        let id = self.fresh_id();
        let target = self.find_mut(character)?;
        if target.harm.len() >= MAX_HARM {
            return Err(format!(
                "{} already carries {MAX_HARM} marks of harm; heal some first.",
                target.name
            ));
        }
        target.harm.push(HarmMark { id, harm });
        self.next_id = id + 1;
        Ok(id)
    }

    /// Applies a conflict result's harm to a character: a scratch, a wound, or a wound and
    /// a condition named `condition`.
    pub fn take_harm(
        &mut self,
        character: u64,
        kind: HarmKind,
        condition: &str,
    ) -> Result<(), String> {
        // Check the condition's name before marking anything, so nothing half-applies.
        let condition = match kind {
            HarmKind::WoundWithCondition => Some(clean_name(condition, "condition")?),
            _ => None,
        };
        let room = MAX_HARM.saturating_sub(self.find_mut(character)?.harm.len());
        if room < 1 + usize::from(condition.is_some()) {
            return Err(format!(
                "There is no room for more harm (at most {MAX_HARM})."
            ));
        }
        let first = match kind {
            HarmKind::Scratch => Harm::Scratch,
            _ => Harm::Wound,
        };
        self.add_harm(character, first)?;
        if let Some(name) = condition {
            self.add_harm(character, Harm::Condition(name))?;
        }
        Ok(())
    }

    /// Heals one harm mark; false when it was already gone.
    pub fn heal(&mut self, character: u64, mark: u64) -> bool {
        let Ok(target) = self.find_mut(character) else {
            return false;
        };
        let before = target.harm.len();
        target.harm.retain(|m| m.id != mark);
        target.harm.len() != before
    }

    /// The id the next new thing gets; ids start at 1.
    fn fresh_id(&self) -> u64 {
        self.next_id.max(1)
    }

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

    fn take_id(&mut self) -> u64 {
        let id = self.fresh_id();
        self.next_id = id + 1;
        id
    }

    fn find_mut(&mut self, id: u64) -> Result<&mut Character, String> {
        self.characters
            .iter_mut()
            .find(|c| c.id == id)
            .ok_or_else(|| "That character is no longer there.".to_string())
    }

    /// Names are unique, ignoring ASCII case, so a character is never mistaken for another.
    fn check_unique(&self, name: &str, except: Option<u64>) -> Result<(), String> {
        let taken = self
            .characters
            .iter()
            .any(|c| Some(c.id) != except && c.name.eq_ignore_ascii_case(name));
        if taken {
            Err(format!("There is already a character called “{name}”."))
        } else {
            Ok(())
        }
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

impl Roster {
    /// Takes in a character from elsewhere (an imported file) under fresh ids, unless one of
    /// the same name is already here; returns whether it was added.
    pub fn adopt(&mut self, character: &Character) -> Result<bool, String> {
        if self
            .characters
            .iter()
            .any(|c| c.name.eq_ignore_ascii_case(&character.name))
        {
            return Ok(false);
        }
        if self.characters.len() >= MAX_CHARACTERS {
            return Err(format!("At most {MAX_CHARACTERS} characters can be kept."));
        }
        let mut next = self.fresh_id();
        let mut fresh = || {
            let id = next;
            next += 1;
            id
        };
        let mut copy = character.clone();
        copy.id = fresh();
        let mut facets = Facets::default();
        for facet in character.facets.items() {
            facets.add(fresh(), &facet.name, facet.helps)?;
        }
        copy.facets = facets;
        for mark in &mut copy.harm {
            mark.id = fresh();
        }
        let mut roles = Vec::new();
        for role in &mut copy.sheet.roles {
            let old = role.id;
            role.id = fresh();
            roles.push((old, role.id));
        }
        for maneuver in &mut copy.sheet.maneuvers {
            maneuver.id = fresh();
            maneuver.role = roles
                .iter()
                .find(|(old, _)| *old == maneuver.role)
                .map_or(0, |(_, new)| *new);
        }
        for standing in copy
            .sheet
            .boosts
            .iter_mut()
            .chain(&mut copy.sheet.penalties)
        {
            standing.id = fresh();
        }
        self.next_id = next;
        self.characters.push(copy);
        Ok(true)
    }
}
