//! What the player sets up on the Effective Level tray before a roll: the EL (a quick number,
//! or built from the active character's sheet), the dice, a wager and the other side. The
//! roll follows from it.

use super::build::{ElBuild, Modifier};
use super::check::{Against, Dedicated, ElCheck, MAX_EL, Pushback, Side, side_name};
use super::dice::ElDice;
use crate::core::character::{Character, MAX_EL_VALUE};
use crate::core::scene::SceneValue;

/// How the EL is given.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ElMode {
    /// A number the player knows.
    #[default]
    Quick,
    /// Built from the active character's sheet.
    Builder,
}

/// The most situational modifiers one roll takes.
pub const MAX_SITUATIONAL: usize = 12;
/// The most sheet entries, scene boosts and conditions ticked at once, in all: far more than
/// one character's sheet and a scene hold, since ticks stay when the character changes.
pub const MAX_PICKED: usize = 500;

/// The tray before a roll.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ElSetup {
    /// Quick number or builder.
    pub mode: ElMode,
    /// The quick EL.
    pub quick_el: u32,
    /// With a quick EL, the player's rank in the role the roll uses: it caps a wager.
    pub quick_rank: u32,
    /// Sheet entries ticked in the builder: roles, maneuvers, boosts and penalties, by id.
    pub picked: Vec<u64>,
    /// The scene's persistent boosts ticked in the builder, by id.
    pub picked_scene: Vec<u64>,
    /// Modifiers typed in place for this roll.
    pub situational: Vec<Modifier>,
    /// Whether the task needs training.
    pub needs_training: bool,
    /// The roller's dice.
    pub dice: ElDice,
    /// Points wagered.
    pub wager: u32,
    /// What wagered points are dedicated to.
    pub dedicated: Dedicated,
    /// Resistance, opposition, or nobody.
    pub against: Option<Pushback>,
    /// The other side's EL.
    pub their_el: u32,
    /// The other side's dice.
    pub their_dice: ElDice,
    /// What the player calls the other side, as [`side_name`] keeps it; empty for none.
    pub their_name: String,
    /// Conditions (harm marks, by id) ticked in the builder as penalties, each with the
    /// points it takes away, 1 to `MAX_EL_VALUE`.
    pub conditions: Vec<(u64, u32)>,
}

impl Default for ElSetup {
    fn default() -> Self {
        Self {
            mode: ElMode::Quick,
            quick_el: 5,
            quick_rank: 0,
            picked: Vec::new(),
            picked_scene: Vec::new(),
            situational: Vec::new(),
            needs_training: false,
            dice: ElDice::Simple,
            wager: 0,
            dedicated: Dedicated::default(),
            against: None,
            their_el: 4,
            their_dice: ElDice::Simple,
            their_name: String::new(),
            conditions: Vec::new(),
        }
    }
}

impl ElSetup {
    /// Whether a sheet entry is ticked.
    pub fn is_picked(&self, id: u64) -> bool {
        self.picked.contains(&id)
    }

    /// Ticks or unticks a sheet entry.
    pub fn toggle(&mut self, id: u64) {
        if let Some(at) = self.picked.iter().position(|&p| p == id) {
            self.picked.remove(at);
        } else if self.has_room() {
            self.picked.push(id);
        }
    }

    /// Ticks or unticks one of the scene's persistent boosts.
    pub fn toggle_scene(&mut self, id: u64) {
        if let Some(at) = self.picked_scene.iter().position(|&p| p == id) {
            self.picked_scene.remove(at);
        } else if self.has_room() {
            self.picked_scene.push(id);
        }
    }

    /// Whether another entry may be ticked: at most `MAX_PICKED` in all.
    fn has_room(&self) -> bool {
        self.picked.len() + self.picked_scene.len() + self.conditions.len() < MAX_PICKED
    }

    /// The points a ticked condition (a harm mark's id) takes away, if it is ticked.
    pub fn condition_value(&self, mark: u64) -> Option<u32> {
        self.conditions
            .iter()
            .find(|(id, _)| *id == mark)
            .map(|(_, value)| *value)
    }

