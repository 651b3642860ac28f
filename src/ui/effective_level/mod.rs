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
mod faces;
mod follow_up;
mod format;
mod level;
pub(crate) mod links;
mod modifiers;
mod odds_panel;
mod result_view;
mod roll;
mod scene;
mod state;
mod turn;
mod wager;

pub use state::ElState;

use leptos::prelude::*;

use against::AgainstPanel;
use chances::BarChances;
use level::YourEl;
use odds_panel::OddsDetail;
use result_view::ResultView;
use wager::WagerPanel;

use crate::core::effective_level::ElSetup;
use crate::route::Page;
use crate::ui::app_data::AppData;
use crate::ui::character_bar::CharacterBar;
use crate::ui::coach::start_on_first_tap;
use crate::ui::deferred::Deferred;
use crate::ui::dock::{DockPanel, Headline, RollDock};
use crate::ui::extras::{__preload_extras, Extra, extra, run_extra};
use crate::ui::fold::Fold;
use crate::ui::gm_side::GmSide;
use crate::ui::history::history_fold;
use crate::ui::label_field::LabelField;

/// The tray's panels whose code comes when first drawn, with the app's other rare code
/// (`ui::extras`): the rare ones, the odds in detail, and the builder, which needs a
/// character made first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RarePanel {
    /// The EL built from the character's sheet.
    Builder,
    /// The dice of each side, the chance of going over, the best dice.
    Dice,
    /// The turn split into portions.
    Turn,
    /// The scene's obstacles, boosts and conditions.
    Scene,
    /// What may follow the shown roll: its effect for an obstacle, its wager kept.
    FollowUp,
    /// The odds in detail, in the dock.
    Odds,
    /// Real dice: each die's value, entered.
    Enter,
    /// What a wager is dedicated to.
    Dedicated,
    /// The hints' counting: what one tap on each control would do.
    Coach,
}

/// Draws one of the tray's rare panels: called from the app's rare code (`ui::extras`).
pub fn rare_panel(data: AppData, which: RarePanel) -> AnyView {
    let state = ElState::of(data);
    match which {
        RarePanel::Builder => view! { <builder::Builder state data/> }.into_any(),
        RarePanel::FollowUp => view! { <follow_up::FollowUps state data/> }.into_any(),
        RarePanel::Dice => view! { <dice::DicePanel state/> }.into_any(),
        RarePanel::Turn => view! { <turn::TurnPanel state data/> }.into_any(),
        RarePanel::Scene => view! { <scene::ScenePanel state data/> }.into_any(),
        RarePanel::Odds => view! { <OddsDetail state/> }.into_any(),
        RarePanel::Enter => view! { <enter::EnterDice state data/> }.into_any(),
        RarePanel::Dedicated => view! { <dedicated::DedicatedEffect state/> }.into_any(),
        RarePanel::Coach => coach::start(data),
    }
}

/// The whole tray.
#[component]
pub fn ElTray(data: AppData) -> impl IntoView {
    let state = ElState::of(data);
    Effect::new(move |_| {
        if let Some(shared) = data.take_shared(Page::EffectiveLevel) {
            run_extra(data, Extra::OpenLink(Page::EffectiveLevel, shared));
        }
    });
    let headline = Signal::derive(move || {
        state.shown.with(|s| {
            s.as_ref().map(|s| {
                let (text, tone) = s.headline();
                Headline {
                    text,
                    tone,
                    id: s.entry.id,
                }
            })
        })
    });
    let on_roll = Callback::new(move |()| roll::roll(state, data));
    let start_coach =
        move || start_on_first_tap(data, state.coach_started, Extra::El(RarePanel::Coach));
    let roll_label = Signal::derive(move || state.setup.with(ElSetup::roll_label));
    view! {
        <div class="tray-page el-tray" on:pointerdown=move |_| start_coach() on:keydown=move |_| start_coach()>
            <h1 class="visually-hidden">"Effective Level"</h1>
            <CharacterBar roster=data.roster() show_harm=true/>
            <YourEl state data/>
            <GmSide side=state.gm_side/>
            <AgainstPanel state/>
            <WagerPanel state data/>
            <LabelField id="el-roll-label" placeholder="e.g. Strike the goblin" label=state.label on_roll/>
            <Fold data id="el-share" title="Share">
                <Deferred preload=__preload_extras draw=move || extra(data, Extra::Share(Page::EffectiveLevel))/>
            </Fold>
            <Fold data id="el-dice" title="Dice" summary=dice_note(state)>
                <Deferred preload=__preload_extras draw=move || extra(data, Extra::El(RarePanel::Dice))/>
            </Fold>
            <Fold data id="el-turn" title="Turn">
                <Deferred preload=__preload_extras draw=move || extra(data, Extra::El(RarePanel::Turn))/>
            </Fold>
            <Fold data id="el-scene" title="Scene" summary=scene_note(data)>
                <Deferred preload=__preload_extras draw=move || extra(data, Extra::El(RarePanel::Scene))/>
            </Fold>
            {history_fold(data, Page::EffectiveLevel, Callback::new(move |again| roll::roll_again(state, data, again)))}
            <RollDock
                data
                panel=state.panel
                headline
                chances=move || view! { <BarChances state/> }
                roll_label
                can_roll=Signal::derive(move || state.check.with(Result::is_ok))
                on_roll
                result=move || view! { <ResultView state data/> }
                odds=move || view! { <DeferredOdds state data/> }
                enter=move || view! {
                    <Deferred preload=__preload_extras draw=move || extra(data, Extra::El(RarePanel::Enter))/>
                }
            />
        </div>
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
fn scene_note(data: AppData) -> Signal<String> {
    Signal::derive(move || {
        data.scene().with(|s| {
            let counted = |n: usize, one: &str, many: &str| match n {
                0 => None,
                1 => Some(format!("1 {one}")),
                n => Some(format!("{n} {many}")),
            };
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

/// The odds in detail, whose code comes with the rare panels': fetched the first time the
/// dock shows them (at once on a wide screen, where they always show).
#[component]
fn DeferredOdds(state: ElState, data: AppData) -> impl IntoView {
    let is_wide = || {
        web_sys::window()
            .and_then(|w| w.inner_width().ok())
            .and_then(|w| w.as_f64())
            .is_some_and(|w| w >= 700.0)
    };
    let wide = RwSignal::new(is_wide());
    // A phone turned sideways becomes a wide screen.
    let listening = window_event_listener(leptos::ev::resize, move |_| wide.set(is_wide()));
    on_cleanup(move || listening.remove());
    let wanted = Signal::derive(move || wide.get() || state.panel.get() == DockPanel::Odds);
    view! {
        <Deferred
            preload=__preload_extras
            draw=move || extra(data, Extra::El(RarePanel::Odds))
            when=wanted
            fallback=|| view! { <p class="hint">"Counting the odds…"</p> }
        />
    }
}
