//! The table's log: every message in the order all phones agree on, newest first; a roll
//! drawn with the read-only roll view History uses, and Open shows it in its tray as its
//! result link does.

use leptos::prelude::*;

use super::live::{Live, tray_page};
use crate::route::Page;
use crate::storage::entry_from_link;
use crate::table::{LogEntry, PointSide, What};
use crate::ui::panels::roll_card::RollCard;
use crate::ui::platform::browser::go_to;

/// The log.
#[component]
pub fn TableLog(live: Live) -> impl IntoView {
    let entries = move || live.view.with(|v| shown_entries(&v.log));
    view! {
        <section class="table-log" aria-labelledby="log-title">
            <h2 id="log-title">"The table's rolls"</h2>
            <ol class="history-list" aria-live="polite">
                <For each=entries key=|(e, again)| (e.id.clone(), e.refused, e.undone, *again) let((entry, again))>
                    <LogItem entry again/>
                </For>
            </ol>
            {move || entries().is_empty().then(|| view! {
                <p class="hint">"No rolls yet: every roll made at the table shows here."</p>
            })}
        </section>
    }
}

/// What the log shows, newest first: not presence; a roll re-rolled since (a die rolled
/// again, sent as the same roll of History) shows once, as it stands now, marked so.
fn shown_entries(log: &[LogEntry]) -> Vec<(LogEntry, bool)> {
    // Each roll's History id, read once.
    let ids: Vec<Option<u64>> = log
        .iter()
        .map(|e| match &e.what {
            What::Roll { roll, .. } => entry_from_link(roll).ok().map(|r| r.id),
            _ => None,
        })
        .collect();
    let copies = |author: &str, id: u64| {
        log.iter()
            .zip(&ids)
            .filter(|(e, other)| e.author == author && **other == Some(id))
            .count()
    };
    let mut seen: Vec<(&str, u64)> = Vec::new();
    let mut shown = Vec::new();
    for (entry, id) in log.iter().zip(&ids).rev() {
        if matches!(entry.what, What::Here { .. }) {
            continue;
        }
        match id {
            Some(id) => {
                let key = (entry.author.as_str(), *id);
                if !seen.contains(&key) {
                    seen.push(key);
                    shown.push((entry.clone(), copies(&entry.author, *id) > 1));
                }
            }
            None => shown.push((entry.clone(), false)),
        }
    }
    shown
}

/// One message of the log.
#[component]
fn LogItem(entry: LogEntry, again: bool) -> impl IntoView {
    let by = entry.by.clone();
    let private = entry
        .to_gm
        .then(|| view! { <span class="tag">"to the GM only"</span> });
    let body = match &entry.what {
        What::Roll { tray, roll, .. } => match entry_from_link(roll) {
            Ok(rolled) => {
                let page = tray_page(tray);
                let href = page.map(|p| p.result_href(roll));
                view! {
                    <RollCard entry=rolled here=None/>
                    {href.map(|href| view! {
                        <div class="history-actions">
                            <button type="button" class="small" on:click=move |_| go_to(&href)>"Open"</button>
                        </div>
                    })}
                }
                .into_any()
            }
            Err(reason) => view! { <p class="refusal">{reason}</p> }.into_any(),
        },
        What::Flip { from } => {
            let side = match from {
                PointSide::Light => "light",
                PointSide::Dark => "dark",
            };
            let words = if entry.refused {
                format!("tried to flip a {side} point: refused, none was left")
            } else {
                format!("flipped a {side} point")
            };
            view! { <p>{words}</p> }.into_any()
        }
        What::Points { light, dark } => {
            view! { <p>{format!("set the Destiny pool: {light} light, {dark} dark")}</p> }
                .into_any()
        }
        What::Side { tray, challenge } => {
            let title = tray_page(tray).map_or("a tray", Page::title);
            let words = if challenge.is_empty() {
                format!("cleared the GM's side on {title}")
            } else {
                format!("sent the GM's side on {title}")
            };
            view! { <p>{words}</p> }.into_any()
        }
        What::Undo { .. } => view! { <p>"took back a message"</p> }.into_any(),
        What::Gm { .. } => view! { <p>"handed the GM role over"</p> }.into_any(),
        What::End {} => view! { <p>"ended the table"</p> }.into_any(),
        What::Here { .. } => ().into_any(),
        What::Unsupported => {
            view! { <p class="hint">"Update Dicetray to see this message."</p> }.into_any()
        }
    };
    view! {
        <li class="history-item table-item" class:undone=entry.undone>
            <p class="table-by"><span class="who">{by}</span>{private}
                {entry.undone.then(|| view! { <span class="tag">"taken back"</span> })}
                {again.then(|| view! { <span class="tag">"re-rolled"</span> })}
            </p>
            {body}
        </li>
    }
}
