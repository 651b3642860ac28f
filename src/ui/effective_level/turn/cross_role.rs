//! A cross-role split (RULES.md section 3): the ticked roles' ELs; points go to the lowest,
//! come off every role's EL, and a role at 0 drops out. Each assignment becomes a portion.

use crate::ui::widgets::text_input::{NumberInput, TextInput};
use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use crate::core::effective_level::{CrossRoleSplit, MAX_EL};
use crate::core::facet::MAX_NAME_CHARS;
use crate::ui::effective_level::state::ElState;

/// Each step so far, the roles' ELs now, the form for the next role's points, and Done.
#[component]
pub fn CrossSplit(state: ElState) -> impl IntoView {
    let split = Memo::new(move |_| {
        state
            .turn
            .load()
            .with(|t| t.cross.clone())
            .unwrap_or_default()
    });
    let steps = move || {
        split.with(|c| {
            c.assignments
                .iter()
                .map(|a| {
                    let after: Vec<String> =
                        a.after.iter().map(|(n, el)| format!("{n} {el}")).collect();
                    let after = if after.is_empty() {
                        "no role left".to_string()
                    } else {
                        after.join(", ")
                    };
                    let step = format!("{} to {} from {} → {after}", a.points, a.label, a.role);
                    view! { <li>{step}</li> }
                })
                .collect_view()
        })
    };
    let now = move || {
        split.with(|c| {
            if c.roles.is_empty() {
                "Every role's points are given.".to_string()
            } else {
                c.roles
                    .iter()
                    .map(|r| format!("{} EL {}", r.name, r.el))
                    .collect::<Vec<_>>()
                    .join(" · ")
            }
        })
    };
    let next = Memo::new(move |_| split.with(|c| c.next_role().map(|r| r.name.clone())));
    view! {
        <div class="cross">
            <h3 class="sub-title">"Cross-role split"</h3>
            <ol class="cross-steps">{steps}</ol>
            <p class="sum-line" role="status" aria-label="Role ELs">{now}</p>
            {move || next.get().map(|role| view! { <AssignForm state role/> })}
            <button
                type="button"
                class="small"
                aria-label="Finish the cross-role split"
                on:click=move |_| clear_split(state)
            >
                "Done"
            </button>
        </div>
    }
}

/// Points from the next role, what they are for, and whether they defend.
#[component]
fn AssignForm(state: ElState, role: String) -> impl IntoView {
    let points = RwSignal::new(String::new());
    let label = RwSignal::new(String::new());
    let defence = RwSignal::new(false);
    let assign = move |ev: SubmitEvent| {
        ev.prevent_default();
        let count = points.with_untracked(|p| p.trim().parse().unwrap_or(0));
        let what = label.get_untracked().trim().to_string();
        let defends = defence.get_untracked();
        let mut outcome = Ok(());
        state.turn.load().update(|t| {
            let Some(cross) = t.cross.as_mut() else {
                return;
            };
            outcome = cross.assign(count, &what).and_then(|a| {
                let name = if a.label.is_empty() {
                    a.role.clone()
                } else {
                    a.label.clone()
                };
                t.add_assigned(&name, a.points, &a.role, defends)
                    .map(|_| ())
            });
        });
        match outcome {
            Ok(()) => {
                points.set(String::new());
                label.set(String::new());
            }
            Err(reason) => state.core.snackbar.say(reason),
        }
    };
    view! {
        <form class="facet-form" on:submit=assign>
            <span class="inline-label">{format!("Points from {role}:")}</span>
            <NumberInput value=points label=format!("Points from {role}") placeholder="Points" min=1 max={i64::from(MAX_EL)}/>
            <TextInput value=label label="What the points are for" placeholder="e.g. rally" max_chars=MAX_NAME_CHARS/>
            <select
                aria-label="Assigned portion kind"
                on:change=move |ev| defence.set(event_target_value(&ev) == "defence")
            >
                <option value="action">"Action"</option>
                <option value="defence">"Defence"</option>
            </select>
            <button type="submit" class="small">"Assign"</button>
        </form>
    }
}

/// Starts a cross-role split over the ticked roles' own ELs.
pub fn start(state: ElState, role_els: Vec<(String, u32)>) {
    if role_els.len() < 2 {
        return state
            .core
            .snackbar
            .say("Tick two or more roles in the builder first.");
    }
    let top = role_els.iter().map(|(_, el)| *el).max().unwrap_or(0);
    state.turn.load().update(|t| {
        *t = crate::core::effective_level::Turn::new(top);
        t.cross = Some(CrossRoleSplit::new(role_els));
    });
}

/// Leaves the cross-role split.
fn clear_split(state: ElState) {
    state.turn.load().update(|t| t.cross = None);
}
