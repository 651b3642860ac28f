//! The web interface: small Leptos components that render state and call the core.
//! Compiled for WebAssembly only.

mod app;
mod bars;
mod browser;
mod character_bar;
mod characters;
mod data_panel;
mod effective_level;
mod end_scene;
mod highest_d6;
mod history;
mod markup;
mod narrative;
mod notices;
mod persisted;
mod stepper;

/// Mounts the app on the page.
pub fn start() {
    #[cfg(debug_assertions)]
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}
