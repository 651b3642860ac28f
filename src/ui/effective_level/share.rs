//! A link that carries the roll as it stands in EL notation: `#/el?roll=el+10+wager+3+vs+4`.

use leptos::prelude::*;

use super::state::ElState;
use crate::core::notation::effective_level::format_check;
use crate::route::Page;
use crate::ui::browser::{copy_text, page_url};

/// The roll's notation and a button that copies a link to it.
#[component]
pub fn ShareLink(state: ElState) -> impl IntoView {
    let notation = move || state.check.with(|c| c.as_ref().ok().map(format_check));
    let copy = move |_| {
        let Some(text) = notation() else { return };
        let link = format!(
            "{}{}",
            page_url(),
            Page::EffectiveLevel.share_href(&text.replace(' ', "+"))
        );
        leptos::task::spawn_local(async move {
            state.snackbar.say(match copy_text(&link).await {
                Ok(()) => format!("Share link copied: {link}"),
                Err(error) => format!("Copy this link to share the roll ({error}): {link}"),
            });
        });
    };
    view! {
        <div class="share-line">
            <code class="notation" aria-label="Roll notation">{notation}</code>
            <button type="button" class="small" disabled=move || notation().is_none() on:click=copy>
                "Copy share link"
            </button>
        </div>
    }
}
