//! Modifiers for this roll alone ("High ground +2"), typed in place in the builder.

use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use super::format::signed;
use super::state::ElState;
use crate::core::effective_level::MAX_EL;
use crate::core::facet::MAX_NAME_CHARS;
use crate::ui::widgets::text_input::{NumberInput, TextInput};

/// The modifiers added for this roll, each with Remove, and a form to add one.
#[component]
pub fn Modifiers(state: ElState) -> impl IntoView {
    let name = RwSignal::new(String::new());
    let value = RwSignal::new(String::new());
    let rows = move || {
        state.setup.with(|s| {
            s.situational
                .iter()
                .map(|m| (m.name.clone(), m.value))
                .collect::<Vec<_>>()
        })
    };
    let add = move |ev: SubmitEvent| {
        ev.prevent_default();
        let number = value
            .with_untracked(|v| v.trim().parse::<i64>().ok())
            .unwrap_or(0)
            .clamp(-1000, 1000) as i32;
        let typed = name.get_untracked();
        if state.try_change(|s| s.add_situational(&typed, number)) {
            name.set(String::new());
            value.set(String::new());
        }
    };
    view! {
        <h3 class="sub-title">"This roll only"</h3>
        <ul class="facet-list">
            {move || {
                rows()
                    .into_iter()
                    .enumerate()
                    .map(|(i, (name, value))| {
                        view! {
                            <li class="facet-row">
                                <span class="facet-name">{format!("{name} {}", signed(value))}</span>
                                <button
                                    type="button"
                                    class="small"
                                    aria-label=format!("Remove {name}")
                                    on:click=move |_| state.change(|s| {
                                        if i < s.situational.len() {
                                            s.situational.remove(i);
                                        }
                                    })
                                >
                                    "Remove"
                                </button>
                            </li>
                        }
                    })
                    .collect_view()
            }}
        </ul>
        <form class="facet-form" on:submit=add>
            <TextInput value=name label="Modifier name" placeholder="e.g. High ground" max_chars=MAX_NAME_CHARS/>
            <NumberInput value=value label="Modifier value" placeholder="±2" min={-i64::from(MAX_EL)} max={i64::from(MAX_EL)}/>
            <button type="submit" class="small" aria-label="Add modifier">"Add"</button>
        </form>
    }
}
