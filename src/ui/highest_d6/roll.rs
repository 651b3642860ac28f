//! Rolling the tray's pool.

use leptos::prelude::*;

use super::state::D6State;
use crate::core::highest_d6::{D6Check, D6Roll};
use crate::core::history::RecordedRoll;
use crate::core::tone::Tone;
use crate::ui::tray::recorder::record_roll;

/// Rolls the pool as it stands, records it for the active character and shows it.
pub fn roll(state: D6State) {
    let (kind, conflict) = state.setup.with_untracked(|s| (s.kind, s.conflict));
    let plan = state.plan.get_untracked();
    let pool_line = state.pool.with_untracked(|p| p.sum_line());
    let label = state.core.label.get_untracked();
    let made = record_roll(state.core.recorder(), &label, |dice| {
        RecordedRoll::HighestD6(D6Check {
            roll: D6Roll::roll(plan, dice),
            pool_line,
            kind,
            conflict,
            cost: None,
        })
    });
    match made {
        Ok(entry) => {
            state.show_own(entry);
        }
        Err(reason) => state.core.snackbar.say(reason),
    }
}

/// The headline of one of the tray's own rolls, for the dock's bar.
pub fn headline(roll: &RecordedRoll) -> Option<(String, Tone)> {
    match roll {
        RecordedRoll::HighestD6(check) => {
            Some((check.outcome().title().to_string(), check.outcome().tone()))
        }
        _ => None,
    }
}
