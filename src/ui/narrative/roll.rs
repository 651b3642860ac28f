//! Rolling the tray's pool, and re-rolling one die of the shown roll.

use leptos::prelude::*;

use super::state::NarrativeState;
use crate::core::history::RecordedRoll;
use crate::core::narrative::NarrativeRoll;
use crate::core::rng::{RandomnessUnavailable, SecureDice};
use crate::ui::app_data::AppData;
use crate::ui::dock::DockPanel;
use crate::ui::history_writer::{HistoryChange, send};
use crate::ui::recorder::record_roll;

/// Rolls the pool, records it and shows it in the dock.
pub fn roll(state: NarrativeState, data: AppData) {
    let pool = state.pool.get_untracked();
    if pool.is_empty() {
        return state.snackbar.say("Add some dice to roll first.");
    }
    let label = state.label.get_untracked();
    match record_roll(data, &label, |dice| {
        RecordedRoll::Narrative(NarrativeRoll::roll(&pool, dice))
    }) {
        Ok(entry) => {
            state.shown.set(Some(entry));
            state.picked.set(None);
            state.panel.set(DockPanel::Result);
        }
        Err(reason) => state.snackbar.say(reason),
    }
}

/// Rolls the picked die of the shown roll again; History keeps the face it replaced.
pub fn reroll_picked(state: NarrativeState, data: AppData) {
    let (Some(mut entry), Some(index)) =
        (state.shown.get_untracked(), state.picked.get_untracked())
    else {
        return;
    };
    if state.read_only.get_untracked() {
        return state
            .snackbar
            .say("This roll came from a link: it is shown as it was, not rolled here.");
    }
    let Ok(mut dice) = SecureDice::new() else {
        return state.snackbar.say(RandomnessUnavailable.to_string());
    };
    // The new face is kept only if every draw was truly random.
    let rolled = entry
        .roll
        .reroll(index, &mut dice)
        .and_then(|()| dice.check().map_err(|e| e.to_string()));
    match rolled {
        Ok(()) => {
            state.shown.set(Some(entry.clone()));
            send(data, HistoryChange::Replace(entry));
        }
        Err(message) => state.snackbar.say(message),
    }
    state.picked.set(None);
}
