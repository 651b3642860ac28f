//! The table's scene: the Highest d6 facets, the Effective Level obstacles (with their
//! accumulated progress), persistent boosts and residual conditions every tray at the table
//! rolls with. The GM sets the scene; a player adds what the rules give a player: a boost
//! (from a preparatory roll or a wager) and a roll's effect on an obstacle's track. Each
//! thing is known by the event id of the message that put it there.

use serde::{Deserialize, Serialize};

use super::bytes::from_hex_array;
use crate::core::facet::{Facets, MAX_FACETS, MAX_NAME_CHARS};
use crate::core::ids::SeenIds;
use crate::core::scene::{
    MAX_SCENE_EL, MAX_SCENE_ITEMS, MAX_SCENE_VALUE, Obstacle, Scene, SceneValue,
};

/// One change to the table's scene.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SceneAct {
    /// The GM: a facet of the place or the situation (Highest d6).
    Facet {
        /// Its name.
        name: String,
        /// Whether it helps (adds a die) or hinders.
        helps: bool,
    },
    /// The GM: an obstacle worn down by effect (Effective Level).
    Obstacle {
        /// Its name.
        name: String,
        /// The effect that overcomes it, 1 to 1000.
        target: u32,
        /// Its own EL when it resists or rolls, 0 (it does not resist) to 100.
        el: u32,
        /// Effect already on its track (an obstacle put back as it was).
        #[serde(default, skip_serializing_if = "is_zero")]
        progress: u32,
    },
    /// The GM: a residual condition that rolls at its own EL (1 to 100).
    Condition {
        /// Its name.
        name: String,
        /// Its EL.
        el: u32,
    },
    /// Any member: a persistent boost, added to later ELs until the scene ends (1 to 1000).
    Boost {
        /// Its name.
        name: String,
        /// What it adds.
        value: u32,
    },
    /// Any member: a roll's effect added to an obstacle's track (1 to 1000).
    Progress {
        /// The obstacle (the event id that put it in the scene).
        of: String,
        /// The effect.
        effect: u32,
    },
    /// The GM: one thing changed in place (its name, whether it helps, its numbers), kept
    /// under its id, so the pools that count it still do; an obstacle keeps its track.
    Edit {
        /// What changes.
        of: String,
        /// What it is now: a facet, an obstacle, a condition or a boost, of the kind it was.
        to: Box<SceneAct>,
    },
    /// The GM: one thing leaves the scene (by the event id that put it there).
    Remove {
        /// What leaves.
        of: String,
    },
    /// The GM ends the scene: everything in it goes.
    Clear {},
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A name as a scene keeps it: trimmed, 1 to 40 characters.
fn name_fits(name: &str) -> bool {
    name == name.trim() && (1..=MAX_NAME_CHARS).contains(&name.chars().count())
}

fn id_fits(id: &str) -> bool {
    from_hex_array::<32>(id).is_some()
}

impl SceneAct {
    /// Whether only the GM may do this: all but a boost and a roll's progress.
    pub fn gm_only(&self) -> bool {
        !matches!(self, SceneAct::Boost { .. } | SceneAct::Progress { .. })
    }

    /// Whether every part is within the protocol's bounds.
    pub fn fits(&self) -> bool {
        let value = |v: &u32| (1..=MAX_SCENE_VALUE).contains(v);
        match self {
            SceneAct::Facet { name, .. } => name_fits(name),
            SceneAct::Obstacle {
                name,
                target,
                el,
                progress,
            } => {
                name_fits(name)
                    && value(target)
                    && *el <= MAX_SCENE_EL
                    && *progress <= MAX_SCENE_VALUE
            }
            SceneAct::Condition { name, el } => name_fits(name) && (1..=MAX_SCENE_EL).contains(el),
            SceneAct::Boost { name, value: v } => name_fits(name) && value(v),
            SceneAct::Progress { of, effect } => id_fits(of) && value(effect),
            SceneAct::Edit { of, to } => id_fits(of) && to.kind().is_some() && to.fits(),
            SceneAct::Remove { of } => id_fits(of),
            SceneAct::Clear {} => true,
        }
    }

