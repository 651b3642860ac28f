//! A defence roll: a turn's defence portion rolled as resistance against one attack
//! (RULES.md section 3), and how it reads, on screen and in History.

use super::roll::ElRoll;
use crate::core::tone::Tone;

/// The highest attack value a defence is rolled against (the Defend field's own limit).
pub const MAX_ATTACK: u32 = 1000;

/// The effect an attack gets against a defence roll: what its value beats the defence by.
/// Ties go to the defender, and resisting never gives the defender effect (RULES.md 3).
pub fn attack_effect(attack_value: u32, defence_value: u32) -> u32 {
    attack_value.saturating_sub(defence_value)
}

/// A defence rolled once: the roll (the Simple Pool at the defence's EL, nothing against
/// it, no wager) and the attack's value it met, when the player gave it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ElDefence {
    /// The defence's own roll.
    pub roll: ElRoll,
    /// The incoming attack's value (0 if it failed), if given.
    pub attack: Option<u32>,
}

impl ElDefence {
    /// A defence roll as a turn makes it: unopposed and without a wager, against an attack
    /// of at most [`MAX_ATTACK`].
    pub fn new(roll: ElRoll, attack: Option<u32>) -> Result<Self, String> {
        if roll.check.against.is_some() || roll.check.wager > 0 {
            return Err("a defence is rolled on its own, with no wager".into());
        }
        if attack.is_some_and(|a| a > MAX_ATTACK) {
            return Err(format!("an attack's value is at most {MAX_ATTACK}"));
        }
        Ok(Self { roll, attack })
    }

    /// What the defence rolled: its value (0 when it failed).
    pub fn value(&self) -> u32 {
        self.roll.outcome().value
    }

    /// The effect the attack gets through, when its value was given.
    pub fn attack_gets(&self) -> Option<u32> {
        self.attack.map(|a| attack_effect(a, self.value()))
    }

    /// "Held off", "The attack gets effect 5", or without the attack "Defence 3".
    pub fn headline(&self) -> String {
        match self.attack_gets() {
            None => format!("Defence {}", self.value()),
            Some(0) => "Held off".into(),
            Some(effect) => format!("The attack gets effect {effect}"),
        }
    }

    /// Good when held off, bad when the attack gets through, neutral without an attack.
    pub fn tone(&self) -> Tone {
        match self.attack_gets() {
            None => Tone::Neutral,
            Some(0) => Tone::Good,
            Some(_) => Tone::Bad,
        }
    }

    /// The roll's facts, then the attack: "rolled 3 (EL 4)", "the attack's 5".
    pub fn details(&self) -> Vec<String> {
        let mut parts = self.roll.facts();
        if let Some(attack) = self.attack {
            parts.push(format!("the attack's {attack}"));
        }
        parts
    }

    /// The whole of it in one line, for the snackbar: "Defence rolls 3 against the
    /// attack's 5: the attack gets effect 2."
    pub fn said(&self) -> String {
        let value = self.value();
        match (self.attack, self.attack_gets()) {
            (Some(a), Some(0)) => {
                format!("Defence rolls {value} against the attack's {a}: held off.")
            }
            (Some(a), Some(effect)) => format!(
                "Defence rolls {value} against the attack's {a}: the attack gets effect {effect}."
            ),
            _ => format!("Defence rolls {value}."),
        }
    }
}
