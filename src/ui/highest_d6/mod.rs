//! The Highest d6 tray: base dice and facets, challenge and conflict, live exact odds of the
//! five outcomes, the roll with its deciding dice, and what the outcome asks next. What is
//! used every roll comes first; the rest is folded away, its code fetched when first opened.

mod challenge_panel;
pub(crate) mod extras;
pub(crate) mod faces;
pub(crate) mod links;
mod odds_panel;
mod pool_panel;
mod prompts;
mod result_view;
mod roll;
mod scene_panel;
mod state;
mod zero_dice;

pub use state::D6State;

use leptos::prelude::*;

use challenge_panel::ChallengePanel;
use odds_panel::{BarChances, OddsPanel};
use pool_panel::PoolPanel;
use result_view::ResultView;
use zero_dice::ZeroDiceChoice;

use crate::core::history::{RecordedRoll, RollAgain};
use crate::route::Page;
use crate::ui::app_data::AppData;
use crate::ui::character_bar::CharacterBar;
use crate::ui::coach::start_on_first_tap;
use crate::ui::deferred::Deferred;
use crate::ui::dock::{Headline, RollDock};
use crate::ui::extras::{__preload_extras, Extra, extra, run_extra};
use crate::ui::fold::Fold;
use crate::ui::gm_side::GmSide;
use crate::ui::history::history_fold;
use crate::ui::label_field::LabelField;

/// The whole tray.
#[component]
pub fn D6Tray(data: AppData) -> impl IntoView {
    let state = D6State::of(data);
    Effect::new(move |_| {
        if let Some(shared) = data.take_shared(Page::HighestD6) {
            run_extra(data, Extra::OpenLink(Page::HighestD6, shared));
        }
    });
    let headline = Signal::derive(move || {
        state.shown.with(|e| {
            e.as_ref().and_then(|e| match &e.roll {
                RecordedRoll::HighestD6(check) => Some(Headline {
                    text: check.outcome().title().to_string(),
                    tone: check.outcome().tone(),
                    id: e.id,
                }),
                _ => None,
            })
        })
    });
    let rule_note =
        Signal::derive(move || data.settings().with(|s| s.zero_dice.title().to_string()));
    let scene_note = Signal::derive(move || {
        data.scene().with(|s| match s.facets.items().len() {
            0 => String::new(),
            1 => "1 facet".to_string(),
            n => format!("{n} facets"),
        })
    });
    let on_roll = Callback::new(move |()| roll::roll(state, data));
    let coach = move || start_on_first_tap(data, state.coach_started, Extra::D6Coach);
    let roll_again = Callback::new(move |again: RollAgain| {
        if let RollAgain::HighestD6 {
            base,
            kind,
            conflict,
            ..
        } = again
        {
            state.change(|s| {
                if let Some(base) = base {
                    s.base = base;
                }
                s.kind = kind;
                s.conflict = conflict;
            });
            roll::roll(state, data);
        }
    });
    view! {
        <div class="tray-page" on:pointerdown=move |_| coach() on:keydown=move |_| coach()>
            <h1 class="visually-hidden">"Highest d6"</h1>
            <CharacterBar roster=data.roster() show_harm=true/>
            <PoolPanel state data/>
            <GmSide side=state.gm_side/>
            <ChallengePanel state/>
            <LabelField id="d6-roll-label" placeholder="e.g. Climb the sea wall" label=state.label on_roll/>
            <Fold data id="d6-share" title="Share">
                <Deferred preload=__preload_extras draw=move || extra(data, Extra::Share(Page::HighestD6))/>
            </Fold>
            <Fold data id="d6-scene" title="Scene facets" summary=scene_note>
                <Deferred preload=__preload_extras draw=move || extra(data, Extra::D6Scene)/>
            </Fold>
            <Fold data id="d6-zero-dice" title="When no dice are left" summary=rule_note>
                <ZeroDiceChoice data/>
            </Fold>
            {history_fold(data, Page::HighestD6, roll_again)}
            <RollDock
                data
                panel=state.panel
                headline
                chances=move || view! { <BarChances state/> }
                roll_label="Roll"
                can_roll=true
                on_roll
                result=move || view! { <ResultView state data/> }
                enter=move || view! {
                    <Deferred preload=__preload_extras draw=move || extra(data, Extra::D6Enter)/>
                }
                odds=move || view! { <OddsPanel state/> }
            />
        </div>
    }
}
