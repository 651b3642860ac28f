//! The Highest d6 tray: base dice and facets, challenge and conflict, live exact odds of the
//! five outcomes, the roll with its deciding dice, and what the outcome asks next. What is
//! used every roll comes first; the rest is folded away, its code fetched when first opened.

mod challenge_panel;
mod links;
mod odds_panel;
mod pool_panel;
mod prompts;
mod rare;
mod result_view;
mod roll;
mod scene_panel;
mod soon;
mod state;
mod zero_dice;

pub use state::D6State;

use leptos::prelude::*;

use challenge_panel::ChallengePanel;
use odds_panel::{BarChances, OddsPanel};
use pool_panel::PoolPanel;

use zero_dice::ZeroDiceChoice;

use crate::core::history::RollAgain;
use crate::core::words::counted;
use crate::route::Page;
use crate::ui::lazy::Lazy;
use crate::ui::root;
use crate::ui::tray::character_bar::CharacterBar;
use crate::ui::tray::frame::{TrayFrame, TrayParts, tray_parts};
use crate::ui::tray::gm_side::GmSide;
use crate::ui::widgets::fold::Fold;
use crate::ui::widgets::label_field::LabelField;

root::page! { module d6_page, Page::HIGHEST_D6.path(),
|data| view! { <D6Tray state=D6State::of(data)/> } }

/// What the frame fetches later: the rare panels, and what follows once the page is idle.
/// The odds in detail are in the tray's first load.
const PARTS: TrayParts<D6State> = tray_parts!(odds: None);

/// The whole tray.
#[component]
pub fn D6Tray(state: D6State) -> impl IntoView {
    let core = state.core;
    let headline = core.headline();
    let rule_note =
        Signal::derive(move || state.settings.with(|s| s.zero_dice.title().to_string()));
    let scene_note = Signal::derive(move || {
        state
            .scene
            .with(|s| counted(s.facets.items().len(), "facet", "facets").unwrap_or_default())
    });
    // Roll's code is the tray's `soon` module, most often here before the first tap.
    let on_roll = Callback::new(move |()| core.roll_soon(move || soon::roll(state)));
    let roll_again = Callback::new(move |again: RollAgain| {
        core.roll_soon(move || soon::roll_again(state, again))
    });
    view! {
        <TrayFrame
            state
            core
            parts=PARTS
            title=Page::HIGHEST_D6.title()
            headline
            chances=move || view! { <BarChances state/> }
            roll_label="Roll"
            can_roll=true
            on_roll
            result=move || view! { <Lazy preload=soon::preload draw=move || soon::result(state) when=core.rolls_here()/> }
            odds=move || view! { <OddsPanel state/> }
            roll_again
        >
            <CharacterBar roster=state.core.roster show_harm=true/>
            <PoolPanel state/>
            <GmSide side=core.gm_side/>
            <ChallengePanel state/>
            <LabelField id="d6-roll-label" placeholder="e.g. Climb the sea wall" label=core.label on_roll/>
            <Fold folds=core.folds id="d6-scene" title="Scene facets" summary=scene_note>
                <Lazy preload=rare::preload draw=move || rare::scene(state)/>
            </Fold>
            <Fold folds=core.folds id="d6-zero-dice" title="When no dice are left" summary=rule_note>
                <ZeroDiceChoice settings=state.settings/>
            </Fold>
        </TrayFrame>
    }
}
