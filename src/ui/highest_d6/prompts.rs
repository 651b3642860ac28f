//! What a result asks of the player: harm to mark in a conflict, a facet to create after a
//! triumph or a catastrophe, a cost to note after a costly success.

use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use crate::ui::widgets::when::When;

use super::state::D6State;
use crate::core::facet::MAX_NAME_CHARS;
use crate::core::highest_d6::{D6Check, D6Outcome, HarmKind, MAX_COST_CHARS};
use crate::core::history::RecordedRoll;
use crate::table::Amendment;
use crate::ui::widgets::text_input::TextInput;

/// In a conflict where the character takes harm: one tap marks it on them.
#[component]
pub fn HarmPrompt(check: D6Check, id: u64, state: D6State) -> impl IntoView {
    let kind = check
        .outcome()
        .harm()
        .character
        .filter(|_| check.conflict)?;
    let condition = RwSignal::new(String::new());
    // Harm goes to whoever rolled, even if another character is picked since.
    let who = move || {
        let roller = state.rolled_for.get();
        state.core.roster.with(|r| {
            roller
                .and_then(|id| r.get(id))
                .map(|c| (c.id, c.name.clone()))
        })
    };
    let mark = move |ev: SubmitEvent| {
        ev.prevent_default();
        let Some((character, name)) = who() else {
            return;
        };
        let mut outcome = Ok(());
        state
            .core
            .roster
            .update(|r| outcome = r.take_harm(character, kind, &condition.get_untracked()));
        match outcome {
            Ok(()) => {
                state.harm_marked.set(Some(id));
                state
                    .core
                    .snackbar
                    .say(format!("Marked {} on {name}.", kind.describe()));
            }
            Err(error) => state.core.snackbar.say(error),
        }
    };
    let marked = move || state.harm_marked.get() == Some(id);
    Some(view! {
        <div class="prompt">
            <h3>"Harm"</h3>
            <When
                when=move || who().is_some()
                fallback=|| view! {
                    <p class="hint">"This roll was made for no character: mark harm by hand on the Characters page."</p>
                }
            >
                <form class="prompt-form" on:submit=mark>
                    {(kind == HarmKind::WoundWithCondition).then(|| view! {
                        <TextInput value=condition label="Condition name" placeholder="Condition, e.g. Broken arm" max_chars=MAX_NAME_CHARS/>
                    })}
                    <button type="submit" class="small" disabled=marked>
                        {move || {
                            let name = who().map(|(_, n)| n).unwrap_or_default();
                            format!("Mark {} on {name}", kind.describe())
                        }}
                    </button>
                </form>
            </When>
        </div>
    })
}

