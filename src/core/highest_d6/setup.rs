//! What the player sets up on the tray before a roll: base dice, the facets that apply, the
//! kind of challenge and whether it is a conflict. The pool follows from it.

use super::challenge::ChallengeKind;
use super::pool::{D6Pool, MAX_BASE_DICE, MIN_BASE_DICE};
use crate::core::character::Character;
use crate::core::facet::Facet;
use crate::core::scene::Scene;

/// Where a facet lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FacetRef {
    /// A facet of the character with this facet id.
    Character(u64),
    /// A scene facet with this id.
    Scene(u64),
    /// A condition of the character, by its harm mark's id: it hinders.
    Condition(u64),
}

/// The tray before a roll.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct D6Setup {
    /// Base dice, `MIN_BASE_DICE` to `MAX_BASE_DICE`.
    pub base: u32,
    /// Facets switched on for this roll.
    pub applied: Vec<FacetRef>,
    /// What the challenge tests.
    pub kind: ChallengeKind,
    /// Whether harm is at stake.
    pub conflict: bool,
}

impl Default for D6Setup {
    fn default() -> Self {
        Self {
            base: 2,
            applied: Vec::new(),
            kind: ChallengeKind::default(),
            conflict: false,
        }
    }
}

impl D6Setup {
    /// One more base die, up to the most; false at the most.
    pub fn add_die(&mut self) -> bool {
        let more = self.base < MAX_BASE_DICE;
        self.base = (self.base + 1).min(MAX_BASE_DICE);
        more
    }

    /// One base die fewer, down to the fewest; false at the fewest.
    pub fn remove_die(&mut self) -> bool {
        let fewer = self.base > MIN_BASE_DICE;
        self.base = self.base.saturating_sub(1).max(MIN_BASE_DICE);
        fewer
    }

    /// Whether this facet applies to the roll.
    pub fn applies(&self, facet: FacetRef) -> bool {
        self.applied.contains(&facet)
    }

    /// Switches a facet on or off for this roll.
    pub fn toggle(&mut self, facet: FacetRef) {
        if let Some(at) = self.applied.iter().position(|f| *f == facet) {
            self.applied.remove(at);
        } else {
            self.applied.push(facet);
        }
    }

    /// The facets a roll can use, each with whether it applies: the character's facets,
    /// then its conditions (each a hindering facet, under the harm mark's id), then the
    /// scene's facets. A tick of something no longer offered (healed, removed, another
    /// character's) stays in `applied` and counts nothing.
    pub fn choices(
        &self,
        character: Option<&Character>,
        scene: &Scene,
    ) -> Vec<(FacetRef, Facet, bool)> {
        let own = character
            .into_iter()
            .flat_map(|c| c.facets.items())
            .map(|f| (FacetRef::Character(f.id), f.clone()));
        let conditions = character
            .into_iter()
            .flat_map(|c| c.conditions())
            .map(|(id, name)| {
                let facet = Facet {
                    id,
                    name: name.to_string(),
                    helps: false,
                };
                (FacetRef::Condition(id), facet)
            });
        let shared = scene
            .facets
            .items()
            .iter()
            .map(|f| (FacetRef::Scene(f.id), f.clone()));
        own.chain(conditions)
            .chain(shared)
            .map(|(at, facet)| (at, facet, self.applies(at)))
            .collect()
    }

    /// The pool: base dice plus the applied facets and conditions that still exist.
    pub fn pool(&self, character: Option<&Character>, scene: &Scene) -> D6Pool {
        let mut pool = D6Pool::of(self.base);
        for (_, facet, applies) in self.choices(character, scene) {
            if applies {
                let side = if facet.helps {
                    &mut pool.helping
                } else {
                    &mut pool.hindering
                };
                side.push(facet.name);
            }
        }
        pool
    }
}
