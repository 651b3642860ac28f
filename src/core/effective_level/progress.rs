//! Accumulated progress: how likely an obstacle is to fall within a few more rolls.

use crate::core::distribution::{Chance, Distribution};

/// The chance that `rolls` more rolls, each with this effect distribution, add up to at
/// least `remaining` (independent rolls: the effects convolve).
pub fn finish_within(effect: &Distribution, remaining: u32, rolls: u32) -> Chance {
    effect
        .sum_of(rolls)
        .chance(|total| total >= remaining as i32)
}
