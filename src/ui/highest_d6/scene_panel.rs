//! The scene's facets, which every character's rolls may use, and "End scene".

use leptos::prelude::*;

use crate::core::scene::Scene;
use crate::html::Html;
use crate::html::characters::{Editing, facet_list};
use crate::ui::app::AppData;
use crate::ui::characters::facet_act;
use crate::ui::markup::{Act, Markup};

/// The scene's facets, and ending the scene.
#[component]
pub fn ScenePanel(data: AppData) -> impl IntoView {
    let scene = data.scene;
    let confirming = RwSignal::new(false);
    let ended = RwSignal::new(None::<Scene>);
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
    let end = move |_| {
        let before = scene.get_untracked();
        scene.update(Scene::end);
        confirming.set(false);
        ended.set(Some(before));
        status.set(Some("The scene is over: its facets are gone.".into()));
    };
    let undo = move |_| {
        if let Some(before) = ended.get_untracked() {
            scene.update(|s| *s = before);
            status.set(Some("The scene is back as it was.".into()));
        }
        ended.set(None);
    };
    view! {
        <section class="scene" aria-labelledby="scene-title">
            <h2 id="scene-title">"Scene"</h2>
            <p class="hint">"Scene facets count for everyone until the scene ends."</p>
            <Markup html on_act/>
            <div class="status-line" role="status" aria-live="polite">
                <span>{move || status.get()}</span>
                <Show when=move || ended.with(Option::is_some)>
                    <button type="button" class="small" on:click=undo>"Undo end of scene"</button>
                </Show>
            </div>
            <Show
                when=move || confirming.get()
                fallback=move || view! {
                    <button
                        type="button"
                        class="small"
                        disabled=move || scene.with(Scene::is_empty)
                        on:click=move |_| confirming.set(true)
                    >
                        "End scene"
                    </button>
                }
            >
                <div class="confirm">
                    <span>"End the scene and clear its facets?"</span>
                    <button type="button" class="small danger" on:click=end>"Yes, end it"</button>
                    <button type="button" class="small" on:click=move |_| confirming.set(false)>
                        "Keep playing"
                    </button>
                </div>
            </Show>
        </section>
    }
}
