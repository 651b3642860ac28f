//! The symbols a narrative die face can show, and sums of them.

use std::ops::{Add, AddAssign};

use crate::core::words::plural;

/// How many of each symbol a face, a roll or a set of added symbols shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Symbols {
    /// Successes.
    pub success: u32,
    /// Failures.
    pub failure: u32,
    /// Advantages.
    pub advantage: u32,
    /// Threats.
    pub threat: u32,
    /// Triumphs (each also a success).
    pub triumph: u32,
    /// Despairs (each also a failure).
    pub despair: u32,
    /// Light side pips.
    pub light: u32,
    /// Dark side pips.
    pub dark: u32,
}

/// One drawn symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Glyph {
    /// Success.
    Success,
    /// Advantage.
    Advantage,
    /// Triumph.
    Triumph,
    /// Failure.
    Failure,
    /// Threat.
    Threat,
    /// Despair.
    Despair,
    /// Light side pip.
    Light,
    /// Dark side pip.
    Dark,
}

impl Glyph {
    /// Lower-case name, for labels.
    pub fn name(self) -> &'static str {
        match self {
            Self::Success => "success",
            Self::Advantage => "advantage",
            Self::Triumph => "triumph",
            Self::Failure => "failure",
            Self::Threat => "threat",
            Self::Despair => "despair",
            Self::Light => "light pip",
            Self::Dark => "dark pip",
        }
    }
}

/// The symbols a talent or item may add to a roll on top of the dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AddedSymbol {
    /// Success.
    Success,
    /// Advantage.
    Advantage,
    /// Triumph.
    Triumph,
    /// Failure.
    Failure,
    /// Threat.
    Threat,
    /// Despair.
    Despair,
}

impl Symbols {
    /// No symbols at all.
    pub const NONE: Self = Self {
        success: 0,
        failure: 0,
        advantage: 0,
        threat: 0,
        triumph: 0,
        despair: 0,
        light: 0,
        dark: 0,
    };

    /// Whether nothing shows.
    pub fn is_empty(&self) -> bool {
        *self == Self::NONE
    }

    /// Net successes: a triumph counts as a success and a despair as a failure.
    pub fn net_success(&self) -> i32 {
        (self.success + self.triumph) as i32 - (self.failure + self.despair) as i32
    }

    /// Net advantage; negative means net threat.
    pub fn net_advantage(&self) -> i32 {
        self.advantage as i32 - self.threat as i32
    }

    /// Words for what a face or set shows: "blank", "success and advantage", "2 threats".
    pub fn describe(&self) -> String {
        let kinds = [
            (self.success, "success", "successes"),
            (self.advantage, "advantage", "advantages"),
            (self.triumph, "triumph", "triumphs"),
            (self.failure, "failure", "failures"),
            (self.threat, "threat", "threats"),
            (self.despair, "despair", "despairs"),
            (self.light, "light pip", "light pips"),
            (self.dark, "dark pip", "dark pips"),
        ];
        let parts: Vec<String> = kinds
            .iter()
            .filter(|(n, _, _)| *n > 0)
            .map(|&(n, one, many)| {
                if n == 1 {
                    one.to_string()
                } else {
                    plural(n, one, many)
                }
            })
            .collect();
        match parts.as_slice() {
            [] => "blank".into(),
            [only] => only.clone(),
            [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
        }
    }

    /// Each symbol shown once per count, in reading order, for drawing a face.
    pub fn glyphs(&self) -> Vec<Glyph> {
        // Success and failure first, as the check is read; then advantage and threat.
        let kinds = [
            (self.success, Glyph::Success),
            (self.failure, Glyph::Failure),
            (self.advantage, Glyph::Advantage),
            (self.threat, Glyph::Threat),
            (self.triumph, Glyph::Triumph),
            (self.despair, Glyph::Despair),
            (self.light, Glyph::Light),
            (self.dark, Glyph::Dark),
        ];
        kinds
            .into_iter()
            .flat_map(|(n, glyph)| std::iter::repeat_n(glyph, n as usize))
            .collect()
    }

    /// Like [`Symbols::glyphs`], with at most `cap` of each kind, for drawing large counts
    /// in little room; the words carry the full count.
    pub fn glyphs_capped(&self, cap: usize) -> Vec<Glyph> {
        let mut drawn = Vec::new();
        for glyph in self.glyphs() {
            if drawn.iter().filter(|&&g| g == glyph).count() < cap {
                drawn.push(glyph);
            }
        }
        drawn
    }

    /// How many of an addable symbol this holds.
    pub fn get(&self, symbol: AddedSymbol) -> u32 {
        *self.slot(symbol)
    }

    /// Sets how many of an addable symbol this holds.
    pub fn set(&mut self, symbol: AddedSymbol, count: u32) {
        *self.slot_mut(symbol) = count;
    }

    fn slot(&self, symbol: AddedSymbol) -> &u32 {
        match symbol {
            AddedSymbol::Success => &self.success,
            AddedSymbol::Advantage => &self.advantage,
            AddedSymbol::Triumph => &self.triumph,
            AddedSymbol::Failure => &self.failure,
            AddedSymbol::Threat => &self.threat,
            AddedSymbol::Despair => &self.despair,
        }
    }

    fn slot_mut(&mut self, symbol: AddedSymbol) -> &mut u32 {
        match symbol {
            AddedSymbol::Success => &mut self.success,
            AddedSymbol::Advantage => &mut self.advantage,
            AddedSymbol::Triumph => &mut self.triumph,
            AddedSymbol::Failure => &mut self.failure,
            AddedSymbol::Threat => &mut self.threat,
            AddedSymbol::Despair => &mut self.despair,
        }
    }
}

impl Add for Symbols {
    type Output = Self;
    fn add(self, other: Self) -> Self {
        Self {
            success: self.success + other.success,
            failure: self.failure + other.failure,
            advantage: self.advantage + other.advantage,
            threat: self.threat + other.threat,
            triumph: self.triumph + other.triumph,
            despair: self.despair + other.despair,
            light: self.light + other.light,
            dark: self.dark + other.dark,
        }
    }
}

impl AddAssign for Symbols {
    fn add_assign(&mut self, other: Self) {
        *self = *self + other;
    }
}

impl AddedSymbol {
    /// Every addable symbol, in notation order.
    pub const ALL: [Self; 6] = [
        Self::Success,
        Self::Advantage,
        Self::Triumph,
        Self::Failure,
        Self::Threat,
        Self::Despair,
    ];

    /// The letter used in pool notation (`+1s2a`).
    pub fn letter(self) -> char {
        match self {
            Self::Success => 's',
            Self::Advantage => 'a',
            Self::Triumph => 'x',
            Self::Failure => 'f',
            Self::Threat => 't',
            Self::Despair => 'd',
        }
    }

    /// The symbol for a notation letter.
    pub fn from_letter(letter: char) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.letter() == letter)
    }

    /// Lower-case singular name, for labels and messages.
    pub fn name(self) -> &'static str {
        self.glyph().name()
    }

    /// Whether the symbol helps the roller.
    pub fn is_positive(self) -> bool {
        matches!(self, Self::Success | Self::Advantage | Self::Triumph)
    }

    /// How the symbol is drawn.
    pub fn glyph(self) -> Glyph {
        match self {
            Self::Success => Glyph::Success,
            Self::Advantage => Glyph::Advantage,
            Self::Triumph => Glyph::Triumph,
            Self::Failure => Glyph::Failure,
            Self::Threat => Glyph::Threat,
            Self::Despair => Glyph::Despair,
        }
    }
}
