//! The app shell: header, navigation between pages by hash route, notices, and the page.
//! It holds none of the pages' code: each page arrives on its own (`ui::shell::pages`).

use leptos::ev;
use leptos::prelude::*;

use crate::ui::widgets::when::When;

use crate::route::{Page, Route};
use crate::ui::lazy::Lazy;
use crate::ui::platform::browser::{
    location_hash, offer_offline_use_when_idle, replace_hash, storage_is_lasting,
};
use crate::ui::platform::notices::{self, Notices};
use crate::ui::root::Root;
use crate::ui::shell::pages::PageView;
use crate::ui::visit::Shared;

/// The whole app: the header, notices, and the page the hash route names, whose code comes
/// in its own task (`ui::shell::pages`), so start-up never blocks for long.
#[component]
pub fn App() -> impl IntoView {
    let notices = Notices::new();
    let data = Root::new(notices);
    offer_offline_use_when_idle();
    // The tabs show the page from the address at once; `Pages` keeps it in step.
    let page = RwSignal::new(Route::parse(&location_hash()).page);
    Effect::new(move |_| {
        let title = format!("{} · Dicetray", page.get().title());
        if let Some(document) = web_sys::window().and_then(|w| w.document()) {
            document.set_title(&title);
        }
    });

    // The hash holds the route, so the skip link moves focus itself instead of linking.
    let main = NodeRef::<leptos::html::Main>::new();
    let skip = move |ev: leptos::ev::MouseEvent| {
        ev.prevent_default();
        if let Some(main) = main.get_untracked() {
            let _ = main.focus();
        }
    };

    view! {
        <a class="skip-link" href="#/" on:click=skip>"Skip to the tray"</a>
        <header class="app-header">
            <a class="brand" href=Page::DEFAULT.href() aria-label="Dicetray, home">
                <svg class="brand-mark" viewBox="0 0 48 48" aria-hidden="true">
                    <polygon points="24,3 43,13.5 43,34.5 24,45 5,34.5 5,13.5"/>
                    <path d="M24 12 27 21 36 24 27 27 24 36 21 27 12 24 21 21Z"/>
                </svg>
                <span>"Dicetray"</span>
            </a>
            <nav aria-label="Pages">
                <ul class="tabs">
                    {Page::all()
                        .map(|p| {
                            view! {
                                <li>
                                    <a
                                        href=p.href()
                                        aria-current=move || (page.get() == p).then_some("page")
                                    >
                                        {p.title()}
                                    </a>
                                </li>
                            }
                        })
                        .collect_view()}
                </ul>
            </nav>
        </header>
        // Notices are rare (saved data repaired, storage missing): their code comes when
        // there is one to show.
        <When when=move || notices.any()>
            <Lazy preload=notices::preload draw=move || notices::notice_list(notices)/>
        </When>
        <main tabindex="-1" node_ref=main>
            <Pages data page/>
        </main>
        <footer class="app-footer">
            <p>
                "Odds are exact. Rolls use your browser's secure random numbers. "
                {move || if data.table.at_table.get() {
                    "At a table, your rolls also go to its relays, sealed with its key."
                } else {
                    "Everything stays on this device."
                }}
            </p>
        </footer>
    }
}

/// Follows the address and shows the page it names, in a task after this one. A share
/// link's text waits in `Root` for its page, whose own code reads it.
#[component]
fn Pages(data: Root, page: RwSignal<Page>) -> impl IntoView {
    let notices = data.notices;
    if !storage_is_lasting() {
        notices.say(
            "This browser keeps no data for this page (a private window, or storage switched \
             off). Dicetray works, but what you do here is gone when the tab closes.",
        );
    }
    // A link waits for its tray, and stays in the address until the tray has applied it
    // (`WaitingLink::link_opened`); only an address no page answers to is cleaned at once.
    let open = move |hash: String| {
        let route = Route::parse(&hash);
        if let Some(path) = &route.unknown_path {
            notices.say(format!(
                "There is no page “{path}”; here are the narrative dice."
            ));
        }
        // A link carries one thing for its tray; a roll to show wins over a set-up.
        let shared = (route.result.map(Shared::Result))
            .or(route.challenge.map(Shared::Challenge))
            .or(route.shared.map(Shared::Setup))
            .or(route.join.map(Shared::Setup));
        match shared {
            Some(shared) => data.links.share_with(route.page, shared),
            None if Route::needs_cleaning(&hash) => replace_hash(&route.page.href()),
            None => {}
        }
        route.page
    };
    let show = move |next: Page| {
        if page.get_untracked() != next {
            data.snackbar.clear();
            page.set(next);
            // Another page opens at its top, not where the last one was scrolled to.
            if let Some(window) = web_sys::window() {
                window.scroll_to_with_x_and_y(0.0, 0.0);
            }
        }
    };
    show(open(location_hash()));
    // A device at a table rejoins it by itself.
    if data.table.at_table.get_untracked() {
        crate::ui::table::run_table(data.table);
    }
    window_event_listener(ev::hashchange, move |_| show(open(location_hash())));
    view! { <PageView page data/> }
}
