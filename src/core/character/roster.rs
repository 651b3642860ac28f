//! The roster: every character, in the order they were made, and the one the trays roll
//! for. It hands out the ids of everything a character holds.

use super::{ElSheet, HarmMark};
use crate::core::facet::{Facets, clean_name};

/// The most characters a roster holds.
pub const MAX_CHARACTERS: usize = 50;

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
    pub(super) next_id: u64,
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

    /// The id the next new thing gets; ids start at 1.
    pub(super) fn fresh_id(&self) -> u64 {
        self.next_id.max(1)
    }

    fn take_id(&mut self) -> u64 {
        let id = self.fresh_id();
        self.next_id = id + 1;
        id
    }

    pub(super) fn find_mut(&mut self, id: u64) -> Result<&mut Character, String> {
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
