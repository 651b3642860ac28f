//! Effective Level: roll zero-based dice and land at or under your EL; resistance and
//! opposition, wagers and dedicated effects (RULES.md section 3).

mod best;
mod build;
mod check;
mod dice;
mod setup;

pub use best::{BestDice, MAX_SEARCH_EL, best_dice};
pub use build::{ElBuild, ElLine, Modifier};
pub use check::{
    Against, Dedicated, ElCheck, ElOdds, ElOutcome, ElRoll, MAX_EL, Pushback, Side, value_of,
};
pub use dice::{ElDice, ElDie, MAX_CHOSEN_DICE};
pub use setup::{ElMode, ElSetup, MAX_SITUATIONAL};
