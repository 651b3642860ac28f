//! The narrative tray's state. The app creates it once, so a share link can fill it.

use leptos::prelude::*;

use crate::core::narrative::{NarrativePool, PoolError};
use crate::core::notation::narrative::{format_pool, parse_pool};
use crate::storage::{self, CurrentNarrativePool, HistoryEntry};
use crate::ui::browser::{BrowserStorage, now_ms};
use crate::ui::notices::Notices;

#[derive(Clone, Copy)]
pub struct NarrativeState {
    /// The pool on the tray; saved on every change.
    pub pool: RwSignal<NarrativePool>,
    /// Feedback on the last tray action ("at most 20 ..."); cleared by the next good one.
    pub message: RwSignal<Option<String>>,
    /// The roll the result panel shows, set when rolling and re-rolling. Kept apart from
    /// the history so other rolls coming and going never redraw or re-announce it.
    pub shown: RwSignal<Option<HistoryEntry>>,
}

impl NarrativeState {
    /// Restores the pool left on the tray and keeps it saved.
    pub fn load(notices: Notices) -> Self {
        let loaded = storage::load::<CurrentNarrativePool>(&BrowserStorage, now_ms());
        notices.push_all(loaded.notice);
        let pool = RwSignal::new(loaded.value.0);
        if loaded.writable {
            // The first run only subscribes: the pool just came from storage.
            Effect::new(move |previous: Option<()>| {
                let current = CurrentNarrativePool(pool.get());
                if previous.is_none() {
                    return;
                }
                if let Err(error) = storage::save(&BrowserStorage, &current) {
                    notices.say(format!("The pool on the tray could not be saved: {error}"));
                }
            });
        }
        Self {
            pool,
            message: RwSignal::new(None),
            shown: RwSignal::new(None),
        }
    }

    /// Applies a pool change, or explains why it was refused and leaves the pool as it was.
    pub fn change(&self, change: impl FnOnce(&mut NarrativePool) -> Result<(), PoolError>) {
        let mut next = self.pool.get_untracked();
        match change(&mut next) {
            Ok(()) => {
                self.pool.set(next);
                self.message.set(None);
            }
            Err(error) => self.message.set(Some(error.to_string())),
        }
    }

    /// Puts a pool on the tray with a short confirmation.
    pub fn replace(&self, pool: NarrativePool, why: String) {
        self.pool.set(pool);
        self.message.set(Some(why));
    }

    /// Opens a pool from a share link. A bad one empties the tray and says why.
    pub fn open_shared(&self, text: &str) {
        match parse_pool(text) {
            Ok(pool) => {
                let why = format!("Opened the shared pool {}.", format_pool(&pool));
                self.replace(pool, why);
            }
            Err(error) => self.replace(
                NarrativePool::default(),
                format!("The shared link's pool could not be read: {error} The tray is empty."),
            ),
        }
    }
}
