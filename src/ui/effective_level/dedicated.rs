//! What wagered points are dedicated to: a kind in one tap (Injury, Hindrance,
//! Complication) and the player's own words, saved as typed.

use leptos::prelude::*;

use super::state::ElState;
use crate::core::facet::MAX_NAME_CHARS;

/// Kinds of dedicated effect offered as one-tap choices.
const KINDS: [&str; 3] = ["Injury", "Hindrance", "Complication"];

/// The kind chips and the words field.
#[component]
pub fn DedicatedEffect(state: ElState) -> impl IntoView {
    let chips = KINDS
        .into_iter()
        .map(|kind| {
            let pressed = move || state.setup.with(|s| s.dedicated.kind == kind);
            view! {
                <button
                    type="button"
                    class="chip"
                    aria-pressed=move || pressed().to_string()
                    on:click=move |_| state.change(|s| {
                        s.dedicated.kind = if s.dedicated.kind == kind { String::new() } else { kind.to_string() };
                    })
                >
                    {kind}
                </button>
            }
        })
        .collect_view();
    // The words as typed (the setup keeps them trimmed); they follow the setup when it
    // changes elsewhere (a shared link), and are left as typed while they say the same.
    let words = RwSignal::new(state.setup.with_untracked(|s| s.dedicated.name.clone()));
    Effect::new(move |_| {
        let name = state.setup.with(|s| s.dedicated.name.clone());
        if words.with_untracked(|w| w.trim() != name) {
            words.set(name);
        }
    });
    let typed = move |ev| {
        let text = event_target_value(&ev);
        let clean = text.trim().to_string();
        words.set(text);
        state.change(|s| s.dedicated.name = clean);
    };
    view! {
        <h3 class="sub-title">"Dedicated to"</h3>
        <div class="chip-list" role="group" aria-label="Kind of dedicated effect">{chips}</div>
        <input
            type="text"
            maxlength=MAX_NAME_CHARS
            autocomplete="off"
            aria-label="Dedicated effect in your words"
            placeholder="Your words, e.g. broken elbow"
            prop:value=move || words.get()
            on:input=typed
        />
    }
}
