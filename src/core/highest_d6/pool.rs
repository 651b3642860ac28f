//! What is rolled: base dice plus one per helping facet, minus one per hindering facet, and
//! what happens when that leaves no dice.

use std::fmt;

use crate::core::character::MAX_HARM;
use crate::core::facet::{MAX_FACETS, MAX_NAME_CHARS};
use crate::core::words::noun;

/// The fewest base dice the tray offers.
pub const MIN_BASE_DICE: u32 = 1;
/// The most base dice the tray offers.
pub const MAX_BASE_DICE: u32 = 10;
/// The most dice a pool can count: every base die and every facet of a character and of the
/// scene helping.
pub const MAX_POOL_DICE: u32 = MAX_BASE_DICE + 2 * MAX_FACETS as u32;
/// The longest [`D6Pool::sum_line`]: the most base dice, then every facet of a character and
/// of the scene and every condition of the character (each harm mark) under the longest
/// name, then the total; history reads no longer line. (" + " and " − " are both three
/// characters.)
pub const MAX_SUM_LINE_CHARS: usize = digits(MAX_BASE_DICE)
    + " base".len()
    + (2 * MAX_FACETS + MAX_HARM) * (" + ".len() + MAX_NAME_CHARS)
    + " = −".len()
    + digits(MAX_POOL_DICE)
    + " dice".len();

/// How many digits `n` is written with.
const fn digits(n: u32) -> usize {
    match n.checked_ilog10() {
        Some(log) => log as usize + 1,
        None => 1,
    }
}

/// What to roll when facets leave zero or fewer dice; RULES.md section 2 leaves it to us.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ZeroDiceRule {
    /// Roll one die (the default).
    #[default]
    OneDie,
    /// Roll two dice and keep the lower: no triumph is possible.
    LowestOfTwo,
}

/// The pool before a roll: base dice and the names of the facets that apply.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct D6Pool {
    /// Base dice, from `MIN_BASE_DICE` to `MAX_BASE_DICE`.
    pub base: u32,
    /// Facets that add a die each.
    pub helping: Vec<String>,
    /// Facets that take a die away each.
    pub hindering: Vec<String>,
}

/// What is actually rolled for a pool under a zero-dice rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PoolSize {
    /// This many dice (at least one); the highest decides.
    Dice(u32),
    /// No dice left: one die is rolled.
    OneForNone,
    /// No dice left: two dice are rolled and the lower one is kept.
    LowestOfTwo,
}

impl ZeroDiceRule {
    /// Both rules, the default first.
    pub const ALL: [Self; 2] = [Self::OneDie, Self::LowestOfTwo];

    /// The setting's label.
    pub fn title(self) -> &'static str {
        match self {
            Self::OneDie => "Roll one die",
            Self::LowestOfTwo => "Roll two, keep the lowest",
        }
    }

    /// The name as stored.
    pub fn key(self) -> &'static str {
        match self {
            Self::OneDie => "one-die",
            Self::LowestOfTwo => "lowest-of-two",
        }
    }

    /// The rule named by `key`.
    pub fn from_key(key: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|r| r.key() == key)
    }
}

impl D6Pool {
    /// A pool of `base` dice with no facets.
    pub fn of(base: u32) -> Self {
        Self {
            base,
            ..Self::default()
        }
    }

    /// Base dice plus helping minus hindering facets; zero or below means no dice.
    pub fn size(&self) -> i64 {
        i64::from(self.base) + self.helping.len() as i64 - self.hindering.len() as i64
    }

    /// What is rolled under `rule`.
    pub fn plan(&self, rule: ZeroDiceRule) -> PoolSize {
        PoolSize::for_size(self.size(), rule)
    }

    /// The sum shown before rolling: "3 base + Arcane Resonance − Slippery Ground = 3 dice".
    pub fn sum_line(&self) -> String {
        let mut line = format!("{} base", self.base);
        for name in &self.helping {
            line.push_str(&format!(" + {name}"));
        }
        for name in &self.hindering {
            line.push_str(&format!(" − {name}"));
        }
        let size = self.size();
        let dice = noun(size, "die", "dice");
        let shown = if size < 0 {
            format!("−{}", size.unsigned_abs())
        } else {
            size.to_string()
        };
        line.push_str(&format!(" = {shown} {dice}"));
        line
    }
}

impl PoolSize {
    /// What a pool of `size` dice (zero or below: none left) rolls under `rule`.
    pub fn for_size(size: i64, rule: ZeroDiceRule) -> Self {
        match (u32::try_from(size), rule) {
            (Ok(n), _) if n > 0 => Self::Dice(n),
            (_, ZeroDiceRule::OneDie) => Self::OneForNone,
            (_, ZeroDiceRule::LowestOfTwo) => Self::LowestOfTwo,
        }
    }

    /// How many dice are thrown.
    pub fn dice_thrown(self) -> u32 {
        match self {
            Self::Dice(n) => n,
            Self::OneForNone => 1,
            Self::LowestOfTwo => 2,
        }
    }

    /// Which rule applies, said plainly; `None` for an ordinary pool.
    pub fn rule_note(self) -> Option<&'static str> {
        match self {
            Self::Dice(_) => None,
            Self::OneForNone => Some("No dice left, so one die is rolled (the default rule)."),
            Self::LowestOfTwo => Some(
                "No dice left, so two dice are rolled and the lower one counts: \
                 no triumph or catastrophe is possible.",
            ),
        }
    }
}

impl fmt::Display for PoolSize {
    /// "4d6", "1d6 (no dice left)", "2d6 keep lowest".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Dice(n) => write!(f, "{n}d6"),
            Self::OneForNone => f.write_str("1d6 (no dice left)"),
            Self::LowestOfTwo => f.write_str("2d6 keep lowest"),
        }
    }
}
