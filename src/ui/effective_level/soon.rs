//! What the Effective Level tray does soon after it is drawn or on Roll, without opening
//! a panel: the tab's session restored and kept, the hints counted, a turn in play
//! followed, a link opened, Roll and the result it shows. Their code is the module
//! `el_soon`, fetched once the page is idle (or on the first tap, if that comes first), so
//! the tray opens with what it draws and the roll's code comes before it is needed; the
//! rare panels wait for a tap (`rare`).

use leptos::prelude::*;

use super::result_view::ResultView;
use super::state::ElState;
use super::{coach, links, roll, turn};
use crate::core::history::RollAgain;
use crate::ui::lazy;
use crate::ui::tray::session::keep_session;
use crate::ui::visit::Shared;

lazy::split! { module el_soon, preload preload;
    /// The tab's session restored and kept, the hints counted from now on, and the bar
    /// told of a turn in play.
    pub fn when_idle(state: ElState) {
        state.core.words.set(Some(roll::headline));
        keep_session(state.core);
        turn::follow(state);
        coach::start(state);
    }

    /// Opens what a link carries for the tray.
    pub fn open_link(state: ElState, shared: Shared) {
        state.core.words.set(Some(roll::headline));
        links::open_link(state, shared)
    }

    /// The bar's Roll: the turn's next portion, or the tray's own check.
    pub fn roll_bar(state: ElState) {
        state
            .core
            .once_result_drawn(roll::headline, move || roll::roll_bar(state))
    }

    /// History's Roll again: the tray set up as that roll was, then rolled.
    pub fn roll_again(state: ElState, again: RollAgain) {
        state
            .core
            .once_result_drawn(roll::headline, move || roll::roll_again(state, again))
    }

    /// The shown roll in full, in the dock.
    pub fn result(state: ElState) -> AnyView {
        view! { <ResultView state/> }.into_any()
    }
}
