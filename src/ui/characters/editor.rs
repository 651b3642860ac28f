//! Everything about one character, inside its opened card: the name, facets, harm, the
//! Effective Level sheet, and removing the character. Its code arrives when a card first
//! opens.

use leptos::prelude::*;

use super::CharactersState;
use super::facets::CharacterFacets;
use super::harm::HarmSection;
use super::removal::RemoveCharacter;
use super::rename::RenameCharacter;
use super::sheet::SheetSection;

/// The opened card's content, top to bottom.
#[component]
pub fn CharacterEditor(state: CharactersState, id: u64) -> impl IntoView {
    view! {
        <div class="character-editor">
            <RenameCharacter state id/>
            <h3>"Facets"</h3>
            <CharacterFacets state id/>
            <HarmSection state id/>
            <SheetSection state id/>
            <RemoveCharacter state id/>
        </div>
    }
}
