//! The Highest d6 tray's rare parts, each drawn the first time it is wanted: what the
//! shown outcome asks next, the scene's facets, the Share fold's links and real dice. Their
//! code is the module `d6_rare`, fetched on the first such tap or roll.

use leptos::prelude::*;

use super::D6State;
use super::links::SHARE_LINKS;
use super::prompts::{CostPrompt, FacetPrompt, HarmPrompt};
use super::scene_panel::ScenePanel;
use crate::core::highest_d6::{D6Check, D6Roll};
use crate::core::history::RecordedRoll;
use crate::ui::lazy;
use crate::ui::panels::share_links::ShareLinks;
use crate::ui::widgets::dice::pips::PipDie;
use crate::ui::widgets::real_dice::{DieFaces, RealDicePanel};

lazy::split! { module rare, preload preload;
    /// What the shown outcome asks next: harm to mark, a facet to make, a cost to note.
    pub fn prompts(state: D6State) -> AnyView {
        view! { <Prompts state/> }.into_any()
    }

    /// The scene's facets, and End scene.
    pub fn scene(state: D6State) -> AnyView {
        view! { <ScenePanel state/> }.into_any()
    }

    /// The links the tray offers, in its Share fold.
    pub fn share(state: D6State) -> AnyView {
        view! { <ShareLinks state table=state.core.table page=state.core.page links=SHARE_LINKS/> }.into_any()
    }

    /// Real dice: each die at the table, 1 to 6.
    pub fn enter(state: D6State) -> AnyView {
        view! { <EnterDice state/> }.into_any()
    }
}

/// The prompts for the shown roll, redrawn when another roll is shown.
#[component]
fn Prompts(state: D6State) -> impl IntoView {
    move || {
        let shown = state
            .core
            .shown
            .get()
            .filter(|s| !s.read_only())
            .map(|s| s.entry);
        shown
            .and_then(|e| match e.roll {
                RecordedRoll::HighestD6(check) => Some((e.id, check)),
                _ => None,
            })
            .map(|(id, check)| {
                view! {
                    <HarmPrompt check=check.clone() id state/>
                    <FacetPrompt check=check.clone() id state/>
                    <CostPrompt id check state/>
                }
            })
    }
}

/// A row of six faces per die the pool throws, then Read them, resolved exactly as the
/// app's own roll (harm, facet and cost prompts follow) and kept as real dice.
#[component]
fn EnterDice(state: D6State) -> impl IntoView {
    let plan = state.plan.get_untracked();
    let count = plan.dice_thrown() as usize;
    // Kept in the tray, so a reload finds the dice entered so far.
    let picked = state.core.entered_for(count);
    let read = move |()| {
        // Faces are 1 to 6, as the buttons set them.
        let faces: Option<Vec<u8>> = state
            .core
            .all_entered()
            .and_then(|all| all.into_iter().map(|f| u8::try_from(f).ok()).collect());
        let Some(faces) = faces else {
            return state.core.snackbar.say("Tap what every die shows first.");
        };
        let roll = match D6Roll::from_entered(state.plan.get_untracked(), &faces) {
            Ok(roll) => roll,
            Err(reason) => return state.core.snackbar.say(reason),
        };
        let (kind, conflict) = state.setup.with_untracked(|s| (s.kind, s.conflict));
        let check = D6Check {
            roll,
            pool_line: state.pool.with_untracked(|p| p.sum_line()),
            kind,
            conflict,
            cost: None,
        };
        match state.core.record_entered(RecordedRoll::HighestD6(check)) {
            Ok(entry) => state.show_own(entry),
            Err(reason) => state.core.snackbar.say(reason),
        }
    };
    let rows = (0..count)
        .map(|index| {
            let faces = (1..=6u8)
                .map(|face| view! {
                    <li>
                        <button
                            type="button"
                            class="enter-pip"
                            aria-label=format!("Die {}: {face}", index + 1)
                            aria-pressed=move || picked.with(|p| p.get(index) == Some(&Some(u32::from(face)))).to_string()
                            on:click=move |_| picked.update(|p| if let Some(f) = p.get_mut(index) { *f = Some(u32::from(face)) })
                        >
                            <PipDie face/>
                        </button>
                    </li>
                })
                .collect_view();
            view! { <DieFaces title=format!("Die {}", index + 1)>{faces}</DieFaces> }
        })
        .collect_view();
    let note = plan.rule_note().map(str::to_string);
    view! {
        <RealDicePanel verb="Tap" note entered=picked on_read=Callback::new(read)>
            <ol class="enter-dice">{rows}</ol>
        </RealDicePanel>
    }
}
