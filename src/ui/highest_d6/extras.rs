//! The Highest d6 tray's rare parts, drawn from the app's rare code (`ui::extras`).

use leptos::prelude::*;

use super::D6State;
use super::prompts::{CostPrompt, FacetPrompt, HarmPrompt};
use super::scene_panel::ScenePanel;
use crate::storage::RecordedRoll;
use crate::ui::app_data::AppData;

/// What the shown outcome asks next: harm to mark, a facet to make, a cost to note.
pub fn prompts(data: AppData) -> AnyView {
    view! { <Prompts state=D6State::of(data) data/> }.into_any()
}

/// The scene's facets, and End scene.
pub fn scene(data: AppData) -> AnyView {
    view! { <ScenePanel data/> }.into_any()
}

/// The prompts for the shown roll, redrawn when another roll is shown.
#[component]
fn Prompts(state: D6State, data: AppData) -> impl IntoView {
    move || {
        let shown = state.shown.get().filter(|_| !state.read_only.get());
        shown
            .and_then(|e| match e.roll {
                RecordedRoll::HighestD6(check) => Some((e.id, check)),
                _ => None,
            })
            .map(|(id, check)| {
                view! {
                    <HarmPrompt check=check.clone() id state data/>
                    <FacetPrompt check=check.clone() id state data/>
                    <CostPrompt id check state data/>
                }
            })
    }
}
