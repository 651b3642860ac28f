//! Roll history: every tray's rolls, newest first, the current tray's shown first and the
//! others a tap away; each roll readable at a glance (its headline, who and what for, the
//! pool in words, its dice drawn small, re-rolled faces struck through), with Open (the
//! roll shown read-only in its tray's dock, as its link shows it), Roll again, Copy, Share
//! and a link that shows the roll to someone else.
//!
//! All of it is in the module `rare`, fetched when History is opened: a tray opens without
//! reading every roll ever kept. Rolls are kept by `ui::panels::history_writer`.

use leptos::prelude::*;

use crate::core::history::{HistoryEntry, MAX_HISTORY, RollAgain, RollHistory};
use crate::route::Page;
use crate::storage::{entry_from_link, entry_link_text};
use crate::ui::lazy::{self, Lazy};
use crate::ui::panels::roll_card::RollCard;
use crate::ui::platform::browser::{can_share_text, clock_text, go_to, page_url};
use crate::ui::tray::state::{Shown, TrayCore};
use crate::ui::visit::{Deferred, Shared, WaitingLink};
use crate::ui::widgets::fold::Fold;
use crate::ui::widgets::snackbar::Snackbar;

lazy::split! { module rare, preload preload;
    /// The History panel on `page`'s tray; `roll_again` rolls one of its rolls again.
    pub fn panel(core: TrayCore, roll_again: Callback<RollAgain>) -> AnyView {
        view! { <HistoryPanel core roll_again/> }.into_any()
    }

    /// A result link's roll, or why it cannot be read, with whether it is one of the rolls
    /// History keeps here.
    pub fn read_link(history: Deferred<RollHistory>, text: String) -> Result<(HistoryEntry, bool), String> {
        entry_from_link(&text).map(|entry| {
            let kept_here = history.load().with_untracked(|h| is_kept(h, &entry));
            (entry, kept_here)
        })
    }

    /// Copies a link that shows this roll, read-only, to whoever opens it.
    pub fn copy_entry_link(snackbar: Snackbar, entry: HistoryEntry) {
        copy_link(snackbar, result_link(&entry))
    }
}

/// History, folded at the foot of a tray, its code fetched when first opened (so a tray
/// opens without reading every roll ever kept). `roll_again` sets the tray up for one of
/// its rolls and rolls it.
pub fn history_fold(core: TrayCore, roll_again: Callback<RollAgain>) -> impl IntoView {
    view! {
        <Fold folds=core.folds id="history" title="History">
            <Lazy preload draw=move || panel(core, roll_again)/>
        </Fold>
    }
}

/// Reads a result link's roll in History's code (fetched if need be) and hands it to
/// `show`, read-only, if it is a roll of the tray that opened it (the link kept for a
/// reload); else says why it is not shown. A roll History keeps here (History's Open shows a roll through its link) says
/// so, the others that they come from a link.
pub fn open_result_link(core: TrayCore, text: String, show: Callback<Shown>) {
    let (snackbar, tray) = (core.snackbar, core.page);
    leptos::task::spawn_local(async move {
        let read = read_link(core.history, text.clone())
            .await
            .unwrap_or_else(|_| {
                Err("The link's roll could not be shown: this page's code did not arrive.".into())
            });
        match read {
            Ok((entry, kept_here)) if tray_of(&entry) == tray => {
                core.keep_link(text);
                show.run(Shown::from_link(entry, kept_here))
            }
            Ok(_) => snackbar.say("That link shows a roll of another tray: open it there."),
            Err(reason) => snackbar.say(reason),
        }
    });
}

/// Copies a link showing a roll, from a tray's result (History's code is fetched first).
pub fn copy_result_link(snackbar: Snackbar, entry: HistoryEntry) {
    lazy::run(copy_entry_link(snackbar, entry), move || {
        snackbar.say("The link could not be made: this page's code did not arrive.")
    });
}

/// Whether `entry`, read from a link, is one of the rolls `history` keeps, as it is kept.
fn is_kept(history: &RollHistory, entry: &HistoryEntry) -> bool {
    history
        .entries()
        .iter()
        .any(|kept| kept.id == entry.id && entry_link_text(kept) == entry_link_text(entry))
}

/// The tray a roll was made on (saved rolls name it by its route path).
fn tray_of(entry: &HistoryEntry) -> Page {
    Page::from_path(entry.roll.tray_key()).unwrap_or(Page::NARRATIVE)
}

/// The link that shows `entry` read-only on its tray.
fn result_link(entry: &HistoryEntry) -> String {
    format!(
        "{}{}",
        page_url(),
        tray_of(entry).result_href(&entry_link_text(entry))
    )
}

/// Shows a past roll read-only in its tray's dock, as its result link would: on this tray at
/// once, on another after going there (the link waits for its tray).
fn open_entry(links: WaitingLink, here: Page, tray: Page, link_text: String) {
    links.share_with(tray, Shared::Result(link_text));
    if tray != here {
        go_to(&tray.href());
    }
}

/// Copies a result link and says so.
fn copy_link(snackbar: Snackbar, link: String) {
    snackbar.copy(link, "Copied a link that shows this roll.");
}

/// Which rolls the list shows.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Filter {
    /// One tray's.
    Tray(Page),
    /// Every tray's.
    All,
}

