//! A saved document as a signal: read it like any signal, change it through `update`, and
//! see other tabs' changes as they happen.

use std::time::Duration;

use leptos::ev;
use leptos::prelude::*;

use super::browser::{now_ms, with_store};
use super::notices::Notices;
use crate::storage::{self, Document};

/// A document kept in step with storage; cheap to copy into components.
pub struct Persisted<D: Send + Sync + 'static> {
    value: RwSignal<D>,
    notices: Notices,
    /// A `set_soon` store is waiting for the next frame.
    save_pending: StoredValue<bool>,
}

impl<D: Send + Sync + 'static> Clone for Persisted<D> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<D: Send + Sync + 'static> Copy for Persisted<D> {}

impl<D: Document + Send + Sync + 'static> Persisted<D> {
    /// Loads the document (telling the player about any repair) and follows other tabs.
    pub fn load(notices: Notices) -> Self {
        let loaded = with_store(|store| storage::load::<D>(store, now_ms()));
        notices.push_all(loaded.notice);
        let value = RwSignal::new(loaded.value);
        // `storage` fires only in the other tabs of this site; a null key means cleared.
        window_event_listener(ev::storage, move |event| {
            let key = event.key();
            if key.is_none() || key.as_deref() == Some(D::KEY) {
                let loaded = with_store(|store| storage::load::<D>(store, now_ms()));
                notices.push_all(loaded.notice);
                // Unreadable here (say, a newer Dicetray in the other tab): keep showing
                // what this tab has rather than blanking it.
                if loaded.writable {
                    value.set(loaded.value);
                }
            }
        });
        let this = Self {
            value,
            notices,
            save_pending: StoredValue::new(false),
        };
        // A reload or a closed tab right after a tap still keeps the tap.
        window_event_listener(ev::pagehide, move |_| this.store_pending());
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
        let (value, notices) = self.value.with_untracked(|current| {
            with_store(|store| storage::update::<D>(store, now_ms(), current, change))
        });
        self.notices.push_all(notices);
        self.value.set(value);
    }

    /// Sets the document in this page at once and stores it just after the next frame is
    /// drawn, as [`Persisted::update`] does: a tap's own frame then only redraws, which keeps
    /// quick taps on the tray smooth.
    /// Quick changes in a row are stored once, as they stand when the store runs.
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

    /// A read-only signal of the document.
    pub fn read(&self) -> ReadSignal<D> {
        self.value.read_only()
    }
}
