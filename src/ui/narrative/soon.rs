//! What the narrative tray does soon after it is drawn: its hints counted, the tab's
//! session restored and kept, a link opened, Roll and the result it shows. Their code is the
//! module `narrative_soon`, fetched once the page is idle (or on the first tap, if that
//! comes first), so the tray opens with what it draws and the roll's code comes before it is
//! needed; the rare panels wait for a tap (`rare`).

use leptos::prelude::*;

use super::NarrativeState;
use super::result_view::ResultView;
use super::{links, roll};
use crate::core::coach::NarrativeCoach;
use crate::core::history::RollAgain;
use crate::core::narrative::NarrativeOdds;
use crate::ui::lazy;
use crate::ui::tray::coach::{Hint, keep_counting};
use crate::ui::tray::session::keep_session;
use crate::ui::visit::Shared;

lazy::split! { module narrative_soon, preload preload;
    /// The tab's session restored and kept, and the hints counted from now on: what one
    /// tap on each control would do, recounted one frame after each change to the pool.
    pub fn when_idle(state: NarrativeState) {
        state.core.words.set(Some(roll::headline));
        keep_session(state.core);
        keep_counting(
            state.core,
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
    }

    /// Opens what a link carries for the tray.
    pub fn open_link(state: NarrativeState, shared: Shared) {
        state.core.words.set(Some(roll::headline));
        links::open_link(state, shared)
    }

    /// Rolls the pool.
    pub fn roll(state: NarrativeState) {
        state
            .core
            .once_result_drawn(roll::headline, move || roll::roll(state))
    }

    /// History's Roll again: that roll's pool on the tray, then rolled.
    pub fn roll_again(state: NarrativeState, again: RollAgain) {
        if let RollAgain::Narrative(pool) = again {
            state.pool.update(|stored| *stored = pool);
            state
                .core
                .once_result_drawn(roll::headline, move || roll::roll(state));
        }
    }

    /// The shown roll in full, in the dock.
    pub fn result(state: NarrativeState) -> AnyView {
        view! { <ResultView state/> }.into_any()
    }
}
