//! Live exact odds: the chances that matter in the roll bar, and the five outcomes as bars
//! and exact fractions in the dock's odds panel.

use leptos::prelude::*;

use super::state::D6State;
use crate::core::highest_d6::D6Outcome;

/// The roll bar's chances: a success or better, and a costly success or better.
#[component]
pub fn BarChances(state: D6State) -> impl IntoView {
    let success = move || state.odds.with(|o| o.at_least_success().percent_text());
    let costly = move || state.odds.with(|o| o.at_least_costly().percent_text());
    view! {
        <span class="bar-chances">
            <span class="bar-chance good">
                <span class="bar-chance-name">"Success"</span>
                <span class="bar-chance-pct">{success}</span>
            </span>
            <span class="bar-chance good">
                <span class="bar-chance-name">"At least costly"</span>
                <span class="bar-chance-pct">{costly}</span>
            </span>
        </span>
    }
}

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
