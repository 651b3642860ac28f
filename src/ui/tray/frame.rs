//! The frame every tray is drawn in: the character bar's place, the tray's own controls and
//! folds, then Share and History, and the roll dock at the foot; it opens what a link
//! carries for the tray and starts the hints on the first tap. A tray gives views and
//! callbacks; the frame is one component for all of them, not a generic per tray.

use leptos::prelude::*;

use super::contract::{AskRare, TrayRare};
use super::state::TrayCore;
use crate::core::history::RollAgain;
use crate::route::Page;
use crate::ui::panels::history::history_fold;
use crate::ui::platform::screen::wide_screen;
use crate::ui::shell::app_data::AppData;
use crate::ui::shell::app_data::Shared;
use crate::ui::shell::rare::{self as shell_rare, Rare, RareView};
use crate::ui::table::TableLine;
use crate::ui::widgets::dock::{DockPanel, Headline, RollDock};
use crate::ui::widgets::fold::Fold;

/// The tray's page: `children` are its own controls and folds, in order.
#[component]
pub fn TrayFrame(
    data: AppData,
    core: TrayCore,
    /// How the tray names the rare parts the frame asks for.
    rare: AskRare,
    /// The page's heading, for screen readers (the navigation shows it to the eye).
    title: &'static str,
    /// A class beside `tray-page`, for the tray's own layout.
    #[prop(optional)]
    class: &'static str,
    /// The dock's headline (see `TrayCore::headline`).
    #[prop(into)]
    headline: Signal<Option<Headline>>,
    /// The one or two chances that matter, in the dock's bar.
    #[prop(into)]
    chances: ViewFn,
    /// The Roll button's words.
    #[prop(into)]
    roll_label: Signal<String>,
    /// Whether the roll can be made now.
    #[prop(into)]
    can_roll: Signal<bool>,
    /// Rolls.
    on_roll: Callback<()>,
    /// The shown roll in full.
    #[prop(into)]
    result: ViewFn,
    /// The odds in detail; by default the tray's rare odds (see [`RareOdds`]).
    #[prop(optional, into)]
    odds: Option<ViewFn>,
    /// Sets the tray up for one of its past rolls and rolls it (History's Roll again).
    roll_again: Callback<RollAgain>,
    children: Children,
) -> impl IntoView {
    let page = core.page;
    open_waiting_links(data, core, rare);
    let coach = move || {
        if !core.coach_started.get_value() {
            core.coach_started.set_value(true);
            // Both only add to the tray: if their code cannot come, the tray works without
            // them and says nothing (a link or a panel the player opened says so).
            for ask in [Rare::Session(core), rare(TrayRare::Coach)] {
                leptos::task::spawn_local(async move {
                    let _ = shell_rare::rare(data, ask).await;
                });
            }
        }
    };
    // The hints and the tab's session of the tray are rare code: fetched once the tray is
    // drawn and the page is idle (or on the first tap, if that comes first), so they show
    // without a tap and after a reload.
    when_idle(coach);
    let odds = odds.unwrap_or_else(|| ViewFn::from(move || view! { <RareOdds data core rare/> }));
    view! {
        <div class=format!("tray-page {class}") on:pointerdown=move |_| coach() on:keydown=move |_| coach()>
            <h1 class="visually-hidden">{title}</h1>
            {children()}
            <Fold data id=page.share_fold() title="Share">
                <RareView data ask=rare(TrayRare::Share)/>
                <StartTable data/>
            </Fold>
            {history_fold(data, page, roll_again)}
            <TableLine data page/>
            <RollDock
                data
                panel=core.panel
                headline
                chances
                roll_label
                can_roll
                on_roll
                result
                enter=move || view! { <RareView data ask=rare(TrayRare::Enter)/> }
                odds
            />
        </div>
    }
}

