//! Making a character: a name and Create. The new character becomes the one the trays roll
//! for, and its card opens; the first one brings the note on keeping the data.

use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use super::CharactersState;
use crate::core::facet::MAX_NAME_CHARS;
use crate::ui::platform::browser::storage_is_lasting;

use crate::ui::widgets::text_input::TextInput;

/// The name field and Create; a refused name stays as typed, and the snackbar says why.
#[component]
pub fn CreateForm(
    state: CharactersState,
    /// The cards open now; the new character's joins them.
    open: RwSignal<Vec<u64>>,
) -> impl IntoView {
    let name = RwSignal::new(String::new());
    let create = move |ev: SubmitEvent| {
        ev.prevent_default();
        let typed = name.get_untracked();
        let mut outcome = Err(String::new());
        state.roster.update(|r| outcome = r.create(&typed));
        match outcome {
            Ok(id) => {
                name.set(String::new());
                open.update(|o| o.push(id));
                // The first character saved: time to ask the browser to keep the data
                // (`keep_note`), once, and where there is storage to keep.
                if storage_is_lasting() && !state.settings.load().with_untracked(|s| s.keep_asked) {
                    state.keep_note.set(true);
                }
                state
                    .snackbar
                    .say(format!("Created “{}”; now rolling for them.", typed.trim()));
            }
            Err(error) => state.snackbar.say(error),
        }
    };
    view! {
        <form class="save-form create-form" on:submit=create>
            <label for="character-name" class="visually-hidden">"Character name"</label>
            <TextInput
                value=name
                id="character-name"
                max_chars=MAX_NAME_CHARS
                placeholder="Name, e.g. Mira"
                enter_hint="done"
            />
            <button type="submit" class="small">"Create character"</button>
        </form>
    }
}
