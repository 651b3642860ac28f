//! The shown roll in full, in the dock: who gets effect, what it adds up to, every die of
//! both sides drawn, and what may follow it.

use leptos::prelude::*;

use crate::ui::widgets::when::When;

use super::follow_up::offers;
use super::state::{ElShown, ElState, RollKind, Shown};
use crate::core::history::RecordedRoll;
use crate::ui::lazy::Lazy;
use crate::ui::tray::result_frame::{ResultFrame, RollLabel};
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
    let shown = move || state.core.shown.get();
    view! {
        <ResultFrame
            core=state.core
            class="result el-result"
            summary=move || shown().map(|shown| view! { <ResultSummary shown/> })
            empty="Your roll appears here, every die of both sides drawn."
            text=el_text
        >
            {move || shown().map(|shown| view! { <RolledDice shown/> })}
            // What may follow a roll is not needed every roll: its code comes when it is.
            <When when=move || state.core.shown.with(|s| s.as_ref().is_some_and(|s| offers(s, state)))>
                <Lazy preload=super::rare::preload draw=move || super::rare::follow_up(state)/>
            </When>
        </ResultFrame>
    }
}

/// Headline, label, and the roll's details in words.
#[component]
fn ResultSummary(shown: Shown) -> impl IntoView {
    let (headline, tone) = shown.headline();
    let entry = &shown.entry;
    view! {
        <RollLabel label=entry.label.clone() who=entry.who.clone()/>
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
