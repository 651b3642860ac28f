//! What is on the tray before a roll: dice by kind plus symbols added by talents or items.

use std::fmt;

use super::die::NarrativeDie;
use super::symbols::{AddedSymbol, Symbols};

/// The most dice of one kind a pool may hold; more is refused with a message.
pub const MAX_DICE_PER_KIND: u32 = 20;
/// The most of one added symbol a pool may hold.
pub const MAX_ADDED_PER_SYMBOL: u32 = 20;

/// Dice by kind plus added symbols; at most `MAX_DICE_PER_KIND` of each die.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct NarrativePool {
    counts: [u32; 7],
    added: Symbols,
}

/// A pair of dice an upgrade or downgrade moves along.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ladder {
    /// Ability up to proficiency.
    Ability,
    /// Difficulty up to challenge.
    Difficulty,
}

/// Why a pool change was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PoolError {
    /// More dice of one kind than a pool holds.
    TooManyDice {
        /// The die asked for.
        die: NarrativeDie,
        /// How many were asked for.
        wanted: u32,
    },
    /// More of one added symbol than a pool holds.
    TooManySymbols {
        /// The symbol asked for.
        symbol: AddedSymbol,
        /// How many were asked for.
        wanted: u32,
    },
    /// A downgrade with no upper die to downgrade.
    NothingToDowngrade(Ladder),
}

impl Ladder {
    /// The die at the bottom of the ladder.
    pub fn lower(self) -> NarrativeDie {
        match self {
            Self::Ability => NarrativeDie::Ability,
            Self::Difficulty => NarrativeDie::Difficulty,
        }
    }

    /// The die at the top of the ladder.
    pub fn upper(self) -> NarrativeDie {
        match self {
            Self::Ability => NarrativeDie::Proficiency,
            Self::Difficulty => NarrativeDie::Challenge,
        }
    }
}

impl NarrativePool {
    /// How many dice of this kind the pool holds.
    pub fn count(&self, die: NarrativeDie) -> u32 {
        self.counts[die.index()]
    }

    /// Sets how many dice of this kind the pool holds.
    pub fn set_count(&mut self, die: NarrativeDie, count: u32) -> Result<(), PoolError> {
        if count > MAX_DICE_PER_KIND {
            return Err(PoolError::TooManyDice { die, wanted: count });
        }
        self.counts[die.index()] = count;
        Ok(())
    }

    /// Adds one die of this kind.
    pub fn add_die(&mut self, die: NarrativeDie) -> Result<(), PoolError> {
        self.set_count(die, self.count(die) + 1)
    }

    /// Takes one die of this kind away; false when there was none.
    pub fn remove_die(&mut self, die: NarrativeDie) -> bool {
        let count = self.count(die);
        if count == 0 {
            return false;
        }
        self.counts[die.index()] = count - 1;
        true
    }

    /// RULES.md: the lower die becomes the upper one; with none, a lower die is added.
    pub fn upgrade(&mut self, ladder: Ladder) -> Result<(), PoolError> {
        let (lower, upper) = (ladder.lower(), ladder.upper());
        if self.count(lower) == 0 {
            return self.add_die(lower);
        }
        self.add_die(upper)?;
        self.remove_die(lower);
        Ok(())
    }

    /// Whether there is an upper die to downgrade.
    pub fn can_downgrade(&self, ladder: Ladder) -> bool {
        self.count(ladder.upper()) > 0
    }

    /// The reverse of an upgrade: an upper die becomes a lower one. With no upper die there
    /// is nothing to downgrade, and the pool is left as it is.
    pub fn downgrade(&mut self, ladder: Ladder) -> Result<(), PoolError> {
        let (lower, upper) = (ladder.lower(), ladder.upper());
        if !self.can_downgrade(ladder) {
            return Err(PoolError::NothingToDowngrade(ladder));
        }
        self.add_die(lower)?;
        self.remove_die(upper);
        Ok(())
    }

    /// The symbols added by talents or items.
    pub fn added(&self) -> Symbols {
        self.added
    }

    /// Sets how many of one symbol are added.
    pub fn set_added(&mut self, symbol: AddedSymbol, count: u32) -> Result<(), PoolError> {
        if count > MAX_ADDED_PER_SYMBOL {
            return Err(PoolError::TooManySymbols {
                symbol,
                wanted: count,
            });
        }
        self.added.set(symbol, count);
        Ok(())
    }

    /// Adds one symbol.
    pub fn add_symbol(&mut self, symbol: AddedSymbol) -> Result<(), PoolError> {
        self.set_added(symbol, self.added.get(symbol) + 1)
    }

    /// Takes one added symbol away; false when there was none.
    pub fn remove_symbol(&mut self, symbol: AddedSymbol) -> bool {
        let count = self.added.get(symbol);
        if count == 0 {
            return false;
        }
        self.added.set(symbol, count - 1);
        true
    }

    /// How many symbols were added in all, across every kind.
    pub fn added_count(&self) -> u32 {
        AddedSymbol::ALL.iter().map(|&s| self.added.get(s)).sum()
    }

    /// Empties the pool: no dice, no added symbols.
    pub fn clear(&mut self) {
        *self = Self::default();
    }

    /// Whether the pool has no dice and no added symbols.
    pub fn is_empty(&self) -> bool {
        self.dice_count() == 0 && self.added.is_empty()
    }

    /// How many dice in all.
    pub fn dice_count(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// Every die, one entry each, in tray order (positive, negative, force).
    pub fn dice(&self) -> impl Iterator<Item = NarrativeDie> + '_ {
        NarrativeDie::TRAY_ORDER
            .into_iter()
            .flat_map(|die| std::iter::repeat_n(die, self.count(die) as usize))
    }
}

impl fmt::Display for PoolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooManyDice { die, wanted } => write!(
                f,
                "A pool holds at most {MAX_DICE_PER_KIND} {} dice ({wanted} asked).",
                die.name()
            ),
            Self::TooManySymbols { symbol, wanted } => write!(
                f,
                "A pool holds at most {MAX_ADDED_PER_SYMBOL} added {} ({wanted} asked).",
                symbol.name()
            ),
            Self::NothingToDowngrade(ladder) => {
                write!(f, "There is no {} die to downgrade.", ladder.upper().name())
            }
        }
    }
}

impl std::error::Error for PoolError {}
