//! What the tray frame asks of a tray's rare code: the few rare parts every tray has. Each
//! tray answers them in its own rare enum (`<page>::rare`), behind the app's one split
//! point for rare code.

use crate::ui::shell::app_data::Shared;
use crate::ui::shell::rare::Rare;

/// A rare part every tray has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrayRare {
    /// Open what a link carries: a set-up, the GM's challenge, a roll to show.
    OpenLink(Shared),
    /// The links the tray offers, in its Share fold.
    Share,
    /// Start counting the hints: what one tap on each control would do.
    Coach,
    /// Real dice: each die's face at the table, entered.
    Enter,
    /// The odds in detail, in the dock.
    Odds,
}

/// How a tray names its answer to a frame's ask among the app's rare parts.
pub type AskRare = fn(TrayRare) -> Rare;
