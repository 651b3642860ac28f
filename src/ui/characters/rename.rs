//! Renaming a character in place: the field starts from the current name.

use leptos::prelude::*;

use crate::ui::widgets::when::When;

use super::CharactersState;
use super::character;
use crate::ui::widgets::name_field::NameField;

/// "Rename", or the field renaming the character.
#[component]
pub fn RenameCharacter(state: CharactersState, id: u64) -> impl IntoView {
    let character = character(state, id);
    let name = move || character.with(|c| c.as_ref().map(|c| c.name.clone()).unwrap_or_default());
    let renaming = RwSignal::new(false);
    let on_save = Callback::new(move |typed: String| {
        let mut outcome = Ok(());
        state.roster.update(|r| outcome = r.rename(id, &typed));
        match outcome {
            Ok(()) => {
                renaming.set(false);
                state
                    .snackbar
                    .say(format!("Renamed to “{}”.", typed.trim()));
                true
            }
            Err(error) => {
                state.snackbar.say(error);
                false
            }
        }
    });
    let on_close = Callback::new(move |()| renaming.set(false));
    view! {
        <div class="rename-row">
            <When
                when=move || renaming.get()
                fallback=move || view! {
                    <button
                        type="button"
                        class="small"
                        aria-label=move || format!("Rename {}", name())
                        on:click=move |_| renaming.set(true)
                    >
                        "Rename"
                    </button>
                }
            >
                {move || {
                    let now = character.with_untracked(|c| c.as_ref().map(|c| c.name.clone()).unwrap_or_default());
                    view! { <NameField label=format!("New name for {now}") start=now on_save on_close/> }
                }}
            </When>
        </div>
    }
}
