//! Rolling: an optional label, the Roll button, and the result with every face drawn.
//! A face can be picked and re-rolled when a rule allows it; history records the re-roll.

use leptos::prelude::*;
use rand::Rng;

use super::icons::{DieShape, SymbolIcon};
use super::state::NarrativeState;
use crate::core::narrative::{NarrativeRoll, RolledDie};
use crate::core::rng::{RandomnessUnavailable, SecureDice};
use crate::storage::{HistoryEntry, RecordedRoll};
use crate::ui::app_data::AppData;
use crate::ui::browser::{copy_text, now_ms, reveal};
use crate::ui::roll_form::RollForm;

/// Glyphs drawn per kind in the net result; the words carry any larger count.
const MAX_DRAWN: usize = 12;

/// The label and Roll button, the announced result with every die drawn, and re-rolls.
#[component]
pub fn RollPanel(state: NarrativeState, data: AppData) -> impl IntoView {
    let (history, notices) = (data.history(), data.notices);
    let label = RwSignal::new(String::new());
    let result_section = NodeRef::<leptos::html::Section>::new();
    let selected = RwSignal::new(None::<usize>);
    let copy_status = RwSignal::new(None::<String>);
    let entry = move || state.shown.get();
    let roll = Callback::new(move |()| {
        let pool = state.pool.get_untracked();
        if pool.is_empty() {
            state
                .message
                .set(Some("Add some dice to roll first.".into()));
            return;
        }
        let Ok(mut dice) = SecureDice::new() else {
            return notices.say(RandomnessUnavailable.to_string());
        };
        let entry = HistoryEntry {
            id: dice.random(),
            at_ms: now_ms(),
            label: HistoryEntry::clean_label(&label.get_untracked()),
            who: data
                .roster()
                .with_untracked(|r| r.active().map(|c| c.name.clone())),
            real_dice: false,
            roll: RecordedRoll::Narrative(NarrativeRoll::roll(&pool, &mut dice)),
        };
        if let Err(error) = dice.check() {
            return notices.say(error.to_string());
        }
        history.update(|h| h.record(entry.clone()));
        state.shown.set(Some(entry));
        selected.set(None);
        copy_status.set(None);
        label.set(String::new());
        // Once drawn, bring the result on screen if it is below the fold.
        request_animation_frame(move || {
            if let Some(section) = result_section.try_get_untracked().flatten() {
                reveal(&section);
            }
        });
    });
    let reroll = move |_| {
        let (Some(id), Some(index)) = (
            state.shown.with_untracked(|e| e.as_ref().map(|e| e.id)),
            selected.get_untracked(),
        ) else {
            return;
        };
        let Ok(mut dice) = SecureDice::new() else {
            return notices.say(RandomnessUnavailable.to_string());
        };
        let mut outcome = Ok(());
        history.update(|h| {
            // Re-roll a copy and keep it only if every draw was truly random.
            let mut next = h.clone();
            outcome = next
                .reroll(id, index, &mut dice)
                .and_then(|()| dice.check().map_err(|e| e.to_string()));
            if outcome.is_ok() {
                *h = next;
            }
        });
        match outcome {
            Ok(()) => state
                .shown
                .set(history.with_untracked(|h| h.get(id).cloned())),
            Err(message) => state.message.set(Some(message)),
        }
        selected.set(None);
        copy_status.set(None);
    };
    let copy = move |_| {
        let Some(text) = state
            .shown
            .with_untracked(|e| e.as_ref().map(HistoryEntry::text))
        else {
            return;
        };
        leptos::task::spawn_local(async move {
            copy_status.set(Some(match copy_text(&text).await {
                Ok(()) => "Copied.".to_string(),
                Err(error) => format!("Could not copy ({error}). The result: {text}"),
            }));
        });
    };
    let empty = move || state.pool.with(|p| p.is_empty());
    let face_items = move || {
        entry()
            .map(|e| match &e.roll {
                RecordedRoll::Narrative(roll) => FaceItem::all(roll),
                _ => Vec::new(),
            })
            .unwrap_or_default()
    };
    view! {
        <RollForm id="roll-label" placeholder="e.g. Pilot: evade the TIEs" label disabled=Signal::derive(empty) on_roll=roll/>
        <section class="result" aria-label="Result" node_ref=result_section>
            // One persistent live region: assistive technology announces each new result.
            <div class="result-summary" role="status" aria-live="polite" aria-atomic="true">
                {move || {
                    entry()
                        .and_then(|e| match e.roll {
                            RecordedRoll::Narrative(roll) => {
                                Some(view! { <ResultSummary label=e.label roll/> })
                            }
                            _ => None,
                        })
                }}
            </div>
            <p class="hint" hidden=move || entry().is_some()>
                "Your roll appears here, every die drawn. Tap a die to pick it for a re-roll."
            </p>
            <ul class="faces" aria-label="Dice rolled">
                {move || {
                    face_items()
                        .into_iter()
                        .map(|item| view! { <Face item selected/> })
                        .collect_view()
                }}
            </ul>
            <Show when=move || entry().is_some()>
                <div class="result-actions">
                    <button
                        type="button"
                        class="small"
                        disabled=move || selected.get().is_none()
                        on:click=reroll
                    >
                        "Re-roll selected die"
                    </button>
                    <button type="button" class="small" on:click=copy>
                        "Copy result"
                    </button>
                </div>
            </Show>
            <p class="copy-status" aria-live="polite">{move || copy_status.get()}</p>
        </section>
    }
}

