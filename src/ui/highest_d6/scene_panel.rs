//! The scene's facets, which every character's rolls may use, and "End scene".

use leptos::prelude::*;

use crate::html::Html;
use crate::html::characters::{Editing, facet_list};
use crate::ui::app_data::AppData;
use crate::ui::characters::facet_act;
use crate::ui::end_scene::EndScene;
use crate::ui::markup::{Act, Markup};

/// The scene's facets, and ending the scene.
#[component]
pub fn ScenePanel(data: AppData) -> impl IntoView {
    let scene = data.scene();
    let status = RwSignal::new(None::<String>);
    let editing = RwSignal::new(Editing::Nothing);
    let html = Signal::derive(move || {
        scene.with(|s| {
            editing.with(|e| {
                let mut html = Html::new();
                facet_list(&mut html, "s", "the scene", s.facets.items(), e);
                html.finish()
            })
        })
    });
    let on_act = Callback::new(move |act: Act| {
        let done = facet_act(&act, data, editing).unwrap_or(Ok(String::new()));
        let cleared = done.is_ok();
        status.set(Some(done.unwrap_or_else(|e| e)).filter(|m| !m.is_empty()));
        cleared
    });
    view! {
        <section class="scene" aria-labelledby="scene-title">
            <h2 id="scene-title">"Scene"</h2>
            <p class="hint">"Scene facets count for everyone until the scene ends."</p>
            <Markup html on_act/>
            <EndScene data status/>
        </section>
    }
}
