//! What the pages share: the saved documents and each page's state, every one loaded the
//! first time a page asks for it.
//!
//! A page's code arrives on its own (see `ui::shell::pages`), so nothing here is loaded before a
//! page wants it: the narrative tray never reads, migrates or validates the Effective Level
//! turn, and the code that would is not even fetched until a page that needs it opens.
//! Once loaded, a document or a tray's state lives for the whole visit, so leaving a tray
//! and coming back finds it as it was.
//!
//! Only the shell, each page's entry point and each page state's constructor take [`Root`]:
//! a page's state holds the documents and services its parts use, and each component takes
//! that state or the one narrow piece it needs (a document, the snackbar, the table hook).

use leptos::prelude::*;

use crate::core::character::Roster;
use crate::core::scene::Scene;
use crate::core::story_points::StoryPoints;
use crate::storage::{Document, Settings};
use crate::ui::lazy::Coming;
use crate::ui::platform::notices::Notices;
use crate::ui::platform::persisted::Persisted;
use crate::ui::table::hook::TableHook;
use crate::ui::visit::{Deferred, Visit, WaitingLink};
use crate::ui::widgets::fold::Folds;
use crate::ui::widgets::snackbar::Snackbar;

/// The handle the shell and each page's entry point get: cheap to copy. Each page's state
/// is made from it once (see [`Root::state`]) and holds the narrow pieces its components use.
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
    /// The app's own reactive owner, where documents and page states live.
    pub visit: Visit,
    /// What a link carries for a page, kept until that page reads it.
    pub links: WaitingLink,
    /// Folded panels' open state.
    pub folds: Folds,
}

impl Root {
    /// Nothing loaded yet; everything made later belongs to the current owner.
    pub fn new(notices: Notices) -> Self {
        let visit = Visit::new(notices);
        let snackbar = Snackbar::new();
        let links = WaitingLink::new();
        Self {
            notices,
            snackbar,
            table: TableHook::new(snackbar, visit, links),
            visit,
            links,
            folds: Folds::new(visit),
        }
    }

    /// The saved document `D`, loaded (read, migrated, validated) the first time any page
    /// asks for it, then kept in step with storage for the whole visit.
    pub fn document<D: Document + Send + Sync + 'static>(&self) -> Persisted<D> {
        self.visit.document()
    }

    /// The saved document `D`, loaded only when first used: for what a page needs in its
    /// rarer parts, so its first load carries no code to read it.
    pub fn later<D: Document + Send + Sync + 'static>(&self) -> Deferred<D> {
        self.visit.later()
    }

    /// A page's state: the one made before, or a new one from `make`, kept for the visit,
    /// so leaving a page and coming back finds it as it was.
    pub fn state<S: Copy + Send + Sync + 'static>(&self, make: impl FnOnce(Root) -> S) -> S {
        let data = *self;
        self.visit.state(|| make(data))
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
}

/// Declares a page: `page`, which draws it, in a split module of its own (`module`:
/// opening another page never fetches it), and `PAGE`, its code for the shell's list of
/// pages. `$path` is its path in [`crate::pages::PAGES`]:
///
/// ```ignore
/// root::page! { module narrative_page, Page::NARRATIVE.path(),
///     |data| view! { <NarrativeTray state=NarrativeState::of(data)/> } }
/// ```
macro_rules! page {
    (module $module:ident, $path:expr, |$data:ident| $draw:expr) => {
        $crate::ui::lazy::split! { module $module, preload preload_page;
            /// The page.
            fn page($data: $crate::ui::root::Root) -> AnyView {
                $draw.into_any()
            }
        }

        /// The page's code, for the shell's list of pages.
        pub const PAGE: $crate::ui::root::PageCode = $crate::ui::root::PageCode {
            path: $path,
            preload: preload_page,
            draw: page,
        };
    };
}
pub(crate) use page;

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
