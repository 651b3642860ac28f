//! The roll bar's two figures: the chance of success and the expected effect; under an
//! opposition, the chance to win and the net expected effect (yours minus theirs).

use leptos::prelude::*;

use super::format::{signed_tenths, tenths};
use super::state::ElState;
use crate::core::effective_level::{ElOdds, Pushback};

/// The two figures that matter for the roll as it stands, for the bar's odds button.
#[component]
pub fn BarChances(state: ElState) -> impl IntoView {
    let opposed = Memo::new(move |_| {
        state
            .setup
            .with(|s| s.against == Some(Pushback::Opposition))
    });
    let ready = move || state.odds.with(Option::is_some);
    let read = move |show: fn(&ElOdds, bool) -> String| {
        move || {
            let opposed = opposed.get();
            state
                .odds
                .with(|o| o.as_ref().map(|o| show(o, opposed)).unwrap_or_default())
        }
    };
    let first = read(|o, opposed| {
        if opposed {
            o.effect.chance(|e| e > 0).percent_text()
        } else {
            o.success.percent_text()
        }
    });
    let mean = read(|o, opposed| {
        if opposed {
            signed_tenths(o.net_effect_mean())
        } else {
            tenths(o.effect.mean())
        }
    });
    view! {
        <span class="bar-chances" hidden=move || !ready()>
            <span class="bar-chance good">
                <span class="bar-chance-name">{move || if opposed.get() { "Win" } else { "Success" }}</span>
                <span class="bar-chance-pct">{first}</span>
            </span>
            <span class="bar-chance">
                <span class="bar-chance-name">{move || if opposed.get() { "Net effect" } else { "Avg effect" }}</span>
                <span class="bar-chance-pct">{mean}</span>
            </span>
        </span>
        <span class="bar-chances none" hidden=ready>"No roll yet"</span>
    }
}
