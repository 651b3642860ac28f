//! Real dice: the value each die at the table shows, for both sides, read exactly as the
//! tray's own roll (effect, the other side's effect, the wager) and kept as real dice.

use leptos::prelude::*;

use super::roll::show;
use super::state::{ElState, RollKind};
use crate::core::effective_level::{ElDie, ElRoll, ElSetup};
use crate::core::history::RecordedRoll;
use crate::ui::widgets::real_dice::RealDicePanel;

/// One choice per die of each side: only the faces the die has (0 to one less than its
/// sides) can be picked.
#[component]
pub fn EnterDice(state: ElState) -> impl IntoView {
    let check = state.check.get_untracked();
    let Ok(check) = check else {
        let reason = check.err().unwrap_or_default();
        return view! { <p class="hint">{reason}</p> }.into_any();
    };
    let (mine, theirs) = check.dice_to_enter();
    // Both sides' values in one list (the player's first), kept in the tray so a reload
    // finds the dice entered so far.
    let mine_count = mine.len();
    let values = state.core.entered_for(mine_count + theirs.len());
    let read = move |()| {
        let Some(all) = state.core.all_entered() else {
            return state.core.snackbar.say("Pick what every die shows first.");
        };
        let (mine, theirs) = all.split_at(mine_count.min(all.len()));
        let roll = match ElRoll::from_entered(&check, mine, theirs) {
            Ok(roll) => roll,
            Err(reason) => return state.core.snackbar.say(reason),
        };
        match state
            .core
            .record_entered(RecordedRoll::EffectiveLevel(roll))
        {
            Ok(entry) => {
                state.change(ElSetup::after_roll);
                show(state, entry, RollKind::Tray, None, None);
            }
            Err(reason) => state.core.snackbar.say(reason),
        }
    };
    let opposed = !theirs.is_empty();
    view! {
        <RealDicePanel verb="Pick" entered=values on_read=Callback::new(read)>
            <DieChoices title="Your dice" whose="Your" dice=mine values offset=0/>
            {opposed.then(|| view! {
                <DieChoices title="The other side's dice" whose="Their" dice=theirs values offset=mine_count/>
            })}
        </RealDicePanel>
    }
    .into_any()
}

/// A side's dice, each with a choice of its faces.
#[component]
fn DieChoices(
    title: &'static str,
    whose: &'static str,
    dice: Vec<ElDie>,
    /// Every die's value, both sides'.
    values: RwSignal<Vec<Option<u32>>>,
    /// Where this side's dice start in `values`.
    offset: usize,
) -> impl IntoView {
    let choices = dice
        .into_iter()
        .enumerate()
        .map(|(index, die)| {
            let name = format!("{whose} die {} ({})", index + 1, die.name());
            let faces = (0..die.sides())
                .map(|face| {
                    // A value entered before a reload shows as chosen.
                    let chosen = move || values.with(|v| v.get(offset + index).copied().flatten() == Some(face));
                    view! { <option value=face.to_string() selected=chosen>{face.to_string()}</option> }
                })
                .collect_view();
            let pick = move |ev: leptos::ev::Event| {
                let face = event_target_value(&ev).parse::<u32>().ok();
                values.update(|v| {
                    if let Some(value) = v.get_mut(offset + index) {
                        *value = face;
                    }
                });
            };
            view! {
                <li>
                    <label class="enter-value">
                        <span>{die.name()}</span>
                        <select aria-label=name on:change=pick>
                            <option value="">"–"</option>
                            {faces}
                        </select>
                    </label>
                </li>
            }
        })
        .collect_view();
    view! {
        <p class="enter-title">{title}</p>
        <ul class="enter-values">{choices}</ul>
    }
}
