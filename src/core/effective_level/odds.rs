//! The exact odds of an Effective Level roll: each side's values convolved from its dice,
//! every value of the roller paired with every value of the other side.

use super::check::{Against, ElCheck, Pushback, Side};
use super::outcome::value_of;
use crate::core::count::Count;
use crate::core::distribution::{Chance, Distribution};

/// The exact odds of a roll.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ElOdds {
    /// The roller's own roll succeeds: 1 ≤ total ≤ EL − wager.
    pub success: Chance,
    /// The roller's total goes over the EL rolled (and so fails).
    pub over: Chance,
    /// The roller's effect after opposition and wager.
    pub effect: Distribution,
    /// The other side's effect against the roller (opposition only).
    pub their_effect: Option<Distribution>,
}

impl ElOdds {
    /// The expected effect that best dice are chosen by: the roller's, minus the other
    /// side's under an opposition (RULES.md section 3).
    pub fn net_effect_mean(&self) -> f64 {
        self.effect.mean() - self.their_effect.as_ref().map_or(0.0, Distribution::mean)
    }
}

impl Side {
    /// The distribution of this side's value at `el` (its own EL unless wagering).
    pub fn values(&self, el: u32) -> Distribution {
        let totals = self.dice.totals(el);
        let mut weights = vec![Count::zero(); el as usize + 1];
        for (total, ways) in totals.iter() {
            weights[value_of(total.max(0) as u32, el) as usize].add(ways);
        }
        Distribution::from_weights(0, weights)
    }
}

impl ElCheck {
    /// Exact odds, by pairing every value of the roller with every value of the other side.
    pub fn odds(&self) -> ElOdds {
        let el = self.rolled_el();
        let totals = self.me.dice.totals(el);
        let mine = self.me.values(el);
        let theirs = match &self.against {
            Some(against) => against.side.values(against.side.el),
            None => Distribution::always(0),
        };
        let top = (mine.max().max(0) + self.wager as i32) as usize;
        let mut effect = vec![Count::zero(); top + 1];
        let mut their_effect = vec![Count::zero(); theirs.max().max(0) as usize + 1];
        for (v, my_ways) in mine.iter() {
            for (r, their_ways) in theirs.iter() {
                if my_ways.is_zero() || their_ways.is_zero() {
                    continue;
                }
                let outcome = self.resolve_values(v as u32, r as u32);
                effect[outcome.0 as usize].add_product(my_ways, their_ways);
                their_effect[outcome.1 as usize].add_product(my_ways, their_ways);
            }
        }
        let opposed = matches!(
            self.against,
            Some(Against {
                kind: Pushback::Opposition,
                ..
            })
        );
        ElOdds {
            success: totals.chance(|t| t >= 1 && t <= el as i32),
            over: totals.chance(|t| t > el as i32),
            effect: Distribution::from_weights(0, effect),
            their_effect: opposed.then(|| Distribution::from_weights(0, their_effect)),
        }
    }
}
