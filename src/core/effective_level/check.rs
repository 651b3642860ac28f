//! One Effective Level roll: the roller's EL and dice, an optional wager, and the other
//! side's resistance or opposition. How a roll resolves and its exact odds (RULES.md
//! section 3).

use rand::Rng;

use super::dice::{ElDice, ElDie};
use crate::core::count::Count;
use crate::core::distribution::{Chance, Distribution};
use crate::core::tone::Tone;

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

impl Against {
    /// The subject of a headline about this side, with its verb: see [`subject`].
    fn says(&self, verb: &str, plural: &str) -> String {
        subject(self.name.as_deref(), self.kind, verb, plural)
    }
}

/// The subject of a headline with its verb, from `verb` (the form after "it": "holds") and
/// `plural` (after "they": "hold"). A name is said as the player typed it, its first letter
/// capitalised as a sentence starts with it (ASCII letters only, to keep Unicode case tables
/// out of the app), and takes the verb as "it" does; without a name, a resisting side is
/// "It" and an opposing one "They".
fn subject(name: Option<&str>, kind: Pushback, verb: &str, plural: &str) -> String {
    let mut chars = name.unwrap_or_default().chars();
    match (chars.next(), kind) {
        (Some(first), _) => format!("{}{} {verb}", first.to_ascii_uppercase(), chars.as_str()),
        (None, Pushback::Resistance) => format!("It {verb}"),
        (None, Pushback::Opposition) => format!("They {plural}"),
    }
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

/// How a roll came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ElOutcome {
    /// The roller's total.
    pub total: u32,
    /// The total if it succeeded (1 to the EL rolled), else 0.
    pub value: u32,
    /// The other side's total, if it rolled.
    pub their_total: Option<u32>,
    /// The other side's value, 0 when it failed or did not roll.
    pub their_value: u32,
    /// The roller's effect, wagered points included when they apply.
    pub effect: u32,
    /// The other side's effect (opposition only).
    pub their_effect: u32,
    /// Whether wagered points were added (false when there was no wager).
    pub wager_applied: bool,
}

/// The exact odds of a roll.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ElOdds {
    /// The roller's own roll succeeds: 1 ≤ total ≤ EL − wager.
    pub success: Chance,
    /// The roller's total goes over the EL rolled (and so fails).
    pub over: Chance,
    /// The roller's effect after opposition and wager.
    pub effect: Distribution,
    /// The other side's effect against the roller (opposition only).
    pub their_effect: Option<Distribution>,
}

impl ElOdds {
    /// The expected effect that best dice are chosen by: the roller's, minus the other
    /// side's under an opposition (RULES.md section 3).
    pub fn net_effect_mean(&self) -> f64 {
        self.effect.mean() - self.their_effect.as_ref().map_or(0.0, Distribution::mean)
    }
}

/// A value: the total if it lands in 1 to `el`, else 0.
pub fn value_of(total: u32, el: u32) -> u32 {
    if (1..=el).contains(&total) { total } else { 0 }
}

impl Side {
    /// The distribution of this side's value at `el` (its own EL unless wagering).
    pub fn values(&self, el: u32) -> Distribution {
        let totals = self.dice.totals(el);
        let mut weights = vec![Count::zero(); el as usize + 1];
        for (total, ways) in totals.iter() {
            weights[value_of(total.max(0) as u32, el) as usize].add(ways);
        }
        Distribution::from_weights(0, weights)
    }
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

    /// Resolves totals as RULES.md says: over the EL rolled or 0 fails and counts as 0; the
    /// effect is the difference, ties to the defender; resistance never gives its side
    /// effect; wagered points count only if the roll succeeds and leaves effect.
    pub fn resolve(&self, total: u32, their_total: Option<u32>) -> ElOutcome {
        let value = value_of(total, self.rolled_el());
        let their_value = match (&self.against, their_total) {
            (Some(against), Some(t)) => value_of(t, against.side.el),
            _ => 0,
        };
        let beat = value.saturating_sub(their_value);
        let wager_applied = self.wager > 0 && value >= 1 && beat > 0;
        let their_effect = match &self.against {
            Some(Against {
                kind: Pushback::Opposition,
                ..
            }) => their_value.saturating_sub(value),
            _ => 0,
        };
        ElOutcome {
            total,
            value,
            their_total: their_total.filter(|_| self.against.is_some()),
            their_value,
            effect: beat + if wager_applied { self.wager } else { 0 },
            their_effect,
            wager_applied,
        }
    }

