//! A character's Effective Level sheet: the Level, then roles, maneuvers, standing boosts and
//! harm penalties, each entry's number editable in place and saved as it changes.

use leptos::ev::SubmitEvent;
use leptos::html;
use leptos::prelude::*;

use super::CharactersState;
use super::maneuvers::Maneuvers;
use super::number_field::NumberField;
use super::roles::Roles;
use super::standings::Standings;
use super::{character, said};
use crate::core::character::{MAX_EL_VALUE, SheetList};
use crate::core::facet::MAX_NAME_CHARS;

/// The Level and the sheet's four lists.
#[component]
pub fn SheetSection(state: CharactersState, id: u64) -> impl IntoView {
    let character = character(state, id);
    let name = move || character.with(|c| c.as_ref().map(|c| c.name.clone()).unwrap_or_default());
    let level =
        Signal::derive(move || character.with(|c| c.as_ref().map_or(0, |c| c.sheet.level as i32)));
    let set_level = Callback::new(move |n: i32| {
        if n < 0 {
            return Err(format!(
                "The Level must be 0 to {MAX_EL_VALUE} ({n} given)."
            ));
        }
        let mut outcome = Ok(());
        state.roster.update(|r| outcome = r.set_level(id, n as u32));
        outcome
    });
    let level_id = format!("level-{id}");
    view! {
        <h3>"Effective Level"</h3>
        <div class="level-row">
            <label class="inline-label" for=level_id.clone()>"Level"</label>
            <NumberField
                id=level_id
                label=Signal::derive(move || format!("Level of {}", name()))
                value=level
                min=0
                max=MAX_EL_VALUE
                on_set=set_level
                snackbar=state.snackbar
            />
        </div>
        <h4>"Roles"</h4>
        <Roles state id/>
        <h4>"Maneuvers"</h4>
        <Maneuvers state id/>
        <h4>"Standing boosts"</h4>
        <Standings state id list=SheetList::Boosts/>
        <h4>"Harm penalties"</h4>
        <Standings state id list=SheetList::Penalties/>
    }
}

/// Keeps a new number for a sheet entry, or says why not.
pub fn set_value(
    state: CharactersState,
    id: u64,
) -> impl Fn(u64) -> Callback<i32, Result<(), String>> + Copy {
    move |entry| {
        Callback::new(move |n: i32| {
            let mut outcome = Ok(());
            state
                .roster
                .update(|r| outcome = r.set_sheet_value(id, entry, n));
            outcome
        })
    }
}

/// One entry of a sheet list: its name (and what it belongs to), its number, and Remove.
#[component]
pub fn SheetRow(
    state: CharactersState,
    /// The character's id.
    id: u64,
    /// The entry's id.
    entry: u64,
    /// The entry's name.
    #[prop(into)]
    name: Signal<String>,
    /// A note after the name: a maneuver's role.
    #[prop(optional, into)]
    note: Option<Signal<String>>,
    /// What the number is: "Rank", "Bonus", "Value".
    what: &'static str,
    /// The number.
    #[prop(into)]
    value: Signal<i32>,
    /// The smallest number offered.
    min: i32,
) -> impl IntoView {
    let remove = move |_| {
        let gone = name.get_untracked();
        let mut outcome = Ok(());
        state
            .roster
            .update(|r| outcome = r.remove_from_sheet(id, entry));
        said(state, outcome.map(|()| format!("Removed “{gone}”.")));
    };
    view! {
        <li class="sheet-row">
            <span class="sheet-name">
                {name}
                {note.map(|note| view! { <span class="sheet-note">{note}</span> })}
            </span>
            <NumberField
                label=Signal::derive(move || format!("{what} of {}", name.get()))
                value
                min
                max=MAX_EL_VALUE
                on_set=set_value(state, id)(entry)
                snackbar=state.snackbar
            />
            <button type="button" class="small" aria-label=move || format!("Remove {}", name.get()) on:click=remove>
                "Remove"
            </button>
        </li>
    }
}

/// The form for a new entry: a name, a number, anything else it needs (`children`), Add.
#[component]
pub fn AddEntry(
    /// The name field's accessible name: "New role for Mira".
    #[prop(into)]
    name_label: Signal<String>,
    /// An example name.
    placeholder: &'static str,
    /// The number field's accessible name: "Rank of the new role".
    number_label: &'static str,
    /// The number field's short hint: "Rank".
    number_hint: &'static str,
    /// The smallest number offered.
    min: i32,
    /// The button: "Add role".
    button: &'static str,
    /// Adds the entry from the typed name and number (0 when none); true when added.
    on_add: Callback<(String, i32), bool>,
    /// More fields between the number and the button.
    #[prop(optional)]
    children: Option<Children>,
) -> impl IntoView {
    let name = NodeRef::<html::Input>::new();
    let number = NodeRef::<html::Input>::new();
    let add = move |ev: SubmitEvent| {
        ev.prevent_default();
        let (Some(name), Some(number)) = (name.get_untracked(), number.get_untracked()) else {
            return;
        };
        let n = number
            .value()
            .trim()
            .parse::<i64>()
            .map_or(0, |n| n.clamp(-1000, 1000) as i32);
        if on_add.run((name.value(), n)) {
            name.set_value("");
            number.set_value("");
        }
    };
    view! {
        <form class="facet-form sheet-add" on:submit=add>
            <input
                type="text"
                node_ref=name
                maxlength=MAX_NAME_CHARS
                autocomplete="off"
                aria-label=name_label
                placeholder=placeholder
            />
            <input
                type="number"
                class="small-number"
                node_ref=number
                min=min
                max=MAX_EL_VALUE
                inputmode=(min >= 0).then_some("numeric")
                aria-label=number_label
                placeholder=number_hint
            />
            {children.map(|c| c())}
            <button type="submit" class="small">{button}</button>
        </form>
    }
}
