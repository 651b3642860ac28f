//! Where randomness comes from. Resolvers take any `rand::Rng`, so tests pass a seeded one.
//!
//! The app draws each roll from ChaCha12 freshly seeded by the platform's secure generator
//! (in a browser, `crypto.getRandomValues`). Faces are picked with `random_range` and rand's
//! `unbiased` feature, which rejects rather than folds: every face is exactly equally likely.

use std::fmt;

use rand::SeedableRng;
use rand::rngs::StdRng;

/// The platform gave no secure random numbers; rolling must stop rather than fake it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RandomnessUnavailable(String);

/// A generator seeded from the platform's secure source, for one roll.
pub fn secure() -> Result<StdRng, RandomnessUnavailable> {
    StdRng::try_from_os_rng().map_err(|e| RandomnessUnavailable(e.to_string()))
}

/// A reproducible generator for tests and benchmarks.
pub fn seeded(seed: u64) -> StdRng {
    StdRng::seed_from_u64(seed)
}

impl fmt::Display for RandomnessUnavailable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "This browser gave no secure random numbers ({}), so dice cannot be rolled.",
            self.0
        )
    }
}

impl std::error::Error for RandomnessUnavailable {}
