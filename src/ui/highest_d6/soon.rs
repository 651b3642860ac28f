//! What the Highest d6 tray does soon after it is drawn: its hints counted, the tab's
//! session restored and kept, a link opened, Roll and the result it shows. Their code is the
//! module `d6_soon`, fetched once the page is idle (or on the first tap, if that comes
//! first), so the tray opens with what it draws and the roll's code comes before it is
//! needed; the rare panels wait for a tap (`rare`).

use leptos::prelude::*;

use super::D6State;
use super::result_view::ResultView;
use super::{links, roll};
use crate::core::coach::D6Coach;
use crate::core::history::RollAgain;
use crate::ui::lazy;
use crate::ui::tray::coach::{Hint, keep_counting};
use crate::ui::tray::session::keep_session;
use crate::ui::visit::Shared;

lazy::split! { module d6_soon, preload preload;
    /// The tab's session restored and kept, and the hints counted from now on: what one
    /// tap on each control would do (a die more or fewer, each facet), recounted one frame
    /// after each change, hidden when the setting is off.
    pub fn when_idle(state: D6State) {
        state.core.words.set(Some(roll::headline));
        keep_session(state.core);
        keep_counting(
            state.core,
            state.hints,
            // Read each time, so a change of character, scene or rule counts again too.
            move || {
                let rule = state.settings.with(|s| s.zero_dice);
                (
                    state.setup.get(),
                    state.core.roster.get(),
                    state.scene.get(),
                    rule,
                )
            },
            |(setup, roster, scene, rule)| {
                D6Coach::of(&setup, roster.active(), &scene, rule)
                    .deltas()
                    .iter()
                    .map(|d| (d.tap, Hint::of(&d.success, None)))
                    .collect()
            },
        );
    }

    /// Opens what a link carries for the tray.
    pub fn open_link(state: D6State, shared: Shared) {
        state.core.words.set(Some(roll::headline));
        links::open_link(state, shared)
    }

    /// Rolls the pool.
    pub fn roll(state: D6State) {
        state
            .core
            .once_result_drawn(roll::headline, move || roll::roll(state))
    }

    /// History's Roll again: the tray set up as that roll was (its base dice, kind and
    /// conflict), then rolled.
    pub fn roll_again(state: D6State, again: RollAgain) {
        if let RollAgain::HighestD6 {
            base,
            kind,
            conflict,
            ..
        } = again
        {
            state.change(|s| {
                if let Some(base) = base {
                    s.base = base;
                }
                s.kind = kind;
                s.conflict = conflict;
            });
            state
                .core
                .once_result_drawn(roll::headline, move || roll::roll(state));
        }
    }

    /// The shown roll in full, in the dock.
    pub fn result(state: D6State) -> AnyView {
        view! { <ResultView state/> }.into_any()
    }
}
