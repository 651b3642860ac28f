//! The Characters page: create a character, pick who the trays roll for, and open a
//! character's card to edit its name, facets, harm and Effective Level sheet. Every change is
//! kept as soon as it is made; every message goes to the snackbar at the foot of the page.
//! The editor inside a card, the story points and the "Your data" panel are drawn the first
//! time they are wanted, their code fetched then (`rare`, `ui::panels::data_panel`).

mod card;
mod create_form;
mod editor;
mod facets;
mod harm;
mod keep_note;
mod maneuvers;
mod number_field;
mod rare;
mod removal;
mod rename;
mod roles;
mod sheet;
mod standings;

use std::time::Duration;

use leptos::prelude::*;

use crate::ui::widgets::when::When;

use card::CharacterCard;
use create_form::CreateForm;
pub use editor::CharacterEditor;

use crate::core::character::Character;
use crate::route::Page;
use crate::ui::lazy::{self, Lazy};
use crate::ui::panels::data_panel;
use crate::ui::panels::settings_panel::SettingsPanel;
use crate::ui::root::{PageCode, Root};
use crate::ui::widgets::fold::Fold;
use crate::ui::widgets::later::Later;
use crate::ui::widgets::snackbar::PageMessages;

lazy::split! { module characters_page, preload preload_page;
    /// The page, in its own module: opening another page never fetches it.
    fn page(data: Root) -> AnyView {
        view! { <CharactersPage data/> }.into_any()
    }
}

/// The page's code, for the shell's list of pages.
pub const PAGE: PageCode = PageCode {
    path: Page::CHARACTERS.path(),
    preload: preload_page,
    draw: page,
};

/// One character as it is now, or `None` once it is gone; changes only when it does.
fn character(data: Root, id: u64) -> Memo<Option<Character>> {
    let roster = data.roster();
    Memo::new(move |_| roster.with(|r| r.get(id).cloned()))
}

/// The cards left open on the page, by character id: the page's state for the visit.
#[derive(Clone, Copy)]
struct OpenCards(RwSignal<Vec<u64>>);

/// Whether the note on keeping the data is up: put up by the first character created
/// (`create_form`), its words drawn by rare code (`keep_note`), taken down by the player.
#[derive(Clone, Copy)]
struct KeepNoteShown(RwSignal<bool>);

fn keep_note_shown(data: Root) -> RwSignal<bool> {
    data.state(|_| KeepNoteShown(RwSignal::new(false))).0
}

/// The whole page.
#[component]
pub fn CharactersPage(data: Root) -> impl IntoView {
    let roster = data.roster();
    // The cards open, by character id, as left for the rest of the visit; a new character's
    // card opens at once.
    let open = data
        .state(|_| OpenCards(RwSignal::new(Vec::<u64>::new())))
        .0;
    let keep_note = keep_note_shown(data);
    let ids = move || roster.with(|r| r.characters().iter().map(|c| c.id).collect::<Vec<_>>());
    let empty = move || roster.with(|r| r.characters().is_empty());
    // With characters to open, the editor's code is fetched once the page is up, so the
    // first card opens at once.
    if !roster.with_untracked(|r| r.characters().is_empty()) {
        set_timeout(
            move || {
                leptos::task::spawn_local(async {
                    let _ = rare::preload().await;
                });
            },
            Duration::from_millis(400),
        );
    }
    let settings_note = Signal::derive(move || {
        data.settings().with(|s| {
            let on = |on: bool| if on { "on" } else { "off" };
            format!("buzz {} · hints {}", on(s.haptics), on(s.coach))
        })
    });
    view! {
        <div class="tray-page characters-page">
            <h1>{Page::CHARACTERS.title()}</h1>
            <p class="hint">
                "Characters are shared by every tray: pick one to roll for, and the trays use \
                 their facets, harm and Effective Level sheet."
            </p>
            <CreateForm data open/>
            <When when=move || keep_note.get()>
                <Lazy preload=rare::preload draw=move || rare::keep_note(data)/>
            </When>
            <p class="hint" hidden=move || !empty()>"No characters yet. Quick rolls need none."</p>
            <ul class="character-list" aria-label="Characters">
                <For
                    each=ids
                    key=|id| *id
                    children=move |id| view! { <CharacterCard data id open/> }
                />
            </ul>
            <Later>
                <Fold data id="characters-story" title="Story points" summary=Signal::stored("Destiny or story points".to_string())>
                    <Lazy preload=rare::preload draw=move || rare::story_points(data)/>
                </Fold>
                <Fold data id="characters-settings" title="Settings" summary=settings_note>
                    <SettingsPanel data/>
                </Fold>
                <Fold data id="characters-data" title="Your data" summary=Signal::stored("export · import".to_string()) class="data-fold">
                    <Lazy preload=data_panel::preload draw=move || data_panel::data_panel(data)/>
                </Fold>
                <PageMessages snackbar=data.snackbar/>
            </Later>
        </div>
    }
}

/// Puts what an edit did, or why it was refused, in the snackbar; true when it was done.
fn said(data: Root, outcome: Result<String, String>) -> bool {
    match outcome {
        Ok(message) => {
            if !message.is_empty() {
                data.snackbar.say(message);
            }
            true
        }
        Err(reason) => {
            data.snackbar.say(reason);
            false
        }
    }
}
