//! The narrative dice tray: pick dice, see exact odds live, roll, re-roll, save and share.

mod added_symbols;
mod dice_picker;
mod icons;
mod odds_panel;
mod pool_summary;
mod roll_panel;
mod saved_pools;
mod state;

pub use state::NarrativeState;

use leptos::prelude::*;

use added_symbols::AddedSymbols;
use dice_picker::DicePicker;
use odds_panel::{OddsDetail, OddsStrip};
use pool_summary::PoolSummary;
use roll_panel::RollPanel;
use saved_pools::SavedPoolsPanel;

use crate::core::narrative::{NarrativeDie, NarrativeOdds};
use crate::route::Page;
use crate::ui::app_data::AppData;
use crate::ui::character_bar::CharacterBar;
use crate::ui::history::HistoryPanel;
use crate::ui::later::Later;

/// The Narrative dice page: picker, pool, live odds, roll, saved pools and history.
#[component]
pub fn NarrativeTray(data: AppData) -> impl IntoView {
    let state = NarrativeState::of(data);
    Effect::new(move |_| {
        if let Some(pool) = data.take_shared(Page::Narrative) {
            state.open_shared(&pool);
        }
    });
    // Recomputed on every tap; exact and well under a frame even for a full tray.
    let odds = Memo::new(move |_| state.pool.with(NarrativeOdds::of));
    let makes_check = Signal::derive(move || state.pool.with(|p| p.makes_check()));
    // The detail charts, mostly below the fold, follow one animation frame behind: the
    // tap's own frame then only redraws the dice, the pool and the key odds.
    let detail_pool = RwSignal::new(state.pool.get_untracked());
    Effect::new(move |_| {
        let pool = state.pool.get();
        request_animation_frame(move || {
            detail_pool.try_set(pool);
        });
    });
    let detail_odds = Memo::new(move |_| detail_pool.with(NarrativeOdds::of));
    let detail_checks = Signal::derive(move || detail_pool.with(|p| p.makes_check()));
    let has_force = Signal::derive(move || detail_pool.with(|p| p.count(NarrativeDie::Force) > 0));
    view! {
        <div class="tray-page">
            <h1 class="visually-hidden">"Narrative dice"</h1>
            <CharacterBar roster=data.roster()/>
            <DicePicker state/>
            <Later>
                <AddedSymbols state/>
                <PoolSummary state/>
            </Later>
            <Later>
                <OddsStrip odds makes_check/>
                <RollPanel state data/>
            </Later>
            <Later>
                <OddsDetail odds=detail_odds makes_check=detail_checks has_force/>
            </Later>
            <Later>
                <SavedPoolsPanel state saved=data.saved()/>
            </Later>
            <Later>
                <HistoryPanel history=data.history()/>
            </Later>
        </div>
    }
}
