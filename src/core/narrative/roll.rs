//! Rolling a pool, re-rolling one die, and reading the faces.

use rand::Rng;

use super::die::NarrativeDie;
use super::outcome::NetResult;
use super::pool::{NarrativePool, PoolError};
use super::symbols::{AddedSymbol, Symbols};

/// One die as it landed: which die and the index of the face that shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RolledDie {
    die: NarrativeDie,
    face: u32,
}

/// A die of the roll that was rolled again, with the face it showed before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reroll {
    /// Which die, by position in the roll.
    pub index: usize,
    /// The face it showed before.
    pub before: RolledDie,
}

/// A rolled pool: the pool, its dice as they landed (tray order), and any re-rolls since.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NarrativeRoll {
    pool: NarrativePool,
    dice: Vec<RolledDie>,
    rerolls: Vec<Reroll>,
}

/// Why a stored roll or a re-roll request cannot stand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RollError {
    /// A re-roll names a die the roll does not have.
    NoSuchDie {
        /// The die asked for.
        index: usize,
        /// How many dice the roll has.
        dice: usize,
    },
    /// The dice do not fit in a pool.
    Pool(PoolError),
    /// Faces entered by hand for a different number of dice than the pool holds.
    EnteredCount {
        /// How many faces were entered.
        entered: usize,
        /// How many dice the pool holds.
        dice: usize,
    },
    /// A face entered by hand that the die does not have.
    NoSuchFace {
        /// Which die, by position in the roll.
        index: usize,
        /// The die.
        die: NarrativeDie,
        /// The face index entered.
        face: u32,
    },
}

impl RolledDie {
    /// `None` when the die has no such face.
    pub fn new(die: NarrativeDie, face: u32) -> Option<Self> {
        (face < die.sides()).then_some(Self { die, face })
    }

    /// Rolls one die: a uniform face index, drawn without modulo bias.
    pub fn roll(die: NarrativeDie, rng: &mut (impl Rng + ?Sized)) -> Self {
        Self {
            die,
            face: rng.random_range(0..die.sides()),
        }
    }

    /// Which die it is.
    pub fn die(&self) -> NarrativeDie {
        self.die
    }

    /// The index of the face that shows.
    pub fn face_index(&self) -> u32 {
        self.face
    }

    /// What the face shows.
    pub fn symbols(&self) -> Symbols {
        self.die.faces()[self.face as usize]
    }
}

impl NarrativeRoll {
    /// Rolls every die of the pool.
    pub fn roll(pool: &NarrativePool, rng: &mut (impl Rng + ?Sized)) -> Self {
        Self {
            pool: pool.clone(),
            dice: pool.dice().map(|die| RolledDie::roll(die, rng)).collect(),
            rerolls: Vec::new(),
        }
    }

    /// Rebuilds a roll from its parts, as storage keeps them. The dice must fit in a pool
    /// and every re-roll must name a die of the same kind.
    pub fn from_parts(
        dice: Vec<RolledDie>,
        added: Symbols,
        rerolls: Vec<Reroll>,
    ) -> Result<Self, RollError> {
        let mut pool = NarrativePool::default();
        for die in &dice {
            pool.add_die(die.die).map_err(RollError::Pool)?;
        }
        for symbol in AddedSymbol::ALL {
            pool.set_added(symbol, added.get(symbol))
                .map_err(RollError::Pool)?;
        }
        for reroll in &rerolls {
            let Some(current) = dice.get(reroll.index) else {
                return Err(RollError::NoSuchDie {
                    index: reroll.index,
                    dice: dice.len(),
                });
            };
            if current.die != reroll.before.die {
                return Err(RollError::NoSuchDie {
                    index: reroll.index,
                    dice: dice.len(),
                });
            }
        }
        Ok(Self {
            pool,
            dice,
            rerolls,
        })
    }

