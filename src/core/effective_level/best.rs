//! The best dice for an EL: the set that maximises the expected effect (after opposition and
//! wager, if set), ties going to the higher chance of success, then to fewer dice (RULES.md
//! section 3).
//!
//! The search is exact: it scores every multiset of dice whose highest total is at most
//! twice the EL rolled, from the full distribution of each set's total. Beyond that the
//! search can stop. With a highest total M over 2·EL, the total is symmetric around M/2 > EL,
//! so it lands in 1..=EL less than half the time and the expected effect is under g(EL)/2,
//! where g(v) is the expected effect of a value v. The search checks that its best set
//! reaches g(EL)/2, which proves no larger set is better; against strong opposition that
//! check can fail, and the answer says it is the best within the bound.

use super::check::ElCheck;
use super::dice::{ElDice, ElDie};
use crate::core::count::Count;

/// The largest EL rolled that the search takes on (it grows quickly with the EL); past it the
/// tray says so instead of suggesting.
pub const MAX_SEARCH_EL: u32 = 30;

/// The search's answer.
#[derive(Clone, Debug, PartialEq)]
pub struct BestDice {
    /// The dice (the Simple Pool when it is best).
    pub dice: ElDice,
    /// The expected effect with them.
    pub mean_effect: f64,
    /// The chance that the roll succeeds with them.
    pub success: f64,
    /// True when no set beyond the searched bound (highest total 2·EL) can do better; see the
    /// module notes.
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

/// The expected effect of each value 0..=el of the roller's roll, over the other side's
/// values: `g(v)` in the module notes.
fn effect_by_value(check: &ElCheck) -> Vec<f64> {
    let el = check.rolled_el();
    let theirs = match &check.against {
        Some(a) => a.side.values(a.side.el),
        None => crate::core::distribution::Distribution::always(0),
    };
    let total = theirs.total();
    (0..=el)
        .map(|v| {
            theirs
                .iter()
                .filter(|(r, _)| v >= 1 && (v as i32) > *r)
                .map(|(r, ways)| {
                    let effect = f64::from(v) - f64::from(r) + f64::from(check.wager);
                    effect * Count::ratio(ways, &total)
                })
                .sum()
        })
        .collect()
}

/// A candidate's score: expected effect, chance of success, and dice used.
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
    let g = effect_by_value(check);
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
        proven: score.mean >= g[el as usize] / 2.0 - 1e-12,
    })
}

/// Scores every multiset of dice with highest total at most `bound`; returns the best
/// counts (in `SIZES` order) and their score.
fn search(el: u32, bound: u32, g: &[f64]) -> ([u32; 7], Score) {
    struct Walk<'a> {
        el: usize,
        g: &'a [f64],
        counts: [u32; 7],
        best: Option<([u32; 7], Score)>,
    }
    impl Walk<'_> {
        /// `dist` holds the chance of each total 0..=el; mass above el is dropped, as
        /// adding dice never brings it back.
        fn visit(&mut self, size: usize, budget: u32, dist: &[f64]) {
            if size == SIZES.len() {
                let dice: u32 = self.counts.iter().sum();
                if dice == 0 {
                    return;
                }
                let score = Score {
                    mean: (1..=self.el).map(|t| dist[t] * self.g[t]).sum(),
                    success: dist[1..=self.el].iter().sum(),
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
                self.visit(size + 1, budget - count * die.top(), &current);
                if budget < (count + 1) * die.top() {
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
    walk.visit(0, bound, &start);
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
