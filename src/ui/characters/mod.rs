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

use crate::core::character::{Character, Roster};
use crate::core::history::RollHistory;
use crate::core::story_points::StoryPoints;
use crate::route::Page;
use crate::storage::Settings;
use crate::ui::lazy::Lazy;
use crate::ui::panels::data_panel;
use crate::ui::panels::settings_panel::SettingsPanel;
use crate::ui::platform::persisted::Persisted;
use crate::ui::root::{self, Root};
use crate::ui::table::hook::TableHook;
use crate::ui::tray::recorder::Recorder;
use crate::ui::visit::{Deferred, Visit};
use crate::ui::widgets::fold::{Fold, Folds};
use crate::ui::widgets::later::Later;
use crate::ui::widgets::snackbar::{PageMessages, Snackbar};

root::page! { module characters_page, Page::CHARACTERS.path(),
|data| view! { <CharactersPage state=CharactersState::of(data)/> } }

/// What the Characters page's parts share, kept for the visit; cheap to copy.
#[derive(Clone, Copy)]
pub struct CharactersState {
    /// The characters and who is rolling.
    pub roster: Persisted<Roster>,
    /// The player's settings, loaded when first read.
    pub settings: Deferred<Settings>,
    /// The table's story points, loaded when their fold opens.
    pub story_points: Deferred<StoryPoints>,
    /// Where story point changes are kept.
    pub history: Deferred<RollHistory>,
    /// The live table: a story point change goes there too; Settings shows its relays.
    pub table: TableHook,
    /// Where messages go.
    pub snackbar: Snackbar,
    /// Every fold's open state.
    pub folds: Folds,
    /// The app's owner: an Undo made under it outlasts the panel that offered it.
    pub visit: Visit,
    /// The cards left open, by character id; a new character's card opens at once.
    pub open: RwSignal<Vec<u64>>,
    /// Whether the note on keeping the data is up: put up by the first character created
    /// (`create_form`), its words drawn by rare code (`keep_note`), taken down by the player.
    pub keep_note: RwSignal<bool>,
}

impl CharactersState {
    /// The page's state for this visit, made the first time the page opens.
    pub fn of(data: Root) -> Self {
        data.state(|data| Self {
            roster: data.roster(),
            settings: data.later(),
            story_points: data.later(),
            history: data.later(),
            table: data.table,
            snackbar: data.snackbar,
            folds: data.folds,
            visit: data.visit,
            open: RwSignal::new(Vec::new()),
            keep_note: RwSignal::new(false),
        })
    }

    /// What recording a story point change needs.
    pub fn recorder(&self) -> Recorder {
        Recorder {
            roster: self.roster,
            history: self.history,
            table: self.table,
        }
    }
}

/// One character as it is now, or `None` once it is gone; changes only when it does.
fn character(state: CharactersState, id: u64) -> Memo<Option<Character>> {
    let roster = state.roster;
    Memo::new(move |_| roster.with(|r| r.get(id).cloned()))
}

/// The whole page.
#[component]
pub fn CharactersPage(state: CharactersState) -> impl IntoView {
    let (roster, open, keep_note) = (state.roster, state.open, state.keep_note);
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
        state.settings.load().with(|s| {
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
            <CreateForm state open/>
            <When when=move || keep_note.get()>
                <Lazy preload=rare::preload draw=move || rare::keep_note(state)/>
            </When>
            <p class="hint" hidden=move || !empty()>"No characters yet. Quick rolls need none."</p>
            <ul class="character-list" aria-label="Characters">
                <For
                    each=ids
                    key=|id| *id
                    children=move |id| view! { <CharacterCard state id open/> }
                />
            </ul>
            <Later>
                <Fold folds=state.folds id="characters-story" title="Story points" summary=Signal::stored("Destiny or story points".to_string())>
                    <Lazy preload=rare::preload draw=move || rare::story_points(state)/>
                </Fold>
                <Fold folds=state.folds id="characters-settings" title="Settings" summary=settings_note>
                    <SettingsPanel settings=state.settings table=state.table/>
                </Fold>
                <Fold folds=state.folds id="characters-data" title="Your data" summary=Signal::stored("export · import".to_string()) class="data-fold">
                    <Lazy preload=data_panel::preload draw=move || data_panel::data_panel(state.snackbar, state.visit)/>
                </Fold>
                <PageMessages snackbar=state.snackbar/>
            </Later>
        </div>
    }
}

/// Puts what an edit did, or why it was refused, in the snackbar; true when it was done.
fn said(state: CharactersState, outcome: Result<String, String>) -> bool {
    match outcome {
        Ok(message) => {
            if !message.is_empty() {
                state.snackbar.say(message);
            }
            true
        }
        Err(reason) => {
            state.snackbar.say(reason);
            false
        }
    }
}
