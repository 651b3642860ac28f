//! The table's corner in every tray, above the roll bar so it is on the first screen: the
//! table's line (who is here, the connection, where my rolls go), the last roll someone else
//! made and how many came since I looked, what just changed at the table ("Ana spent a light
//! point"), and the GM's side for this tray in the tray's words until it is taken or
//! dismissed. The line and the roll open the table's log in a sheet over the tray.

use leptos::html;
use leptos::prelude::*;

use super::live::{Connection, Live, tray_page};
use super::log_view::{TableLog, act_words, is_others_roll, others_rolls};
use super::page::SendChoice;
use super::requests::{Requests, RequestsLine};
use super::service::Call;
use crate::core::history::HistoryEntry;
use crate::route::Page;
use crate::storage::entry_from_link;
use crate::table::{LogEntry, What};
use crate::ui::panels::roll_card::RollFaces;
use crate::ui::table::hook::TableHook;

/// How long a change at the table shows in the corner.
const NEWS_FOR: std::time::Duration = std::time::Duration::from_secs(8);

/// The corner.
#[component]
pub fn TrayStrip(table: TableHook, page: Page) -> impl IntoView {
    let live = Live::of(table);
    let sheet = NodeRef::<html::Dialog>::new();
    let sheet_open = RwSignal::new(false);
    let here = Memo::new(move |_| live.view.with(|v| v.people.len()));
    let waiting = Memo::new(move |_| live.view.with(|v| v.unsent.len()));
    let connection = Memo::new(move |_| live.connection());
    // Removed, or here by an out-of-date link: the corner says so, and offers nothing to do.
    let shut = Memo::new(move |_| {
        live.view.with(|v| match (&v.removed_by, v.stale_link) {
            (Some(gm), _) => Some(format!("{gm} removed you from the table")),
            (None, true) => {
                Some("Your table link is out of date: ask the GM for the new one".into())
            }
            _ => None,
        })
    });
    // The rolls others made, once this phone has read its kept table: those it held then
    // count as looked at; what comes after is new until the log is opened.
    let others = Memo::new(move |_| live.shown.with(|shown| others_rolls(shown)));
    Effect::new(move |_| {
        let ready = live.view.with(|v| v.at);
        if ready && live.seen.with_untracked(Option::is_none) {
            live.seen.set(Some(others.get_untracked()));
        }
    });
    let new_count = Memo::new(move |_| {
        live.seen.with(|seen| {
            seen.as_ref().map_or(0, |seen| {
                others.with(|o| o.iter().filter(|id| !seen.contains(id)).count())
            })
        })
    });
    let last = Memo::new(move |_| live.shown.with(|shown| last_other_roll(shown)));
    let open_log = move || {
        sheet_open.set(true);
        if let Some(dialog) = sheet.get_untracked() {
            let _ = dialog.show_modal();
        }
    };
    let close_log = move || {
        if let Some(dialog) = sheet.get_untracked() {
            dialog.close();
        }
    };
    view! {
        <div class="table-corner" role="group" aria-label="Live table">
            {move || shut.get().map(|words| view! {
                <p class="table-shut" role="alert">{words}</p>
            })}
            <div class="table-line" hidden=move || shut.with(Option::is_some)>
                <button
                    type="button"
                    class="table-open"
                    aria-haspopup="dialog"
                    // Everything the line says, the connection included (the eye reads a dot).
                    aria-label=move || {
                        let waiting = match waiting.get() {
                            0 => String::new(),
                            n => format!(" · {n} waiting"),
                        };
                        format!(
                            "Table · {} here · {}{waiting}. Open the table's log",
                            here.get(),
                            connection.get().words()
                        )
                    }
                    data-connection=move || connection.get().name()
                    on:click=move |_| open_log()
                >
                    <span class="connection-dot" aria-hidden="true"></span>
                    <span>{move || format!("Table · {} here", here.get())}</span>
                    {move || (connection.get() != Connection::Connected).then(|| view! {
                        <span class="connection-words">{format!(" · {}", connection.get().words())}</span>
                    })}
                    {move || (waiting.get() > 0).then(|| view! {
                        <span class="connection-words">{format!(" · {} waiting", waiting.get())}</span>
                    })}
                </button>
                <SendChoice live short=true/>
            </div>
            {move || last.get().map(|(id, by, tray, entry)| view! {
                <LastRoll id by tray entry new_count=new_count.get() open=Callback::new(move |()| open_log())/>
            })}
            {move || shut.with(Option::is_none).then(|| view! {
                <RequestsLine live open=Callback::new(move |()| open_log())/>
                <TableNews live/>
                <SideBadge live page/>
            })}
        </div>
        <dialog class="sheet" node_ref=sheet aria-labelledby="sheet-title" on:close=move |_| sheet_open.set(false)>
            <div class="sheet-head">
                <h2 id="sheet-title">"The table"</h2>
                <button type="button" on:click=move |_| close_log()>"Close"</button>
            </div>
            // Drawn only while open: the tray pays nothing for it otherwise.
            {move || sheet_open.get().then(|| view! {
                <div class="table-requests"><Requests live answering=Callback::new(move |()| close_log())/></div>
                <TableLog live/>
            })}
        </dialog>
    }
}

