//! A character's card: one line while folded (the name, who the trays roll for, a short
//! summary), opening to the editor on a tap.

use leptos::prelude::*;

use crate::ui::widgets::when::When;

use super::CharactersState;
use super::character;
use crate::core::character::Character;
use crate::core::words::counted;
use crate::ui::lazy::Lazy;

/// "Level 5 · 2 roles · 1 wound · Limping · 3 facets": what a folded card shows under the
/// name (the harm as the trays show it).
fn summary_line(character: &Character) -> String {
    let mut parts = vec![format!("Level {}", character.sheet.level)];
    parts.extend(counted(character.sheet.roles.len(), "role", "roles"));
    parts.extend(character.harm_badges());
    parts.extend(counted(character.facets.items().len(), "facet", "facets"));
    parts.join(" · ")
}

/// The card: its head toggles the editor below it, which is drawn the first time it opens
/// and then kept while folded, so nothing typed in it is lost.
#[component]
pub fn CharacterCard(
    state: CharactersState,
    id: u64,
    /// The cards open now, by character id.
    open: RwSignal<Vec<u64>>,
) -> impl IntoView {
    let roster = state.roster;
    let character = character(state, id);
    let active = Memo::new(move |_| roster.with(|r| r.active_id() == Some(id)));
    let is_open = Memo::new(move |_| open.with(|o| o.contains(&id)));
    let opened =
        Memo::new(move |was: Option<&bool>| was.copied().unwrap_or(false) || is_open.get());
    let name = move || character.with(|c| c.as_ref().map(|c| c.name.clone()).unwrap_or_default());
    let summary = move || character.with(|c| c.as_ref().map(summary_line).unwrap_or_default());
    let toggle = move |_| {
        open.update(|o| match o.iter().position(|x| *x == id) {
            Some(at) => {
                o.remove(at);
            }
            None => o.push(id),
        })
    };
    let name_id = format!("character-{id}");
    let summary_id = format!("character-{id}-summary");
    let body = format!("character-{id}-body");
    let (label_id, section_label, described) =
        (name_id.clone(), name_id.clone(), summary_id.clone());
    view! {
        <li>
            <section class="character-card" class:open=move || is_open.get() aria-labelledby=section_label>
                <div class="card-head">
                    // Named by the name alone; the summary is read as its description.
                    <h2 class="card-title">
                        <button
                            type="button"
                            class="card-toggle"
                            aria-labelledby=label_id
                            aria-describedby=described
                            aria-expanded=move || is_open.get().to_string()
                            aria-controls=body.clone()
                            on:click=toggle
                        >
                            <span class="card-name" id=name_id>{name}</span>
                            <span class="card-summary" id=summary_id>{summary}</span>
                        </button>
                    </h2>
                    <div class="card-who">
                        <When
                            when=move || active.get()
                            fallback=move || view! {
                                <button
                                    type="button"
                                    class="small"
                                    aria-label=move || format!("Roll for {}", name())
                                    on:click=move |_| roster.update(|r| r.set_active(Some(id)))
                                >
                                    "Roll for"
                                </button>
                            }
                        >
                            <span class="badge">"Rolling for"</span>
                        </When>
                    </div>
                    <span class="card-sign" aria-hidden="true">{move || if is_open.get() { "−" } else { "+" }}</span>
                </div>
                <div class="card-body" id=body hidden=move || !is_open.get()>
                    {move || opened.get().then(|| view! {
                        <Lazy
                            preload=super::rare::preload
                            draw=move || super::rare::editor(state, id)
                            fallback=|| view! { <p class="loading-note">"Opening…"</p> }
                        />
                    })}
                </div>
            </section>
        </li>
    }
}
