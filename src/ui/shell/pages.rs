//! The pages, each in its own piece of WebAssembly: opening a tray fetches that tray's code
//! (and what it shares with others) the first time, never the code of the pages not opened.
//!
//! Each page is a split point (`wasm_split`, the mechanism behind Leptos's `#[lazy]`; see
//! `ui::shell::deferred`). The build splits the module there (see `scripts/build-app.mjs`), and the
//! start-up script fetches the opened page's pieces beside the main one. Leptos's `#[lazy]`
//! stops the app when a piece cannot be fetched; these split points use the `fallible`
//! option instead, so the page says what went wrong and offers to try again.

use std::time::Duration;

use leptos::prelude::*;

use crate::route::Page;
use crate::ui::characters::CharactersPage;
use crate::ui::effective_level::ElTray;
use crate::ui::highest_d6::D6Tray;
use crate::ui::narrative::NarrativeTray;
use crate::ui::platform::browser;
use crate::ui::shell::app_data::AppData;
use crate::ui::shell::deferred::{poll_once, split_view};
use crate::ui::{characters, effective_level, highest_d6, narrative};

/// One of a page's own rare parts, in the page's own enum (`<page>::rare`); drawn from the
/// app's one module of rare code (`ui::shell::rare`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PageRare {
    /// The narrative tray's.
    Narrative(narrative::rare::Rare),
    /// The Highest d6 tray's.
    HighestD6(highest_d6::rare::Rare),
    /// The Effective Level tray's.
    EffectiveLevel(effective_level::rare::Rare),
    /// The Characters page's.
    Characters(characters::rare::Rare),
}

/// Draws or does a page's rare part: each page dispatches its own.
pub fn draw_page_rare(data: AppData, ask: PageRare) -> AnyView {
    match ask {
        PageRare::Narrative(ask) => narrative::rare::draw(data, ask),
        PageRare::HighestD6(ask) => highest_d6::rare::draw(data, ask),
        PageRare::EffectiveLevel(ask) => effective_level::rare::draw(data, ask),
        PageRare::Characters(ask) => characters::rare::draw(data, ask),
    }
}

/// The page `page` names, drawn once its code is here; a skeleton of the page until then.
///
/// The page before is taken down at once, not kept until the next page's code arrives:
/// a page's views read the visit's documents, and must never be left drawn after their own
/// signals are gone.
#[component]
pub fn PageView(page: RwSignal<Page>, data: AppData) -> impl IntoView {
    // The page drawn now: none while its code is on its way, or when it failed to arrive.
    let drawn = RwSignal::new(None::<Page>);
    let failed = RwSignal::new(false);
    // The pages whose code has arrived.
    let arrived = StoredValue::new(Vec::<Page>::new());
    let fetch = move |wanted: Page| {
        drawn.set(None);
        failed.set(false);
        leptos::task::spawn_local(async move {
            let came = preload(wanted).await.is_ok();
            if came {
                arrived.update_value(|a| a.push(wanted));
            }
            // The player may have moved on while it came.
            if page.get_untracked() == wanted {
                failed.set(!came);
                drawn.set(came.then_some(wanted));
            }
        });
    };
    Effect::new(move |_| {
        let wanted = page.get();
        // A page whose code is here already is drawn at once, in this same task.
        if arrived.with_value(|a| a.contains(&wanted)) {
            drawn.set(Some(wanted));
        } else {
            fetch(wanted);
        }
    });
    move || {
        match drawn.get() {
        Some(shown) => draw(shown, data).unwrap_or_else(|| view! { <PageSkeleton/> }.into_any()),
        None if failed.get() => {
            view! { <PageFailed page=page.get_untracked() retry=Callback::new(move |()| fetch(page.get_untracked()))/> }.into_any()
        }
        None => view! { <PageSkeleton/> }.into_any(),
    }
    }
}