    /// The kind of thing this puts in the scene: 'f' facet, 'o' obstacle, 'c' condition,
    /// 'b' boost; `None` for a change of what is there.
    fn kind(&self) -> Option<char> {
        match self {
            SceneAct::Facet { .. } => Some('f'),
            SceneAct::Obstacle { .. } => Some('o'),
            SceneAct::Condition { .. } => Some('c'),
            SceneAct::Boost { .. } => Some('b'),
            _ => None,
        }
    }
}

/// A facet: (id, name, helps).
pub type TableFacet = (String, String, bool);
/// An obstacle: (id, name, target, progress, EL).
pub type TableObstacle = (String, String, u32, u32, u32);
/// A boost (id, name, value) or a condition (id, name, EL).
pub type TableValue = (String, String, u32);

/// The table's scene as the messages make it; a checkpoint carries it as it was at its cut.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableScene {
    /// Facets, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub facets: Vec<TableFacet>,
    /// Obstacles, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub obstacles: Vec<TableObstacle>,
    /// Persistent boosts, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub boosts: Vec<TableValue>,
    /// Residual conditions, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<TableValue>,
}

/// The id a tray knows a thing of the table's scene by: the event id's first 13 hex digits
/// (52 bits, exact in any number a page reads), never 0.
pub fn short_id(event_id: &str) -> u64 {
    event_id
        .get(..13)
        .and_then(|head| u64::from_str_radix(head, 16).ok())
        .unwrap_or(0)
        .max(1)
}

impl TableScene {
    /// Whether nothing is in the scene.
    pub fn is_empty(&self) -> bool {
        self.facets.is_empty()
            && self.obstacles.is_empty()
            && self.boosts.is_empty()
            && self.conditions.is_empty()
    }

    /// Does `act` (the message `id`'s); `false`: refused (no room, or nothing by that id).
    pub fn apply(&mut self, id: &str, act: &SceneAct) -> bool {
        let id = id.to_string();
        match act.clone() {
            SceneAct::Facet { name, helps } => {
                push(&mut self.facets, MAX_FACETS, (id, name, helps))
            }
            SceneAct::Obstacle {
                name,
                target,
                el,
                progress,
            } => push(
                &mut self.obstacles,
                MAX_SCENE_ITEMS,
                (id, name, target, progress, el),
            ),
            SceneAct::Condition { name, el } => {
                push(&mut self.conditions, MAX_SCENE_ITEMS, (id, name, el))
            }
            SceneAct::Boost { name, value } => {
                push(&mut self.boosts, MAX_SCENE_ITEMS, (id, name, value))
            }
            SceneAct::Progress { of, effect } => {
                match self.obstacles.iter_mut().find(|o| o.0 == of) {
                    Some(o) => {
                        o.3 = (o.3 + effect).min(MAX_SCENE_VALUE);
                        true
                    }
                    None => false,
                }
            }
            SceneAct::Edit { of, to } => match *to {
                SceneAct::Facet { name, helps } => edit(
                    &mut self.facets,
                    |f| &f.0,
                    &of,
                    |f| *f = (of.clone(), name, helps),
                ),
                SceneAct::Obstacle {
                    name, target, el, ..
                } => edit(
                    &mut self.obstacles,
                    |o| &o.0,
                    &of,
                    |o| {
                        (o.1, o.2, o.4) = (name, target, el);
                    },
                ),
                SceneAct::Condition { name, el } => edit(
                    &mut self.conditions,
                    |c| &c.0,
                    &of,
                    |c| *c = (of.clone(), name, el),
                ),
                SceneAct::Boost { name, value } => edit(
                    &mut self.boosts,
                    |b| &b.0,
                    &of,
                    |b| *b = (of.clone(), name, value),
                ),
                _ => false,
            },
            SceneAct::Remove { of } => {
                let before = self.len();
                self.facets.retain(|f| f.0 != of);
                self.obstacles.retain(|o| o.0 != of);
                self.boosts.retain(|b| b.0 != of);
                self.conditions.retain(|c| c.0 != of);
                self.len() < before
            }
            SceneAct::Clear {} => {
                *self = TableScene::default();
                true
            }
        }
    }

