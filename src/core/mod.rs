//! The domain core: dice, pools, resolution, exact odds and notation. No web dependencies;
//! everything here compiles and is tested natively.

pub mod challenge;
pub mod character;
pub mod chart;
pub mod coach;
pub mod count;
pub mod distribution;
pub mod effective_level;
pub mod facet;
pub mod highest_d6;
pub mod history;
pub mod ids;
pub mod keeping;
pub mod narrative;
pub mod notation;
pub mod qr;
pub mod rng;
pub mod scene;
pub mod story_points;
pub mod tone;
pub mod words;