    /// Exact odds, by pairing every value of the roller with every value of the other side.
    pub fn odds(&self) -> ElOdds {
        let el = self.rolled_el();
        let totals = self.me.dice.totals(el);
        let mine = self.me.values(el);
        let theirs = match &self.against {
            Some(against) => against.side.values(against.side.el),
            None => Distribution::always(0),
        };
        let top = (mine.max().max(0) + self.wager as i32) as usize;
        let mut effect = vec![Count::zero(); top + 1];
        let mut their_effect = vec![Count::zero(); theirs.max().max(0) as usize + 1];
        for (v, my_ways) in mine.iter() {
            for (r, their_ways) in theirs.iter() {
                if my_ways.is_zero() || their_ways.is_zero() {
                    continue;
                }
                let outcome = self.resolve_values(v as u32, r as u32);
                effect[outcome.0 as usize].add_product(my_ways, their_ways);
                their_effect[outcome.1 as usize].add_product(my_ways, their_ways);
            }
        }
        let opposed = matches!(
            self.against,
            Some(Against {
                kind: Pushback::Opposition,
                ..
            })
        );
        ElOdds {
            success: totals.chance(|t| t >= 1 && t <= el as i32),
            over: totals.chance(|t| t > el as i32),
            effect: Distribution::from_weights(0, effect),
            their_effect: opposed.then(|| Distribution::from_weights(0, their_effect)),
        }
    }

    /// The roller's and the other side's effect for two values.
    pub(super) fn resolve_values(&self, value: u32, their_value: u32) -> (u32, u32) {
        let beat = value.saturating_sub(their_value);
        let wager = if self.wager > 0 && value >= 1 && beat > 0 {
            self.wager
        } else {
            0
        };
        let theirs = match &self.against {
            Some(Against {
                kind: Pushback::Opposition,
                ..
            }) => their_value.saturating_sub(value),
            _ => 0,
        };
        (beat + wager, theirs)
    }

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

impl ElRoll {
    /// What happened, said as who gets effect (RULES.md section 3), never whether the
    /// roller's own roll succeeded: unopposed "Effect 4" or "No effect"; against another
    /// side "You win: effect 4", "It holds: no effect" (a tie, a better roll by it, or no
    /// success), or under an opposition "They win: 3 against you".
    pub fn headline(&self) -> String {
        let outcome = self.outcome();
        match &self.check.against {
            None if outcome.effect > 0 => format!("Effect {}", outcome.effect),
            None => "No effect".into(),
            Some(_) if outcome.effect > 0 => format!("You win: effect {}", outcome.effect),
            Some(against) if outcome.their_effect > 0 => format!(
                "{}: {} against you",
                against.says("wins", "win"),
                outcome.their_effect
            ),
            Some(against) => format!("{}: no effect", against.says("holds", "hold")),
        }
    }

    /// Good with effect, bad on a failure or when the other side gets effect, neutral when a
    /// success is held off.
    pub fn tone(&self) -> Tone {
        let outcome = self.outcome();
        if outcome.effect > 0 {
            Tone::Good
        } else if outcome.value == 0 || outcome.their_effect > 0 {
            Tone::Bad
        } else {
            Tone::Neutral
        }
    }

    /// A roll made against the player by `its_name` (an obstacle or a condition of the
    /// scene, rolling as this check's roller, the player resisting): "Fire wins: 3 against
    /// you", "You hold: no effect" (its roll succeeded and was held off), or "Fire fails:
    /// no effect".
    pub fn headline_against_you(&self, its_name: &str) -> String {
        let outcome = self.outcome();
        let it = |verb| subject(Some(its_name), Pushback::Resistance, verb, verb);
        if outcome.effect > 0 {
            format!("{}: {} against you", it("wins"), outcome.effect)
        } else if outcome.value >= 1 {
            "You hold: no effect".into()
        } else {
            format!("{}: no effect", it("fails"))
        }
    }

