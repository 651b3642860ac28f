//! The scene: what lasts until the players end it. Highest d6 facets; Effective Level
//! obstacles with accumulated progress, persistent boosts from successful wagers, and
//! residual conditions that roll on their own.

use super::facet::{Facets, clean_name};

/// The most obstacles, boosts or residual conditions a scene keeps of each.
pub const MAX_SCENE_ITEMS: usize = 30;
/// The largest target or boost a scene item may have.
pub const MAX_SCENE_VALUE: u32 = 1000;
/// The largest EL an obstacle or condition may have: the Effective Level tray's limit, so
/// the odds against it stay quick to count.
pub const MAX_SCENE_EL: u32 = 100;

/// An obstacle that falls to accumulated effect.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Obstacle {
    /// Unique within the scene.
    pub id: u64,
    /// "Barred door".
    pub name: String,
    /// The effect needed to overcome it.
    pub target: u32,
    /// The effect added so far.
    pub progress: u32,
    /// Its own EL, when it rolls against the players.
    pub el: u32,
}

/// A named number that lasts the scene: a persistent boost (added to ELs) or a residual
/// condition (a roller with its own EL, such as a fire).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SceneValue {
    /// Unique within the scene.
    pub id: u64,
    /// "Studied his style", "On fire".
    pub name: String,
    /// The boost's value, or the condition's EL.
    pub value: u32,
}

/// What the table shares until "End scene".
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Scene {
    /// Facets of the place and situation, for Highest d6 rolls.
    pub facets: Facets,
    /// Obstacles being worn down.
    pub obstacles: Vec<Obstacle>,
    /// Persistent boosts, offered in the EL builder.
    pub boosts: Vec<SceneValue>,
    /// Residual conditions that roll on their own.
    pub residuals: Vec<SceneValue>,
    /// The next id to hand out within the scene.
    next_id: u64,
}

impl Obstacle {
    /// Whether the accumulated effect has reached the target.
    pub fn done(&self) -> bool {
        self.progress >= self.target
    }

    /// Effect still needed.
    pub fn remaining(&self) -> u32 {
        self.target.saturating_sub(self.progress)
    }
}

impl Scene {
    /// A scene from stored parts, the id counter repaired if it fell behind.
    pub fn from_parts(
        facets: Facets,
        obstacles: Vec<Obstacle>,
        boosts: Vec<SceneValue>,
        residuals: Vec<SceneValue>,
        next_id: u64,
    ) -> Self {
        // Repaired only if it fell behind an id, so an empty scene reads back as it was.
        let top = obstacles
            .iter()
            .map(|o| o.id)
            .chain(boosts.iter().chain(&residuals).map(|b| b.id))
            .chain(facets.items().iter().map(|f| f.id))
            .max();
        Self {
            next_id: top.map_or(next_id, |top| next_id.max(top + 1)),
            facets,
            obstacles,
            boosts,
            residuals,
        }
    }

    /// The next id the scene will hand out (stored so tabs agree).
    pub fn next_id(&self) -> u64 {
        self.next_id
    }

    fn take_id(&mut self) -> u64 {
        let id = self.next_id.max(1);
        self.next_id = id + 1;
        id
    }

    /// Adds a scene facet and returns its id.
    pub fn add_facet(&mut self, name: &str, helps: bool) -> Result<u64, String> {
        let id = self.next_id.max(1);
        self.facets.add(id, name, helps)?;
        self.next_id = id + 1;
        Ok(id)
    }

    /// Adds an obstacle with a target (1 or more) and its own EL, and returns its id.
    pub fn add_obstacle(&mut self, name: &str, target: u32, el: u32) -> Result<u64, String> {
        let name = clean_name(name, "obstacle")?;
        check(target, 1, "A target")?;
        check_el(el, 0, "An obstacle's EL")?;
        room(self.obstacles.len())?;
        let id = self.take_id();
        self.obstacles.push(Obstacle {
            id,
            name,
            target,
            progress: 0,
            el,
        });
        Ok(id)
    }

    /// Adds a roll's effect to an obstacle's track; returns whether it is now done.
    pub fn add_progress(&mut self, obstacle: u64, effect: u32) -> Result<bool, String> {
        let found = self
            .obstacles
            .iter_mut()
            .find(|o| o.id == obstacle)
            .ok_or("That obstacle is no longer there.")?;
        found.progress = (found.progress + effect).min(MAX_SCENE_VALUE);
        Ok(found.done())
    }

    /// Adds a persistent boost (from a successful wager) and returns its id.
    pub fn add_boost(&mut self, name: &str, value: u32) -> Result<u64, String> {
        let name = clean_name(name, "boost")?;
        check(value, 1, "A boost")?;
        room(self.boosts.len())?;
        let id = self.take_id();
        self.boosts.push(SceneValue { id, name, value });
        Ok(id)
    }

