//! Everything about one character, inside its opened card: the name, facets, harm, the
//! Effective Level sheet, and removing the character. Its code arrives when a card first
//! opens.

use leptos::prelude::*;

use super::facets::CharacterFacets;
use super::harm::HarmSection;
use super::removal::RemoveCharacter;
use super::rename::RenameCharacter;
use super::sheet::SheetSection;
use crate::ui::root::Root;

/// The opened card's content, top to bottom.
#[component]
pub fn CharacterEditor(data: Root, id: u64) -> impl IntoView {
    view! {
        <div class="character-editor">
            <RenameCharacter data id/>
            <h3>"Facets"</h3>
            <CharacterFacets data id/>
            <HarmSection data id/>
            <SheetSection data id/>
            <RemoveCharacter data id/>
        </div>
    }
}
