//! Rolling an Effective Level check: every die thrown once, and the roll made, rebuilt from
//! what was stored and resolved from its faces.

use rand::Rng;

use super::check::ElCheck;
use super::dice::ElDie;
use super::outcome::ElOutcome;

impl ElCheck {
    /// Rolls both sides' dice: faces in the order `ElDice::dice` lists them.
    pub fn roll(&self, rng: &mut (impl Rng + ?Sized)) -> ElRoll {
        let mine = throw(self.me.dice.dice(self.rolled_el()), rng);
        let theirs = match &self.against {
            Some(a) => throw(a.side.dice.dice(a.side.el), rng),
            None => Vec::new(),
        };
        ElRoll {
            check: self.clone(),
            faces: mine,
            their_faces: theirs,
        }
    }
}

/// Each die thrown once, faces drawn without bias.
fn throw(dice: Vec<ElDie>, rng: &mut (impl Rng + ?Sized)) -> Vec<(ElDie, u32)> {
    dice.into_iter()
        .map(|d| (d, rng.random_range(0..d.sides())))
        .collect()
}

/// A roll made: the check and every die's face.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ElRoll {
    /// What was rolled.
    pub check: ElCheck,
    /// The roller's dice and faces.
    pub faces: Vec<(ElDie, u32)>,
    /// The other side's dice and faces (empty when nobody pushed back).
    pub their_faces: Vec<(ElDie, u32)>,
}

impl ElRoll {
    /// Rebuilds a stored roll; the dice must be the ones the check rolls, each face on its die.
    pub fn from_parts(
        check: ElCheck,
        faces: Vec<(ElDie, u32)>,
        their_faces: Vec<(ElDie, u32)>,
    ) -> Result<Self, String> {
        let fits = |dice: Vec<ElDie>, faces: &[(ElDie, u32)]| {
            dice.len() == faces.len()
                && dice
                    .iter()
                    .zip(faces)
                    .all(|(d, (f, face))| d == f && *face < d.sides())
        };
        if !fits(check.me.dice.dice(check.rolled_el()), &faces) {
            return Err("its dice do not match its EL and dice".into());
        }
        let theirs = check
            .against
            .as_ref()
            .map(|a| a.side.dice.dice(a.side.el))
            .unwrap_or_default();
        if !fits(theirs, &their_faces) {
            return Err("the other side's dice do not match".into());
        }
        Ok(Self {
            check,
            faces,
            their_faces,
        })
    }

    /// The outcome of these faces.
    pub fn outcome(&self) -> ElOutcome {
        let total = self.faces.iter().map(|(_, f)| f).sum();
        let theirs = self
            .check
            .against
            .as_ref()
            .map(|_| self.their_faces.iter().map(|(_, f)| f).sum());
        self.check.resolve(total, theirs)
    }
}
