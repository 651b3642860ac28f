//! Exact odds for a narrative pool, by convolving each die's faces.
//!
//! Every figure asked for is a marginal (net successes alone, net advantage alone, ...), so
//! each is a one-dimensional convolution: a full 140-die tray costs well under a millisecond.

use super::die::NarrativeDie;
use super::pool::NarrativePool;
use super::symbols::Symbols;
use crate::core::distribution::{Chance, Distribution};

/// Exact odds for a pool: the key chances and the whole distributions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NarrativeOdds {
    /// At least one net success.
    pub success: Chance,
    /// At least one net advantage.
    pub advantage: Chance,
    /// At least one net threat.
    pub threat: Chance,
    /// At least one triumph.
    pub triumph: Chance,
    /// At least one despair.
    pub despair: Chance,
    /// Net successes (below 1 fails).
    pub net_success: Distribution,
    /// Net advantage (negative is threat).
    pub net_advantage: Distribution,
    /// Light side pips.
    pub light: Distribution,
    /// Dark side pips.
    pub dark: Distribution,
}

impl NarrativeOdds {
    /// Counts every outcome of `pool` by convolution.
    pub fn of(pool: &NarrativePool) -> Self {
        let net_success = sum_over_pool(pool, Symbols::net_success);
        let net_advantage = sum_over_pool(pool, Symbols::net_advantage);
        let triumph = sum_over_pool(pool, |s| s.triumph as i32);
        let despair = sum_over_pool(pool, |s| s.despair as i32);
        Self {
            success: net_success.chance(|n| n >= 1),
            advantage: net_advantage.chance(|n| n >= 1),
            threat: net_advantage.chance(|n| n <= -1),
            triumph: triumph.chance(|n| n >= 1),
            despair: despair.chance(|n| n >= 1),
            net_success,
            net_advantage,
            light: sum_over_pool(pool, |s| s.light as i32),
            dark: sum_over_pool(pool, |s| s.dark as i32),
        }
    }
}

/// The distribution of `measure` summed over every die of the pool, plus the added symbols.
fn sum_over_pool(pool: &NarrativePool, measure: impl Fn(&Symbols) -> i32) -> Distribution {
    let mut sum = Distribution::always(measure(&pool.added()));
    for die in NarrativeDie::ALL {
        let count = pool.count(die);
        if count > 0 {
            let one = Distribution::die(die.faces().iter().map(&measure));
            sum = sum.add(&one.sum_of(count));
        }
    }
    sum
}
