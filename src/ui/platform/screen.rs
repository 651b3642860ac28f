//! The screen's one breakpoint, as a signal: wide enough for two columns (the stylesheet's
//! `min-width: 700px`), where the dock shows the result and the odds side by side, open.
//! A phone turned sideways crosses it, so it is followed, not read once.

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;

use crate::ui::visit::Visit;

/// The media query, as the stylesheet writes it.
const WIDE: &str = "(min-width: 700px)";

/// Whether the screen is wide, as a page state so the listener is added once a visit.
#[derive(Clone, Copy)]
struct WideScreen(Signal<bool>);

/// Whether the screen is wide now; changes as the screen turns.
pub fn wide_screen(visit: Visit) -> Signal<bool> {
    visit
        .state(|| {
            let query = web_sys::window().and_then(|w| w.match_media(WIDE).ok().flatten());
            let wide = RwSignal::new(query.as_ref().is_some_and(|q| q.matches()));
            if let Some(query) = query {
                let asked = query.clone();
                let changed = Closure::<dyn Fn(web_sys::Event)>::new(move |_: web_sys::Event| {
                    wide.set(asked.matches())
                });
                let _ = query
                    .add_event_listener_with_callback("change", changed.as_ref().unchecked_ref());
                // Listened to for the whole visit.
                changed.forget();
            }
            WideScreen(wide.into())
        })
        .0
}
