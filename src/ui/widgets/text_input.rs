//! The app's text and number fields: a field bound to a signal, kept as typed on every
//! keystroke (so nothing typed is lost by leaving it), with its accessible name.

use leptos::prelude::*;

/// A one-line text field; `value` holds what is typed.
#[component]
pub fn TextInput(
    /// What is typed, kept on every keystroke.
    value: RwSignal<String>,
    /// The field's accessible name, unless a `<label for>` names it.
    #[prop(optional, into)]
    label: Option<Signal<String>>,
    /// An example, shown while the field is empty.
    #[prop(optional, into)]
    placeholder: Option<Signal<String>>,
    /// What the keyboard's enter key says ("done").
    #[prop(optional)]
    enter_hint: Option<&'static str>,
    /// The most characters it takes.
    #[prop(optional)]
    max_chars: Option<usize>,
    /// The field's id, for a `<label for>`.
    #[prop(optional)]
    id: Option<&'static str>,
) -> impl IntoView {
    view! {
        <input
            type="text"
            id=id
            maxlength=max_chars
            autocomplete="off"
            enterkeyhint=enter_hint
            aria-label=label
            placeholder=placeholder
            prop:value=move || value.get()
            on:input=move |ev| value.set(event_target_value(&ev))
        />
    }
}

/// A small number field; `value` holds what is typed, as typed, so the form that reads it
/// can say what is wrong with it.
#[component]
pub fn NumberInput(
    /// What is typed, kept on every keystroke.
    value: RwSignal<String>,
    /// The field's accessible name.
    #[prop(into)]
    label: Signal<String>,
    /// An example, shown while the field is empty.
    #[prop(optional, into)]
    placeholder: Option<Signal<String>>,
    /// The least it takes.
    #[prop(into)]
    min: i64,
    /// The most it takes.
    #[prop(into)]
    max: i64,
) -> impl IntoView {
    view! {
        <input
            type="number"
            class="small-number"
            min=min
            max=max
            aria-label=label
            placeholder=placeholder
            prop:value=move || value.get()
            on:input=move |ev| value.set(event_target_value(&ev))
        />
    }
}
