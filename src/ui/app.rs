//! The app shell: header, navigation between trays by hash route, notices, and the tray.

use leptos::ev;
use leptos::prelude::*;

use super::browser::{location_hash, replace_hash, storage_is_lasting};
use super::coming_soon::ComingSoon;
use super::narrative::{NarrativeState, NarrativeTray};
use super::notices::{NoticeList, Notices};
use super::persisted::Persisted;
use crate::route::{Route, Tray};
use crate::storage::{RollHistory, SavedPools};

#[component]
pub fn App() -> impl IntoView {
    let notices = Notices::new();
    if !storage_is_lasting() {
        notices.say(
            "This browser keeps no data for this page (a private window, or storage switched \
             off). Dicetray works, but what you do here is gone when the tab closes.",
        );
    }
    let history = Persisted::<RollHistory>::load(notices);
    let saved = Persisted::<SavedPools>::load(notices);
    let narrative = NarrativeState::load(notices);

    // The address decides the tray. A share link fills the tray once; the address then
    // drops the pool, so a reload keeps whatever the player does next.
    let open = move |route: Route| {
        if let Some(path) = &route.unknown_path {
            notices.say(format!(
                "There is no page “{path}”; here are the narrative dice."
            ));
        }
        // Only the narrative tray takes pools so far; the other trays ignore one.
        if let (Tray::Narrative, Some(pool)) = (route.tray, &route.pool) {
            narrative.open_shared(pool);
        }
        if route.unknown_path.is_some() || route.pool.is_some() {
            replace_hash(&route.tray.href());
        }
        route.tray
    };
    let tray = RwSignal::new(open(Route::parse(&location_hash())));
    window_event_listener(ev::hashchange, move |_| {
        let next = open(Route::parse(&location_hash()));
        if tray.get_untracked() != next {
            tray.set(next);
        }
    });
    Effect::new(move |_| {
        let title = format!("{} · Dicetray", tray.get().title());
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
            <a class="brand" href=Tray::Narrative.href() aria-label="Dicetray, home">
                <svg class="brand-mark" viewBox="0 0 48 48" aria-hidden="true">
                    <polygon points="24,3 43,13.5 43,34.5 24,45 5,34.5 5,13.5"/>
                    <path d="M24 12 27 21 36 24 27 27 24 36 21 27 12 24 21 21Z"/>
                </svg>
                <span>"Dicetray"</span>
            </a>
            <nav aria-label="Dice systems">
                <ul class="tabs">
                    {Tray::ALL
                        .into_iter()
                        .map(|t| {
                            view! {
                                <li>
                                    <a
                                        href=t.href()
                                        aria-current=move || (tray.get() == t).then_some("page")
                                    >
                                        {t.title()}
                                    </a>
                                </li>
                            }
                        })
                        .collect_view()}
                </ul>
            </nav>
        </header>
        <NoticeList notices/>
        <main tabindex="-1" node_ref=main>
            {move || match tray.get() {
                Tray::Narrative => {
                    view! { <NarrativeTray state=narrative history saved notices/> }.into_any()
                }
                other => view! { <ComingSoon tray=other/> }.into_any(),
            }}
        </main>
        <footer class="app-footer">
            <p>"Odds are exact. Rolls use your browser's secure random numbers. Everything stays on this device."</p>
        </footer>
    }
}