/// The pages drawn here, in [`crate::pages::PAGES`]' order: a page added to the list and
/// not here stops the build, and each `match` below then wants its arm.
const DRAWN: [&str; 5] = ["narrative", "d6", "el", "characters", "table"];
const _: () = assert!(crate::pages::paths_are(&DRAWN));

/// Fetches a page's code (and what it shares with others) without drawing it.
async fn preload(page: Page) -> Result<(), leptos::wasm_split::SplitLoaderError> {
    match page {
        Page::NARRATIVE => __preload_narrative_page().await,
        Page::HIGHEST_D6 => __preload_d6_page().await,
        Page::EFFECTIVE_LEVEL => __preload_el_page().await,
        Page::CHARACTERS => __preload_characters_page().await,
        Page::TABLE => crate::ui::table::__preload_table_page().await,
        // Every page is above (`DRAWN`).
        _ => Ok(()),
    }
}

/// The page's view if its code is here; `None` if it must be fetched first. A split
/// function whose module has arrived answers in one poll, so nothing waits.
fn draw(page: Page, data: AppData) -> Option<AnyView> {
    let answer = match page {
        Page::NARRATIVE => poll_once(narrative_page(data)),
        Page::HIGHEST_D6 => poll_once(d6_page(data)),
        Page::EFFECTIVE_LEVEL => poll_once(el_page(data)),
        Page::CHARACTERS => poll_once(characters_page(data)),
        Page::TABLE => poll_once(crate::ui::table::table_part(
            data,
            crate::ui::table::TableAsk::Page,
        )),
        // Every page is above (`DRAWN`).
        _ => return None,
    };
    answer.and_then(Result::ok)
}

/// How long a page's code may take before the skeleton says it is slow: the same as the
/// start-up script's `START_SLOW_MS` (scripts/build-app.mjs), well past a working connection.
const PAGE_SLOW: Duration = Duration::from_secs(12);

/// What shows while a page's code is on its way: the page's outline, so nothing jumps.
/// Should the code not come (a download hung on a weak signal), it says so and offers a
/// reload: the loader keeps waiting on the hung download, so asking again here cannot help.
#[component]
fn PageSkeleton() -> impl IntoView {
    let slow = RwSignal::new(false);
    set_timeout(
        move || {
            slow.try_set(true);
        },
        PAGE_SLOW,
    );
    view! {
        // Busy until it says it is slow: a screen reader may hold back what changes in a
        // busy region, and the note must be heard.
        <div class="tray-page skeleton" aria-busy=move || (!slow.get()).to_string()>
            <p class="loading-note">"Setting out the dice…"</p>
            {move || slow.get().then(|| view! {
                <div class="start-trouble" role="alert">
                    <p>"This page is slow to arrive: its code is still on its way. On a weak \
                        signal it may yet come; or reload to ask again."</p>
                    <button type="button" class="small" on:click=|_| browser::reload()>
                        "Reload"
                    </button>
                </div>
            })}
            <div class="skeleton-block tall"></div>
            <div class="skeleton-block"></div>
        </div>
    }
}

/// A page whose code could not be fetched, with a way to try again.
#[component]
fn PageFailed(page: Page, retry: Callback<()>) -> impl IntoView {
    view! {
        <div class="tray-page">
            <h1>{page.title()}</h1>
            <p class="refusal" role="alert">
                "This page could not be loaded: its code did not arrive. With no signal, \
                 Dicetray opens pages it has fetched before; check the connection and try again."
            </p>
            <button type="button" class="small" on:click=move |_| retry.run(())>
                "Try again"
            </button>
        </div>
    }
}

split_view!(
    narrative_page,
    __preload_narrative_page,
    |data: AppData| view! {
        <NarrativeTray data/>
    }
);
split_view!(
    d6_page,
    __preload_d6_page,
    |data: AppData| view! { <D6Tray data/> }
);
split_view!(
    el_page,
    __preload_el_page,
    |data: AppData| view! { <ElTray data/> }
);
split_view!(
    characters_page,
    __preload_characters_page,
    |data: AppData| view! {
        <CharactersPage data/>
    }
);
