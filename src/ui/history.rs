//! Roll history: every tray's rolls, newest first, the current tray's shown first and the
//! others a tap away; each roll readable at a glance (its headline, who and what for, the
//! pool in words, its dice drawn small, re-rolled faces struck through), with Roll again,
//! Copy, Share and a link that shows the roll to someone else.
//!
//! All of it is rare code (`ui::extras`), fetched on the first roll or when History is
//! opened (see `ui::history_writer`): a tray opens without reading every roll ever kept.

use leptos::prelude::*;

use super::app_data::AppData;
use super::browser::{can_share_text, clock_text, copy_text, page_url, share_text};
use super::deferred::Deferred;
use super::extras::{__preload_extras, Extra, extra};
use super::fold::Fold;
use super::highest_d6::faces::PipDie;
use super::history_writer::write_pending;
use super::narrative::icons::{DieShape, SymbolIcon};
use super::snackbar::Snackbar;
use crate::core::effective_level::faces_words;
use crate::core::highest_d6::pool_words as d6_pool_words;
use crate::core::history::{HistoryEntry, MAX_HISTORY, RecordedRoll, RollAgain, RollHistory};
use crate::core::narrative::{RolledDie, pool_words};
use crate::route::Page;
use crate::storage::{entry_from_link, entry_link_text};

/// What a tray asks of History's own code (see `ui::extras`, where it lives).
#[derive(Clone)]
pub enum HistoryAsk {
    /// Keep the rolls waiting to be kept (see `ui::history_writer`).
    Write,
    /// Draw the History panel on `Page`'s tray; `Callback` rolls one of its rolls again.
    Panel(Page, Callback<RollAgain>),
    /// Read a result link's roll, and hand it (or why it cannot be read) to the callback.
    OpenLink(String, Callback<Result<HistoryEntry, String>>),
    /// Copy a link that shows this roll, read-only, to whoever opens it.
    CopyLink(HistoryEntry),
}

/// Carries out what a tray asks of History: reading every roll ever kept, writing new ones,
/// drawing them, reading and making result links.
pub fn history_extra(data: AppData, ask: HistoryAsk) -> AnyView {
    match ask {
        HistoryAsk::Write => {
            write_pending(data);
            ().into_any()
        }
        HistoryAsk::Panel(page, roll_again) => {
            view! { <HistoryPanel data page roll_again/> }.into_any()
        }
        HistoryAsk::OpenLink(text, read) => {
            read.run(entry_from_link(&text));
            ().into_any()
        }
        HistoryAsk::CopyLink(entry) => {
            copy_link(data.snackbar, result_link(&entry));
            ().into_any()
        }
    }
}

/// History, folded at the foot of a tray, its code fetched when first opened (so a tray
/// opens without reading every roll ever kept). `roll_again` sets the tray up for one of
/// its rolls and rolls it.
pub fn history_fold(data: AppData, page: Page, roll_again: Callback<RollAgain>) -> impl IntoView {
    view! {
        <Fold data id="history" title="History">
            <Deferred
                preload=__preload_extras
                draw=move || extra(data, Extra::History(HistoryAsk::Panel(page, roll_again)))
            />
        </Fold>
    }
}

/// Reads a result link's roll in History's code (fetched if need be) and hands it to
/// `show` if it `belongs` to the tray that opened it; else says why it is not shown.
pub fn open_result_link(
    data: AppData,
    text: String,
    belongs: fn(&RecordedRoll) -> bool,
    show: Callback<HistoryEntry>,
) {
    let snackbar = data.snackbar;
    let read = Callback::new(move |read: Result<HistoryEntry, String>| match read {
        Ok(entry) if belongs(&entry.roll) => show.run(entry),
        Ok(_) => snackbar.say("That link shows a roll of another tray: open it there."),
        Err(reason) => snackbar.say(reason),
    });
    leptos::task::spawn_local(async move {
        if extra(data, Extra::History(HistoryAsk::OpenLink(text, read)))
            .await
            .is_err()
        {
            read.run(Err(
                "The link's roll could not be shown: this page's code did not arrive.".into(),
            ));
        }
    });
}

