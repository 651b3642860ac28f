//! The narrative dice tray: pick dice, see exact odds live, roll, re-roll, save and share.
//! What is used every roll comes first; the rest is folded away, its code fetched when
//! first opened.

mod added_symbols;
mod dice_picker;
pub(crate) mod links;
mod odds_panel;
mod pool_summary;
mod rare;
mod result_view;
mod roll;
mod saved_pools;
mod soon;
mod state;
mod story_points;

pub use state::NarrativeState;

use leptos::prelude::*;

use added_symbols::AddedSymbols;
use dice_picker::DicePicker;
use odds_panel::BarChances;
use pool_summary::PoolSummary;

use crate::core::history::RollAgain;
use crate::core::narrative::{NarrativeOdds, NarrativePool};
use crate::route::Page;
use crate::ui::lazy::Lazy;
use crate::ui::root;
use crate::ui::tray::character_bar::CharacterBar;
use crate::ui::tray::frame::{TrayFrame, TrayParts, tray_parts};
use crate::ui::tray::gm_side::GmSide;
use crate::ui::widgets::fold::Fold;
use crate::ui::widgets::label_field::LabelField;

root::page! { module narrative_page, Page::NARRATIVE.path(),
|data| view! { <NarrativeTray state=NarrativeState::of(data)/> } }

/// What the frame fetches later: the rare panels, and what follows once the page is idle.
const PARTS: TrayParts<NarrativeState> = tray_parts!(odds: Some(rare::odds));

/// The Narrative dice page: picker, pool, label, the folded rare panels, and the dock.
#[component]
pub fn NarrativeTray(state: NarrativeState) -> impl IntoView {
    let core = state.core;
    // Recomputed on every tap; exact and well under a frame even for a full tray.
    let odds = Memo::new(move |_| state.pool.with(NarrativeOdds::of));
    let makes_check = Signal::derive(move || state.pool.with(NarrativePool::makes_check));
    let headline = core.headline();
    // Roll's code is the tray's `soon` module, most often here before the first tap.
    let on_roll = Callback::new(move |()| core.roll_soon(move || soon::roll(state)));
    let story_note = Signal::derive(move || {
        state
            .story_points
            .with(|p| p.naming().counts_words(p.counts()))
    });
    let roll_again = Callback::new(move |again: RollAgain| {
        core.roll_soon(move || soon::roll_again(state, again))
    });
    let added_count = Signal::derive(move || {
        state.pool.with(|p| match p.added_count() {
            0 => String::new(),
            n => format!("{n} added"),
        })
    });
    view! {
        <TrayFrame
            state
            core
            parts=PARTS
            title=Page::NARRATIVE.title()
            headline
            chances=move || view! { <BarChances odds makes_check/> }
            roll_label="Roll"
            can_roll=Signal::derive(move || state.pool.with(|p| !p.is_empty()))
            on_roll
            result=move || view! { <Lazy preload=soon::preload draw=move || soon::result(state) when=core.rolls_here()/> }
            roll_again
        >
            <CharacterBar roster=core.roster/>
            <DicePicker state/>
            <GmSide side=core.gm_side/>
            <PoolSummary state/>
            <LabelField id="roll-label" placeholder="e.g. Pilot: evade the TIEs" label=core.label on_roll/>
            <Fold folds=core.folds id="narrative-added" title="Added symbols" summary=added_count>
                <AddedSymbols state/>
            </Fold>
            <Fold folds=core.folds id="narrative-story" title="Story points" summary=story_note>
                <Lazy preload=rare::preload draw=move || rare::story_points(state)/>
            </Fold>
            <Fold folds=core.folds id="narrative-saved" title="Saved pools">
                <Lazy preload=rare::preload draw=move || rare::saved_pools(state)/>
            </Fold>
        </TrayFrame>
    }
}
