//! Who is at the table, and the names shown for them.
//!
//! A name is bound to a device key: a member names themselves once, in their first message,
//! and every later message shows that name. Two members who chose the same name are told
//! apart by the order they joined in ("Ana", "Ana (2)"), the same on every phone.

use serde::{Deserialize, Serialize};

use super::checkpoint::MAX_PEOPLE;

/// Someone at the table, as shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Person {
    /// Their key (hex).
    pub pubkey: String,
    /// Their name, told apart from a namesake who joined before.
    pub shown: String,
    /// Whether they are the GM now.
    pub gm: bool,
    /// Whether it is this device.
    pub me: bool,
}

/// Members in the order they joined, and everyone named so far.
#[derive(Clone, Debug, Default)]
pub struct People {
    /// Members now: (key, name), in join order.
    members: Vec<(String, String)>,
    /// Everyone who joined within reach, in join order: (key, name shown).
    named: Vec<(String, String)>,
    /// The name each chose: (key, name).
    chosen: Vec<(String, String)>,
}

impl People {
    /// Everyone a checkpoint lists, in their order, less those who had left.
    pub fn from_checkpoint(joined: &[(String, String)], left: &[String]) -> People {
        let mut people = People::default();
        for (key, name) in joined {
            people.join(key, name);
        }
        for key in left {
            people.leave(key);
        }
        people
    }

    /// Everyone who joined within reach, in join order: (key, name chosen), as a checkpoint
    /// lists them.
    pub fn joined(&self) -> Vec<(String, String)> {
        self.named
            .iter()
            .map(|(key, _)| {
                let chosen = self
                    .chosen
                    .iter()
                    .find(|(k, _)| k == key)
                    .map_or_else(String::new, |(_, n)| n.clone());
                (key.clone(), chosen)
            })
            .collect()
    }

    /// Who of those has left.
    pub fn left(&self) -> Vec<String> {
        self.named
            .iter()
            .filter(|(key, _)| !self.is_member(key))
            .map(|(key, _)| key.clone())
            .collect()
    }

    /// Whether `key` is a member now.
    pub fn is_member(&self, key: &str) -> bool {
        self.members.iter().any(|(k, _)| k == key)
    }

    /// Whether `key` may join: not a member, not someone who has left, and room left (each
    /// key that ever joined counts once).
    pub fn may_join(&self, key: &str) -> bool {
        self.named.len() < MAX_PEOPLE && !self.named.iter().any(|(k, _)| k == key)
    }

    /// `key` joins as `name` (at the end of the order).
    pub fn join(&mut self, key: &str, name: &str) {
        // The first free of "Ana", "Ana (2)", "Ana (3)"...: distinct from every name shown.
        let mut shown = name.to_string();
        let mut n = 1;
        while self.named.iter().any(|(_, s)| *s == shown) {
            n += 1;
            shown = format!("{name} ({n})");
        }
        self.members.push((key.to_string(), name.to_string()));
        self.named.push((key.to_string(), shown));
        self.chosen.push((key.to_string(), name.to_string()));
    }

    /// `key` leaves.
    pub fn leave(&mut self, key: &str) {
        self.members.retain(|(k, _)| k != key);
    }

    /// Members now: (key, name), in join order (as a checkpoint lists them).
    pub fn members(&self) -> &[(String, String)] {
        &self.members
    }

    /// The name shown for `key`, if they joined within reach.
    pub fn shown(&self, key: &str) -> Option<&str> {
        self.named
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, s)| s.as_str())
    }

    /// Members now, as shown, for a phone whose key is `me`, with the GM marked.
    pub fn shown_to(&self, me: &str, gm: &str) -> Vec<Person> {
        self.members
            .iter()
            .map(|(key, name)| Person {
                pubkey: key.clone(),
                shown: self.shown(key).unwrap_or(name).to_string(),
                gm: key == gm,
                me: key == me,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn namesakes_are_told_apart_by_join_order_and_leavers_keep_theirs() {
        let mut people = People::default();
        people.join("a", "Ana");
        people.join("b", "Ana");
        people.join("c", "Ben");
        assert_eq!(people.shown("a"), Some("Ana"));
        assert_eq!(people.shown("b"), Some("Ana (2)"));
        people.leave("a");
        // The second Ana keeps her name; the first may not join again with that key.
        assert_eq!(people.shown("b"), Some("Ana (2)"));
        assert!(!people.is_member("a"));
        assert!(!people.may_join("a"));
        people.join("d", "Ana");
        assert_eq!(people.shown("d"), Some("Ana (3)"));
        let shown = people.shown_to("c", "b");
        assert_eq!(
            shown
                .iter()
                .map(|p| (p.shown.as_str(), p.gm, p.me))
                .collect::<Vec<_>>(),
            [
                ("Ana (2)", true, false),
                ("Ben", false, true),
                ("Ana (3)", false, false)
            ]
        );
    }
}