    /// How a roll against the player reads for the player: bad when it gets effect, good
    /// when it fails, neutral when the player holds it off.
    pub fn tone_against_you(&self) -> Tone {
        let outcome = self.outcome();
        if outcome.effect > 0 {
            Tone::Bad
        } else if outcome.value >= 1 {
            Tone::Neutral
        } else {
            Tone::Good
        }
    }

    /// The result in short parts: "rolled 5 (EL 7)", "resistance 4" (or "the goblin rolled
    /// 4"), "+3 wagered, applied" or "3 wagered, lost", the sum when there is one
    /// ("5 − 4 + 3 = effect 4"), "dedicated to Injury: elbow".
    pub fn details(&self) -> Vec<String> {
        self.parts(true)
    }

    /// The details without the sum, for a roll whose meaning other words than its own
    /// headline say (a roll against the player, a defence): the sum, said as the roller's
    /// effect, would contradict them.
    pub fn facts(&self) -> Vec<String> {
        self.parts(false)
    }

    fn parts(&self, with_sum: bool) -> Vec<String> {
        let outcome = self.outcome();
        let check = &self.check;
        let el = check.rolled_el();
        let mut parts = vec![if outcome.value >= 1 {
            format!("rolled {} (EL {el})", outcome.total)
        } else if outcome.total > el {
            format!("rolled {}, over EL {el}", outcome.total)
        } else {
            "rolled 0".to_string()
        }];
        if let (Some(against), Some(total)) = (&check.against, outcome.their_total) {
            let who = match (&against.name, against.kind) {
                (Some(name), _) => format!("{name} rolled"),
                (None, Pushback::Resistance) => "resistance".into(),
                (None, Pushback::Opposition) => "opposition".into(),
            };
            parts.push(if outcome.their_value >= 1 {
                format!("{who} {total}")
            } else {
                format!("{who} {total}, counts 0")
            });
        }
        let wagered = check.wager;
        if wagered > 0 {
            parts.push(if outcome.wager_applied {
                format!("+{wagered} wagered, applied")
            } else {
                format!("{wagered} wagered, lost")
            });
        }
        if with_sum {
            parts.extend(sum(&outcome, check.wager));
        }
        if let Some(dedicated) = check.dedicated.as_ref().filter(|_| outcome.wager_applied) {
            let what = [dedicated.kind.as_str(), dedicated.name.as_str()]
                .into_iter()
                .filter(|s| !s.is_empty())
                .collect::<Vec<_>>()
                .join(": ");
            if !what.is_empty() {
                parts.push(format!("dedicated to {what}"));
            }
        }
        parts
    }
}

/// How the effect was reached, when more than the roll went into it: "5 − 4 + 3 = effect 4"
/// (the other side's value taken off, the wager added), or "6 − 3 = 3 against you". `None`
/// when the effect is the roll alone, or nobody gets any.
fn sum(outcome: &ElOutcome, wager: u32) -> Option<String> {
    let ElOutcome {
        value,
        their_value,
        effect,
        their_effect,
        ..
    } = *outcome;
    let wagered = if outcome.wager_applied { wager } else { 0 };
    // Each term as text, or nothing when it is 0: one format for every case.
    let term = |sign: &str, n: u32| {
        if n > 0 {
            format!(" {sign} {n}")
        } else {
            String::new()
        }
    };
    if effect > 0 && (their_value > 0 || wagered > 0) {
        Some(format!(
            "{value}{}{} = effect {effect}",
            term("−", their_value),
            term("+", wagered)
        ))
    } else if their_effect > 0 && value > 0 {
        Some(format!(
            "{their_value} − {value} = {their_effect} against you"
        ))
    } else {
        None
    }
}
