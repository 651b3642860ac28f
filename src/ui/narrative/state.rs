//! The narrative tray's state, kept for the whole visit once the tray has opened.

use leptos::prelude::*;

use crate::core::coach::NarrativeTap;
use crate::core::history::HistoryEntry;
use crate::core::narrative::{NarrativePool, PoolError};
use crate::core::notation::narrative::{format_pool, parse_pool};
use crate::ui::app_data::AppData;
use crate::ui::coach::Hints;
use crate::ui::dock::DockPanel;
use crate::ui::persisted::Persisted;
use crate::ui::snackbar::Snackbar;

/// Everything the narrative tray's components share; cheap to copy.
#[derive(Clone, Copy)]
pub struct NarrativeState {
    /// The pool on the tray, saved with every change.
    pub pool: Persisted<NarrativePool>,
    /// The roll the dock shows, set when rolling and re-rolling. Kept apart from the
    /// history so other rolls coming and going never redraw or re-announce it.
    pub shown: RwSignal<Option<HistoryEntry>>,
    /// The label for the next rolls; it stays until the player clears it.
    pub label: RwSignal<String>,
    /// What the dock shows above its bar.
    pub panel: RwSignal<DockPanel>,
    /// The die of the shown roll picked for a re-roll, by its index.
    pub picked: RwSignal<Option<usize>>,
    /// Where messages go: near the thumb.
    pub snackbar: Snackbar,
    /// The shown roll came from a result link: shown read-only, not in this History.
    pub read_only: RwSignal<bool>,
    /// The GM's challenge the negative dice came from, said beside them, if a link set it.
    pub gm_side: RwSignal<Option<String>>,
    /// What one tap on each control would do; counted once the player starts tapping.
    pub hints: Hints<NarrativeTap>,
    /// Whether the hints' counting has been asked for.
    pub coach_started: StoredValue<bool>,
}

impl NarrativeState {
    /// The tray's state for this visit, made the first time the tray opens with the pool
    /// left on it.
    pub fn of(data: AppData) -> Self {
        data.tray(
            |t| &mut t.narrative,
            |data| Self {
                pool: data.narrative_pool(),
                shown: RwSignal::new(None),
                label: RwSignal::new(String::new()),
                panel: RwSignal::new(DockPanel::Closed),
                picked: RwSignal::new(None),
                snackbar: data.snackbar,
                read_only: RwSignal::new(false),
                gm_side: RwSignal::new(None),
                hints: RwSignal::new(Vec::new()),
                coach_started: StoredValue::new(false),
            },
        )
    }

    /// Applies a pool change, or says why it was refused and leaves the pool as it was.
    pub fn change(&self, change: impl FnOnce(&mut NarrativePool) -> Result<(), PoolError>) {
        let mut next = self.pool.with_untracked(NarrativePool::clone);
        match change(&mut next) {
            Ok(()) => self.pool.set_soon(next),
            Err(error) => self.snackbar.say(error.to_string()),
        }
    }

    /// Opens a pool from a share link. A bad link leaves the tray as it was and says why.
    pub fn open_shared(&self, text: &str) {
        match parse_pool(text) {
            Ok(pool) => {
                let why = format!("Opened the shared pool {}.", format_pool(&pool));
                self.pool.update(|stored| *stored = pool);
                self.snackbar.say(why);
            }
            Err(error) => self.snackbar.say(format!(
                "The shared link's pool could not be read: {error} The tray is left as it was."
            )),
        }
    }
}
