//! Who the tray rolls for: the active character, switched in one tap, or no one.

use leptos::prelude::*;

use crate::core::character::Roster;
use crate::route::Page;
use crate::ui::platform::persisted::Persisted;

/// One button per character plus "No character"; the pressed one is active. With
/// `show_harm`, the active character's harm shows beneath as badges (the trays where harm
/// matters: Highest d6 and Effective Level).
#[component]
pub fn CharacterBar(
    roster: Persisted<Roster>,
    /// Show the active character's scratches, wounds and conditions.
    #[prop(optional)]
    show_harm: bool,
) -> impl IntoView {
    let badges = move || roster.with(|r| r.active().map(|c| (c.name.clone(), c.harm_badges())));
    let choices = move || {
        roster.with(|r| {
            let active = r.active_id();
            std::iter::once((None, "No character".to_string(), active.is_none()))
                .chain(
                    r.characters()
                        .iter()
                        .map(|c| (Some(c.id), c.name.clone(), active == Some(c.id))),
                )
                .collect::<Vec<_>>()
        })
    };
    view! {
        <div class="character-bar" role="group" aria-label="Rolling for">
            <span class="character-bar-title" aria-hidden="true">"Rolling for"</span>
            <ul class="character-chips">
                {move || {
                    choices()
                        .into_iter()
                        .map(|(id, name, pressed)| {
                            view! {
                                <li>
                                    <button
                                        type="button"
                                        class="chip"
                                        aria-pressed=pressed.to_string()
                                        on:click=move |_| roster.update(|r| r.set_active(id))
                                    >
                                        {name}
                                    </button>
                                </li>
                            }
                        })
                        .collect_view()
                }}
                <li>
                    <a class="chip chip-link" href=Page::Characters.href()>"Edit characters"</a>
                </li>
            </ul>
        </div>
        {show_harm.then(|| view! {
            {move || badges().filter(|(_, b)| !b.is_empty()).map(|(name, badges)| view! {
                <ul class="harm-badges" aria-label=format!("Harm on {name}")>
                    {badges.into_iter().map(|b| view! { <li class="harm-badge">{b}</li> }).collect_view()}
                </ul>
            })}
        })}
    }
}
