//! The five outcomes, how a roll is classified, and who takes harm in a conflict.

use crate::core::tone::Tone;

/// The outcome of a roll, best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum D6Outcome {
    /// Two or more sixes.
    Triumph,
    /// Highest die a six.
    Success,
    /// Highest die a four or a five.
    CostlySuccess,
    /// Highest die three or lower.
    Failure,
    /// Highest die three or lower, with two or more ones.
    Catastrophe,
}

/// How bad a harm is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HarmKind {
    /// A light harm.
    Scratch,
    /// A real harm.
    Wound,
    /// A wound that leaves a named condition too.
    WoundWithCondition,
}

/// Who takes what in a conflict: RULES.md section 2's harm table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ConflictHarm {
    /// What the opponent takes, if anything.
    pub opponent: Option<HarmKind>,
    /// What the roller's character takes, if anything.
    pub character: Option<HarmKind>,
}

/// Classifies the dice in RULES.md's order; `None` for no dice.
pub fn classify(faces: &[u8]) -> Option<D6Outcome> {
    let highest = *faces.iter().max()?;
    let count = |face: u8| faces.iter().filter(|&&f| f == face).count();
    Some(match highest {
        6 if count(6) >= 2 => D6Outcome::Triumph,
        6 => D6Outcome::Success,
        4 | 5 => D6Outcome::CostlySuccess,
        _ if count(1) >= 2 => D6Outcome::Catastrophe,
        _ => D6Outcome::Failure,
    })
}

impl D6Outcome {
    /// Best first.
    pub const ALL: [Self; 5] = [
        Self::Triumph,
        Self::Success,
        Self::CostlySuccess,
        Self::Failure,
        Self::Catastrophe,
    ];

    /// The name on screen: "Costly success".
    pub fn title(self) -> &'static str {
        match self {
            Self::Triumph => "Triumph",
            Self::Success => "Success",
            Self::CostlySuccess => "Costly success",
            Self::Failure => "Failure",
            Self::Catastrophe => "Catastrophe",
        }
    }

    /// The name in data and on the command line: "costly_success".
    pub fn key(self) -> &'static str {
        match self {
            Self::Triumph => "triumph",
            Self::Success => "success",
            Self::CostlySuccess => "costly_success",
            Self::Failure => "failure",
            Self::Catastrophe => "catastrophe",
        }
    }

    /// What it means at the table, in one line.
    pub fn meaning(self) -> &'static str {
        match self {
            Self::Triumph => {
                "Better than hoped: the story turns your way, and a new facet comes of it."
            }
            Self::Success => "You get what you set out to do.",
            Self::CostlySuccess => "You get it, but at a price the GM names.",
            Self::Failure => "It does not work, and things get worse.",
            Self::Catastrophe => "It goes badly wrong, and a new facet works against you.",
        }
    }

    /// Good for triumph and success, neutral for a costly success, bad otherwise.
    pub fn tone(self) -> Tone {
        match self {
            Self::Triumph | Self::Success => Tone::Good,
            Self::CostlySuccess => Tone::Neutral,
            Self::Failure | Self::Catastrophe => Tone::Bad,
        }
    }

    /// Triumph and catastrophe create a facet.
    pub fn creates_facet(self) -> bool {
        matches!(self, Self::Triumph | Self::Catastrophe)
    }

    /// Whether a facet made from this outcome helps (triumph) or hinders (catastrophe).
    pub fn facet_helps(self) -> bool {
        self == Self::Triumph
    }

    /// Who takes what harm when this outcome ends a conflict exchange.
    pub fn harm(self) -> ConflictHarm {
        use HarmKind::*;
        let (opponent, character) = match self {
            Self::Triumph => (Some(WoundWithCondition), None),
            Self::Success => (Some(Wound), None),
            Self::CostlySuccess => (Some(Scratch), Some(Scratch)),
            Self::Failure => (None, Some(Wound)),
            Self::Catastrophe => (None, Some(WoundWithCondition)),
        };
        ConflictHarm {
            opponent,
            character,
        }
    }
}

impl HarmKind {
    /// "a scratch", "a wound", "a wound with a condition".
    pub fn describe(self) -> &'static str {
        match self {
            Self::Scratch => "a scratch",
            Self::Wound => "a wound",
            Self::WoundWithCondition => "a wound with a condition",
        }
    }
}

impl ConflictHarm {
    /// One sentence: "The opponent takes a wound; you take no harm."
    pub fn describe(&self) -> String {
        let (opponent, character) = self.parts("no harm");
        format!("The opponent takes {opponent}; you take {character}.")
    }

    /// In short, for history: "harm: opponent a wound, you none".
    pub fn short(&self) -> String {
        let (opponent, character) = self.parts("none");
        format!("harm: opponent {opponent}, you {character}")
    }

    fn parts(&self, none: &'static str) -> (&'static str, &'static str) {
        (
            self.opponent.map_or(none, HarmKind::describe),
            self.character.map_or(none, HarmKind::describe),
        )
    }
}
