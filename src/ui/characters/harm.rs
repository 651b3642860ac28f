//! A character's harm: each mark with Heal, and a scratch, a wound or a named condition
//! added in one tap.

use leptos::ev::SubmitEvent;
use leptos::html;
use leptos::prelude::*;

use super::CharactersState;
use super::{character, said};
use crate::core::character::Harm;
use crate::core::facet::MAX_NAME_CHARS;

/// The harm list and what adds to it.
#[component]
pub fn HarmSection(state: CharactersState, id: u64) -> impl IntoView {
    let roster = state.roster;
    let character = character(state, id);
    let name = move || character.with(|c| c.as_ref().map(|c| c.name.clone()).unwrap_or_default());
    let marks = move || character.with(|c| c.as_ref().map(|c| c.harm.clone()).unwrap_or_default());
    let unharmed = move || character.with(|c| c.as_ref().is_none_or(|c| c.harm.is_empty()));
    let add = move |harm: Harm| {
        let mut outcome = Err(String::new());
        roster.update(|r| outcome = r.add_harm(id, harm).map(|_| String::new()));
        said(state, outcome)
    };
    let condition = NodeRef::<html::Input>::new();
    let add_condition = move |ev: SubmitEvent| {
        ev.prevent_default();
        if let Some(input) = condition.get_untracked()
            && add(Harm::Condition(input.value()))
        {
            input.set_value("");
        }
    };
    let heal = move |mark: u64, label: String| {
        roster.update(|r| {
            r.heal(id, mark);
        });
        state.snackbar.say(format!("Healed “{label}”."));
    };
    view! {
        <h3>"Harm"</h3>
        <ul class="harm-list">
            <For
                each=marks
                key=|mark| mark.id
                children=move |mark| {
                    let label = mark.harm.label();
                    let kind = match mark.harm {
                        Harm::Scratch => "harm-row scratch",
                        Harm::Wound => "harm-row wound",
                        Harm::Condition(_) => "harm-row condition",
                    };
                    let healed = label.clone();
                    view! {
                        <li class=kind>
                            <span class="harm-name">{label.clone()}</span>
                            <button
                                type="button"
                                class="small"
                                aria-label=format!("Heal {label}")
                                on:click=move |_| heal(mark.id, healed.clone())
                            >
                                "Heal"
                            </button>
                        </li>
                    }
                }
            />
        </ul>
        <p class="hint" hidden=move || !unharmed()>"Unharmed."</p>
        <div class="harm-add">
            <button type="button" class="small" aria-label=move || format!("Add scratch to {}", name())
                on:click=move |_| {
                    add(Harm::Scratch);
                }>
                "Add scratch"
            </button>
            <button type="button" class="small" aria-label=move || format!("Add wound to {}", name())
                on:click=move |_| {
                    add(Harm::Wound);
                }>
                "Add wound"
            </button>
        </div>
        <form class="facet-form" on:submit=add_condition>
            <input
                type="text"
                node_ref=condition
                maxlength=MAX_NAME_CHARS
                autocomplete="off"
                aria-label=move || format!("New condition for {}", name())
                placeholder="e.g. Limping"
            />
            <button type="submit" class="small">"Add condition"</button>
        </form>
    }
}