    /// Adds a residual condition that rolls with its own EL and returns its id.
    pub fn add_residual(&mut self, name: &str, el: u32) -> Result<u64, String> {
        let name = clean_name(name, "condition")?;
        check_el(el, 1, "A condition's EL")?;
        room(self.residuals.len())?;
        let id = self.take_id();
        self.residuals.push(SceneValue {
            id,
            name,
            value: el,
        });
        Ok(id)
    }

    /// The name and EL of the obstacle or residual condition with this id: what can roll
    /// against the players.
    pub fn roller(&self, id: u64) -> Option<(&str, u32)> {
        let obstacle = self.obstacles.iter().find(|o| o.id == id);
        obstacle.map(|o| (o.name.as_str(), o.el)).or_else(|| {
            self.residuals
                .iter()
                .find(|r| r.id == id)
                .map(|r| (r.name.as_str(), r.value))
        })
    }

    /// Removes an obstacle, boost or residual condition by id.
    pub fn remove(&mut self, id: u64) {
        self.obstacles.retain(|o| o.id != id);
        self.boosts.retain(|b| b.id != id);
        self.residuals.retain(|r| r.id != id);
    }

    /// Ends the scene: everything in it goes, and is returned for an undo; ids keep counting
    /// so nothing old is mistaken for something new.
    pub fn end(&mut self) -> Scene {
        Scene {
            facets: std::mem::take(&mut self.facets),
            obstacles: std::mem::take(&mut self.obstacles),
            boosts: std::mem::take(&mut self.boosts),
            residuals: std::mem::take(&mut self.residuals),
            next_id: self.next_id,
        }
    }

    /// Undoes an `end`: what it took comes back, and anything added since stays.
    pub fn restore(&mut self, ended: Scene) {
        let mut facets = ended.facets;
        for facet in self.facets.items() {
            let _ = facets.add(facet.id, &facet.name, facet.helps);
        }
        self.facets = facets;
        merge(ended.obstacles, &mut self.obstacles, |o| o.id);
        merge(ended.boosts, &mut self.boosts, |b| b.id);
        merge(ended.residuals, &mut self.residuals, |r| r.id);
        self.next_id = self.next_id.max(ended.next_id);
    }

    /// Whether there is anything to end.
    pub fn is_empty(&self) -> bool {
        self.facets.items().is_empty()
            && self.obstacles.is_empty()
            && self.boosts.is_empty()
            && self.residuals.is_empty()
    }
}

/// Puts `old` items back before those in `now`, leaving out any `now` already has.
fn merge<T>(old: Vec<T>, now: &mut Vec<T>, id: fn(&T) -> u64) {
    let mut all = old;
    all.retain(|item| !now.iter().any(|n| id(n) == id(item)));
    all.append(now);
    *now = all;
}

fn check_el(el: u32, least: u32, what: &str) -> Result<(), String> {
    if (least..=MAX_SCENE_EL).contains(&el) {
        Ok(())
    } else {
        Err(format!(
            "{what} must be {least} to {MAX_SCENE_EL} ({el} given)."
        ))
    }
}

fn check(value: u32, least: u32, what: &str) -> Result<(), String> {
    if (least..=MAX_SCENE_VALUE).contains(&value) {
        Ok(())
    } else {
        Err(format!(
            "{what} must be {least} to {MAX_SCENE_VALUE} ({value} given)."
        ))
    }
}

fn room(len: usize) -> Result<(), String> {
    if len >= MAX_SCENE_ITEMS {
        Err(format!(
            "A scene keeps at most {MAX_SCENE_ITEMS} of each; remove one first."
        ))
    } else {
        Ok(())
    }
}

impl Scene {
    /// Takes in another scene's facets, obstacles, boosts and conditions (an imported file)
    /// under fresh ids, skipping any whose name is already here; returns how many came in.
    pub fn adopt(&mut self, other: &Scene) -> usize {
        let mut added = 0;
        for facet in other.facets.items() {
            let taken = self.facets.items().iter().any(|f| f.name == facet.name);
            if !taken && self.add_facet(&facet.name, facet.helps).is_ok() {
                added += 1;
            }
        }
        for o in &other.obstacles {
            if !self.obstacles.iter().any(|mine| mine.name == o.name)
                && let Ok(id) = self.add_obstacle(&o.name, o.target, o.el)
            {
                let _ = self.add_progress(id, o.progress);
                added += 1;
            }
        }
        for b in &other.boosts {
            if !self.boosts.iter().any(|mine| mine.name == b.name)
                && self.add_boost(&b.name, b.value).is_ok()
            {
                added += 1;
            }
        }
        for r in &other.residuals {
            if !self.residuals.iter().any(|mine| mine.name == r.name)
                && self.add_residual(&r.name, r.value).is_ok()
            {
                added += 1;
            }
        }
        added
    }

    /// How many things the scene holds: facets, obstacles, boosts and conditions.
    pub fn len(&self) -> usize {
        self.facets.items().len() + self.obstacles.len() + self.boosts.len() + self.residuals.len()
    }
}
