//! History is written from its own piece of code (with the History panel, `ui::panels::history`),
//! fetched on the first roll: a tray opens without reading, checking and migrating every
//! roll ever kept (and without the code that reads all three systems' rolls back), yet every
//! roll is kept as soon as it is made.
//!
//! Trays send changes here; they wait in memory until History's code is here, which on a
//! first visit is a moment after the first roll, and from then on is at once.

use leptos::prelude::*;

use crate::core::history::{HistoryEntry, RollHistory};
use crate::table::Amendment;
use crate::ui::panels::history::HistoryAsk;
use crate::ui::shell::app_data::AppData;
use crate::ui::shell::rare::{Rare, rare};
use crate::ui::table::hook::Outgoing;
use crate::ui::table::run_table;

/// What a tray asks of History.
#[derive(Clone, Debug)]
pub enum HistoryChange {
    /// A new roll, at the front.
    Record(HistoryEntry),
    /// A changed roll (a die rolled again, a cost noted), in place of the one with its id.
    Replace(HistoryEntry, Amendment),
}

/// Keeps `change` in History: at once when the writer's code is here, else once it comes.
pub fn send(data: AppData, change: HistoryChange) {
    // At a table, the roll goes to the table too, and a change to it as what it is (a
    // re-roll, a cost noted). Story point changes go as what they are (flips, the GM's
    // set-up: see `ui::panels::story_points`), not as rolls.
    let (HistoryChange::Record(entry) | HistoryChange::Replace(entry, _)) = &change;
    if data.table.at_table.get_untracked()
        && !matches!(
            entry.roll,
            crate::core::history::RecordedRoll::StoryPoints(_)
        )
    {
        data.table.send(match &change {
            HistoryChange::Record(entry) => Outgoing::Roll(entry.clone()),
            HistoryChange::Replace(entry, why) => Outgoing::Amend(entry.clone(), *why),
        });
        run_table(data);
    }
    data.queue_history_change(change);
    leptos::task::spawn_local(async move {
        if rare(data, Rare::History(HistoryAsk::Write)).await.is_err() {
            // Still waiting in memory: the next roll tries again.
            data.snackbar.say(
                "This roll is kept for now, but History could not be saved: its code did \
                 not arrive. It is saved with your next roll.",
            );
        }
    });
}

/// Applies every waiting change to History, oldest first. Runs in History's own code.
pub fn write_pending(data: AppData) {
    let changes = data.take_history_changes();
    if !changes.is_empty() {
        data.history().update(|history| {
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
