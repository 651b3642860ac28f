//! Drawn dice and symbols, distinct by shape and label as well as colour: narrative dice
//! and their symbols, d6 pips, zero-based dice of every size.

pub(crate) mod narrative;
pub(crate) mod pips;
pub(crate) mod zero_based;
