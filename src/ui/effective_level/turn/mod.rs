//! The turn, folded away until a player splits one: portions of the EL, each rolled on its
//! own; defence kept aside for every attack; contingent portions; boosts; cross-role
//! splits. Its code arrives only when the panel is first opened.

mod actions;
mod add_portion;
mod cross_role;
mod portion;

use crate::core::effective_level::Turn;
use leptos::prelude::*;

use add_portion::AddPortion;
use cross_role::CrossSplit;
use portion::PortionRow;

use super::state::ElState;
use crate::core::effective_level::ElMode;
use crate::ui::shell::app_data::AppData;

/// The Turn panel.
#[component]
pub fn TurnPanel(state: ElState, data: AppData) -> impl IntoView {
    let started = Memo::new(move |_| {
        data.document::<Turn>()
            .with(|t| !t.portions.is_empty() || t.cross.is_some())
    });
    let crossing = Memo::new(move |_| data.document::<Turn>().with(|t| t.cross.is_some()));
    let left = move || {
        data.document::<Turn>()
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
            data.roster().with(|r| {
                data.scene()
                    .with(|scene| s.role_els(r.active(), &scene.boosts))
            })
        })
    });
    let can_cross = move || !started.get() && role_els.with(|r| r.len() >= 2);
    let ids = move || {
        data.document::<Turn>()
            .with(|t| t.portions.iter().map(|p| p.id).collect::<Vec<_>>())
    };
    view! {
        <section class="el-turn" aria-label="Turn">
            <p class="hint" hidden=move || started.get()>{hint}</p>
            <p class="sum-line" role="status" aria-label="Points left" hidden=move || !started.get()>{left}</p>
            <Show when=move || crossing.get()>
                <CrossSplit state data/>
            </Show>
            <Show when=can_cross>
                <button
                    type="button"
                    class="small"
                    on:click=move |_| cross_role::start(state, data, role_els.get_untracked())
                >
                    "Split across the ticked roles"
                </button>
            </Show>
            <ul class="portions">
                <For each=ids key=|id| *id children=move |id| view! { <PortionRow state data id/> }/>
            </ul>
            <Show when=move || !crossing.get()>
                <AddPortion state data/>
            </Show>
            <Show when=move || started.get()>
                <button type="button" class="small" on:click=move |_| actions::end_turn(state, data)>"End turn"</button>
            </Show>
        </section>
    }
}
