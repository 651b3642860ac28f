//! The table's story points: Destiny (light and dark side) or Story points (players' and
//! GM's). Spent with a tap on the narrative tray, with Undo; set at the start of a session
//! on the Characters page, by hand, by the number of players, or by rolling one Force die
//! each. Every change is kept in History.

use leptos::prelude::*;

use crate::core::history::RecordedRoll;
use crate::core::rng::{RandomnessUnavailable, SecureDice};
use crate::core::story_points::{
    MAX_PLAYERS, MAX_POINTS, PointCounts, StoryChange, StoryNaming, StoryPoints, StorySide,
};
use crate::route::Page;
use crate::ui::app_data::AppData;
use crate::ui::persisted::Persisted;
use crate::ui::recorder::record_roll;

/// Carries out a change to the points: kept, said in the snackbar (with Undo for a spend),
/// and recorded in History.
fn apply(
    data: AppData,
    points: Persisted<StoryPoints>,
    change: impl FnOnce(&mut StoryPoints) -> Result<StoryChange, String>,
) {
    let mut outcome = Err(String::new());
    points.update(|p| outcome = change(p));
    match outcome {
        Ok(change) => {
            let said = format!("{}: {}.", change.headline(), change.counts_words());
            // Kept in History like a roll: who changed the points is not known.
            let _ = record_roll(data, "", |_| RecordedRoll::StoryPoints(change));
            if points.with_untracked(StoryPoints::can_undo) {
                let undo = Callback::new(move |()| apply(data, points, StoryPoints::undo));
                data.snackbar.say_with(said, "Undo", undo);
            } else {
                data.snackbar.say(said);
            }
        }
        Err(reason) => data.snackbar.say(reason),
    }
}

/// The points as they stand, with Spend for each side: what the narrative tray shows.
#[component]
pub fn StoryPointsSpend(data: AppData) -> impl IntoView {
    let points = data.story_points();
    let side = move |side: StorySide| {
        let count = move || points.with(|p| p.counts().get(side));
        view! {
            <li class=format!("story-side {}", side.key())>
                <span class="story-title">{move || points.with(|p| p.naming().side_title(side))}</span>
                <span class="story-count">{count}</span>
                <button
                    type="button"
                    class="small"
                    aria-label=move || points.with(|p| format!("Spend a {}", p.naming().point_of(side)))
                    disabled=move || count() == 0
                    on:click=move |_| apply(data, points, |p| p.spend(side))
                >
                    "Spend"
                </button>
            </li>
        }
    };
    view! {
        <ul class="story-sides">{side(StorySide::Players)}{side(StorySide::Gm)}</ul>
        <p class="hint">
            "A point spent on a check lets its side upgrade one die (tap Upgrade on that side's \
             die), once per check for each side. Start the session's points on the "
            <a href=Page::Characters.href()>"Characters page"</a>
            "."
        </p>
    }
}

/// Setting the session's points: the naming, a start by the number of players (rolling a
/// Force die each for Destiny), or by hand. On the Characters page, with the table's other
/// once-a-session things.
#[component]
pub fn StoryPointsSetup(data: AppData) -> impl IntoView {
    let points = data.story_points();
    let naming = move || points.with(StoryPoints::naming);
    let players = RwSignal::new(4_u32);
    let start = move |_| {
        let n = players.get_untracked();
        match naming() {
            StoryNaming::StoryPoints => apply(data, points, |p| p.start_story_points(n)),
            StoryNaming::Destiny => {
                let Ok(mut dice) = SecureDice::new() else {
                    return data.snackbar.say(RandomnessUnavailable.to_string());
                };
                apply(data, points, |p| {
                    let change = p.roll_destiny(n, &mut dice)?;
                    dice.check().map_err(|e| e.to_string())?;
                    Ok(change)
                });
            }
        }
    };
    let set_side = move |side: StorySide, delta: i32| {
        let counts = points.with_untracked(StoryPoints::counts);
        let next = |n: u32| n.saturating_add_signed(delta).min(MAX_POINTS);
        let counts = match side {
            StorySide::Players => PointCounts {
                players: next(counts.players),
                ..counts
            },
            StorySide::Gm => PointCounts {
                gm: next(counts.gm),
                ..counts
            },
        };
        apply(data, points, |p| p.set(counts));
    };
    view! {
        <p class="sum-line" aria-live="polite">{move || points.with(|p| p.naming().counts_words(p.counts()))}</p>
        <fieldset class="segmented two">
            <legend class="visually-hidden">"The table's points"</legend>
            {StoryNaming::ALL
                .into_iter()
                .map(|n| view! {
                    <label class="segment">
                        <input
                            type="radio"
                            name="story-naming"
                            prop:checked=move || naming() == n
                            on:change=move |_| points.update(|p| p.set_naming(n))
                        />
                        <span>{n.title()}</span>
                    </label>
                })
                .collect_view()}
        </fieldset>
        <div class="story-start">
            <label class="inline-label" for="story-players">"Players"</label>
            <input
                id="story-players"
                type="number"
                class="small-number"
                min="1"
                max=MAX_PLAYERS
                inputmode="numeric"
                prop:value=move || players.get().to_string()
                on:change=move |ev| {
                    if let Ok(n) = event_target_value(&ev).trim().parse::<u32>() {
                        players.set(n.clamp(1, MAX_PLAYERS));
                    }
                }
            />
            <button type="button" class="small" on:click=start>
                {move || match naming() {
                    StoryNaming::Destiny => "Roll a Force die each",
                    StoryNaming::StoryPoints => "Start: one each, GM two",
                }}
            </button>
        </div>
        {StorySide::ALL
            .into_iter()
            .map(|s| view! {
                <div class="story-adjust">
                    <span>{move || naming().side_title(s)}</span>
                    <button type="button" class="step" aria-label=move || format!("One {} fewer", naming().point_of(s)) on:click=move |_| set_side(s, -1)>
                        <span aria-hidden="true">"−"</span>
                    </button>
                    <button type="button" class="step" aria-label=move || format!("One {} more", naming().point_of(s)) on:click=move |_| set_side(s, 1)>
                        <span aria-hidden="true">"+"</span>
                    </button>
                </div>
            })
            .collect_view()}
    }
}
