//! What each tap on the narrative tray would do to the chance of success, and to the chance
//! of net advantage where that moves.
//!
//! Every tap changes the pool by at most one die taken out and one put in (an upgrade takes
//! an ability die out and puts a proficiency die in), or one added symbol. So the candidates
//! start from the pool's own distributions, already counted for the odds panel: a die put in
//! costs a few products against the pool's running tail sums, a symbol only moves the
//! threshold, and a die taken out is divided out of the pool once per kind
//! (`Distribution::without`) for every tap that takes one of that kind out.

use super::delta::{Delta, Figure, Measure};
use crate::core::count::Count;
use crate::core::distribution::Distribution;
use crate::core::narrative::{
    AddedSymbol, Ladder, NarrativeDie, NarrativeOdds, NarrativePool, Symbols,
};

/// One control on the narrative tray.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NarrativeTap {
    /// A die's add button.
    Add(NarrativeDie),
    /// A die's remove button.
    Remove(NarrativeDie),
    /// Upgrade, as `NarrativePool::upgrade` does it.
    Upgrade(Ladder),
    /// Downgrade, as `NarrativePool::downgrade` does it.
    Downgrade(Ladder),
    /// One more added symbol.
    AddSymbol(AddedSymbol),
    /// One added symbol fewer.
    RemoveSymbol(AddedSymbol),
}

/// What one tap would do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NarrativeDelta {
    /// The control.
    pub tap: NarrativeTap,
    /// The change in the chance of at least one net success.
    pub success: Delta,
    /// The change in the chance of at least one net advantage, when it changes at all.
    pub advantage: Option<Delta>,
}

/// Every possible tap's delta for one pool; a tap the tray refuses (at a limit, nothing to
/// remove or downgrade) has none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NarrativeCoach {
    deltas: Vec<NarrativeDelta>,
}

impl NarrativeTap {
    /// Every control, in tray order: each die's add and remove, the ladders, the symbols.
    pub fn all() -> Vec<Self> {
        let mut taps = Vec::new();
        for die in NarrativeDie::TRAY_ORDER {
            taps.extend([Self::Add(die), Self::Remove(die)]);
        }
        for ladder in [Ladder::Ability, Ladder::Difficulty] {
            taps.extend([Self::Upgrade(ladder), Self::Downgrade(ladder)]);
        }
        for symbol in AddedSymbol::ALL {
            taps.extend([Self::AddSymbol(symbol), Self::RemoveSymbol(symbol)]);
        }
        taps
    }

    /// Makes the tap on `pool` with the pool's own methods; false when the tray refuses it.
    pub fn apply(self, pool: &mut NarrativePool) -> bool {
        match self {
            Self::Add(die) => pool.add_die(die).is_ok(),
            Self::Remove(die) => pool.remove_die(die),
            Self::Upgrade(ladder) => pool.upgrade(ladder).is_ok(),
            Self::Downgrade(ladder) => pool.downgrade(ladder).is_ok(),
            Self::AddSymbol(symbol) => pool.add_symbol(symbol).is_ok(),
            Self::RemoveSymbol(symbol) => pool.remove_symbol(symbol),
        }
    }
}

/// Ways to reach at least each outcome of a distribution, for chances of "at least" with
/// one more die thrown in: `Σ ways(face) × ways(at least x − face)`, no new distribution.
struct Tails {
    /// The lowest outcome.
    offset: i32,
    /// `at[i]`: ways to reach `offset + i` or more.
    at: Vec<Count>,
    total: Count,
}

impl Tails {
    fn of(distribution: &Distribution) -> Self {
        let weights: Vec<&Count> = distribution.iter().map(|(_, w)| w).collect();
        let mut at: Vec<Count> = Vec::with_capacity(weights.len());
        let mut sum = Count::zero();
        for ways in weights.into_iter().rev() {
            sum.add(ways);
            at.push(sum.clone());
        }
        at.reverse();
        Self {
            offset: distribution.min(),
            total: sum,
            at,
        }
    }

    /// Ways to reach `x` or more.
    fn at_least(&self, x: i32) -> Count {
        match usize::try_from(x - self.offset) {
            Err(_) => self.total.clone(),
            Ok(i) => self.at.get(i).cloned().unwrap_or_default(),
        }
    }