/// Copies a link showing a roll, from a tray's result (History's code is fetched first).
pub fn copy_result_link(data: AppData, entry: HistoryEntry) {
    leptos::task::spawn_local(async move {
        if extra(data, Extra::History(HistoryAsk::CopyLink(entry)))
            .await
            .is_err()
        {
            data.snackbar
                .say("The link could not be made: this page's code did not arrive.");
        }
    });
}

/// The link that shows `entry` read-only on its tray.
fn result_link(entry: &HistoryEntry) -> String {
    let tray = entry.roll.tray_key();
    let page = Page::ALL
        .into_iter()
        .find(|p| p.path() == tray)
        .unwrap_or(Page::Narrative);
    format!(
        "{}{}",
        page_url(),
        page.result_href(&entry_link_text(entry))
    )
}

/// Copies a result link and says so.
fn copy_link(snackbar: Snackbar, link: String) {
    leptos::task::spawn_local(async move {
        match copy_text(&link).await {
            Ok(()) => snackbar.say("Copied a link that shows this roll."),
            Err(error) => snackbar.say(format!("Could not copy ({error}): {link}")),
        }
    });
}

/// Which rolls the list shows.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Filter {
    /// One tray's, by its route path.
    Tray(&'static str),
    /// Every tray's.
    All,
}

/// The trays, by route path and name, in navigation order.
const TRAYS: [(&str, &str); 3] = [
    ("narrative", "Narrative"),
    ("d6", "Highest d6"),
    ("el", "Effective Level"),
];

