//! One Effective Level roll before it is made: the roller's EL and dice, an optional wager,
//! and the other side's resistance or opposition, and why a roll cannot be made (RULES.md
//! section 3).

use super::dice::ElDice;

/// The highest EL the tray works with.
pub const MAX_EL: u32 = 100;

/// Why a roll at an EL below 1 is not made, in short, for a headline (RULES.md section 3).
pub const IMPOSSIBLE: &str = "Impossible (EL below 1)";
/// The same, explained for the screen.
pub const IMPOSSIBLE_EXPLAINED: &str = "An EL below 1 makes the task impossible for now, so there is no roll: find a boost or \
     another way.";

/// How the other side pushes back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pushback {
    /// It only resists: if it rolls higher, the roller gets nothing, and it gets nothing.
    Resistance,
    /// It is a contest: whoever rolls higher gets the difference as effect.
    Opposition,
}

/// One side of a roll: its EL and its dice.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Side {
    /// The Effective Level.
    pub el: u32,
    /// The dice rolled.
    pub dice: ElDice,
}

/// The other side.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Against {
    /// Its EL and dice.
    pub side: Side,
    /// Resistance or opposition.
    pub kind: Pushback,
    /// What the player calls it ("the goblin"), kept as [`side_name`] leaves it; without
    /// one, headlines call it "It" (resistance) or "They" (opposition).
    pub name: Option<String>,
}

/// The other side's name as typed, as the tray keeps it: its words (split at spaces and
/// `+`, as the notation splits them) joined by single spaces, so it reads back from the
/// notation unchanged; at most `MAX_NAME_CHARS`. No words is no name.
pub fn side_name(typed: &str) -> Result<Option<String>, String> {
    let words: Vec<&str> = typed
        .split(|c: char| c.is_whitespace() || c == '+')
        .filter(|w| !w.is_empty())
        .collect();
    if words.is_empty() {
        return Ok(None);
    }
    crate::core::facet::clean_name(&words.join(" "), "side").map(Some)
}

/// What wagered points are dedicated to: a kind ("Injury") and the player's name for it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Dedicated {
    /// "Injury", "Hindrance", "Complication", or the player's own.
    pub kind: String,
    /// What it is in the story: "broken elbow".
    pub name: String,
}

/// A roll before it is made.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ElCheck {
    /// The roller.
    pub me: Side,
    /// Points wagered; the roll is made at EL − wager.
    pub wager: u32,
    /// What the wagered points are for, if named.
    pub dedicated: Option<Dedicated>,
    /// The other side, if any.
    pub against: Option<Against>,
}

impl ElCheck {
    /// A plain roll at `el` with the Simple Pool, against nothing.
    pub fn simple(el: u32) -> Self {
        Self {
            me: Side {
                el,
                dice: ElDice::Simple,
            },
            wager: 0,
            dedicated: None,
            against: None,
        }
    }

    /// The EL the roller actually rolls at: EL − wager.
    pub fn rolled_el(&self) -> u32 {
        self.me.el.saturating_sub(self.wager)
    }

    /// Why this roll cannot be made, if it cannot: EL below 1 is impossible ([`IMPOSSIBLE`],
    /// explained by [`IMPOSSIBLE_EXPLAINED`]); a wager must leave at least 1 and may not
    /// pass `rank`, the relevant role's rank, when known.
    pub fn refusal(&self, rank: Option<u32>) -> Option<String> {
        let el = self.me.el;
        if el < 1 {
            return Some(IMPOSSIBLE.into());
        }
        if el > MAX_EL {
            return Some(format!("The tray works with EL up to {MAX_EL}."));
        }
        if self.wager >= el {
            return Some(format!(
                "A wager must leave at least 1 to roll: at EL {el}, wager at most {}.",
                el - 1
            ));
        }
        if let Some(rank) = rank.filter(|&r| self.wager > r) {
            return Some(if rank == 0 {
                "A wager is made in a role and may not pass its rank: tick the role, or give \
                 your rank with a quick EL."
                    .to_string()
            } else {
                format!(
                    "A wager may not pass the role's rank ({rank}), so {} is too many.",
                    self.wager
                )
            });
        }
        if let Some(against) = &self.against
            && (against.side.el < 1 || against.side.el > MAX_EL)
        {
            return Some(format!("The other side's EL must be 1 to {MAX_EL}."));
        }
        None
    }

    /// [`ElCheck::refusal`] in full sentences, for a message on screen: the short
    /// [`IMPOSSIBLE`] becomes [`IMPOSSIBLE_EXPLAINED`].
    pub fn refusal_explained(&self, rank: Option<u32>) -> Option<String> {
        let reason = self.refusal(rank)?;
        Some(if reason == IMPOSSIBLE {
            IMPOSSIBLE_EXPLAINED.into()
        } else {
            reason
        })
    }
}
