//! The Highest d6 tray's rare parts, drawn from the app's rare code (`ui::extras`).

use leptos::prelude::*;

use super::D6State;
use super::faces::PipDie;
use super::prompts::{CostPrompt, FacetPrompt, HarmPrompt};
use super::scene_panel::ScenePanel;
use crate::core::coach::D6Coach;
use crate::core::highest_d6::{D6Check, D6Roll};
use crate::core::history::RecordedRoll;
use crate::ui::app_data::AppData;
use crate::ui::coach::{Hint, keep_counting};
use crate::ui::dock::DockPanel;
use crate::ui::recorder::record_entered;

/// What the shown outcome asks next: harm to mark, a facet to make, a cost to note.
pub fn prompts(data: AppData) -> AnyView {
    view! { <Prompts state=D6State::of(data) data/> }.into_any()
}

/// The scene's facets, and End scene.
pub fn scene(data: AppData) -> AnyView {
    view! { <ScenePanel data/> }.into_any()
}

/// The prompts for the shown roll, redrawn when another roll is shown.
#[component]
fn Prompts(state: D6State, data: AppData) -> impl IntoView {
    move || {
        let shown = state.shown.get().filter(|_| !state.read_only.get());
        shown
            .and_then(|e| match e.roll {
                RecordedRoll::HighestD6(check) => Some((e.id, check)),
                _ => None,
            })
            .map(|(id, check)| {
                view! {
                    <HarmPrompt check=check.clone() id state data/>
                    <FacetPrompt check=check.clone() id state data/>
                    <CostPrompt id check state data/>
                }
            })
    }
}

/// Real dice: each die at the table, 1 to 6.
pub fn enter_dice(data: AppData) -> AnyView {
    view! { <EnterDice state=D6State::of(data) data/> }.into_any()
}

/// A row of six faces per die the pool throws, then Read them, resolved exactly as the
/// app's own roll (harm, facet and cost prompts follow) and kept as real dice.
#[component]
fn EnterDice(state: D6State, data: AppData) -> impl IntoView {
    let plan = state.plan.get_untracked();
    let count = plan.dice_thrown() as usize;
    let picked = RwSignal::new(vec![None::<u8>; count]);
    let read = move |_| {
        let Some(faces) = picked
            .get_untracked()
            .into_iter()
            .collect::<Option<Vec<u8>>>()
        else {
            return state.snackbar.say("Tap what every die shows first.");
        };
        let roll = match D6Roll::from_entered(state.plan.get_untracked(), &faces) {
            Ok(roll) => roll,
            Err(reason) => return state.snackbar.say(reason),
        };
        let (kind, conflict) = state.setup.with_untracked(|s| (s.kind, s.conflict));
        let check = D6Check {
            roll,
            pool_line: state.pool.with_untracked(|p| p.sum_line()),
            kind,
            conflict,
            cost: None,
        };
        let label = state.label.get_untracked();
        match record_entered(data, &label, RecordedRoll::HighestD6(check)) {
            Ok(entry) => {
                state
                    .rolled_for
                    .set(data.roster().with_untracked(|r| r.active_id()));
                state.read_only.set(false);
                state.shown.set(Some(entry));
                state.panel.set(DockPanel::Result);
            }
            Err(reason) => state.snackbar.say(reason),
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
                            aria-pressed=move || picked.with(|p| p[index] == Some(face)).to_string()
                            on:click=move |_| picked.update(|p| p[index] = Some(face))
                        >
                            <PipDie face/>
                        </button>
                    </li>
                })
                .collect_view();
            view! {
                <li class="enter-die">
                    <p class="enter-title">{format!("Die {}", index + 1)}</p>
                    <ul class="enter-faces">{faces}</ul>
                </li>
            }
        })
        .collect_view();
    view! {
        <section class="enter" aria-label="Real dice">
            <p class="hint">"Rolled at the table? Tap what each die shows; the tray reads it as its own roll."</p>
            <p class="hint" hidden=plan.rule_note().is_none()>{plan.rule_note().unwrap_or_default()}</p>
            <ol class="enter-dice">{rows}</ol>
            <button
                type="button"
                class="roll"
                disabled=move || picked.with(|p| p.iter().any(Option::is_none))
                on:click=read
            >
                "Read these dice"
            </button>
        </section>
    }
}

/// Starts counting the hints: what one tap on each control would do (a die more or fewer,
/// each facet), recounted one frame after each change, hidden when the setting is off.
pub fn start_coach(data: AppData) -> AnyView {
    let state = D6State::of(data);
    keep_counting(
        data,
        state.hints,
        // Read each time, so a change of character, scene or rule counts again too.
        move || {
            let rule = data.settings().with(|s| s.zero_dice);
            (
                state.setup.get(),
                data.roster().get(),
                data.scene().get(),
                rule,
            )
        },
        |(setup, roster, scene, rule)| {
            D6Coach::of(&setup, roster.active(), &scene, rule)
                .deltas()
                .iter()
                .map(|d| (d.tap, Hint::of(&d.success, None)))
                .collect()
        },
    );
    ().into_any()
}