    fn len(&self) -> usize {
        self.facets.len() + self.obstacles.len() + self.boosts.len() + self.conditions.len()
    }

    fn ids(&self) -> impl Iterator<Item = &str> {
        let facets = self.facets.iter().map(|f| f.0.as_str());
        let obstacles = self.obstacles.iter().map(|o| o.0.as_str());
        let values = self
            .boosts
            .iter()
            .chain(&self.conditions)
            .map(|v| v.0.as_str());
        facets.chain(obstacles).chain(values)
    }

    /// The event id of the thing a tray knows by `short` (see [`short_id`]).
    pub fn event_id(&self, short: u64) -> Option<&str> {
        self.ids().find(|id| short_id(id) == short)
    }

    /// Each thing, as (its id, the act that would put it there as it stands).
    fn things(&self) -> impl Iterator<Item = (&str, SceneAct)> {
        let facets = self.facets.iter().map(|(id, name, helps)| {
            let act = SceneAct::Facet {
                name: name.clone(),
                helps: *helps,
            };
            (id.as_str(), act)
        });
        let obstacles = self
            .obstacles
            .iter()
            .map(|(id, name, target, progress, el)| {
                let act = SceneAct::Obstacle {
                    name: name.clone(),
                    target: *target,
                    el: *el,
                    progress: *progress,
                };
                (id.as_str(), act)
            });
        let boosts = self.boosts.iter().map(|(id, name, value)| {
            let act = SceneAct::Boost {
                name: name.clone(),
                value: *value,
            };
            (id.as_str(), act)
        });
        let conditions = self.conditions.iter().map(|(id, name, el)| {
            let act = SceneAct::Condition {
                name: name.clone(),
                el: *el,
            };
            (id.as_str(), act)
        });
        facets.chain(obstacles).chain(boosts).chain(conditions)
    }

    /// Whether every part is within the protocol's bounds, each id once (a checkpoint's).
    pub fn fits(&self) -> bool {
        let room = self.facets.len() <= MAX_FACETS
            && [&self.boosts, &self.conditions]
                .iter()
                .all(|list| list.len() <= MAX_SCENE_ITEMS)
            && self.obstacles.len() <= MAX_SCENE_ITEMS;
        let ids: Vec<&str> = self.ids().collect();
        let distinct = ids
            .iter()
            .enumerate()
            .all(|(i, id)| id_fits(id) && !ids[..i].contains(id));
        room && distinct && self.things().all(|(_, act)| act.fits())
    }

    /// The scene as a tray reads it, each thing under its [`short_id`].
    pub fn to_scene(&self) -> Scene {
        // Two event ids sharing 52 bits would be a forgery's work: the later is left out, so
        // a tray never holds two things under one id.
        let mut seen = SeenIds::default();
        let mut fresh = |id: &String| seen.insert(short_id(id));
        let mut facets = Facets::default();
        for (id, name, helps) in &self.facets {
            if fresh(id) {
                let _ = facets.add(short_id(id), name, *helps);
            }
        }
        let obstacles = self
            .obstacles
            .iter()
            .filter(|o| fresh(&o.0))
            .map(|(id, name, target, progress, el)| Obstacle {
                id: short_id(id),
                name: name.clone(),
                target: *target,
                progress: *progress,
                el: *el,
            })
            .collect();
        let value = |(id, name, value): &TableValue| SceneValue {
            id: short_id(id),
            name: name.clone(),
            value: *value,
        };
        let mut values =
            |list: &[TableValue]| list.iter().filter(|v| fresh(&v.0)).map(value).collect();
        Scene::from_parts(
            facets,
            obstacles,
            values(&self.boosts),
            values(&self.conditions),
            1,
        )
    }
}

/// Changes the thing `of` in `list` (`id` reads a thing's id); `false` if it is not there.
fn edit<T>(list: &mut [T], id: fn(&T) -> &str, of: &str, change: impl FnOnce(&mut T)) -> bool {
    match list.iter_mut().find(|t| id(t) == of) {
        Some(thing) => {
            change(thing);
            true
        }
        None => false,
    }
}

