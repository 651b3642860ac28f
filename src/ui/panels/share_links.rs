//! Links a player shares from a tray: this set-up, or the GM's side only (the challenge a
//! player opens with their own character and dice). Each can be copied, sent through the
//! share sheet, or shown as a QR code for phones at the same table.
//!
//! The QR code's drawing and its encoder (qrcodegen) come the first time a code is shown
//! (`ui::widgets::qr`): no tray's first load carries them.

use leptos::prelude::*;

use crate::route::Page;
use crate::ui::table::hook::{Ask, Outgoing};

use crate::ui::lazy::Lazy;
use crate::ui::platform::browser::can_share_text;
use crate::ui::table::hook::TableHook;
use crate::ui::widgets::qr;
use crate::ui::widgets::snackbar::Snackbar;
use crate::ui::widgets::switch::Switch;

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
    /// The tray the links open.
    page: Page,
    links: &'static [ShareLink<S>],
) -> impl IntoView {
    let snackbar = table.snackbar;
    // The link whose QR code shows, as made when its button was tapped.
    let qr = RwSignal::new(None::<(&'static str, String)>);
    let rows = links
        .iter()
        .map(|&link| view! { <LinkRow state table page link qr snackbar/> })
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
    page: Page,
    link: ShareLink<S>,
    qr: RwSignal<Option<(&'static str, String)>>,
    snackbar: Snackbar,
) -> impl IntoView {
    let what = link.what;
    let asking = RwSignal::new(false);
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
                    <button type="button" class="small" aria-expanded=move || asking.get().to_string() on:click=move |_| asking.update(|a| *a = !*a)>
                        "Ask for a roll"
                    </button>
                })}
            </span>
            {move || (asking.get() && table.gm.get()).then(|| {
                let side = move || challenge_of((link.make)(state)).unwrap_or_default();
                view! { <AskForm table page side done=Callback::new(move |()| asking.set(false))/> }
            })}
        </li>
    }
}

/// The GM's request for a roll on this tray, with the side the tray holds now: what it is
/// for, whom it asks (everyone, or one player), and whether the answers come to the GM
/// alone.
#[component]
fn AskForm(
    table: TableHook,
    page: Page,
    /// The GM's side as the tray holds it when Ask is tapped (`""`: none).
    side: impl Fn() -> String + Send + Sync + 'static,
    done: Callback<()>,
) -> impl IntoView {
    // The side as the tray holds it now, in the tray's words.
    let side_now = side();
    let side_words = if side_now.is_empty() {
        "No side: the players roll their own dice.".to_string()
    } else {
        crate::core::challenge::side_words(page.path(), &side_now).map_or_else(
            || "With your side.".into(),
            |w| format!("With your side: {w}."),
        )
    };
    let label = RwSignal::new(String::new());
    let who = RwSignal::new(String::new());
    let to_gm = RwSignal::new(false);
    // Opened under the dock's reach: brought to the top of the screen, its first field ready.
    let (form_ref, input_ref) = (
        NodeRef::<leptos::html::Form>::new(),
        NodeRef::<leptos::html::Input>::new(),
    );
    Effect::new(move |_| {
        if let Some(form) = form_ref.get() {
            form.scroll_into_view();
        }
        if let Some(input) = input_ref.get() {
            let _ = input.focus();
        }
    });
    let ask = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let text = label.get_untracked().trim().to_string();
        if text.is_empty() {
            table
                .snackbar
                .say("Say what the roll is for, e.g. Perception.");
            return;
        }
        let chosen = who.get_untracked();
        let whom = table
            .people
            .with_untracked(|p| p.iter().find(|(k, _)| *k == chosen).map(|(_, n)| n.clone()))
            .unwrap_or_else(|| "everyone".into());
        table.send(Outgoing::Ask(Ask {
            page,
            label: text.clone(),
            challenge: side(),
            who: if chosen.is_empty() {
                Vec::new()
            } else {
                vec![chosen]
            },
            to_gm: to_gm.get_untracked(),
        }));
        crate::ui::table::run_table(table);
        table
            .snackbar
            .say(format!("Asked {whom} for a roll: {text}."));
        done.run(());
    };
    view! {
        <form class="ask-form" node_ref=form_ref on:submit=ask>
            <label class="field">
                <span>"What the roll is for"</span>
                <input type="text" node_ref=input_ref maxlength="80" placeholder="Perception" prop:value=move || label.get()
                    on:input=move |ev| label.set(event_target_value(&ev))/>
            </label>
            <label class="field">
                <span>"Who rolls"</span>
                <select on:change=move |ev| who.set(event_target_value(&ev)) prop:value=move || who.get()>
                    <option value="">"Everyone"</option>
                    {move || table.people.get().into_iter().map(|(key, name)| view! {
                        <option value=key>{name}</option>
                    }).collect_view()}
                </select>
            </label>
            <p class="hint">{side_words}</p>
            <Switch on=to_gm toggle=Callback::new(move |()| to_gm.update(|t| *t = !*t))
                label="Answers to me only" hint="The other players do not see them."/>
            <span class="row-actions">
                <button type="submit" class="small primary">"Ask"</button>
                <button type="button" class="small" on:click=move |_| done.run(())>"Cancel"</button>
            </span>
        </form>
    }
}

/// The challenge a GM's side link carries, if any.
fn challenge_of(link: Option<String>) -> Option<String> {
    let link = link?;
    let hash = link.split_once('#').map_or("", |(_, hash)| hash);
    crate::route::Route::parse(hash).challenge
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
