//! The wager: points set aside from the EL that count only if the roll succeeds and leaves
//! effect; its limit said plainly, and what it is dedicated to. It belongs to one roll.

use leptos::prelude::*;

use crate::ui::widgets::when::When;

use super::coach::StepHints;
use super::state::ElState;
use crate::core::coach::ElTap;
use crate::core::effective_level::ElMode;
use crate::ui::lazy::Lazy;
use crate::ui::widgets::stepper::Stepper;

/// The wager's stepper (and, with a quick EL, the rank that caps it), its limit, why it is
/// refused if it is, and its dedicated effect.
#[component]
pub fn WagerPanel(state: ElState) -> impl IntoView {
    let quick = Memo::new(move |_| state.setup.with(|s| s.mode == ElMode::Quick));
    let wager = Memo::new(move |_| state.setup.with(|s| s.wager));
    let quick_rank = Memo::new(move |_| state.setup.with(|s| s.quick_rank));
    let set_wager = Callback::new(move |n: u32| state.change(|s| s.wager = n));
    let set_rank = Callback::new(move |n: u32| state.change(|s| s.quick_rank = n));
    let rank = move || {
        state.setup.with(|s| {
            state
                .core
                .roster
                .with(|r| state.scene.with(|scene| s.rank(r.active(), &scene.boosts)))
        })
    };
    let limit = move || {
        let el = state.el.get();
        let rank = rank();
        let most = ((el - 1).max(0) as u32).min(rank);
        format!(
            "At most {most} here: it must leave 1 of EL {el} to roll, and stay within rank {rank}."
        )
    };
    // Below EL 1 the EL panel says why there is no roll.
    let refusal = move || {
        (wager.get() > 0 && state.el.get() >= 1)
            .then(|| state.check.with(|c| c.as_ref().err().cloned()))
            .flatten()
    };
    let rolled_at = move || {
        let w = wager.get();
        format!(
            "Rolled at EL {}; the {w} wagered {} only if it succeeds and leaves effect.",
            (state.el.get() - w as i32).max(0),
            if w == 1 { "counts" } else { "count" }
        )
    };
    view! {
        <section class="panel el-wager" aria-labelledby="el-wager-title">
            <h2 id="el-wager-title">"Wager"</h2>
            <Stepper label="Wager" value=wager least=0 on_set=set_wager compact=true/><StepHints state tap=ElTap::Wager/>
            <When when=move || quick.get()>
                <Stepper label="Rank in the role" value=quick_rank least=0 on_set=set_rank compact=true/>
            </When>
            <p class="hint">{limit}</p>
            <p class="refusal" hidden=move || refusal().is_none()>{refusal}</p>
            <When when=move || { wager.get() > 0 }>
                <p class="hint">{rolled_at}</p>
                // Dedicating a wager is rarer than wagering: its code comes when first wanted.
                <Lazy preload=super::rare::preload draw=move || super::rare::dedicated(state)/>
            </When>
        </section>
    }
}
