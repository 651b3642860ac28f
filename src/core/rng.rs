//! Where randomness comes from. Resolvers take any `rand::Rng`, so tests pass a seeded one
//! (`StdRng::seed_from_u64`).
//!
//! The app draws from the platform's secure generator itself (in a browser,
//! `crypto.getRandomValues`) through `SecureDice`. Faces are picked with `random_range` and
//! rand's `unbiased` feature, which rejects rather than folds: every face is exactly equally
//! likely.

use std::fmt;

use rand::RngCore;

/// The platform gave no secure random numbers; rolling stops rather than fake it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RandomnessUnavailable;

/// Random bytes straight from the platform's secure generator, fetched in blocks.
///
/// `RngCore` cannot fail, so if a refill fails part-way the source records it and yields
/// zeros; `check` then reports the failure and the caller throws the roll away. A roll is
/// therefore either truly random or refused, never silently biased.
pub struct SecureDice {
    block: [u8; 256],
    used: usize,
    failed: bool,
}

impl SecureDice {
    /// A source with its first block of bytes drawn, or an error if the platform has none.
    pub fn new() -> Result<Self, RandomnessUnavailable> {
        let mut block = [0; 256];
        getrandom::fill(&mut block).map_err(|_| RandomnessUnavailable)?;
        Ok(Self {
            block,
            used: 0,
            failed: false,
        })
    }

    /// An error if any draw so far could not be made.
    pub fn check(&self) -> Result<(), RandomnessUnavailable> {
        if self.failed {
            Err(RandomnessUnavailable)
        } else {
            Ok(())
        }
    }
}

impl RngCore for SecureDice {
    fn next_u32(&mut self) -> u32 {
        let mut bytes = [0; 4];
        self.fill_bytes(&mut bytes);
        u32::from_le_bytes(bytes)
    }

    fn next_u64(&mut self) -> u64 {
        let mut bytes = [0; 8];
        self.fill_bytes(&mut bytes);
        u64::from_le_bytes(bytes)
    }

    fn fill_bytes(&mut self, dst: &mut [u8]) {
        for byte in dst {
            if self.used == self.block.len() {
                if getrandom::fill(&mut self.block).is_err() {
                    self.failed = true;
                    self.block = [0; 256];
                }
                self.used = 0;
            }
            *byte = self.block[self.used];
            self.used += 1;
        }
    }
}

impl fmt::Display for RandomnessUnavailable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("This browser gave no secure random numbers, so dice cannot be rolled.")
    }
}

impl std::error::Error for RandomnessUnavailable {}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn secure_dice_draw_across_refills() {
        let mut dice = SecureDice::new().expect("the test machine has a secure generator");
        // 1,000 draws of 4 bytes cross many 256-byte refills.
        let faces: Vec<u32> = (0..1000).map(|_| dice.random_range(0..12)).collect();
        assert!(faces.iter().all(|&f| f < 12));
        assert!((0..12).all(|f| faces.contains(&f)), "every face turns up");
        assert_eq!(dice.check(), Ok(()));
    }
}
