//! The web interface: small Leptos components that render state and call the core.
//! Compiled for WebAssembly only.

mod app;
mod app_data;
mod bars;
mod browser;
mod character_bar;
mod characters;
mod coach;
mod data_panel;
mod deferred;
mod dock;
mod effective_level;
mod end_scene;
mod extras;
mod facet_list;
mod fold;
mod gm_side;
mod highest_d6;
mod history;
mod history_writer;
mod label_field;
mod later;
mod name_field;
mod narrative;
mod notices;
mod pages;
mod persisted;
mod recorder;
mod result_actions;
mod settings_panel;
mod share_links;
mod snackbar;
mod stepper;
mod story_points;

/// Mounts the app in place of the static shell `index.html` shows while the WebAssembly
/// loads (or on the body, should the shell be missing).
pub fn start() {
    #[cfg(debug_assertions)]
    console_error_panic_hook::set_once();
    use wasm_bindgen::JsCast;
    let shell = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("app"))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    match shell {
        // The shell has been painted already: the start-up script (made by
        // scripts/build-app.mjs) fetches the wasm only after a first paint.
        // Mounting gets a task of its own, apart from instantiating the module, and the page
        // is drawn in another once its code is here (`ui::pages`), so the page never stops
        // answering for long.
        Some(shell) => leptos::prelude::request_animation_frame(move || {
            shell.set_inner_html("");
            leptos::mount::mount_to(shell, app::App).forget();
        }),
        None => leptos::mount::mount_to_body(app::App),
    }
}