    /// Ticks a condition as a penalty of 1, or unticks it.
    pub fn toggle_condition(&mut self, mark: u64) {
        if let Some(at) = self.conditions.iter().position(|(id, _)| *id == mark) {
            self.conditions.remove(at);
        } else if self.has_room() {
            self.conditions.push((mark, 1));
        }
    }

    /// Sets the points a condition takes away, 1 to `MAX_EL_VALUE`, ticking it if it was
    /// not.
    pub fn set_condition_value(&mut self, mark: u64, value: u32) -> Result<(), String> {
        if !(1..=MAX_EL_VALUE as u32).contains(&value) {
            return Err(format!("A condition takes away 1 to {MAX_EL_VALUE}."));
        }
        let room = self.has_room();
        match self.conditions.iter_mut().find(|(id, _)| *id == mark) {
            Some(ticked) => ticked.1 = value,
            None if room => self.conditions.push((mark, value)),
            None => return Err(format!("At most {MAX_PICKED} entries can be ticked.")),
        }
        Ok(())
    }

    /// Names the other side ("the goblin"), or clears its name with empty text.
    pub fn set_their_name(&mut self, typed: &str) -> Result<(), String> {
        self.their_name = side_name(typed)?.unwrap_or_default();
        Ok(())
    }

    /// After a roll from the tray: a wager belongs to the one roll it was set for, so it
    /// returns to 0 and its dedicated effect to none.
    pub fn after_roll(&mut self) {
        self.wager = 0;
        self.dedicated = Dedicated::default();
    }

    /// The Roll button's words: "Roll" or, while a wager is set, "Roll · wager 2" and what
    /// it is dedicated to, its kind or else its name: "Roll · wager 2 · Injury".
    pub fn roll_label(&self) -> String {
        self.label_after("Roll".into())
    }

    /// The Roll button's words for the tray's own roll while a turn is in play and none of
    /// its portions is next: "Roll EL 12", so the whole EL is never rolled unawares.
    pub fn whole_roll_label(&self, el: u32) -> String {
        self.label_after(format!("Roll EL {el}"))
    }

    /// `roll`, then the wager and what it is dedicated to, while one is set.
    fn label_after(&self, mut label: String) -> String {
        if self.wager == 0 {
            return label;
        }
        label.push_str(&format!(" · wager {}", self.wager));
        let dedicated = &self.dedicated;
        let what = if dedicated.kind.is_empty() {
            &dedicated.name
        } else {
            &dedicated.kind
        };
        if !what.is_empty() {
            label.push_str(" · ");
            label.push_str(what);
        }
        label
    }

    /// Adds a situational modifier; a zero or a nameless one is refused.
    pub fn add_situational(&mut self, name: &str, value: i32) -> Result<(), String> {
        let name = crate::core::facet::clean_name(name, "modifier")?;
        if value == 0 || value.unsigned_abs() > MAX_EL {
            return Err(format!("A modifier is −{MAX_EL} to {MAX_EL}, and not 0."));
        }
        if self.situational.len() >= MAX_SITUATIONAL {
            return Err(format!("At most {MAX_SITUATIONAL} modifiers per roll."));
        }
        self.situational.push(Modifier { name, value });
        Ok(())
    }