/// The history list with its filter, and Clear (asking first).
#[component]
fn HistoryPanel(core: TrayCore, roll_again: Callback<RollAgain>) -> impl IntoView {
    let history = core.history.load();
    let snackbar = core.snackbar;
    let here = core.page;
    let filter = RwSignal::new(Filter::Tray(here));
    let confirming = RwSignal::new(false);
    let shown = move || {
        history.with(|h| match filter.get() {
            Filter::Tray(tray) => h.on_tray(tray.path()).cloned().collect::<Vec<_>>(),
            Filter::All => h.entries().to_vec(),
        })
    };
    let count = move || history.with(|h| h.entries().len());
    let counted = move |tray: Page| history.with(|h| h.on_tray(tray.path()).count());
    // The current tray first, then the others, then all.
    let mut order: Vec<Page> = Page::trays().collect();
    order.sort_by_key(|tray| *tray != here);
    let chips = order
        .into_iter()
        .map(|tray| {
            let name = tray.short_title();
            view! {
                <li>
                    <button
                        type="button"
                        class="chip"
                        aria-pressed=move || (filter.get() == Filter::Tray(tray)).to_string()
                        on:click=move |_| filter.set(Filter::Tray(tray))
                    >
                        {move || format!("{name} ({})", counted(tray))}
                    </button>
                </li>
            }
        })
        .collect_view();
    let clear = move |_| {
        let before = history.get_untracked();
        history.update(RollHistory::clear);
        confirming.set(false);
        // Made under the app's owner: the button tapped is gone once History is empty, and
        // with it anything made under its owner, so the Undo would be a disposed callback.
        let undo = core
            .visit
            .lasting(|| Callback::new(move |()| history.update(|h| *h = before.clone())));
        snackbar.say_with("History cleared.", "Undo", undo);
    };
    view! {
        <section class="history" aria-label="History">
            <ul class="chip-list history-filter" aria-label="Show the rolls of">
                {chips}
                <li>
                    <button
                        type="button"
                        class="chip"
                        aria-pressed=move || (filter.get() == Filter::All).to_string()
                        on:click=move |_| filter.set(Filter::All)
                    >
                        {move || format!("All ({})", count())}
                    </button>
                </li>
            </ul>
            <ol class="history-list" aria-label="Rolls">
                {move || {
                    shown()
                        .into_iter()
                        .map(|entry| view! { <HistoryRow core entry roll_again/> })
                        .collect_view()
                }}
            </ol>
            <p class="hint" hidden=move || !shown().is_empty()>
                "Rolls you make appear here and stay after a reload."
            </p>
            <p class="hint">{move || format!("{} of the last {MAX_HISTORY} rolls kept.", count())}</p>
            {move || {
                if count() == 0 {
                    ().into_any()
                } else if confirming.get() {
                    view! {
                        <div class="confirm">
                            <span>{move || format!("Delete all {} rolls?", count())}</span>
                            <button type="button" class="small danger" on:click=clear>"Yes, clear"</button>
                            <button type="button" class="small" on:click=move |_| confirming.set(false)>
                                "Keep"
                            </button>
                        </div>
                    }
                    .into_any()
                } else {
                    view! {
                        <button type="button" class="small" on:click=move |_| confirming.set(true)>
                            "Clear history"
                        </button>
                    }
                    .into_any()
                }
            }}
        </section>
    }
}

/// One past roll: headline, when, who and what for, the pool in words, its dice, and what
/// can be done with it.
#[component]
fn HistoryRow(
    /// The tray the list is on: only its own rolls can be rolled again here.
    core: TrayCore,
    entry: HistoryEntry,
    roll_again: Callback<RollAgain>,
) -> impl IntoView {
    let (snackbar, here) = (core.snackbar, core.page);
    let text = entry.text();
    let time = clock_text(entry.at_ms);
    let tray = tray_of(&entry);
    let subject = if entry.label.is_empty() {
        entry.headline()
    } else {
        entry.label.clone()
    };
    let again = entry.roll_again().filter(|_| tray == here);
    let link = result_link(&entry);
    let link_text = entry_link_text(&entry);
    let copy =
        move |what: &'static str, text: String| snackbar.copy(text, format!("Copied the {what}."));
    let shared_text = text.clone();
    view! {
        <li class="history-row">
            <RollCard entry=entry.clone() here=Some(here)/>
            <div class="history-actions">
                <button
                    type="button"
                    class="small"
                    aria-label=format!("Open {subject} from {time}")
                    on:click=move |_| open_entry(core.links, here, tray, link_text.clone())
                >
                    "Open"
                </button>
                {again.map(|setup| view! {
                    <button
                        type="button"
                        class="small"
                        aria-label=format!("Roll again: {subject} from {time}")
                        on:click=move |_| roll_again.run(setup.clone())
                    >
                        "Roll again"
                    </button>
                })}
                <button
                    type="button"
                    class="small"
                    aria-label=format!("Copy {subject} from {time}")
                    on:click=move |_| copy("roll", text.clone())
                >
                    "Copy"
                </button>
                {can_share_text().then(|| view! {
                    <button
                        type="button"
                        class="small"
                        aria-label=format!("Share {subject} from {time}")
                        on:click=move |_| snackbar.share(shared_text.clone())
                    >
                        "Share"
                    </button>
                })}
                <button
                    type="button"
                    class="small"
                    aria-label=format!("Copy a link showing {subject} from {time}")
                    on:click=move |_| copy_link(snackbar, link.clone())
                >
                    "Link"
                </button>
            </div>
        </li>
    }
}
