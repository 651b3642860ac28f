//! What the Highest d6 tray does soon after it is drawn, without a tap: its hints counted,
//! the tab's session restored and kept, and a link opened. Their code is the module
//! `d6_soon`, fetched once the page is idle; the rare panels wait for a tap (`rare`).

use super::D6State;
use super::links;
use crate::core::coach::D6Coach;
use crate::ui::lazy;
use crate::ui::tray::coach::{Hint, keep_counting};
use crate::ui::tray::session::keep_session;
use crate::ui::visit::Shared;

lazy::split! { module d6_soon, preload preload;
    /// The tab's session restored and kept, and the hints counted from now on: what one
    /// tap on each control would do (a die more or fewer, each facet), recounted one frame
    /// after each change, hidden when the setting is off.
    pub fn when_idle(state: D6State) {
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
        links::open_link(state, shared)
    }
}
