//! Odds that coach, on the Effective Level tray: under each stepper what one tap of − and
//! of + would do, and beside each of the builder's ticks what ticking it would do, to the
//! chance of getting effect and to the expected effect (net of the other side's under an
//! opposition). Counted by the core's `ElCoach` in the rare code, started on the first tap.

use std::cmp::Ordering;

use leptos::prelude::*;

use super::state::ElState;
use crate::core::coach::{ElCoach, ElTap, Step};
use crate::ui::tray::coach::{Hint, keep_counting};

/// The hints of a stepper's − and + taps, as one line of text ("−1 −8% · −0.5 effect
/// · +1 +6%"), and in full for a screen reader. Text only: this is in the tray's first load.
#[component]
pub fn StepHints(state: ElState, tap: fn(Step) -> ElTap) -> impl IntoView {
    let line = move |spoken: bool| {
        state.hints.with(|all| {
            let mut text = String::new();
            for (step, words) in [(Step::Down, "−1 "), (Step::Up, "+1 ")] {
                let Some((_, hint)) = all.iter().find(|(t, _)| *t == tap(step)) else {
                    continue;
                };
                if spoken {
                    text.push_str(&format!(
                        "{} one: {}. ",
                        if step == Step::Up {
                            "Raising it by"
                        } else {
                            "Lowering it by"
                        },
                        hint.spoken
                    ));
                } else {
                    if !text.is_empty() {
                        text.push_str("   ");
                    }
                    text.push_str(words);
                    text.push_str(&hint.short);
                }
            }
            text
        })
    };
    view! {
        <span class="stepper-hints coach" aria-hidden="true">{move || line(false)}</span>
        <span class="visually-hidden">{move || line(true)}</span>
    }
}

/// Starts counting the hints: recounted one frame after each change of the setup, the
/// character or the scene; none while the setting hides them (from `soon`, once the page
/// is idle).
pub fn start(state: ElState) {
    keep_counting(
        state.core,
        state.hints,
        move || {
            (
                state.setup.get(),
                state.core.roster.get(),
                state.scene.get(),
            )
        },
        |(setup, roster, scene)| {
            ElCoach::of(&setup, roster.active(), &scene.boosts)
                .deltas()
                .iter()
                .map(|d| {
                    // The effect is said too when it moves.
                    let effect = (d.effect.direction() != Ordering::Equal).then_some(&d.effect);
                    (d.tap, Hint::of(&d.chance, effect))
                })
                .collect()
        },
    );
}
