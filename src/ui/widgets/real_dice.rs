//! Real dice rolled at the table, entered: the panel every tray shows for it (what to do,
//! each die's choices, and Read these dice), so the three trays read their dice one way.

use leptos::prelude::*;

/// The panel: `children` are the dice's choices, which set `entered`; Read runs `on_read`
/// once every die has its face.
#[component]
pub fn RealDicePanel(
    /// How the player chooses a face: "Tap" a drawn face, "Pick" from a list.
    verb: &'static str,
    /// A rule that changes what is thrown, said under the hint.
    #[prop(optional_no_strip)]
    note: Option<String>,
    /// Every die's face so far (`TrayCore::entered_for`).
    entered: RwSignal<Vec<Option<u32>>>,
    /// Reads the faces as the tray's own roll.
    on_read: Callback<()>,
    children: Children,
) -> impl IntoView {
    view! {
        <section class="enter" aria-label="Real dice">
            <p class="hint">
                {format!("Rolled at the table? {verb} what each die shows; the tray reads it as its own roll.")}
            </p>
            {note.map(|note| view! { <p class="hint">{note}</p> })}
            {children()}
            <button type="button" class="roll" disabled=move || entered.with(|e| e.iter().any(Option::is_none)) on:click=move |_| on_read.run(())>
                "Read these dice"
            </button>
        </section>
    }
}

/// One die's faces to tap: its title, then `children`, one `<li>` per face.
#[component]
pub fn DieFaces(title: String, children: Children) -> impl IntoView {
    view! {
        <li class="enter-die">
            <p class="enter-title">{title}</p>
            <ul class="enter-faces">{children()}</ul>
        </li>
    }
}
