//! Coaching: beside every control that changes a pool, what one tap on it would do to the
//! chance that matters, exactly and before the tap is made.
//!
//! One file per tray, each listing its controls as taps and giving every possible tap's
//! [`Delta`]; a tap the tray would refuse (at a limit, nothing to take away, a disabled
//! control) has none. Every figure is counted exactly, as the odds panels count theirs, and
//! each tray reuses what it has already counted, so a whole tray's deltas fit in a frame.

mod delta;
mod effective_level;
mod highest_d6;
mod narrative;

pub use delta::{Delta, Figure, Measure};
pub use effective_level::{ElCoach, ElDelta, ElTap, Step};
pub use highest_d6::{D6Coach, D6Delta, D6Tap};
pub use narrative::{NarrativeCoach, NarrativeDelta, NarrativeTap};
