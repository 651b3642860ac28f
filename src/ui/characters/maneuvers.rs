//! A character's maneuvers: each a bonus that belongs to one of its roles.

use leptos::html;
use leptos::prelude::*;

use crate::ui::widgets::when::When;

use super::CharactersState;
use super::sheet::{AddEntry, SheetRow};
use super::{character, said};
use crate::core::character::MAX_EL_VALUE;

/// The maneuvers and, once there is a role, the form for a new one.
#[component]
pub fn Maneuvers(state: CharactersState, id: u64) -> impl IntoView {
    let character = character(state, id);
    let sheet = Memo::new(move |_| {
        character.with(|c| {
            c.as_ref()
                .map(|c| (c.sheet.roles.clone(), c.sheet.maneuvers.clone()))
                .unwrap_or_default()
        })
    });
    let role_select = NodeRef::<html::Select>::new();
    let on_add = Callback::new(move |(name, bonus): (String, i32)| {
        let role = role_select
            .get_untracked()
            .and_then(|s| s.value().parse().ok())
            .unwrap_or_default();
        let mut outcome = Err(String::new());
        state.roster.update(|r| {
            outcome = r
                .add_maneuver(id, role, &name, bonus)
                .map(|_| String::new())
        });
        said(state, outcome)
    });
    let no_roles = move || sheet.with(|(roles, _)| roles.is_empty());
    view! {
        <ul class="sheet-list">
            <For
                each=move || sheet.with(|(_, m)| m.iter().map(|m| m.id).collect::<Vec<_>>())
                key=|entry| *entry
                children=move |entry| {
                    let find = move || {
                        sheet.with(|(roles, maneuvers)| {
                            maneuvers.iter().find(|m| m.id == entry).map(|m| {
                                let role = roles.iter().find(|r| r.id == m.role).map(|r| r.name.clone());
                                (m.name.clone(), role.unwrap_or_default(), m.bonus)
                            })
                        })
                        .unwrap_or_default()
                    };
                    let name = Signal::derive(move || find().0);
                    let note = Signal::derive(move || format!(" ({})", find().1));
                    let value = Signal::derive(move || find().2);
                    view! { <SheetRow state id entry name note what="Bonus" value min=-MAX_EL_VALUE/> }
                }
            />
        </ul>
        <p class="hint" hidden=move || !no_roles()>"Maneuvers belong to a role: add a role first."</p>
        <When when=move || !no_roles()>
            <AddEntry
                name_label=Signal::derive(move || {
                    character.with(|c| format!("New maneuver for {}", c.as_ref().map_or("", |c| c.name.as_str())))
                })
                placeholder="e.g. Feint"
                number_label="Bonus of the new maneuver"
                number_hint="Bonus"
                min=-MAX_EL_VALUE
                button="Add maneuver"
                on_add
            >
                <select node_ref=role_select aria-label="Role of the new maneuver">
                    <For
                        each=move || sheet.with(|(roles, _)| roles.iter().map(|r| (r.id, r.name.clone())).collect::<Vec<_>>())
                        key=|role| role.clone()
                        children=move |(role, name)| view! { <option value=role.to_string()>{name}</option> }
                    />
                </select>
            </AddEntry>
        </When>
    }
}
