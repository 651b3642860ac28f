//! The seven narrative dice and their faces (RULES.md section 1).

use super::symbols::Symbols;

/// One of the seven narrative dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NarrativeDie {
    /// Green d8.
    Ability,
    /// Yellow d12, with triumph.
    Proficiency,
    /// Purple d8.
    Difficulty,
    /// Red d12, with despair.
    Challenge,
    /// Blue d6.
    Boost,
    /// Black d6.
    Setback,
    /// White d12 of light and dark pips.
    Force,
}

/// Which way a die pushes a check; the tray groups dice by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Ability, proficiency, boost.
    Positive,
    /// Difficulty, challenge, setback.
    Negative,
    /// Force.
    Neutral,
}

const fn face(success: u32, advantage: u32, failure: u32, threat: u32) -> Symbols {
    Symbols {
        success,
        advantage,
        failure,
        threat,
        ..Symbols::NONE
    }
}

const BLANK: Symbols = Symbols::NONE;
const S: Symbols = face(1, 0, 0, 0);
const SS: Symbols = face(2, 0, 0, 0);
const A: Symbols = face(0, 1, 0, 0);
const AA: Symbols = face(0, 2, 0, 0);
const SA: Symbols = face(1, 1, 0, 0);
const F: Symbols = face(0, 0, 1, 0);
const FF: Symbols = face(0, 0, 2, 0);
const T: Symbols = face(0, 0, 0, 1);
const TT: Symbols = face(0, 0, 0, 2);
const FT: Symbols = face(0, 0, 1, 1);
const TRIUMPH: Symbols = Symbols {
    triumph: 1,
    ..Symbols::NONE
};
const DESPAIR: Symbols = Symbols {
    despair: 1,
    ..Symbols::NONE
};
const DARK: Symbols = Symbols {
    dark: 1,
    ..Symbols::NONE
};
const DARK_DARK: Symbols = Symbols {
    dark: 2,
    ..Symbols::NONE
};
const LIGHT: Symbols = Symbols {
    light: 1,
    ..Symbols::NONE
};
const LIGHT_LIGHT: Symbols = Symbols {
    light: 2,
    ..Symbols::NONE
};

const BOOST: [Symbols; 6] = [BLANK, BLANK, S, SA, AA, A];
const SETBACK: [Symbols; 6] = [BLANK, BLANK, F, F, T, T];
const ABILITY: [Symbols; 8] = [BLANK, S, S, SS, A, A, SA, AA];
const DIFFICULTY: [Symbols; 8] = [BLANK, F, FF, T, T, T, TT, FT];
const PROFICIENCY: [Symbols; 12] = [BLANK, S, S, SS, SS, A, SA, SA, SA, AA, AA, TRIUMPH];
const CHALLENGE: [Symbols; 12] = [BLANK, F, F, FF, FF, T, T, FT, FT, TT, TT, DESPAIR];
const FORCE: [Symbols; 12] = [
    DARK,
    DARK,
    DARK,
    DARK,
    DARK,
    DARK,
    DARK_DARK,
    LIGHT,
    LIGHT,
    LIGHT_LIGHT,
    LIGHT_LIGHT,
    LIGHT_LIGHT,
];

impl NarrativeDie {
    /// Notation order, as RULES.md writes a pool: `2g1y2p1r1b1k1w`.
    pub const ALL: [Self; 7] = [
        Self::Ability,
        Self::Proficiency,
        Self::Difficulty,
        Self::Challenge,
        Self::Boost,
        Self::Setback,
        Self::Force,
    ];

    /// Reading order on the table: positive dice, strongest first, then negative, then force.
    pub const TRAY_ORDER: [Self; 7] = [
        Self::Proficiency,
        Self::Ability,
        Self::Boost,
        Self::Challenge,
        Self::Difficulty,
        Self::Setback,
        Self::Force,
    ];

    /// The faces in RULES.md's order.
    pub fn faces(self) -> &'static [Symbols] {
        match self {
            Self::Boost => &BOOST,
            Self::Setback => &SETBACK,
            Self::Ability => &ABILITY,
            Self::Difficulty => &DIFFICULTY,
            Self::Proficiency => &PROFICIENCY,
            Self::Challenge => &CHALLENGE,
            Self::Force => &FORCE,
        }
    }

    /// How many faces the die has.
    pub fn sides(self) -> u32 {
        self.faces().len() as u32
    }

    /// The face at `index`, if the die has one.
    pub fn face(self, index: u32) -> Option<Symbols> {
        self.faces().get(index as usize).copied()
    }

    /// The colour letter used in pool notation.
    pub fn letter(self) -> char {
        match self {
            Self::Ability => 'g',
            Self::Proficiency => 'y',
            Self::Difficulty => 'p',
            Self::Challenge => 'r',
            Self::Boost => 'b',
            Self::Setback => 'k',
            Self::Force => 'w',
        }
    }

    /// The die for a notation letter.
    pub fn from_letter(letter: char) -> Option<Self> {
        Self::ALL.into_iter().find(|d| d.letter() == letter)
    }

    /// Lower-case name, for labels ("Add ability die") and messages.
    pub fn name(self) -> &'static str {
        match self {
            Self::Ability => "ability",
            Self::Proficiency => "proficiency",
            Self::Difficulty => "difficulty",
            Self::Challenge => "challenge",
            Self::Boost => "boost",
            Self::Setback => "setback",
            Self::Force => "force",
        }
    }

    /// Capitalised name, for the tray.
    pub fn title(self) -> &'static str {
        match self {
            Self::Ability => "Ability",
            Self::Proficiency => "Proficiency",
            Self::Difficulty => "Difficulty",
            Self::Challenge => "Challenge",
            Self::Boost => "Boost",
            Self::Setback => "Setback",
            Self::Force => "Force",
        }
    }

    /// Which way the die pushes a check.
    pub fn side(self) -> Side {
        match self {
            Self::Ability | Self::Proficiency | Self::Boost => Side::Positive,
            Self::Difficulty | Self::Challenge | Self::Setback => Side::Negative,
            Self::Force => Side::Neutral,
        }
    }

    /// Position in `ALL`, for per-die arrays.
    pub fn index(self) -> usize {
        self as usize
    }
}
