//! The narrative dice tray: pick dice, see exact odds live, roll, re-roll, save and share.
//! What is used every roll comes first; the rest is folded away, its code fetched when
//! first opened.

mod added_symbols;
mod dice_picker;
pub(crate) mod extras;
pub(crate) mod icons;
pub(crate) mod links;
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
use odds_panel::BarChances;
use pool_summary::PoolSummary;
use result_view::ResultView;

use crate::core::history::{RecordedRoll, RollAgain};
use crate::core::narrative::{NarrativeOdds, NarrativePool};
use crate::route::Page;
use crate::ui::app_data::AppData;
use crate::ui::browser::wide;
use crate::ui::character_bar::CharacterBar;
use crate::ui::coach::start_on_first_tap;
use crate::ui::deferred::Deferred;
use crate::ui::dock::{DockPanel, Headline, RollDock};
use crate::ui::extras::{__preload_extras, Extra, extra, run_extra};
use crate::ui::fold::Fold;
use crate::ui::gm_side::GmSide;
use crate::ui::history::history_fold;
use crate::ui::label_field::LabelField;
use crate::ui::story_points::StoryPointsSpend;

/// The Narrative dice page: picker, pool, label, the folded rare panels, and the dock.
#[component]
pub fn NarrativeTray(data: AppData) -> impl IntoView {
    let state = NarrativeState::of(data);
    Effect::new(move |_| {
        if let Some(shared) = data.take_shared(Page::Narrative) {
            run_extra(data, Extra::OpenLink(Page::Narrative, shared));
        }
    });
    // Recomputed on every tap; exact and well under a frame even for a full tray.
    let odds = Memo::new(move |_| state.pool.with(NarrativeOdds::of));
    let makes_check = Signal::derive(move || state.pool.with(NarrativePool::makes_check));
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
    let coach = move || start_on_first_tap(data, state.coach_started, Extra::NarrativeCoach);
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
        <div class="tray-page" on:pointerdown=move |_| coach() on:keydown=move |_| coach()>
            <h1 class="visually-hidden">"Narrative dice"</h1>
            <CharacterBar roster=data.roster()/>
            <DicePicker state/>
            <GmSide side=state.gm_side/>
            <PoolSummary state/>
            <LabelField id="roll-label" placeholder="e.g. Pilot: evade the TIEs" label=state.label on_roll/>
            <Fold data id="narrative-added" title="Added symbols" summary=added_count>
                <AddedSymbols state/>
            </Fold>
            <Fold data id="narrative-story" title="Story points" summary=story_note>
                <StoryPointsSpend data/>
            </Fold>
            <Fold data id="narrative-share" title="Share">
                <Deferred preload=__preload_extras draw=move || extra(data, Extra::Share(Page::Narrative))/>
            </Fold>
            <Fold data id="narrative-saved" title="Saved pools">
                <Deferred preload=__preload_extras draw=move || extra(data, Extra::NarrativeSavedPools)/>
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
                enter=move || view! {
                    <Deferred preload=__preload_extras draw=move || extra(data, Extra::NarrativeEnter)/>
                }
                odds=move || view! {
                    // Drawn from the rare code when the player opens the odds (at once on a
                    // wide screen, where the dock shows them beside the result).
                    <Deferred
                        preload=__preload_extras
                        draw=move || extra(data, Extra::NarrativeOdds)
                        when=Signal::derive(move || state.panel.get() == DockPanel::Odds || wide())
                    />
                }
            />
        </div>
    }
}
