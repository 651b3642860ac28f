//! Narrative dice: seven dice whose faces show symbols that cancel in pairs.

mod die;
mod entered;
mod odds;
mod outcome;
mod pool;
mod roll;
mod symbols;
mod words;

pub use die::{NarrativeDie, Side};
pub use odds::NarrativeOdds;
pub use outcome::{NetResult, net_success_tone};
pub use pool::{Ladder, MAX_ADDED_PER_SYMBOL, MAX_DICE_PER_KIND, NarrativePool, PoolError};
pub use roll::{NarrativeRoll, Reroll, RollError, RolledDie};
pub use symbols::{AddedSymbol, Glyph, Symbols};
pub use words::{die_words, face_words, pool_words, rerolled_words};
