//! The domain core: dice, pools, resolution, exact odds and notation. No web dependencies;
//! everything here compiles and is tested natively.

pub mod count;
pub mod distribution;
pub mod narrative;
pub mod notation;
pub mod rng;
pub mod tone;
