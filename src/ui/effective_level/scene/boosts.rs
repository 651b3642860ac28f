//! The scene's persistent boosts (a wager kept, something studied): each offered as a tick
//! in the EL builder until the scene ends.

use leptos::prelude::*;

use super::items::SceneItems;
use super::value_form::ValueForm;
use crate::core::scene::MAX_SCENE_VALUE;
use crate::ui::effective_level::state::ElState;

/// The boosts, each with Remove, and a form to add one.
#[component]
pub fn SceneBoosts(state: ElState) -> impl IntoView {
    let boosts = Signal::derive(move || {
        state.scene.with(|s| {
            s.boosts
                .iter()
                .map(|b| (b.id, b.name.clone(), format!("{} +{}", b.name, b.value)))
                .collect::<Vec<_>>()
        })
    });
    let add = Callback::new(move |(name, value): (String, u32)| {
        let mut outcome = Ok(0);
        state.scene.update(|s| outcome = s.add_boost(&name, value));
        outcome.map(|_| ())
    });
    view! {
        <h3 class="sub-title">"Scene boosts"</h3>
        <SceneItems state items=boosts/>
        <p class="hint" hidden=move || state.scene.with(|s| !s.boosts.is_empty())>
            "A wager that applied can be kept here; the EL builder offers each boost as a tick."
        </p>
        <ValueForm
            state
            name_label="Boost name"
            name_example="e.g. Studied his style"
            value_label="Boost value"
            value_example="Value"
            range=(1, MAX_SCENE_VALUE)
            button="Add boost"
            add
        />
    }
}
