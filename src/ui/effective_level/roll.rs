//! Rolling: the tray's own roll, and how every roll the page makes (the tray's, a portion's,
//! a defence, an obstacle's, a condition's) is shown in the dock with its dice, said in the
//! snackbar in one line, and kept in History where it belongs there.

use leptos::prelude::*;
use rand::Rng;

use super::state::{ElShown, ElState, RollKind, Shown, TurnBar};
use super::turn;
use crate::core::character::Roster;
use crate::core::effective_level::{ElRoll, ElSetup};
use crate::core::history::{HistoryEntry, RecordedRoll, RollAgain};
use crate::core::rng::{RandomnessUnavailable, SecureDice};
use crate::core::tone::Tone;
use crate::ui::platform::browser::now_ms;
use crate::ui::platform::persisted::Persisted;
use crate::ui::tray::recorder::{Recorder, record_roll};

/// The bar's Roll: the turn's next portion while there is one, else the tray's own check.
/// Before the turn's code has read the turn, it decides there, so a turn kept from before a
/// reload is never rolled past unawares; if that code cannot come, the turn cannot be read
/// and Roll rolls the tray, as its words say.
pub fn roll_bar(state: ElState) {
    match state.turn_bar.get_untracked() {
        None => turn::roll_next(state),
        Some(TurnBar {
            next: Some(next), ..
        }) => turn::roll_portion(state, next.id),
        Some(_) => roll(state),
    }
}

/// The bar's Roll in words: what it rolls. The next portion by name and EL; the tray's
/// whole EL named while a turn is in play; else "Roll", with any wager.
pub fn bar_label(state: ElState) -> String {
    let bar = state.turn_bar.get().unwrap_or_default();
    if let Some(next) = &bar.next {
        return next.roll_label();
    }
    if bar.in_turn {
        let el = state.el.get().max(0) as u32;
        return state.setup.with(|s| s.whole_roll_label(el));
    }
    state.setup.with(ElSetup::roll_label)
}

/// Whether the bar's Roll can roll what it says.
pub fn bar_can_roll(state: ElState) -> bool {
    let next = state.turn_bar.with(|b| {
        let next = b.as_ref()?.next.as_ref()?;
        Some(next.check.refusal(None).is_none())
    });
    next.unwrap_or_else(|| state.check.with(Result::is_ok))
}

/// Rolls the tray's check, records it, shows it, and returns the wager to 0.
pub fn roll(state: ElState) {
    let check = match state.check.get_untracked() {
        Ok(check) => check,
        Err(reason) => return state.core.snackbar.say(reason),
    };
    let label = state.core.label.get_untracked();
    match record_roll(state.core.recorder(), &label, |dice| {
        RecordedRoll::EffectiveLevel(check.roll(dice))
    }) {
        Ok(entry) => {
            // From this tab's copy, which may hold a tap not yet stored.
            state.change(ElSetup::after_roll);
            show(state, entry, RollKind::Tray, None, None);
        }
        Err(reason) => state.core.snackbar.say(reason),
    }
}

/// The browser's secure random numbers, or why there are none.
pub fn secure_dice() -> Result<SecureDice, String> {
    SecureDice::new().map_err(|_| RandomnessUnavailable.to_string())
}

/// Keeps a roll already made in History under `label`.
pub fn record(recorder: Recorder, label: &str, roll: ElRoll) -> Result<HistoryEntry, String> {
    record_made(recorder, label, RecordedRoll::EffectiveLevel(roll))
}

/// Keeps any roll of the page already made (a defence too) in History under `label`.
pub fn record_made(
    recorder: Recorder,
    label: &str,
    roll: RecordedRoll,
) -> Result<HistoryEntry, String> {
    record_roll(recorder, label, |_| roll)
}

/// A roll shown but not kept in History (a roll against the player), in the
/// form History keeps rolls.
pub fn unrecorded(
    roster: Persisted<Roster>,
    dice: &mut SecureDice,
    label: &str,
    roll: ElRoll,
) -> HistoryEntry {
    HistoryEntry {
        id: dice.random(),
        at_ms: now_ms(),
        label: HistoryEntry::clean_label(label),
        who: roster.with_untracked(|r| r.active().map(|c| c.name.clone())),
        real_dice: false,
        to_gm: false,
        roll: RecordedRoll::EffectiveLevel(roll),
    }
}

/// Rolls one of History's rolls again: the tray is set up as it was, then rolls.
pub fn roll_again(state: ElState, again: RollAgain) {
    if let RollAgain::EffectiveLevel(check) = again {
        state.set_check(&check);
        roll(state);
    }
}

/// Shows a roll in the dock's result panel, opened, and says it in the snackbar: `said`, or
/// else its label, headline and first detail.
pub fn show(
    state: ElState,
    entry: HistoryEntry,
    kind: RollKind,
    verdict: Option<(String, Tone)>,
    said: Option<String>,
) {
    let shown = Shown {
        entry,
        kind,
        verdict,
    };
    let said = said.unwrap_or_else(|| said_of(&shown));
    if let RecordedRoll::EffectiveLevel(roll) = &shown.entry.roll
        && kind == RollKind::Tray
    {
        // What the wager was dedicated to is the boost's first name.
        let named = roll.check.dedicated.as_ref().map(|d| {
            if d.name.is_empty() {
                d.kind.clone()
            } else {
                d.name.clone()
            }
        });
        state.boost_name.set(named.unwrap_or_default());
    }
    state.core.show(shown, headline);
    state.core.snackbar.say(said);
}

/// A roll in one line: "goblin 1 — Success · rolled 3 (EL 4)".
fn said_of(shown: &Shown) -> String {
    let (headline, _) = shown.headline();
    let first = shown.details().into_iter().next();
    let line = match first {
        Some(detail) => format!("{headline} · {detail}"),
        None => headline,
    };
    match shown.entry.label.as_str() {
        "" => line,
        label => format!("{label} — {line}"),
    }
}

/// The headline of one of the tray's own rolls (a defence too), for the dock's bar.
pub fn headline(roll: &RecordedRoll) -> Option<(String, Tone)> {
    match roll {
        RecordedRoll::EffectiveLevel(roll) => Some((roll.headline(), roll.tone())),
        RecordedRoll::ElDefence(defence) => Some((defence.headline(), defence.tone())),
        _ => None,
    }
}