    /// Rolls the die at `index` again and records the face it replaced.
    pub fn reroll(&mut self, index: usize, rng: &mut (impl Rng + ?Sized)) -> Result<(), RollError> {
        let Some(slot) = self.dice.get(index) else {
            return Err(RollError::NoSuchDie {
                index,
                dice: self.dice.len(),
            });
        };
        let now = RolledDie::roll(slot.die, rng);
        self.replace(index, now)
    }

    /// Puts `now` in place of die `index`, recording the face it replaced; `now` must be
    /// the same kind of die.
    pub(super) fn replace(&mut self, index: usize, now: RolledDie) -> Result<(), RollError> {
        let dice = self.dice.len();
        match self.dice.get_mut(index) {
            Some(slot) if slot.die == now.die => {
                let before = std::mem::replace(slot, now);
                self.rerolls.push(Reroll { index, before });
                Ok(())
            }
            _ => Err(RollError::NoSuchDie { index, dice }),
        }
    }

    /// The faces die `index` has shown, the first roll first and the face showing now
    /// last, so a re-rolled die can show what it replaced; empty when there is no such die.
    pub fn face_history(&self, index: usize) -> Vec<RolledDie> {
        let Some(now) = self.dice.get(index) else {
            return Vec::new();
        };
        let mut faces: Vec<RolledDie> = self
            .rerolls
            .iter()
            .filter(|r| r.index == index)
            .map(|r| r.before)
            .collect();
        faces.push(*now);
        faces
    }

    /// The positions of the dice rolled again, each once, in the order first re-rolled.
    pub fn rerolled_dice(&self) -> Vec<usize> {
        let mut indices: Vec<usize> = Vec::new();
        for reroll in &self.rerolls {
            if !indices.contains(&reroll.index) {
                indices.push(reroll.index);
            }
        }
        indices
    }

    /// The dice as they landed, in tray order.
    pub fn dice(&self) -> &[RolledDie] {
        &self.dice
    }

    /// The symbols added on top of the dice.
    pub fn added(&self) -> Symbols {
        self.pool.added()
    }

    /// Every re-roll, oldest first.
    pub fn rerolls(&self) -> &[Reroll] {
        &self.rerolls
    }

    /// "1 die re-rolled", "3 dice re-rolled", or `None` before any re-roll.
    pub fn rerolled_note(&self) -> Option<String> {
        match self.rerolls.len() {
            0 => None,
            1 => Some("1 die re-rolled".into()),
            n => Some(format!("{n} dice re-rolled")),
        }
    }

    /// Whether the die at `index` was rolled again since the first roll.
    pub fn was_rerolled(&self, index: usize) -> bool {
        self.rerolls.iter().any(|r| r.index == index)
    }

    /// Every symbol showing, added ones included.
    pub fn symbols(&self) -> Symbols {
        self.dice
            .iter()
            .fold(self.added(), |sum, die| sum + die.symbols())
    }

    /// The net result, added symbols included.
    pub fn result(&self) -> NetResult {
        NetResult::new(self.symbols(), self.pool.makes_check())
    }

    /// The pool this roll came from.
    pub fn pool(&self) -> &NarrativePool {
        &self.pool
    }
}

impl NarrativePool {
    /// Whether the pool decides success at all: anything but force dice alone.
    pub fn makes_check(&self) -> bool {
        self.dice_count() > self.count(NarrativeDie::Force) || !self.added().is_empty()
    }
}

impl std::fmt::Display for RollError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NoSuchDie { index, dice } => write!(
                f,
                "There is no die number {} in a roll of {dice} dice.",
                index + 1
            ),
            Self::Pool(error) => error.fmt(f),
            Self::EnteredCount { entered, dice } => write!(
                f,
                "Enter one face for each of the pool's {dice} dice ({entered} entered)."
            ),
            Self::NoSuchFace { index, die, face } => write!(
                f,
                "Die {} ({}) has {} faces: there is no face {}.",
                index + 1,
                die.name(),
                die.sides(),
                u64::from(*face) + 1
            ),
        }
    }
}

impl std::error::Error for RollError {}
