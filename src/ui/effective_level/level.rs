//! Your EL: a quick number with its big stepper, or built from the active character.

use leptos::prelude::*;

use super::coach::StepHints;
use super::state::ElState;
use crate::core::coach::ElTap;
use crate::core::effective_level::ElMode;
use crate::ui::lazy::Lazy;
use crate::ui::widgets::stepper::Stepper;

/// The EL panel: how it is given, the number or the builder, and a refusal below 1.
#[component]
pub fn YourEl(state: ElState) -> impl IntoView {
    let builder = Memo::new(move |_| state.setup.with(|s| s.mode == ElMode::Builder));
    let quick_el = Memo::new(move |_| state.setup.with(|s| s.quick_el));
    let set_el = Callback::new(move |n: u32| state.change(|s| s.quick_el = n));
    let impossible = move || {
        state.el.get() < 1 && (!builder.get() || state.core.roster.with(|r| r.active().is_some()))
    };
    view! {
        <section class="panel el-level" aria-labelledby="el-level-title">
            <div class="panel-head">
                <h2 id="el-level-title">"Your EL"</h2>
                <ModeChoice state builder/>
            </div>
            {move || {
                if builder.get() {
                    // Its code comes with the rare panels': a builder needs a character, made on
                    // the Characters page, by when the service worker has that code at hand.
                    view! {
                        <Lazy
                            preload=super::rare::preload
                            draw=move || super::rare::builder(state)
                            fallback=|| view! { <p class="hint">"Setting out the sheet…"</p> }
                        />
                    }
                    .into_any()
                } else {
                    view! { <Stepper label="Effective Level" value=quick_el least=0 on_set=set_el/><StepHints state tap=ElTap::Level/> }
                        .into_any()
                }
            }}
            <p class="refusal" hidden=move || !impossible()>
                "EL below 1: the task is impossible for now, so there is no roll. Find a boost \
                 or another way."
            </p>
        </section>
    }
}

/// Quick EL or From character.
#[component]
fn ModeChoice(state: ElState, builder: Memo<bool>) -> impl IntoView {
    let choose = move |mode: ElMode| move |_| state.change(|s| s.mode = mode);
    view! {
        <fieldset class="segmented two">
            <legend class="visually-hidden">"How the EL is given"</legend>
            <label class="segment">
                <input type="radio" name="el-mode" prop:checked=move || !builder.get() on:change=choose(ElMode::Quick)/>
                <span>"Quick EL"</span>
            </label>
            <label class="segment">
                <input type="radio" name="el-mode" prop:checked=move || builder.get() on:change=choose(ElMode::Builder)/>
                <span>"From character"</span>
            </label>
        </fieldset>
    }
}
