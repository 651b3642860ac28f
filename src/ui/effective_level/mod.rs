//! The Effective Level tray: who rolls and their harm; your EL (quick, or built from the
//! character); the other side; a wager for the next roll; the label; then, folded, the dice,
//! the turn, the scene and History, their code fetched when first opened; and the roll dock
//! with the chances that matter, the result with every die, and the odds in detail.

mod against;
mod builder;
mod chances;
mod coach;
mod dedicated;
mod dice;
mod enter;
mod follow_up;
mod format;
mod level;
mod links;
mod modifiers;
mod odds_panel;
mod rare;
mod result_view;
mod roll;
mod scene;
mod soon;
mod state;
mod turn;
mod wager;

pub use state::ElState;

use leptos::prelude::*;

use against::AgainstPanel;
use chances::BarChances;
use level::YourEl;
use wager::WagerPanel;

use crate::core::words::counted;
use crate::route::Page;
use crate::ui::lazy::Lazy;
use crate::ui::root;
use crate::ui::tray::character_bar::CharacterBar;
use crate::ui::tray::frame::{TrayFrame, TrayParts, tray_parts};
use crate::ui::tray::gm_side::GmSide;
use crate::ui::tray::scene_here::SceneHere;
use crate::ui::widgets::fold::Fold;
use crate::ui::widgets::label_field::LabelField;

root::page! { module el_page, Page::EFFECTIVE_LEVEL.path(),
|data| view! { <ElTray state=ElState::of(data)/> } }

/// What the frame fetches later: the rare panels, and what follows once the page is idle.
const PARTS: TrayParts<ElState> = tray_parts!(odds: Some(rare::odds));

/// The whole tray.
#[component]
pub fn ElTray(state: ElState) -> impl IntoView {
    let core = state.core;
    let headline = core.headline();
    // Roll's code is the tray's `soon` module, most often here before the first tap.
    let on_roll = Callback::new(move |()| core.roll_soon(move || soon::roll_bar(state)));
    let roll_label = Signal::derive(move || roll::bar_label(state));
    let can_roll = Signal::derive(move || roll::bar_can_roll(state));
    view! {
        <TrayFrame
            state
            core
            parts=PARTS
            title=Page::EFFECTIVE_LEVEL.title()
            class="el-tray"
            headline
            chances=move || view! { <BarChances state/> }
            roll_label
            can_roll
            on_roll
            result=move || view! { <Lazy preload=soon::preload draw=move || soon::result(state) when=core.rolls_here()/> }
            roll_again=Callback::new(move |again| {
                core.roll_soon(move || soon::roll_again(state, again))
            })
        >
            <CharacterBar roster=core.roster show_harm=true/>
            <YourEl state/>
            <GmSide side=core.gm_side/>
            <AgainstPanel state/>
            <WagerPanel state/>
            <LabelField id="el-roll-label" placeholder="e.g. Strike the goblin" label=core.label on_roll/>
            <Fold folds=core.folds id="el-dice" title="Dice" summary=dice_note(state)>
                <Lazy preload=rare::preload draw=move || rare::dice(state)/>
            </Fold>
            <Fold folds=core.folds id="el-turn" title="Turn">
                <Lazy preload=rare::preload draw=move || rare::turn(state)/>
            </Fold>
            <Fold folds=core.folds id="el-scene" title="Scene" summary=scene_note(state.scene)>
                <Lazy preload=rare::preload draw=move || rare::scene(state)/>
            </Fold>
        </TrayFrame>
    }
}

/// The Dice fold's note: each side's dice.
fn dice_note(state: ElState) -> Signal<String> {
    Signal::derive(move || {
        state.setup.with(|s| match s.against {
            Some(_) => format!("{} vs {}", s.dice.describe(), s.their_dice.describe()),
            None => s.dice.describe(),
        })
    })
}

/// The Scene fold's note: what the scene holds.
fn scene_note(scene: SceneHere) -> Signal<String> {
    Signal::derive(move || {
        scene.with(|s| {
            [
                counted(s.obstacles.len(), "obstacle", "obstacles"),
                counted(s.boosts.len(), "boost", "boosts"),
                counted(s.residuals.len(), "condition", "conditions"),
            ]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" · ")
        })
    })
}
