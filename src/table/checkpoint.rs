//! The GM's checkpoint: where the log every phone keeps starts (`cut`), and what the
//! messages up to it folded into. Every phone holding it folds from it, so a phone that
//! joined late and one that was there from the start show the same table, and a message
//! that arrives placed before the cut is left out by every phone alike.
//!
//! A checkpoint is a message of the GM's own signed chain, like the GM's other acts: a
//! former GM cannot write one that counts (see `chain`), and it is found with a relay
//! filter on the GM's key, which strangers cannot crowd.

use serde::{Deserialize, Serialize};

use super::bytes::from_hex_array;
use super::message::{MAX_POINTS, MAX_TEXT_CHARS, chars_within, is_tray, name_fits};
use super::order::{Key, MAX_T};
use super::scene::TableScene;

/// Most people a table takes in, over its life (each key once): later joins are refused,
/// and members are never pushed off.
pub const MAX_PEOPLE: usize = 64;

/// The Destiny pool.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pool {
    /// Light side points.
    pub light: u8,
    /// Dark side points.
    pub dark: u8,
}

/// What a checkpoint says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checkpoint {
    /// The last message folded in: the kept log starts after it. `None`: nothing is folded
    /// (the log starts at the beginning), and the checkpoint only names who joined.
    pub cut: Option<Key>,
    /// Everyone who joined up to the cut, in the order they joined: (key, name). Those who
    /// have left stay listed (in `left`), so names stay as they were shown and a key that
    /// left does not join again.
    pub people: Vec<(String, String)>,
    /// Who of `people` had left by the cut.
    #[serde(default)]
    pub left: Vec<String>,
    /// The hand-over that made the author GM (its id), `""` for the invite's GM: the author
    /// says which of two hand-overs by a former GM it took the role from.
    #[serde(default)]
    pub gm_by: String,
    /// The Destiny pool at the cut, once started.
    #[serde(default)]
    pub pool: Option<Pool>,
    /// The GM's side per tray at the cut: (tray, challenge).
    #[serde(default)]
    pub sides: Vec<(String, String)>,
    /// The table's scene at the cut.
    #[serde(default, skip_serializing_if = "TableScene::is_empty")]
    pub scene: TableScene,
    /// The id of the table key in use at the cut (`""`, left out: the invite's key).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub key: String,
    /// Who joined after the cut, up to the checkpoint: only so a phone knows whose messages
    /// to ask relays for (it changes nothing shown).
    #[serde(default)]
    pub since: Vec<String>,
}

fn key_hex(text: &str) -> bool {
    from_hex_array::<32>(text).is_some()
}

impl Checkpoint {
    /// Whether every part is within the protocol's bounds.
    pub fn fits(&self) -> bool {
        let cut = match &self.cut {
            Some(cut) => cut.t <= MAX_T && key_hex(&cut.author) && key_hex(&cut.id),
            // Nothing folded: nothing to say of the state before.
            None => {
                self.people.is_empty()
                    && self.left.is_empty()
                    && self.pool.is_none()
                    && self.sides.is_empty()
                    && self.scene.is_empty()
            }
        };
        let people = self.people.len() <= MAX_PEOPLE
            && self.people.iter().enumerate().all(|(i, (key, name))| {
                key_hex(key) && name_fits(name) && !self.people[..i].iter().any(|(k, _)| k == key)
            });
        let pool = self
            .pool
            .is_none_or(|p| p.light <= MAX_POINTS && p.dark <= MAX_POINTS);
        let sides = self.sides.len() <= crate::pages::Page::trays().count()
            && self.sides.iter().enumerate().all(|(i, (tray, challenge))| {
                is_tray(tray)
                    && chars_within(challenge, 1, MAX_TEXT_CHARS)
                    && !self.sides[..i].iter().any(|(t, _)| t == tray)
            });
        let since = self.since.len() <= MAX_PEOPLE && self.since.iter().all(|k| key_hex(k));
        let left = self.left.len() <= MAX_PEOPLE
            && self
                .left
                .iter()
                .all(|k| self.people.iter().any(|(p, _)| p == k));
        let gm_by = self.gm_by.is_empty() || key_hex(&self.gm_by);
        let key = self.key.is_empty() || (self.cut.is_some() && super::seal::is_key_id(&self.key));
        key && cut && people && pool && sides && since && left && gm_by && self.scene.fits()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Checkpoint {
        Checkpoint {
            cut: Some(Key::new(5, &"aa".repeat(32), &"bb".repeat(32))),
            people: vec![("cc".repeat(32), "Ana".into())],
            left: vec![],
            gm_by: String::new(),
            pool: Some(Pool { light: 2, dark: 3 }),
            sides: vec![("narrative".into(), "2p".into())],
            scene: TableScene::default(),
            key: String::new(),
            since: vec![],
        }
    }

    #[test]
    fn written_compactly_and_checked() {
        let c = sample();
        let json = serde_json::to_string(&c).unwrap();
        assert!(json.starts_with(&format!(r#"{{"cut":[5,"{}","#, "aa".repeat(32))));
        assert_eq!(serde_json::from_str::<Checkpoint>(&json).unwrap(), c);
        assert!(c.fits());
        let mut twice = c.clone();
        twice.people.push(twice.people[0].clone());
        assert!(!twice.fits());
        let mut unknown = c.clone();
        unknown.sides[0].0 = "swn".into();
        assert!(!unknown.fits());
        let mut too_many = c.clone();
        too_many.pool = Some(Pool { light: 21, dark: 0 });
        assert!(!too_many.fits());
        let mut uncut = c.clone();
        uncut.cut = None;
        assert!(!uncut.fits(), "nothing folded, yet people and a pool");
        uncut.people.clear();
        uncut.pool = None;
        let mut stranger = c.clone();
        stranger.left = vec!["dd".repeat(32)];
        assert!(!stranger.fits(), "one who left must have joined");
        uncut.sides.clear();
        assert!(uncut.fits());
    }
}
