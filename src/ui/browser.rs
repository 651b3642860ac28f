//! The few browser facilities the app uses, each fallible and never panicking.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use crate::storage::{KeyValueStore, StoreError};

/// localStorage behind the storage layer's seam. Stateless: every call asks the window,
/// so a page with storage switched off gets errors, not a panic.
#[derive(Clone, Copy, Debug, Default)]
pub struct BrowserStorage;

fn local_storage() -> Result<web_sys::Storage, StoreError> {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .ok_or(StoreError::Unavailable)
}

fn js_detail(value: wasm_bindgen::JsValue) -> String {
    value
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| value.as_string())
        .unwrap_or_else(|| "no detail".into())
}

impl KeyValueStore for BrowserStorage {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        local_storage()?
            .get_item(key)
            .map_err(|e| StoreError::Read(js_detail(e)))
    }

    fn set(&self, key: &str, value: &str) -> Result<(), StoreError> {
        local_storage()?
            .set_item(key, value)
            .map_err(|e| StoreError::Write(js_detail(e)))
    }

    fn remove(&self, key: &str) -> Result<(), StoreError> {
        local_storage()?
            .remove_item(key)
            .map_err(|e| StoreError::Write(js_detail(e)))
    }

    fn keys(&self) -> Vec<String> {
        let Ok(storage) = local_storage() else {
            return Vec::new();
        };
        let length = storage.length().unwrap_or(0);
        (0..length)
            .filter_map(|i| storage.key(i).ok().flatten())
            .collect()
    }
}

/// Milliseconds since 1970, from the browser's clock.
pub fn now_ms() -> u64 {
    js_sys::Date::now().max(0.0) as u64
}

/// The address bar's hash, `#` included; empty when there is none.
pub fn location_hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// Swaps the hash without a new history entry or a `hashchange` event.
pub fn replace_hash(hash: &str) {
    if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(hash));
    }
}

/// The page's address without its hash, so links work under any sub-path.
pub fn page_url() -> String {
    web_sys::window()
        .and_then(|w| w.location().href().ok())
        .map(|href| href.split('#').next().unwrap_or_default().to_string())
        .unwrap_or_default()
}

/// Puts text on the clipboard. Fails without a secure context or without permission.
pub async fn copy_text(text: &str) -> Result<(), String> {
    let window = web_sys::window().ok_or("no window")?;
    let clipboard = window.navigator().clipboard();
    if clipboard.is_undefined() {
        return Err("this browser offers no clipboard to this page".into());
    }
    JsFuture::from(clipboard.write_text(text))
        .await
        .map(|_| ())
        .map_err(js_detail)
}

/// A roll's time for history: "14:03" today, "29 Nov 14:03" on another day, local time.
pub fn clock_text(at_ms: u64) -> String {
    let at = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(at_ms as f64));
    let now = js_sys::Date::new_0();
    let time = format!("{:02}:{:02}", at.get_hours(), at.get_minutes());
    let same_day = at.get_full_year() == now.get_full_year()
        && at.get_month() == now.get_month()
        && at.get_date() == now.get_date();
    if same_day {
        return time;
    }
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let month = MONTHS.get(at.get_month() as usize).copied().unwrap_or("");
    format!("{} {month} {time}", at.get_date())
}
