//! The narrative tray's state, kept for the whole visit once the tray has opened.

use leptos::prelude::*;

use crate::core::coach::NarrativeTap;
use crate::core::narrative::{NarrativePool, PoolError};
use crate::core::notation::narrative::{format_pool, parse_pool};
use crate::core::story_points::StoryPoints;
use crate::route::Page;
use crate::storage::SavedPools;
use crate::ui::platform::persisted::Persisted;
use crate::ui::root::Root;
use crate::ui::tray::coach::Hints;
use crate::ui::tray::state::TrayCore;
use crate::ui::visit::Deferred;

/// Everything the narrative tray's components share; cheap to copy.
#[derive(Clone, Copy)]
pub struct NarrativeState {
    /// The pool on the tray, saved with every change.
    pub pool: Persisted<NarrativePool>,
    /// What every tray has: the roll shown, the label, the dock's panel, the GM's side.
    pub core: TrayCore,
    /// The die of the shown roll picked for a re-roll, by its index.
    pub picked: RwSignal<Option<usize>>,
    /// What one tap on each control would do; counted once the player starts tapping.
    pub hints: Hints<NarrativeTap>,
    /// The table's story points, spent on the check.
    pub story_points: Persisted<StoryPoints>,
    /// Named pools, loaded when their fold first opens.
    pub saved: Deferred<SavedPools>,
}

impl NarrativeState {
    /// The tray's state for this visit, made the first time the tray opens with the pool
    /// left on it.
    pub fn of(data: Root) -> Self {
        data.state(|data| Self {
            pool: data.document::<NarrativePool>(),
            core: TrayCore::new(Page::NARRATIVE, data),
            picked: RwSignal::new(None),
            hints: RwSignal::new(Vec::new()),
            story_points: data.story_points(),
            saved: data.later(),
        })
    }

    /// Applies a pool change, or says why it was refused and leaves the pool as it was.
    pub fn change(&self, change: impl FnOnce(&mut NarrativePool) -> Result<(), PoolError>) {
        let mut next = self.pool.with_untracked(NarrativePool::clone);
        match change(&mut next) {
            Ok(()) => self.pool.set_soon(next),
            Err(error) => self.core.snackbar.say(error.to_string()),
        }
    }

    /// Opens a pool from a share link. A bad link leaves the tray as it was and says why.
    pub fn open_shared(&self, text: &str) {
        match parse_pool(text) {
            Ok(pool) => {
                let why = format!("Opened the shared pool {}.", format_pool(&pool));
                self.pool.update(|stored| *stored = pool);
                self.core.snackbar.say(why);
            }
            Err(error) => self.core.snackbar.say(format!(
                "The shared link's pool could not be read: {error} The tray is left as it was."
            )),
        }
    }
}
