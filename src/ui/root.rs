//! What the pages share: the saved documents and each page's state, every one loaded the
//! first time a page asks for it.
//!
//! A page's code arrives on its own (see `ui::shell::pages`), so nothing here is loaded before a
//! page wants it: the narrative tray never reads, migrates or validates the Effective Level
//! turn, and the code that would is not even fetched until a page that needs it opens.
//! Once loaded, a document or a tray's state lives for the whole visit, so leaving a tray
//! and coming back finds it as it was.

use leptos::prelude::*;

use crate::core::character::Roster;
use crate::core::history::RollHistory;
use crate::core::scene::Scene;
use crate::core::story_points::StoryPoints;
use crate::route::{Page, Route};
use crate::storage::{Document, SavedPools, Settings};
use crate::ui::lazy::Coming;
use crate::ui::platform::browser::{location_hash, replace_hash};
use crate::ui::platform::notices::Notices;
use crate::ui::platform::persisted::Persisted;
use crate::ui::table::hook::TableHook;
use crate::ui::widgets::snackbar::Snackbar;

/// The handle every page gets: cheap to copy, and every accessor loads on first use.
///
/// It names no page: each saved document and each page's state is found by its type, made
/// the first time it is asked for under the app's owner (so it outlives the page that
/// asked), and found again there by every later page.
#[derive(Clone, Copy)]
pub struct Root {
    /// Messages about the app itself.
    pub notices: Notices,
    /// The one short message near the thumb: what a tap did, with Undo where it can.
    pub snackbar: Snackbar,
    /// The live table, as far as the rest of the app needs to know of it.
    pub table: TableHook,
    /// The app's own reactive owner. Documents and page states are provided as contexts
    /// under it, not under the page that first asks, so they outlive that page.
    owner: StoredValue<Owner>,
    /// What a link carries for a page, kept until that page reads it.
    shared: RwSignal<Option<(Page, Shared)>>,
    /// Folded panels' open state, by panel id, made the first time each is drawn.
    folds: StoredValue<Vec<(&'static str, RwSignal<bool>)>>,
}

/// What a link carries for a tray, still as text: the tray's own code reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shared {
    /// A set-up to open: a pool, base dice, an EL roll (`?pool=`, `?dice=`, `?roll=`).
    Setup(String),
    /// The GM's side of a roll (`?challenge=`).
    Challenge(String),
    /// A roll to show, read-only (`?result=`).
    Result(String),
}

/// A page's state as a context: a newtype, so no other context of the same type is taken
/// for it.
#[derive(Clone, Copy)]
struct PageState<S>(S);

impl Root {
    /// Nothing loaded yet; everything made later belongs to the current owner.
    pub fn new(notices: Notices) -> Self {
        Self {
            notices,
            snackbar: Snackbar::new(),
            table: TableHook::new(),
            owner: StoredValue::new(Owner::current().unwrap_or_default()),
            shared: RwSignal::new(None),
            folds: StoredValue::new(Vec::new()),
        }
    }

    /// Runs `make` under the app's owner, so what it creates lasts the whole visit.
    pub fn lasting<T>(&self, make: impl FnOnce() -> T) -> T {
        self.owner.with_value(|owner| owner.with(make))
    }

    /// The saved document `D`, loaded (read, migrated, validated) the first time any page
    /// asks for it, then kept in step with storage for the whole visit.
    pub fn document<D: Document + Send + Sync + 'static>(&self) -> Persisted<D> {
        let notices = self.notices;
        self.lasting(|| {
            use_context::<Persisted<D>>().unwrap_or_else(|| {
                let loaded = Persisted::load(notices);
                provide_context(loaded);
                loaded
            })
        })
    }

    /// A page's state: the one made before, or a new one from `make`, kept for the visit,
    /// so leaving a page and coming back finds it as it was.
    pub fn state<S: Copy + Send + Sync + 'static>(&self, make: impl FnOnce(Root) -> S) -> S {
        let data = *self;
        self.lasting(|| {
            use_context::<PageState<S>>()
                .map(|PageState(state)| state)
                .unwrap_or_else(|| {
                    let state = make(data);
                    provide_context(PageState(state));
                    state
                })
        })
    }

    /// Every roll of every system.
    pub fn history(&self) -> Persisted<RollHistory> {
        self.document()
    }

    /// Named pools.
    pub fn saved(&self) -> Persisted<SavedPools> {
        self.document()
    }

    /// The characters and which one is active.
    pub fn roster(&self) -> Persisted<Roster> {
        self.document()
    }

    /// What lasts until the scene ends.
    pub fn scene(&self) -> Persisted<Scene> {
        self.document()
    }

    /// The player's settings.
    pub fn settings(&self) -> Persisted<Settings> {
        self.document()
    }

    /// The table's story points.
    pub fn story_points(&self) -> Persisted<StoryPoints> {
        self.document()
    }

    /// Keeps what a link carries until `page` has applied it (see `link_opened`).
    pub fn share_with(&self, page: Page, shared: Shared) {
        self.shared.set(Some((page, shared)));
    }

    /// What a link carries for `page`, if anything waits. It keeps waiting, and stays in
    /// the address, until the page has applied it: a link opened while the code that
    /// applies it cannot arrive is applied when it does, or after a reload. Tracked: a page
    /// that reads it hears of later links too.
    pub fn waiting_link(&self, page: Page) -> Option<Shared> {
        self.shared.with(|s| {
            s.as_ref()
                .filter(|(p, _)| *p == page)
                .map(|(_, shared)| shared.clone())
        })
    }

    /// `page` has applied `shared`: it stops waiting, and the address drops it, so a reload
    /// keeps whatever the player does next.
    pub fn link_opened(&self, page: Page, shared: &Shared) {
        let applied = self
            .shared
            .with_untracked(|s| s.as_ref().is_some_and(|(p, w)| *p == page && w == shared));
        if applied {
            self.shared.set(None);
        }
        let hash = location_hash();
        if Route::needs_cleaning(&hash) && Route::parse(&hash).page == page {
            replace_hash(&page.href());
        }
    }

    /// Whether the folded panel `id` is open: as the player left it (remembered in the
    /// settings, so a panel opened once a session stays open).
    pub fn fold_open(&self, id: &'static str) -> RwSignal<bool> {
        if let Some(open) = self
            .folds
            .with_value(|f| f.iter().find(|(f, _)| *f == id).map(|(_, open)| *open))
        {
            return open;
        }
        let was_open = self.settings().with_untracked(|s| s.is_fold_open(id));
        let open = self.lasting(|| RwSignal::new(was_open));
        self.folds.update_value(|f| f.push((id, open)));
        open
    }

    /// Opens or folds the panel `id`, and remembers it.
    pub fn set_fold_open(&self, id: &'static str, open: bool) {
        self.fold_open(id).set(open);
        // Ids are ours, short and plain: the settings take them.
        self.settings().update(|s| {
            let _ = s.set_fold_open(id, open);
        });
    }

    /// Whether Roll gives a haptic tick (a setting, on unless the player turns it off).
    pub fn haptics_enabled(&self) -> bool {
        self.settings().with_untracked(|s| s.haptics)
    }
}

/// A page's code, as the shell's list of pages (`ui::shell::pages`) knows it: each page
/// declares its own, and the shell names no page but through that list.
#[derive(Clone, Copy)]
pub struct PageCode {
    /// The page's path in [`crate::pages::PAGES`].
    pub path: &'static str,
    /// Fetches the page's code.
    pub preload: fn() -> Coming<()>,
    /// Draws the page (at once when its code is here).
    pub draw: fn(Root) -> Coming<AnyView>,
}
