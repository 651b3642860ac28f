//! The frame every tray is drawn in: the character bar's place, the tray's own controls and
//! folds, then Share and History, and the roll dock at the foot; it opens what a link
//! carries for the tray and starts the hints once the page is idle. A tray gives views,
//! callbacks and its lazily fetched parts ([`TrayParts`]); the frame is one component for
//! all of them, not a generic per tray.

use leptos::prelude::*;

use super::state::TrayCore;
use crate::core::history::RollAgain;
use crate::route::Page;
use crate::ui::lazy::{Coming, Lazy};
use crate::ui::panels::history::history_fold;
use crate::ui::panels::history_writer;
use crate::ui::platform::browser::when_idle;
use crate::ui::platform::screen::wide_screen;
use crate::ui::table::TableLine;
use crate::ui::table::hook::TableHook;
use crate::ui::visit::{Shared, WaitingLink};
use crate::ui::widgets::dock::{DockPanel, Headline, RollDock};
use crate::ui::widgets::fold::Fold;

/// What every tray gives the frame of its code fetched later: its rare parts (the module
/// `<tray>_rare`, fetched on the first tap that opens one) and what it does once the page
/// is idle (`<tray>_soon`). Each is a function declared with `lazy::split!`, taking the
/// tray's state `S`.
pub struct TrayParts<S> {
    /// Fetches the rare parts' code.
    pub preload_rare: fn() -> Coming<()>,
    /// The links the tray offers, in its Share fold.
    pub share: fn(S) -> Coming<AnyView>,
    /// Real dice: each die's face at the table, entered.
    pub enter: fn(S) -> Coming<AnyView>,
    /// The odds in detail, in the dock; `None` when the tray draws them itself.
    pub odds: Option<fn(S) -> Coming<AnyView>>,
    /// Opens what a link carries: a set-up, the GM's challenge, a roll to show.
    pub open_link: fn(S, Shared) -> Coming<()>,
    /// Once the page is idle: the tab's session restored and kept, the hints counted.
    pub when_idle: fn(S) -> Coming<()>,
}

impl<S> Clone for TrayParts<S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S> Copy for TrayParts<S> {}

/// A tray's [`TrayParts`], from the functions every tray names alike in its `rare` and
/// `soon` modules; `odds` is `Some(rare::odds)`, or `None` for a tray that draws them itself.
macro_rules! tray_parts {
    (odds: $odds:expr) => {
        $crate::ui::tray::frame::TrayParts {
            preload_rare: rare::preload,
            share: rare::share,
            enter: rare::enter,
            odds: $odds,
            open_link: soon::open_link,
            when_idle: soon::when_idle,
        }
    };
}
pub(crate) use tray_parts;

/// The tray's page: `children` are its own controls and folds, in order.
#[component]
pub fn TrayFrame<S: Copy + Send + Sync + 'static>(
    /// The tray's own state, which its parts fetched later take.
    state: S,
    core: TrayCore,
    /// The tray's parts fetched later.
    parts: TrayParts<S>,
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
    /// The odds in detail, when the tray draws them itself (see [`TrayParts::odds`]).
    #[prop(optional, into)]
    odds: Option<ViewFn>,
    /// Sets the tray up for one of its past rolls and rolls it (History's Roll again).
    roll_again: Callback<RollAgain>,
    children: Children,
) -> impl IntoView {
    let page = core.page;
    open_waiting_links(state, core, parts);
    let coach = move || {
        if !core.coach_started.get_value() {
            core.coach_started.set_value(true);
            // If its code cannot come, nothing is said here (Roll, a link or a panel the
            // player opened says so), and the next tap asks again.
            crate::ui::lazy::run((parts.when_idle)(state), move || {
                core.coach_started.set_value(false)
            });
            // History's writer too, so a roll is kept at once (and so before a reload).
            crate::ui::lazy::run(history_writer::preload(), || ());
        }
    };
    // The hints, the tab's session and History's writer come once the tray is drawn and the
    // page is idle (or on the first tap, if that comes first), so they show without a tap,
    // after a reload, and a roll is kept the moment it is made.
    when_idle(Box::new(coach));
    let odds = odds.unwrap_or_else(|| ViewFn::from(move || view! { <LazyOdds state core parts/> }));
    // The live table's corner: on a phone in the dock, above the roll bar; on a wide or
    // sideways screen at the head of the tray's column, leaving the dock's to the result.
    let wide = wide_screen(core.visit);
    let corner = move |here: bool| {
        move || (wide.get() == here).then(|| view! { <TableLine table=core.table page/> })
    };
    view! {
        <div class=format!("tray-page {class}") on:pointerdown=move |_| coach() on:keydown=move |_| coach()>
            <h1 class="visually-hidden">{title}</h1>
            {corner(true)}
            {children()}
            <Fold folds=core.folds id=page.share_fold() title="Share">
                <Lazy preload=parts.preload_rare draw=move || (parts.share)(state)/>
                <StartTable table=core.table/>
            </Fold>
            {history_fold(core, roll_again)}
            <RollDock
                snackbar=core.snackbar
                settings=core.settings
                panel=core.panel
                headline
                chances
                roll_label
                can_roll
                on_roll
                result
                enter=move || view! { <Lazy preload=parts.preload_rare draw=move || (parts.enter)(state)/> }
                odds
                above=move || corner(false)
            />
        </div>
    }
}

