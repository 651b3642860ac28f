//! Removing a character: asked first, in place, then offered back in the snackbar.

use leptos::html;
use leptos::prelude::*;

use crate::ui::widgets::when::When;

use super::CharactersState;
use super::character;

/// "Remove Mira", then "Remove Mira? [Remove] [Keep]". Undo puts the character back where
/// it was, and as the one the trays roll for if it was.
#[component]
pub fn RemoveCharacter(state: CharactersState, id: u64) -> impl IntoView {
    let roster = state.roster;
    let character = character(state, id);
    let name = move || character.with(|c| c.as_ref().map(|c| c.name.clone()).unwrap_or_default());
    let asking = RwSignal::new(false);
    let keep = NodeRef::<html::Button>::new();
    // Keep is the safe answer, so it takes the focus while the question stands.
    Effect::new(move |_| {
        if let Some(button) = keep.get() {
            let _ = button.focus();
        }
    });
    let remove = move |_| {
        let was_active = roster.with_untracked(|r| r.active_id() == Some(id));
        let mut taken = None;
        roster.update(|r| taken = r.remove(id));
        let Some((index, gone)) = taken else {
            return;
        };
        let text = format!("Removed “{}”.", gone.name);
        // Made under the app's owner: this card, and all it owns, goes with the character.
        let undo = state.visit.lasting(|| {
            Callback::new(move |()| {
                let back = gone.clone();
                let name = back.name.clone();
                let mut outcome = Ok(());
                roster.update(|r| {
                    outcome = r.restore(index, back);
                    if outcome.is_ok() && was_active {
                        r.set_active(Some(id));
                    }
                });
                state.snackbar.say(match outcome {
                    Ok(()) => format!("“{name}” is back."),
                    Err(error) => format!("“{name}” could not come back: {error}"),
                });
            })
        });
        state.snackbar.say_with(text, "Undo", undo);
    };
    view! {
        <div class="remove-row">
            <When
                when=move || asking.get()
                fallback=move || view! {
                    <button
                        type="button"
                        class="small danger"
                        on:click=move |_| asking.set(true)
                    >
                        {move || format!("Remove {}", name())}
                    </button>
                }
            >
                <div class="confirm" role="group" aria-label=move || format!("Remove {}?", name())>
                    <span>{move || format!("Remove {}?", name())}</span>
                    <button type="button" class="small danger" on:click=remove>"Remove"</button>
                    <button type="button" class="small" node_ref=keep on:click=move |_| asking.set(false)>
                        "Keep"
                    </button>
                </div>
            </When>
        </div>
    }
}
