//! Links a player shares from a tray: this set-up, or the GM's side only (the challenge a
//! player opens with their own character and dice). Each can be copied, sent through the
//! share sheet, or shown as a QR code for phones at the same table.
//!
//! The QR code's drawing and its encoder (qrcodegen) come the first time a code is shown
//! (`ui::widgets::qr`): no tray's first load carries them.

use leptos::prelude::*;

use crate::ui::table::hook::Outgoing;

use crate::ui::lazy::Lazy;
use crate::ui::platform::browser::can_share_text;
use crate::ui::table::hook::TableHook;
use crate::ui::widgets::qr;
use crate::ui::widgets::snackbar::Snackbar;

/// One link a tray offers: its name and how to make it now from the tray's state `S`.
pub struct ShareLink<S> {
    /// What it carries, e.g. "this pool", "the GM's challenge".
    pub what: &'static str,
    /// The GM's side: at a table, the GM can send it to every phone there.
    pub gm_side: bool,
    /// The whole link, made when asked (the tray changes between taps).
    pub make: fn(S) -> Option<String>,
}

impl<S> Clone for ShareLink<S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S> Copy for ShareLink<S> {}

/// The tray's links, each with Copy, Share (where the browser has a share sheet) and QR.
#[component]
pub fn ShareLinks<S: Copy + Send + Sync + 'static>(
    /// The tray's state, that the links are made from.
    state: S,
    /// The table, where the GM can send their side.
    table: TableHook,
    links: &'static [ShareLink<S>],
) -> impl IntoView {
    let snackbar = table.snackbar;
    // The link whose QR code shows, as made when its button was tapped.
    let qr = RwSignal::new(None::<(&'static str, String)>);
    let rows = links
        .iter()
        .map(|&link| view! { <LinkRow state table link qr snackbar/> })
        .collect_view();
    view! {
        <ul class="share-links">{rows}</ul>
        {move || qr.get().map(|(what, text)| {
            let text = StoredValue::new(text);
            view! {
            <figure class="qr-figure">
                <Lazy preload=qr::preload draw=move || qr::qr_picture(text.get_value())/>
                <figcaption>{format!("Scan to open {what}.")}</figcaption>
                <button type="button" class="small" on:click=move |_| qr.set(None)>"Hide the QR code"</button>
            </figure>
            }
        })}
    }
}

/// One link: copy it, share it, or show it as a QR code.
#[component]
fn LinkRow<S: Copy + Send + Sync + 'static>(
    state: S,
    table: TableHook,
    link: ShareLink<S>,
    qr: RwSignal<Option<(&'static str, String)>>,
    snackbar: Snackbar,
) -> impl IntoView {
    let what = link.what;
    let made = move || {
        let made = (link.make)(state);
        if made.is_none() {
            snackbar.say(format!("There is nothing to share as {what} yet."));
        }
        made
    };
    let copy = move |_| {
        if let Some(text) = made() {
            snackbar.copy(text, format!("Copied the link to {what}."));
        }
    };
    let share = move |_| {
        if let Some(text) = made() {
            snackbar.share(text);
        }
    };
    view! {
        <li class="share-link">
            <span class="share-what">{format!("Link to {what}")}</span>
            <span class="row-actions">
                <button type="button" class="small" aria-label=format!("Copy the link to {what}") on:click=copy>
                    "Copy"
                </button>
                {can_share_text().then(|| view! {
                    <button type="button" class="small" aria-label=format!("Share the link to {what}") on:click=share>
                        "Share"
                    </button>
                })}
                <button
                    type="button"
                    class="small"
                    aria-label=format!("Show the link to {what} as a QR code")
                    on:click=move |_| {
                        if let Some(text) = made() {
                            qr.set(Some((what, text)));
                        }
                    }
                >
                    "QR"
                </button>
                {move || (link.gm_side && table.gm.get()).then(|| view! {
                    <button type="button" class="small" on:click=move |_| send_side(table, made())>
                        "Send to the table"
                    </button>
                })}
            </span>
        </li>
    }
}

/// Sends the GM's side, as its link carries it, to the table's phones.
fn send_side(table: TableHook, link: Option<String>) {
    let Some(link) = link else { return };
    let hash = link.split_once('#').map_or("", |(_, hash)| hash);
    let route = crate::route::Route::parse(hash);
    if let Some(challenge) = route.challenge {
        table.send(Outgoing::Side(route.page, challenge));
        crate::ui::table::run_table(table);
    }
}