/// Headline, label, counts and the net symbols drawn.
#[component]
fn ResultSummary(label: String, roll: NarrativeRoll) -> impl IntoView {
    let result = roll.result();
    let drawn = result.net_symbols().glyphs_capped(MAX_DRAWN);
    let headline_class = format!("headline {}", result.tone().name());
    let rerolled = roll.rerolled_note();
    view! {
        <p class="result-label" hidden=label.is_empty()>{label.clone()}</p>
        <p class=headline_class>{result.headline()}</p>
        <p class="result-details">{result.details().join(" · ")}</p>
        <p class="result-rerolled" hidden=rerolled.is_none()>{rerolled.clone()}</p>
        <div class="net-symbols" aria-hidden="true">
            {drawn.into_iter().map(|glyph| view! { <SymbolIcon glyph decorative=true/> }).collect_view()}
        </div>
    }
}

/// One die of a shown roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct FaceItem {
    index: usize,
    die: RolledDie,
    was_rerolled: bool,
    /// Plays the landing animation: every die of a new roll, only the die just re-rolled.
    landing: bool,
}

impl FaceItem {
    fn all(roll: &NarrativeRoll) -> Vec<Self> {
        let last_reroll = roll.rerolls().last().map(|r| r.index);
        roll.dice()
            .iter()
            .enumerate()
            .map(|(index, &die)| Self {
                index,
                die,
                was_rerolled: roll.was_rerolled(index),
                landing: last_reroll.is_none_or(|i| i == index),
            })
            .collect()
    }
}

/// A rolled die, drawn with its face. Tapping it selects it for a re-roll.
#[component]
fn Face(item: FaceItem, selected: RwSignal<Option<usize>>) -> impl IntoView {
    let FaceItem {
        index,
        die,
        was_rerolled,
        landing,
    } = item;
    let symbols = die.symbols();
    let name = format!(
        "Die {}, {}: {}{}",
        index + 1,
        die.die().name(),
        symbols.describe(),
        if was_rerolled { ", re-rolled" } else { "" }
    );
    let is_selected = move || selected.get() == Some(index);
    let glyphs = symbols
        .glyphs()
        .into_iter()
        .map(|glyph| view! { <SymbolIcon glyph decorative=true/> })
        .collect_view();
    view! {
        <li>
            <button
                type="button"
                class="face"
                class:rerolled=was_rerolled
                class:landing=landing
                aria-label=name
                aria-pressed=move || is_selected().to_string()
                on:click=move |_| selected.update(|s| *s = if *s == Some(index) { None } else { Some(index) })
            >
                <DieShape die=die.die()>{glyphs}</DieShape>
                {was_rerolled.then(|| view! { <span class="rerolled-mark" aria-hidden="true">"↻"</span> })}
            </button>
        </li>
    }
}
