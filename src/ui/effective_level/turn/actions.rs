//! What the player does with the turn: roll a portion, defend, remove one, end the turn.
//! Each roll shows in the dock with its dice and is said in the snackbar.

use leptos::prelude::*;

use crate::core::effective_level::{ElSetup, Turn};
use crate::core::history::RecordedRoll;
use crate::core::rng::SecureDice;
use crate::ui::effective_level::roll::{record, record_made, secure_dice, show};
use crate::ui::effective_level::state::{ElState, RollKind};

/// Rolls an action or boost portion once: an action meets the tray's other side, its
/// target; a portion never takes the tray's wager (see `Turn::check`). The roll joins
/// History, named after the portion. The bar's Roll comes here for the next portion.
pub fn roll_portion(state: ElState, id: u64) {
    let target = state.setup.with_untracked(ElSetup::other_side);
    let made = roll_in_turn(state, id, |turn, dice| {
        turn.roll(id, target.as_ref(), 0, dice).cloned()
    });
    match made.and_then(|(name, roll)| record(state.core.recorder(), &name, roll)) {
        Ok(entry) => show(state, entry, RollKind::Portion, None, None),
        Err(reason) => state.core.snackbar.say(reason),
    }
}

/// Rolls a defence portion again against an attack, as resistance, without spending it,
/// and keeps it in History like every other roll. Given the attack's value, it says
/// whether the attack is held off or by how much it gets through.
pub fn defend(state: ElState, id: u64, attack: Option<u32>) {
    let made = roll_in_turn(state, id, |turn, dice| turn.defend(id, attack, dice));
    let recorded = made.and_then(|(name, defence)| {
        let said = defence.said();
        record_made(
            state.core.recorder(),
            &name,
            RecordedRoll::ElDefence(defence),
        )
        .map(|entry| (entry, said))
    });
    match recorded {
        Ok((entry, said)) => show(state, entry, RollKind::Settled, None, Some(said)),
        Err(reason) => state.core.snackbar.say(reason),
    }
}

/// Rolls with `roll` on a copy of the turn, for the portion `id`: the portion's name and
/// what was rolled. The copy is kept only if every draw was truly random.
fn roll_in_turn<T>(
    state: ElState,
    id: u64,
    roll: impl FnOnce(&mut Turn, &mut SecureDice) -> Result<T, String>,
) -> Result<(String, T), String> {
    let mut dice = secure_dice()?;
    let mut made = Err(String::new());
    state.turn.load().update(|t| {
        let Some(name) = t.get(id).map(|p| p.name.clone()) else {
            made = Err("That portion is no longer there.".into());
            return;
        };
        let mut next = t.clone();
        made = roll(&mut next, &mut dice).and_then(|rolled| {
            dice.check()
                .map(|()| (name, rolled))
                .map_err(|e| e.to_string())
        });
        if made.is_ok() {
            *t = next;
        }
    });
    made
}

/// Removes a portion not yet rolled, with the portions that depend on it.
pub fn remove_portion(state: ElState, id: u64) {
    let mut outcome = Ok(());
    state.turn.load().update(|t| outcome = t.remove(id));
    if let Err(reason) = outcome {
        state.core.snackbar.say(reason);
    }
}

/// Ends the turn: every portion goes, with an Undo in the snackbar.
pub fn end_turn(state: ElState) {
    let el = state.el.get_untracked().max(0) as u32;
    let mut ended = None;
    state
        .turn
        .load()
        .update(|t| ended = Some(std::mem::replace(t, Turn::new(el))));
    let Some(ended) = ended else { return };
    state.say_with_undo(
        "The turn is over; defence and unrolled portions are cleared.",
        move || {
            let ended = ended.clone();
            state.turn.load().update(|t| *t = ended);
        },
    );
}
