//! What the player does with the turn: roll a portion, defend, remove one, end the turn.
//! Each roll shows in the dock with its dice and is said in the snackbar.

use leptos::prelude::*;

use crate::core::effective_level::{PortionKind, Turn, attack_effect};
use crate::core::tone::Tone;
use crate::ui::effective_level::roll::{record, secure_dice, show, unrecorded};
use crate::ui::effective_level::state::{ElState, RollKind};
use crate::ui::shell::app_data::AppData;

/// Rolls an action or boost portion once. An action meets the tray's other side, its
/// target; a portion never takes the tray's wager. The roll joins History, named after the
/// portion.
pub fn roll_portion(state: ElState, data: AppData, id: u64) {
    let against = state
        .check
        .with_untracked(|c| c.as_ref().ok().and_then(|c| c.against.clone()));
    let mut dice = match secure_dice() {
        Ok(dice) => dice,
        Err(reason) => return state.core.snackbar.say(reason),
    };
    let mut made = Err(String::new());
    data.document::<Turn>().update(|t| {
        let mut next = t.clone();
        let Some((name, is_action)) = t
            .get(id)
            .map(|p| (p.name.clone(), p.kind == PortionKind::Action))
        else {
            made = Err("That portion is no longer there.".into());
            return;
        };
        let against = against.as_ref().filter(|_| is_action);
        made = next
            .roll(id, against, 0, &mut dice)
            .map(|roll| (name, roll.clone()))
            .and_then(|made| dice.check().map(|()| made).map_err(|e| e.to_string()));
        if made.is_ok() {
            *t = next;
        }
    });
    match made.and_then(|(name, roll)| record(data, &name, roll)) {
        Ok(entry) => show(state, entry, RollKind::Portion, None, None),
        Err(reason) => state.core.snackbar.say(reason),
    }
}

/// Rolls a defence portion again against an attack, as resistance, without spending it.
/// Given the attack's value, it says whether the attack is held off or by how much it gets
/// through.
pub fn defend(state: ElState, data: AppData, id: u64, attack: Option<u32>) {
    let mut dice = match secure_dice() {
        Ok(dice) => dice,
        Err(reason) => return state.core.snackbar.say(reason),
    };
    let mut made = Err(String::new());
    data.document::<Turn>().update(|t| {
        let mut next = t.clone();
        let name = t.get(id).map(|p| p.name.clone()).unwrap_or_default();
        made = next
            .defend(id, &mut dice)
            .map(|roll| (name, roll.clone()))
            .and_then(|made| dice.check().map(|()| made).map_err(|e| e.to_string()));
        if made.is_ok() {
            *t = next;
        }
    });
    let (name, roll) = match made {
        Ok(made) => made,
        Err(reason) => return state.core.snackbar.say(reason),
    };
    let value = roll.outcome().value;
    let (said, verdict) = match attack.map(|a| (a, attack_effect(a, value))) {
        None => (
            format!("Defence rolls {value}."),
            (format!("Defence {value}"), Tone::Neutral),
        ),
        Some((a, 0)) => (
            format!("Defence rolls {value} against the attack's {a}: held off."),
            ("Held off".to_string(), Tone::Good),
        ),
        Some((a, effect)) => (
            format!(
                "Defence rolls {value} against the attack's {a}: the attack gets effect {effect}."
            ),
            (format!("The attack gets effect {effect}"), Tone::Bad),
        ),
    };
    let entry = unrecorded(data, &mut dice, &name, roll);
    show(state, entry, RollKind::Settled, Some(verdict), Some(said));
}

/// Removes a portion not yet rolled, with the portions that depend on it.
pub fn remove_portion(state: ElState, data: AppData, id: u64) {
    let mut outcome = Ok(());
    data.document::<Turn>().update(|t| outcome = t.remove(id));
    if let Err(reason) = outcome {
        state.core.snackbar.say(reason);
    }
}

/// Ends the turn: every portion goes, with an Undo in the snackbar.
pub fn end_turn(state: ElState, data: AppData) {
    let el = state.el.get_untracked().max(0) as u32;
    let mut ended = None;
    data.document::<Turn>()
        .update(|t| ended = Some(std::mem::replace(t, Turn::new(el))));
    let Some(ended) = ended else { return };
    state.say_with_undo(
        "The turn is over; defence and unrolled portions are cleared.",
        move || {
            let ended = ended.clone();
            data.document::<Turn>().update(|t| *t = ended);
        },
    );
}
