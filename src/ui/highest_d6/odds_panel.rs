//! Live exact odds of the five outcomes, as bars and as numbers.

use leptos::prelude::*;

use super::state::D6State;
use crate::core::highest_d6::D6Outcome;

/// The exact chance of each outcome of the pool as it stands, as bars and numbers.
#[component]
pub fn OddsPanel(state: D6State) -> impl IntoView {
    let rows = D6Outcome::ALL
        .into_iter()
        .map(|outcome| {
            let chance = move |show: fn(&crate::core::distribution::Chance) -> String| {
                move || state.odds.with(|o| show(o.chance(outcome)))
            };
            view! {
                <li class=format!("outcome-odds {}", outcome.tone().name())>
                    <span class="outcome-name">{outcome.title()}</span>
                    <span class="outcome-meter" aria-hidden="true">
                        <span
                            class="meter-fill"
                            style=chance(|c| format!("--p:{}", c.per_myriad()))
                        ></span>
                    </span>
                    <span class="outcome-pct">{chance(|c| c.percent_text())}</span>
                    <span class="outcome-exact">{chance(|c| c.exact_text())}</span>
                </li>
            }
        })
        .collect_view();
    view! {
        <section class="d6-odds" aria-labelledby="d6-odds-title">
            <h2 id="d6-odds-title">"Odds"</h2>
            <ul class="outcome-list" aria-label="Odds of each outcome">{rows}</ul>
            <p class="hint">"Exact: counted over every way the dice can land."</p>
        </section>
    }
}