    /// The builder's sum from `character`'s sheet, the scene's boosts and what is ticked
    /// (its conditions last among the penalties); `None` in quick mode or without a
    /// character. Ticks of entries and conditions the character does not hold (healed, or
    /// another character's) count nothing.
    pub fn build(&self, character: Option<&Character>, scene: &[SceneValue]) -> Option<ElBuild> {
        if self.mode != ElMode::Builder {
            return None;
        }
        let character = character?;
        let sheet = &character.sheet;
        let picked_roles: Vec<u64> = sheet
            .roles
            .iter()
            .filter(|r| self.is_picked(r.id))
            .map(|r| r.id)
            .collect();
        let named = |name: &str, value: i32| Modifier {
            name: name.to_string(),
            value,
        };
        let mut modifiers: Vec<Modifier> = sheet
            .maneuvers
            .iter()
            .filter(|m| self.is_picked(m.id) && picked_roles.contains(&m.role))
            .map(|m| named(&m.name, m.bonus))
            .collect();
        modifiers.extend(
            sheet
                .boosts
                .iter()
                .filter(|b| self.is_picked(b.id))
                .map(|b| named(&b.name, b.value as i32)),
        );
        modifiers.extend(
            scene
                .iter()
                .filter(|b| self.picked_scene.contains(&b.id))
                .map(|b| named(&format!("{} (scene)", b.name), b.value as i32)),
        );
        modifiers.extend(self.situational.iter().cloned());
        Some(ElBuild {
            level: sheet.level,
            roles: sheet
                .roles
                .iter()
                .filter(|r| picked_roles.contains(&r.id))
                .map(|r| named(&r.name, r.rank as i32))
                .collect(),
            modifiers,
            penalties: sheet
                .penalties
                .iter()
                .filter(|p| self.is_picked(p.id))
                .map(|p| named(&p.name, p.value as i32))
                .chain(character.conditions().filter_map(|(mark, name)| {
                    Some(named(name, self.condition_value(mark)? as i32))
                }))
                .collect(),
            needs_training: self.needs_training,
        })
    }

    /// The EL as it stands (below 1 means impossible).
    pub fn el(&self, character: Option<&Character>, scene: &[SceneValue]) -> i32 {
        match self.build(character, scene) {
            Some(build) => build.total(),
            None if self.mode == ElMode::Builder => 0,
            None => self.quick_el as i32,
        }
    }

    /// Each ticked role's own EL, for a cross-role split: the Level, the role's rank, its
    /// ticked maneuvers, and the ticked modifiers that apply to every role.
    pub fn role_els(
        &self,
        character: Option<&Character>,
        scene: &[SceneValue],
    ) -> Vec<(String, u32)> {
        let Some(sheet) = character.map(|c| &c.sheet) else {
            return Vec::new();
        };
        let roles: Vec<u64> = sheet.roles.iter().map(|r| r.id).collect();
        sheet
            .roles
            .iter()
            .filter(|r| self.is_picked(r.id))
            .map(|role| {
                let mut alone = self.clone();
                alone.mode = ElMode::Builder;
                alone
                    .picked
                    .retain(|id| *id == role.id || !roles.contains(id));
                (role.name.clone(), alone.el(character, scene).max(0) as u32)
            })
            .collect()
    }

    /// The rank that caps a wager: the best rank of the roles ticked in the builder (0 with
    /// none ticked), or the rank the player gives with a quick EL.
    pub fn rank(&self, character: Option<&Character>, scene: &[SceneValue]) -> u32 {
        match self.mode {
            ElMode::Quick => self.quick_rank,
            ElMode::Builder => self
                .build(character, scene)
                .and_then(|b| b.best_rank())
                .unwrap_or(0),
        }
    }

    /// The other side, when one is set: the target of a turn's actions too.
    pub fn other_side(&self) -> Option<Against> {
        self.against.map(|kind| Against {
            side: Side {
                el: self.their_el,
                dice: self.their_dice.clone(),
            },
            kind,
            name: (!self.their_name.is_empty()).then(|| self.their_name.clone()),
        })
    }

    /// The roll this setup makes, or why it cannot be made.
    pub fn check(
        &self,
        character: Option<&Character>,
        scene: &[SceneValue],
    ) -> Result<ElCheck, String> {
        if self.mode == ElMode::Builder && character.is_none() {
            return Err("Pick who is rolling to build an EL, or use Quick EL.".into());
        }
        let el = self.el(character, scene);
        let check = ElCheck {
            me: Side {
                el: el.max(0) as u32,
                dice: self.dice.clone(),
            },
            wager: self.wager,
            dedicated: (self.wager > 0
                && !(self.dedicated.kind.is_empty() && self.dedicated.name.is_empty()))
            .then(|| self.dedicated.clone()),
            against: self.other_side(),
        };
        match check.refusal(Some(self.rank(character, scene))) {
            Some(reason) => Err(reason),
            None => Ok(check),
        }
    }
}
