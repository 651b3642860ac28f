//! "End scene": after a confirmation, everything in the scene goes (facets, obstacles,
//! boosts, residual conditions), with Undo in the snackbar. One for every tray.

use leptos::prelude::*;

use crate::ui::widgets::when::When;

use crate::core::scene::Scene;
use crate::ui::tray::scene_here::SceneHere;
use crate::ui::tray::state::TrayCore;

/// The End scene button and its confirmation.
#[component]
pub fn EndScene(scene: SceneHere, core: TrayCore) -> impl IntoView {
    let snackbar = core.snackbar;
    let confirming = RwSignal::new(false);
    let end = move |_| {
        let at_table = scene.is_tables_untracked();
        let taken = scene.end();
        confirming.set(false);
        // Made to outlast this panel: Undo may be tapped once the panel is folded away.
        let undo = core.visit.lasting(|| {
            Callback::new(move |()| {
                // Joined or left a table since: that scene is not the one here now.
                if scene.is_tables_untracked() != at_table {
                    return snackbar.say("That scene is no longer this tray's to bring back.");
                }
                scene.undo_end(taken.clone());
                snackbar.say("The scene is back, with anything added since.");
            })
        });
        snackbar.say_with(
            "The scene is over: its facets, obstacles, boosts and conditions are gone.",
            "Undo",
            undo,
        );
    };
    view! {
        <When when=move || !scene.gm_sets()>
        <When
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
                <span>"End the scene and clear everything in it?"</span>
                <button type="button" class="small danger" on:click=end>"Yes, end it"</button>
                <button type="button" class="small" on:click=move |_| confirming.set(false)>
                    "Keep playing"
                </button>
            </div>
        </When>
        </When>
    }
}
