//! What the narrative tray does soon after it is drawn, without a tap: its hints counted,
//! the tab's session restored and kept, and a link opened. Their code is the module
//! `narrative_soon`, fetched once the page is idle: small, so the first seconds fetch what
//! the tray shows and not its rare panels (`rare`).

use super::NarrativeState;
use super::links;
use crate::core::coach::NarrativeCoach;
use crate::core::narrative::NarrativeOdds;
use crate::ui::lazy;
use crate::ui::tray::coach::{Hint, keep_counting};
use crate::ui::tray::session::keep_session;
use crate::ui::visit::Shared;

lazy::split! { module narrative_soon, preload preload;
    /// The tab's session restored and kept, and the hints counted from now on: what one
    /// tap on each control would do, recounted one frame after each change to the pool.
    pub fn when_idle(state: NarrativeState) {
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
        links::open_link(state, shared)
    }
}
