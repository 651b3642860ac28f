//! Effective Level: roll zero-based dice and land at or under your EL; resistance and
//! opposition, wagers and dedicated effects (RULES.md section 3).

mod best;
mod build;
mod check;
mod cross_role;
mod defence;
mod dice;
mod entered;
mod headline;
mod odds;
mod outcome;
mod progress;
mod roll;
mod setup;
mod turn;
mod words;

pub use best::{BestDice, MAX_SEARCH_EL, best_dice};
pub use build::{ElBuild, ElLine, Modifier};
pub use check::{
    Against, Dedicated, ElCheck, IMPOSSIBLE, IMPOSSIBLE_EXPLAINED, MAX_EL, Pushback, Side,
    side_name,
};
pub use cross_role::{Assignment, CrossRoleSplit, RoleEl};
pub use defence::{ElDefence, MAX_ATTACK, attack_effect};
pub use dice::{ElDice, ElDie, MAX_CHOSEN_DICE};
pub use odds::{ElOdds, KeyFigures};
pub use outcome::{ElOutcome, value_of};
pub use progress::{
    RollAtObstacle, against_obstacle, against_player, finish_within, roll_at_obstacle,
};
pub use roll::ElRoll;
pub use setup::{ElMode, ElSetup, MAX_PICKED, MAX_SITUATIONAL};
pub use turn::{MAX_DEFENCES, MAX_PORTIONS, NextPortion, Portion, PortionKind, PortionState, Turn};
pub use words::{check_words, defence_words, faces_words};
