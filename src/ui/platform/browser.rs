//! The few browser facilities the app uses, each fallible and never panicking.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use gloo_storage::{LocalStorage, Storage};

use crate::core::keeping::{LocalMoment, day_number};
use crate::storage::{KeyValueStore, MemoryStore, StoreError};

/// localStorage behind the storage layer's seam. Made once, after [`local_storage_works`]
/// said yes, from gloo-storage's handle; every call after that is fallible and never throws.
struct BrowserStorage(web_sys::Storage);

fn js_detail(value: wasm_bindgen::JsValue) -> String {
    // The name says what kind of failure it was ("QuotaExceededError": storage is full).
    value
        .dyn_ref::<js_sys::Error>()
        .map(|e| format!("{}: {}", String::from(e.name()), String::from(e.message())))
        .or_else(|| value.as_string())
        .unwrap_or_else(|| "no detail".into())
}

impl KeyValueStore for BrowserStorage {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        self.0
            .get_item(key)
            .map_err(|e| StoreError::Read(js_detail(e)))
    }

    fn set(&self, key: &str, value: &str) -> Result<(), StoreError> {
        self.0.set_item(key, value).map_err(|e| {
            // Browsers name a full store this way (Firefox once used its own name).
            let full = e.dyn_ref::<js_sys::Error>().is_some_and(|e| {
                let name = String::from(e.name());
                name == "QuotaExceededError" || name == "NS_ERROR_DOM_QUOTA_REACHED"
            });
            let detail = js_detail(e);
            if full {
                StoreError::Full(detail)
            } else {
                StoreError::Write(detail)
            }
        })
    }

    fn remove(&self, key: &str) -> Result<(), StoreError> {
        self.0
            .remove_item(key)
            .map_err(|e| StoreError::Write(js_detail(e)))
    }

    fn keys(&self) -> Vec<String> {
        let length = self.0.length().unwrap_or(0);
        (0..length)
            .filter_map(|i| self.0.key(i).ok().flatten())
            .collect()
    }
}

/// Whether this page may use localStorage. Asking can itself throw (sandboxed frames,
/// storage switched off); web-sys turns that into an error instead of a panic.
fn local_storage_works() -> bool {
    web_sys::window().is_some_and(|w| matches!(w.local_storage(), Ok(Some(_))))
}

/// Where saved data lives for this page: localStorage, or memory where there is none.
struct PageStore {
    lasting: bool,
    store: Box<dyn KeyValueStore>,
}

thread_local! {
    static STORE: PageStore = {
        let lasting = local_storage_works();
        let store: Box<dyn KeyValueStore> = if lasting {
            // Safe: storage was just found to exist, so gloo's `raw()` does not throw.
            Box::new(BrowserStorage(LocalStorage::raw()))
        } else {
            Box::new(MemoryStore::default())
        };
        PageStore { lasting, store }
    };
}

/// Runs `use_store` with the page's store; which one is decided once, on first use.
pub fn with_store<R>(use_store: impl FnOnce(&dyn KeyValueStore) -> R) -> R {
    STORE.with(|page| use_store(page.store.as_ref()))
}

/// False when the page keeps its data in memory only, for want of localStorage.
pub fn storage_is_lasting() -> bool {
    STORE.with(|page| page.lasting)
}

/// Focuses the element with `id`, if the page has it and it can take focus.
pub fn focus_by_id(id: &str) {
    if let Some(element) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = element.focus();
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

/// Goes to `hash` as a tapped link would: a new history entry and a `hashchange` event.
pub fn go_to(hash: &str) {
    if let Some(window) = web_sys::window() {
        let _ = window.location().set_hash(hash);
    }
}

/// Swaps the hash without a new history entry or a `hashchange` event.
pub fn replace_hash(hash: &str) {
    if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(hash));
    }
}

/// Has a reload (or a discarded tab coming back) open the page at its top. The browser
/// would put it back where it was scrolled, but it does so while the static shell shows,
/// which is barely taller than the screen: the page came back a little scrolled (24 px),
/// neither at its top nor where it was. Set on this history entry, and copied to the
/// entries the trays' links make, so it holds from the next reload on.
pub fn reload_at_top() {
    if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
        let _ = history.set_scroll_restoration(web_sys::ScrollRestoration::Manual);
    }
}

/// Loads the page anew, as the browser's own reload does.
pub fn reload() {
    if let Some(window) = web_sys::window() {
        let _ = window.location().reload();
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
    format!("{} {} {time}", at.get_date(), month_name(&at))
}

fn month_name(at: &js_sys::Date) -> &'static str {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    MONTHS.get(at.get_month() as usize).copied().unwrap_or("")
}

