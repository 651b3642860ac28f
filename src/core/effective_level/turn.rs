//! A turn split into portions (RULES.md section 3): each portion at least 1 point, together
//! at most the EL; each rolled on its own, in any order. A contingent portion is rolled only
//! if the one it follows succeeded, else it is lost. Points set aside for defence are
//! resistance, rolled again for every attack that turn. A boost portion's value, when it
//! succeeds, adds to the EL of the portion it sets up; a free boost (something already in
//! the scene) takes no points.

use rand::Rng;

use super::check::{Against, ElCheck, MAX_EL, Side};
use super::cross_role::CrossRoleSplit;
use super::defence::{ElDefence, MAX_ATTACK};
use super::dice::ElDice;
use super::odds::ElOdds;
use super::roll::ElRoll;
use crate::core::distribution::Chance;
use crate::core::facet::clean_name;
use crate::core::words::noun;

/// The most portions one turn holds.
pub const MAX_PORTIONS: usize = 20;
/// The most defence rolls kept for one portion.
pub const MAX_DEFENCES: usize = 30;

/// What a portion is for.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PortionKind {
    /// An action rolled once.
    Action,
    /// Defence: resistance rolled again for every attack this turn, never spent.
    Defence,
    /// A boost whose value goes to the portion `into`; `free` when it takes no points
    /// (something already in the scene, rolled as a free action at its own EL).
    Boost {
        /// The portion it sets up.
        into: u64,
        /// Whether it takes no points from the split.
        free: bool,
    },
}

/// One portion of a split turn.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Portion {
    /// Unique within the turn.
    pub id: u64,
    /// "goblin 1", "defence".
    pub name: String,
    /// Points of EL given to it (for a free boost, its own EL).
    pub points: u32,
    /// Action, defence or boost.
    pub kind: PortionKind,
    /// The portion that must succeed first, for a contingent portion.
    pub after: Option<u64>,
    /// The role its points come from, in a cross-role split.
    pub role: Option<String>,
    /// Its roll, once made (actions and boosts).
    pub roll: Option<ElRoll>,
    /// Every defence roll made with it this turn.
    pub defences: Vec<ElRoll>,
}

/// Where a portion stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PortionState {
    /// It can be rolled.
    Ready,
    /// It waits for the portion it follows to be rolled.
    Waiting,
    /// The portion it follows failed: its points are lost.
    Lost,
    /// It has been rolled.
    Rolled,
}

/// The portion the roll bar rolls next while a turn is split, and the roll it makes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NextPortion {
    /// The portion.
    pub id: u64,
    /// Its name.
    pub name: String,
    /// Its roll (see [`Turn::check`]).
    pub check: ElCheck,
}

impl NextPortion {
    /// The Roll button's words: "Roll goblin 1 · EL 4".
    pub fn roll_label(&self) -> String {
        format!("Roll {} · EL {}", self.name, self.check.me.el)
    }
}

/// The turn being played: the EL split and its portions.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Turn {
    /// The EL being split.
    pub el: u32,
    /// Every portion, in the order made.
    pub portions: Vec<Portion>,
    /// A cross-role split, while one is being made.
    pub cross: Option<CrossRoleSplit>,
    /// The next portion id.
    pub next_id: u64,
}

impl Turn {
    /// A turn splitting `el`, at most `MAX_EL`: the tray rolls no higher.
    pub fn new(el: u32) -> Self {
        Self {
            el: el.min(MAX_EL),
            ..Self::default()
        }
    }

    /// The portion with this id.
    pub fn get(&self, id: u64) -> Option<&Portion> {
        self.portions.iter().find(|p| p.id == id)
    }

    /// Points given out so far (free boosts take none).
    pub fn assigned(&self) -> u32 {
        self.portions
            .iter()
            .filter(|p| !matches!(p.kind, PortionKind::Boost { free: true, .. }))
            .map(|p| p.points)
            .sum()
    }

    /// Points not yet given to a portion.
    pub fn remaining(&self) -> u32 {
        self.el.saturating_sub(self.assigned())
    }

    /// Adds a portion and returns its id: at least 1 point, no more than remain (a free boost
    /// rolls at its own EL instead). A contingent portion must follow an action or boost
    /// already in the turn; a boost must set up a portion already in the turn. A portion
    /// given no name is called "Portion 2" and so on: one less field to fill at the table.
    pub fn add(
        &mut self,
        name: &str,
        points: u32,
        kind: PortionKind,
        after: Option<u64>,
    ) -> Result<u64, String> {
        let name = if name.trim().is_empty() {
            self.unused_name()
        } else {
            clean_name(name, "portion")?
        };
        if self.portions.len() >= MAX_PORTIONS {
            return Err(format!("A turn holds at most {MAX_PORTIONS} portions."));
        }
        if points < 1 {
            return Err("A portion needs at least 1 point.".into());
        }
        if points > MAX_EL {
            return Err(format!("A portion has at most {MAX_EL} points."));
        }
        let free = matches!(kind, PortionKind::Boost { free: true, .. });
        if !free && points > self.remaining() {
            return Err(format!(
                "Only {} of EL {} {} left to give.",
                self.remaining(),
                self.el,
                noun(self.remaining(), "point is", "points are")
            ));
        }
        if after.is_some() && kind == PortionKind::Defence {
            return Err("Defence is kept aside for every attack, so it follows nothing.".into());
        }
        if let Some(first) = after {
            match self.get(first) {
                Some(p) if p.kind != PortionKind::Defence => {}
                _ => {
                    return Err(
                        "A contingent portion follows an action already in the turn.".into(),
                    );
                }
            }
        }
        if let PortionKind::Boost { into, .. } = kind
            && self.get(into).is_none()
        {
            return Err("A boost sets up a portion already in the turn.".into());
        }
        Ok(self.push(name, points, kind, after, None))
    }

