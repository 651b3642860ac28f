//! One roll, read-only: its headline, when, who and what for, the pool in words, and its
//! dice drawn small (re-rolled faces struck through). The one view of a past roll: History
//! lists these with their actions beneath, and whatever shows someone else's roll uses it.

use leptos::prelude::*;

use crate::core::highest_d6::pool_words as d6_pool_words;
use crate::core::history::{HistoryEntry, RecordedRoll};
use crate::core::narrative::{RolledDie, pool_words};
use crate::route::Page;
use crate::ui::platform::browser::clock_text;
use crate::ui::widgets::dice::narrative::{DieShape, face_glyphs};
use crate::ui::widgets::dice::pips::PipDie;
use crate::ui::widgets::dice::zero_based::FacesList;

/// A roll at a glance. `here` is the tray it is shown on: a roll of another tray (or any,
/// with none) says which system it is.
#[component]
pub fn RollCard(
    entry: HistoryEntry,
    here: Option<Page>,
    /// Its time is said beside it (the table's log says when the message came).
    #[prop(optional)]
    untimed: bool,
) -> impl IntoView {
    let time = (!untimed).then(|| view! { <time class="hint">{clock_text(entry.at_ms)}</time> });
    let other_tray = here.is_none_or(|here| here.path() != entry.roll.tray_key());
    view! {
        <div class="history-main">
            <span class=format!("headline-small {}", entry.tone().name())>{entry.headline()}</span>
            {entry.real_dice.then(|| view! { <span class="tag">"real dice"</span> })}
            {entry.to_gm.then(|| view! { <span class="tag">"to the GM only"</span> })}
            {time}
        </div>
        <p class="history-label" hidden=entry.label.is_empty() && entry.who.is_none()>
            {entry.who.clone().map(|who| view! { <span class="who">{who}</span> })}
            {entry.label.clone()}
        </p>
        <p class="history-pool">
            {other_tray.then(|| view! {
                <span class="system-tag">{entry.roll.system_title()}</span>
            })}
            {pool_line(&entry)}
        </p>
        <RollFaces roll=entry.roll.clone()/>
    }
}

/// The pool in words: "2 Ability, 1 Proficiency vs 2 Difficulty", "3 dice (2 base + Keen
/// Eye)", "EL 8 vs EL 5 (opposition)".
fn pool_line(entry: &HistoryEntry) -> String {
    match &entry.roll {
        RecordedRoll::Narrative(roll) => pool_words(roll.pool()),
        RecordedRoll::HighestD6(check) => d6_pool_words(check.roll.plan(), &check.pool_line),
        RecordedRoll::EffectiveLevel(roll) => {
            crate::core::effective_level::check_words(&roll.check)
        }
        RecordedRoll::ElDefence(defence) => {
            crate::core::effective_level::defence_words(&defence.roll.check)
        }
        RecordedRoll::StoryPoints(change) => change.counts_words(),
    }
}

/// A roll's dice, drawn small: narrative dice with their symbols (a re-rolled die shows the
/// faces it replaced, struck through), d6 pips, EL dice as values.
#[component]
pub fn RollFaces(roll: RecordedRoll) -> impl IntoView {
    match roll {
        RecordedRoll::Narrative(roll) => {
            let dice = roll
                .dice()
                .iter()
                .enumerate()
                .map(|(index, &die)| {
                    let history = roll.face_history(index);
                    let replaced = history[..history.len().saturating_sub(1)].to_vec();
                    view! {
                        <li class="small-face">
                            {replaced
                                .into_iter()
                                .map(|was| view! { <s class="was" aria-label="re-rolled from"><SmallDie die=was/></s> })
                                .collect_view()}
                            <SmallDie die/>
                        </li>
                    }
                })
                .collect_view();
            view! { <ul class="history-faces" aria-label="Dice">{dice}</ul> }.into_any()
        }
        RecordedRoll::HighestD6(check) => {
            let faces = check
                .roll
                .faces()
                .iter()
                .map(|&face| view! { <li class="small-face" aria-label=face.to_string()><PipDie face/></li> })
                .collect_view();
            view! { <ul class="history-faces d6" aria-label="Dice">{faces}</ul> }.into_any()
        }
        RecordedRoll::EffectiveLevel(roll) => {
            let theirs = (roll.check.against.is_some()).then(|| {
                view! {
                    <span class="versus" aria-hidden="true">"vs"</span>
                    <FacesList title="The other side's dice" faces=roll.their_faces.clone() theirs=true small=true/>
                }
            });
            view! {
                <div class="history-faces el">
                    <FacesList title="Dice" faces=roll.faces.clone() small=true/>
                    {theirs}
                </div>
            }
            .into_any()
        }
        RecordedRoll::ElDefence(defence) => {
            view! { <div class="history-faces el"><FacesList title="Dice" faces=defence.roll.faces.clone() small=true/></div> }.into_any()
        }
        RecordedRoll::StoryPoints(change) => {
            let dice = change.dice_words().unwrap_or_default();
            let none = dice.is_empty();
            view! { <p class="history-el-faces" hidden=none>{dice}</p> }.into_any()
        }
    }
}

/// One narrative die, small, with its face's symbols.
#[component]
fn SmallDie(die: RolledDie) -> impl IntoView {
    let glyphs = face_glyphs(&die.symbols());
    view! { <DieShape die=die.die()>{glyphs}</DieShape> }
}
