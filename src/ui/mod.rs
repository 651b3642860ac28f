//! The web interface: small Leptos components that render state and call the core.
//! Compiled for WebAssembly only.
//!
//! - `shell/`: the app around the pages: the routes, and each page drawn once its code (a
//!   split point of its own, declared in the page's folder) is here.
//! - `lazy.rs`: how a page declares the parts it fetches later, and `Lazy`, which draws one.
//! - `platform/`: what the browser gives (storage, clipboard, media queries), wrapped once.
//! - `widgets/`: small controls every page may use (stepper, fold, dock, snackbar, dice faces).
//! - `panels/`: whole panels shared by pages (History, Your data, story points, sharing).
//! - `tray/`: what every tray is built from: its frame, its common state, the roll recorder.
//! - `root.rs`: the app's handle, for the shell, each page's entry point and each page
//!   state's constructor; `visit.rs`: the small handles it is made of.
//! - `table/`: the live table (its own module, fetched only at a table).
//! - one folder per page: `narrative/`, `highest_d6/`, `effective_level/`, `characters/`.

mod characters;
mod effective_level;
mod highest_d6;
mod lazy;
mod narrative;
mod panels;
mod platform;
mod root;
mod shell;
mod table;
mod tray;
mod visit;
mod widgets;

/// Mounts the app in place of the static shell `index.html` shows while the WebAssembly
/// loads (or on the body, should the shell be missing).
pub fn start() {
    #[cfg(debug_assertions)]
    console_error_panic_hook::set_once();
    use wasm_bindgen::JsCast;
    platform::browser::reload_at_top();
    let shell = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("app"))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    let mount = move || match shell {
        // The shell has been painted already: the start-up script (made by
        // scripts/build-app.mjs) fetches the wasm only after a first paint.
        // Mounting gets a task of its own, apart from instantiating the module, and the page
        // is drawn in another once its code is here (`ui::shell::pages`), so the page never stops
        // answering for long.
        Some(shell) => leptos::prelude::request_animation_frame(move || {
            shell.set_inner_html("");
            leptos::mount::mount_to(shell, shell::app::App).forget();
        }),
        None => leptos::mount::mount_to_body(shell::app::App),
    };
    // Data saved by an earlier version is read with the migrations' code, fetched first.
    if platform::browser::with_store(crate::storage::migrations::needed) {
        // wasm-bindgen's own: Leptos's executor is set up only by mounting.
        wasm_bindgen_futures::spawn_local(async move {
            crate::storage::migrations::fetch().await;
            mount();
        });
    } else {
        mount();
    }
}
