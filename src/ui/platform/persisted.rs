//! A saved document as a signal: read it like any signal, change it through `update`, and
//! see other tabs' changes as they happen.
//!
//! A document that this tab must not write (data from a newer Dicetray, or unreadable data
//! with no room for a backup) stays in memory for the rest of the tab's life, from what
//! could be read plus this tab's changes; the player is told once.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use leptos::ev;
use leptos::prelude::*;

use crate::storage::{self, Document};
use crate::ui::platform::browser::{now_ms, with_store};
use crate::ui::platform::notices::Notices;

/// A document kept in step with storage; cheap to copy into components.
pub struct Persisted<D: Send + Sync + 'static> {
    value: RwSignal<D>,
    notices: Notices,
    /// A `set_soon` store is waiting for the next frame.
    save_pending: StoredValue<bool>,
    /// This tab keeps the document in memory only.
    in_memory: StoredValue<bool>,
}

impl<D: Send + Sync + 'static> Clone for Persisted<D> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<D: Send + Sync + 'static> Copy for Persisted<D> {}

/// Something a window listener calls for one document.
type Hook = Rc<dyn Fn()>;

/// What the page's few window listeners call: every document's reload and store.
#[derive(Default)]
struct Followers {
    /// A document's key and how it reloads after another tab's change.
    reload: Vec<(&'static str, Hook)>,
    /// How each document stores a change left waiting.
    flush: Vec<Hook>,
}

thread_local! {
    static FOLLOWERS: RefCell<Option<Followers>> = const { RefCell::new(None) };
}

/// Registers a document's reload and flush, adding the window listeners the first time.
fn follow(key: &'static str, reload: Rc<dyn Fn()>, flush: Rc<dyn Fn()>) {
    let first = FOLLOWERS.with(|f| {
        let mut followers = f.borrow_mut();
        let first = followers.is_none();
        let list = followers.get_or_insert_with(Followers::default);
        list.reload.push((key, reload));
        list.flush.push(flush);
        first
    });
    if !first {
        return;
    }
    // `storage` fires only in the other tabs of this site; a null key means cleared.
    window_event_listener(ev::storage, |event| {
        let key = event.key();
        let due: Vec<Hook> = FOLLOWERS.with(|f| {
            f.borrow()
                .iter()
                .flat_map(|list| &list.reload)
                .filter(|(k, _)| key.as_deref().is_none_or(|key| key == *k))
                .map(|(_, reload)| reload.clone())
                .collect()
        });
        due.iter().for_each(|reload| reload());
    });
    // A reload, a closed tab or a phone switching apps right after a tap keeps the tap.
    let flush_all = || {
        let due: Vec<Hook> =
            FOLLOWERS.with(|f| f.borrow().iter().flat_map(|l| l.flush.clone()).collect());
        due.iter().for_each(|flush| flush());
    };
    window_event_listener(ev::pagehide, move |_| flush_all());
    window_event_listener(ev::visibilitychange, move |_| {
        let hidden = web_sys::window()
            .and_then(|w| w.document())
            .is_some_and(|d| d.hidden());
        if hidden {
            flush_all();
        }
    });
}

impl<D: Document + Send + Sync + 'static> Persisted<D> {
    /// Loads the document (telling the player about any repair) and follows other tabs.
    pub fn load(notices: Notices) -> Self {
        let loaded = with_store(|store| storage::load::<D>(store, now_ms()));
        notices.push_all(loaded.notice);
        let this = Self {
            value: RwSignal::new(loaded.value),
            notices,
            save_pending: StoredValue::new(false),
            in_memory: StoredValue::new(!loaded.writable),
        };
        let reload = move || {
            // This tab's own copy wins while it is in memory only or has a tap to store.
            if this.in_memory.get_value() || this.save_pending.get_value() {
                return;
            }
            let loaded = with_store(|store| storage::load::<D>(store, now_ms()));
            if loaded.writable {
                this.value.set(loaded.value);
            } else {
                // Unreadable here (say, a newer Dicetray in the other tab): keep showing
                // what this tab has, in memory from now on.
                this.in_memory.set_value(true);
                notices.push_all(loaded.notice);
            }
        };
        follow(
            D::KEY,
            Rc::new(reload),
            Rc::new(move || this.store_pending()),
        );
        this
    }

    /// Stores the value a `set_soon` left waiting, if any.
    fn store_pending(&self) {
        if self.save_pending.get_value() {
            self.save_pending.set_value(false);
            let latest = self.value.get_untracked();
            self.update(|stored| *stored = latest);
        }
    }

    /// Changes the stored document (re-read first, so other tabs' writes survive) and
    /// shows the result. Where the stored copy must stay untouched, the change is made to
    /// this tab's copy and kept in memory.
    pub fn update(&self, change: impl FnOnce(&mut D)) {
        let mut change = Some(change);
        self.update_with(&mut |value| {
            if let Some(change) = change.take() {
                change(value);
            }
        });
    }

    /// [`Persisted::update`] with the change behind a reference: one copy of this code per
    /// kind of document, however many changes the app makes to it.
    fn update_with(&self, change: &mut dyn FnMut(&mut D)) {
        if self.in_memory.get_value() {
            self.value.update(|value| change(value));
            return;
        }
        let (value, notices, stored) = self.value.with_untracked(|current| {
            with_store(|store| storage::update::<D>(store, now_ms(), current, change))
        });
        if !stored {
            self.in_memory.set_value(true);
        }
        self.notices.push_all(notices);
        self.value.set(value);
    }

    /// Sets the document in this page at once and stores it just after the next frame is
    /// drawn, as [`Persisted::update`] does: a tap's own frame then only redraws, which keeps
    /// quick taps on the tray smooth. Quick changes in a row are stored once, as they stand
    /// when the store runs.
    pub fn set_soon(&self, next: D) {
        self.value.set(next);
        if self.save_pending.get_value() {
            return;
        }
        self.save_pending.set_value(true);
        let this = *self;
        request_animation_frame(move || {
            set_timeout(move || this.store_pending(), Duration::ZERO);
        });
    }

    /// Reads the document and subscribes to its changes.
    pub fn with<R>(&self, read: impl FnOnce(&D) -> R) -> R {
        self.value.with(read)
    }

    /// Reads the document without subscribing.
    pub fn with_untracked<R>(&self, read: impl FnOnce(&D) -> R) -> R {
        self.value.with_untracked(read)
    }

    /// A copy of the document, subscribing to its changes.
    pub fn get(&self) -> D {
        self.value.get()
    }

    /// A copy of the document, without subscribing.
    pub fn get_untracked(&self) -> D {
        self.value.get_untracked()
    }
}
