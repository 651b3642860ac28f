//! Rolling: the Roll button, the result with every die drawn and the deciding ones marked,
//! and what follows: harm in a conflict, a new facet after a triumph or catastrophe, a cost
//! after a costly success.

use leptos::prelude::*;
use rand::Rng;

use super::faces::PipDie;
use super::prompts::{CostPrompt, FacetPrompt, HarmPrompt};
use super::state::D6State;
use crate::core::highest_d6::{D6Check, D6Roll};
use crate::core::rng::{RandomnessUnavailable, SecureDice};
use crate::storage::{HistoryEntry, RecordedRoll};
use crate::ui::app_data::AppData;
use crate::ui::browser::{now_ms, reveal};
use crate::ui::roll_form::RollForm;

/// The label and Roll button, and the announced result with its faces and prompts.
#[component]
pub fn RollPanel(state: D6State, data: AppData) -> impl IntoView {
    let label = RwSignal::new(String::new());
    let result_section = NodeRef::<leptos::html::Section>::new();
    let roll = Callback::new(move |()| {
        let Ok(mut dice) = SecureDice::new() else {
            return data.notices.say(RandomnessUnavailable.to_string());
        };
        let (kind, conflict) = state.setup.with_untracked(|s| (s.kind, s.conflict));
        let check = D6Check {
            roll: D6Roll::roll(state.plan.get_untracked(), &mut dice),
            pool_line: state.pool.with_untracked(|p| p.sum_line()),
            kind,
            conflict,
            cost: None,
        };
        let entry = HistoryEntry {
            id: dice.random(),
            at_ms: now_ms(),
            label: HistoryEntry::clean_label(&label.get_untracked()),
            who: data
                .roster()
                .with_untracked(|r| r.active().map(|c| c.name.clone())),
            real_dice: false,
            roll: RecordedRoll::HighestD6(check),
        };
        if let Err(error) = dice.check() {
            return data.notices.say(error.to_string());
        }
        data.history().update(|h| h.record(entry.clone()));
        state
            .rolled_for
            .set(data.roster().with_untracked(|r| r.active_id()));
        state.shown.set(Some(entry));
        label.set(String::new());
        // Once drawn, bring the result on screen if it is below the fold.
        request_animation_frame(move || {
            if let Some(section) = result_section.try_get_untracked().flatten() {
                reveal(&section);
            }
        });
    });
    let shown = move || {
        state.shown.get().and_then(|e| match e.roll {
            RecordedRoll::HighestD6(check) => Some((e.id, e.label, check)),
            _ => None,
        })
    };
    view! {
        <RollForm id="d6-roll-label" placeholder="e.g. Climb the sea wall" label disabled=false on_roll=roll/>
        <section class="result" aria-label="Result" node_ref=result_section>
            <div class="result-summary" role="status" aria-live="polite" aria-atomic="true">
                {move || shown().map(|(_, label, check)| view! { <ResultSummary label check/> })}
            </div>
            <p class="hint" hidden=move || state.shown.with(Option::is_some)>
                "Your roll appears here, the deciding dice marked."
            </p>
            {move || {
                shown()
                    .map(|(id, _, check)| {
                        view! {
                            <RolledFaces check=check.clone()/>
                            <HarmPrompt check=check.clone() id state data/>
                            <FacetPrompt check=check.clone() id state data/>
                            <CostPrompt id check state data/>
                        }
                    })
            }}
        </section>
    }
}

/// The outcome in words, for the eye and for screen readers.
#[component]
fn ResultSummary(label: String, check: D6Check) -> impl IntoView {
    let outcome = check.outcome();
    let harm = check.conflict.then(|| outcome.harm().describe());
    view! {
        <p class="result-label" hidden=label.is_empty()>{label.clone()}</p>
        <p class=format!("headline {}", outcome.tone().name())>{outcome.title()}</p>
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
                <li class=class aria-label=format!("Die {}: {face}{note}", i + 1)>
                    <PipDie face/>
                </li>
            }
        })
        .collect_view();
    view! { <ul class="pip-row rolled" aria-label="Dice rolled">{faces}</ul> }
}
