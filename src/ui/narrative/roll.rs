//! Rolling the tray's pool, and re-rolling one die of the shown roll.

use leptos::prelude::*;

use super::state::NarrativeState;
use crate::core::history::RecordedRoll;
use crate::core::narrative::NarrativeRoll;
use crate::core::rng::{RandomnessUnavailable, SecureDice};
use crate::core::story_points::CheckSpends;
use crate::core::tone::Tone;
use crate::table::Amendment;
use crate::ui::tray::recorder::record_roll;
use crate::ui::tray::state::Shown;

/// Rolls the pool, records it and shows it in the dock. The roll ends the check: on the
/// next, each side may spend a story point again.
pub fn roll(state: NarrativeState) {
    let pool = state.pool.get_untracked();
    if pool.is_empty() {
        return state.core.snackbar.say("Add some dice to roll first.");
    }
    let label = state.core.label.get_untracked();
    match record_roll(state.core.recorder(), &label, |dice| {
        RecordedRoll::Narrative(NarrativeRoll::roll(&pool, dice))
    }) {
        Ok(entry) => {
            state.picked.set(None);
            state.core.check_spends.update(CheckSpends::next_check);
            state.core.show(Shown::own(entry), headline);
        }
        Err(reason) => state.core.snackbar.say(reason),
    }
}

/// Rolls the picked die of the shown roll again; History keeps the face it replaced.
pub fn reroll_picked(state: NarrativeState) {
    let (Some(mut shown), Some(index)) = (
        state.core.shown.get_untracked(),
        state.picked.get_untracked(),
    ) else {
        return;
    };
    if shown.read_only() {
        return state
            .core
            .snackbar
            .say("This roll is shown as it was, only to be read: it is not re-rolled here.");
    }
    let Ok(mut dice) = SecureDice::new() else {
        return state.core.snackbar.say(RandomnessUnavailable.to_string());
    };
    // The new face is kept only if every draw was truly random.
    let entry = &mut shown.entry;
    let rolled = entry
        .roll
        .reroll(index, &mut dice)
        .and_then(|()| dice.check().map_err(|e| e.to_string()));
    match rolled {
        Ok(()) => state.core.show_amended(shown, Amendment::Reroll),
        Err(message) => state.core.snackbar.say(message),
    }
    state.picked.set(None);
}

/// The headline of one of the tray's own rolls, for the dock's bar.
pub fn headline(roll: &RecordedRoll) -> Option<(String, Tone)> {
    match roll {
        RecordedRoll::Narrative(roll) => {
            Some((roll.result().headline().to_string(), roll.result().tone()))
        }
        _ => None,
    }
}
