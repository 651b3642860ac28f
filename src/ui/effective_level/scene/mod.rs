//! The scene's Effective Level side, folded away: obstacles worn down by accumulated effect,
//! persistent boosts, residual conditions, and End scene. Its code arrives only when the
//! panel is first opened.

mod actions;
mod boosts;
mod items;
mod obstacles;
mod residuals;
mod value_form;

use leptos::prelude::*;

use crate::ui::panels::end_scene::EndScene;
use boosts::SceneBoosts;
use obstacles::Obstacles;
use residuals::Residuals;

use super::state::ElState;

/// The Scene panel.
#[component]
pub fn ScenePanel(state: ElState) -> impl IntoView {
    view! {
        <section class="el-scene" aria-label="Scene">
            <p class="hint" hidden=move || state.scene.whose().is_none()>{move || state.scene.whose()}</p>
            <Obstacles state/>
            <SceneBoosts state/>
            <Residuals state/>
            <EndScene scene=state.scene core=state.core/>
        </section>
    }
}
