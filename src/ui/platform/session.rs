//! sessionStorage: what lasts across a reload of this tab and no longer. Every call is
//! fallible and never throws; with no sessionStorage nothing is kept.

/// The tab's sessionStorage, if the page may use it (asking can itself throw).
fn session_storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.session_storage().ok().flatten())
}

/// The text kept under `key` in this tab, if any.
pub fn session_read(key: &str) -> Option<String> {
    session_storage().and_then(|s| s.get_item(key).ok().flatten())
}

/// Keeps `text` under `key` for this tab; a full or missing store keeps nothing.
pub fn session_write(key: &str, text: &str) {
    if let Some(storage) = session_storage() {
        let _ = storage.set_item(key, text);
    }
}
