//! The shown roll in full, in the dock: who gets effect, what it adds up to, every die of
//! both sides drawn, and what may follow it.

use leptos::prelude::*;

use crate::ui::widgets::when::When;

use super::follow_up::offers;
use super::state::{ElShown, ElState, RollKind, Shown};
use crate::core::history::RecordedRoll;
use crate::ui::lazy::Lazy;
use crate::ui::tray::read_only_note::ReadOnlyNote;
use crate::ui::tray::result_actions::ResultActions;
use crate::ui::widgets::dice::zero_based::FacesList;

/// The readable text of an Effective Level roll (a defence too), for Copy and Share.
fn el_text(entry: &crate::core::history::HistoryEntry) -> Option<String> {
    match &entry.roll {
        RecordedRoll::EffectiveLevel(roll) => Some(entry.el_text(roll)),
        RecordedRoll::ElDefence(defence) => Some(entry.defence_text(defence)),
        _ => None,
    }
}

/// The dock's result panel for the Effective Level tray.
#[component]
pub fn ResultView(state: ElState) -> impl IntoView {
    let entry = Signal::derive(move || {
        state
            .core
            .shown
            .with(|s| s.as_ref().map(|s| s.entry.clone()))
    });
    let shown = move || state.core.shown.get();
    view! {
        <div class="result el-result">
            // One persistent live region: assistive technology announces each new result.
            <div class="result-summary" role="status" aria-live="polite" aria-atomic="true">
                {move || shown().map(|shown| view! { <ResultSummary shown/> })}
            </div>
            <p class="hint" hidden=move || state.core.shown.with(Option::is_some)>
                "Your roll appears here, every die of both sides drawn."
            </p>
            {move || shown().map(|shown| view! { <RolledDice shown/> })}
            // What may follow a roll is not needed every roll: its code comes when it is.
            <When when=move || state.core.shown.with(|s| s.as_ref().is_some_and(|s| offers(s, state)))>
                <Lazy preload=super::rare::preload draw=move || super::rare::follow_up(state)/>
            </When>
            <ReadOnlyNote core=state.core/>
            <div class="result-actions" hidden=move || state.core.shown.with(Option::is_none)>
                <ResultActions entry text=el_text snackbar=state.core.snackbar/>
            </div>
        </div>
    }
}

/// Headline, label, and the roll's details in words.
#[component]
fn ResultSummary(shown: Shown) -> impl IntoView {
    let (headline, tone) = shown.headline();
    let entry = &shown.entry;
    let nameless = entry.label.is_empty() && entry.who.is_none();
    view! {
        <p class="result-label" hidden=nameless>
            {entry.who.clone().map(|who| view! { <span class="who">{who}</span> })}
            {entry.label.clone()}
        </p>
        // Keyed by the roll, so a roll that lands as the one before still shows a change.
        <p class=format!("headline {}", tone.name()) data-roll=entry.id.to_string()>{headline}</p>
        <p class="result-details">{shown.details().join(" · ")}</p>
    }
}

/// Every die of both sides. A roll against the player is the obstacle's or condition's
/// own: its dice first, then the player's.
#[component]
fn RolledDice(shown: Shown) -> impl IntoView {
    let Some(roll) = shown.roll().cloned() else {
        return ().into_any();
    };
    let (mine, theirs) = if shown.kind == RollKind::AgainstYou {
        (
            format!("{}'s dice", shown.entry.label),
            "Your dice".to_string(),
        )
    } else {
        (
            "Dice rolled".to_string(),
            "The other side's dice".to_string(),
        )
    };
    let opposed = roll.check.against.is_some();
    view! {
        <FacesList title=mine faces=roll.faces/>
        {opposed.then(|| view! { <FacesList title=theirs faces=roll.their_faces theirs=true/> })}
    }
    .into_any()
}
