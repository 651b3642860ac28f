//! The narrative tray's rare parts, each drawn the first time it is opened: saved pools,
//! story points, the Share fold's links, real dice and the odds in detail. Their code is
//! the module `narrative_rare`, fetched on the first such tap.

use leptos::prelude::*;

use super::NarrativeState;
use super::links::SHARE_LINKS;
use super::odds_panel::OddsDetail;
use super::saved_pools::SavedPoolsPanel;
use super::story_points::TrayStoryPoints;
use crate::core::history::RecordedRoll;
use crate::core::narrative::{NarrativeDie, NarrativeOdds, NarrativePool, NarrativeRoll};
use crate::core::story_points::CheckSpends;
use crate::ui::lazy;
use crate::ui::panels::share_links::ShareLinks;
use crate::ui::tray::state::Shown;
use crate::ui::widgets::dice::narrative::{DieShape, face_glyphs};
use crate::ui::widgets::real_dice::{DieFaces, RealDicePanel};

lazy::split! { module rare, preload preload;
    /// Saved pools: save the tray's pool under a name, load or delete one.
    pub fn saved_pools(state: NarrativeState) -> AnyView {
        view! { <SavedPoolsPanel state=state saved=state.saved.load()/> }.into_any()
    }

    /// Story points: spend one on the check (upgrading a die), start the session's.
    pub fn story_points(state: NarrativeState) -> AnyView {
        view! { <TrayStoryPoints state/> }.into_any()
    }

    /// The links the tray offers, in its Share fold.
    pub fn share(state: NarrativeState) -> AnyView {
        view! { <ShareLinks state table=state.core.table page=state.core.page links=SHARE_LINKS/> }.into_any()
    }

    /// Real dice: the face each die at the table shows, picked from its face table.
    pub fn enter(state: NarrativeState) -> AnyView {
        view! { <EnterDice state/> }.into_any()
    }

    /// The odds in detail, in the dock.
    pub fn odds(state: NarrativeState) -> AnyView {
        view! { <OddsDetailView state=state/> }.into_any()
    }
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

/// One face picker per die of the pool, then Read them, which resolves the faces exactly
/// as the app's own roll and keeps it in History, marked as real dice.
#[component]
fn EnterDice(state: NarrativeState) -> impl IntoView {
    let pool = state.pool.get_untracked();
    let dice: Vec<NarrativeDie> = pool.dice().collect();
    // Kept in the tray, so a reload finds the dice entered so far.
    let picked = state.core.entered_for(dice.len());
    let read = move |()| {
        let Some(faces) = state.core.all_entered() else {
            return state.core.snackbar.say("Pick the face of every die first.");
        };
        let pool = state.pool.get_untracked();
        let roll = match NarrativeRoll::from_entered(&pool, &faces) {
            Ok(roll) => roll,
            Err(error) => return state.core.snackbar.say(error.to_string()),
        };
        match state.core.record_entered(RecordedRoll::Narrative(roll)) {
            Ok(entry) => {
                state.picked.set(None);
                state.core.check_spends.update(CheckSpends::next_check);
                state.core.show(Shown::own(entry), super::roll::headline);
            }
            Err(reason) => state.core.snackbar.say(reason),
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
                    let glyphs = face_glyphs(&symbols);
                    view! {
                        <li>
                            <button
                                type="button"
                                class="face enter-face"
                                aria-label=format!("Die {}, {}: {}", index + 1, die.name(), symbols.describe())
                                aria-pressed=move || picked.with(|p| p.get(index) == Some(&Some(face))).to_string()
                                on:click=move |_| picked.update(|p| if let Some(f) = p.get_mut(index) { *f = Some(face) })
                            >
                                <DieShape die>{glyphs}</DieShape>
                            </button>
                        </li>
                    }
                })
                .collect_view();
            view! { <DieFaces title=format!("Die {}: {}", index + 1, die.title())>{faces}</DieFaces> }
        })
        .collect_view();
    view! {
        <RealDicePanel verb="Tap" entered=picked on_read=Callback::new(read)>
            <ol class="enter-dice">{rows}</ol>
        </RealDicePanel>
    }
}
