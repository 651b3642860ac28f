//! Rolls the scene makes happen: a roll at an obstacle, against its resistance, whose
//! effect is its progress; and an obstacle or a residual condition rolling against the
//! player. Each shows in the dock with its dice and is said in the snackbar.

use leptos::prelude::*;

use crate::core::effective_level::{against_player, roll_at_obstacle};
use crate::core::scene::Scene;
use crate::ui::effective_level::roll::{record, secure_dice, show, unrecorded};
use crate::ui::effective_level::state::{ElState, RollKind};

/// The tray's roll as a roll at an obstacle: never with the tray's wager, which belongs to
/// the tray's own next roll.
pub fn at_obstacle_check(state: ElState) -> Option<crate::core::effective_level::ElCheck> {
    state.check.with(|c| {
        c.as_ref().ok().map(|c| {
            let mut check = c.clone();
            check.wager = 0;
            check.dedicated = None;
            check
        })
    })
}

/// Rolls the tray's EL at an obstacle; the effect goes to its track. Kept in History under
/// the obstacle's name.
pub fn roll_at(state: ElState, id: u64) {
    let Some(check) = at_obstacle_check(state) else {
        return state.core.snackbar.say("Give an EL of 1 or more first.");
    };
    let mut dice = match secure_dice() {
        Ok(dice) => dice,
        Err(reason) => return state.core.snackbar.say(reason),
    };
    let at = match state
        .scene
        .with_untracked(|s| roll_at_obstacle(s, id, &check.me, 0, &mut dice))
        .and_then(|at| dice.check().map(|()| at).map_err(|e| e.to_string()))
    {
        Ok(at) => at,
        Err(reason) => return state.core.snackbar.say(reason),
    };
    let headline = at.roll.headline().to_string();
    let (name, effect) = (at.name.clone(), at.effect);
    let entry = match record(state.core.recorder(), &name, at.roll) {
        Ok(entry) => entry,
        Err(reason) => return state.core.snackbar.say(reason),
    };
    let said = if effect == 0 {
        format!("{headline}: {name} holds, no progress.")
    } else {
        let mut outcome = Ok(false);
        state.scene.update(|s| outcome = s.add_progress(id, effect));
        match outcome {
            Ok(true) => format!("{headline}: +{effect}, and {name} is overcome."),
            Ok(false) => format!("{headline}: +{effect} to {name}."),
            Err(reason) => reason,
        }
    };
    show(state, entry, RollKind::Settled, None, Some(said));
}

/// An obstacle or a residual condition rolls at its own EL against the player, who resists
/// at the tray's EL. Not kept in History, as before.
pub fn against_you(state: ElState, id: u64) {
    let found = state
        .scene
        .with_untracked(|s: &Scene| s.roller(id).map(|(name, el)| (name.to_string(), el)));
    let Some((name, its_el)) = found else {
        return state.core.snackbar.say("That is no longer in the scene.");
    };
    let mut dice = match secure_dice() {
        Ok(dice) => dice,
        Err(reason) => return state.core.snackbar.say(reason),
    };
    let roll = against_player(its_el, state.el.get_untracked()).roll(&mut dice);
    if let Err(error) = dice.check() {
        return state.core.snackbar.say(error.to_string());
    }
    let o = roll.outcome();
    let verdict = (roll.headline_against_you(&name), roll.tone_against_you());
    let said = match o.their_total {
        Some(_) => format!(
            "{name} rolls {} against your {}: {}.",
            o.value,
            o.their_value,
            if o.effect > 0 {
                format!("it gets effect {} on you", o.effect)
            } else {
                "you hold it off".into()
            }
        ),
        None => format!("{name} rolls {}: effect {}.", o.value, o.effect),
    };
    let entry = unrecorded(state.core.roster, &mut dice, &name, roll);
    show(
        state,
        entry,
        RollKind::AgainstYou,
        Some(verdict),
        Some(said),
    );
}

/// Removes an obstacle, boost or condition, with an Undo in the snackbar.
pub fn remove(state: ElState, id: u64, name: &str) {
    let at_table = state.scene.is_tables_untracked();
    let mut taken = Scene::default();
    state.scene.update(|s| {
        taken.obstacles = s.obstacles.iter().filter(|o| o.id == id).cloned().collect();
        taken.boosts = s.boosts.iter().filter(|b| b.id == id).cloned().collect();
        taken.residuals = s.residuals.iter().filter(|r| r.id == id).cloned().collect();
        s.remove(id);
    });
    state.say_with_undo(format!("Removed {name}."), move || {
        if state.scene.is_tables_untracked() != at_table {
            return state
                .core
                .snackbar
                .say("That scene is no longer this tray's to bring back.");
        }
        let back = taken.clone();
        state.scene.update(|s| s.restore(back));
    });
}
