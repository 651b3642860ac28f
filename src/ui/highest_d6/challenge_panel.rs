//! What the challenge tests, and whether harm is at stake.

use leptos::prelude::*;

use super::state::D6State;
use crate::core::highest_d6::ChallengeKind;
use crate::ui::widgets::switch::Switch;

/// What kind of challenge is faced (a conflict brings harm), which shapes the prompts.
#[component]
pub fn ChallengePanel(state: D6State) -> impl IntoView {
    let kind = move || state.setup.with(|s| s.kind);
    let conflict = Signal::derive(move || state.setup.with(|s| s.conflict));
    let toggle_conflict = Callback::new(move |()| state.change(|s| s.conflict = !s.conflict));
    view! {
        <section class="d6-challenge" aria-labelledby="d6-challenge-title">
            <h2 id="d6-challenge-title">"Challenge"</h2>
            <fieldset class="segmented">
                <legend class="visually-hidden">"Kind of challenge"</legend>
                {ChallengeKind::ALL
                    .into_iter()
                    .map(|k| {
                        view! {
                            <label class="segment">
                                <input
                                    type="radio"
                                    name="challenge-kind"
                                    prop:checked=move || kind() == k
                                    on:change=move |_| state.change(|s| s.kind = k)
                                />
                                <span>{k.title()}</span>
                            </label>
                        }
                    })
                    .collect_view()}
            </fieldset>
            <Switch on=conflict toggle=toggle_conflict label="Conflict" hint=" (harm is at stake)"/>
        </section>
    }
}
