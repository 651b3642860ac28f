//! A character's standing boosts or harm penalties: named numbers added to, or taken from,
//! every Effective Level.

use leptos::prelude::*;

use super::CharactersState;
use super::sheet::{AddEntry, SheetRow};
use super::{character, said};
use crate::core::character::SheetList;

/// The boosts (or penalties) and the form for a new one.
#[component]
pub fn Standings(state: CharactersState, id: u64, list: SheetList) -> impl IntoView {
    let character = character(state, id);
    let items = Memo::new(move |_| {
        character.with(|c| {
            c.as_ref()
                .map(|c| match list {
                    SheetList::Penalties => c.sheet.penalties.clone(),
                    _ => c.sheet.boosts.clone(),
                })
                .unwrap_or_default()
        })
    });
    let (what, label, hint) = match list {
        SheetList::Penalties => ("penalty", "Value of the new penalty", "e.g. Bruised"),
        _ => ("boost", "Value of the new boost", "e.g. Blessed"),
    };
    let button = if list == SheetList::Penalties {
        "Add penalty"
    } else {
        "Add boost"
    };
    let on_add = Callback::new(move |(name, value): (String, i32)| {
        let mut outcome = Err(String::new());
        state.roster.update(|r| {
            outcome = r
                .add_standing(id, list, &name, value.max(0) as u32)
                .map(|_| String::new())
        });
        said(state, outcome)
    });
    view! {
        <ul class="sheet-list">
            <For
                each=move || items.with(|s| s.iter().map(|s| s.id).collect::<Vec<_>>())
                key=|entry| *entry
                children=move |entry| {
                    let find = move |read: fn(&crate::core::character::Standing) -> (String, i32)| {
                        items.with(|s| s.iter().find(|s| s.id == entry).map(read).unwrap_or_default())
                    };
                    let name = Signal::derive(move || find(|s| (s.name.clone(), 0)).0);
                    let value = Signal::derive(move || find(|s| (String::new(), s.value as i32)).1);
                    view! { <SheetRow state id entry name what="Value" value min=1/> }
                }
            />
        </ul>
        <AddEntry
            name_label=Signal::derive(move || {
                character.with(|c| format!("New {what} for {}", c.as_ref().map_or("", |c| c.name.as_str())))
            })
            placeholder=hint
            number_label=label
            number_hint="Value"
            min=1
            button
            on_add
        />
    }
}