/// Opens a link waiting for the tray, with the tray's code for it: at once if it is here,
/// else when it arrives. If it cannot arrive, the link keeps waiting (and stays in the
/// address, so a reload opens it too), the player is told with Try again, and it is tried
/// again when the connection comes back.
fn open_waiting_links<S: Copy + 'static>(state: S, core: TrayCore, parts: TrayParts<S>) {
    let (page, links) = (core.page, core.links);
    let opening = StoredValue::new(false);
    let open = move || {
        let Some(shared) = links.waiting_link(page) else {
            return;
        };
        if opening.get_value() {
            return;
        }
        opening.set_value(true);
        leptos::task::spawn_local(async move {
            let arrived = (parts.open_link)(state, shared.clone()).await.is_ok();
            opening.try_set_value(false);
            if arrived {
                // A result left open would cover what the link set up.
                if !matches!(shared, Shared::Result(_))
                    && core.panel.get_untracked() == DockPanel::Result
                {
                    core.panel.set(DockPanel::Closed);
                }
                links.link_opened(page, &shared);
            } else {
                let again = core
                    .visit
                    .lasting(|| Callback::new(move |()| retry_link(links, page)));
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
        if links.waiting_link(page).is_some() {
            open();
        }
    });
    let online = window_event_listener(leptos::ev::online, move |_| open());
    on_cleanup(move || online.remove());
}

/// Try again, from the message: the waiting link is offered to the tray once more.
fn retry_link(links: WaitingLink, page: Page) {
    if let Some(shared) = links.waiting_link(page) {
        // Setting it again wakes the tray's effect, which opens it.
        links.share_with(page, shared);
    }
}

/// The odds in detail from the tray's rare code: fetched the first time the dock shows
/// them (at once on a wide screen, where the dock always shows them beside the result).
#[component]
fn LazyOdds<S: Copy + Send + Sync + 'static>(
    state: S,
    core: TrayCore,
    parts: TrayParts<S>,
) -> impl IntoView {
    let wide = wide_screen(core.visit);
    let wanted = Signal::derive(move || wide.get() || core.panel.get() == DockPanel::Odds);
    parts.odds.map(|odds| {
        view! {
            <Lazy
                preload=parts.preload_rare
                draw=move || odds(state)
                when=wanted
                fallback=|| view! { <p class="hint">"Counting the odds…"</p> }
            />
        }
    })
}

/// Start a table from the tray (or go to it, when at one already).
#[component]
fn StartTable(table: TableHook) -> impl IntoView {
    let start = move |_| {
        table.start_asked.set(true);
        crate::ui::platform::browser::go_to(&Page::TABLE.href());
    };
    move || {
        if table.at_table.get() {
            view! { <a class="button small" href=Page::TABLE.href()>"Go to the table"</a> }
                .into_any()
        } else {
            view! { <button type="button" class="small" on:click=start>"Start a table"</button> }
                .into_any()
        }
    }
}
