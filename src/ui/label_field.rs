//! The label for a tray's next rolls ("Pilot: evade the TIEs"): kept until the player
//! clears it, so a run of rolls for one thing needs it typed once. Enter rolls.

use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use crate::core::history::MAX_LABEL_CHARS;

/// A one-line field for the label, with a clear button; sending the form rolls.
#[component]
pub fn LabelField(
    /// The field's id, unique on the page.
    id: &'static str,
    /// An example label that suits the tray.
    placeholder: &'static str,
    /// The label, as typed.
    label: RwSignal<String>,
    /// Rolls, when the player presses Enter in the field.
    on_roll: Callback<()>,
) -> impl IntoView {
    let send = move |ev: SubmitEvent| {
        ev.prevent_default();
        on_roll.run(());
    };
    view! {
        <form class="label-form" on:submit=send>
            <label class="label-title" for=id>"Label for the next rolls"</label>
            <div class="label-row">
                <input
                    id=id
                    type="text"
                    enterkeyhint="go"
                    maxlength=MAX_LABEL_CHARS
                    placeholder=placeholder
                    autocomplete="off"
                    prop:value=move || label.get()
                    on:input=move |ev| label.set(event_target_value(&ev))
                />
                <button
                    type="button"
                    class="small"
                    aria-label="Clear the label"
                    hidden=move || label.with(String::is_empty)
                    on:click=move |_| label.set(String::new())
                >
                    "×"
                </button>
            </div>
        </form>
    }
}