/// The history list with its filter, and Clear (asking first).
#[component]
fn HistoryPanel(data: AppData, page: Page, roll_again: Callback<RollAgain>) -> impl IntoView {
    let history = data.history();
    let snackbar = data.snackbar;
    let here = page.path();
    let filter = RwSignal::new(Filter::Tray(here));
    let confirming = RwSignal::new(false);
    let shown = move || {
        history.with(|h| match filter.get() {
            Filter::Tray(tray) => h.on_tray(tray).cloned().collect::<Vec<_>>(),
            Filter::All => h.entries().to_vec(),
        })
    };
    let count = move || history.with(|h| h.entries().len());
    let counted = move |tray: &'static str| history.with(|h| h.on_tray(tray).count());
    // The current tray first, then the others, then all.
    let mut order: Vec<(&'static str, &'static str)> = TRAYS.to_vec();
    order.sort_by_key(|(path, _)| *path != here);
    let chips = order
        .into_iter()
        .map(|(path, name)| {
            view! {
                <li>
                    <button
                        type="button"
                        class="chip"
                        aria-pressed=move || (filter.get() == Filter::Tray(path)).to_string()
                        on:click=move |_| filter.set(Filter::Tray(path))
                    >
                        {move || format!("{name} ({})", counted(path))}
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
        let undo =
            data.lasting(|| Callback::new(move |()| history.update(|h| *h = before.clone())));
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
                        .map(|entry| view! { <HistoryRow entry here roll_again snackbar/> })
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
    entry: HistoryEntry,
    /// The tray the list is on: only its own rolls can be rolled again here.
    here: &'static str,
    roll_again: Callback<RollAgain>,
    snackbar: Snackbar,
) -> impl IntoView {
    let text = entry.text();
    let time = clock_text(entry.at_ms);
    let tray = entry.roll.tray_key();
    let subject = if entry.label.is_empty() {
        entry.headline()
    } else {
        entry.label.clone()
    };
    let again = entry.roll_again().filter(|_| tray == here);
    let link = result_link(&entry);
    let copy = move |what: &'static str, text: String| {
        leptos::task::spawn_local(async move {
            match copy_text(&text).await {
                Ok(()) => snackbar.say(format!("Copied the {what}.")),
                Err(error) => snackbar.say(format!("Could not copy ({error}): {text}")),
            }
        });
    };
    let shared_text = text.clone();
    view! {
        <li class="history-row">
            <div class="history-main">
                <span class=format!("headline-small {}", entry.tone().name())>{entry.headline()}</span>
                {entry.real_dice.then(|| view! { <span class="tag">"real dice"</span> })}
                <time class="hint">{time.clone()}</time>
            </div>
            <p class="history-label" hidden=entry.label.is_empty() && entry.who.is_none()>
                {entry.who.clone().map(|who| view! { <span class="who">{who}</span> })}
                {entry.label.clone()}
            </p>
            <p class="history-pool">
                {(here.is_empty() || tray != here).then(|| view! {
                    <span class="system-tag">{entry.roll.system_title()}</span>
                })}
                {pool_line(&entry)}
            </p>
            <HistoryFaces roll=entry.roll.clone()/>
            <div class="history-actions">
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
                        on:click=move |_| {
                            let text = shared_text.clone();
                            leptos::task::spawn_local(async move {
                                if let Err(error) = share_text(&text).await {
                                    snackbar.say(format!("Not shared ({error})."));
                                }
                            });
                        }
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

/// The pool in words: "2 Ability, 1 Proficiency vs 2 Difficulty", "3 dice (2 base + Keen
/// Eye)", "EL 8 vs EL 5 (opposition)".
fn pool_line(entry: &HistoryEntry) -> String {
    match &entry.roll {
        RecordedRoll::Narrative(roll) => pool_words(roll.pool()),
        RecordedRoll::HighestD6(check) => d6_pool_words(check.roll.plan(), &check.pool_line),
        RecordedRoll::EffectiveLevel(roll) => {
            crate::core::effective_level::check_words(&roll.check)
        }
        RecordedRoll::StoryPoints(change) => change.counts_words(),
    }
}

/// A roll's dice, drawn small: narrative dice with their symbols (a re-rolled die shows the
/// faces it replaced, struck through), d6 pips, EL dice as values.
#[component]
fn HistoryFaces(roll: RecordedRoll) -> impl IntoView {
    match roll {
        RecordedRoll::Narrative(roll) => {
            let dice = roll
                .dice()
                .iter()
                .enumerate()
                .map(|(index, &die)| {
                    let history = roll.face_history(index);
                    let replaced = history[..history.len().saturating_sub(1)].to_vec();
                    view! {
                        <li class="small-face">
                            {replaced
                                .into_iter()
                                .map(|was| view! { <s class="was" aria-label="re-rolled from"><SmallDie die=was/></s> })
                                .collect_view()}
                            <SmallDie die/>
                        </li>
                    }
                })
                .collect_view();
            view! { <ul class="history-faces" aria-label="Dice">{dice}</ul> }.into_any()
        }
        RecordedRoll::HighestD6(check) => {
            let faces = check
                .roll
                .faces()
                .iter()
                .map(|&face| view! { <li class="small-face" aria-label=face.to_string()><PipDie face/></li> })
                .collect_view();
            view! { <ul class="history-faces d6" aria-label="Dice">{faces}</ul> }.into_any()
        }
        RecordedRoll::EffectiveLevel(roll) => {
            let mut words = faces_words(&roll.faces);
            if roll.check.against.is_some() {
                words.push_str(" vs ");
                words.push_str(&faces_words(&roll.their_faces));
            }
            view! { <p class="history-el-faces">{words}</p> }.into_any()
        }
        RecordedRoll::StoryPoints(change) => {
            let dice = change.dice_words().unwrap_or_default();
            let none = dice.is_empty();
            view! { <p class="history-el-faces" hidden=none>{dice}</p> }.into_any()
        }
    }
}

/// One narrative die, small, with its face's symbols.
#[component]
fn SmallDie(die: RolledDie) -> impl IntoView {
    let glyphs = die
        .symbols()
        .glyphs()
        .into_iter()
        .map(|glyph| view! { <SymbolIcon glyph decorative=true/> })
        .collect_view();
    view! { <DieShape die=die.die()>{glyphs}</DieShape> }
}
