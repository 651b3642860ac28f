//! Residual conditions (a fire, a flood) that roll on their own EL against the player until
//! the scene ends.

use leptos::prelude::*;

use super::items::SceneItems;
use super::value_form::ValueForm;
use crate::core::effective_level::MAX_EL;
use crate::ui::effective_level::state::ElState;
use crate::ui::widgets::when::When;

/// The conditions, each with Roll and Remove, and a form to add one.
#[component]
pub fn Residuals(state: ElState) -> impl IntoView {
    let residuals = Signal::derive(move || {
        state.scene.with(|s| {
            s.residuals
                .iter()
                .map(|r| (r.id, r.name.clone(), format!("{} EL {}", r.name, r.value)))
                .collect::<Vec<_>>()
        })
    });
    let add = Callback::new(move |(name, el): (String, u32)| {
        let mut outcome = Ok(0);
        state.scene.update(|s| outcome = s.add_residual(&name, el));
        outcome.map(|_| ())
    });
    view! {
        <h3 class="sub-title">"Residual conditions"</h3>
        <SceneItems state items=residuals rolls=true gms=true/>
        <When when=move || !state.scene.gm_sets()>
        <ValueForm
            state
            name_label="Condition name"
            name_example="e.g. On fire"
            value_label="Condition's EL"
            value_example="EL"
            range=(1, MAX_EL)
            button="Add condition"
            add
        />
        </When>
    }
}
