//! The table's log: every message in the order all phones agree on, newest first; a roll
//! drawn with the read-only roll view History uses, and Open shows it in its tray as its
//! result link does.

use leptos::prelude::*;

use super::live::{Live, tray_page};
use super::service::Call;
use crate::route::Page;
use crate::storage::entry_from_link;
use crate::table::{Amendment, LogEntry, PointSide, What, shown_log};
use crate::ui::panels::roll_card::RollCard;
use crate::ui::platform::browser::go_to;

/// The log.
#[component]
pub fn TableLog(live: Live) -> impl IntoView {
    // Each item, whether it is a roll changed since it was sent, and whether a roll of mine
    // that reached no one has been sent again since (then it offers no second sending).
    let entries = move || {
        live.view.with(|v| {
            shown_log(&v.log)
                .into_iter()
                .map(|(entry, changed)| {
                    let resent = entry.undelivered
                        && v.log.iter().any(|e| {
                            e.mine
                                && e.to_gm
                                && !e.undelivered
                                && e.t > entry.t
                                && matches!((&e.what, &entry.what), (What::Roll { roll: a, .. }, What::Roll { roll: b, .. }) if a == b)
                        });
                    (entry, changed, resent)
                })
                .collect::<Vec<_>>()
        })
    };
    view! {
        <section class="table-log" aria-labelledby="log-title">
            <h2 id="log-title">"The table's rolls"</h2>
            <ol class="history-list" aria-live="polite">
                <For each=entries key=|(e, changed, resent)| (e.id.clone(), e.refused, e.undone, *changed, *resent) let((entry, changed, resent))>
                    <LogItem live entry changed resent/>
                </For>
            </ol>
            {move || live.view.with(|v| v.log.is_empty()).then(|| view! {
                <p class="hint">"No rolls yet: every roll made at the table shows here."</p>
            })}
        </section>
    }
}

/// One message of the log.
#[component]
fn LogItem(live: Live, entry: LogEntry, changed: bool, resent: bool) -> impl IntoView {
    let by = entry.by.clone();
    let private = entry
        .to_gm
        .then(|| view! { <span class="tag">"to the GM only"</span> });
    let id = entry.id.clone();
    let undelivered = (entry.undelivered && !resent).then(|| {
        view! {
            <div class="refusal">
                <p>"It reached no one: the GM changed before it arrived."</p>
                <button type="button" class="small" on:click=move |_| live.call(Call::Resend(id.clone()))>
                    "Send it to the GM now"
                </button>
            </div>
        }
    });
    let body = match &entry.what {
        What::Roll { roll, .. } | What::Amend { roll, .. } if roll.is_empty() => {
            view! { <p class="hint">"A roll too long to keep on this phone."</p> }.into_any()
        }
        What::Roll { tray, roll, .. } | What::Amend { tray, roll, .. } => {
            match entry_from_link(roll) {
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
            }
        }
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
        What::Gm { to, .. } => {
            let heir = live.view.with_untracked(|v| {
                v.people
                    .iter()
                    .find(|p| p.pubkey == *to)
                    .map(|p| p.shown.clone())
            });
            let words = match heir {
                Some(name) => format!("handed the GM role to {name}"),
                None => "handed the GM role over".to_string(),
            };
            view! { <p>{words}</p> }.into_any()
        }
        What::End {} => view! { <p>"ended the table"</p> }.into_any(),
        What::Joined { .. } => view! { <p>"joined the table"</p> }.into_any(),
        What::Left {} => view! { <p>"left the table"</p> }.into_any(),
        What::Checkpoint(_) => ().into_any(),
        What::Unsupported => {
            view! { <p class="hint">"Update Dicetray to see this message."</p> }.into_any()
        }
    };
    let kind = match &entry.what {
        What::Roll { .. } | What::Amend { .. } => "roll",
        What::Flip { .. } | What::Points { .. } => "pool",
        What::Joined { .. } | What::Left {} | What::Gm { .. } => "people",
        _ => "other",
    };
    view! {
        <li class="history-item table-item" class:undone=entry.undone data-kind=kind>
            <p class="table-by"><span class="who">{by}</span>{private}
                {entry.undone.then(|| view! { <span class="tag">"taken back"</span> })}
                {changed.then(|| view! { <span class="tag">{change_words(&entry.what)}</span> })}
            </p>
            {body}
            {undelivered}
        </li>
    }
}

/// How a changed roll is marked: by its last change.
fn change_words(what: &What) -> &'static str {
    match what {
        What::Amend {
            why: Amendment::Cost,
            ..
        } => "cost noted",
        _ => "re-rolled",
    }
}
