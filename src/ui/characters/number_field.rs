//! A number on a character's sheet (a Level, a rank, a bonus), saved as soon as it changes:
//! on Enter or on leaving the field, with no button to forget.

use leptos::prelude::*;

use crate::ui::widgets::snackbar::Snackbar;

/// A number field that saves on change. A refused number stays as typed, marked, and the
/// snackbar says why.
#[component]
pub fn NumberField(
    /// The field's accessible name: "Level of Mira", "Rank of Warrior".
    #[prop(into)]
    label: Signal<String>,
    /// The number kept.
    #[prop(into)]
    value: Signal<i32>,
    /// The smallest number the field offers.
    min: i32,
    /// The largest number the field offers.
    max: i32,
    /// Keeps a number, or says why not.
    on_set: Callback<i32, Result<(), String>>,
    /// Where a refusal is said.
    snackbar: Snackbar,
    /// The field's id, for a visible label.
    #[prop(optional)]
    id: Option<String>,
) -> impl IntoView {
    let refused = RwSignal::new(false);
    let change = move |ev: leptos::ev::Event| {
        let typed = event_target_value(&ev);
        let outcome = match typed.trim().parse::<i64>() {
            // Clamped first, so a long number reaches the sheet's own limits as one.
            Ok(n) => on_set.run(n.clamp(-1000, 1000) as i32),
            Err(_) => Err(format!(
                "{}: type a whole number, {min} to {max}.",
                label.get_untracked()
            )),
        };
        refused.set(outcome.is_err());
        if let Err(reason) = outcome {
            snackbar.say(reason);
        }
    };
    view! {
        <input
            type="number"
            class="small-number"
            id=id
            min=min
            max=max
            inputmode=(min >= 0).then_some("numeric")
            enterkeyhint="done"
            aria-label=label
            aria-invalid=move || refused.get().then_some("true")
            prop:value=move || value.get().to_string()
            on:change=change
        />
    }
}
