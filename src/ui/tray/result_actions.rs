//! What a player does with a roll once it is made, in every tray: copy it as text, or send
//! it through the phone's share sheet where the browser has one.

use leptos::prelude::*;

use crate::core::history::HistoryEntry;
use crate::ui::panels::history::copy_result_link;
use crate::ui::platform::browser::can_share_text;
use crate::ui::widgets::snackbar::Snackbar;

/// Copy (and Share, where the browser has a share sheet) for `entry`'s readable text, as
/// `text` words it: each tray passes its own system's words (`HistoryEntry::narrative_text`
/// and the like), so its code carries no other system's.
#[component]
pub fn ResultActions(
    /// The roll.
    #[prop(into)]
    entry: Signal<Option<HistoryEntry>>,
    /// The roll's readable text.
    text: fn(&HistoryEntry) -> Option<String>,
    snackbar: Snackbar,
) -> impl IntoView {
    let text = move || entry.with_untracked(|e| e.as_ref().and_then(text));
    let copy = move |_| {
        if let Some(text) = text() {
            snackbar.copy(text, "Copied the result.");
        }
    };
    let share = move |_| {
        if let Some(text) = text() {
            snackbar.share(text);
        }
    };
    let link = move |_| {
        if let Some(entry) = entry.get_untracked() {
            copy_result_link(snackbar, entry);
        }
    };
    view! {
        <button type="button" class="small" on:click=copy>"Copy result"</button>
        <button type="button" class="small" aria-label="Copy a link that shows this roll" on:click=link>
            "Link"
        </button>
        {can_share_text().then(|| view! {
            <button type="button" class="small" on:click=share>"Share result"</button>
        })}
    }
}
