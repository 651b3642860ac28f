//! Rolling the tray's pool.

use leptos::prelude::*;

use super::state::D6State;
use crate::core::highest_d6::{D6Check, D6Roll};
use crate::core::history::RecordedRoll;
use crate::ui::app_data::AppData;
use crate::ui::dock::DockPanel;
use crate::ui::recorder::record_roll;

/// Rolls the pool as it stands, records it for the active character and shows it.
pub fn roll(state: D6State, data: AppData) {
    let (kind, conflict) = state.setup.with_untracked(|s| (s.kind, s.conflict));
    let plan = state.plan.get_untracked();
    let pool_line = state.pool.with_untracked(|p| p.sum_line());
    let label = state.label.get_untracked();
    let made = record_roll(data, &label, |dice| {
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
            // Harm goes to whoever this roll was for, even if another is picked later.
            state
                .rolled_for
                .set(data.roster().with_untracked(|r| r.active_id()));
            state.read_only.set(false);
            state.shown.set(Some(entry));
            state.panel.set(DockPanel::Result);
        }
        Err(reason) => state.snackbar.say(reason),
    }
}
