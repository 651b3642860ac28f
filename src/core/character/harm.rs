//! Harm: the marks a character carries until they heal, and how the trays show them.

use super::{Character, Roster};
use crate::core::facet::clean_name;
use crate::core::highest_d6::HarmKind;
use crate::core::words::plural;

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
                n => badges.push(plural(n, one, many)),
            }
        }
        badges.extend(self.conditions().map(|(_, name)| name.to_string()));
        badges
    }
}

impl Roster {
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
}
