//! The pool: base dice on a large stepper, the facets that may apply as toggles, and the sum
//! that says why the pool has its size.

use leptos::prelude::*;

use super::state::D6State;
use crate::core::coach::D6Tap;
use crate::core::highest_d6::{FacetRef, MAX_BASE_DICE, MIN_BASE_DICE};
use crate::ui::tray::coach::{CoachHint, CoachLegend};
use crate::ui::widgets::dice::pips::PipDie;

/// The Highest d6 pool: base dice, the facets that add or remove dice, and its size.
#[component]
pub fn PoolPanel(state: D6State) -> impl IntoView {
    let base = move || state.setup.with(|s| s.base);
    let choices = move || {
        state.setup.with(|s| {
            state.core.roster.with(|r| {
                state
                    .scene
                    .with(|scene| s.choices(r.active(), scene).into_iter().collect::<Vec<_>>())
            })
        })
    };
    let shown_dice = move || state.plan.with(|p| p.dice_thrown());
    view! {
        <section class="d6-pool" aria-labelledby="d6-pool-title">
            <h2 id="d6-pool-title">"Pool"</h2>
            <CoachLegend hints=state.hints text="Hints: chance of a costly success or better"/>
            <div class="big-stepper">
                <button
                    type="button"
                    class="step big"
                    aria-label="Remove die"
                    disabled=move || { base() <= MIN_BASE_DICE }
                    on:click=move |_| state.change(|s| {
                        s.remove_die();
                    })
                >
                    <span aria-hidden="true">"−"</span>
                </button>
                <p class="big-count">
                    <output aria-label="Base dice">{base}</output>
                    <span>" base dice"</span>
                    // Each hint says which tap it is about, on its button's side.
                    <span class="coach-pair">
                        <span class="coach-step" aria-hidden="true">"−1 die "</span>
                        <CoachHint hints=state.hints tap=D6Tap::RemoveDie/>
                        <span class="coach-step" aria-hidden="true">" +1 die "</span>
                        <CoachHint hints=state.hints tap=D6Tap::AddDie/>
                    </span>
                </p>
                <button
                    type="button"
                    class="step big"
                    aria-label="Add die"
                    disabled=move || { base() >= MAX_BASE_DICE }
                    on:click=move |_| state.change(|s| {
                        s.add_die();
                    })
                >
                    <span aria-hidden="true">"+"</span>
                </button>
            </div>
            <ul class="pip-row" aria-hidden="true">
                {move || (0..shown_dice()).map(|_| view! { <li><PipDie face=0/></li> }).collect_view()}
            </ul>
            <h3 class="sub-title">"Facets that apply"</h3>
            <ul class="facet-toggles">
                {move || {
                    choices()
                        .into_iter()
                        .map(|(at, facet, applies)| {
                            let whose = match at {
                                FacetRef::Character(_) => "character",
                                FacetRef::Scene(_) => "scene",
                                FacetRef::Condition(_) => "condition",
                            };
                            let sign = if facet.helps { "+" } else { "−" };
                            let side = if facet.helps { "helps" } else { "hinders" };
                            view! {
                                <li>
                                    <button
                                        type="button"
                                        class=format!("chip facet-toggle {side}")
                                        aria-pressed=applies.to_string()
                                        aria-label=format!("{} ({whose}, {side})", facet.name)
                                        on:click=move |_| state.change(|s| s.toggle(at))
                                    >
                                        <span aria-hidden="true">{sign}" "</span>
                                        {facet.name.clone()}
                                    </button>
                                    <CoachHint hints=state.hints tap=D6Tap::Toggle(at)/>
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ul>
            <p class="hint" hidden=move || !choices().is_empty()>
                "No facets yet: add them to a character, or to the scene below."
            </p>
            <p class="sum-line" role="status" aria-label="Pool size">{move || state.pool.with(|p| p.sum_line())}</p>
            <p class="rule-note" hidden=move || state.plan.with(|p| p.rule_note().is_none())>
                {move || state.plan.with(|p| p.rule_note().unwrap_or_default())}
            </p>
        </section>
    }
}
