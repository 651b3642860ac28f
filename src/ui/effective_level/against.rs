//! Who pushes back: nobody, a resistance, or an opposition, and the other side's EL.

use leptos::prelude::*;

use crate::ui::widgets::when::When;

use super::coach::StepHints;
use super::state::ElState;
use crate::core::coach::ElTap;
use crate::core::effective_level::{Pushback, side_name};
use crate::core::facet::MAX_NAME_CHARS;
use crate::ui::widgets::stepper::Stepper;

/// The other side: the choice, and its EL once there is one.
#[component]
pub fn AgainstPanel(state: ElState) -> impl IntoView {
    let against = Memo::new(move |_| state.setup.with(|s| s.against));
    let their_el = Memo::new(move |_| state.setup.with(|s| s.their_el));
    let set_their = Callback::new(move |n: u32| state.change(|s| s.their_el = n));
    // The name as typed; the setup keeps it cleaned, with every keystroke, so nothing typed
    // is lost by leaving the field.
    let name = RwSignal::new(state.setup.with_untracked(|s| s.their_name.clone()));
    let type_name = move |ev: leptos::ev::Event| {
        let typed = event_target_value(&ev);
        name.set(typed.clone());
        state.try_change(|s| s.set_their_name(&typed));
    };
    // A link or a roll again may name the other side: the field follows.
    Effect::new(move |_| {
        let kept = state.setup.with(|s| s.their_name.clone());
        if name.with_untracked(|typed| side_name(typed).ok().flatten().unwrap_or_default() != kept)
        {
            name.set(kept);
        }
    });
    let choice = |value: Option<Pushback>, label: &'static str| {
        view! {
            <label class="segment">
                <input
                    type="radio"
                    name="el-against"
                    prop:checked=move || against.get() == value
                    on:change=move |_| state.change(|s| s.against = value)
                />
                <span>{label}</span>
            </label>
        }
    };
    let hint = move || match against.get() {
        Some(Pushback::Resistance) => {
            "It only holds you off (ties go to it); it never gets effect."
        }
        Some(Pushback::Opposition) => {
            "Whoever rolls higher gets the difference; ties go to the defender."
        }
        None => "",
    };
    view! {
        <section class="panel el-against" aria-labelledby="el-against-title">
            <h2 id="el-against-title">"Against"</h2>
            <fieldset class="segmented three">
                <legend class="visually-hidden">"Who pushes back"</legend>
                {choice(None, "Nobody")}
                {choice(Some(Pushback::Resistance), "Resistance")}
                {choice(Some(Pushback::Opposition), "Opposition")}
            </fieldset>
            <When when=move || against.get().is_some()>
                <label class="inline-field">
                    <span>"Name"</span>
                    <input
                        type="text"
                        maxlength=MAX_NAME_CHARS
                        placeholder="e.g. the goblin"
                        autocomplete="off"
                        aria-label="Other side's name"
                        prop:value=move || name.get()
                        on:input=type_name
                    />
                </label>
                <Stepper label="Other side's EL" value=their_el least=1 on_set=set_their compact=true/><StepHints state tap=ElTap::TheirLevel/>
                <p class="hint">{hint}</p>
            </When>
        </section>
    }
}
