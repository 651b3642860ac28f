//! Installing Dicetray where the browser can: an "Install Dicetray" button where the browser
//! offered it, or on an iPhone or iPad the steps to add it to the Home Screen, with what
//! that means for the saved data there. Nothing where it runs installed already. Shown in
//! Your data and with the Characters page's note that the data may not last.

use leptos::prelude::*;

use crate::ui::platform::install::{
    OFFER_CHANGED, install, install_offered, is_installed, on_apple_mobile,
};
use crate::ui::visit::Visit;
use crate::ui::widgets::snackbar::Snackbar;

/// Whether the browser's offer to install is here, followed for the whole visit.
#[derive(Clone, Copy)]
struct Installable(RwSignal<bool>);

fn installable(visit: Visit) -> RwSignal<bool> {
    visit
        .state(|| {
            let offered = RwSignal::new(install_offered());
            // One listener for the visit, made with the first button.
            let _ = window_event_listener_untyped(OFFER_CHANGED, move |_| {
                offered.set(install_offered());
            });
            Installable(offered)
        })
        .0
}

/// The Install button or the Home Screen steps, whichever this browser can use.
#[component]
pub fn InstallOffer(
    snackbar: Snackbar,
    /// The app's owner: the browser's offer is followed for the whole visit.
    visit: Visit,
    /// The button alone, without the line saying what installing brings (for a note that
    /// has said why already).
    #[prop(optional)]
    brief: bool,
) -> impl IntoView {
    if is_installed() {
        return ().into_any();
    }
    let offered = installable(visit);
    let tap = move |_| {
        offered.set(false);
        leptos::task::spawn_local(async move {
            if install().await == Some(true) {
                snackbar.say("Dicetray is being installed: open it from your home screen.");
            }
        });
    };
    let apple = on_apple_mobile();
    view! {
        {move || offered.get().then(|| view! {
            <div class="install-offer">
                <button type="button" class="small" on:click=tap>"Install Dicetray"</button>
                <p class="hint" hidden=brief>
                    "Installed, it opens from your home screen, works with no signal, and \
                     browsers are slower to clear what it keeps."
                </p>
            </div>
        })}
        {apple.then(|| view! { <HomeScreenSteps/> })}
    }
    .into_any()
}

/// Adding to the Home Screen, step by step (one list item drawn for all, which is less code
/// than one each).
const HOME_SCREEN_STEPS: [&str; 4] = [
    "Export everything (Your data, on the Characters page) and keep the file.",
    "Tap the Share button: the square with an arrow pointing up.",
    "Choose “Add to Home Screen”, then Add.",
    "Open Dicetray from the Home Screen and import the file there.",
];

/// How to add Dicetray to an iPhone's or iPad's Home Screen. The app there keeps its own
/// data, apart from the browser's, so the steps start and end with the export file.
#[component]
fn HomeScreenSteps() -> impl IntoView {
    view! {
        <div class="install-offer home-screen-steps" role="group" aria-label="Add Dicetray to your Home Screen">
            <p class="install-title">"Add Dicetray to your Home Screen"</p>
            <p class="hint">
                <strong>"Export first: "</strong>
                "the Home Screen app keeps its own data, apart from this browser's, and \
                 starts with none of it."
            </p>
            <ol class="install-steps">
                {HOME_SCREEN_STEPS.map(|step| view! { <li>{step}</li> }).collect_view()}
            </ol>
        </div>
    }
}