/// Adds `item` to `list` if there is room.
fn push<T>(list: &mut Vec<T>, most: usize, item: T) -> bool {
    let room = list.len() < most;
    if room {
        list.push(item);
    }
    room
}

/// One change a tray made to the table's scene, found by comparing the scene it read with
/// the scene it left (see [`scene_changes`]); ids are the tray's (see [`short_id`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SceneChange {
    /// Something added, under the id the tray gave it: new, or put back under the id it
    /// had (a removal or an end undone; the table's code tells which by the log).
    Add(u64, SceneAct),
    /// Effect added to an obstacle's track.
    Progress(u64, u32),
    /// Effect taken off an obstacle's track (a roll's progress taken back).
    TakeBack(u64, u32),
    /// One thing changed in place: what it is now.
    Edit(u64, SceneAct),
    /// One thing taken out.
    Remove(u64),
}

impl SceneChange {
    /// Whether a player may ask for this (a boost, progress, or taking back their own).
    pub fn players(&self) -> bool {
        matches!(
            self,
            SceneChange::Add(_, SceneAct::Boost { .. })
                | SceneChange::Progress(..)
                | SceneChange::TakeBack(..)
                | SceneChange::Remove(_)
        )
    }
}

/// What a tray changed, from the scene it read to the scene it left: each kind compared by
/// id (ending the scene is said apart, not found here: see `ui::tray::scene_here`).
pub fn scene_changes(before: &Scene, after: &Scene) -> Vec<SceneChange> {
    let mut changes = Vec::new();
    let facet = |f: &crate::core::facet::Facet| {
        (
            f.id,
            SceneAct::Facet {
                name: f.name.clone(),
                helps: f.helps,
            },
        )
    };
    let obstacle = |o: &Obstacle| {
        (
            o.id,
            SceneAct::Obstacle {
                name: o.name.clone(),
                target: o.target,
                el: o.el,
                progress: o.progress,
            },
        )
    };
    let boost = |b: &SceneValue| {
        (
            b.id,
            SceneAct::Boost {
                name: b.name.clone(),
                value: b.value,
            },
        )
    };
    let condition = |c: &SceneValue| {
        (
            c.id,
            SceneAct::Condition {
                name: c.name.clone(),
                el: c.value,
            },
        )
    };
    let lists = [
        (
            before.facets.items().iter().map(facet).collect::<Vec<_>>(),
            after.facets.items().iter().map(facet).collect::<Vec<_>>(),
        ),
        (
            before.obstacles.iter().map(obstacle).collect(),
            after.obstacles.iter().map(obstacle).collect(),
        ),
        (
            before.boosts.iter().map(boost).collect(),
            after.boosts.iter().map(boost).collect(),
        ),
        (
            before.residuals.iter().map(condition).collect(),
            after.residuals.iter().map(condition).collect(),
        ),
    ];
    for (was, now) in lists {
        for (id, act) in &was {
            match now.iter().find(|(n, _)| n == id) {
                None => changes.push(SceneChange::Remove(*id)),
                Some((_, new)) => match (act, new) {
                    _ if act == new => {}
                    (
                        SceneAct::Obstacle {
                            name,
                            target,
                            el,
                            progress,
                        },
                        SceneAct::Obstacle {
                            name: n,
                            target: t,
                            el: e,
                            progress: p,
                        },
                    ) => {
                        if (name, target, el) != (n, t, e) {
                            changes.push(SceneChange::Edit(*id, new.clone()));
                        }
                        if p > progress {
                            changes.push(SceneChange::Progress(*id, p - progress));
                        } else if p < progress {
                            changes.push(SceneChange::TakeBack(*id, progress - p));
                        }
                    }
                    _ => changes.push(SceneChange::Edit(*id, new.clone())),
                },
            }
        }
        for (id, act) in now {
            if !was.iter().any(|(w, _)| *w == id) {
                changes.push(SceneChange::Add(id, act));
            }
        }
    }
    changes
}