    /// The chance of `x` or more, with `die` (if any) thrown in too.
    fn chance_at_least(&self, x: i32, die: Option<&Distribution>) -> Figure {
        let Some(die) = die else {
            return Figure::new(self.at_least(x), Count::zero(), self.total.clone());
        };
        let mut ways = Count::zero();
        for (face, face_ways) in die.iter() {
            ways.add_product(face_ways, &self.at_least(x - face));
        }
        Figure::new(
            ways,
            Count::zero(),
            Count::product(&self.total, &die.total()),
        )
    }
}

/// One measure (net success or net advantage) of one pool, counted so that each tap costs a
/// few products: the pool's tails, and for each kind of die the tails of the pool with one
/// die of that kind taken out (found once, when a tap first needs them).
struct Counted {
    measure: fn(&Symbols) -> i32,
    dice: [Distribution; 7],
    whole: Tails,
    without: [Option<Tails>; 7],
}

impl Counted {
    fn new(measure: fn(&Symbols) -> i32, distribution: &Distribution) -> Self {
        Self {
            measure,
            dice: NarrativeDie::ALL.map(|die| Distribution::die(die.faces().iter().map(measure))),
            whole: Tails::of(distribution),
            without: Default::default(),
        }
    }

    /// The chance of at least 1 over `after`, a pool that differs from `before` (whose
    /// distribution is `counted`) by at most one die taken out, one put in and added
    /// symbols; `None` for a larger change.
    fn chance(
        &mut self,
        counted: &Distribution,
        before: &NarrativePool,
        after: &NarrativePool,
    ) -> Option<Figure> {
        let (mut taken, mut put) = (None, None);
        for die in NarrativeDie::ALL {
            match i64::from(after.count(die)) - i64::from(before.count(die)) {
                0 => {}
                1 if put.is_none() => put = Some(die),
                -1 if taken.is_none() => taken = Some(die),
                _ => return None,
            }
        }
        let tails = match taken {
            None => &self.whole,
            Some(die) => {
                let slot = &mut self.without[die.index()];
                if slot.is_none() {
                    *slot = Some(Tails::of(&counted.without(&self.dice[die.index()])?));
                }
                slot.as_ref()?
            }
        };
        // Added symbols move every outcome: at least 1 after is at least 1 − shift before.
        let shift = (self.measure)(&after.added()) - (self.measure)(&before.added());
        Some(tails.chance_at_least(1 - shift, put.map(|die| &self.dice[die.index()])))
    }
}

impl NarrativeCoach {
    /// The deltas of every possible tap on `pool`, whose odds are `odds`
    /// (`NarrativeOdds::of(pool)`, as the odds panel already has them).
    pub fn of(pool: &NarrativePool, odds: &NarrativeOdds) -> Self {
        let mut success = Counted::new(Symbols::net_success, &odds.net_success);
        let mut advantage = Counted::new(Symbols::net_advantage, &odds.net_advantage);
        let deltas = NarrativeTap::all()
            .into_iter()
            .filter_map(|tap| {
                let mut after = pool.clone();
                if !tap.apply(&mut after) {
                    return None;
                }
                let quick = success
                    .chance(&odds.net_success, pool, &after)
                    .zip(advantage.chance(&odds.net_advantage, pool, &after));
                // Never taken for the taps above; counting afresh keeps any other exact.
                let (new_success, new_advantage) = quick.unwrap_or_else(|| {
                    let odds = NarrativeOdds::of(&after);
                    (
                        Figure::of_chance(&odds.success),
                        Figure::of_chance(&odds.advantage),
                    )
                });
                let advantage = Delta::new(
                    Measure::Advantage,
                    Figure::of_chance(&odds.advantage),
                    new_advantage,
                );
                Some(NarrativeDelta {
                    tap,
                    success: Delta::new(
                        Measure::Success,
                        Figure::of_chance(&odds.success),
                        new_success,
                    ),
                    advantage: advantage.direction().is_ne().then_some(advantage),
                })
            })
            .collect();
        Self { deltas }
    }

    /// Every possible tap's delta, in `NarrativeTap::all` order.
    pub fn deltas(&self) -> &[NarrativeDelta] {
        &self.deltas
    }

    /// The delta of one tap; `None` when the tray refuses it.
    pub fn delta(&self, tap: NarrativeTap) -> Option<&NarrativeDelta> {
        self.deltas.iter().find(|d| d.tap == tap)
    }
}
