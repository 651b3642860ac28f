//! "End scene": after a confirmation, everything in the scene goes (facets, obstacles,
//! boosts, residual conditions), with an undo.

use leptos::prelude::*;

use crate::core::scene::Scene;
use crate::ui::app_data::AppData;

/// The End scene button, its confirmation, and the undo; `status` shows what happened.
#[component]
pub fn EndScene(data: AppData, status: RwSignal<Option<String>>) -> impl IntoView {
    let scene = data.scene();
    let confirming = RwSignal::new(false);
    let ended = RwSignal::new(None::<Scene>);
    let end = move |_| {
        let mut taken = None;
        scene.update(|s| taken = Some(s.end()));
        confirming.set(false);
        ended.set(taken);
        status.set(Some(
            "The scene is over: its facets, obstacles, boosts and conditions are gone.".into(),
        ));
    };
    let undo = move |_| {
        if let Some(taken) = ended.get_untracked() {
            scene.update(|s| s.restore(taken));
            status.set(Some("The scene is back, with anything added since.".into()));
        }
        ended.set(None);
    };
    view! {
        <div class="status-line" role="status" aria-live="polite">
            <span>{move || status.get()}</span>
            {move || ended.with(Option::is_some).then(|| view! {
                <button type="button" class="small" on:click=undo>"Undo end of scene"</button>
            })}
        </div>
        {move || {
            if confirming.get() {
                view! {
                    <div class="confirm">
                        <span>"End the scene and clear everything in it?"</span>
                        <button type="button" class="small danger" on:click=end>"Yes, end it"</button>
                        <button type="button" class="small" on:click=move |_| confirming.set(false)>
                            "Keep playing"
                        </button>
                    </div>
                }
                    .into_any()
            } else {
                view! {
                    <button
                        type="button"
                        class="small"
                        disabled=move || scene.with(Scene::is_empty)
                        on:click=move |_| confirming.set(true)
                    >
                        "End scene"
                    </button>
                }
                    .into_any()
            }
        }}
    }
}