/// The newest roll someone else made, as the log shows it: (its message's id, who, the
/// tray's title, the roll).
fn last_other_roll(
    shown: &[(LogEntry, bool)],
) -> Option<(String, String, &'static str, HistoryEntry)> {
    shown
        .iter()
        .filter(|(e, _)| is_others_roll(e))
        .find_map(|(e, _)| match &e.what {
            What::Roll { tray, roll, .. } | What::Amend { tray, roll, .. } => {
                let rolled = entry_from_link(roll).ok()?;
                let title = tray_page(tray).map_or("a tray", Page::short_title);
                Some((e.id.clone(), e.by.clone(), title, rolled))
            }
            _ => None,
        })
}

/// The last roll someone else made: who, where, its headline and dice, and how many are new.
#[component]
fn LastRoll(
    /// Its message's id (for the bench, which waits on a new one).
    id: String,
    by: String,
    tray: &'static str,
    entry: HistoryEntry,
    new_count: usize,
    open: Callback<()>,
) -> impl IntoView {
    let headline = entry.headline();
    let tone = entry.tone().name();
    let new = (new_count > 0).then(|| {
        view! { <span class="new-count">{format!("{new_count} new")}</span> }
    });
    view! {
        <button type="button" class="table-last" data-id=id aria-haspopup="dialog" on:click=move |_| open.run(())>
            <span class="table-last-text">
                <span class="table-last-who"><span class="who">{by}</span>{format!(" · {tray}")}</span>
                <span class=format!("headline-small {tone}")>{headline}</span>
            </span>
            <span class="table-last-dice" aria-hidden="true"><RollFaces roll=entry.roll.clone()/></span>
            {new}
            <span class="visually-hidden">". Open the table's log"</span>
        </button>
    }
}

/// What just changed at the table (a point spent, the pool set, someone joining, leaving or
/// taking the GM role), said for a few seconds on every phone.
#[component]
fn TableNews(live: Live) -> impl IntoView {
    let news = RwSignal::new(None::<String>);
    // The messages held when the corner was drawn are old news.
    let known = StoredValue::new(None::<Vec<String>>);
    Effect::new(move |_| {
        let fresh = live.view.with(|v| {
            if !v.at {
                return None;
            }
            let ids: Vec<String> = v.log.iter().map(|e| e.id.clone()).collect();
            let was = known.get_value();
            known.set_value(Some(ids));
            let was = was?;
            v.log
                .iter()
                .rev()
                // The GM's side has its own badge, until taken or dismissed.
                .filter(|e| {
                    !was.contains(&e.id) && !e.undone && !matches!(e.what, What::Side { .. })
                })
                .find_map(|e| {
                    let words = act_words(&e.what, e.refused, v)?;
                    let who = if e.mine {
                        "You".to_string()
                    } else {
                        e.by.clone()
                    };
                    Some(format!("{who} {words}"))
                })
        });
        if let Some(text) = fresh {
            news.set(Some(text.clone()));
            set_timeout(
                // The corner may be gone by then (another tray opened): nothing to clear.
                move || {
                    if news.try_with_untracked(|n| n.as_deref() == Some(text.as_str()))
                        == Some(true)
                    {
                        news.try_set(None);
                    }
                },
                NEWS_FOR,
            );
        }
    });
    view! {
        <p class="table-news" role="status" hidden=move || news.with(Option::is_none)>
            {move || news.get()}
        </p>
    }
}

/// The GM's side for this tray, in the tray's words, offered until taken or dismissed; never
/// to the GM who sent it. Taken or dismissed, it is remembered with the table (not offered
/// again, after a reload too).
#[component]
fn SideBadge(live: Live, page: Page) -> impl IntoView {
    let offered = Memo::new(move |_| {
        live.view.with(|v| {
            if v.am_gm {
                return None;
            }
            v.sides
                .iter()
                .find(|(tray, s, _)| tray == page.path() && !s.is_empty())
                .map(|(_, s, words)| (s.clone(), words.clone()))
        })
    });
    let done_with = move |challenge: String| {
        live.call(Call::TookSide(page.path().to_string(), challenge));
    };
    move || {
        offered.get().map(|(challenge, words)| {
            let words = words.unwrap_or_else(|| "a side this tray cannot read".into());
            let (take, dismiss) = (challenge.clone(), challenge);
            view! {
                <div class="table-side" role="status">
                    <p class="table-side-words"><span class="side-title">"The GM's side: "</span>{words}</p>
                    <button type="button" class="small" aria-label="Take the GM's side" on:click=move |_| {
                        done_with(take.clone());
                        crate::ui::platform::browser::go_to(&page.challenge_href(&take));
                    }>"Take"</button>
                    <button type="button" class="small icon" aria-label="Dismiss the GM's side" on:click=move |_| done_with(dismiss.clone())>
                        "✕"
                    </button>
                </div>
            }
        })
    }
}
