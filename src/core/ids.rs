//! A set of ids seen so far, to catch one used twice: a sorted list, so checking a roster's
//! few thousand ids ships no map or sorting code to the phone.

/// Ids seen so far, kept sorted.
#[derive(Clone, Default)]
pub struct SeenIds(Vec<u64>);

impl SeenIds {
    /// Notes `id`; false if it was seen before.
    pub fn insert(&mut self, id: u64) -> bool {
        match self.0.binary_search(&id) {
            Ok(_) => false,
            Err(at) => {
                self.0.insert(at, id);
                true
            }
        }
    }

    /// Whether `id` was seen.
    pub fn contains(&self, id: u64) -> bool {
        self.0.binary_search(&id).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_seen_twice_is_caught_in_any_order() {
        let mut seen = SeenIds::default();
        for id in [5, 1, 9, 3] {
            assert!(seen.insert(id));
        }
        assert!(!seen.insert(9));
        assert!(!seen.insert(1));
        assert!(seen.contains(3) && !seen.contains(4));
        assert!(seen.insert(4));
    }
}
