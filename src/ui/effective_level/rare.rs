//! The Effective Level tray's rare parts, each drawn the first time it is wanted: the EL
//! built from the sheet, the folded panels, what may follow a roll, the Share fold's links,
//! real dice and the odds in detail. Their code is the module `el_rare`, fetched on the
//! first such tap.

use leptos::prelude::*;

use super::links::SHARE_LINKS;
use super::odds_panel::OddsDetail;
use super::state::ElState;
use super::{builder, dedicated, dice, enter, follow_up, scene, turn};
use crate::ui::lazy;
use crate::ui::panels::share_links::ShareLinks;

lazy::split! { module rare, preload preload;
    /// The EL built from the character's sheet.
    pub fn builder(state: ElState) -> AnyView {
        view! { <builder::Builder state/> }.into_any()
    }

    /// What may follow the shown roll: its effect for an obstacle, its wager kept.
    pub fn follow_up(state: ElState) -> AnyView {
        view! { <follow_up::FollowUps state/> }.into_any()
    }

    /// The dice of each side, the chance of going over, the best dice.
    pub fn dice(state: ElState) -> AnyView {
        view! { <dice::DicePanel state/> }.into_any()
    }

    /// The turn split into portions.
    pub fn turn(state: ElState) -> AnyView {
        view! { <turn::TurnPanel state/> }.into_any()
    }

    /// The scene's obstacles, boosts and conditions.
    pub fn scene(state: ElState) -> AnyView {
        view! { <scene::ScenePanel state/> }.into_any()
    }

    /// What a wager is dedicated to.
    pub fn dedicated(state: ElState) -> AnyView {
        view! { <dedicated::DedicatedEffect state/> }.into_any()
    }

    /// The links the tray offers, in its Share fold.
    pub fn share(state: ElState) -> AnyView {
        view! { <ShareLinks state table=state.core.table page=state.core.page links=SHARE_LINKS/> }.into_any()
    }

    /// Real dice: each die's face at the table, entered.
    pub fn enter(state: ElState) -> AnyView {
        view! { <enter::EnterDice state/> }.into_any()
    }

    /// The odds in detail, in the dock.
    pub fn odds(state: ElState) -> AnyView {
        view! { <OddsDetail state/> }.into_any()
    }
}
