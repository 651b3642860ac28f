//! The table's story points: Destiny (light and dark side) or Story points (players' and
//! GM's). The narrative tray's Story points fold spends them (the tray says what a spend
//! does: `ui::narrative::story_points`) and starts the session's points, as the Characters
//! page does: by hand, by the number of players, or by rolling one Force die each. Every
//! change is kept in History.

use leptos::prelude::*;

use crate::core::history::RecordedRoll;
use crate::core::narrative::NarrativeDie;
use crate::core::rng::{RandomnessUnavailable, SecureDice};
use crate::core::story_points::{
    ChangeKind, CheckSpends, MAX_PLAYERS, MAX_POINTS, PointCounts, StoryChange, StoryNaming,
    StoryPoints, StorySide,
};
use crate::ui::platform::persisted::Persisted;
use crate::ui::table::hook::TableHook;
use crate::ui::tray::recorder::{Recorder, record_roll};
use crate::ui::widgets::dice::narrative::{DieShape, face_glyphs};

/// Keeps a change to the points in History, like a roll (who changed them is not known), and
/// at a table shares it there. Every change of the points goes through here.
pub fn record_change(recorder: Recorder, change: StoryChange) {
    share_with_table(recorder.table, &change);
    let _ = record_roll(recorder, "", |_| RecordedRoll::StoryPoints(change));
}

/// Carries out a change to the points: kept, said in the snackbar (with Undo), and recorded
/// in History. The change made, if it was.
fn apply(
    recorder: Recorder,
    points: Persisted<StoryPoints>,
    change: impl FnOnce(&mut StoryPoints) -> Result<StoryChange, String>,
) -> Option<StoryChange> {
    let mut outcome = Err(String::new());
    points.update(|p| outcome = change(p));
    match outcome {
        Ok(change) => {
            let said = format!("{}: {}.", change.headline(), change.counts_words());
            record_change(recorder, change.clone());
            if points.with_untracked(StoryPoints::can_undo) {
                let undo = Callback::new(move |()| {
                    apply(recorder, points, StoryPoints::undo);
                });
                recorder.table.snackbar.say_with(said, "Undo", undo);
            } else {
                recorder.table.snackbar.say(said);
            }
            Some(change)
        }
        Err(reason) => {
            recorder.table.snackbar.say(reason);
            None
        }
    }
}

/// At a table the story points are its one Destiny pool: a spend flips a point there, and
/// the GM's set-up sets it (a player's own set-up gives way to the table's pool).
fn share_with_table(table: TableHook, change: &StoryChange) {
    use crate::ui::table::hook::Outgoing;
    if !table.at_table.get_untracked() {
        return;
    }
    let outgoing = match &change.kind {
        ChangeKind::Spent(side) => Some(Outgoing::Flip(*side == StorySide::Players)),
        ChangeKind::Undone => Some(Outgoing::Undo),
        ChangeKind::Set | ChangeKind::Started | ChangeKind::Rolled(_)
            if table.gm.get_untracked() =>
        {
            Some(Outgoing::Points(change.after.players, change.after.gm))
        }
        _ => None,
    };
    if let Some(outgoing) = outgoing {
        table.send(outgoing);
        crate::ui::table::run_table(table);
    }
}

/// The points as they stand, with Spend for each side: what `on_spend` does is the tray's
/// to say. A side that has spent on the check being set up (`spends`) is marked so.
#[component]
pub fn StoryPointsSpend(
    recorder: Recorder,
    points: Persisted<StoryPoints>,
    on_spend: Callback<StorySide>,
    #[prop(into)] spends: Signal<CheckSpends>,
) -> impl IntoView {
    let table = recorder.table;
    // At a table, the GM's side is spent on the GM's phone: a player has no control for it.
    let players_only = move || table.at_table.get() && !table.gm.get();
    let side = move |side: StorySide| {
        let count = move || points.with(|p| p.counts().get(side));
        let not_mine = move || side == StorySide::Gm && players_only();
        view! {
            <li class=format!("story-side {}", side.key())>
                <span class="story-title">{move || points.with(|p| p.naming().side_title(side))}</span>
                <span class="story-count">{count}</span>
                <span class="story-spent" hidden=move || !spends.with(|s| s.has_spent(side))>
                    "spent on this check"
                </span>
                <button
                    type="button"
                    class="small"
                    aria-label=move || points.with(|p| format!("Spend a {}", p.naming().point_of(side)))
                    disabled=move || count() == 0
                    hidden=not_mine
                    on:click=move |_| on_spend.run(side)
                >
                    "Spend"
                </button>
            </li>
        }
    };
    view! {
        <ul class="story-sides">{side(StorySide::Players)}{side(StorySide::Gm)}</ul>
        <p class="hint">
            "Spend takes a point and upgrades one of that side's dice in the pool: the \
             players' Ability to Proficiency, the GM's Difficulty to Challenge (with none, it \
             adds one). Each side spends once per check; a roll starts the next."
        </p>
    }
}

