//! The shown roll in full, in the dock: who gets effect, what it adds up to, every die of
//! both sides drawn, and what may follow it.

use leptos::prelude::*;

use super::faces::FacesList;
use super::follow_up::offers;
use super::state::{ElState, RollKind, Shown};
use super::{__preload_el_rare_panel, RarePanel, el_rare_panel};
use crate::core::effective_level::{ElRoll, Pushback};
use crate::storage::RecordedRoll;
use crate::ui::app_data::AppData;
use crate::ui::deferred::Deferred;
use crate::ui::result_actions::ResultActions;

/// The dock's result panel for the Effective Level tray.
#[component]
pub fn ResultView(state: ElState, data: AppData) -> impl IntoView {
    let entry = Signal::derive(move || state.shown.with(|s| s.as_ref().map(|s| s.entry.clone())));
    let shown = move || state.shown.get();
    view! {
        <section class="result el-result" aria-label="Result">
            // One persistent live region: assistive technology announces each new result.
            <div class="result-summary" role="status" aria-live="polite" aria-atomic="true">
                {move || shown().map(|shown| view! { <ResultSummary shown/> })}
            </div>
            <p class="hint" hidden=move || state.shown.with(Option::is_some)>
                "Your roll appears here, every die of both sides drawn."
            </p>
            {move || shown().map(|shown| view! { <RolledDice shown/> })}
            // What may follow a roll is not needed every roll: its code comes when it is.
            <Show when=move || state.shown.with(|s| s.as_ref().is_some_and(|s| offers(s, data)))>
                <Deferred
                    preload=__preload_el_rare_panel
                    draw=move || el_rare_panel(data, RarePanel::FollowUp)
                />
            </Show>
            <div class="result-actions" hidden=move || state.shown.with(Option::is_none)>
                <ResultActions entry snackbar=state.snackbar/>
            </div>
        </section>
    }
}

/// The roll of a shown entry, if it is an Effective Level roll.
pub fn el_roll(shown: &Shown) -> Option<&ElRoll> {
    match &shown.entry.roll {
        RecordedRoll::EffectiveLevel(roll) => Some(roll),
        _ => None,
    }
}

/// Headline, label, and the roll's details in words.
#[component]
fn ResultSummary(shown: Shown) -> impl IntoView {
    let (headline, tone) = shown.headline();
    let entry = &shown.entry;
    let nameless = entry.label.is_empty() && entry.who.is_none();
    let verdict = el_roll(&shown)
        .filter(|_| matches!(shown.kind, RollKind::Tray | RollKind::Portion))
        .and_then(verdict);
    view! {
        <p class="result-label" hidden=nameless>
            {entry.who.clone().map(|who| view! { <span class="who">{who}</span> })}
            {entry.label.clone()}
        </p>
        // Keyed by the roll, so a roll that lands as the one before still shows a change.
        <p class=format!("headline {}", tone.name()) data-roll=entry.id.to_string()>{headline}</p>
        <p class="result-details">{entry.details().join(" · ")}</p>
        <p class="result-details verdict" hidden=verdict.is_none()>{verdict.clone()}</p>
    }
}

/// Who gets effect against another side, in words.
// TODO(core-ux): once `ElRoll::headline` says who gets effect ("You win: effect 4", "They
// win: 3 against you"), this line says it twice: drop it.
fn verdict(roll: &ElRoll) -> Option<String> {
    let against = roll.check.against.as_ref()?;
    let outcome = roll.outcome();
    Some(match (against.kind, outcome.effect, outcome.their_effect) {
        (_, e, _) if e > 0 => format!("You win: effect {e}."),
        (Pushback::Opposition, _, t) if t > 0 => {
            format!("The other side wins: effect {t} against you.")
        }
        (Pushback::Opposition, _, _) => "A tie or no success: nobody gets effect.".into(),
        (Pushback::Resistance, _, _) => "Resisted: no effect.".into(),
    })
}

/// Every die of both sides. A roll against the player is the obstacle's or condition's
/// own: its dice first, then the player's.
#[component]
fn RolledDice(shown: Shown) -> impl IntoView {
    let Some(roll) = el_roll(&shown).cloned() else {
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
