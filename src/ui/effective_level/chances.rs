//! The roll bar's two figures for what its Roll rolls (the tray's check, or a split turn's
//! next portion): the chance of getting effect and the expected effect, as the core's
//! `KeyFigures` counts them; each portion of a turn shows the same.

use leptos::prelude::*;

use super::format::{signed_tenths, tenths};
use super::state::ElState;
use crate::core::effective_level::KeyFigures;

/// The expected effect as the bar writes it: "0.3", or with its sign when net ("+1.2").
pub fn mean_text(figures: &KeyFigures) -> String {
    if figures.net {
        signed_tenths(figures.mean)
    } else {
        tenths(figures.mean)
    }
}

/// The two figures that matter for the roll as it stands, for the bar's odds button.
#[component]
pub fn BarChances(state: ElState) -> impl IntoView {
    let figures = Memo::new(move |_| state.bar_odds.with(|o| o.as_ref().map(|o| o.key_figures())));
    let ready = move || figures.with(Option::is_some);
    let read = move |show: fn(&KeyFigures) -> String| {
        move || figures.with(|f| f.as_ref().map(show).unwrap_or_default())
    };
    view! {
        <span class="bar-chances" hidden=move || !ready()>
            <span class="bar-chance good">
                <span class="bar-chance-name">{read(|f| f.chance_name.to_string())}</span>
                <span class="bar-chance-pct">{read(|f| f.chance.percent_text())}</span>
            </span>
            <span class="bar-chance">
                <span class="bar-chance-name">{read(|f| f.mean_name.to_string())}</span>
                <span class="bar-chance-pct">{read(mean_text)}</span>
            </span>
        </span>
        <span class="bar-chances none" hidden=ready>"No roll yet"</span>
    }
}
