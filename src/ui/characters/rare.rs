//! The Characters page's rare parts, each drawn the first time it is wanted: the editor
//! inside a card, the session's story points and the note on keeping the data. Their code
//! is the module `characters_rare`, fetched once the page is up when there are characters
//! to open, else on the first such tap.

use leptos::prelude::*;

use super::CharacterEditor;
use super::keep_note::KeepNote;
use crate::ui::lazy;
use crate::ui::panels::story_points::StoryPointsSetup;
use crate::ui::root::Root;

lazy::split! { module rare, preload preload;
    /// The editor inside the card of the character `id`.
    pub fn editor(data: Root, id: u64) -> AnyView {
        view! { <CharacterEditor data id/> }.into_any()
    }

    /// The session's story points: started or set by hand.
    pub fn story_points(data: Root) -> AnyView {
        view! { <StoryPointsSetup data/> }.into_any()
    }

    /// The note, once, that the browser may not keep the data.
    pub fn keep_note(data: Root) -> AnyView {
        view! { <KeepNote data/> }.into_any()
    }
}
