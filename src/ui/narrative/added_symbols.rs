//! Symbols a talent or item adds to the roll, each with a stepper.

use leptos::prelude::*;

use super::state::NarrativeState;
use crate::core::narrative::AddedSymbol;
use crate::ui::widgets::dice::narrative::SymbolIcon;

/// Symbols added from talents or items, one stepper per symbol (in a folded panel).
#[component]
pub fn AddedSymbols(state: NarrativeState) -> impl IntoView {
    let rows = AddedSymbol::ALL
        .into_iter()
        .map(|symbol| view! { <SymbolStepper state symbol/> })
        .collect_view();
    view! {
        <p class="hint">"From talents or items: they count in the result and the odds."</p>
        <ul class="steppers">{rows}</ul>
    }
}

/// The count of one added symbol, with its minus and plus buttons.
#[component]
fn SymbolStepper(state: NarrativeState, symbol: AddedSymbol) -> impl IntoView {
    let count = Signal::derive(move || state.pool.with(|p| p.added().get(symbol)));
    let name = symbol.name();
    view! {
        <li class=if symbol.is_positive() { "stepper positive" } else { "stepper negative" }>
            <span class="stepper-label">
                <SymbolIcon glyph=symbol.glyph() decorative=true/>
                <span class="stepper-name">{name}</span>
            </span>
            <button
                type="button"
                class="step"
                aria-label=format!("Remove added {name}")
                disabled=move || count.get() == 0
                on:click=move |_| state.change(|p| {
                    p.remove_symbol(symbol);
                    Ok(())
                })
            >
                <span aria-hidden="true">"−"</span>
            </button>
            <output class="stepper-count" aria-label=format!("Added {name}")>
                {move || count.get()}
            </output>
            <button
                type="button"
                class="step"
                aria-label=format!("Add {name} symbol")
                on:click=move |_| state.change(|p| p.add_symbol(symbol))
            >
                <span aria-hidden="true">"+"</span>
            </button>
        </li>
    }
}
