//! What may follow a shown roll: its effect added to an obstacle in one tap, and a wager
//! that applied kept as a scene boost. Each happens once per roll.

use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use super::state::{ElShown, ElState, RollKind, Shown};
use crate::core::facet::MAX_NAME_CHARS;
use crate::ui::widgets::text_input::TextInput;

/// Whether the shown roll offers anything to follow it: effect for an obstacle that does
/// not resist, or a wager that applied. Cheap, so the result view asks it before fetching
/// the follow-ups' code.
pub fn offers(shown: &Shown, state: ElState) -> bool {
    let Some(roll) = shown.roll() else {
        return false;
    };
    let outcome = roll.outcome();
    let open = || {
        state
            .scene
            .with(|s| s.obstacles.iter().any(|o| !o.done() && o.el == 0))
    };
    (matches!(shown.kind, RollKind::Tray | RollKind::Portion) && outcome.effect > 0 && open())
        || (shown.kind == RollKind::Tray && outcome.wager_applied)
}

/// The follow-ups of the roll the dock shows.
#[component]
pub fn FollowUps(state: ElState) -> impl IntoView {
    move || {
        state
            .core
            .shown
            .get()
            .map(|shown| view! { <FollowUp shown state/> })
    }
}

/// The follow-ups this roll offers, if any.
#[component]
fn FollowUp(shown: Shown, state: ElState) -> impl IntoView {
    let Some(roll) = shown.roll() else {
        return ().into_any();
    };
    let id = shown.entry.id;
    let outcome = roll.outcome();
    let effect = outcome.effect;
    let to_obstacles = matches!(shown.kind, RollKind::Tray | RollKind::Portion) && effect > 0;
    let keep = (shown.kind == RollKind::Tray && outcome.wager_applied).then_some(roll.check.wager);
    view! {
        {to_obstacles.then(|| view! { <ToObstacles id effect state/> })}
        {keep.map(|wager| view! { <KeepBoost id wager state/> })}
    }
    .into_any()
}

/// One button per unfinished obstacle that does not resist (one that resists takes only
/// rolls made at it): "+3 to Rubble".
#[component]
fn ToObstacles(id: u64, effect: u32, state: ElState) -> impl IntoView {
    let open = move || {
        state.scene.with(|s| {
            s.obstacles
                .iter()
                .filter(|o| !o.done() && o.el == 0)
                .map(|o| (o.id, o.name.clone()))
                .collect::<Vec<_>>()
        })
    };
    let used = move || state.effect_used.get() == Some(id);
    let add = move |obstacle: u64, name: &str| {
        let mut outcome = Ok(false);
        state
            .scene
            .update(|s| outcome = s.add_progress(obstacle, effect));
        match outcome {
            Ok(done) => {
                state.effect_used.set(Some(id));
                state.core.snackbar.say(if done {
                    format!("{name} is overcome.")
                } else {
                    format!("Added {effect} to {name}.")
                });
            }
            Err(reason) => state.core.snackbar.say(reason),
        }
    };
    view! {
        <div class="chip-list to-obstacles" hidden=move || used() || open().is_empty()>
            {move || {
                open()
                    .into_iter()
                    .map(|(obstacle, name)| {
                        let label = format!("+{effect} to {name}");
                        view! {
                            <button
                                type="button"
                                class="chip"
                                aria-label=format!("Add {effect} to {name}")
                                on:click=move |_| add(obstacle, &name)
                            >
                                {label}
                            </button>
                        }
                    })
                    .collect_view()
            }}
        </div>
        <p class="hint" hidden=move || !used()>"Its effect went to an obstacle."</p>
    }
}

/// A name and a button that keep the wagered points as a boost for the rest of the scene.
#[component]
fn KeepBoost(id: u64, wager: u32, state: ElState) -> impl IntoView {
    let kept = move || state.boost_kept.get() == Some(id);
    let keep = move |ev: SubmitEvent| {
        ev.prevent_default();
        let name = state.boost_name.get_untracked();
        let mut outcome = Ok(0);
        state.scene.update(|s| outcome = s.add_boost(&name, wager));
        match outcome {
            Ok(_) => {
                state.boost_kept.set(Some(id));
                state
                    .core
                    .snackbar
                    .say(format!("“{}” +{wager} lasts the scene.", name.trim()));
            }
            Err(reason) => state.core.snackbar.say(reason),
        }
    };
    view! {
        <form class="facet-form keep-boost" on:submit=keep hidden=kept>
            <TextInput value=state.boost_name label="Name of the scene boost" placeholder="Name the boost" max_chars=MAX_NAME_CHARS/>
            <button type="submit" class="small">{format!("Keep +{wager} as a scene boost")}</button>
        </form>
        <p class="hint" hidden=move || !kept()>"Kept as a scene boost: tick it in the builder."</p>
    }
}
