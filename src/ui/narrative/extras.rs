//! The narrative tray's rare parts, drawn from the app's rare code (`ui::extras`).

use leptos::prelude::*;

use super::NarrativeState;
use super::icons::{DieShape, SymbolIcon};
use super::odds_panel::OddsDetail;
use super::saved_pools::SavedPoolsPanel;
use crate::core::coach::NarrativeCoach;
use crate::core::history::RecordedRoll;
use crate::core::narrative::{NarrativeDie, NarrativeOdds, NarrativePool, NarrativeRoll};
use crate::ui::app_data::AppData;
use crate::ui::coach::{Hint, keep_counting};
use crate::ui::dock::DockPanel;
use crate::ui::recorder::record_entered;

/// Saved pools: save the tray's pool under a name, load or delete one.
pub fn saved_pools(data: AppData) -> AnyView {
    view! { <SavedPoolsPanel state=NarrativeState::of(data) saved=data.saved()/> }.into_any()
}

/// The odds in detail.
pub fn odds_detail(data: AppData) -> AnyView {
    view! { <OddsDetailView state=NarrativeState::of(data)/> }.into_any()
}

/// The odds in detail, following the pool one animation frame behind: the tap's own frame
/// then only redraws the dice, the pool and the bar's chances.
#[component]
fn OddsDetailView(state: NarrativeState) -> impl IntoView {
    let detail_pool = RwSignal::new(state.pool.get_untracked());
    Effect::new(move |_| {
        let pool = state.pool.get();
        request_animation_frame(move || {
            detail_pool.try_set(pool);
        });
    });
    let odds = Memo::new(move |_| detail_pool.with(NarrativeOdds::of));
    let makes_check = Signal::derive(move || detail_pool.with(NarrativePool::makes_check));
    let has_force = Signal::derive(move || detail_pool.with(|p| p.count(NarrativeDie::Force) > 0));
    view! { <OddsDetail odds makes_check has_force/> }
}

/// Real dice: the face each die at the table shows, picked from its face table.
pub fn enter_dice(data: AppData) -> AnyView {
    view! { <EnterDice state=NarrativeState::of(data) data/> }.into_any()
}

/// One face picker per die of the pool, then Read them, which resolves the faces exactly
/// as the app's own roll and keeps it in History, marked as real dice.
#[component]
fn EnterDice(state: NarrativeState, data: AppData) -> impl IntoView {
    let pool = state.pool.get_untracked();
    let dice: Vec<NarrativeDie> = pool.dice().collect();
    let picked = RwSignal::new(vec![None::<u32>; dice.len()]);
    let read = move |_| {
        let Some(faces) = picked
            .get_untracked()
            .into_iter()
            .collect::<Option<Vec<u32>>>()
        else {
            return state.snackbar.say("Pick the face of every die first.");
        };
        let pool = state.pool.get_untracked();
        let roll = match NarrativeRoll::from_entered(&pool, &faces) {
            Ok(roll) => roll,
            Err(error) => return state.snackbar.say(error.to_string()),
        };
        let label = state.label.get_untracked();
        match record_entered(data, &label, RecordedRoll::Narrative(roll)) {
            Ok(entry) => {
                state.read_only.set(false);
                state.picked.set(None);
                state.shown.set(Some(entry));
                state.panel.set(DockPanel::Result);
            }
            Err(reason) => state.snackbar.say(reason),
        }
    };
    let rows = dice
        .into_iter()
        .enumerate()
        .map(|(index, die)| {
            let faces = die
                .faces()
                .iter()
                .enumerate()
                // Faces that show the same symbols read the same: one button for each kind
                // (an ability die's two single successes are one choice).
                .filter(|&(face, symbols)| !die.faces()[..face].contains(symbols))
                .map(|(face, &symbols)| {
                    let face = face as u32;
                    let glyphs = symbols
                        .glyphs()
                        .into_iter()
                        .map(|glyph| view! { <SymbolIcon glyph decorative=true/> })
                        .collect_view();
                    view! {
                        <li>
                            <button
                                type="button"
                                class="face enter-face"
                                aria-label=format!("Die {}, {}: {}", index + 1, die.name(), symbols.describe())
                                aria-pressed=move || picked.with(|p| p[index] == Some(face)).to_string()
                                on:click=move |_| picked.update(|p| p[index] = Some(face))
                            >
                                <DieShape die>{glyphs}</DieShape>
                            </button>
                        </li>
                    }
                })
                .collect_view();
            view! {
                <li class="enter-die">
                    <p class="enter-title">{format!("Die {}: {}", index + 1, die.title())}</p>
                    <ul class="enter-faces">{faces}</ul>
                </li>
            }
        })
        .collect_view();
    view! {
        <section class="enter" aria-label="Real dice">
            <p class="hint">"Rolled at the table? Tap what each die shows; the tray reads it as its own roll."</p>
            <ol class="enter-dice">{rows}</ol>
            <button
                type="button"
                class="roll"
                disabled=move || picked.with(|p| p.iter().any(Option::is_none))
                on:click=read
            >
                "Read these dice"
            </button>
        </section>
    }
}

/// Starts counting the hints: what one tap on each control would do, recounted one frame
/// after each change to the pool (so the tap's own frame only redraws), hidden when the
/// setting is off.
pub fn start_coach(data: AppData) -> AnyView {
    let state = NarrativeState::of(data);
    keep_counting(
        data,
        state.hints,
        move || state.pool.get(),
        |pool| {
            let odds = NarrativeOdds::of(&pool);
            NarrativeCoach::of(&pool, &odds)
                .deltas()
                .iter()
                .map(|d| (d.tap, Hint::of(&d.success, d.advantage.as_ref())))
                .collect()
        },
    );
    ().into_any()
}
