//! What the pages share: the saved documents and each tray's state, every one loaded the
//! first time a page asks for it.
//!
//! A page's code arrives on its own (see `ui::pages`), so nothing here is loaded before a
//! page wants it: the narrative tray never reads, migrates or validates the Effective Level
//! turn, and the code that would is not even fetched until a page that needs it opens.
//! Once loaded, a document or a tray's state lives for the whole visit, so leaving a tray
//! and coming back finds it as it was.

use leptos::prelude::*;

use super::history_writer::HistoryChange;
use super::notices::Notices;
use super::persisted::Persisted;
use super::snackbar::Snackbar;
use crate::route::Page;
use crate::storage::{Document, every_document};

/// One document, loaded on first use.
type Slot<D> = StoredValue<Option<Persisted<D>>>;

/// The handle every page gets: cheap to copy, and every accessor loads on first use.
#[derive(Clone, Copy)]
pub struct AppData {
    /// Messages about the app itself.
    pub notices: Notices,
    /// The one short message near the thumb: what a tap did, with Undo where it can.
    pub snackbar: Snackbar,
    /// The app's own reactive owner. Documents and tray states are created under it, not
    /// under the page that first asks, so they outlive that page.
    owner: StoredValue<Owner>,
    /// What a link carries for a page, kept until that page reads it.
    shared: RwSignal<Option<(Page, Shared)>>,
    /// Every saved document, each loaded on first use.
    documents: Slots,
    /// Each tray's state, made by the tray's own code the first time it opens.
    trays: StoredValue<TrayStates>,
    /// Folded panels' open state, by panel id, made the first time each is drawn.
    folds: StoredValue<Vec<(&'static str, RwSignal<bool>)>>,
    /// Changes to History waiting for its writer (`ui::history_writer`).
    history_queue: StoredValue<Vec<HistoryChange>>,
}

/// One slot per saved document, each with its accessor on [`AppData`], from the one list
/// of documents.
macro_rules! slots {
    ($($name:ident: $type:ty => $what:literal),* $(,)?) => {
        /// Every saved document's slot, empty until first asked for.
        #[derive(Clone, Copy)]
        struct Slots {
            $($name: Slot<$type>,)*
        }

        impl Slots {
            fn new() -> Self {
                Self {
                    $($name: StoredValue::new(None),)*
                }
            }
        }

        impl AppData {
            $(
                #[doc = $what]
                pub fn $name(&self) -> Persisted<$type> {
                    self.document(self.documents.$name)
                }
            )*
        }
    };
}
every_document!(slots);

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

/// The trays' states, each as its own module defines it; `None` until first opened.
#[derive(Default)]
pub struct TrayStates {
    /// The narrative tray.
    pub narrative: Option<crate::ui::narrative::NarrativeState>,
    /// The Highest d6 tray.
    pub d6: Option<crate::ui::highest_d6::D6State>,
    /// The Effective Level tray.
    pub el: Option<crate::ui::effective_level::ElState>,
    /// The Characters page: the cards left open, by character id.
    pub characters: Option<RwSignal<Vec<u64>>>,
}

impl AppData {
    /// Nothing loaded yet; everything made later belongs to the current owner.
    pub fn new(notices: Notices) -> Self {
        Self {
            notices,
            snackbar: Snackbar::new(),
            owner: StoredValue::new(Owner::current().unwrap_or_default()),
            shared: RwSignal::new(None),
            documents: Slots::new(),
            trays: StoredValue::new(TrayStates::default()),
            folds: StoredValue::new(Vec::new()),
            history_queue: StoredValue::new(Vec::new()),
        }
    }

    /// Runs `make` under the app's owner, so what it creates lasts the whole visit.
    pub fn lasting<T>(&self, make: impl FnOnce() -> T) -> T {
        self.owner.with_value(|owner| owner.with(make))
    }

    fn document<D: Document + Send + Sync + 'static>(&self, slot: Slot<D>) -> Persisted<D> {
        if let Some(loaded) = slot.get_value() {
            return loaded;
        }
        let loaded = self.lasting(|| Persisted::load(self.notices));
        slot.set_value(Some(loaded));
        loaded
    }

    /// A tray's state: the one made before, or a new one from `make`, kept for the visit.
    pub fn tray<S: Copy>(
        &self,
        pick: fn(&mut TrayStates) -> &mut Option<S>,
        make: impl FnOnce(AppData) -> S,
    ) -> S {
        if let Some(state) = self.trays.try_update_value(|t| *pick(t)).flatten() {
            return state;
        }
        let state = self.lasting(|| make(*self));
        self.trays.update_value(|t| *pick(t) = Some(state));
        state
    }

    /// Keeps what a link carries until `page` opens and reads it.
    pub fn share_with(&self, page: Page, shared: Shared) {
        self.shared.set(Some((page, shared)));
    }

    /// What a link carries for `page`, if anything waits, taken so it is opened once.
    /// Tracked: a page that reads it hears of later links too.
    pub fn take_shared(&self, page: Page) -> Option<Shared> {
        let waiting = self
            .shared
            .with(|s| s.as_ref().is_some_and(|(p, _)| *p == page));
        if !waiting {
            return None;
        }
        let mut text = None;
        self.shared
            .update_untracked(|s| text = s.take().map(|(_, t)| t));
        text
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

    /// Keeps a change to History until its writer takes it.
    pub fn queue_history_change(&self, change: HistoryChange) {
        self.history_queue.update_value(|q| q.push(change));
    }

    /// The changes waiting for History, oldest first; none are left waiting.
    pub fn take_history_changes(&self) -> Vec<HistoryChange> {
        let mut taken = Vec::new();
        self.history_queue
            .update_value(|q| taken = std::mem::take(q));
        taken
    }

    /// Whether Roll gives a haptic tick (a setting, on unless the player turns it off).
    pub fn haptics_enabled(&self) -> bool {
        self.settings().with_untracked(|s| s.haptics)
    }
}
