//! Accumulated progress: how likely an obstacle is to fall within a few more rolls.

use rand::Rng;

use super::check::{Against, ElCheck, MAX_EL, Pushback, Side, side_name};
use super::dice::ElDice;
use super::roll::ElRoll;
use crate::core::distribution::{Chance, Distribution};
use crate::core::scene::Scene;

/// The chance that `rolls` more rolls, each with this effect distribution, add up to at
/// least `remaining` (independent rolls: the effects convolve).
pub fn finish_within(effect: &Distribution, remaining: u32, rolls: u32) -> Chance {
    effect
        .sum_of(rolls)
        .chance(|total| total >= remaining as i32)
}

/// The roll a player makes at an obstacle: `me`, the roller's EL and dice (the tray's),
/// with the obstacle resisting at its own EL (the Simple Pool), so any effect is progress
/// and a better roll by the obstacle only stops it. An obstacle at EL 0 does not resist.
/// `wager` is what the player wagers on this roll itself, 0 unless they set one for it: a
/// wager set on the tray belongs to the tray's own roll and never comes along.
pub fn against_obstacle(me: &Side, obstacle_el: u32, wager: u32) -> ElCheck {
    ElCheck {
        me: me.clone(),
        wager,
        dedicated: None,
        against: (obstacle_el > 0).then(|| resisting(obstacle_el)),
    }
}

/// An obstacle or condition rolling at its own EL (the Simple Pool) against the player, who
/// resists at `player_el` with the Simple Pool; below EL 1 the player cannot resist.
pub fn against_player(its_el: u32, player_el: i32) -> ElCheck {
    ElCheck {
        against: u32::try_from(player_el)
            .ok()
            .filter(|&el| el >= 1)
            .map(resisting),
        // Scenes saved before ELs were capped may hold more.
        ..ElCheck::simple(its_el.min(MAX_EL))
    }
}

/// A side that only resists, at `el` with the Simple Pool (scenes saved before ELs were
/// capped may hold more than the tray allows).
fn resisting(el: u32) -> Against {
    Against {
        side: Side {
            el: el.min(MAX_EL),
            dice: ElDice::Simple,
        },
        kind: Pushback::Resistance,
        name: None,
    }
}

/// A roll made at an obstacle, before its effect is added.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollAtObstacle {
    /// The obstacle's name.
    pub name: String,
    /// The roll, against the obstacle's resistance.
    pub roll: ElRoll,
    /// The progress it makes: its effect.
    pub effect: u32,
}

/// Rolls `me` at one of the scene's obstacles, against its resistance under its name, with
/// `wager` points wagered on this roll (see [`against_obstacle`]): the roll is refused if
/// the wager leaves no EL to roll at. The caller checks a wager against the role's rank, and
/// adds the effect to the scene (`Scene::add_progress`) once it trusts the roll.
pub fn roll_at_obstacle(
    scene: &Scene,
    id: u64,
    me: &Side,
    wager: u32,
    rng: &mut (impl Rng + ?Sized),
) -> Result<RollAtObstacle, String> {
    let obstacle = scene
        .obstacles
        .iter()
        .find(|o| o.id == id)
        .ok_or("That is no longer in the scene.")?;
    if obstacle.done() {
        return Err(format!("{} is already overcome.", obstacle.name));
    }
    let mut check = against_obstacle(me, obstacle.el, wager);
    if let Some(against) = &mut check.against {
        against.name = side_name(&obstacle.name).ok().flatten();
    }
    if let Some(reason) = check.refusal(None) {
        return Err(reason);
    }
    let roll = check.roll(rng);
    Ok(RollAtObstacle {
        name: obstacle.name.clone(),
        effect: roll.outcome().effect,
        roll,
    })
}
