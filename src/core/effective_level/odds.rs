//! The exact odds of an Effective Level roll: each side's values convolved from its dice,
//! every value of the roller paired with every value of the other side.

use super::check::{ElCheck, Pushback, Side};
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
    /// How the other side pushes back, if there is one.
    pub pushback: Option<Pushback>,
}

/// The two figures a roll is judged by, as the roll bar and each portion of a turn show
/// them: one measure, counted once, wherever a roll is about to be made.
#[derive(Clone, Debug, PartialEq)]
pub struct KeyFigures {
    /// "Success" with nobody pushing back, "Win" against another side.
    pub chance_name: &'static str,
    /// The chance of getting effect. With nobody pushing back that is the chance of
    /// success (a value of 1 or more is effect); against resistance or an opposition it is
    /// the chance of beating the other side's value, what such a roll is headlined by
    /// (RULES.md section 3), not whether the roller's own roll lands.
    pub chance: Chance,
    /// "Avg effect", or "Net effect" under an opposition.
    pub mean_name: &'static str,
    /// The expected effect, wagered points as they apply; under an opposition, net of the
    /// other side's effect (so it may be below 0).
    pub mean: f64,
    /// Whether `mean` is net of the other side's (shown with its sign).
    pub net: bool,
}

impl ElOdds {
    /// The figures that matter for this roll (see [`KeyFigures`]).
    pub fn key_figures(&self) -> KeyFigures {
        let net = self.pushback == Some(Pushback::Opposition);
        KeyFigures {
            chance_name: if self.pushback.is_some() {
                "Win"
            } else {
                "Success"
            },
            chance: self.effect.chance(|e| e > 0),
            mean_name: if net { "Net effect" } else { "Avg effect" },
            mean: self.net_effect_mean(),
            net,
        }
    }

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
        let pushback = self.against.as_ref().map(|a| a.kind);
        let opposed = pushback == Some(Pushback::Opposition);
        ElOdds {
            success: totals.chance(|t| t >= 1 && t <= el as i32),
            over: totals.chance(|t| t > el as i32),
            effect: Distribution::from_weights(0, effect),
            their_effect: opposed.then(|| Distribution::from_weights(0, their_effect)),
            pushback,
        }
    }
}
