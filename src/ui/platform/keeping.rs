//! Asking the browser to keep the data, and what it says: `navigator.storage`'s `persist`,
//! `persisted` and `estimate`. Each is looked up before it is called, so a browser without
//! them (or a page outside a secure context) answers "unknown", never with an error.

use js_sys::{Function, Promise, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use crate::core::keeping::Keeping;
use crate::ui::platform::browser::storage_is_lasting;

/// Calls `navigator.storage[method]()` and waits for its answer; `None` where the browser
/// has no such method, or the call fails.
async fn storage_call(method: &str) -> Option<JsValue> {
    let navigator = web_sys::window()?.navigator();
    // Reflect.get throws, and so gives an error here, where there is no `storage`.
    let storage = Reflect::get(&navigator, &"storage".into()).ok()?;
    let call = Reflect::get(&storage, &method.into())
        .ok()?
        .dyn_into::<Function>()
        .ok()?;
    // Whatever it returns, promise or not, is waited for as a promise.
    let answer = call.call0(&storage).ok()?;
    JsFuture::from(Promise::resolve(&answer)).await.ok()
}

async fn answer(method: &str) -> Keeping {
    if !storage_is_lasting() {
        return Keeping::InMemory;
    }
    Keeping::from_answer(storage_call(method).await.and_then(|v| v.as_bool()))
}

/// Asks the browser to keep the data until the player clears it; what it answered.
/// Chromium decides by itself, silently; Firefox may ask the player.
pub async fn ask_to_keep() -> Keeping {
    answer("persist").await
}

/// Whether the browser has promised to keep the data.
pub async fn keeping() -> Keeping {
    answer("persisted").await
}

/// About how many bytes this site keeps on the device (its data, and the app's own files
/// cached for offline use), where the browser says.
pub async fn space_used() -> Option<u64> {
    let estimate = storage_call("estimate").await?;
    let usage = Reflect::get(&estimate, &"usage".into()).ok()?.as_f64()?;
    // A whole number of bytes, far below 2^53: the cast is exact.
    (usage.is_finite() && usage >= 0.0).then_some(usage as u64)
}
