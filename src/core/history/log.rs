//! The history of rolls, newest first: recording, re-rolls, costs noted, merging.

use rand::Rng;

use super::{HistoryEntry, RecordedRoll};

/// The most rolls history keeps.
pub const MAX_HISTORY: usize = 100;

/// What [`RollHistory::merge`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MergedRolls {
    /// The other history's rolls that were not here, added.
    pub added: usize,
    /// The other history's rolls already here (by id), left as they are here.
    pub kept: usize,
    /// The oldest rolls (of either history) dropped after adding, to keep the newest
    /// [`MAX_HISTORY`].
    pub dropped_over_limit: usize,
}

/// The history of rolls, newest first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RollHistory {
    entries: Vec<HistoryEntry>,
}

impl RollHistory {
    /// A history of these entries, kept in the order given (newest first), the first
    /// `MAX_HISTORY` only: a saved history as read back.
    pub fn from_entries(mut entries: Vec<HistoryEntry>) -> Self {
        entries.truncate(MAX_HISTORY);
        Self { entries }
    }

    /// Newest first.
    pub fn entries(&self) -> &[HistoryEntry] {
        &self.entries
    }

    /// The entry with this id.
    pub fn get(&self, id: u64) -> Option<&HistoryEntry> {
        self.entries.iter().find(|e| e.id == id)
    }

    /// The entries of one tray, newest first, by [`RecordedRoll::tray_key`] (`narrative`
    /// includes the story points).
    pub fn on_tray<'a>(&'a self, tray: &'a str) -> impl Iterator<Item = &'a HistoryEntry> + 'a {
        self.entries
            .iter()
            .filter(move |e| e.roll.tray_key() == tray)
    }

    /// The entries of one system, newest first, by [`RecordedRoll::system_key`].
    pub fn of_system<'a>(&'a self, system: &'a str) -> impl Iterator<Item = &'a HistoryEntry> + 'a {
        self.entries
            .iter()
            .filter(move |e| e.roll.system_key() == system)
    }

    /// Adds a roll at the front, dropping the oldest beyond `MAX_HISTORY`.
    pub fn record(&mut self, entry: HistoryEntry) {
        self.entries.insert(0, entry);
        self.entries.truncate(MAX_HISTORY);
    }

    /// Puts `entry` in place of the entry with its id (a re-roll, a cost noted); nothing
    /// when that roll is no longer kept.
    pub fn replace(&mut self, entry: HistoryEntry) {
        if let Some(kept) = self.entries.iter_mut().find(|e| e.id == entry.id) {
            *kept = entry;
        }
    }

    /// Re-rolls die `index` of entry `id`; the entry records the face it replaced.
    pub fn reroll(
        &mut self,
        id: u64,
        index: usize,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<(), String> {
        let entry = self
            .entries
            .iter_mut()
            .find(|e| e.id == id)
            .ok_or("That roll is no longer in the history.")?;
        entry.roll.reroll(index, rng)
    }

    /// Die `index` of entry `id` rolled again at the table, now showing `face`; the entry
    /// records the face it replaced.
    pub fn reroll_entered(&mut self, id: u64, index: usize, face: u32) -> Result<(), String> {
        let entry = self
            .entries
            .iter_mut()
            .find(|e| e.id == id)
            .ok_or("That roll is no longer in the history.")?;
        entry.roll.reroll_entered(index, face)
    }

    /// Forgets every roll.
    pub fn clear(&mut self) {
        self.entries.clear();
    }

    /// Adds another history's rolls that are not here yet (by id), newest first, keeping
    /// the newest `MAX_HISTORY`, and says what it did.
    pub fn merge(&mut self, other: &RollHistory) -> MergedRolls {
        let mut merged = MergedRolls::default();
        for entry in &other.entries {
            if self.get(entry.id).is_none() {
                self.entries.push(entry.clone());
                merged.added += 1;
            } else {
                merged.kept += 1;
            }
        }
        self.entries.sort_by_key(|e| std::cmp::Reverse(e.at_ms));
        merged.dropped_over_limit = self.entries.len().saturating_sub(MAX_HISTORY);
        self.entries.truncate(MAX_HISTORY);
        merged
    }

    /// Notes the cost of the costly success `id`.
    pub fn note_cost(&mut self, id: u64, cost: &str) -> Result<(), String> {
        match self.entries.iter_mut().find(|e| e.id == id) {
            Some(HistoryEntry {
                roll: RecordedRoll::HighestD6(check),
                ..
            }) => check.note_cost(cost),
            _ => Err("That roll is no longer in the history.".into()),
        }
    }
}
