//! The four kinds of challenge, each with facet titles and cost ideas to suggest.

/// What a challenge tests; it picks the facets and costs the tray suggests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ChallengeKind {
    /// Bodies, objects and places.
    #[default]
    Physical,
    /// Wits, memory and insight.
    Mental,
    /// People and how they see the character.
    Social,
    /// Magic and the unseen.
    Mystical,
}

impl ChallengeKind {
    /// Every kind, in the order the tray lists them.
    pub const ALL: [Self; 4] = [Self::Physical, Self::Mental, Self::Social, Self::Mystical];

    /// Capitalised name, for the tray.
    pub fn title(self) -> &'static str {
        match self {
            Self::Physical => "Physical",
            Self::Mental => "Mental",
            Self::Social => "Social",
            Self::Mystical => "Mystical",
        }
    }

    /// Lower-case name, as stored and shared.
    pub fn key(self) -> &'static str {
        match self {
            Self::Physical => "physical",
            Self::Mental => "mental",
            Self::Social => "social",
            Self::Mystical => "mystical",
        }
    }

    /// The kind named by `key`.
    pub fn from_key(key: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.key() == key)
    }

    /// Facet titles the rules text gives for this kind, offered after a triumph or a
    /// catastrophe (titles only, used as labels).
    pub fn facet_suggestions(self) -> [&'static str; 5] {
        match self {
            Self::Physical => [
                "Exhausted Limbs",
                "Slippery Ground",
                "Broken Weapon",
                "Obstructing Debris",
                "Bitter Cold",
            ],
            Self::Mental => [
                "Overwhelming Thoughts",
                "Cryptic Message",
                "Sudden Realization",
                "Lingering Suspicion",
                "Blurred Memory",
            ],
            Self::Social => [
                "Murmurs of Doubt",
                "Unwanted Attention",
                "Reputation Tarnished",
                "Tense Atmosphere",
                "Lingering Insult",
            ],
            Self::Mystical => [
                "Arcane Resonance",
                "Disturbance in the Veil",
                "Disruptive Aura",
                "Mystical Backlash",
                "Cryptic Visions",
            ],
        }
    }

    /// Ideas for the cost of a costly success, in our own words after the rules text's
    /// examples for this kind.
    pub fn cost_suggestions(self) -> [&'static str; 4] {
        match self {
            Self::Physical => [
                "Knocked off their feet",
                "Loses hold of something",
                "Too much noise",
                "Nearby foes take notice",
            ],
            Self::Mental => [
                "Visibly rattled",
                "A clue slips away",
                "Lets a secret slip",
                "Gets a detail wrong",
            ],
            Self::Social => [
                "An unintended slight",
                "Comes across as hesitant",
                "Sounds unsure",
                "Something is misunderstood",
            ],
            Self::Mystical => [
                "Reveals a hint of their magic",
                "Betrays a hidden aim",
                "Misjudges the danger",
                "Misreads a key detail",
            ],
        }
    }
}
