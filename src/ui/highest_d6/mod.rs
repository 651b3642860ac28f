//! The Highest d6 tray: base dice and facets, challenge and conflict, live exact odds of the
//! five outcomes, the roll with its deciding dice, and what the outcome asks next.

mod challenge_panel;
mod faces;
mod odds_panel;
mod pool_panel;
mod prompts;
mod roll_panel;
mod scene_panel;
mod state;

pub use state::D6State;

use leptos::prelude::*;

use challenge_panel::ChallengePanel;
use odds_panel::OddsPanel;
use pool_panel::PoolPanel;
use roll_panel::RollPanel;
use scene_panel::ScenePanel;

use crate::route::Page;
use crate::ui::app_data::AppData;
use crate::ui::browser::{copy_text, page_url};
use crate::ui::character_bar::CharacterBar;
use crate::ui::history::HistoryPanel;
use crate::ui::later::Later;

/// The whole tray.
#[component]
pub fn D6Tray(data: AppData) -> impl IntoView {
    let state = D6State::of(data);
    Effect::new(move |_| {
        if let Some(dice) = data.take_shared(Page::HighestD6) {
            state.open_shared(&dice);
        }
    });
    let share = move |_| {
        let base = state.setup.with_untracked(|s| s.base);
        let link = format!(
            "{}{}",
            page_url(),
            Page::HighestD6.share_href(&base.to_string())
        );
        leptos::task::spawn_local(async move {
            state.message.set(Some(match copy_text(&link).await {
                Ok(()) => format!("Share link copied: {link}"),
                Err(error) => format!("Copy this link to share the pool ({error}): {link}"),
            }));
        });
    };
    view! {
        <div class="tray-page">
            <h1 class="visually-hidden">"Highest d6"</h1>
            <CharacterBar roster=data.roster()/>
            <PoolPanel state data/>
            <ChallengePanel state/>
            <Later>
                <OddsPanel state/>
                <RollPanel state data/>
                <div class="pool-actions">
                    <button type="button" class="small" on:click=share>"Copy share link"</button>
                </div>
                <p class="tray-message" role="status" aria-live="polite">{move || state.message.get()}</p>
            </Later>
            <Later>
                <ScenePanel data/>
            </Later>
            <Later>
                <HistoryPanel history=data.history()/>
            </Later>
        </div>
    }
}
