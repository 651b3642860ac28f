//! The roll history: every system's rolls and story points changes as the trays record
//! them, newest first, with re-rolls, costs noted, the text shared to a chat and what
//! rolling one again sets up. How it is saved is `storage`'s business.

mod entry;
mod log;
mod record;
mod roll_again;
mod text;

pub use entry::{HistoryEntry, MAX_LABEL_CHARS};
pub use log::{MAX_HISTORY, MergedRolls, RollHistory};
pub use record::RecordedRoll;
pub use roll_again::RollAgain;
