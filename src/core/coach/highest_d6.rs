//! What each tap on the Highest d6 tray would do to the chance that matters.
//!
//! That chance is "success or better" read as any result that succeeds: a costly success, a
//! success or a triumph (RULES.md section 2's first three outcomes; a costly success gets
//! what was set out for, at a price). It is the one figure every tap moves: a six alone
//! would leave out the four and five that most small pools hope for.
//!
//! Every tap changes the pool by one die (a base die, or a facet that helps or hinders), so
//! the candidates need at most two pool sizes besides the tray's own; each is counted once.

use super::delta::{Delta, Figure, Measure};
use crate::core::character::Character;
use crate::core::highest_d6::{
    D6Odds, D6Setup, FacetRef, MAX_BASE_DICE, MIN_BASE_DICE, PoolSize, ZeroDiceRule,
};
use crate::core::scene::Scene;

/// One control on the Highest d6 tray.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum D6Tap {
    /// One more base die.
    AddDie,
    /// One base die fewer.
    RemoveDie,
    /// A facet of the character or the scene switched on or off for this roll.
    Toggle(FacetRef),
}

/// What one tap would do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct D6Delta {
    /// The control.
    pub tap: D6Tap,
    /// The change in the chance of a costly success or better.
    pub success: Delta,
}

/// Every possible tap's delta for one setup; a base die past the limits has none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct D6Coach {
    deltas: Vec<D6Delta>,
}

impl D6Coach {
    /// The deltas of every possible tap on `setup`, for `character` (if any) in `scene`,
    /// under the player's zero-dice `rule`: the base die buttons, then every facet the tray
    /// lists (the character's, then the scene's), in that order.
    pub fn of(
        setup: &D6Setup,
        character: Option<&Character>,
        scene: &Scene,
        rule: ZeroDiceRule,
    ) -> Self {
        let size = setup.pool(character, scene).size();
        let mut counted: Vec<(PoolSize, Figure)> = Vec::with_capacity(3);
        let mut chance = |size: i64| {
            let plan = PoolSize::for_size(size, rule);
            if let Some((_, figure)) = counted.iter().find(|(p, _)| *p == plan) {
                return figure.clone();
            }
            let figure = Figure::of_chance(&D6Odds::of(plan).at_least_costly());
            counted.push((plan, figure.clone()));
            figure
        };
        let before = chance(size);
        let mut taps: Vec<(D6Tap, i64)> = Vec::new();
        if setup.base < MAX_BASE_DICE {
            taps.push((D6Tap::AddDie, 1));
        }
        if setup.base > MIN_BASE_DICE {
            taps.push((D6Tap::RemoveDie, -1));
        }
        for (at, facet, applies) in setup.choices(character, scene) {
            let die = if facet.helps { 1 } else { -1 };
            taps.push((D6Tap::Toggle(at), if applies { -die } else { die }));
        }
        let deltas = taps
            .into_iter()
            .map(|(tap, change)| D6Delta {
                tap,
                success: Delta::new(
                    Measure::CostlyOrBetter,
                    before.clone(),
                    chance(size + change),
                ),
            })
            .collect();
        Self { deltas }
    }

    /// Every possible tap's delta.
    pub fn deltas(&self) -> &[D6Delta] {
        &self.deltas
    }

    /// The delta of one tap; `None` when the tray refuses it or the facet is gone.
    pub fn delta(&self, tap: D6Tap) -> Option<&D6Delta> {
        self.deltas.iter().find(|d| d.tap == tap)
    }
}
