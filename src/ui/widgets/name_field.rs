//! A name edited in place: the field starts from the current name, saves when the player
//! presses Enter or leaves it, and Escape puts the name back. A refused name stays as typed,
//! marked, so it can be put right.

use leptos::ev::{KeyboardEvent, SubmitEvent};
use leptos::html;
use leptos::prelude::*;

use crate::core::facet::MAX_NAME_CHARS;

/// The field, focused with its text selected as it opens. The owner draws it in place of
/// the name and takes it away when `on_save` takes the name or `on_close` is called.
#[component]
pub fn NameField(
    /// The field's accessible name: "New name for Mira".
    label: String,
    /// The current name, which the field starts from.
    start: String,
    /// Saves a name and says what happened; true when it was taken, false when refused
    /// (the field then stays, with what was typed).
    on_save: Callback<String, bool>,
    /// Leaves the name as it was: Escape, or leaving the field unchanged.
    on_close: Callback<()>,
) -> impl IntoView {
    let node = NodeRef::<html::Input>::new();
    let refused = RwSignal::new(false);
    // Saved or closed: a blur that follows (the field being taken away) does nothing. The
    // field's own values may be gone by then, so every read here allows for that.
    let done = StoredValue::new(false);
    let unchanged = StoredValue::new(start.clone());
    let save = move || {
        if done.try_get_value().is_none_or(|done| done) {
            return;
        }
        let Some(typed) = node
            .try_get_untracked()
            .flatten()
            .map(|input| input.value())
        else {
            return;
        };
        done.set_value(true);
        if unchanged.with_value(|name| *name == typed) {
            on_close.run(());
        } else if !on_save.run(typed) {
            done.set_value(false);
            refused.set(true);
        }
    };
    let key = move |ev: KeyboardEvent| {
        if ev.key() == "Escape" && done.try_get_value() == Some(false) {
            ev.prevent_default();
            done.set_value(true);
            on_close.run(());
        }
    };
    Effect::new(move |_| {
        if let Some(input) = node.get() {
            let _ = input.focus();
            input.select();
        }
    });
    view! {
        <form class="rename-form" on:submit=move |ev: SubmitEvent| {
            ev.prevent_default();
            save();
        }>
            <input
                type="text"
                node_ref=node
                maxlength=MAX_NAME_CHARS
                autocomplete="off"
                enterkeyhint="done"
                aria-label=label
                value=start
                aria-invalid=move || refused.get().then_some("true")
                on:input=move |_| refused.set(false)
                on:blur=move |_| save()
                on:keydown=key
            />
        </form>
    }
}
