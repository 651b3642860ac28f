//! The scene's facets, which every character's rolls may use, and "End scene".

use leptos::prelude::*;

use super::state::D6State;
use crate::ui::panels::end_scene::EndScene;
use crate::ui::widgets::facet_list::{FacetEdit, FacetList, added};
use crate::ui::widgets::when::When;

/// The scene's facets, and ending the scene.
#[component]
pub fn ScenePanel(state: D6State) -> impl IntoView {
    let scene = state.scene;
    let facets = Signal::derive(move || scene.with(|s| s.facets.items().to_vec()));
    let on_edit = Callback::new(move |edit: FacetEdit| {
        let mut outcome = Err(String::new());
        scene.update(|s| {
            outcome = match &edit {
                FacetEdit::Add { name, helps } => s.add_facet(name, *helps).map(|_| added(name)),
                other => other.apply(&mut s.facets),
            }
        });
        let done = outcome.is_ok();
        state.core.snackbar.say(outcome.unwrap_or_else(|e| e));
        done
    });
    view! {
        <section class="scene" aria-labelledby="scene-title">
            <h2 id="scene-title">"Scene"</h2>
            <p class="hint">"Scene facets count for everyone until the scene ends."</p>
            <p class="hint" hidden=move || scene.whose().is_none()>{move || scene.whose()}</p>
            <When
                when=move || !scene.gm_sets()
                fallback=move || view! { <ul class="facet-list">{move || facets.get().into_iter().map(|f| view! {
                    <li class="facet-row"><span class="facet-name">{f.name}</span>
                    <span class="tag">{if f.helps { "helps" } else { "hinders" }}</span></li>
                }).collect_view()}</ul> }
            >
                <FacetList facets owner="the scene".to_string() scope="scene".into() on_edit/>
            </When>
            <EndScene scene=state.scene core=state.core/>
        </section>
    }
}
