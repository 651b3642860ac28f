//! The narrative dice tray: pick dice, see exact odds live, roll, re-roll, save and share.
//! What is used every roll comes first; the rest is folded away, its code fetched when
//! first opened.

mod added_symbols;
mod dice_picker;
pub(crate) mod links;
mod odds_panel;
mod pool_summary;
pub(crate) mod rare;
mod result_view;
mod roll;
mod saved_pools;
mod state;
mod story_points;

pub use state::NarrativeState;

use leptos::prelude::*;

use added_symbols::AddedSymbols;
use dice_picker::DicePicker;
use odds_panel::BarChances;
use pool_summary::PoolSummary;
use result_view::ResultView;

use crate::core::history::{RecordedRoll, RollAgain};
use crate::core::narrative::{NarrativeOdds, NarrativePool};
use crate::ui::shell::app_data::AppData;
use crate::ui::shell::pages::PageRare;
use crate::ui::shell::rare::{Rare as AppRare, RareView};
use crate::ui::tray::character_bar::CharacterBar;
use crate::ui::tray::frame::TrayFrame;
use crate::ui::tray::gm_side::GmSide;
use crate::ui::widgets::fold::Fold;
use crate::ui::widgets::label_field::LabelField;

/// The Narrative dice page: picker, pool, label, the folded rare panels, and the dock.
#[component]
pub fn NarrativeTray(data: AppData) -> impl IntoView {
    let state = NarrativeState::of(data);
    let core = state.core;
    // Recomputed on every tap; exact and well under a frame even for a full tray.
    let odds = Memo::new(move |_| state.pool.with(NarrativeOdds::of));
    let makes_check = Signal::derive(move || state.pool.with(NarrativePool::makes_check));
    let headline = core.headline(|roll| match roll {
        RecordedRoll::Narrative(roll) => {
            Some((roll.result().headline().to_string(), roll.result().tone()))
        }
        _ => None,
    });
    let on_roll = Callback::new(move |()| roll::roll(state, data));
    let story_note = Signal::derive(move || {
        data.story_points()
            .with(|p| p.naming().counts_words(p.counts()))
    });
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
        <TrayFrame
            data
            core
            rare=rare::ask
            title="Narrative dice"
            headline
            chances=move || view! { <BarChances odds makes_check/> }
            roll_label="Roll"
            can_roll=Signal::derive(move || state.pool.with(|p| !p.is_empty()))
            on_roll
            result=move || view! { <ResultView state data/> }
            roll_again
        >
            <CharacterBar roster=data.roster()/>
            <DicePicker state/>
            <GmSide side=core.gm_side/>
            <PoolSummary state/>
            <LabelField id="roll-label" placeholder="e.g. Pilot: evade the TIEs" label=core.label on_roll/>
            <Fold data id="narrative-added" title="Added symbols" summary=added_count>
                <AddedSymbols state/>
            </Fold>
            <Fold data id="narrative-story" title="Story points" summary=story_note>
                <RareView data ask=AppRare::Page(PageRare::Narrative(rare::Rare::StoryPoints))/>
            </Fold>
            <Fold data id="narrative-saved" title="Saved pools">
                <RareView data ask=AppRare::Page(PageRare::Narrative(rare::Rare::SavedPools))/>
            </Fold>
        </TrayFrame>
    }
}
