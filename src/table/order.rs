//! The one order every phone agrees on, and the clock that makes it read as time.
//!
//! Every message carries `t`, its author's hybrid logical clock in milliseconds: the
//! author's wall clock, but never less than one more than anything the author has seen.
//! The table's order is `(t, author, id)`. A message names what it follows (its author's
//! previous message `p`, and `a`, the latest message by someone else the author held), and
//! its `t` must lie after both and at most [`LEAP_MS`] beyond the later of them: so no
//! message can push the clock far ahead of what its author can have seen, and honest
//! phones never follow one that tries.

use serde::{Deserialize, Serialize};

/// How far a message's `t` may run ahead of what it names: a day, so a table that pauses
/// overnight goes on with times that still read as time.
pub const LEAP_MS: u64 = 24 * 60 * 60 * 1000;

/// The largest `t` accepted: JavaScript's safe integers, so the test client agrees.
pub const MAX_T: u64 = (1 << 53) - 1;

/// A message's place in the agreed order; written `[t, author, id]`.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(from = "(u64, String, String)", into = "(u64, String, String)")]
pub struct Key {
    /// The author's clock, in milliseconds.
    pub t: u64,
    /// The author's public key (hex).
    pub author: String,
    /// The event id (hex).
    pub id: String,
}

impl Key {
    /// The key of a message.
    pub fn new(t: u64, author: &str, id: &str) -> Key {
        Key {
            t,
            author: author.to_string(),
            id: id.to_string(),
        }
    }
}

impl From<(u64, String, String)> for Key {
    fn from((t, author, id): (u64, String, String)) -> Key {
        Key { t, author, id }
    }
}

impl From<Key> for (u64, String, String) {
    fn from(key: Key) -> Self {
        (key.t, key.author, key.id)
    }
}

/// The `t` of my next message: my wall clock, after my own last `t` and after everything
/// I hold (`seen`), but never beyond `bound` (what the names I give allow).
pub fn next_t(now_ms: u64, my_last: u64, seen: u64, bound: Option<u64>) -> u64 {
    let wanted = now_ms
        .max(my_last.saturating_add(1))
        .max(seen.saturating_add(1));
    let capped = match bound {
        Some(bound) => wanted.min(bound),
        None => wanted,
    };
    capped.min(MAX_T)
}

/// Whether `t` may follow what a message names: strictly after the later of the two `t`s
/// it names (`named`, each counted at the checkpoint's cut when unknown), and at most a
/// [`LEAP_MS`] beyond it.
pub fn timely(t: u64, named: u64) -> bool {
    t > named && t <= named.saturating_add(LEAP_MS) && t <= MAX_T
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_follows_the_wall_and_what_was_seen() {
        // A wall clock ahead of everything: it is the time.
        assert_eq!(next_t(5_000, 10, 4_000, None), 5_000);
        // A slow wall clock: one after what was seen.
        assert_eq!(next_t(1_000, 10, 4_000, None), 4_001);
        // My own last message, later still.
        assert_eq!(next_t(1_000, 9_000, 4_000, None), 9_001);
        // Never beyond what the names allow.
        assert_eq!(next_t(100_000, 0, 4_000, Some(50_000)), 50_000);
        assert!(timely(4_001, 4_000));
        assert!(!timely(4_000, 4_000));
        assert!(timely(4_000 + LEAP_MS, 4_000));
        assert!(!timely(4_001 + LEAP_MS, 4_000));
        assert!(!timely(MAX_T + 1, MAX_T - 5));
    }

    #[test]
    fn keys_order_by_time_then_author_then_id() {
        let a = Key::new(5, "bb", "01");
        let b = Key::new(5, "bb", "02");
        let c = Key::new(5, "cc", "00");
        let d = Key::new(6, "aa", "00");
        let mut keys = vec![d.clone(), c.clone(), b.clone(), a.clone()];
        keys.sort();
        assert_eq!(keys, vec![a, b, c, d]);
    }
}
