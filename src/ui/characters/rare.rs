//! The Characters page's rare parts, drawn from the app's rare code (`ui::shell::rare`).

use leptos::prelude::*;

use super::CharacterEditor;
use super::keep_note::KeepNote;
use crate::ui::panels::story_points::StoryPointsSetup;
use crate::ui::shell::app_data::AppData;

/// The page's rare parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rare {
    /// The editor inside the card of the character with this id.
    Editor(u64),
    /// The session's story points: started or set by hand.
    StoryPoints,
    /// The note, once, that the browser may not keep the data.
    KeepNote,
}

/// Draws one of the page's rare parts (from `ui::shell::pages`).
pub fn draw(data: AppData, ask: Rare) -> AnyView {
    match ask {
        Rare::Editor(id) => view! { <CharacterEditor data id/> }.into_any(),
        Rare::StoryPoints => view! { <StoryPointsSetup data/> }.into_any(),
        Rare::KeepNote => view! { <KeepNote data/> }.into_any(),
    }
}