/// Opens a link waiting for the tray, with the tray's rare code: at once if it is here,
/// else when it arrives. If it cannot arrive, the link keeps waiting (and stays in the
/// address, so a reload opens it too), the player is told with Try again, and it is tried
/// again when the connection comes back.
fn open_waiting_links(data: AppData, core: TrayCore, rare: AskRare) {
    let page = core.page;
    let opening = StoredValue::new(false);
    let open = move || {
        let Some(shared) = data.waiting_link(page) else {
            return;
        };
        if opening.get_value() {
            return;
        }
        opening.set_value(true);
        leptos::task::spawn_local(async move {
            let arrived = shell_rare::rare(data, rare(TrayRare::OpenLink(shared.clone())))
                .await
                .is_ok();
            opening.try_set_value(false);
            if arrived {
                // A result left open would cover what the link set up.
                if !matches!(shared, Shared::Result(_))
                    && core.panel.get_untracked() == DockPanel::Result
                {
                    core.panel.set(DockPanel::Closed);
                }
                data.link_opened(page, &shared);
            } else {
                let again = data.lasting(|| Callback::new(move |()| retry_link(data, page)));
                core.snackbar.say_with(
                    "This part of the app could not be fetched, so the link is not open yet: \
                     check the connection.",
                    "Try again",
                    again,
                );
            }
        });
    };
    Effect::new(move |_| {
        if data.waiting_link(page).is_some() {
            open();
        }
    });
    let online = window_event_listener(leptos::ev::online, move |_| open());
    on_cleanup(move || online.remove());
}

/// Try again, from the message: the waiting link is offered to the tray once more.
fn retry_link(data: AppData, page: Page) {
    if let Some(shared) = data.waiting_link(page) {
        // Setting it again wakes the tray's effect, which opens it.
        data.share_with(page, shared);
    }
}

/// The odds in detail from the tray's rare code: fetched the first time the dock shows
/// them (at once on a wide screen, where the dock always shows them beside the result).
#[component]
pub fn RareOdds(data: AppData, core: TrayCore, rare: AskRare) -> impl IntoView {
    let wide = wide_screen(data);
    let wanted = Signal::derive(move || wide.get() || core.panel.get() == DockPanel::Odds);
    view! {
        <RareView
            data
            ask=rare(TrayRare::Odds)
            when=wanted
            fallback=|| view! { <p class="hint">"Counting the odds…"</p> }
        />
    }
}

/// Runs `then` once the browser is idle after this frame (`requestIdleCallback`, or a
/// short timeout where there is none, as in Safari), marking the moment for the bench
/// (`dicetray-idle`: what is fetched after it is not part of opening the page).
fn when_idle(then: impl Fn() + Clone + 'static) {
    use wasm_bindgen::JsCast;
    use wasm_bindgen::closure::Closure;
    let Some(window) = web_sys::window() else {
        return;
    };
    let has_idle = js_sys::Reflect::has(&window, &"requestIdleCallback".into()).unwrap_or(false);
    let callback = Closure::once_into_js(move || {
        if let Some(performance) = web_sys::window().and_then(|w| w.performance()) {
            let _ = performance.mark("dicetray-idle");
        }
        then();
    });
    if has_idle {
        let _ = window.request_idle_callback(callback.unchecked_ref());
    } else {
        let _ = window
            .set_timeout_with_callback_and_timeout_and_arguments_0(callback.unchecked_ref(), 500);
    }
}

/// Start a table from the tray (or go to it, when at one already).
#[component]
fn StartTable(data: AppData) -> impl IntoView {
    let start = move |_| {
        data.table.start_asked.set(true);
        crate::ui::platform::browser::go_to(&Page::TABLE.href());
    };
    move || {
        if data.table.at_table.get() {
            view! { <a class="button small" href=Page::TABLE.href()>"Go to the table"</a> }
                .into_any()
        } else {
            view! { <button type="button" class="small" on:click=start>"Start a table"</button> }
                .into_any()
        }
    }
}
