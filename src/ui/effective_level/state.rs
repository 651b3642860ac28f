//! The Effective Level tray's state.

use leptos::prelude::*;

use crate::core::effective_level::{ElMode, ElSetup, Turn};
use crate::core::notation::effective_level::{format_check, parse_check};
use crate::storage::HistoryEntry;
use crate::ui::app_data::AppData;
use crate::ui::persisted::Persisted;

/// Everything the tray's components share; cheap to copy.
#[derive(Clone, Copy)]
pub struct ElState {
    /// The EL, dice, wager and other side; saved with every change.
    pub setup: Persisted<ElSetup>,
    /// Feedback on the last tray action.
    pub message: RwSignal<Option<String>>,
    /// The roll the result panel shows.
    pub shown: RwSignal<Option<HistoryEntry>>,
    /// The turn in play: split portions and their rolls; saved with every change.
    pub turn: Persisted<Turn>,
    /// What the last turn or scene action did.
    pub turn_message: RwSignal<Option<String>>,
}

impl ElState {
    /// The tray's state for this visit, made the first time the tray opens as it was left.
    pub fn of(data: AppData) -> Self {
        data.tray(
            |t| &mut t.el,
            |data| Self {
                setup: data.el_setup(),
                message: RwSignal::new(None),
                shown: RwSignal::new(None),
                turn: data.turn(),
                turn_message: RwSignal::new(None),
            },
        )
    }

    /// Changes the setup; the change shows at once and is stored just after.
    pub fn change(&self, change: impl FnOnce(&mut ElSetup)) {
        let mut next = self.setup.get_untracked();
        change(&mut next);
        self.setup.set_soon(next);
    }

    /// Opens a shared roll as a quick EL. A bad link leaves the tray as it was and says why.
    pub fn open_shared(&self, text: &str) {
        match parse_check(text) {
            Ok(check) => {
                self.setup.update(|s| {
                    s.mode = ElMode::Quick;
                    s.quick_el = check.me.el;
                    s.dice = check.me.dice.clone();
                    s.wager = check.wager;
                    // A shared wager was made within its roller's rank.
                    s.quick_rank = s.quick_rank.max(check.wager);
                    s.against = check.against.as_ref().map(|a| a.kind);
                    if let Some(against) = &check.against {
                        s.their_el = against.side.el;
                        s.their_dice = against.side.dice.clone();
                    }
                });
                self.message.set(Some(format!(
                    "Opened the shared roll {}.",
                    format_check(&check)
                )));
            }
            Err(error) => self.message.set(Some(format!(
                "The shared link's roll could not be read: {error} The tray is left as it was."
            ))),
        }
    }
}
