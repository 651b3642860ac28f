//! Beneath a roll shown only to be read, where it comes from: a result link or the table's
//! log, or the player's own History (its Open). The same words on every tray.

use leptos::prelude::*;

use super::state::{ShownKind, TrayCore};

/// The note, drawn only while the shown roll is read-only: one line, with one of two fixed
/// texts shown (a fixed text costs a tray's first load less than a text that changes).
#[component]
pub fn ReadOnlyNote(core: TrayCore) -> impl IntoView {
    let not = move |kind: ShownKind| {
        move || {
            core.shown
                .with(|s| s.as_ref().is_none_or(|s| s.kind != kind))
        }
    };
    view! {
        <p class="hint shared-roll" hidden=move || !core.showing_read_only()>
            <span hidden=not(ShownKind::FromLink)>
                "A roll from a link or the table, shown as it was, only to be read."
            </span>
            <span hidden=not(ShownKind::FromHistory)>"A roll from your History, shown read-only."</span>
        </p>
    }
}
