//! The app shell: header, navigation between pages by hash route, notices, and the page.

use leptos::ev;
use leptos::prelude::*;

use super::browser::{location_hash, replace_hash, storage_is_lasting};
use super::characters::CharactersPage;
use super::data_panel::TrayDocuments;
use super::effective_level::{ElState, ElTray};
use super::highest_d6::{D6State, D6Tray};
use super::later::Later;
use super::narrative::{NarrativeState, NarrativeTray};
use super::notices::{NoticeList, Notices};
use super::persisted::Persisted;
use crate::core::character::Roster;
use crate::core::scene::Scene;
use crate::route::{Page, Route};
use crate::storage::{RollHistory, SavedPools, Settings};

/// The saved documents every page may use; cheap to copy into components.
#[derive(Clone, Copy)]
pub struct AppData {
    /// Messages about the app itself.
    pub notices: Notices,
    /// Every roll of every system.
    pub history: Persisted<RollHistory>,
    /// Named pools.
    pub saved: Persisted<SavedPools>,
    /// The characters and which one is active.
    pub roster: Persisted<Roster>,
    /// What lasts until the scene ends.
    pub scene: Persisted<Scene>,
    /// The player's settings.
    pub settings: Persisted<Settings>,
}

/// The whole app: the header at once, then the saved documents and the page the hash route
/// names, each in a later task (see `Later`), so start-up never blocks for long.
#[component]
pub fn App() -> impl IntoView {
    let notices = Notices::new();
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
            <a class="brand" href=Page::Narrative.href() aria-label="Dicetray, home">
                <svg class="brand-mark" viewBox="0 0 48 48" aria-hidden="true">
                    <polygon points="24,3 43,13.5 43,34.5 24,45 5,34.5 5,13.5"/>
                    <path d="M24 12 27 21 36 24 27 27 24 36 21 27 12 24 21 21Z"/>
                </svg>
                <span>"Dicetray"</span>
            </a>
            <nav aria-label="Pages">
                <ul class="tabs">
                    {Page::ALL
                        .into_iter()
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
        <NoticeList notices/>
        <main tabindex="-1" node_ref=main>
            <Later fallback=|| view! { <p class="loading-note">"Setting out the dice…"</p> }>
                <Pages notices page/>
            </Later>
        </main>
        <footer class="app-footer">
            <p>"Odds are exact. Rolls use your browser's secure random numbers. Everything stays on this device."</p>
        </footer>
    }
}

/// Loads the saved documents once, follows the address, and shows the page it names, in a
/// task after this one.
#[component]
fn Pages(notices: Notices, page: RwSignal<Page>) -> impl IntoView {
    if !storage_is_lasting() {
        notices.say(
            "This browser keeps no data for this page (a private window, or storage switched \
             off). Dicetray works, but what you do here is gone when the tab closes.",
        );
    }
    let data = AppData {
        notices,
        history: Persisted::load(notices),
        saved: Persisted::load(notices),
        roster: Persisted::load(notices),
        scene: Persisted::load(notices),
        settings: Persisted::load(notices),
    };
    let narrative = NarrativeState::load(notices);
    let d6 = D6State::load(data);
    let el = ElState::load(data);
    let trays = TrayDocuments {
        narrative_pool: narrative.pool,
        d6_setup: d6.setup,
        el_setup: el.setup,
        turn: el.turn,
    };

    // The address decides the page. A share link fills its tray once; the address then
    // drops it, so a reload keeps whatever the player does next.
    let open = move |hash: String| {
        let route = Route::parse(&hash);
        if let Some(path) = &route.unknown_path {
            notices.say(format!(
                "There is no page “{path}”; here are the narrative dice."
            ));
        }
        match (route.page, &route.shared) {
            (Page::Narrative, Some(pool)) => narrative.open_shared(pool),
            (Page::HighestD6, Some(dice)) => d6.open_shared(dice),
            (Page::EffectiveLevel, Some(roll)) => el.open_shared(roll),
            _ => {}
        }
        if Route::needs_cleaning(&hash) {
            replace_hash(&route.page.href());
        }
        route.page
    };
    let show = move |next: Page| {
        if page.get_untracked() != next {
            page.set(next);
        }
    };
    show(open(location_hash()));
    window_event_listener(ev::hashchange, move |_| show(open(location_hash())));

    view! {
        <Later>
            {move || match page.get() {
                Page::Narrative => view! { <NarrativeTray state=narrative data/> }.into_any(),
                Page::HighestD6 => view! { <D6Tray state=d6 data/> }.into_any(),
                Page::EffectiveLevel => view! { <ElTray state=el data/> }.into_any(),
                Page::Characters => view! { <CharactersPage data trays/> }.into_any(),
            }}
        </Later>
    }
}
