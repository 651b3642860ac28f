//! Who the tray rolls for: the active character, switched in one tap, or no one.

use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::core::character::Roster;
use crate::route::Page;
use crate::ui::platform::persisted::Persisted;

/// One button per character plus "No character"; the pressed one is active. The chips are
/// one line that scrolls sideways, a long name cut short on screen (its button is named in
/// full), and the active one is scrolled into sight whenever it changes; the link to edit
/// the characters stays whole at the end of the bar. With
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
    let chips = NodeRef::<html::Ul>::new();
    Effect::new(move |_| {
        roster.with(|r| r.active_id());
        // Once the chips of this change are drawn.
        request_animation_frame(move || {
            if let Some(list) = chips.get_untracked() {
                show_active_chip(&list);
            }
        });
    });
    view! {
        <div class="character-bar" role="group" aria-label="Rolling for">
            <span class="character-bar-title" aria-hidden="true">"Rolling for"</span>
            <ul class="character-chips" node_ref=chips>
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
                                        <span class="chip-name">{name}</span>
                                    </button>
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ul>
            // Outside the scrolling row, so it is never cut at its end; on a phone it shows
            // "Edit", on a wide screen the whole words.
            <a class="chip chip-link" href=Page::CHARACTERS.href() aria-label="Edit characters">
                "Edit"<span class="chip-link-more">"characters"</span>
            </a>
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

/// Scrolls the chips' row sideways, and only sideways, so the pressed chip is wholly in it.
fn show_active_chip(list: &web_sys::HtmlElement) {
    let Some(chip) = list
        .query_selector("[aria-pressed=\"true\"]")
        .ok()
        .flatten()
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    else {
        return;
    };
    // The row is the chips' offset parent (it is positioned), so offsets are within it.
    let (left, right) = (chip.offset_left(), chip.offset_left() + chip.offset_width());
    let (shown, width) = (list.scroll_left(), list.client_width());
    let margin = 8;
    if left - margin < shown {
        list.set_scroll_left((left - margin).max(0));
    } else if right + margin > shown + width {
        list.set_scroll_left(right + margin - width);
    }
}
