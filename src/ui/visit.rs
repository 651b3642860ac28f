//! What lasts the whole visit, apart from any page: the app's own reactive owner (where
//! saved documents and page states are kept, each made the first time it is asked for), a
//! document held to be loaded later, and what a link carries until its page applies it.
//! Small Copy handles, made once by `Root` and handed to what uses them.

use std::marker::PhantomData;

use leptos::prelude::*;

use crate::route::{Page, Route};
use crate::storage::Document;
use crate::ui::platform::browser::{location_hash, replace_hash};
use crate::ui::platform::notices::Notices;
use crate::ui::platform::persisted::Persisted;

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

/// The app's own reactive owner, with the notices documents report to. What is made under
/// it lasts the whole visit, not just the page that made it. Cheap to copy.
#[derive(Clone, Copy)]
pub struct Visit {
    owner: StoredValue<Owner>,
    notices: Notices,
}

impl Visit {
    /// The current owner, with `notices`: made once, by `Root`.
    pub fn new(notices: Notices) -> Self {
        Self {
            owner: StoredValue::new(Owner::current().unwrap_or_default()),
            notices,
        }
    }

    /// Runs `make` under the app's owner, so what it creates lasts the whole visit.
    pub fn lasting<T>(&self, make: impl FnOnce() -> T) -> T {
        self.owner.with_value(|owner| owner.with(make))
    }

    /// The saved document `D`, loaded the first time it is asked for, then kept for the
    /// visit. For the pages' state constructors (through `Root`) and the export, which
    /// reads and writes every document; a component takes the document it uses.
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

    /// The saved document `D`, loaded only when first used (see [`Deferred`]).
    pub fn later<D: Document + Send + Sync + 'static>(&self) -> Deferred<D> {
        Deferred {
            visit: *self,
            document: PhantomData,
        }
    }

    /// The state of type `S` made before, or a new one from `make`, kept for the visit.
    /// One function for each state, not inlined into each page, where it would be copied
    /// with the state's whole constructor (some 2 KB gzip on a tray's first load).
    #[inline(never)]
    pub fn state<S: Copy + Send + Sync + 'static>(&self, make: impl FnOnce() -> S) -> S {
        self.lasting(|| {
            use_context::<PageState<S>>()
                .map(|PageState(state)| state)
                .unwrap_or_else(|| {
                    let state = make();
                    provide_context(PageState(state));
                    state
                })
        })
    }
}

/// The saved document `D`, loaded the first time it is used (then found again): a page
/// holds one for what only its rarer parts read, so its first load has no code to load it.
pub struct Deferred<D> {
    visit: Visit,
    document: PhantomData<fn() -> D>,
}

impl<D> Clone for Deferred<D> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<D> Copy for Deferred<D> {}

impl<D: Document + Send + Sync + 'static> Deferred<D> {
    /// The document, loaded now if no page has loaded it yet.
    pub fn load(&self) -> Persisted<D> {
        self.visit.document()
    }
}

/// What a link carries for a page, kept until that page has applied it; cheap to copy.
#[derive(Clone, Copy)]
pub struct WaitingLink(RwSignal<Option<(Page, Shared)>>);

impl WaitingLink {
    /// Nothing waits yet.
    pub fn new() -> Self {
        Self(RwSignal::new(None))
    }

    /// Keeps what a link carries until `page` has applied it (see `link_opened`).
    pub fn share_with(&self, page: Page, shared: Shared) {
        self.0.set(Some((page, shared)));
    }

    /// What a link carries for `page`, if anything waits. It keeps waiting, and stays in
    /// the address, until the page has applied it: a link opened while the code that
    /// applies it cannot arrive is applied when it does, or after a reload. Tracked: a page
    /// that reads it hears of later links too.
    pub fn waiting_link(&self, page: Page) -> Option<Shared> {
        self.0.with(|s| {
            s.as_ref()
                .filter(|(p, _)| *p == page)
                .map(|(_, shared)| shared.clone())
        })
    }

    /// `page` has applied `shared`: it stops waiting, and the address drops it, so a reload
    /// keeps whatever the player does next.
    pub fn link_opened(&self, page: Page, shared: &Shared) {
        let applied = self
            .0
            .with_untracked(|s| s.as_ref().is_some_and(|(p, w)| *p == page && w == shared));
        if applied {
            self.0.set(None);
        }
        let hash = location_hash();
        if Route::needs_cleaning(&hash) && Route::parse(&hash).page == page {
            replace_hash(&page.href());
        }
    }
}
