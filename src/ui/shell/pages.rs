//! Every page's code, and the page the address names drawn once its code is here.
//!
//! Each page is a split point of its own (declared in its folder with `lazy::split!`, named
//! `<path>_page`): opening a page fetches its code (and what it shares with others) the
//! first time, never the code of the pages not opened. The build cuts the module there
//! (`docs/build.md`), and the start-up script fetches the opened page's pieces beside the
//! main one. [`PAGES`] is the one place the app names its pages' code.

use std::time::Duration;

use leptos::prelude::*;

use crate::route::Page;
use crate::ui::lazy::poll_once;
use crate::ui::platform::browser;
use crate::ui::root::{PageCode, Root};
use crate::ui::{characters, effective_level, highest_d6, narrative, table};

/// Every page's code, in the order of [`crate::pages::PAGES`]: the build stops if the two
/// lists differ, so a page added there and not here is caught at once.
const PAGES: [PageCode; 5] = [
    narrative::PAGE,
    highest_d6::PAGE,
    effective_level::PAGE,
    characters::PAGE,
    table::PAGE,
];
const _: () = assert!(follows_the_list(&PAGES));

/// Whether `code` holds every page of [`crate::pages::PAGES`], in its order.
const fn follows_the_list(code: &[PageCode]) -> bool {
    let list = &crate::pages::PAGES;
    if code.len() != list.len() {
        return false;
    }
    let mut i = 0;
    while i < code.len() {
        if !crate::pages::same_text(code[i].path, list[i].path) {
            return false;
        }
        i += 1;
    }
    true
}

/// The code of `page`.
fn code_of(page: Page) -> Option<PageCode> {
    PAGES.into_iter().find(|code| code.path == page.path())
}

/// The page `page` names, drawn once its code is here; a skeleton of the page until then.
///
/// The page before is taken down at once, not kept until the next page's code arrives:
/// a page's views read the visit's documents, and must never be left drawn after their own
/// signals are gone.
#[component]
pub fn PageView(page: RwSignal<Page>, data: Root) -> impl IntoView {
    // The page drawn now: none while its code is on its way, or when it failed to arrive.
    let drawn = RwSignal::new(None::<Page>);
    let failed = RwSignal::new(false);
    // The pages whose code has arrived.
    let arrived = StoredValue::new(Vec::<Page>::new());
    let fetch = move |wanted: Page| {
        drawn.set(None);
        failed.set(false);
        leptos::task::spawn_local(async move {
            let came = preload(wanted).await;
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

/// Fetches a page's code (and what it shares with others) without drawing it.
async fn preload(page: Page) -> bool {
    match code_of(page) {
        Some(code) => (code.preload)().await.is_ok(),
        None => false,
    }
}

/// The page's view if its code is here; `None` if it must be fetched first. A split
/// function whose module has arrived answers in one poll, so nothing waits.
fn draw(page: Page, data: Root) -> Option<AnyView> {
    code_of(page).and_then(|code| poll_once((code.draw)(data)).and_then(Result::ok))
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
