//! The Characters page's rare parts, each drawn the first time it is wanted: the editor
//! inside a card, the session's story points and the note on keeping the data. Their code
//! is the module `characters_rare`, fetched once the page is up when there are characters
//! to open, else on the first such tap.

use leptos::prelude::*;

use super::CharacterEditor;
use super::CharactersState;
use super::keep_note::KeepNote;
use crate::ui::lazy;
use crate::ui::panels::story_points::StoryPointsSetup;

lazy::split! { module rare, preload preload;
    /// The editor inside the card of the character `id`.
    pub fn editor(state: CharactersState, id: u64) -> AnyView {
        view! { <CharacterEditor state id/> }.into_any()
    }

    /// The session's story points: started or set by hand.
    pub fn story_points(state: CharactersState) -> AnyView {
        view! { <StoryPointsSetup recorder=state.recorder() points=state.story_points.load()/> }.into_any()
    }

    /// The note, once, that the browser may not keep the data.
    pub fn keep_note(state: CharactersState) -> AnyView {
        view! { <KeepNote state/> }.into_any()
    }
}
