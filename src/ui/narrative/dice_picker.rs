//! The seven dice to tap, positive on the left and negative on the right, with upgrade and
//! downgrade for the ability and difficulty ladders.

use leptos::prelude::*;

use super::state::NarrativeState;
use crate::core::coach::NarrativeTap;
use crate::core::narrative::{Ladder, NarrativeDie, Side};
use crate::ui::tray::coach::{CoachHint, CoachLegend};
use crate::ui::widgets::dice::narrative::DieShape;

/// The seven drawn dice to tap into the pool, positive and negative, with upgrades.
#[component]
pub fn DicePicker(state: NarrativeState) -> impl IntoView {
    let column = move |side: Side, ladder: Ladder| {
        let cards = NarrativeDie::TRAY_ORDER
            .into_iter()
            .filter(|d| d.side() == side)
            .map(|die| view! { <DieCard state die/> })
            .collect_view();
        view! {
            <div class=format!("tray-side tray-{}", if side == Side::Positive { "positive" } else { "negative" })>
                <h3 class="tray-side-title">
                    {if side == Side::Positive { "Positive" } else { "Negative" }}
                </h3>
                {cards}
                <LadderControls state ladder/>
            </div>
        }
    };
    view! {
        <section class="tray" aria-labelledby="dice-title">
            <h2 id="dice-title" class="visually-hidden">"Dice"</h2>
            <CoachLegend hints=state.hints text="Hints: chance of success · chance of advantage"/>
            <div class="tray-sides">
                {column(Side::Positive, Ladder::Ability)}
                {column(Side::Negative, Ladder::Difficulty)}
            </div>
            <div class="tray-neutral">
                <DieCard state die=NarrativeDie::Force/>
            </div>
        </section>
    }
}

/// A die to tap (adds one) with its count, and a button that takes one away.
#[component]
fn DieCard(state: NarrativeState, die: NarrativeDie) -> impl IntoView {
    let count = Signal::derive(move || state.pool.with(|p| p.count(die)));
    let name = die.name();
    view! {
        <div class="die-card">
            <button
                type="button"
                class="die-add"
                aria-label=format!("Add {name} die")
                on:click=move |_| state.change(|p| p.add_die(die))
            >
                <DieShape die>
                    {move || match count.get() {
                        0 => String::new(),
                        n => n.to_string(),
                    }}
                </DieShape>
                <span class="die-name">{die.title()}</span>
            </button>
            <button
                type="button"
                class="die-remove"
                aria-label=format!("Remove {name} die")
                disabled=move || count.get() == 0
                on:click=move |_| state.change(|p| {
                    p.remove_die(die);
                    Ok(())
                })
            >
                <span aria-hidden="true">"−"</span>
            </button>
            <CoachHint hints=state.hints tap=NarrativeTap::Add(die)/>
        </div>
    }
}

/// Upgrade and downgrade along one ladder, disabled when the rules give nothing to do.
#[component]
fn LadderControls(state: NarrativeState, ladder: Ladder) -> impl IntoView {
    let can_downgrade = move || state.pool.with(|p| p.can_downgrade(ladder));
    view! {
        <div class="ladder">
            <div class="ladder-step">
                <button
                    type="button"
                    class="small"
                    aria-label=format!("Upgrade {} die", ladder.lower().name())
                    on:click=move |_| state.change(|p| p.upgrade(ladder))
                >
                    "Upgrade"
                </button>
                <CoachHint hints=state.hints tap=NarrativeTap::Upgrade(ladder)/>
            </div>
            <div class="ladder-step">
                <button
                    type="button"
                    class="small"
                    aria-label=format!("Downgrade {} die", ladder.upper().name())
                    disabled=move || !can_downgrade()
                    on:click=move |_| state.change(|p| p.downgrade(ladder))
                >
                    "Downgrade"
                </button>
                <CoachHint hints=state.hints tap=NarrativeTap::Downgrade(ladder)/>
            </div>
        </div>
    }
}
