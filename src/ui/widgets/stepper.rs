//! A large stepper for a number the player changes often (an EL, a wager): − and + buttons
//! around a number field. Drawn by Leptos so a tap changes only the number, keeping focus
//! where it was.

use leptos::prelude::*;

use crate::core::effective_level::MAX_EL;

/// `label` names the field ("Effective Level") and, with "Lower"/"Raise", its buttons. A
/// `compact` stepper is one fingertip high, its label beside the number, for numbers set
/// less often (the other side's EL, a wager).
#[component]
pub fn Stepper(
    /// The field's accessible name, also shown under it.
    label: &'static str,
    /// The number shown. Pass a `Memo`: the field is set again whenever this notifies,
    /// so a signal that notifies without changing would wipe a number being typed.
    #[prop(into)]
    value: Signal<u32>,
    /// The smallest number allowed.
    least: u32,
    /// Called with the new number.
    on_set: Callback<u32>,
    /// One fingertip high instead of big.
    #[prop(optional)]
    compact: bool,
) -> impl IntoView {
    let set = move |n: i64| on_set.run(n.clamp(i64::from(least), i64::from(MAX_EL)) as u32);
    view! {
        <div class="big-stepper" class:compact=compact>
            <button
                type="button"
                class="step big"
                aria-label=format!("Lower {label}")
                disabled=move || { value.get() <= least }
                on:click=move |_| set(i64::from(value.get_untracked()) - 1)
            >
                <span aria-hidden="true">"−"</span>
            </button>
            <p class="big-count">
                <input
                    type="number"
                    class="big-number"
                    min=least
                    max=MAX_EL
                    inputmode="numeric"
                    aria-label=label
                    prop:value=move || value.get().to_string()
                    on:change=move |ev| {
                        if let Ok(n) = event_target_value(&ev).trim().parse::<i64>() {
                            set(n);
                        }
                    }
                />
                <span aria-hidden="true">{label}</span>
            </p>
            <button
                type="button"
                class="step big"
                aria-label=format!("Raise {label}")
                disabled=move || { value.get() >= MAX_EL }
                on:click=move |_| set(i64::from(value.get_untracked()) + 1)
            >
                <span aria-hidden="true">"+"</span>
            </button>
        </div>
    }
}
