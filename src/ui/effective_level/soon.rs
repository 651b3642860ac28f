//! What the Effective Level tray does soon after it is drawn or on Roll, without opening
//! a panel: the tab's session restored and kept, the hints counted, a turn in play
//! followed, a link opened, and the bar's Roll while a turn is split. Their code is the
//! module `el_soon`, fetched once the page is idle; the rare panels wait for a tap
//! (`rare`).

use super::state::ElState;
use super::{coach, links, turn};
use crate::ui::lazy;
use crate::ui::tray::session::keep_session;
use crate::ui::visit::Shared;

lazy::split! { module el_soon, preload preload;
    /// The tab's session restored and kept, the hints counted from now on, and the bar
    /// told of a turn in play.
    pub fn when_idle(state: ElState) {
        keep_session(state.core);
        turn::follow(state);
        coach::start(state);
    }

    /// Opens what a link carries for the tray.
    pub fn open_link(state: ElState, shared: Shared) {
        links::open_link(state, shared)
    }

    /// The bar's Roll while a turn is split: roll the portion `id`.
    pub fn roll_portion(state: ElState, id: u64) {
        turn::roll_portion(state, id)
    }

    /// The bar's Roll before the turn has been read: the next portion if a turn has one,
    /// else the tray's own roll.
    pub fn roll_bar(state: ElState) {
        turn::roll_next(state)
    }
}
