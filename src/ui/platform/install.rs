//! Installing Dicetray to the home screen. Where the browser offers it (Chromium's
//! `beforeinstallprompt`, fired soon after load, maybe before this WebAssembly has arrived),
//! `start.js` (made by scripts/build-app.mjs) keeps the event as `window.dicetrayInstall` and
//! fires `dicetray-install` on the window whenever that changes; the app reads it only when it
//! shows an Install button.

use js_sys::{Function, Promise, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use crate::core::keeping::is_apple_mobile;

/// Where `start.js` keeps the browser's offer.
const KEPT_OFFER: &str = "dicetrayInstall";
/// The window event `start.js` fires when an offer comes or goes.
pub const OFFER_CHANGED: &str = "dicetray-install";

/// The kept offer, if the browser made one and it has not been used.
fn kept_offer() -> Option<JsValue> {
    let window: JsValue = web_sys::window()?.into();
    let offer = Reflect::get(&window, &KEPT_OFFER.into()).ok()?;
    let prompt = Reflect::get(&offer, &"prompt".into()).ok()?;
    prompt.dyn_into::<Function>().ok().map(|_| offer)
}

/// Whether the browser offers to install Dicetray now.
pub fn install_offered() -> bool {
    kept_offer().is_some()
}

/// Shows the browser's install dialogue; true if the player accepted, false if not, `None`
/// when there was no offer or the browser said nothing. An offer is good for one dialogue,
/// so it is forgotten here.
pub async fn install() -> Option<bool> {
    let offer = kept_offer()?;
    let window: JsValue = web_sys::window()?.into();
    let _ = Reflect::set(&window, &KEPT_OFFER.into(), &JsValue::NULL);
    let prompt = Reflect::get(&offer, &"prompt".into())
        .ok()?
        .dyn_into::<Function>()
        .ok()?;
    let shown = prompt.call0(&offer).ok()?;
    JsFuture::from(Promise::resolve(&shown)).await.ok()?;
    let choice = Reflect::get(&offer, &"userChoice".into()).ok()?;
    let choice = JsFuture::from(Promise::resolve(&choice)).await.ok()?;
    let outcome = Reflect::get(&choice, &"outcome".into()).ok()?.as_string()?;
    Some(outcome == "accepted")
}

/// Whether Dicetray runs installed: opened from the home screen (`display-mode:
/// standalone`, or Safari's own `navigator.standalone`).
pub fn is_installed() -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    let standalone = window
        .match_media("(display-mode: standalone)")
        .ok()
        .flatten()
        .is_some_and(|query| query.matches());
    let home_screen = Reflect::get(&window.navigator(), &"standalone".into())
        .ok()
        .and_then(|v| v.as_bool())
        .unwrap_or(false);
    standalone || home_screen
}

/// Whether this is a browser on an iPhone or iPad, where the Share menu installs.
pub fn on_apple_mobile() -> bool {
    let Some(navigator) = web_sys::window().map(|w| w.navigator()) else {
        return false;
    };
    let agent = Reflect::get(&navigator, &"userAgent".into())
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_default();
    let touch = Reflect::get(&navigator, &"maxTouchPoints".into())
        .ok()
        .and_then(|v| v.as_f64())
        .unwrap_or(0.0);
    // A small count of touch points: the cast is exact.
    is_apple_mobile(&agent, touch.clamp(0.0, 255.0) as u32)
}
