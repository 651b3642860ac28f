//! The narrative tray's rare parts, drawn from the app's rare code (`ui::extras`).

use leptos::prelude::*;

use super::NarrativeState;
use super::odds_panel::OddsDetail;
use super::saved_pools::SavedPoolsPanel;
use crate::core::narrative::{NarrativeDie, NarrativeOdds, NarrativePool};
use crate::ui::app_data::AppData;

/// Saved pools: save the tray's pool under a name, load or delete one.
pub fn saved_pools(data: AppData) -> AnyView {
    view! { <SavedPoolsPanel state=NarrativeState::of(data) saved=data.saved()/> }.into_any()
}

/// The odds in detail.
pub fn odds_detail(data: AppData) -> AnyView {
    view! { <OddsDetailView state=NarrativeState::of(data)/> }.into_any()
}

/// The odds in detail, following the pool one animation frame behind: the tap's own frame
/// then only redraws the dice, the pool and the bar's chances.
#[component]
fn OddsDetailView(state: NarrativeState) -> impl IntoView {
    let detail_pool = RwSignal::new(state.pool.get_untracked());
    Effect::new(move |_| {
        let pool = state.pool.get();
        request_animation_frame(move || {
            detail_pool.try_set(pool);
        });
    });
    let odds = Memo::new(move |_| detail_pool.with(NarrativeOdds::of));
    let makes_check = Signal::derive(move || detail_pool.with(NarrativePool::makes_check));
    let has_force = Signal::derive(move || detail_pool.with(|p| p.count(NarrativeDie::Force) > 0));
    view! { <OddsDetail odds makes_check has_force/> }
}
