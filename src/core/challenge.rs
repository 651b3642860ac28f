//! The GM's challenge: only the other side of a roll, which the GM sets and shares as a link
//! (`notation::challenge`). A player who opens it keeps their own character and dice; the
//! tray takes that side from it, and says it came from the GM.
//!
//! Narrative: the difficulty, challenge and setback dice (upgrades are challenge dice
//! already). Highest d6: the kind of challenge, whether harm is at stake, and the scene's
//! facets that apply. Effective Level: the resistance or opposition (its EL and dice, and a
//! name if the GM gives one), or an obstacle with its target and EL.

use crate::core::effective_level::{Against, ElDice, ElSetup, MAX_CHOSEN_DICE, MAX_EL, Pushback};
use crate::core::facet::{MAX_FACETS, clean_name};
use crate::core::highest_d6::{ChallengeKind, D6Setup, FacetRef};
use crate::core::narrative::{MAX_DICE_PER_KIND, NarrativeDie, NarrativePool};
use crate::core::scene::{MAX_SCENE_EL, MAX_SCENE_VALUE, Scene};

/// The most facets one Highest d6 challenge carries: a link stays short enough to type and
/// for a phone to read from a QR code.
pub const MAX_CHALLENGE_FACETS: usize = 5;

/// The GM's dice on the narrative tray.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct NarrativeChallenge {
    /// Purple dice.
    pub difficulty: u32,
    /// Red dice.
    pub challenge: u32,
    /// Black dice.
    pub setback: u32,
}

/// The GM's side of a Highest d6 roll.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct D6Challenge {
    /// What the challenge tests.
    pub kind: ChallengeKind,
    /// Whether harm is at stake.
    pub conflict: bool,
    /// The scene's facets that apply: name, and whether it helps (else it hinders).
    pub facets: Vec<(String, bool)>,
}

/// The GM's side of an Effective Level roll.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ElChallenge {
    /// Someone or something that resists or opposes the roll.
    Against {
        /// Its EL, dice, whether it resists or opposes, and who or what it is if the GM
        /// says.
        against: Against,
    },
    /// An obstacle worn down by accumulated effect.
    Obstacle {
        /// "Barred door".
        name: String,
        /// The effect needed to overcome it.
        target: u32,
        /// Its own EL when it resists (0: it does not).
        el: u32,
    },
}

impl NarrativeChallenge {
    /// The GM's dice in `pool`.
    pub fn of(pool: &NarrativePool) -> Self {
        Self {
            difficulty: pool.count(NarrativeDie::Difficulty),
            challenge: pool.count(NarrativeDie::Challenge),
            setback: pool.count(NarrativeDie::Setback),
        }
    }

    /// Each die with its count, in notation order.
    pub fn dice(&self) -> [(NarrativeDie, u32); 3] {
        [
            (NarrativeDie::Difficulty, self.difficulty),
            (NarrativeDie::Challenge, self.challenge),
            (NarrativeDie::Setback, self.setback),
        ]
    }

    /// Why the tray cannot take these dice, if it cannot.
    pub fn refusal(&self) -> Option<String> {
        self.dice()
            .into_iter()
            .find(|&(_, count)| count > MAX_DICE_PER_KIND)
            .map(|(die, count)| {
                format!(
                    "A pool holds at most {MAX_DICE_PER_KIND} {} dice ({count} asked).",
                    die.name()
                )
            })
    }

    /// Sets the pool's difficulty, challenge and setback dice to these; the player's own
    /// dice and added symbols stay.
    pub fn apply(&self, pool: &mut NarrativePool) -> Result<(), String> {
        if let Some(reason) = self.refusal() {
            return Err(reason);
        }
        for (die, count) in self.dice() {
            pool.set_count(die, count).map_err(|e| e.to_string())?;
        }
        Ok(())
    }

    /// In words, for the tray's label: "2 difficulty, 1 challenge" ("no dice" when empty).
    pub fn summary(&self) -> String {
        let parts: Vec<String> = self
            .dice()
            .into_iter()
            .filter(|&(_, count)| count > 0)
            .map(|(die, count)| format!("{count} {}", die.name()))
            .collect();
        if parts.is_empty() {
            "no dice".into()
        } else {
            parts.join(", ")
        }
    }
}

