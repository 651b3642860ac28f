//! The pool as a row of die chips and as notation, with Clear (and Undo).

use leptos::prelude::*;

use super::state::NarrativeState;
use crate::core::narrative::{AddedSymbol, NarrativeDie};
use crate::core::notation::narrative::format_pool;
use crate::ui::widgets::dice::narrative::{DieShape, SymbolIcon};

/// Empties the pool, with Undo in the snackbar.
fn clear(state: NarrativeState) {
    let before = state.pool.get_untracked();
    state.pool.update(|p| p.clear());
    let undo = Callback::new(move |()| state.pool.update(|p| *p = before.clone()));
    state.core.snackbar.say_with("Pool cleared.", "Undo", undo);
}

/// The pool as chips and notation, with Clear.
#[component]
pub fn PoolSummary(state: NarrativeState) -> impl IntoView {
    let notation = move || state.pool.with(format_pool);
    let empty = move || state.pool.with(|p| p.is_empty());
    // One group per kind, re-drawn only when that kind's count changes: a tap redraws a
    // handful of chips, not the whole pool.
    let dice = NarrativeDie::TRAY_ORDER
        .into_iter()
        .map(|die| {
            let count = Memo::new(move |_| state.pool.with(|p| p.count(die)));
            move || {
                (0..count.get())
                    .map(|_| view! { <li><DieShape die/></li> })
                    .collect_view()
            }
        })
        .collect_view();
    let added = AddedSymbol::ALL
        .into_iter()
        .map(|symbol| {
            let count = Memo::new(move |_| state.pool.with(|p| p.added().get(symbol)));
            move || {
                (0..count.get())
                    .map(|_| view! { <li class="chip-symbol"><SymbolIcon glyph=symbol.glyph()/></li> })
                    .collect_view()
            }
        })
        .collect_view();
    view! {
        <section class="pool" aria-label="Pool">
            <div class="pool-head">
                <h2>"Pool"</h2>
                <code class="notation" aria-label="Pool notation">
                    {move || if empty() { "empty".to_string() } else { notation() }}
                </code>
            </div>
            <ul class="chips" aria-label="Dice in the pool">
                {dice}
                {added}
            </ul>
            <p class="hint" hidden=move || !empty()>"Tap dice above to build a pool."</p>
            <div class="pool-actions">
                <button
                    type="button"
                    class="small"
                    disabled=empty
                    on:click=move |_| clear(state)
                >
                    "Clear pool"
                </button>
            </div>
        </section>
    }
}
