//! Highest d6: roll a pool of six-sided dice and the single highest die decides, unless two
//! sixes (triumph) or two ones on a failing roll (catastrophe) say more (RULES.md section 2).

mod challenge;
mod check;
mod entered;
mod odds;
mod outcome;
mod pool;
mod roll;
mod setup;
mod words;

pub use challenge::ChallengeKind;
pub use check::{D6Check, MAX_COST_CHARS};
pub use odds::D6Odds;
pub use outcome::{ConflictHarm, D6Outcome, HarmKind, classify};
pub use pool::{
    D6Pool, MAX_BASE_DICE, MAX_POOL_DICE, MAX_SUM_LINE_CHARS, MIN_BASE_DICE, PoolSize, ZeroDiceRule,
};
pub use roll::{D6Roll, Deciding};
pub use setup::{D6Setup, FacetRef};
pub use words::{faces_words, pool_words};
