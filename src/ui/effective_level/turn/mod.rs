//! The turn, folded away until a player splits one: portions of the EL, each rolled on its
//! own (the bar's Roll rolls the next); defence kept aside for every attack; contingent
//! portions; boosts; cross-role splits. Its code is rare: it arrives once the tray is idle,
//! when the bar starts following the turn, or when the panel is first opened.

mod actions;
mod add_portion;
mod cross_role;
mod portion;

use leptos::prelude::*;

use crate::ui::widgets::when::When;

pub use actions::roll_portion;
use add_portion::AddPortion;
use cross_role::CrossSplit;
use portion::PortionRow;

use super::state::{ElState, TurnBar};
use crate::core::effective_level::{ElMode, ElSetup};

/// Keeps the bar told what the turn in play asks of it, for the rest of the visit: whether
/// a turn is in play, and its next portion, whose roll meets the tray's other side when it
/// is an action (see `Turn::next_roll`).
pub fn follow(state: ElState) {
    state.core.visit.lasting(|| {
        Effect::new(move |_| {
            let target = state.setup.with(ElSetup::other_side);
            let bar = state.turn.load().with(|t| TurnBar {
                in_turn: t.in_play(),
                next: t.next_roll(target.as_ref()),
            });
            if state.turn_bar.with_untracked(|b| b.as_ref() != Some(&bar)) {
                state.turn_bar.set(Some(bar));
            }
        })
    });
}

/// The bar's Roll when it was tapped before the turn had been read: the turn's next
/// portion, if it has one, else the tray's own roll.
pub fn roll_next(state: ElState) {
    let target = state.setup.with_untracked(ElSetup::other_side);
    match state
        .turn
        .load()
        .with_untracked(|t| t.next_roll(target.as_ref()))
    {
        Some(next) => roll_portion(state, next.id),
        None => super::roll::roll(state),
    }
}

/// The Turn panel.
#[component]
pub fn TurnPanel(state: ElState) -> impl IntoView {
    let started = Memo::new(move |_| {
        state
            .turn
            .load()
            .with(|t| !t.portions.is_empty() || t.cross.is_some())
    });
    let crossing = Memo::new(move |_| state.turn.load().with(|t| t.cross.is_some()));
    let left = move || {
        state
            .turn
            .load()
            .with(|t| format!("{} of EL {} left to split", t.remaining(), t.el))
    };
    let hint = move || {
        format!(
            "Split EL {} between several actions this turn: each portion at least 1, rolled on \
             its own. Points set aside for defence are rolled again for every attack.",
            state.el.get().max(0)
        )
    };
    // Each ticked role's own EL, for a cross-role split.
    let role_els = Memo::new(move |_| {
        state.setup.with(|s| {
            if s.mode != ElMode::Builder {
                return Vec::new();
            }
            state.core.roster.with(|r| {
                state
                    .scene
                    .with(|scene| s.role_els(r.active(), &scene.boosts))
            })
        })
    });
    let can_cross = move || !started.get() && role_els.with(|r| r.len() >= 2);
    let ids = move || {
        state
            .turn
            .load()
            .with(|t| t.portions.iter().map(|p| p.id).collect::<Vec<_>>())
    };
    view! {
        <section class="el-turn" aria-label="Turn">
            <p class="hint" hidden=move || started.get()>{hint}</p>
            <p class="sum-line" role="status" aria-label="Points left" hidden=move || !started.get()>{left}</p>
            <When when=move || crossing.get()>
                <CrossSplit state/>
            </When>
            <When when=can_cross>
                <button
                    type="button"
                    class="small"
                    on:click=move |_| cross_role::start(state, role_els.get_untracked())
                >
                    "Split across the ticked roles"
                </button>
            </When>
            <ul class="portions">
                <For each=ids key=|id| *id children=move |id| view! { <PortionRow state id/> }/>
            </ul>
            <When when=move || !crossing.get()>
                <AddPortion state/>
            </When>
            <When when=move || started.get()>
                <button type="button" class="small" on:click=move |_| actions::end_turn(state)>"End turn"</button>
            </When>
        </section>
    }
}