impl D6Challenge {
    /// The GM's side of the tray: its kind, conflict, and the scene's facets that apply.
    pub fn of(setup: &D6Setup, scene: &Scene) -> Result<Self, String> {
        let challenge = Self {
            kind: setup.kind,
            conflict: setup.conflict,
            facets: scene
                .facets
                .items()
                .iter()
                .filter(|f| setup.applies(FacetRef::Scene(f.id)))
                .map(|f| (f.name.clone(), f.helps))
                .collect(),
        };
        match challenge.refusal() {
            Some(reason) => Err(reason),
            None => Ok(challenge),
        }
    }

    /// Why this cannot be shared or taken, if it cannot: too many facets, a bad name, or a
    /// name given twice.
    pub fn refusal(&self) -> Option<String> {
        if self.facets.len() > MAX_CHALLENGE_FACETS {
            return Some(format!(
                "A challenge carries at most {MAX_CHALLENGE_FACETS} facets ({} given).",
                self.facets.len()
            ));
        }
        for (i, (name, _)) in self.facets.iter().enumerate() {
            match clean_name(name, "facet") {
                Err(reason) => return Some(reason),
                Ok(clean) if clean != *name => {
                    return Some("A facet name may not start or end with a space.".into());
                }
                Ok(_) => {}
            }
            if self.facets[..i].iter().any(|(other, _)| other == name) {
                return Some(format!("The facet “{name}” is given twice."));
            }
        }
        None
    }

    /// Sets the tray's kind and conflict, and makes the challenge's facets the scene facets
    /// that apply: each is found in the scene by name (taking the GM's helps or hinders) or
    /// added to it, and other scene facets stop applying; the character's facets stay as the
    /// player set them. Returns the ids of the GM's scene facets, for labelling. Nothing
    /// changes when it cannot be done (a bad challenge, no room in the scene).
    pub fn apply(&self, setup: &mut D6Setup, scene: &mut Scene) -> Result<Vec<u64>, String> {
        if let Some(reason) = self.refusal() {
            return Err(reason);
        }
        let find = |scene: &Scene, name: &str| {
            scene
                .facets
                .items()
                .iter()
                .find(|f| f.name == name)
                .map(|f| (f.id, f.helps))
        };
        let new = self
            .facets
            .iter()
            .filter(|(name, _)| find(scene, name).is_none())
            .count();
        if scene.facets.items().len() + new > MAX_FACETS {
            return Err(format!(
                "The scene has room for {} more facets, and the GM's challenge needs {new}: \
                 remove some first.",
                MAX_FACETS - scene.facets.items().len()
            ));
        }
        let mut ids = Vec::with_capacity(self.facets.len());
        for (name, helps) in &self.facets {
            let id = match find(scene, name) {
                Some((id, was)) => {
                    if was != *helps {
                        scene.facets.toggle_helps(id)?;
                    }
                    id
                }
                None => scene.add_facet(name, *helps)?,
            };
            ids.push(id);
        }
        setup.kind = self.kind;
        setup.conflict = self.conflict;
        setup
            .applied
            .retain(|at| !matches!(at, FacetRef::Scene(id) if !ids.contains(id)));
        for &id in &ids {
            if !setup.applies(FacetRef::Scene(id)) {
                setup.toggle(FacetRef::Scene(id));
            }
        }
        Ok(ids)
    }

    /// In words, for the tray's label: "Social, harm at stake; Tense Atmosphere helps,
    /// Slippery Ground hinders".
    pub fn summary(&self) -> String {
        let mut text = self.kind.title().to_string();
        if self.conflict {
            text.push_str(", harm at stake");
        }
        for (i, (name, helps)) in self.facets.iter().enumerate() {
            text.push_str(if i == 0 { "; " } else { ", " });
            text.push_str(name);
            text.push_str(if *helps { " helps" } else { " hinders" });
        }
        text
    }
}

impl ElChallenge {
    /// The other side the tray is set against, if any.
    pub fn of(setup: &ElSetup) -> Option<Self> {
        setup.against.map(|kind| Self::Against {
            against: Against {
                side: crate::core::effective_level::Side {
                    el: setup.their_el,
                    dice: setup.their_dice.clone(),
                },
                kind,
                name: (!setup.their_name.is_empty()).then(|| setup.their_name.clone()),
            },
        })
    }

