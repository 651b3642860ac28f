//! The shown roll in full, in the dock: headline, what it adds up to, every die drawn. A
//! die can be picked and rolled again; History keeps the face it replaced.

use leptos::prelude::*;

use super::roll::reroll_picked;
use super::state::NarrativeState;
use crate::core::history::RecordedRoll;
use crate::core::narrative::{NarrativeRoll, RolledDie};
use crate::ui::tray::result_frame::{ResultFrame, RollLabel};
use crate::ui::widgets::dice::narrative::{DieShape, SymbolIcon, face_glyphs};

/// The readable text of a narrative roll, for Copy and Share.
fn narrative_text(entry: &crate::core::history::HistoryEntry) -> Option<String> {
    match &entry.roll {
        RecordedRoll::Narrative(roll) => Some(entry.narrative_text(roll)),
        _ => None,
    }
}

/// Glyphs drawn per kind in the net result; the words carry any larger count.
const MAX_DRAWN: usize = 12;

/// The dock's result panel for the narrative tray.
#[component]
pub fn ResultView(state: NarrativeState) -> impl IntoView {
    let entry = move || state.core.entry().get();
    let roll = move || {
        entry().and_then(|e| match e.roll {
            RecordedRoll::Narrative(roll) => Some((e.id, e.label, e.who, roll)),
            _ => None,
        })
    };
    let selected = state.picked;
    // Re-roll waits for a die to be picked: until then a line says how, and the button is
    // described by it (a roll only to be read has its own note instead).
    let needs_pick = move || {
        selected.with(Option::is_none)
            && state
                .core
                .shown
                .with(|s| s.as_ref().is_some_and(|s| !s.read_only()))
    };
    view! {
        <ResultFrame
            core=state.core
            summary=move || roll().map(|(id, label, who, roll)| view! { <ResultSummary id label who roll/> })
            empty="Your roll appears here, every die drawn. Tap a die to pick it for a re-roll."
            text=narrative_text
            actions=move || view! {
                <p class="hint" id="reroll-hint" hidden=move || !needs_pick()>
                    "Tap a die above to pick it, then re-roll it."
                </p>
                <button
                    type="button"
                    class="small"
                    disabled=move || selected.get().is_none() || state.core.showing_read_only()
                    aria-describedby=move || needs_pick().then_some("reroll-hint")
                    on:click=move |_| reroll_picked(state)
                >
                    "Re-roll picked die"
                </button>
            }
        >
            <ul class="faces" aria-label="Dice rolled">
                {move || {
                    roll()
                        .map(|(id, _, _, roll)| FaceItem::all(id, &roll))
                        .unwrap_or_default()
                        .into_iter()
                        .map(|item| view! { <Face item selected/> })
                        .collect_view()
                }}
            </ul>
        </ResultFrame>
    }
}

/// Headline, label, counts and the net symbols drawn.
#[component]
fn ResultSummary(
    id: u64,
    label: String,
    who: Option<String>,
    roll: NarrativeRoll,
) -> impl IntoView {
    let result = roll.result();
    let drawn = result.net_symbols().glyphs_capped(MAX_DRAWN);
    let headline_class = format!("headline {}", result.tone().name());
    let rerolled = roll.rerolled_note();
    view! {
        <RollLabel label who/>
        // Keyed by the roll, so a roll that lands as the one before still shows a change.
        <p class=headline_class data-roll=id.to_string()>{result.headline()}</p>
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
    /// The roll it belongs to.
    roll: u64,
    index: usize,
    die: RolledDie,
    was_rerolled: bool,
    /// Plays the landing animation: every die of a new roll, only the die just re-rolled.
    landing: bool,
}

impl FaceItem {
    fn all(id: u64, roll: &NarrativeRoll) -> Vec<Self> {
        let last_reroll = roll.rerolls().last().map(|r| r.index);
        roll.dice()
            .iter()
            .enumerate()
            .map(|(index, &die)| Self {
                roll: id,
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
        roll: _,
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
    let glyphs = face_glyphs(&symbols);
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
