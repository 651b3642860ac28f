//! Zero-based dice: a dN shows 0 to N−1. The Simple Pool is one coin (a d2) per point of EL.

use crate::core::distribution::Distribution;

/// The dice a player may pick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ElDie {
    /// A coin: 0 or 1.
    D2,
    /// 0 to 3.
    D4,
    /// 0 to 5.
    D6,
    /// 0 to 7.
    D8,
    /// 0 to 9.
    D10,
    /// 0 to 11.
    D12,
    /// 0 to 19.
    D20,
}

/// The most dice of all sizes one side may pick.
pub const MAX_CHOSEN_DICE: u32 = 40;

/// A side's dice: the Simple Pool (EL coins) or a chosen set.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum ElDice {
    /// One coin per point of the EL rolled.
    #[default]
    Simple,
    /// How many of each size, in `ElDie::ALL` order.
    Chosen([u32; 7]),
}

impl ElDie {
    /// Every size, smallest first.
    pub const ALL: [Self; 7] = [
        Self::D2,
        Self::D4,
        Self::D6,
        Self::D8,
        Self::D10,
        Self::D12,
        Self::D20,
    ];

    /// How many faces: 2 for a d2.
    pub fn sides(self) -> u32 {
        match self {
            Self::D2 => 2,
            Self::D4 => 4,
            Self::D6 => 6,
            Self::D8 => 8,
            Self::D10 => 10,
            Self::D12 => 12,
            Self::D20 => 20,
        }
    }

    /// The highest face: one less than the sides.
    pub fn top(self) -> u32 {
        self.sides() - 1
    }

    /// "d8".
    pub fn name(self) -> String {
        format!("d{}", self.sides())
    }

    /// The die with this many sides.
    pub fn of_sides(sides: u32) -> Option<Self> {
        Self::ALL.into_iter().find(|d| d.sides() == sides)
    }

    /// Position in `ALL`.
    pub fn index(self) -> usize {
        self as usize
    }

    /// One die's faces, each once.
    pub fn distribution(self) -> Distribution {
        Distribution::die(0..self.sides() as i32)
    }
}

impl ElDice {
    /// A chosen set from a list of dice.
    pub fn of(dice: &[ElDie]) -> Self {
        let mut counts = [0; 7];
        for die in dice {
            counts[die.index()] += 1;
        }
        Self::Chosen(counts)
    }

    /// Whether this is the Simple Pool.
    pub fn is_simple(&self) -> bool {
        matches!(self, Self::Simple)
    }

    /// The dice rolled at `el`, largest first.
    pub fn dice(&self, el: u32) -> Vec<ElDie> {
        match self {
            Self::Simple => vec![ElDie::D2; el as usize],
            Self::Chosen(counts) => ElDie::ALL
                .iter()
                .rev()
                .flat_map(|&d| std::iter::repeat_n(d, counts[d.index()] as usize))
                .collect(),
        }
    }

    /// How many dice of one size a chosen set has (the Simple Pool has none chosen).
    pub fn count(&self, die: ElDie) -> u32 {
        match self {
            Self::Simple => 0,
            Self::Chosen(counts) => counts[die.index()],
        }
    }

    /// Adds one die, leaving the Simple Pool for a chosen set; refused past the limit.
    pub fn add(&mut self, die: ElDie) -> Result<(), String> {
        let mut counts = match self {
            Self::Simple => [0; 7],
            Self::Chosen(counts) => *counts,
        };
        if counts.iter().sum::<u32>() >= MAX_CHOSEN_DICE {
            return Err(format!("At most {MAX_CHOSEN_DICE} dice can be picked."));
        }
        counts[die.index()] += 1;
        *self = Self::Chosen(counts);
        Ok(())
    }

    /// Takes one die away; the last one gone, the Simple Pool is back.
    pub fn remove(&mut self, die: ElDie) {
        if let Self::Chosen(counts) = self {
            counts[die.index()] = counts[die.index()].saturating_sub(1);
            if counts.iter().all(|&n| n == 0) {
                *self = Self::Simple;
            }
        }
    }

    /// The highest total the dice can show at `el`.
    pub fn top(&self, el: u32) -> u32 {
        self.dice(el).iter().map(|d| d.top()).sum()
    }

    /// The exact distribution of the total at `el`.
    pub fn totals(&self, el: u32) -> Distribution {
        match self {
            Self::Simple => ElDie::D2.distribution().sum_of(el),
            Self::Chosen(counts) => {
                let mut sum = Distribution::always(0);
                for die in ElDie::ALL {
                    if counts[die.index()] > 0 {
                        sum = sum.add(&die.distribution().sum_of(counts[die.index()]));
                    }
                }
                sum
            }
        }
    }

    /// "Simple Pool" or "d12, 2d8, 15d2", largest first.
    pub fn describe(&self) -> String {
        match self {
            Self::Simple => "Simple Pool".into(),
            Self::Chosen(counts) => ElDie::ALL
                .iter()
                .rev()
                .filter(|d| counts[d.index()] > 0)
                .map(|d| match counts[d.index()] {
                    1 => d.name(),
                    n => format!("{n}{}", d.name()),
                })
                .collect::<Vec<_>>()
                .join(", "),
        }
    }
}
