//! Roll history, newest first, for every system: copy a result, clear with confirmation.

use leptos::prelude::*;

use super::app_data::AppData;
use super::browser::{can_share_text, clock_text, copy_text, share_text};
use super::deferred::{Deferred, LoadError};
use super::fold::Fold;
use super::history_writer::write_pending;
use super::persisted::Persisted;
use crate::route::Page;
use crate::storage::{HistoryEntry, MAX_HISTORY, RollHistory};

/// What a tray asks of History's own code.
#[derive(Clone, Copy)]
pub enum HistoryAsk {
    /// Keep the rolls waiting to be kept (see `ui::history_writer`).
    Write,
    /// Draw the History panel, the rolls of `Page`'s tray first.
    Panel(Page),
}

/// History's own code, in one piece fetched on the first roll or when History is opened:
/// reading every roll ever kept, writing new ones, drawing them.
#[leptos::wasm_split::wasm_split(
    history,
    wasm_split_path = ::leptos::wasm_split,
    fallible,
    preload(__preload_history)
)]
pub fn history_part(data: AppData, ask: HistoryAsk) -> Result<AnyView, LoadError> {
    Ok(match ask {
        HistoryAsk::Write => {
            write_pending(data);
            ().into_any()
        }
        HistoryAsk::Panel(_page) => view! { <HistoryPanel history=data.history()/> }.into_any(),
    })
}

/// History, folded at the foot of a tray, its code fetched when first opened (so a tray
/// opens without reading every roll ever kept).
pub fn history_fold(data: AppData, page: Page) -> impl IntoView {
    view! {
        <Fold data id="history" title="History">
            <Deferred preload=__preload_history draw=move || history_part(data, HistoryAsk::Panel(page))/>
        </Fold>
    }
}

/// The shared history of every system's rolls, with copy and clear.
#[component]
pub fn HistoryPanel(history: Persisted<RollHistory>) -> impl IntoView {
    let confirming = RwSignal::new(false);
    let status = RwSignal::new(None::<String>);
    let count = move || history.with(|h| h.entries().len());
    let entries = move || history.with(|h| h.entries().to_vec());
    let clear = move |_| {
        history.update(RollHistory::clear);
        confirming.set(false);
        status.set(Some("History cleared.".into()));
    };
    view! {
        <section class="history" aria-label="History">
            <p class="hint">{move || format!("{} of the last {MAX_HISTORY}", count())}</p>
            <p class="feedback" role="status" aria-live="polite">{move || status.get()}</p>
            <ol class="history-list">
                {move || {
                    entries()
                        .into_iter()
                        .map(|entry| view! { <HistoryRow entry status/> })
                        .collect_view()
                }}
            </ol>
            <p class="hint" hidden=move || { count() > 0 }>"Rolls you make appear here and stay after a reload."</p>
            <Show when=move || { count() > 0 }>
                <Show
                    when=move || confirming.get()
                    fallback=move || view! {
                        <button type="button" class="small" on:click=move |_| confirming.set(true)>
                            "Clear history"
                        </button>
                    }
                >
                    <div class="confirm">
                        <span>{move || format!("Delete all {} rolls?", count())}</span>
                        <button type="button" class="small danger" on:click=clear>"Yes, clear"</button>
                        <button type="button" class="small" on:click=move |_| confirming.set(false)>
                            "Keep"
                        </button>
                    </div>
                </Show>
            </Show>
        </section>
    }
}

/// One past roll: when, who, its label and result, with Copy (and Share where the
/// browser has it).
#[component]
fn HistoryRow(entry: HistoryEntry, status: RwSignal<Option<String>>) -> impl IntoView {
    let text = entry.text();
    let time = clock_text(entry.at_ms);
    let copy = {
        let text = text.clone();
        move |_| {
            let text = text.clone();
            leptos::task::spawn_local(async move {
                status.set(Some(match copy_text(&text).await {
                    Ok(()) => format!("Copied: {text}"),
                    Err(error) => format!("Could not copy ({error}): {text}"),
                }));
            });
        }
    };
    let rerolled = entry.rerolled_note().map(|note| format!("↻ {note}"));
    let subject = if entry.label.is_empty() {
        entry.pool_text()
    } else {
        entry.label.clone()
    };
    view! {
        <li class="history-row">
            <div class="history-main">
                <span class=format!("headline-small {}", entry.tone().name())>
                    {entry.headline()}
                </span>
                <span class="history-label">
                    <span class="system-tag">{entry.roll.system_title()}</span>
                    {entry.who.clone().map(|who| view! { <span class="who">{who}</span> })}
                    {entry.label.clone()}
                </span>
                <time class="hint">{time.clone()}</time>
            </div>
            <div class="history-detail">
                <code class="notation">{entry.pool_text()}</code>
                <span>{entry.details().join(" · ")}</span>
                {rerolled.map(|r| view! { <span class="rerolled-note">{r}</span> })}
            </div>
            <span class="history-actions">
                <button
                    type="button"
                    class="small copy"
                    aria-label=format!("Copy {subject} from {time}")
                    on:click=copy
                >
                    "Copy"
                </button>
                {can_share_text().then(|| {
                    let text = text.clone();
                    view! {
                        <button
                            type="button"
                            class="small"
                            aria-label=format!("Share {subject} from {time}")
                            on:click=move |_| {
                                let text = text.clone();
                                leptos::task::spawn_local(async move {
                                    if let Err(error) = share_text(&text).await {
                                        status.set(Some(format!("Not shared ({error}).")));
                                    }
                                });
                            }
                        >
                            "Share"
                        </button>
                    }
                })}
            </span>
        </li>
    }
}