    /// Adds a portion already checked, not yet rolled, under a new id, and returns the id.
    fn push(
        &mut self,
        name: String,
        points: u32,
        kind: PortionKind,
        after: Option<u64>,
        role: Option<String>,
    ) -> u64 {
        let id = self.next_id.max(1);
        self.next_id = id + 1;
        self.portions.push(Portion {
            id,
            name,
            points,
            kind,
            after,
            role,
            roll: None,
            defences: Vec::new(),
        });
        id
    }

    /// "Portion N", with the lowest N no portion of the turn is called.
    fn unused_name(&self) -> String {
        // A turn holds at most MAX_PORTIONS, so one of these is free.
        (1..=MAX_PORTIONS + 1)
            .map(|n| format!("Portion {n}"))
            .find(|name| self.portions.iter().all(|p| p.name != *name))
            .unwrap_or_default()
    }

    /// Removes a portion not yet rolled, with the portions that depend on it.
    pub fn remove(&mut self, id: u64) -> Result<(), String> {
        let portion = self.get(id).ok_or("That portion is no longer there.")?;
        if portion.roll.is_some() || !portion.defences.is_empty() {
            return Err("A portion that was rolled stays until the turn ends.".into());
        }
        let mut gone = vec![id];
        while let Some(next) = self.portions.iter().find(|p| {
            !gone.contains(&p.id)
                && (p.after.is_some_and(|a| gone.contains(&a))
                    || matches!(p.kind, PortionKind::Boost { into, .. } if gone.contains(&into)))
        }) {
            gone.push(next.id);
        }
        self.portions.retain(|p| !gone.contains(&p.id));
        Ok(())
    }

    /// The value a boost portion gives, once rolled: its effect if it succeeded, else 0.
    fn boost_value(portion: &Portion) -> u32 {
        portion.roll.as_ref().map_or(0, |r| r.outcome().effect)
    }

    /// The EL a portion rolls at: its points plus the value of every boost set up for it.
    pub fn el_of(&self, id: u64) -> u32 {
        let Some(portion) = self.get(id) else {
            return 0;
        };
        let boosts: u32 = self
            .portions
            .iter()
            .filter(|p| matches!(p.kind, PortionKind::Boost { into, .. } if into == id))
            .map(Self::boost_value)
            .sum();
        portion.points + boosts
    }

    /// Where a portion stands.
    pub fn state(&self, id: u64) -> PortionState {
        let Some(portion) = self.get(id) else {
            return PortionState::Lost;
        };
        if portion.roll.is_some() {
            return PortionState::Rolled;
        }
        match portion.after.and_then(|a| self.get(a)) {
            Some(first) => match &first.roll {
                None if self.state(first.id) == PortionState::Lost => PortionState::Lost,
                None => PortionState::Waiting,
                Some(roll) if roll.outcome().value >= 1 => PortionState::Ready,
                Some(_) => PortionState::Lost,
            },
            None => PortionState::Ready,
        }
    }

    /// The roll a portion makes now: its EL with the Simple Pool, with `wager` points wagered
    /// on this portion itself (0 unless the player sets one for it: the tray's own wager
    /// never comes along). An action meets `target`, the tray's other side, when one is set;
    /// a boost is unopposed (an opposed boost is rolled on the tray with its own other side)
    /// and a defence is the resistance, rolled on its own.
    pub fn check(&self, id: u64, target: Option<&Against>, wager: u32) -> ElCheck {
        let action = self.get(id).is_some_and(|p| p.kind == PortionKind::Action);
        ElCheck {
            me: Side {
                el: self.el_of(id),
                dice: ElDice::Simple,
            },
            wager,
            dedicated: None,
            against: target.filter(|_| action).cloned(),
        }
    }

    /// The portion the roll bar rolls next while the turn is split: the first action or
    /// boost, in the order made, that can be rolled now; a boost set up for it and not yet
    /// rolled comes first, so its value is there when the portion rolls. `None` when no
    /// action or boost is left to roll (defence is rolled with Defend, against each attack).
    pub fn next_portion(&self) -> Option<u64> {
        let rollable = |p: &&Portion| {
            p.kind != PortionKind::Defence && self.state(p.id) == PortionState::Ready
        };
        let mut next = self.portions.iter().find(rollable)?.id;
        // A boost's own boosts first, a step at a time (at most one step per portion).
        for _ in 0..MAX_PORTIONS {
            let first_boost = self
                .portions
                .iter()
                .filter(rollable)
                .find(|p| matches!(p.kind, PortionKind::Boost { into, .. } if into == next));
            match first_boost {
                Some(boost) => next = boost.id,
                None => break,
            }
        }
        Some(next)
    }

