//! A character's facets, through the shared facet list.

use leptos::prelude::*;

use super::CharactersState;
use super::{character, said};
use crate::ui::widgets::facet_list::{FacetEdit, FacetList, added};

/// The character's facets: add, switch, rename, remove; each change kept at once.
#[component]
pub fn CharacterFacets(state: CharactersState, id: u64) -> impl IntoView {
    let character = character(state, id);
    let facets = Signal::derive(move || {
        character.with(|c| {
            c.as_ref()
                .map(|c| c.facets.items().to_vec())
                .unwrap_or_default()
        })
    });
    let owner = Signal::derive(move || {
        character.with(|c| c.as_ref().map(|c| c.name.clone()).unwrap_or_default())
    });
    let on_edit = Callback::new(move |edit: FacetEdit| {
        let mut outcome = Err(String::new());
        state.roster.update(|r| {
            outcome = match &edit {
                FacetEdit::Add { name, helps } => {
                    r.add_facet(id, name, *helps).map(|_| added(name))
                }
                other => r.facets_mut(id).and_then(|f| other.apply(f)),
            }
        });
        said(state, outcome)
    });
    view! { <FacetList facets owner scope=format!("c{id}") on_edit/> }
}