/// A moment in the player's time zone: its calendar day, "29 Nov 2026" and "14:05".
pub fn local_moment(at_ms: u64) -> LocalMoment {
    let at = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(at_ms as f64));
    LocalMoment {
        day: day_number(i64::from(at.get_full_year()), at.get_month(), at.get_date()),
        date: format!(
            "{} {} {}",
            at.get_date(),
            month_name(&at),
            at.get_full_year()
        ),
        time: format!("{:02}:{:02}", at.get_hours(), at.get_minutes()),
    }
}

/// Whether the browser offers the system share sheet for this data (phones mostly).
fn can_share(data: &web_sys::ShareData) -> bool {
    let Some(navigator) = web_sys::window().map(|w| w.navigator()) else {
        return false;
    };
    // Older browsers have neither method: calling a missing one would throw.
    let has = |name: &str| js_sys::Reflect::has(&navigator, &name.into()).unwrap_or(false);
    has("share") && has("canShare") && navigator.can_share_with_data(data)
}

/// Whether the system share sheet can take plain text.
pub fn can_share_text() -> bool {
    let data = web_sys::ShareData::new();
    data.set_text("Dicetray");
    can_share(&data)
}

/// Opens the system share sheet with `text`.
pub async fn share_text(text: &str) -> Result<(), String> {
    let data = web_sys::ShareData::new();
    data.set_text(text);
    if !can_share(&data) {
        return Err("this browser has no share sheet".into());
    }
    let navigator = web_sys::window().ok_or("no window")?.navigator();
    JsFuture::from(navigator.share_with_data(&data))
        .await
        .map(|_| ())
        .map_err(js_detail)
}

/// Offers a JSON file: through the share sheet where the browser can share files (phones),
/// else as a download. Returns how it went, in words.
pub async fn offer_file(name: &str, text: &str) -> Result<&'static str, String> {
    let parts = js_sys::Array::of1(&text.into());
    let options = web_sys::FilePropertyBag::new();
    options.set_type("application/json");
    let file = web_sys::File::new_with_str_sequence_and_options(&parts, name, &options)
        .map_err(js_detail)?;
    let data = web_sys::ShareData::new();
    data.set_files(&js_sys::Array::of1(&file));
    if can_share(&data) {
        let navigator = web_sys::window().ok_or("no window")?.navigator();
        return JsFuture::from(navigator.share_with_data(&data))
            .await
            .map(|_| "shared")
            .map_err(js_detail);
    }
    let url = web_sys::Url::create_object_url_with_blob(&file).map_err(js_detail)?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let link: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(js_detail)?
        .dyn_into()
        .map_err(|_| "no link element".to_string())?;
    link.set_href(&url);
    link.set_download(name);
    link.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok("downloaded")
}

/// The text of a file the player picked.
pub async fn read_file(file: &web_sys::File) -> Result<String, String> {
    JsFuture::from(file.text())
        .await
        .map_err(js_detail)?
        .as_string()
        .ok_or_else(|| "the file is not text".to_string())
}

/// A short buzz under the thumb, where the phone can (`navigator.vibrate`: Android's
/// browsers; iPhones have none, and then nothing happens).
pub fn haptic_tick() {
    if let Some(navigator) = web_sys::window().map(|w| w.navigator()) {
        // Older browsers lack the method: calling a missing one would throw.
        if js_sys::Reflect::has(&navigator, &"vibrate".into()).unwrap_or(false) {
            let _ = navigator.vibrate_with_duration(12);
        }
    }
}

/// Runs `then` once the browser is idle after this frame (`requestIdleCallback`, or a
/// short timeout where there is none, as in Safari), marking the moment for the bench
/// (`dicetray-idle`: what is fetched after it is not part of opening the page). Boxed, so
/// its glue with the browser is made once, not once per caller.
pub fn when_idle(then: Box<dyn FnOnce()>) {
    use wasm_bindgen::closure::Closure;
    let Some(window) = web_sys::window() else {
        return;
    };
    let has_idle = js_sys::Reflect::has(&window, &"requestIdleCallback".into()).unwrap_or(false);
    let callback = Closure::once_into_js(move || {
        if let Some(performance) = web_sys::window().and_then(|w| w.performance()) {
            let _ = performance.mark("dicetray-idle");
        }
        then();
    });
    if has_idle {
        let _ = window.request_idle_callback(callback.unchecked_ref());
    } else {
        let _ = window
            .set_timeout_with_callback_and_timeout_and_arguments_0(callback.unchecked_ref(), 500);
    }
}

/// Adds offline use (the service worker, registered by `public/offline.js`) once the page is
/// idle: a page is drawn without it, so a first visit fetches it after the page is drawn.
pub fn offer_offline_use_when_idle() {
    when_idle(Box::new(|| {
        let Some(document) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        if let (Ok(script), Some(body)) = (document.create_element("script"), document.body()) {
            let _ = script.set_attribute("src", "public/offline.js");
            let _ = body.append_child(&script);
        }
    }));
}
