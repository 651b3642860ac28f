//! Real dice: the value each die at the table shows, for both sides, read exactly as the
//! tray's own roll (effect, the other side's effect, the wager) and kept as real dice.

use leptos::prelude::*;

use super::roll::show;
use super::state::{ElState, RollKind};
use crate::core::effective_level::{ElDie, ElRoll, ElSetup};
use crate::core::history::RecordedRoll;
use crate::ui::app_data::AppData;
use crate::ui::recorder::record_entered;

/// One choice per die of each side: only the faces the die has (0 to one less than its
/// sides) can be picked.
#[component]
pub fn EnterDice(state: ElState, data: AppData) -> impl IntoView {
    let check = state.check.get_untracked();
    let Ok(check) = check else {
        let reason = check.err().unwrap_or_default();
        return view! { <p class="hint">{reason}</p> }.into_any();
    };
    let (mine, theirs) = check.dice_to_enter();
    let my_values = RwSignal::new(vec![None::<u32>; mine.len()]);
    let their_values = RwSignal::new(vec![None::<u32>; theirs.len()]);
    let complete = move || {
        my_values.with(|v| v.iter().all(Option::is_some))
            && their_values.with(|v| v.iter().all(Option::is_some))
    };
    let read = move |_| {
        let values = |v: RwSignal<Vec<Option<u32>>>| -> Option<Vec<u32>> {
            v.get_untracked().into_iter().collect()
        };
        let (Some(mine), Some(theirs)) = (values(my_values), values(their_values)) else {
            return state.snackbar.say("Pick what every die shows first.");
        };
        let roll = match ElRoll::from_entered(&check, &mine, &theirs) {
            Ok(roll) => roll,
            Err(reason) => return state.snackbar.say(reason),
        };
        let label = state.label.get_untracked();
        match record_entered(data, &label, RecordedRoll::EffectiveLevel(roll)) {
            Ok(entry) => {
                state.change(ElSetup::after_roll);
                show(state, entry, RollKind::Tray, None, None);
            }
            Err(reason) => state.snackbar.say(reason),
        }
    };
    let opposed = !theirs.is_empty();
    view! {
        <section class="enter" aria-label="Real dice">
            <p class="hint">"Rolled at the table? Pick what each die shows; the tray reads it as its own roll."</p>
            <DieChoices title="Your dice" whose="Your" dice=mine values=my_values/>
            {opposed.then(|| view! {
                <DieChoices title="The other side's dice" whose="Their" dice=theirs values=their_values/>
            })}
            <button type="button" class="roll" disabled=move || !complete() on:click=read>
                "Read these dice"
            </button>
        </section>
    }
    .into_any()
}

/// A side's dice, each with a choice of its faces.
#[component]
fn DieChoices(
    title: &'static str,
    whose: &'static str,
    dice: Vec<ElDie>,
    values: RwSignal<Vec<Option<u32>>>,
) -> impl IntoView {
    let choices = dice
        .into_iter()
        .enumerate()
        .map(|(index, die)| {
            let name = format!("{whose} die {} ({})", index + 1, die.name());
            let faces = (0..die.sides())
                .map(|face| view! { <option value=face.to_string()>{face.to_string()}</option> })
                .collect_view();
            let pick = move |ev: leptos::ev::Event| {
                let face = event_target_value(&ev).parse::<u32>().ok();
                values.update(|v| v[index] = face);
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
