//! The shown roll in full, in the dock: the outcome and what it means, every die drawn with
//! the deciding ones marked, and what follows: harm in a conflict, a new facet after a
//! triumph or a catastrophe, a cost after a costly success.

use leptos::prelude::*;

use super::state::D6State;
use crate::core::highest_d6::D6Check;
use crate::core::history::RecordedRoll;
use crate::ui::lazy::Lazy;
use crate::ui::tray::result_frame::{ResultFrame, RollLabel};
use crate::ui::widgets::dice::pips::PipDie;

/// Whether the outcome asks anything of the player: harm to mark, a facet, a cost.
fn asks_next(check: &D6Check) -> bool {
    let outcome = check.outcome();
    (check.conflict && outcome.harm().character.is_some())
        || outcome.creates_facet()
        || outcome == crate::core::highest_d6::D6Outcome::CostlySuccess
}

/// The readable text of a Highest d6 roll, for Copy and Share.
fn d6_text(entry: &crate::core::history::HistoryEntry) -> Option<String> {
    match &entry.roll {
        RecordedRoll::HighestD6(check) => Some(entry.d6_text(check)),
        _ => None,
    }
}

/// The dock's result panel for the Highest d6 tray.
#[component]
pub fn ResultView(state: D6State) -> impl IntoView {
    let shown = move || {
        state.core.entry().get().and_then(|e| match e.roll {
            RecordedRoll::HighestD6(check) => Some((e.id, e.label, e.who, check)),
            _ => None,
        })
    };
    view! {
        <ResultFrame
            core=state.core
            summary=move || shown().map(|(id, label, who, check)| view! { <ResultSummary id label who check/> })
            empty="Your roll appears here, the deciding dice marked."
            text=d6_text
        >
            {move || shown().map(|(_, _, _, check)| view! { <RolledFaces check/> })}
            // What the outcome asks next, from the rare code (a roll from a link asks
            // nothing of this table).
            <Lazy
                preload=super::rare::preload
                draw=move || super::rare::prompts(state)
                when=Signal::derive(move || !state.core.showing_read_only() && shown().is_some_and(|(_, _, _, check)| asks_next(&check)))
            />
        </ResultFrame>
    }
}

/// The outcome in words, for the eye and for screen readers.
#[component]
fn ResultSummary(id: u64, label: String, who: Option<String>, check: D6Check) -> impl IntoView {
    let outcome = check.outcome();
    let harm = check.conflict.then(|| outcome.harm().describe());
    view! {
        <RollLabel label who/>
        // Keyed by the roll, so a roll that lands as the one before still shows a change.
        <p class=format!("headline {}", outcome.tone().name()) data-roll=id.to_string()>{outcome.title()}</p>
        <p class="result-details">{outcome.meaning()}</p>
        <p class="result-details">{format!("Rolled {}.", check.faces_text())}</p>
        <p class="result-details" hidden=harm.is_none()>{harm.clone()}</p>
        <p class="result-details" hidden=check.cost.is_none()>
            {check.cost.clone().map(|c| format!("Cost: {c}"))}
        </p>
    }
}

/// Every die of the roll; the deciding ones stand out, a dropped one is faded.
#[component]
fn RolledFaces(check: D6Check) -> impl IntoView {
    let deciding = check.roll.deciding();
    let faces = check
        .roll
        .faces()
        .iter()
        .enumerate()
        .map(|(i, &face)| {
            let (class, note) = if deciding.dropped == Some(i) {
                ("rolled-d6 dropped", ", set aside")
            } else if deciding.dice.contains(&i) {
                ("rolled-d6 deciding", ", deciding")
            } else {
                ("rolled-d6", "")
            };
            view! {
                <li class=format!("{class} landing") aria-label=format!("Die {}: {face}{note}", i + 1)>
                    <PipDie face/>
                </li>
            }
        })
        .collect_view();
    view! { <ul class="pip-row rolled" aria-label="Dice rolled">{faces}</ul> }
}
