//! How an outcome reads for the roller: good, bad or neither. Screens colour by it, and
//! always say it in words too.

/// How an outcome reads for the roller.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tone {
    /// In the roller's favour.
    Good,
    /// Against the roller.
    Bad,
    /// Neither, or both: force pips, a tie, a merged range.
    Neutral,
}

impl Tone {
    /// The lower-case name, used as a style class: "good", "bad", "neutral".
    pub fn name(self) -> &'static str {
        match self {
            Self::Good => "good",
            Self::Bad => "bad",
            Self::Neutral => "neutral",
        }
    }

    /// The tone `name` names; neutral for any other text.
    pub fn from_name(name: &str) -> Self {
        match name {
            "good" => Self::Good,
            "bad" => Self::Bad,
            _ => Self::Neutral,
        }
    }

    /// Good when `good`, else bad.
    pub fn of(good: bool) -> Self {
        if good { Self::Good } else { Self::Bad }
    }

    /// Good above zero, bad below, neutral at zero: for net counts like advantage.
    pub fn of_sign(value: i32) -> Self {
        match value.signum() {
            1 => Self::Good,
            -1 => Self::Bad,
            _ => Self::Neutral,
        }
    }

    /// Always neutral: for values that are neither good nor bad.
    pub fn neutral(_: i32) -> Self {
        Self::Neutral
    }
}
