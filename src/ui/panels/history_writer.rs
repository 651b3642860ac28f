//! History is written from its own piece of code, the module `history_store`, fetched once a
//! tray is idle (or on the first roll, if that comes first): a tray opens without reading,
//! checking and migrating every roll ever kept (and without the code that reads all three
//! systems' rolls back), yet every roll is kept as soon as it is made.
//!
//! Trays send changes here; they wait in memory until that code is here, which is at once
//! unless a roll comes before the page's first idle moment.

use std::cell::RefCell;

use leptos::prelude::*;

use crate::core::history::{HistoryEntry, RollHistory};
use crate::table::Amendment;
use crate::ui::lazy;
use crate::ui::table::hook::{Outgoing, TableHook};
use crate::ui::table::run_table;
use crate::ui::visit::Deferred;

thread_local! {
    /// Changes to History waiting for its writer's code, oldest first: the app's one queue
    /// (a page is one thread), kept with the writer that empties it.
    static WAITING: RefCell<Vec<HistoryChange>> = const { RefCell::new(Vec::new()) };
}

/// What a tray asks of History.
#[derive(Clone, Debug)]
pub enum HistoryChange {
    /// A new roll, at the front.
    Record(HistoryEntry),
    /// A changed roll (a die rolled again, a cost noted), in place of the one with its id.
    Replace(HistoryEntry, Amendment),
}

/// Keeps `change` in History: at once when the writer's code is here, else once it comes.
pub fn send(history: Deferred<RollHistory>, table: TableHook, change: HistoryChange) {
    // At a table, the roll goes to the table too, and a change to it as what it is (a
    // re-roll, a cost noted). Story point changes go as what they are (flips, the GM's
    // set-up: see `ui::panels::story_points`), not as rolls.
    let (HistoryChange::Record(entry) | HistoryChange::Replace(entry, _)) = &change;
    if table.at_table.get_untracked()
        && !matches!(
            entry.roll,
            crate::core::history::RecordedRoll::StoryPoints(_)
        )
    {
        table.send(match &change {
            HistoryChange::Record(entry) => Outgoing::Roll(entry.clone()),
            HistoryChange::Replace(entry, why) => Outgoing::Amend(entry.clone(), *why),
        });
        run_table(table);
    }
    WAITING.with(|waiting| waiting.borrow_mut().push(change));
    lazy::run(write(history), move || {
        // Still waiting in memory: the next roll tries again.
        table.snackbar.say(
            "This roll is kept for now, but History could not be saved: its code did \
             not arrive. It is saved with your next roll.",
        )
    });
}

lazy::split! { module history_store, preload preload;
    /// Keeps the rolls waiting to be kept.
    pub fn write(history: Deferred<RollHistory>) {
        write_pending(history)
    }

    /// A kept roll, found by its id (a tray showing it again after a reload).
    pub fn find(history: Deferred<RollHistory>, id: u64) -> Option<HistoryEntry> {
        history
            .load()
            .with_untracked(|h| h.entries().iter().find(|e| e.id == id).cloned())
    }
}

/// Applies every waiting change to History, oldest first. Runs in `history_store`.
fn write_pending(history: Deferred<RollHistory>) {
    let changes = WAITING.with(|waiting| std::mem::take(&mut *waiting.borrow_mut()));
    if !changes.is_empty() {
        history.load().update(|history| {
            for change in changes {
                apply(history, change);
            }
        });
    }
}

fn apply(history: &mut RollHistory, change: HistoryChange) {
    match change {
        HistoryChange::Record(entry) => history.record(entry),
        HistoryChange::Replace(entry, _) => history.replace(entry),
    }
}
