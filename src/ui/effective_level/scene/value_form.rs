//! A name and a number, added with one button: a scene boost, a residual condition.

use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use crate::core::facet::MAX_NAME_CHARS;
use crate::ui::effective_level::state::ElState;
use crate::ui::widgets::text_input::{NumberInput, TextInput};

/// The form; `add` gets the typed name and number and says why it refused, if it did. The
/// fields clear once it is added, and keep what was typed if not.
#[component]
pub fn ValueForm(
    state: ElState,
    /// The name field's accessible name: "Boost name".
    name_label: &'static str,
    /// An example name.
    name_example: &'static str,
    /// The number field's accessible name: "Boost value".
    value_label: &'static str,
    /// Shown in the empty number field.
    value_example: &'static str,
    /// The smallest and largest number.
    range: (u32, u32),
    /// The button's words: "Add boost".
    button: &'static str,
    add: Callback<(String, u32), Result<(), String>>,
) -> impl IntoView {
    let name = RwSignal::new(String::new());
    let value = RwSignal::new(String::new());
    let send = move |ev: SubmitEvent| {
        ev.prevent_default();
        let number = value.with_untracked(|v| v.trim().parse().unwrap_or(0));
        match add.run((name.get_untracked(), number)) {
            Ok(()) => {
                name.set(String::new());
                value.set(String::new());
            }
            Err(reason) => state.core.snackbar.say(reason),
        }
    };
    view! {
        <form class="facet-form" on:submit=send>
            <TextInput value=name label=name_label placeholder=name_example max_chars=MAX_NAME_CHARS/>
            <NumberInput value=value label=value_label placeholder=value_example min={i64::from(range.0)} max={i64::from(range.1)}/>
            <button type="submit" class="small">{button}</button>
        </form>
    }
}
