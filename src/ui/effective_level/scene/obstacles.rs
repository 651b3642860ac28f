//! Obstacles that fall to accumulated effect: each with its progress, the chance to finish
//! it within a few rolls at the tray's EL, "Roll at it", and "Rolls against you" for one
//! that has its own EL.

use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use crate::ui::widgets::when::When;

use super::actions::{against_you, at_obstacle_check, remove, roll_at};
use crate::core::effective_level::{MAX_EL, against_obstacle, finish_within};
use crate::core::facet::MAX_NAME_CHARS;
use crate::core::scene::MAX_SCENE_VALUE;
use crate::ui::effective_level::state::ElState;
use crate::ui::widgets::text_input::{NumberInput, TextInput};

/// The scene's obstacles and the form to add one.
#[component]
pub fn Obstacles(state: ElState) -> impl IntoView {
    let ids = move || {
        state
            .scene
            .with(|s| s.obstacles.iter().map(|o| o.id).collect::<Vec<_>>())
    };
    view! {
        <h3 class="sub-title">"Obstacles"</h3>
        <ul class="portions">
            <For each=ids key=|id| *id children=move |id| view! { <ObstacleRow state id/> }/>
        </ul>
        <When when=move || !state.scene.gm_sets()>
            <AddObstacle state/>
        </When>
    }
}

/// An obstacle as its row shows it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
struct Row {
    status: String,
    target: u32,
    progress: u32,
    el: u32,
    done: bool,
    /// The chance to finish it within 1, 2 and 3 rolls at the tray's EL, in words.
    within: Option<String>,
}

/// One obstacle: its progress, its odds, and what can be done with it.
#[component]
fn ObstacleRow(state: ElState, id: u64) -> impl IntoView {
    let name = state.scene.with_untracked(|s| {
        s.obstacles
            .iter()
            .find(|o| o.id == id)
            .map(|o| o.name.clone())
            .unwrap_or_default()
    });
    let row = Memo::new(move |_| {
        let check = at_obstacle_check(state);
        state.scene.with(|s| {
            let Some(o) = s.obstacles.iter().find(|o| o.id == id) else {
                return Row::default();
            };
            let within = check.filter(|_| !o.done()).map(|check| {
                let effect = against_obstacle(&check.me, o.el, 0).odds().effect;
                let chances: Vec<String> = (1..=3)
                    .map(|k| {
                        format!(
                            "{k}: {}",
                            finish_within(&effect, o.remaining(), k).percent_text()
                        )
                    })
                    .collect();
                let resisted = if o.el > 0 {
                    "against its resistance, "
                } else {
                    ""
                };
                format!(
                    "Chance to finish at this EL, {resisted}within rolls {}",
                    chances.join(", ")
                )
            });
            Row {
                status: format!(
                    "· {} of {}{} · EL {}",
                    o.progress.min(o.target),
                    o.target,
                    if o.done() { " · done" } else { "" },
                    o.el
                ),
                target: o.target,
                progress: o.progress.min(o.target),
                el: o.el,
                done: o.done(),
                within,
            }
        })
    });
    let fill = move || {
        row.with(|r| {
            format!(
                "--p:{}",
                u64::from(r.progress) * 10_000 / u64::from(r.target.max(1))
            )
        })
    };
    let at_label = format!("Roll at it: {name}");
    let against_label = format!("{name} rolls against you");
    let remove_label = format!("Remove {name}");
    let progress_label = format!("Progress on {name}");
    let removed = name.clone();
    view! {
        <li class="portion obstacle" aria-label=format!("Obstacle {name}")>
            <p class="portion-head"><strong>{name.clone()}</strong>" "{move || row.with(|r| r.status.clone())}</p>
            <span
                class="progress-meter"
                role="progressbar"
                aria-label=progress_label
                aria-valuemin="0"
                aria-valuemax=move || row.with(|r| r.target)
                aria-valuenow=move || row.with(|r| r.progress)
            >
                <span class="meter-fill" style=fill></span>
            </span>
            <p class="hint" hidden=move || row.with(|r| r.within.is_none())>{move || row.with(|r| r.within.clone())}</p>
            <div class="row-actions">
                <When when=move || row.with(|r| r.within.is_some())>
                    <button type="button" class="small" aria-label=at_label.clone() on:click=move |_| roll_at(state, id)>
                        "Roll at it"
                    </button>
                </When>
                <When when=move || row.with(|r| r.el > 0)>
                    <button type="button" class="small" aria-label=against_label.clone() on:click=move |_| against_you(state, id)>
                        "Rolls against you"
                    </button>
                </When>
                <When when=move || !state.scene.gm_sets()>
                    <button type="button" class="small" aria-label=remove_label.clone() on:click={
                        let removed = removed.clone();
                        move |_| remove(state, id, &removed)
                    }>
                        "Remove"
                    </button>
                </When>
            </div>
        </li>
    }
}

/// Name, target and the obstacle's own EL (0 when it does not resist).
#[component]
fn AddObstacle(state: ElState) -> impl IntoView {
    let name = RwSignal::new(String::new());
    let target = RwSignal::new(String::new());
    let el = RwSignal::new(String::new());
    let add = move |ev: SubmitEvent| {
        ev.prevent_default();
        let number =
            |field: RwSignal<String>| field.with_untracked(|v| v.trim().parse().unwrap_or(0));
        let typed = name.get_untracked();
        let mut outcome = Ok(0);
        state
            .scene
            .update(|s| outcome = s.add_obstacle(&typed, number(target), number(el)));
        match outcome {
            Ok(_) => {
                for field in [name, target, el] {
                    field.set(String::new());
                }
            }
            Err(reason) => state.core.snackbar.say(reason),
        }
    };
    view! {
        <form class="facet-form" on:submit=add>
            <TextInput value=name label="Obstacle name" placeholder="e.g. Barred door" max_chars=MAX_NAME_CHARS/>
            <NumberInput value=target label="Target" placeholder="Target" min=1 max={i64::from(MAX_SCENE_VALUE)}/>
            <NumberInput value=el label="Obstacle's EL" placeholder="EL" min=0 max={i64::from(MAX_EL)}/>
            <button type="submit" class="small">"Add obstacle"</button>
        </form>
    }
}
