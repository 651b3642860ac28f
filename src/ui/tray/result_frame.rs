//! The dock's result panel as every tray draws it: the shown roll's summary in one live
//! region (announced each time a roll lands), a line before the first roll, the tray's own
//! drawing of the dice, where a read-only roll comes from, and Copy and Share.

use leptos::prelude::*;

use super::read_only_note::ReadOnlyNote;
use super::result_actions::ResultActions;
use super::state::TrayCore;
use crate::core::history::HistoryEntry;

/// The panel; `children` are the tray's dice and what follows the roll.
#[component]
pub fn ResultFrame(
    core: TrayCore,
    /// The panel's classes: `result`, and the tray's own beside it.
    #[prop(default = "result")]
    class: &'static str,
    /// The shown roll's label, headline and details (nothing before the first roll), drawn
    /// again whenever what it reads changes.
    #[prop(into)]
    summary: ViewFn,
    /// Said where the roll will be, before the first.
    empty: &'static str,
    /// The shown roll's readable text, for Copy and Share, in the tray's own words.
    text: fn(&HistoryEntry) -> Option<String>,
    /// The tray's own actions on the shown roll, before Copy and Share.
    #[prop(optional, into)]
    actions: Option<ViewFn>,
    children: Children,
) -> impl IntoView {
    let none_shown = move || core.shown.with(Option::is_none);
    let to_gm = move || {
        core.shown
            .with(|s| s.as_ref().is_some_and(|s| s.entry.to_gm))
    };
    view! {
        <div class=class>
            // One persistent live region: assistive technology announces each new result.
            <div class="result-summary" role="status" aria-live="polite" aria-atomic="true">
                {move || summary.run()}
            </div>
            <p class="hint" hidden=move || !none_shown()>{empty}</p>
            <p class="sent-to-gm" hidden=move || !to_gm()><span class="tag">"to the GM only"</span>" For the table's GM alone: it goes to no one else."</p>
            {children()}
            <ReadOnlyNote core/>
            <div class="result-actions" hidden=none_shown>
                {actions.map(|actions| actions.run())}
                <ResultActions entry=core.entry() text snackbar=core.snackbar/>
            </div>
        </div>
    }
}

/// Who rolled and the roll's label, above its headline (hidden when it has neither).
#[component]
pub fn RollLabel(label: String, who: Option<String>) -> impl IntoView {
    let nameless = label.is_empty() && who.is_none();
    view! {
        <p class="result-label" hidden=nameless>
            {who.map(|who| view! { <span class="who">{who}</span> })}
            {label}
        </p>
    }
}
