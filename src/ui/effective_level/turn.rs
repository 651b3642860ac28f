//! The turn and the scene on the Effective Level tray: what the player does in their panels.

use super::state::ElState;
use crate::core::effective_level::{
    CrossRoleSplit, ElCheck, ElRoll, PortionKind, Turn, against_player, attack_effect,
    roll_at_obstacle,
};
use rand::Rng;

use crate::core::rng::{RandomnessUnavailable, SecureDice};
use crate::storage::{HistoryEntry, RecordedRoll};
use crate::ui::app_data::AppData;
use crate::ui::browser::now_ms;
use crate::ui::markup::Act;

/// A whole number from a form field.
fn number(act: &Act, field: &str) -> Option<u32> {
    act.field(field).trim().parse().ok()
}

/// Carries out a turn or scene act; the message to show, or why it failed. `el` is the
/// tray's EL now, `check` its roll now (none when it cannot roll), `role_els` the ticked
/// roles' own ELs.
pub fn turn_act(
    act: &Act,
    state: ElState,
    data: AppData,
    el: i32,
    check: Option<ElCheck>,
    role_els: Vec<(String, u32)>,
) -> Result<String, String> {
    let against = check.as_ref().and_then(|c| c.against.clone());
    let mut outcome: Result<String, String> = Ok(String::new());
    let id = act.id().unwrap_or_default();
    let dice = || SecureDice::new().map_err(|_| RandomnessUnavailable.to_string());
    match act.name.as_str() {
        "add-portion" => {
            let points = number(act, "points").unwrap_or(0);
            let kind = match act.field("kind").split_once(':') {
                Some(("boost", into)) => PortionKind::Boost {
                    into: into.parse().unwrap_or_default(),
                    free: false,
                },
                Some(("free", into)) => PortionKind::Boost {
                    into: into.parse().unwrap_or_default(),
                    free: true,
                },
                _ if act.field("kind") == "defence" => PortionKind::Defence,
                _ => PortionKind::Action,
            };
            let after = act.field("after").parse().ok();
            state.turn.update(|t| {
                if t.portions.is_empty() && t.cross.is_none() {
                    *t = Turn::new(el.max(0) as u32);
                }
                outcome = t
                    .add(act.field("name"), points, kind, after)
                    .map(|_| String::new());
            });
        }
        "portion-roll" | "portion-defend" => {
            let mut rng = dice()?;
            let mut recorded = None;
            state.turn.update(|t| {
                let name = t.get(id).map(|p| p.name.clone()).unwrap_or_default();
                // Only an action meets the tray's other side, its target.
                let is_action = t.get(id).is_some_and(|p| p.kind == PortionKind::Action);
                let against = against.as_ref().filter(|_| is_action);
                let rolled = if act.name == "portion-roll" {
                    t.roll(id, against, 0, &mut rng).map(|r| {
                        recorded = Some((name, r.clone()));
                        r.headline()
                    })
                } else {
                    let attack = number(act, "attack");
                    t.defend(id, &mut rng).map(|r| {
                        let defence = r.outcome().value;
                        match attack.map(|a| (a, attack_effect(a, defence))) {
                            None => format!("Defence rolls {defence}."),
                            Some((a, 0)) => {
                                format!(
                                    "Defence rolls {defence} against the attack's {a}: held off."
                                )
                            }
                            Some((a, effect)) => format!(
                                "Defence rolls {defence} against the attack's {a}: the attack \
                                 gets effect {effect}."
                            ),
                        }
                    })
                };
                outcome =
                    rolled.and_then(|text| rng.check().map(|()| text).map_err(|e| e.to_string()));
            });
            // A portion's roll joins the shared history, named after the portion.
            if let (Ok(_), Some((name, roll))) = (&outcome, recorded) {
                record(data, &mut rng, &name, roll);
            }
        }
        "portion-remove" => state
            .turn
            .update(|t| outcome = t.remove(id).map(|()| String::new())),
        "end-turn" => {
            state.turn.update(|t| *t = Turn::new(el.max(0) as u32));
            outcome = Ok("The turn is over; defence and unrolled portions are cleared.".into());
        }
        "cross-start" => {
            if role_els.len() < 2 {
                outcome = Err("Tick two or more roles in the builder first.".into());
            } else {
                let top = role_els.iter().map(|(_, el)| *el).max().unwrap_or(0);
                state.turn.update(|t| {
                    *t = Turn::new(top);
                    t.cross = Some(CrossRoleSplit::new(role_els));
                });
            }
        }
        "cross-assign" => {
            let points = number(act, "points").unwrap_or(0);
            let label = act.field("name").trim().to_string();
            let defence = act.field("kind") == "defence";
            state.turn.update(|t| {
                let Some(cross) = t.cross.as_mut() else {
                    return;
                };
                outcome = cross.assign(points, &label).and_then(|a| {
                    let name = if a.label.is_empty() {
                        a.role.clone()
                    } else {
                        a.label.clone()
                    };
                    t.add_assigned(&name, a.points, &a.role, defence)
                        .map(|_| String::new())
                });
            });
        }
        "cross-stop" => state.turn.update(|t| t.cross = None),
        "to-obstacle" => {
            let (obstacle, effect) = act
                .arg
                .split_once(':')
                .and_then(|(o, e)| Some((o.parse().ok()?, e.parse().ok()?)))
                .unwrap_or((0, 0));
            data.scene().update(|s| {
                let name = s
                    .obstacles
                    .iter()
                    .find(|o| o.id == obstacle)
                    .map(|o| o.name.clone());
                outcome = s.add_progress(obstacle, effect).map(|done| {
                    let name = name.unwrap_or_default();
                    if done {
                        format!("{name} is overcome.")
                    } else {
                        format!("Added {effect} to {name}.")
                    }
                });
            });
        }
        "add-obstacle" => data.scene().update(|s| {
            let (target, el) = (
                number(act, "target").unwrap_or(0),
                number(act, "el").unwrap_or(0),
            );
            outcome = s
                .add_obstacle(act.field("name"), target, el)
                .map(|_| String::new());
        }),
        "add-boost" => data.scene().update(|s| {
            let value = number(act, "value").unwrap_or(0);
            outcome = s.add_boost(act.field("name"), value).map(|_| String::new());
        }),
        "add-residual" => data.scene().update(|s| {
            let el = number(act, "el").unwrap_or(0);
            outcome = s.add_residual(act.field("name"), el).map(|_| String::new());
        }),
        "scene-remove" => data.scene().update(|s| s.remove(id)),
        "obstacle-attack" => {
            let Some(check) = check else {
                return Err("Give an EL of 1 or more first.".into());
            };
            let mut rng = dice()?;
            let at = data
                .scene()
                .with_untracked(|s| roll_at_obstacle(s, id, &check.me, 0, &mut rng))?;
            rng.check().map_err(|e| e.to_string())?;
            let headline = at.roll.headline();
            let (name, effect) = (at.name.clone(), at.effect);
            record(data, &mut rng, &name, at.roll);
            if effect == 0 {
                return Ok(format!("{headline}: {name} holds, no progress."));
            }
            data.scene().update(|s| {
                outcome = s.add_progress(id, effect).map(|overcome| {
                    if overcome {
                        format!("{headline}: +{effect}, and {name} is overcome.")
                    } else {
                        format!("{headline}: +{effect} to {name}.")
                    }
                });
            });
        }
        "obstacle-roll" | "residual-roll" => {
            let found = data
                .scene()
                .with_untracked(|s| s.roller(id).map(|(name, el)| (name.to_string(), el)));
            let Some((name, its_el)) = found else {
                return Err("That is no longer in the scene.".into());
            };
            let mut rng = dice()?;
            // It rolls at its own EL against the player, who resists at the tray's EL.
            let check = against_player(its_el, el);
            let roll = check.roll(&mut rng);
            rng.check().map_err(|e| e.to_string())?;
            let o = roll.outcome();
            outcome = Ok(match o.their_total {
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
            });
        }
        _ => {}
    }
    outcome
}

/// Adds a roll to the shared history, labelled with what it was for.
fn record(data: AppData, rng: &mut SecureDice, label: &str, roll: ElRoll) {
    let entry = HistoryEntry {
        id: rng.random(),
        at_ms: now_ms(),
        label: HistoryEntry::clean_label(label),
        who: data
            .roster()
            .with_untracked(|r| r.active().map(|c| c.name.clone())),
        real_dice: false,
        roll: RecordedRoll::EffectiveLevel(roll),
    };
    data.history().update(|h| h.record(entry));
}
