//! The tray's Story points fold (rare code, drawn when first opened): each side's points
//! with Spend, which spends the point and upgrades one of that side's dice in the pool in
//! one step with one Undo (`core::story_points::CheckTable`), then the session's start, the
//! same panel as on the Characters page.

use leptos::prelude::*;

use super::NarrativeState;
use crate::core::story_points::{CheckSpend, CheckTable, StorySide};
use crate::ui::panels::story_points::{StoryPointsSetup, StoryPointsSpend, record_change};

/// Spend for each side, then the session's start.
#[component]
pub fn TrayStoryPoints(state: NarrativeState) -> impl IntoView {
    let on_spend = Callback::new(move |side: StorySide| spend(state, side));
    view! {
        <StoryPointsSpend recorder=state.core.recorder() points=state.story_points on_spend spends=state.core.check_spends/>
        <h3 class="story-start-title">"Start of the session"</h3>
        <StoryPointsSetup recorder=state.core.recorder() points=state.story_points without_counts=true/>
    }
}

/// Runs `step` on the table (the points as stored, the tray's pool, this check's spends);
/// only a step that was done changes the pool and the spends.
fn on_table<T>(
    state: NarrativeState,
    step: impl FnOnce(&mut CheckTable<'_>) -> Result<T, String>,
) -> Result<T, String> {
    let mut pool = state.pool.get_untracked();
    let mut spends = state.core.check_spends.get_untracked();
    let mut outcome = Err(String::new());
    state.story_points.update(|points| {
        outcome = step(&mut CheckTable {
            points,
            pool: &mut pool,
            spends: &mut spends,
        });
    });
    if outcome.is_ok() {
        state.pool.set_soon(pool);
        state.core.check_spends.set(spends);
    }
    outcome
}

/// `side` spends a point on the check: said in the snackbar with Undo, kept in History.
fn spend(state: NarrativeState, side: StorySide) {
    match on_table(state, |table| table.spend(side)) {
        Ok(spent) => {
            record_change(state.core.recorder(), spent.change.clone());
            let words = spent.words();
            let undo = Callback::new(move |()| undo(state, &spent));
            state.core.snackbar.say_with(words, "Undo", undo);
        }
        Err(reason) => state.core.snackbar.say(reason),
    }
}

/// Undoes a spend: the die and the point come back together.
fn undo(state: NarrativeState, spent: &CheckSpend) {
    match on_table(state, |table| table.undo(spent)) {
        Ok(undone) => {
            let words = spent.undone_words(&undone);
            record_change(state.core.recorder(), undone);
            state.core.snackbar.say(words);
        }
        Err(reason) => state.core.snackbar.say(reason),
    }
}