/// Setting the session's points: the naming, a start by the number of players (rolling a
/// Force die each for Destiny, the dice then shown), or by hand. On the Characters page and
/// in the narrative tray's Story points fold; `without_counts` where the counts are shown
/// already.
#[component]
pub fn StoryPointsSetup(
    recorder: Recorder,
    points: Persisted<StoryPoints>,
    #[prop(optional)] without_counts: bool,
) -> impl IntoView {
    let table = recorder.table;
    // At a table the pool is the table's, set by its GM alone.
    move || {
        if table.at_table.get() && !table.gm.get() {
            view! {
                <p class="hint">
                    "At the table, the GM sets the Destiny pool; it shows here as it stands, \
                     and your spends flip it for everyone."
                </p>
            }
            .into_any()
        } else {
            view! { <StoryPointsSetupControls recorder points without_counts/> }.into_any()
        }
    }
}

/// The set-up's controls, for a player away from a table and for its GM.
#[component]
fn StoryPointsSetupControls(
    recorder: Recorder,
    points: Persisted<StoryPoints>,
    without_counts: bool,
) -> impl IntoView {
    let naming = move || points.with(StoryPoints::naming);
    let players = RwSignal::new(4_u32);
    // The last start made here, to show the Force dice a Destiny start rolled.
    let started = RwSignal::new(None::<StoryChange>);
    let start = move |_| {
        let n = players.get_untracked();
        let change = match naming() {
            StoryNaming::StoryPoints => apply(recorder, points, |p| p.start_story_points(n)),
            StoryNaming::Destiny => {
                let Ok(mut dice) = SecureDice::new() else {
                    return recorder
                        .table
                        .snackbar
                        .say(RandomnessUnavailable.to_string());
                };
                apply(recorder, points, |p| {
                    let change = p.roll_destiny(n, &mut dice)?;
                    dice.check().map_err(|e| e.to_string())?;
                    Ok(change)
                })
            }
        };
        if change.is_some() {
            started.set(change);
        }
    };
    // At a table the GM's taps make a draft, sent with one Set: the table hears one change
    // to its pool, not one per tap. Away from a table each tap sets the points at once.
    let table = recorder.table;
    let drafting = move || table.at_table.get() && table.gm.get();
    let draft = RwSignal::new(None::<PointCounts>);
    let set_side = move |side: StorySide, delta: i32| {
        let as_gm = table.at_table.get_untracked() && table.gm.get_untracked();
        // A draft left by a GM who has since handed over or left is not built on.
        if !as_gm {
            draft.set(None);
        }
        let counts = draft
            .get_untracked()
            .unwrap_or_else(|| points.with_untracked(StoryPoints::counts));
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
        if as_gm {
            draft.set(Some(counts));
        } else {
            apply(recorder, points, |p| p.set(counts));
        }
    };
    let set_draft = move |_| {
        if let Some(counts) = draft.get_untracked() {
            apply(recorder, points, |p| p.set(counts));
            draft.set(None);
        }
    };
    view! {
        <p class="sum-line" aria-live="polite" hidden=without_counts>
            {move || points.with(|p| p.naming().counts_words(p.counts()))}
        </p>
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
        {move || started.get().map(|change| view! { <StartMade change/> })}
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
        {move || (drafting() && draft.get().is_some()).then(|| view! {
            <div class="story-draft">
                <p class="hint">
                    {move || draft.get().map(|d| format!("Not set yet: {}", naming().counts_words(d)))}
                </p>
                <button type="button" class="small" on:click=set_draft>"Set the pool"</button>
            </div>
        })}
    }
}

/// A session's start as made: its words and, for Destiny, each Force die rolled, drawn with
/// its face.
#[component]
fn StartMade(change: StoryChange) -> impl IntoView {
    let said = format!("{}: {}.", change.headline(), change.counts_words());
    let dice = match change.kind {
        ChangeKind::Rolled(dice) => dice,
        _ => Vec::new(),
    };
    let none = dice.is_empty();
    let faces = dice
        .iter()
        .enumerate()
        .map(|(index, die)| {
            let symbols = die.symbols();
            view! {
                <li aria-label=format!("Force die {}: {}", index + 1, symbols.describe())>
                    <DieShape die=NarrativeDie::Force>{face_glyphs(&symbols)}</DieShape>
                </li>
            }
        })
        .collect_view();
    view! {
        <div class="story-started">
            <p class="hint">{said}</p>
            <ul class="story-dice" aria-label="Force dice rolled" hidden=none>{faces}</ul>
        </div>
    }
}