/// After a triumph or a catastrophe: create a facet from a suggestion or the player's own
/// words, helping or hindering, on the character or the scene.
#[component]
pub fn FacetPrompt(check: D6Check, id: u64, state: D6State) -> impl IntoView {
    let outcome = check.outcome();
    if !outcome.creates_facet() {
        return None;
    }
    let name = RwSignal::new(String::new());
    let helps = RwSignal::new(outcome.facet_helps());
    let on_scene = RwSignal::new(state.core.roster.with_untracked(|r| r.active().is_none()));
    let who = move || {
        state
            .core
            .roster
            .with(|r| r.active().map(|c| (c.id, c.name.clone())))
    };
    // One roll makes one facet.
    let made = move || state.facet_made.get() == Some(id);
    let create = move |ev: SubmitEvent| {
        ev.prevent_default();
        if state.facet_made.get_untracked() == Some(id) {
            return;
        }
        let typed = name.get_untracked();
        let helping = helps.get_untracked();
        if (on_scene.get_untracked() || who().is_none()) && state.scene.gm_sets_untracked() {
            return state.core.snackbar.say(
                "At a table the GM sets the scene's facets: ask them, or keep it as your \
                 character's.",
            );
        }
        let mut outcome = Ok(0);
        let place = match who().filter(|_| !on_scene.get_untracked()) {
            Some((character, person)) => {
                state
                    .core
                    .roster
                    .update(|r| outcome = r.add_facet(character, &typed, helping));
                person
            }
            None => {
                state
                    .scene
                    .update(|s| outcome = s.add_facet(&typed, helping));
                "the scene".to_string()
            }
        };
        state.core.snackbar.say(match outcome {
            Ok(_) => {
                state.facet_made.set(Some(id));
                name.set(String::new());
                format!("Added “{}” to {place}.", typed.trim())
            }
            Err(error) => error,
        });
    };
    let suggestions = check
        .kind
        .facet_suggestions()
        .into_iter()
        .map(|s| {
            view! {
                <li>
                    <button type="button" class="chip" on:click=move |_| name.set(s.to_string())>
                        {s}
                    </button>
                </li>
            }
        })
        .collect_view();
    let lead = if outcome == D6Outcome::Triumph {
        "A triumph creates a facet. Pick one or write your own:"
    } else {
        "A catastrophe creates a facet. Pick one or write your own:"
    };
    Some(view! {
        <div class="prompt">
            <h3>"New facet"</h3>
            <p class="hint">{lead}</p>
            <ul class="chip-list" aria-label="Suggested facets">{suggestions}</ul>
            <form class="prompt-form" on:submit=create>
                <TextInput value=name label="Facet name" placeholder="Facet name" max_chars=MAX_NAME_CHARS/>
                <fieldset class="side-choice">
                    <legend class="visually-hidden">"The new facet"</legend>
                    <SideRadio name="new-facet-side" choice=helps value=true>" Helps"</SideRadio>
                    <SideRadio name="new-facet-side" choice=helps value=false>" Hinders"</SideRadio>
                </fieldset>
                <fieldset class="side-choice" hidden=move || who().is_none()>
                    <legend class="visually-hidden">"Where it goes"</legend>
                    <SideRadio name="new-facet-place" choice=on_scene value=false>
                        {move || format!(" On {}", who().map(|(_, n)| n).unwrap_or_default())}
                    </SideRadio>
                    <SideRadio name="new-facet-place" choice=on_scene value=true>" On the scene"</SideRadio>
                </fieldset>
                <button type="submit" class="small" disabled=made>
                    "Create facet"
                </button>
            </form>
        </div>
    })
}

/// After a costly success: one tap notes a suggested cost (or the player's own) in the
/// roll's history entry.
#[component]
pub fn CostPrompt(check: D6Check, id: u64, state: D6State) -> impl IntoView {
    if check.outcome() != D6Outcome::CostlySuccess {
        return None;
    }
    let own = RwSignal::new(String::new());
    let note = move |cost: String| {
        let Some(mut shown) = state
            .core
            .shown
            .get_untracked()
            .filter(|s| s.entry.id == id)
        else {
            return;
        };
        let entry = &mut shown.entry;
        let noted = match &mut entry.roll {
            RecordedRoll::HighestD6(check) => check.note_cost(&cost),
            _ => return,
        };
        match noted {
            Ok(()) => state.core.show_amended(shown, Amendment::Cost),
            Err(error) => state.core.snackbar.say(error),
        }
    };
    let suggestions = check
        .kind
        .cost_suggestions()
        .into_iter()
        .map(|s| {
            view! {
                <li>
                    <button
                        type="button"
                        class="chip"
                        aria-pressed=(check.cost.as_deref() == Some(s)).to_string()
                        on:click=move |_| note(s.to_string())
                    >
                        {s}
                    </button>
                </li>
            }
        })
        .collect_view();
    Some(view! {
        <div class="prompt">
            <h3>"Cost"</h3>
            <p class="hint">"Tap a cost to note it with the roll, or write your own:"</p>
            <ul class="chip-list" aria-label="Suggested costs">{suggestions}</ul>
            <form class="prompt-form" on:submit=move |ev: SubmitEvent| {
                ev.prevent_default();
                note(own.get_untracked());
                own.set(String::new());
            }>
                <TextInput value=own label="Cost" placeholder="Your own cost" max_chars=MAX_COST_CHARS/>
                <button type="submit" class="small">"Note cost"</button>
            </form>
        </div>
    })
}

/// One of a choice of two, kept in `choice`: checked when `choice` is `value`.
#[component]
fn SideRadio(
    /// The group's name, shared by both.
    name: &'static str,
    choice: RwSignal<bool>,
    value: bool,
    children: Children,
) -> impl IntoView {
    view! {
        <label>
            <input
                type="radio"
                name=name
                prop:checked=move || choice.get() == value
                on:change=move |_| choice.set(value)
            />
            {children()}
        </label>
    }
}
