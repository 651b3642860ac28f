//! The optional label and the Roll button that every tray shares: one form, sent by the
//! button or by Enter in the field.

use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use crate::storage::MAX_LABEL_CHARS;

/// A roll's label field and its Roll button; `on_roll` runs when the form is sent.
#[component]
pub fn RollForm(
    /// The field's id, unique on the page.
    id: &'static str,
    /// An example label that suits the tray.
    placeholder: &'static str,
    /// The label as typed; the tray reads it when it rolls.
    label: RwSignal<String>,
    /// Whether the Roll button is off.
    #[prop(into)]
    disabled: Signal<bool>,
    /// Rolls; the page is never submitted.
    on_roll: Callback<()>,
) -> impl IntoView {
    let send = move |ev: SubmitEvent| {
        ev.prevent_default();
        on_roll.run(());
    };
    view! {
        <form class="roll-form" on:submit=send>
            <label class="roll-label" for=id>"Label (optional)"</label>
            <div class="roll-row">
                <input
                    id=id
                    type="text"
                    maxlength=MAX_LABEL_CHARS
                    placeholder=placeholder
                    autocomplete="off"
                    prop:value=move || label.get()
                    on:input=move |ev| label.set(event_target_value(&ev))
                />
                <button type="submit" class="roll" disabled=disabled>"Roll"</button>
            </div>
        </form>
    }
}
