//! A character's roles, each with its rank.

use leptos::prelude::*;

use super::CharactersState;
use super::sheet::{AddEntry, SheetRow};
use super::{character, said};
use crate::core::character::Role;

/// The roles and the form for a new one.
#[component]
pub fn Roles(state: CharactersState, id: u64) -> impl IntoView {
    let character = character(state, id);
    let roles = Memo::new(move |_| {
        character.with(|c| {
            c.as_ref()
                .map(|c| c.sheet.roles.clone())
                .unwrap_or_default()
        })
    });
    let role = move |entry: u64, read: fn(&Role) -> String| {
        Signal::derive(move || {
            roles.with(|r| {
                r.iter()
                    .find(|r| r.id == entry)
                    .map(read)
                    .unwrap_or_default()
            })
        })
    };
    let on_add = Callback::new(move |(name, rank): (String, i32)| {
        let mut outcome = Err(String::new());
        state.roster.update(|r| {
            outcome = r
                .add_role(id, &name, rank.max(0) as u32)
                .map(|_| String::new())
        });
        said(state, outcome)
    });
    view! {
        <ul class="sheet-list">
            <For
                each=move || roles.with(|r| r.iter().map(|r| r.id).collect::<Vec<_>>())
                key=|entry| *entry
                children=move |entry| {
                    let rank = Signal::derive(move || {
                        roles.with(|r| r.iter().find(|r| r.id == entry).map_or(0, |r| r.rank as i32))
                    });
                    view! {
                        <SheetRow state id entry name=role(entry, |r| r.name.clone()) what="Rank" value=rank min=1/>
                    }
                }
            />
        </ul>
        <AddEntry
            name_label=Signal::derive(move || {
                character.with(|c| format!("New role for {}", c.as_ref().map_or("", |c| c.name.as_str())))
            })
            placeholder="e.g. Warrior"
            number_label="Rank of the new role"
            number_hint="Rank"
            min=1
            button="Add role"
            on_add
        />
    }
}
