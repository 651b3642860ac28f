//! Exact odds of the five outcomes, counted die by die over a small state.
//!
//! The outcome depends only on the highest face, how many sixes (up to two) and how many
//! ones (up to two) were rolled. Adding one die maps each such state to six next states,
//! so counting every equally likely roll of `n` dice takes `n` small steps: a convolution
//! over that state, exact to the last outcome.

use super::outcome::{D6Outcome, classify};
use super::pool::PoolSize;
use crate::core::count::Count;
use crate::core::distribution::Chance;

/// The chance of each outcome, best first (as `D6Outcome::ALL`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct D6Odds {
    chances: [Chance; 5],
}

/// What decides the outcome, per roll so far: highest face, sixes (capped at 2), ones
/// (capped at 2).
type State = (u8, u8, u8);

/// How many states there are: 7 highest faces (0 before any die) × 3 × 3.
const STATES: usize = 7 * 3 * 3;

/// A state's cell in the table.
fn index((highest, sixes, ones): State) -> usize {
    usize::from(highest) * 9 + usize::from(sixes) * 3 + usize::from(ones)
}

/// The state in a cell.
fn state(at: usize) -> State {
    ((at / 9) as u8, (at / 3 % 3) as u8, (at % 3) as u8)
}

impl D6Odds {
    /// The exact odds for what `plan` rolls.
    pub fn of(plan: PoolSize) -> Self {
        let ways = match plan {
            PoolSize::Dice(n) => Self::pool_ways(n),
            PoolSize::OneForNone => Self::pool_ways(1),
            PoolSize::LowestOfTwo => Self::lowest_of_two_ways(),
        };
        let total = ways.iter().fold(Count::zero(), |mut sum, w| {
            sum.add(w);
            sum
        });
        Self {
            chances: ways.map(|ways| Chance {
                ways,
                total: total.clone(),
            }),
        }
    }

    /// The chance of `outcome`.
    pub fn chance(&self, outcome: D6Outcome) -> &Chance {
        &self.chances[outcome as usize]
    }

    /// The chance of a costly success or better.
    pub fn at_least_costly(&self) -> Chance {
        self.any_of(&[
            D6Outcome::Triumph,
            D6Outcome::Success,
            D6Outcome::CostlySuccess,
        ])
    }

    /// The chance of a success or better: a success with no cost, or a triumph.
    pub fn at_least_success(&self) -> Chance {
        self.any_of(&[D6Outcome::Triumph, D6Outcome::Success])
    }

    /// The chance of any of `outcomes` (each listed once).
    fn any_of(&self, outcomes: &[D6Outcome]) -> Chance {
        let mut ways = Count::zero();
        for &outcome in outcomes {
            ways.add(&self.chance(outcome).ways);
        }
        Chance {
            ways,
            total: self.chances[0].total.clone(),
        }
    }

    /// Ways each outcome happens over all 6^n rolls of `n` dice.
    fn pool_ways(n: u32) -> [Count; 5] {
        // Every state in a fixed table: highest face 0 (no die yet) to 6, sixes and ones
        // 0 to 2 each; 63 cells, so no map is needed (nor shipped).
        let mut states: Vec<Count> = vec![Count::zero(); STATES];
        states[index((0, 0, 0))] = Count::from(1);
        for _ in 0..n {
            let mut next: Vec<Count> = vec![Count::zero(); STATES];
            for (at, ways) in states.iter().enumerate() {
                if ways.is_zero() {
                    continue;
                }
                let (highest, sixes, ones) = state(at);
                for face in 1..=6u8 {
                    let after = (
                        highest.max(face),
                        (sixes + u8::from(face == 6)).min(2),
                        (ones + u8::from(face == 1)).min(2),
                    );
                    next[index(after)].add(ways);
                }
            }
            states = next;
        }
        let mut ways: [Count; 5] = Default::default();
        for (at, count) in states.into_iter().enumerate() {
            let (highest, sixes, ones) = state(at);
            if highest == 0 || count.is_zero() {
                continue; // no dice rolled: no outcome
            }
            // A stand-in roll with the same highest face, sixes and ones classifies alike:
            // the highest die, then the sixes and ones besides it.
            let mut faces = vec![highest];
            let (sixes, ones) = match highest {
                6 => (sixes - 1, ones),
                1 => (sixes, ones - 1),
                _ => (sixes, ones),
            };
            faces.extend(std::iter::repeat_n(6, usize::from(sixes)));
            faces.extend(std::iter::repeat_n(1, usize::from(ones)));
            if let Some(outcome) = classify(&faces) {
                ways[outcome as usize].add(&count);
            }
        }
        ways
    }

    /// Ways each outcome happens over the 36 rolls of two dice when the lower one counts.
    fn lowest_of_two_ways() -> [Count; 5] {
        let mut ways: [Count; 5] = Default::default();
        for a in 1..=6u8 {
            for b in 1..=6u8 {
                if let Some(outcome) = classify(&[a.min(b)]) {
                    ways[outcome as usize].add(&Count::from(1));
                }
            }
        }
        ways
    }
}
