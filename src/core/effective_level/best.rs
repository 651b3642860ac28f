//! The best dice for an EL: the set that maximises the expected effect after the wager and
//! the other side (against an opposition, the expected net effect: the roller's effect minus
//! the other side's), ties going to the higher chance of success, then to fewer dice
//! (RULES.md section 3). Only sets a player can pick are considered: at most
//! `MAX_CHOSEN_DICE` dice.
//!
//! The search is exact: it scores every such set whose highest total is at most twice the EL
//! rolled, from the full distribution of each set's total. Beyond that the search can stop.
//! Let g(v) be the expected score of a value v; g grows with v, and every total outside
//! 1..=EL scores g(0). With a highest total M over 2·EL, the total is symmetric around
//! M/2 > EL, so it lands in 1..=EL less than half the time and the expected score is under
//! g(0) + (g(EL) − g(0))/2. The search checks that its best set reaches that, which proves
//! no larger set is better (of any number of dice); against strong opposition that check
//! can fail, and the answer says it is the best within the bound.

use super::check::{Against, ElCheck, Pushback};
use super::dice::{ElDice, ElDie, MAX_CHOSEN_DICE};
use crate::core::count::Count;
use crate::core::distribution::Distribution;

/// The largest EL rolled that the search takes on (it grows quickly with the EL); past it the
/// tray says so instead of suggesting.
pub const MAX_SEARCH_EL: u32 = 30;

/// The search's answer.
#[derive(Clone, Debug, PartialEq)]
pub struct BestDice {
    /// The dice (the Simple Pool when it is best).
    pub dice: ElDice,
    /// The expected effect with them; against an opposition, the expected net effect (the
    /// roller's minus the other side's), which is what the search maximises.
    pub mean_effect: f64,
    /// The chance that the roll succeeds with them.
    pub success: f64,
    /// True when no set a player can pick (at most `MAX_CHOSEN_DICE` dice) does better:
    /// the sets past the searched bound (highest total 2·EL) are shown not to; see the
    /// module notes. False means best of the sets searched.
    pub proven: bool,
}

/// Sizes searched, largest first, as (die, highest face).
const SIZES: [ElDie; 7] = [
    ElDie::D20,
    ElDie::D12,
    ElDie::D10,
    ElDie::D8,
    ElDie::D6,
    ElDie::D4,
    ElDie::D2,
];

/// The expected score of each value 0..=el of the roller's roll, over the other side's
/// values: `g(v)` in the module notes. The score is the roller's effect, minus the other
/// side's under an opposition.
fn score_by_value(check: &ElCheck) -> Vec<f64> {
    let el = check.rolled_el();
    let theirs = match &check.against {
        Some(a) => a.side.values(a.side.el),
        None => Distribution::always(0),
    };
    let opposed = matches!(
        check.against,
        Some(Against {
            kind: Pushback::Opposition,
            ..
        })
    );
    let total = theirs.total();
    (0..=el)
        .map(|v| {
            theirs
                .iter()
                .filter(|(_, ways)| !ways.is_zero())
                .map(|(r, ways)| {
                    let (mine, their) = check.resolve_values(v, r.max(0) as u32);
                    let net = if opposed {
                        f64::from(mine) - f64::from(their)
                    } else {
                        f64::from(mine)
                    };
                    net * Count::ratio(ways, &total)
                })
                .sum()
        })
        .collect()
}

/// A candidate's score: expected effect (net, under an opposition), chance of success, and
/// dice used.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Score {
    mean: f64,
    success: f64,
    dice: u32,
}

impl Score {
    /// Whether this beats `other` by RULES.md's order.
    fn beats(&self, other: &Score) -> bool {
        let tolerance = 1e-12 * (1.0 + other.mean.abs());
        if (self.mean - other.mean).abs() > tolerance {
            return self.mean > other.mean;
        }
        if (self.success - other.success).abs() > 1e-12 {
            return self.success > other.success;
        }
        self.dice < other.dice
    }
}

/// The best dice for `check`'s EL, wager and other side (its own dice are ignored).
/// `None` when the roll cannot be made or the EL rolled is past `MAX_SEARCH_EL`.
pub fn best_dice(check: &ElCheck) -> Option<BestDice> {
    let el = check.rolled_el();
    if !(1..=MAX_SEARCH_EL).contains(&el) {
        return None;
    }
    let g = score_by_value(check);
    let (counts, score) = search(el, 2 * el, &g);
    let mut all = [0u32; 7];
    for (size, n) in SIZES.iter().zip(counts) {
        all[size.index()] = n;
    }
    let dice = if all.iter().sum::<u32>() == el && all[ElDie::D2.index()] == el {
        ElDice::Simple
    } else {
        ElDice::Chosen(all)
    };
    Some(BestDice {
        dice,
        mean_effect: score.mean,
        success: score.success,
        proven: score.mean >= g[0] + (g[el as usize] - g[0]) / 2.0 - 1e-12,
    })
}

/// Scores every multiset of at most `MAX_CHOSEN_DICE` dice with highest total at most
/// `bound`; returns the best counts (in `SIZES` order) and their score.
fn search(el: u32, bound: u32, g: &[f64]) -> ([u32; 7], Score) {
    struct Walk<'a> {
        el: usize,
        g: &'a [f64],
        counts: [u32; 7],
        best: Option<([u32; 7], Score)>,
    }
    impl Walk<'_> {
        /// `dist` holds the chance of each total 0..=el; mass above el is dropped, as
        /// adding dice never brings it back. `budget` is what is left of the highest total,
        /// `dice` how many dice are already in.
        fn visit(&mut self, size: usize, budget: u32, dice: u32, dist: &[f64]) {
            if size == SIZES.len() {
                if dice == 0 {
                    return;
                }
                let success: f64 = dist[1..=self.el].iter().sum();
                // Every total outside 1..=el is a value of 0.
                let fails = (1.0 - success) * self.g[0];
                let score = Score {
                    mean: fails + (1..=self.el).map(|t| dist[t] * self.g[t]).sum::<f64>(),
                    success,
                    dice,
                };
                if self.best.as_ref().is_none_or(|(_, best)| score.beats(best)) {
                    self.best = Some((self.counts, score));
                }
                return;
            }
            let die = SIZES[size];
            let mut current = dist.to_vec();
            let mut count = 0;
            loop {
                self.counts[size] = count;
                self.visit(size + 1, budget - count * die.top(), dice + count, &current);
                if budget < (count + 1) * die.top() || dice + count >= MAX_CHOSEN_DICE {
                    break;
                }
                current = add_die(&current, die.sides());
                count += 1;
            }
            self.counts[size] = 0;
        }
    }
    let mut start = vec![0.0; el as usize + 1];
    start[0] = 1.0;
    let mut walk = Walk {
        el: el as usize,
        g,
        counts: [0; 7],
        best: None,
    };
    walk.visit(0, bound, 0, &start);
    walk.best.unwrap_or((
        [0; 7],
        Score {
            mean: 0.0,
            success: 0.0,
            dice: 0,
        },
    ))
}

/// The distribution after adding one zero-based die with `sides` faces, cut at the same
/// length.
fn add_die(dist: &[f64], sides: u32) -> Vec<f64> {
    let share = 1.0 / f64::from(sides);
    let mut next = vec![0.0; dist.len()];
    for (total, p) in dist.iter().enumerate() {
        if *p == 0.0 {
            continue;
        }
        for face in 0..sides as usize {
            if let Some(slot) = next.get_mut(total + face) {
                *slot += p * share;
            }
        }
    }
    next
}
