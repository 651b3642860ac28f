//! The narrative dice tray: pick dice, see exact odds live, roll, re-roll, save and share.
//! What is used every roll comes first; the rest is folded away, its code fetched when
//! first opened.

mod added_symbols;
mod dice_picker;
pub(crate) mod icons;
mod links;
mod odds_panel;
mod pool_summary;
mod result_view;
mod roll;
mod saved_pools;
mod state;

pub use state::NarrativeState;

use leptos::prelude::*;

use added_symbols::AddedSymbols;
use dice_picker::DicePicker;
use odds_panel::{BarChances, OddsDetail};
use pool_summary::PoolSummary;
use result_view::ResultView;
use saved_pools::SavedPoolsPanel;

use crate::core::narrative::{NarrativeDie, NarrativeOdds, NarrativePool};
use crate::route::Page;
use crate::storage::{RecordedRoll, RollAgain};
use crate::ui::app_data::AppData;
use crate::ui::character_bar::CharacterBar;
use crate::ui::dock::{Headline, RollDock};
use crate::ui::fold::Fold;
use crate::ui::history::history_fold;
use crate::ui::label_field::LabelField;
use crate::ui::share_links::ShareLinks;

/// The Narrative dice page: picker, pool, label, the folded rare panels, and the dock.
#[component]
pub fn NarrativeTray(data: AppData) -> impl IntoView {
    let state = NarrativeState::of(data);
    Effect::new(move |_| {
        if let Some(shared) = data.take_shared(Page::Narrative) {
            links::open_link(state, data, shared);
        }
    });
    // Recomputed on every tap; exact and well under a frame even for a full tray.
    let odds = Memo::new(move |_| state.pool.with(NarrativeOdds::of));
    let makes_check = Signal::derive(move || state.pool.with(NarrativePool::makes_check));
    // The detail charts follow one animation frame behind: the tap's own frame then only
    // redraws the dice, the pool and the bar's chances.
    let detail_pool = RwSignal::new(state.pool.get_untracked());
    Effect::new(move |_| {
        let pool = state.pool.get();
        request_animation_frame(move || {
            detail_pool.try_set(pool);
        });
    });
    let detail_odds = Memo::new(move |_| detail_pool.with(NarrativeOdds::of));
    let detail_checks = Signal::derive(move || detail_pool.with(NarrativePool::makes_check));
    let has_force = Signal::derive(move || detail_pool.with(|p| p.count(NarrativeDie::Force) > 0));
    let headline = Signal::derive(move || {
        state.shown.with(|e| {
            e.as_ref().and_then(|e| match &e.roll {
                RecordedRoll::Narrative(roll) => Some(Headline {
                    text: roll.result().headline().to_string(),
                    tone: roll.result().tone(),
                    id: e.id,
                }),
                _ => None,
            })
        })
    });
    let on_roll = Callback::new(move |()| roll::roll(state, data));
    let roll_again = Callback::new(move |again: RollAgain| {
        if let RollAgain::Narrative(pool) = again {
            state.pool.update(|stored| *stored = pool);
            roll::roll(state, data);
        }
    });
    let added_count = Signal::derive(move || {
        state.pool.with(|p| match p.added_count() {
            0 => String::new(),
            n => format!("{n} added"),
        })
    });
    view! {
        <div class="tray-page">
            <h1 class="visually-hidden">"Narrative dice"</h1>
            <CharacterBar roster=data.roster()/>
            <DicePicker state/>
            <PoolSummary state/>
            <LabelField id="roll-label" placeholder="e.g. Pilot: evade the TIEs" label=state.label on_roll/>
            <Fold data id="narrative-added" title="Added symbols" summary=added_count>
                <AddedSymbols state/>
            </Fold>
            <Fold data id="narrative-share" title="Share">
                <ShareLinks data links=links::SHARE_LINKS/>
            </Fold>
            <Fold data id="narrative-saved" title="Saved pools">
                <SavedPoolsPanel state saved=data.saved()/>
            </Fold>
            {history_fold(data, Page::Narrative, roll_again)}
            <RollDock
                data
                panel=state.panel
                headline
                chances=move || view! { <BarChances odds makes_check/> }
                roll_label="Roll"
                can_roll=Signal::derive(move || state.pool.with(|p| !p.is_empty()))
                on_roll
                result=move || view! { <ResultView state data/> }
                odds=move || view! { <OddsDetail odds=detail_odds makes_check=detail_checks has_force/> }
            />
        </div>
    }
}
