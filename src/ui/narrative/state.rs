//! The narrative tray's state, kept for the whole visit once the tray has opened.

use leptos::prelude::*;

use crate::core::narrative::{NarrativePool, PoolError};
use crate::core::notation::narrative::{format_pool, parse_pool};
use crate::storage::HistoryEntry;
use crate::ui::app_data::AppData;
use crate::ui::persisted::Persisted;

/// Everything the narrative tray's components share; cheap to copy.
#[derive(Clone, Copy)]
pub struct NarrativeState {
    /// The pool on the tray, saved with every change.
    pub pool: Persisted<NarrativePool>,
    /// Feedback on the last tray action ("at most 20 ..."); cleared by the next good one.
    pub message: RwSignal<Option<String>>,
    /// The roll the result panel shows, set when rolling and re-rolling. Kept apart from
    /// the history so other rolls coming and going never redraw or re-announce it.
    pub shown: RwSignal<Option<HistoryEntry>>,
}

impl NarrativeState {
    /// The tray's state for this visit, made the first time the tray opens with the pool
    /// left on it.
    pub fn of(data: AppData) -> Self {
        data.tray(
            |t| &mut t.narrative,
            |data| Self {
                pool: data.narrative_pool(),
                message: RwSignal::new(None),
                shown: RwSignal::new(None),
            },
        )
    }

    /// Applies a pool change, or explains why it was refused and leaves the pool as it was.
    pub fn change(&self, change: impl FnOnce(&mut NarrativePool) -> Result<(), PoolError>) {
        let mut next = self.pool.with_untracked(NarrativePool::clone);
        match change(&mut next) {
            Ok(()) => {
                self.pool.set_soon(next);
                self.message.set(None);
            }
            Err(error) => self.message.set(Some(error.to_string())),
        }
    }

    /// Puts a pool on the tray with a short confirmation.
    pub fn replace(&self, pool: NarrativePool, why: String) {
        self.pool.update(|stored| *stored = pool);
        self.message.set(Some(why));
    }

    /// Opens a pool from a share link. A bad link leaves the tray as it was and says why.
    pub fn open_shared(&self, text: &str) {
        match parse_pool(text) {
            Ok(pool) => {
                let why = format!("Opened the shared pool {}.", format_pool(&pool));
                self.replace(pool, why);
            }
            Err(error) => self.message.set(Some(format!(
                "The shared link's pool could not be read: {error} The tray is left as it was."
            ))),
        }
    }
}
