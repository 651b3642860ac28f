//! Named narrative pools: save the tray under a name, load or delete later.

use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use crate::ui::widgets::when::When;

use super::state::NarrativeState;
use crate::core::narrative::NarrativePool;
use crate::core::notation::narrative::format_pool;
use crate::storage::{MAX_NAME_CHARS, Saved, SavedPools, SystemPool};
use crate::ui::platform::persisted::Persisted;
use crate::ui::widgets::text_input::TextInput;

/// Named pools: save the tray's pool under a name, load or delete one (with a confirmation).
#[component]
pub fn SavedPoolsPanel(state: NarrativeState, saved: Persisted<SavedPools>) -> impl IntoView {
    let name = RwSignal::new(String::new());
    let feedback = RwSignal::new(None::<String>);
    let confirming = RwSignal::new(None::<String>);
    let save = move |ev: SubmitEvent| {
        ev.prevent_default();
        let pool = state.pool.get_untracked();
        if pool.is_empty() {
            feedback.set(Some("Add dice to the tray before saving a pool.".into()));
            return;
        }
        let typed = name.get_untracked();
        let mut outcome = Err(String::new());
        saved.update(|s| outcome = s.save(&typed, SystemPool::Narrative(pool)));
        let message = match outcome {
            Ok(done) => {
                name.set(String::new());
                let verb = if done == Saved::Added {
                    "Saved"
                } else {
                    "Updated"
                };
                format!("{verb} “{}”.", typed.trim())
            }
            Err(message) => message,
        };
        feedback.set(Some(message));
    };
    let pools = move || {
        saved.with(|s| {
            s.narrative()
                .map(|(name, pool)| (name.to_string(), pool.clone()))
                .collect::<Vec<_>>()
        })
    };
    view! {
        <section class="saved" aria-labelledby="saved-title">
            <h2 id="saved-title">"Saved pools"</h2>
            <form class="save-form" on:submit=save>
                <label for="pool-name" class="visually-hidden">"Pool name"</label>
                <TextInput value=name id="pool-name" max_chars=MAX_NAME_CHARS placeholder="Name, e.g. Heavy blaster"/>
                <button type="submit" class="small">"Save pool"</button>
            </form>
            <p class="feedback" role="status" aria-live="polite">{move || feedback.get()}</p>
            <ul class="saved-list">
                {move || {
                    pools()
                        .into_iter()
                        .map(|(name, pool)| view! { <SavedRow state saved name pool confirming feedback/> })
                        .collect_view()
                }}
            </ul>
            <p class="hint" hidden=move || saved.with(|s| !s.pools().is_empty())>
                "No saved pools yet: build a pool, name it and save it."
            </p>
        </section>
    }
}

/// One saved pool with its Load and Delete buttons.
#[component]
fn SavedRow(
    state: NarrativeState,
    saved: Persisted<SavedPools>,
    name: String,
    pool: NarrativePool,
    confirming: RwSignal<Option<String>>,
    feedback: RwSignal<Option<String>>,
) -> impl IntoView {
    let notation = format_pool(&pool);
    let is_confirming = {
        let name = name.clone();
        move || confirming.with(|c| c.as_ref() == Some(&name))
    };
    let load = {
        let (name, pool) = (name.clone(), pool.clone());
        move |_| {
            state.pool.update(|stored| *stored = pool.clone());
            state.core.snackbar.say(format!("Loaded “{name}”."));
        }
    };
    let ask = {
        let name = name.clone();
        move |_| confirming.set(Some(name.clone()))
    };
    let delete = {
        let name = name.clone();
        move |_| {
            saved.update(|s| {
                s.remove(&name);
            });
            confirming.set(None);
            feedback.set(Some(format!("Deleted “{name}”.")));
        }
    };
    view! {
        <li class="saved-row">
            <span class="saved-name">{name.clone()}</span>
            <code class="notation">{notation}</code>
            <When
                when=is_confirming.clone()
                fallback={
                    let (name, load, ask) = (name.clone(), load.clone(), ask.clone());
                    move || view! {
                        <span class="row-actions">
                            <button type="button" class="small" aria-label=format!("Load {name}") on:click=load.clone()>
                                "Load"
                            </button>
                            <button type="button" class="small" aria-label=format!("Delete {name}") on:click=ask.clone()>
                                "Delete"
                            </button>
                        </span>
                    }
                }
            >
                <span class="row-actions">
                    <button type="button" class="small danger" aria-label=format!("Yes, delete {name}") on:click=delete.clone()>
                        "Yes, delete"
                    </button>
                    <button type="button" class="small" aria-label=format!("Keep {name}") on:click=move |_| confirming.set(None)>
                        "Keep"
                    </button>
                </span>
            </When>
        </li>
    }
}
