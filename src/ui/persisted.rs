//! A saved document as a signal: read it like any signal, change it through `update`, and
//! see other tabs' changes as they happen.

use leptos::ev;
use leptos::prelude::*;

use super::browser::{BrowserStorage, now_ms};
use super::notices::Notices;
use crate::storage::{self, Document};

pub struct Persisted<D: Send + Sync + 'static> {
    value: RwSignal<D>,
    notices: Notices,
}

impl<D: Send + Sync + 'static> Clone for Persisted<D> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<D: Send + Sync + 'static> Copy for Persisted<D> {}

impl<D: Document + Clone + Send + Sync + 'static> Persisted<D> {
    /// Loads the document (telling the player about any repair) and follows other tabs.
    pub fn load(notices: Notices) -> Self {
        let loaded = storage::load::<D>(&BrowserStorage, now_ms());
        notices.push_all(loaded.notice);
        let value = RwSignal::new(loaded.value);
        // `storage` fires only in the other tabs of this site; a null key means cleared.
        window_event_listener(ev::storage, move |event| {
            let key = event.key();
            if key.is_none() || key.as_deref() == Some(D::KEY) {
                let loaded = storage::load::<D>(&BrowserStorage, now_ms());
                notices.push_all(loaded.notice);
                // Unreadable here (say, a newer Dicetray in the other tab): keep showing
                // what this tab has rather than blanking it.
                if loaded.writable {
                    value.set(loaded.value);
                }
            }
        });
        Self { value, notices }
    }

    /// Changes the stored document (re-read first, so other tabs' writes survive) and
    /// shows the result.
    pub fn update(&self, change: impl FnOnce(&mut D)) {
        let (value, notices) = storage::update::<D>(&BrowserStorage, now_ms(), change);
        self.notices.push_all(notices);
        self.value.set(value);
    }

    pub fn read(&self) -> ReadSignal<D> {
        self.value.read_only()
    }
}
