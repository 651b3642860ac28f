//! The Effective Level tray's rare parts, drawn from the app's rare code
//! (`ui::shell::rare`): the frame's, the folded panels, what may follow a roll, and the
//! builder, which needs a character made first.

use leptos::prelude::*;

use super::links::{SHARE_LINKS, open_link};
use super::odds_panel::OddsDetail;
use super::state::ElState;
use super::{builder, coach, dedicated, dice, enter, follow_up, scene, turn};
use crate::ui::panels::share_links::ShareLinks;
use crate::ui::shell::app_data::AppData;
use crate::ui::shell::pages::PageRare;
use crate::ui::shell::rare::Rare as AppRare;
use crate::ui::tray::contract::TrayRare;

/// The tray's rare parts: the frame's and its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rare {
    /// What the frame asks of every tray.
    Tray(TrayRare),
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
    /// What a wager is dedicated to.
    Dedicated,
    /// The bar's Roll while a turn is split: roll this portion.
    RollPortion(u64),
    /// The bar's Roll before the turn has been read: the next portion if a turn has one,
    /// else the tray's own roll.
    RollBar,
}

/// Names the tray's answer to a frame's ask among the app's rare parts.
pub fn ask(ask: TrayRare) -> AppRare {
    AppRare::Page(PageRare::EffectiveLevel(Rare::Tray(ask)))
}

/// Draws or does one of the tray's rare parts (from `ui::shell::pages`).
pub fn draw(data: AppData, ask: Rare) -> AnyView {
    let state = ElState::of(data);
    match ask {
        Rare::Builder => view! { <builder::Builder state data/> }.into_any(),
        Rare::FollowUp => view! { <follow_up::FollowUps state data/> }.into_any(),
        Rare::Dice => view! { <dice::DicePanel state/> }.into_any(),
        Rare::Turn => view! { <turn::TurnPanel state data/> }.into_any(),
        Rare::Scene => view! { <scene::ScenePanel state data/> }.into_any(),
        Rare::Dedicated => view! { <dedicated::DedicatedEffect state/> }.into_any(),
        Rare::RollPortion(id) => {
            turn::roll_portion(state, data, id);
            ().into_any()
        }
        Rare::RollBar => {
            turn::roll_next(state, data);
            ().into_any()
        }
        Rare::Tray(TrayRare::OpenLink(shared)) => {
            open_link(data, shared);
            ().into_any()
        }
        Rare::Tray(TrayRare::Share) => view! { <ShareLinks data links=SHARE_LINKS/> }.into_any(),
        Rare::Tray(TrayRare::Coach) => {
            // Asked once the tray is idle: the bar learns of a turn in play then too.
            turn::follow(state, data);
            coach::start(data)
        }
        Rare::Tray(TrayRare::Enter) => view! { <enter::EnterDice state data/> }.into_any(),
        Rare::Tray(TrayRare::Odds) => view! { <OddsDetail state/> }.into_any(),
    }
}
