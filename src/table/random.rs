//! Where the table's secrets come from: the caller's secure random source, passed in (the
//! browser's crypto RNG in the app, a seeded one in tests), which may fail.

/// The random source gave nothing: the action stops and says so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoRandom;

impl std::fmt::Display for NoRandom {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(
            "This browser gave no secure random numbers, so nothing was sent: keys and seals \
             need them. Reload, or try another browser.",
        )
    }
}

/// Fills a buffer with secure random bytes, or fails.
pub type Random<'a> = &'a mut dyn FnMut(&mut [u8]) -> Result<(), NoRandom>;
