//! Rolling the pool, and which dice decided the outcome.

use rand::Rng;

use super::outcome::{D6Outcome, classify};
use super::pool::PoolSize;

/// A rolled pool: what was planned and the faces as they landed, in throw order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct D6Roll {
    plan: PoolSize,
    faces: Vec<u8>,
}

/// The dice that decided a roll, by index, and the one dropped by "keep the lowest".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Deciding {
    /// Indices of the deciding dice: the sixes of a triumph, the ones of a catastrophe,
    /// otherwise every die showing the highest face (or the kept die).
    pub dice: Vec<usize>,
    /// The die set aside when two are rolled and the lower kept.
    pub dropped: Option<usize>,
}

impl D6Roll {
    /// Throws the dice `plan` calls for, each face drawn without bias.
    pub fn roll(plan: PoolSize, rng: &mut (impl Rng + ?Sized)) -> Self {
        Self {
            plan,
            faces: (0..plan.dice_thrown())
                .map(|_| rng.random_range(1..=6u8))
                .collect(),
        }
    }

    /// Rebuilds a roll from stored parts; the faces must fit the plan.
    pub fn from_parts(plan: PoolSize, faces: Vec<u8>) -> Result<Self, String> {
        if faces.len() != plan.dice_thrown() as usize {
            return Err(format!(
                "{} faces for {plan}, which throws {}",
                faces.len(),
                plan.dice_thrown()
            ));
        }
        if let Some(bad) = faces.iter().find(|f| !(1..=6).contains(*f)) {
            return Err(format!("a d6 cannot show {bad}"));
        }
        Ok(Self { plan, faces })
    }

    /// What was rolled.
    pub fn plan(&self) -> PoolSize {
        self.plan
    }

    /// Every face, in throw order.
    pub fn faces(&self) -> &[u8] {
        &self.faces
    }

    /// The index of the die that counts when the lower of two is kept.
    fn kept_index(&self) -> Option<usize> {
        (self.plan == PoolSize::LowestOfTwo).then(|| usize::from(self.faces[1] < self.faces[0]))
    }

    /// The outcome, classified by RULES.md section 2.
    pub fn outcome(&self) -> D6Outcome {
        let counted = match self.kept_index() {
            Some(kept) => &self.faces[kept..=kept],
            None => &self.faces[..],
        };
        // `from_parts` and `roll` never leave a roll without dice.
        classify(counted).unwrap_or(D6Outcome::Failure)
    }

    /// Which dice decided the outcome, for highlighting.
    pub fn deciding(&self) -> Deciding {
        if let Some(kept) = self.kept_index() {
            return Deciding {
                dice: vec![kept],
                dropped: Some(1 - kept),
            };
        }
        let face = match self.outcome() {
            D6Outcome::Triumph => 6,
            D6Outcome::Catastrophe => 1,
            _ => self.faces.iter().copied().max().unwrap_or(0),
        };
        Deciding {
            dice: (0..self.faces.len())
                .filter(|&i| self.faces[i] == face)
                .collect(),
            dropped: None,
        }
    }
}
