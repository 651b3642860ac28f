//! An on/off switch: a button a screen reader names as a switch, with its label and a few
//! words on what it does.

use leptos::prelude::*;

/// The switch; tapping it calls `toggle`, which turns `on` over.
#[component]
pub fn Switch(
    /// Whether it is on.
    #[prop(into)]
    on: Signal<bool>,
    /// Turns it over.
    toggle: Callback<()>,
    /// What it turns on.
    label: &'static str,
    /// What it does, in a few words.
    hint: &'static str,
) -> impl IntoView {
    view! {
        <button
            type="button"
            role="switch"
            class="switch"
            aria-checked=move || on.get().to_string()
            on:click=move |_| toggle.run(())
        >
            <span class="switch-track" aria-hidden="true"><span class="switch-thumb"></span></span>
            <span>{label}</span>
            <span class="hint">{hint}</span>
        </button>
    }
}
