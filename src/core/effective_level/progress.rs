//! Accumulated progress: how likely an obstacle is to fall within a few more rolls.

use super::check::{Against, ElCheck, Pushback, Side};
use super::dice::ElDice;
use crate::core::distribution::{Chance, Distribution};

/// The chance that `rolls` more rolls, each with this effect distribution, add up to at
/// least `remaining` (independent rolls: the effects convolve).
pub fn finish_within(effect: &Distribution, remaining: u32, rolls: u32) -> Chance {
    effect
        .sum_of(rolls)
        .chance(|total| total >= remaining as i32)
}

/// The roll a player makes at an obstacle: their own check, with the obstacle resisting at
/// its own EL (the Simple Pool) in place of any other side, so any effect is progress and a
/// better roll by the obstacle only stops it. An obstacle at EL 0 does not resist.
pub fn against_obstacle(check: &ElCheck, obstacle_el: u32) -> ElCheck {
    ElCheck {
        against: (obstacle_el > 0).then_some(Against {
            side: Side {
                el: obstacle_el,
                dice: ElDice::Simple,
            },
            kind: Pushback::Resistance,
        }),
        ..check.clone()
    }
}
