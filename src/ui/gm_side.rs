//! The other side as the GM's challenge link set it, shown where the player sets the pool,
//! so the player knows which dice came from the GM; cleared with a tap.

use leptos::prelude::*;

/// "Set by the GM: …" while `side` holds the GM's words, with a button that clears them.
#[component]
pub fn GmSide(side: RwSignal<Option<String>>) -> impl IntoView {
    view! {
        <Show when=move || side.with(Option::is_some)>
            <p class="gm-side">
                <span class="gm-badge">"GM"</span>
                <span class="gm-words">{move || side.get().unwrap_or_default()}</span>
                <button
                    type="button"
                    class="small quiet"
                    aria-label="Clear the GM's label"
                    on:click=move |_| side.set(None)
                >
                    "×"
                </button>
            </p>
        </Show>
    }
}
