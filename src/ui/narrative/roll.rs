//! Rolling the tray's pool, and re-rolling one die of the shown roll.

use leptos::prelude::*;

use super::state::NarrativeState;
use crate::core::narrative::NarrativeRoll;
use crate::core::rng::{RandomnessUnavailable, SecureDice};
use crate::storage::RecordedRoll;
use crate::ui::app_data::AppData;
use crate::ui::dock::DockPanel;
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
    let (Some(id), Some(index)) = (
        state.shown.with_untracked(|e| e.as_ref().map(|e| e.id)),
        state.picked.get_untracked(),
    ) else {
        return;
    };
    let Ok(mut dice) = SecureDice::new() else {
        return state.snackbar.say(RandomnessUnavailable.to_string());
    };
    let history = data.history();
    let mut outcome = Ok(());
    history.update(|h| {
        // Re-roll a copy and keep it only if every draw was truly random.
        let mut next = h.clone();
        outcome = next
            .reroll(id, index, &mut dice)
            .and_then(|()| dice.check().map_err(|e| e.to_string()));
        if outcome.is_ok() {
            *h = next;
        }
    });
    match outcome {
        Ok(()) => state
            .shown
            .set(history.with_untracked(|h| h.get(id).cloned())),
        Err(message) => state.snackbar.say(message),
    }
    state.picked.set(None);
}