    /// Why the tray cannot take this, if it cannot.
    pub fn refusal(&self) -> Option<String> {
        let named = |name: &str, what: &str| match clean_name(name, what) {
            Err(reason) => Some(reason),
            Ok(clean) if clean != name => {
                Some(format!("A {what} name may not start or end with a space."))
            }
            Ok(_) => None,
        };
        match self {
            Self::Against { against } => {
                let side = &against.side;
                if !(1..=MAX_EL).contains(&side.el) {
                    return Some(format!("The other side's EL must be 1 to {MAX_EL}."));
                }
                if let ElDice::Chosen(counts) = &side.dice {
                    let dice: u32 = counts.iter().sum();
                    if dice == 0 || dice > MAX_CHOSEN_DICE {
                        return Some(format!(
                            "The other side picks 1 to {MAX_CHOSEN_DICE} dice, or the Simple Pool."
                        ));
                    }
                }
                against.name.as_deref().and_then(|n| named(n, "name"))
            }
            Self::Obstacle { name, target, el } => {
                if !(1..=MAX_SCENE_VALUE).contains(target) {
                    return Some(format!(
                        "An obstacle's target must be 1 to {MAX_SCENE_VALUE} ({target} given)."
                    ));
                }
                if *el > MAX_SCENE_EL {
                    return Some(format!(
                        "An obstacle's EL must be 0 to {MAX_SCENE_EL} ({el} given)."
                    ));
                }
                named(name, "obstacle")
            }
        }
    }

    /// Sets the tray's other side, or puts the obstacle in the scene (an obstacle of the same
    /// name takes the GM's target and EL and keeps its progress), ready to roll at. Returns
    /// the obstacle's id. Nothing changes when it cannot be done.
    pub fn apply(&self, setup: &mut ElSetup, scene: &mut Scene) -> Result<Option<u64>, String> {
        if let Some(reason) = self.refusal() {
            return Err(reason);
        }
        match self {
            Self::Against { against } => {
                setup.against = Some(against.kind);
                setup.their_el = against.side.el;
                setup.their_dice = against.side.dice.clone();
                setup.their_name = against.name.clone().unwrap_or_default();
                Ok(None)
            }
            Self::Obstacle { name, target, el } => {
                if let Some(known) = scene.obstacles.iter_mut().find(|o| o.name == *name) {
                    known.target = *target;
                    known.el = *el;
                    return Ok(Some(known.id));
                }
                scene.add_obstacle(name, *target, *el).map(Some)
            }
        }
    }

    /// In words, for the tray's label: "Opposition at EL 5 (d6, d4): Guard captain",
    /// "Obstacle: Barred door, target 12, EL 3".
    pub fn summary(&self) -> String {
        match self {
            Self::Against { against } => {
                let who = match against.kind {
                    Pushback::Resistance => "Resistance",
                    Pushback::Opposition => "Opposition",
                };
                let mut text = format!("{who} at EL {}", against.side.el);
                if !against.side.dice.is_simple() {
                    text.push_str(&format!(" ({})", against.side.dice.describe()));
                }
                if let Some(name) = &against.name {
                    text.push_str(": ");
                    text.push_str(name);
                }
                text
            }
            Self::Obstacle { name, target, el } => {
                let mut text = format!("Obstacle: {name}, target {target}");
                if *el > 0 {
                    text.push_str(&format!(", EL {el}"));
                }
                text
            }
        }
    }
}

/// The GM's side sent to a tray, in that tray's own words (its challenge's summary): what a
/// player is offered to take. `tray` is the tray's key (`narrative`, `d6`, `el`); `None`
/// for another tray or text that is no challenge.
pub fn side_words(tray: &str, text: &str) -> Option<String> {
    use crate::core::notation::challenge::{
        parse_d6_challenge, parse_el_challenge, parse_narrative_challenge,
    };
    match tray {
        "narrative" => parse_narrative_challenge(text).ok().map(|c| c.summary()),
        "d6" => parse_d6_challenge(text).ok().map(|c| c.summary()),
        "el" => parse_el_challenge(text).ok().map(|c| c.summary()),
        _ => None,
    }
}

/// The GM's narrative side with the GM's dark point spent on it (RULES.md §1: one
/// Difficulty die becomes Challenge, or with none a Difficulty die is added), as notation;
/// `None` for text that is no narrative challenge, or one already at the most dice.
pub fn upgraded_narrative_side(text: &str) -> Option<String> {
    use crate::core::notation::challenge::{format_narrative_challenge, parse_narrative_challenge};
    // An empty side is no dice: the upgrade adds a Difficulty die.
    let mut side = if text.is_empty() {
        NarrativeChallenge::default()
    } else {
        parse_narrative_challenge(text).ok()?
    };
    if side.difficulty > 0 {
        if side.challenge >= MAX_DICE_PER_KIND {
            return None;
        }
        side.difficulty -= 1;
        side.challenge += 1;
    } else {
        if side.difficulty >= MAX_DICE_PER_KIND {
            return None;
        }
        side.difficulty += 1;
    }
    Some(format_narrative_challenge(&side))
}
