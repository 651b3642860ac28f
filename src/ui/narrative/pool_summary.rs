//! The pool as a row of die chips and as notation, with clear and share.

use leptos::prelude::*;

use super::icons::{DieShape, SymbolIcon};
use super::state::NarrativeState;
use crate::core::narrative::AddedSymbol;
use crate::core::notation::narrative::format_pool;
use crate::route::Tray;
use crate::ui::browser::{copy_text, page_url};

#[component]
pub fn PoolSummary(state: NarrativeState) -> impl IntoView {
    let notation = move || state.pool.with(format_pool);
    let empty = move || state.pool.with(|p| p.is_empty());
    let chips = move || {
        state.pool.with(|pool| {
            let dice = pool
                .dice()
                .map(|die| view! { <li><DieShape die/></li> })
                .collect_view();
            let added = AddedSymbol::ALL
                .into_iter()
                .flat_map(|s| std::iter::repeat_n(s, pool.added().get(s) as usize))
                .map(|s| view! { <li class="chip-symbol"><SymbolIcon glyph=s.glyph()/></li> })
                .collect_view();
            (dice, added)
        })
    };
    let share = move |_| {
        let link = format!(
            "{}{}",
            page_url(),
            Tray::Narrative.share_href(&state.pool.with_untracked(format_pool))
        );
        leptos::task::spawn_local(async move {
            let message = match copy_text(&link).await {
                Ok(()) => format!("Share link copied: {link}"),
                Err(error) => format!("Copy this link to share the pool ({error}): {link}"),
            };
            state.message.set(Some(message));
        });
    };
    view! {
        <section class="pool" aria-label="Pool">
            <div class="pool-head">
                <h2>"Pool"</h2>
                <code class="notation" aria-label="Pool notation">
                    {move || if empty() { "empty".to_string() } else { notation() }}
                </code>
            </div>
            <ul class="chips" aria-label="Dice in the pool">
                {chips}
            </ul>
            <p class="hint" hidden=move || !empty()>"Tap dice above to build a pool."</p>
            <div class="pool-actions">
                <button
                    type="button"
                    class="small"
                    disabled=empty
                    on:click=move |_| state.change(|p| {
                        p.clear();
                        Ok(())
                    })
                >
                    "Clear pool"
                </button>
                <button type="button" class="small" disabled=empty on:click=share>
                    "Copy share link"
                </button>
            </div>
        </section>
    }
}