    /// [`Turn::next_portion`] with its name and roll, an action against `target`.
    pub fn next_roll(&self, target: Option<&Against>) -> Option<NextPortion> {
        let id = self.next_portion()?;
        Some(NextPortion {
            id,
            name: self.get(id)?.name.clone(),
            check: self.check(id, target, 0),
        })
    }

    /// Whether a turn is in play: it holds portions, until it ends.
    pub fn in_play(&self) -> bool {
        !self.portions.is_empty()
    }

    /// Rolls an action or boost portion once, an action against `target` (see
    /// [`Turn::check`]), with `wager` points wagered on it; a wager must leave at least 1.
    pub fn roll(
        &mut self,
        id: u64,
        target: Option<&Against>,
        wager: u32,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<&ElRoll, String> {
        match self.state(id) {
            PortionState::Ready => {}
            PortionState::Waiting => return Err("Roll the portion it follows first.".into()),
            PortionState::Lost => {
                return Err("The portion it follows failed, so these points are lost.".into());
            }
            PortionState::Rolled => return Err("That portion has been rolled.".into()),
        }
        if self.get(id).is_some_and(|p| p.kind == PortionKind::Defence) {
            return Err("Defence is rolled against each attack: use Defend.".into());
        }
        let check = self.check(id, target, wager);
        if let Some(reason) = check.refusal(None) {
            return Err(reason);
        }
        let roll = check.roll(rng);
        let portion = self
            .portions
            .iter_mut()
            .find(|p| p.id == id)
            .ok_or("That portion is no longer there.")?;
        Ok(portion.roll.insert(roll))
    }

    /// Rolls a defence portion again, as resistance, without spending it, against an attack
    /// whose value the player may give. Defence takes no wager: resisting never gives
    /// effect for wagered points to add to.
    pub fn defend(
        &mut self,
        id: u64,
        attack: Option<u32>,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<ElDefence, String> {
        let portion = self.get(id).ok_or("That portion is no longer there.")?;
        if portion.kind != PortionKind::Defence {
            return Err("Only defence is rolled again for each attack.".into());
        }
        if portion.defences.len() >= MAX_DEFENCES {
            return Err(format!(
                "At most {MAX_DEFENCES} defence rolls are kept per turn."
            ));
        }
        if attack.is_some_and(|a| a > MAX_ATTACK) {
            return Err(format!("An attack's value is at most {MAX_ATTACK}."));
        }
        let check = self.check(id, None, 0);
        if let Some(reason) = check.refusal(None) {
            return Err(reason);
        }
        let defence = ElDefence::new(check.roll(rng), attack)?;
        let portion = self
            .portions
            .iter_mut()
            .find(|p| p.id == id)
            .ok_or("That portion is no longer there.")?;
        portion.defences.push(defence.roll.clone());
        Ok(defence)
    }

    /// The odds of a portion as it stands, an action against `target`, with `wager` points
    /// wagered on it: the roll bar's measure, one count for both (see [`Turn::check`]).
    pub fn odds(&self, id: u64, target: Option<&Against>, wager: u32) -> ElOdds {
        self.check(id, target, wager).odds()
    }

    /// The chance that a contingent chain all succeeds: this portion and every portion it
    /// follows, each at its EL (rolls are independent).
    pub fn chain_success(&self, id: u64) -> Chance {
        let mut chance = Chance {
            ways: crate::core::count::Count::from(1),
            total: crate::core::count::Count::from(1),
        };
        let mut at = Some(id);
        let mut seen = 0;
        while let Some(current) = at.and_then(|i| self.get(i)) {
            let own = self.check(current.id, None, 0).odds().success;
            chance = Chance {
                ways: crate::core::count::Count::product(&chance.ways, &own.ways),
                total: crate::core::count::Count::product(&chance.total, &own.total),
            };
            at = current.after;
            seen += 1;
            if seen > MAX_PORTIONS {
                break;
            }
        }
        chance
    }

    /// Ends the turn: every portion goes.
    pub fn end(&mut self) {
        self.portions.clear();
        self.cross = None;
    }
}

impl Turn {
    /// Adds an action or a defence whose points a cross-role split has already checked
    /// against the role's EL, and returns its id.
    pub fn add_assigned(
        &mut self,
        name: &str,
        points: u32,
        role: &str,
        defence: bool,
    ) -> Result<u64, String> {
        let name = clean_name(name, "portion")?;
        if self.portions.len() >= MAX_PORTIONS {
            return Err(format!("A turn holds at most {MAX_PORTIONS} portions."));
        }
        if !(1..=MAX_EL).contains(&points) {
            return Err(format!("A portion has 1 to {MAX_EL} points."));
        }
        let kind = if defence {
            PortionKind::Defence
        } else {
            PortionKind::Action
        };
        Ok(self.push(name, points, kind, None, Some(role.to_string())))
    }
}
